import { html } from 'htm/preact';
import { useEffect, useState } from 'preact/hooks';
import { ApiError, get, state } from './api.js';
import type { DeviceDashboard as Dashboard, DeviceDataBrief as DeviceData, LatestValue as Latest, NetworkStatus } from './api-types.js';
import { href, type Route } from './route.js';
import { DeviceList } from './device-search.js';
import { InterfacesTable } from './device-interfaces.js';
import { GraphsTab, HardwareTab } from './device-graphs.js';
import { NeighboursTab } from './device-neighbours.js';
import { DeviceAlertHistory } from './device-alert-history.js';
import { ComponentLink, SeverityBadge } from './alert-detail.js';
import { ago, formatDuration, formatSpeed, formatTime, formatValue, ifStatus, sig3, statusClass } from './device-format.js';

/**
 * The device panel (`#/device/<id>?tab=summary|interfaces|neighbours|hardware|graphs`) and, at `#/device`
 * (`?q=<search>`), the device list and search results. The Summary call and the device data call
 * (brief) are read again every poll interval of the network, so states and rates are live.
 */


const TABS: [string, string][] = [['summary', 'Summary'], ['interfaces', 'Interfaces'], ['neighbours', 'Neighbours'], ['hardware', 'Hardware'], ['graphs', 'Graphs']];

export function DevicePage(props: { route: Route }) {
  const id = props.route.parts[1];
  if (id === undefined) return html`<${DeviceList} q=${props.route.query.get('q') ?? ''} />`;
  const devId = Number(id);
  if (!Number.isInteger(devId) || devId < 0) return html`<p class="error" role="alert">Not a device id: ${id}</p>`;
  return html`<${DevicePanel} key=${devId} devId=${devId} tab=${props.route.query.get('tab') ?? 'summary'} />`;
}

/** How often the panel reads again: the network's poll interval, within 2 s – 60 s. */
let pollMs: number | null = null;
async function refreshInterval(): Promise<number> {
  if (pollMs === null) {
    const s = await get<NetworkStatus>(`/v2/ui/net/${state.netId}/status`).catch(() => null);
    pollMs = Math.min(60_000, Math.max(2_000, s?.network.pollIntervalMs ?? 30_000));
  }
  return pollMs;
}

function DevicePanel(props: { devId: number; tab: string }) {
  const { devId, tab } = props;
  const [dash, setDash] = useState<Dashboard | null>(null);
  const [data, setData] = useState<DeviceData | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [updatedMs, setUpdatedMs] = useState<number | null>(null);

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async (): Promise<void> => {
      try {
        const [d, v] = await Promise.all([
          get<Dashboard>(`/v2/ui/net/${state.netId}/dashboards/device/${devId}`),
          get<DeviceData>(`/v2/ui/net/${state.netId}/data/device/${devId}`),
        ]);
        if (!live) return;
        setDash(d); setData(v); setError(null); setUpdatedMs(Date.now());
      } catch (e) {
        if (live) setError((e as Error).message);
        if (e instanceof ApiError && e.status === 404) return; // no such device (any more): stop asking
      }
      if (live) timer = setTimeout(() => void load(), await refreshInterval());
    };
    void load();
    return () => { live = false; clearTimeout(timer); };
  }, [devId]);

  if (dash === null || data === null) {
    return error !== null ? html`<p class="error" role="alert">${error}</p>` : html`<p class="loading">Loading device ${devId}…</p>`;
  }
  const idn = dash.identity;
  const reach = dash.reachable?.value;
  document.title = `${idn.name} — netmon`;
  return html`
    <section class="device-panel" data-device=${devId}>
      <div class="device-head">
        <h1><span class=${`dot ${reach === 1 ? 'status-ok' : reach === 0 ? 'status-crit' : 'status-none'}`} aria-hidden="true">●</span> ${idn.name}</h1>
        <span class="muted">${idn.address} · ${idn.vendor} ${idn.model}</span>
        <span class="muted updated" aria-live="polite">${error !== null ? html`<span class="error" role="alert">${error}</span>` : `updated ${updatedMs === null ? '' : new Date(updatedMs).toLocaleTimeString()}`}</span>
        <a class="back" href=${href('device')}>All devices</a>
      </div>
      <nav class="tabs" role="tablist">
        ${TABS.map(([k, label]) => html`<a role="tab" aria-selected=${k === tab} class=${k === tab ? 'active' : ''} href=${href('device', devId, k === 'summary' ? {} : { tab: k })}>${label}</a>`)}
      </nav>
      ${tab === 'interfaces' ? html`<${InterfacesTable} devId=${devId} interfaces=${data.device.interfaces} variables=${data.variables} />`
        : tab === 'neighbours' ? html`<${NeighboursTab} devId=${devId} />`
        : tab === 'hardware' ? html`<${HardwareTab} devId=${devId} />`
        : tab === 'graphs' ? html`<${GraphsTab} devId=${devId} variables=${data.variables} />`
        : html`<${Summary} dash=${dash} tick=${updatedMs ?? 0} />`}
    </section>`;
}

function latestCell(l: Latest | null, field: string) {
  return html`<dd data-field=${field} data-value=${l?.value ?? ''} data-ts=${l?.tsMs ?? ''}>${l === null ? html`<span class="muted">not polled</span>` : formatValue(l.value, l.unit)}</dd>`;
}

function Summary(props: { dash: Dashboard; tick: number }) {
  const { identity: idn, uptime, lastContact: lc, reachable, topInterfaces, alerts } = props.dash;
  const field = (name: string, label: string, value: string) => html`<dt>${label}</dt><dd data-field=${name}>${value || html`<span class="muted">—</span>`}</dd>`;
  return html`
    <div class="summary">
      <div class="panel">
        <h2>Identity</h2>
        <dl class="kv">
          ${field('name', 'Name', idn.name)}
          ${field('address', 'Address', idn.address)}
          ${field('vendor', 'Vendor', idn.vendor)}
          ${field('model', 'Model', idn.model)}
          ${field('os', 'OS', idn.os)}
          ${field('softwareRev', 'Software', idn.softwareRev)}
          ${field('serialNumber', 'Serial number', idn.serialNumber)}
          ${field('location', 'Location', idn.location)}
          ${field('contact', 'Contact', idn.contact)}
          ${field('sysObjectID', 'sysObjectID', idn.sysObjectID)}
          <dt>Description</dt><dd data-field="sysDescr" class="descr">${idn.sysDescr}</dd>
          <dt>Tags</dt><dd data-field="tags">${idn.tags.length === 0 ? html`<span class="muted">none</span>` : idn.tags.map((t) => html`<span class="tag">${t}</span> `)}</dd>
          ${field('discovered', 'Discovered', formatTime(idn.discoveredAtMs))}
        </dl>
      </div>
      <div class="panel">
        <h2>State</h2>
        <dl class="kv">
          <dt>Reachable</dt>
          <dd data-field="reachable" data-value=${reachable?.value ?? ''} class=${reachable?.value === 1 ? 'status-ok' : reachable?.value === 0 ? 'status-crit' : 'status-none'}>
            ${reachable === null ? 'not polled' : reachable.value === 1 ? 'yes' : reachable.value === 0 ? 'no' : 'no data in the last hour'}</dd>
          <dt>Uptime</dt><dd data-field="uptime" data-value=${uptime.seconds}>${formatDuration(uptime.seconds)} <span class="muted">(${uptime.source === 'poll' ? 'polled' : 'at discovery'})</span></dd>
          <dt>Last contact</dt>
          <dd data-field="lastContact" data-value=${lc.lastSuccessMs ?? ''}>
            <span class=${lc.state === 'ok' ? 'status-ok' : lc.state === 'failing' ? 'status-crit' : 'status-none'}>${lc.state}</span>${' · '}${ago(lc.lastSuccessMs)}
            ${lc.state === 'failing' ? html`<br /><span class="error" data-field="pollSummary" data-value=${lc.reachability ?? ''}>${lc.reachability === 'neverAnswered'
              ? `${lc.summary}; ${lc.consecutiveFailures} failed polls`
              : `${lc.consecutiveFailures} failed polls since ${formatTime(lc.failingSinceMs)}: ${lc.summary || lc.reason}`}</span>` : ''}
          </dd>
          ${lc.polledBy === undefined ? '' : html`<dt>Polled by</dt>
          <dd data-field="polledBy" data-value=${lc.polledBy ?? ''}>${lc.polledBy === null ? html`<span class="status-crit">no live collector</span>` : html`collector <strong>${lc.polledBy}</strong>`}</dd>`}
          ${(props.dash.discoveryErrors ?? []).length === 0 ? '' : html`<dt>Discovery</dt>
          <dd data-field="discoveryErrors">${props.dash.discoveryErrors!.map((e) => html`<span class="error">${e.table}: ${e.error}</span><br />`)}</dd>`}
          <dt>CPU</dt>${latestCell(props.dash.cpu, 'cpu')}
          <dt>Memory</dt>${latestCell(props.dash.memory, 'memory')}
        </dl>
      </div>
      <div class="panel wide">
        <h2>Top interfaces by utilisation</h2>
        ${topInterfaces.length === 0 ? html`<p class="empty">No interface utilisation yet.</p>` : html`
          <table class="grid top-interfaces">
            <thead><tr><th>Interface</th><th>Description</th><th>Oper</th><th>Speed</th><th>In</th><th>Out</th></tr></thead>
            <tbody>${topInterfaces.map((i) => html`
              <tr key=${i.ifIndex} data-ifindex=${i.ifIndex}>
                <td><a href=${href('port', idn.id, i.ifIndex)}>${i.name}</a></td><td class="muted">${i.alias}</td>
                <td class=${statusClass(i.operStatus)}>${ifStatus(i.operStatus)}</td><td>${formatSpeed(i.speedBps)}</td>
                <td>${i.inUtil?.value == null ? '—' : `${sig3(i.inUtil.value)} %`}</td><td>${i.outUtil?.value == null ? '—' : `${sig3(i.outUtil.value)} %`}</td>
              </tr>`)}</tbody>
          </table>`}
      </div>
      <div class="panel wide">
        <h2>Active alerts</h2>
        ${alerts.length === 0 ? html`<p class="empty no-alerts">No active alerts.</p>` : html`
          <table class="grid alerts">
            <thead><tr><th>Alert</th><th>Severity</th><th>Component</th><th>Value</th><th>Since</th><th>Acknowledged</th><th>Description</th></tr></thead>
            <tbody>${alerts.map((a, k) => html`
              <tr key=${a.key ?? k} data-key=${a.key}><td>${a.key ? html`<a class="alert-link" href=${href('alerts', { state: 'all', key: a.key })}>${a.name ?? ''}</a>` : a.name ?? ''}</td><td><${SeverityBadge} severity=${a.severity} /></td>
              <td><${ComponentLink} a=${a} /></td><td>${typeof a.value === 'number' ? sig3(a.value) : String(a.value ?? '')}</td>
              <td>${typeof a.activeSince === 'number' ? formatTime(a.activeSince) : ''}</td>
              <td class="ack-cell">${a.acknowledged ? html`<span class="acked" title=${a.acknowledgeComment}>by ${a.acknowledgedBy}</span>` : html`<span class="muted">no</span>`}</td>
              <td>${a.description ?? ''}</td></tr>`)}</tbody>
          </table>`}
      </div>
      <${DeviceAlertHistory} devId=${idn.id} tick=${props.tick} />
    </div>`;
}
