import { html } from 'htm/preact';
import { useEffect, useState } from 'preact/hooks';
import { get, state } from './api.js';
import type { DeviceVariable, GraphAnswer, InterfaceBrief } from './api-types.js';
import { href } from './route.js';
import { formatRate, formatSpeed, formatValue, ifStatus, statusClass } from './device-format.js';

/**
 * The device's interfaces: admin/oper status, speed, in/out rate with a sparkline of the last hour,
 * errors. Rates and states are the latest values of the device data call (refreshed by the page
 * every poll interval); the sparklines come from the graph call, at most 10 triplets per call,
 * reduced to 60 points, refreshed every minute — every 5 s while a sparkline has fewer than two
 * points (a device just discovered gets its history drawn as soon as there is one).
 */

const SPARK_MS = 60_000;
/** The next read while a series has fewer than two points. */
const SPARK_SOON_MS = 5_000;

/** A tiny inline chart of a series' values (no axes). */
function Sparkline(props: { values: readonly number[] | undefined; label: string }) {
  const v = props.values ?? [];
  if (v.length < 2) return html`<svg class="spark" width="80" height="18" role="img" aria-label=${`${props.label}: no history`}></svg>`;
  const min = Math.min(...v);
  const max = Math.max(...v);
  const span = max - min || 1;
  const pts = v.map((y, i) => `${((i / (v.length - 1)) * 78 + 1).toFixed(1)},${(17 - ((y - min) / span) * 16).toFixed(1)}`).join(' ');
  return html`<svg class="spark" width="80" height="18" viewBox="0 0 80 18" role="img" aria-label=${`${props.label}, last hour`}>
    <polyline points=${pts} fill="none" stroke="currentColor" stroke-width="1.2" /></svg>`;
}

/** Last hour of each triplet (scaled values are fine: only the shape is drawn), ≤ 10 per call. */
async function sparkSeries(ids: readonly string[]): Promise<Map<string, number[]>> {
  const out = new Map<string, number[]>();
  for (let i = 0; i < ids.length; i += 10) {
    const batch = ids.slice(i, i + 10);
    const a = await get<GraphAnswer>(`/v2/ui/net/${state.netId}/graph/${batch.map(encodeURIComponent).join(',')}?intervalHr=1&length=60`);
    for (const info of a.info) {
      out.set(info.varId, info.timeseries.slice(1).map((l) => Number(l.slice(l.indexOf(',') + 1))).filter(Number.isFinite));
    }
  }
  return out;
}

export function InterfacesTable(props: { devId: number; interfaces: readonly InterfaceBrief[]; variables: readonly DeviceVariable[] }) {
  const { interfaces, variables } = props;
  const byKey = new Map<string, DeviceVariable>();
  for (const v of variables) byKey.set(`${v.name}.${v.index}`, v);
  const val = (name: string, index: number): DeviceVariable | undefined => byKey.get(`${name}.${index}`);

  const [sparks, setSparks] = useState<Map<string, number[]>>(new Map());
  const [sparkError, setSparkError] = useState<string | null>(null);
  const rateIds = variables.filter((v) => v.name === 'ifInRate' || v.name === 'ifOutRate').map((v) => v.varId);
  const idsKey = rateIds.join(',');
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = (): void => {
      sparkSeries(rateIds).then((m) => {
        if (!live) return;
        setSparks(m);
        setSparkError(null);
        const short = rateIds.some((id) => (m.get(id)?.length ?? 0) < 2);
        timer = setTimeout(load, short ? SPARK_SOON_MS : SPARK_MS);
      }, (e: unknown) => {
        if (!live) return;
        setSparkError((e as Error).message);
        timer = setTimeout(load, SPARK_MS);
      });
    };
    load();
    return () => { live = false; clearTimeout(timer); };
  }, [props.devId, idsKey]);

  if (interfaces.length === 0) return html`<p class="empty">This device reports no interfaces.</p>`;
  const rateCell = (name: 'ifInRate' | 'ifOutRate', i: InterfaceBrief, label: string) => {
    const v = val(name, i.index);
    return html`<td class="rate" data-var=${v?.varId ?? ''} data-value=${v?.value ?? ''} data-ts=${v?.tsMs ?? ''}>
      <span class="num">${formatRate(v?.value)}</span> <${Sparkline} values=${v ? sparks.get(v.varId) : undefined} label=${`${label} ${i.name}`} /></td>`;
  };
  const errCell = (i: InterfaceBrief) => {
    const inE = val('ifInErrors', i.index);
    const outE = val('ifOutErrors', i.index);
    const bad = (inE?.value ?? 0) > 0 || (outE?.value ?? 0) > 0;
    return html`<td class=${bad ? 'errors status-crit' : 'errors'}>${formatValue(inE?.value, inE?.unit ?? '')} / ${formatValue(outE?.value, outE?.unit ?? '')}</td>`;
  };
  return html`
    ${sparkError !== null ? html`<p class="error" role="alert">History: ${sparkError}</p>` : ''}
    <table class="grid interfaces">
      <thead><tr><th>#</th><th>Interface</th><th>Description</th><th>Admin</th><th>Oper</th><th>Speed</th><th>In</th><th>Out</th><th title="errors per second, in / out">Errors in / out</th></tr></thead>
      <tbody>${interfaces.map((i) => {
        const oper = val('ifOperStatus', i.index)?.value ?? i.operStatus;
        const admin = val('ifAdminStatus', i.index)?.value ?? i.adminStatus;
        const speed = val('ifSpeed', i.index)?.value ?? i.speedBps;
        return html`
          <tr key=${i.index} data-ifindex=${i.index}>
            <td>${i.index}</td>
            <td class="ifname"><a href=${href('port', props.devId, i.index)} title="The port page">${i.name}</a></td>
            <td class="muted">${i.alias || (i.descr !== i.name ? i.descr : '')}</td>
            <td class=${admin === 1 ? 'status-ok' : 'status-none'}>${ifStatus(admin)}</td>
            <td class=${statusClass(oper, admin)}>${ifStatus(oper)}</td>
            <td>${formatSpeed(speed)}</td>
            ${rateCell('ifInRate', i, 'Inbound rate')}
            ${rateCell('ifOutRate', i, 'Outbound rate')}
            ${errCell(i)}
          </tr>`;
      })}</tbody>
    </table>`;
}
