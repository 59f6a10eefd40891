import { html } from 'htm/preact';
import { useEffect, useState } from 'preact/hooks';
import { get, state } from './api.js';
import type { DataAnswer, DeviceDataFull, DeviceVariable, GraphAnswer, LinkSummaryPeer, Neighbor } from './api-types.js';
import { TimeChart } from './chart.js';
import { chartData, type ChartData } from './graph-data.js';
import { formatRate, formatSpeed, formatValue, ifStatus, sig3, statusClass } from './device-format.js';
import { href, type Route } from './route.js';
import { mirrorOut, percentile95, pointsOf } from './port-data.js';

/**
 * The port page (`#/port/<devId>/<ifIndex>?hours=1|24|168`): one interface of a device — its state,
 * the neighbour on the other end (the LLDP/CDP entries the device reported for it, and the link's
 * other end as discovery resolved it), and its charts over the window: traffic in (above) and out
 * (below zero, mirrored) with the 95th percentile of each, utilisation, errors and discards,
 * unicast and non-unicast (multicast, broadcast) packets, in above and out below as well. All from existing calls: the device data call (full: the
 * interface, its neighbours and its variables), the legacy link summary (the resolved peer), the
 * data call for the rates (every point: the percentile is of what was polled, not of a reduced
 * series) and the graph call for the rest.
 */

const WINDOWS: [string, number][] = [['Last hour', 1], ['Last 24 h', 24], ['Last 7 days', 168]];
/** Non-unicast packets: the built-in multicast and broadcast rates, and operator `ifIn/OutNUcastPkts` where defined. */
const NON_UNICAST_VARS = ['ifInMulticastPkts', 'ifOutMulticastPkts', 'ifInBroadcastPkts', 'ifOutBroadcastPkts', 'ifInNUcastPkts', 'ifOutNUcastPkts'];
/** The graph-call charts; `mirror`: in above zero, out below, as the traffic chart draws them. */
const CHARTS: { key: string; title: string; vars: readonly string[]; mirror?: boolean }[] = [
  { key: 'util', title: 'Utilisation', vars: ['ifInUtil', 'ifOutUtil'] },
  { key: 'errors', title: 'Errors and discards', vars: ['ifInErrors', 'ifOutErrors', 'ifInDiscards', 'ifOutDiscards'] },
  { key: 'packets', title: 'Unicast packets', vars: ['ifInUcastPkts', 'ifOutUcastPkts'], mirror: true },
  { key: 'nucast', title: 'Non-unicast packets', vars: NON_UNICAST_VARS, mirror: true },
];

export function PortPage(props: { route: Route }) {
  const [, dev, idx] = props.route.parts;
  const devId = Number(dev), ifIndex = Number(idx);
  if (!Number.isInteger(devId) || devId < 0 || !Number.isInteger(ifIndex) || ifIndex < 1) {
    return html`<p class="error" role="alert">Not a port: ${props.route.parts.slice(1).join('/')} (a device id and an ifIndex ≥ 1)</p>`;
  }
  const hours = Number(props.route.query.get('hours') ?? 1);
  return html`<${Port} key=${`${devId}/${ifIndex}`} devId=${devId} ifIndex=${ifIndex} hours=${WINDOWS.some(([, h]) => h === hours) ? hours : 1} />`;
}

function Port(props: { devId: number; ifIndex: number; hours: number }) {
  const { devId, ifIndex, hours } = props;
  const [data, setData] = useState<DeviceDataFull | null>(null);
  const [peer, setPeer] = useState<LinkSummaryPeer['peer']>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    get<DeviceDataFull>(`/v2/ui/net/${state.netId}/data/device/${devId}?format=full`).then((d) => { if (live) setData(d); }, (e: unknown) => { if (live) setError((e as Error).message); });
    get<LinkSummaryPeer>(`/api/monitor/networks/${state.netId}/nodes/${devId}/interfaces/${ifIndex}/linkSummary`)
      .then((s) => { if (live) setPeer(s.peer); }, () => undefined); // no link: the neighbour entries say what there is
    return () => { live = false; };
  }, [devId, ifIndex]);

  if (error !== null) return html`<p class="error" role="alert">${error}</p>`;
  if (data === null) return html`<p class="loading">Loading port…</p>`;
  const d = data.device;
  const i = (d.interfaces ?? []).find((x) => x.index === ifIndex);
  if (!i) return html`<p class="error" role="alert">Device ${d.name} has no interface with ifIndex ${ifIndex}.</p>`;
  document.title = `${d.name} ${i.name} — netmon`;
  const vars = data.variables.filter((v) => v.index === ifIndex);
  const v = (name: string): DeviceVariable | undefined => vars.find((x) => x.name === name);
  const oper = v('ifOperStatus')?.value ?? i.operStatus, admin = v('ifAdminStatus')?.value ?? i.adminStatus;
  const neighbours = (d.neighbors ?? []).filter((n) => n.localIfIndex === ifIndex);
  return html`
    <section class="port-page" data-device=${devId} data-ifindex=${ifIndex}>
      <div class="device-head">
        <h1><a href=${href('device', devId)}>${d.name}</a> › <span class="ifname">${i.name}</span></h1>
        <span class="muted">${i.alias || (i.descr !== i.name ? i.descr : '')}</span>
        <a class="back" href=${href('device', devId, { tab: 'interfaces' })}>All interfaces</a>
      </div>
      <div class="summary">
        <div class="panel">
          <h2>Port</h2>
          <dl class="kv">
            <dt>ifIndex</dt><dd data-field="ifIndex">${ifIndex}</dd>
            <dt>Admin / oper</dt><dd data-field="status"><span class=${admin === 1 ? 'status-ok' : 'status-none'}>${ifStatus(admin)}</span> / <span class=${statusClass(oper, admin)}>${ifStatus(oper)}</span></dd>
            <dt>Speed</dt><dd data-field="speed">${formatSpeed(v('ifSpeed')?.value ?? i.speedBps ?? 0)}</dd>
            <dt>In / out now</dt><dd data-field="rates">${formatRate(v('ifInRate')?.value)} / ${formatRate(v('ifOutRate')?.value)}</dd>
            <dt>Utilisation</dt><dd data-field="util">${formatValue(v('ifInUtil')?.value, '%')} / ${formatValue(v('ifOutUtil')?.value, '%')}</dd>
            <dt>MAC</dt><dd data-field="mac">${i.mac || html`<span class="muted">—</span>`}</dd>
            <dt>Addresses</dt><dd data-field="addresses">${(i.addresses ?? []).join(', ') || html`<span class="muted">—</span>`}</dd>
          </dl>
        </div>
        <${NeighbourPanel} peer=${peer} entries=${neighbours} />
      </div>
      <div class="window" role="group" aria-label="Time window">
        ${WINDOWS.map(([label, h]) => html`<a class=${h === hours ? 'button primary' : 'button'} aria-pressed=${h === hours} href=${href('port', devId, ifIndex, h === 1 ? {} : { hours: String(h) })}>${label}</a>`)}
      </div>
      <${TrafficChart} devId=${devId} ifIndex=${ifIndex} hours=${hours} has=${v('ifInRate') !== undefined || v('ifOutRate') !== undefined} />
      ${CHARTS.map((c) => html`<${VarChart} key=${c.key} kind=${c.key} title=${c.title} hours=${hours} mirror=${c.mirror === true} ids=${c.vars.map((n) => v(n)?.varId).filter((x): x is string => x !== undefined)} />`)}
      ${NON_UNICAST_VARS.some((n) => v(n) !== undefined) ? ''
        : html`<p class="muted packets-note">Non-unicast packets are not polled on this device (its interfaces were planned before the server polled <code>ifInMulticastPkts</code> and <code>ifInBroadcastPkts</code>: the next discovery adds them).</p>`}
    </section>`;
}

/** The neighbour on the other end: the resolved link (a device of this network) and the raw LLDP/CDP entries. */
function NeighbourPanel(props: { peer: LinkSummaryPeer['peer']; entries: readonly Neighbor[] }) {
  const { peer, entries } = props;
  return html`
    <div class="panel neighbour">
      <h2>Neighbour</h2>
      ${peer === null && entries.length === 0 ? html`<p class="empty no-neighbour">No LLDP or CDP neighbour on this port.</p>` : ''}
      ${peer !== null ? html`<p data-field="peer">Linked to <a class="peer" href=${href('port', peer.deviceId, peer.ifIndex)}>${entries[0]?.remoteSysName || `device ${peer.deviceId}`} ${peer.ifName}</a></p>` : ''}
      ${entries.map((n) => html`
        <dl class="kv neighbour-entry" data-protocol=${n.protocol ?? ''}>
          <dt>Protocol</dt><dd>${(n.protocol ?? '').toUpperCase()}</dd>
          <dt>System</dt><dd data-field="remoteSysName">${n.remoteSysName || '—'}</dd>
          <dt>Port</dt><dd data-field="remotePort">${n.remotePortId || '—'}${n.remotePortDescr && n.remotePortDescr !== n.remotePortId ? html` <span class="muted">${n.remotePortDescr}</span>` : ''}</dd>
          <dt>Chassis</dt><dd>${n.remoteChassisId || '—'}</dd>
          <dt>Management</dt><dd>${(n.remoteManagementAddresses ?? []).join(', ') || '—'}</dd>
        </dl>`)}
    </div>`;
}

/** The window of a chart: `hours` ending now, fixed when the page opens (the test reads it back). */
function windowOf(hours: number): { start: number; end: number } {
  const end = Date.now();
  return { start: end - hours * 3_600_000, end };
}

/**
 * Traffic in above zero and out below (mirrored), unscaled bit/s from the data call, with the 95th
 * percentile of each direction over the window drawn as a line and written beside the chart.
 */
function TrafficChart(props: { devId: number; ifIndex: number; hours: number; has: boolean }) {
  const { devId, ifIndex, hours } = props;
  const [chart, setChart] = useState<{ data: ChartData; p95In: number | null; p95Out: number | null; start: number; end: number; last: number; minOut: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!props.has) return;
    let live = true;
    const { start, end } = windowOf(hours);
    const ids = [`ifInRate.${devId}.${ifIndex}`, `ifOutRate.${devId}.${ifIndex}`];
    get<DataAnswer>(`/v2/ui/net/${state.netId}/data/${ids.join(',')}?start=${start}&end=${end}`).then((a) => {
      if (!live) return;
      const [inPts, outPts] = ids.map((id) => pointsOf(a.info.find((x) => x.timeseries?.[0]?.endsWith(`,${id}`))?.timeseries));
      setChart({ ...mirrored(inPts!, outPts!), start, end });
    }, (e: unknown) => { if (live) setError((e as Error).message); });
    return () => { live = false; };
  }, [devId, ifIndex, hours, props.has]);
  if (!props.has) return html`<div class="panel"><h2>Traffic</h2><p class="empty">This interface has no traffic variables.</p></div>`;
  return html`
    <div class="panel port-chart" data-chart="traffic" data-start=${chart?.start ?? ''} data-end=${chart?.end ?? ''} data-last=${chart?.last ?? ''} data-min-out=${chart?.minOut ?? ''}>
      <h2>Traffic <span class="muted">in above, out below</span></h2>
      ${error !== null ? html`<p class="error" role="alert">${error}</p>` : chart === null ? html`<p class="loading">Loading traffic…</p>` : html`
        <p class="p95">95th percentile of the window:
          in <b data-field="p95In" data-value=${chart.p95In ?? ''}>${formatRate(chart.p95In)}</b>,
          out <b data-field="p95Out" data-value=${chart.p95Out ?? ''}>${formatRate(chart.p95Out)}</b></p>
        ${chart.data.times.length === 0 ? html`<p class="empty">No points in this window.</p>`
          : html`<${TimeChart} data=${chart.data} height=${260} axisFormat=${(x: number) => formatRate(Math.abs(x))} />`}`}
    </div>`;
}

/** In as it is, out negated; each direction's 95th percentile as a constant line on its side. */
function mirrored(inPts: Map<number, number>, outPts: Map<number, number>) {
  const stamps = [...new Set([...inPts.keys(), ...outPts.keys()])].sort((a, b) => a - b);
  const p95In = percentile95([...inPts.values()]);
  const p95Out = percentile95([...outPts.values()]);
  const col = (m: Map<number, number>, sign: number) => stamps.map((t) => { const x = m.get(t); return x === undefined ? null : sign * x; });
  const flat = (p: number | null, sign: number) => stamps.map(() => (p === null ? null : sign * p));
  const data: ChartData = {
    times: stamps.map((t) => t / 1000),
    values: [col(inPts, 1), col(outPts, -1), flat(p95In, 1), flat(p95Out, -1)],
    series: [
      { label: 'In', unit: 'bit/s', axisSide: 'left' }, { label: 'Out', unit: 'bit/s', axisSide: 'left' },
      { label: 'In, 95th percentile', unit: 'bit/s', axisSide: 'left' }, { label: 'Out, 95th percentile', unit: 'bit/s', axisSide: 'left' },
    ],
  };
  // For tests: the newest point drawn (ms) and the lowest value of the out column (≤ 0: drawn below).
  const last = stamps.length === 0 ? 0 : stamps[stamps.length - 1]!;
  const minOut = data.values[1]!.reduce<number>((m, x) => (x !== null && x < m ? x : m), 0);
  return { data, p95In, p95Out, last, minOut };
}

/**
 * One chart of the graph call (reduced to 720 points) over the window; nothing when the port has
 * none of its variables. `mirror`: the outbound series drawn below zero.
 */
function VarChart(props: { kind: string; title: string; hours: number; ids: readonly string[]; mirror: boolean }) {
  const [graph, setGraph] = useState<GraphAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const key = props.ids.join(',');
  useEffect(() => {
    if (props.ids.length === 0) return;
    let live = true;
    setGraph(null); setError(null);
    const { start, end } = windowOf(props.hours);
    get<GraphAnswer>(`/v2/ui/net/${state.netId}/graph/${props.ids.map(encodeURIComponent).join(',')}?start=${start}&end=${end}&length=720`)
      .then((g) => { if (live) setGraph(g); }, (e: unknown) => { if (live) setError((e as Error).message); });
    return () => { live = false; };
  }, [key, props.hours]);
  if (props.ids.length === 0) return null;
  const last = graph?.info.map((i) => ({ legend: i.legend, unit: i.unit, v: Number(i.timeseries[i.timeseries.length - 1]?.split(',')[1]) }));
  const drawn = graph === null || graph.info.length === 0 ? null
    : props.mirror ? mirrorOut(chartData(graph), graph.info.map((i) => i.varName)) : { data: chartData(graph), minOut: 0 };
  return html`
    <div class="panel port-chart" data-chart=${props.kind} data-vars=${key} data-min-out=${drawn?.minOut ?? ''}>
      <h2>${props.title}</h2>
      ${error !== null ? html`<p class="error" role="alert">${error}</p>`
        : graph === null ? html`<p class="loading">Loading ${props.title.toLowerCase()}…</p>`
        : graph.info.length === 0 ? html`<p class="empty">No points in this window.</p>`
        : html`<${TimeChart} data=${drawn!.data} height=${200} axisFormat=${props.mirror ? (x: number) => sig3(Math.abs(x)) : undefined} />
          <p class="muted latest">${last!.map((l) => html`<span>${l.legend}: ${Number.isFinite(l.v) ? `${sig3(l.v)} ${l.unit}` : '—'}</span> `)}</p>`}
    </div>`;
}
