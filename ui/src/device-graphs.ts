import { html } from 'htm/preact';
import { useEffect, useState } from 'preact/hooks';
import { get, state } from './api.js';
import { TimeChart } from './chart.js';
import type { DeviceComponent as Component, DeviceDataFull, DeviceVariable, GraphAnswer, Sensor } from './api-types.js';
import { chartData } from './graph-data.js';
import { formatValue } from './device-format.js';

/**
 * The device panel's Hardware tab (ENTITY-MIB components and sensors of the full data call, and
 * the component variables' last hour from the hwcomp popup with idx -1) and its Graphs tab (any
 * variables of the device, drawn with TimeChart over the last hour or day).
 */

const ENTITY_CLASS = ['', 'other', 'unknown', 'chassis', 'backplane', 'container', 'power supply', 'fan', 'sensor', 'module', 'port', 'stack', 'cpu'];

export function HardwareTab(props: { devId: number }) {
  const [data, setData] = useState<{ components: Component[]; sensors: Sensor[]; graph: GraphAnswer } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setData(null); setError(null);
    Promise.all([
      get<DeviceDataFull>(`/v2/ui/net/${state.netId}/data/device/${props.devId}?format=full&category=System`),
      get<GraphAnswer>(`/v2/ui/net/${state.netId}/popup/device/${props.devId}/hwcomp/-1`),
    ]).then(([full, graph]) => {
      if (live) setData({ components: full.device.components ?? [], sensors: full.device.sensors ?? [], graph });
    }, (e: unknown) => { if (live) setError((e as Error).message); });
    return () => { live = false; };
  }, [props.devId]);
  if (error !== null) return html`<p class="error" role="alert">${error}</p>`;
  if (data === null) return html`<p class="loading">Loading hardware…</p>`;
  const { components, sensors, graph } = data;
  if (components.length === 0 && sensors.length === 0 && graph.info.length === 0) {
    return html`<p class="empty hw-empty">This device reports no hardware components or sensors.</p>`;
  }
  return html`
    <h2>Components</h2>
    ${components.length === 0 ? html`<p class="empty">No ENTITY-MIB components.</p>` : html`
      <table class="grid components">
        <thead><tr><th>#</th><th>Name</th><th>Class</th><th>Description</th><th>Model</th><th>Serial</th><th>Software</th></tr></thead>
        <tbody>${components.map((c) => html`
          <tr key=${c.index}><td>${c.index}</td><td>${c.name}</td><td>${ENTITY_CLASS[c.class] ?? c.class}</td><td>${c.descr}</td><td>${c.model}</td><td>${c.serial}</td><td>${c.softwareRev}</td></tr>`)}
        </tbody>
      </table>`}
    <h2>Sensors</h2>
    ${sensors.length === 0 && graph.info.length === 0 ? html`<p class="empty hw-no-sensors">No sensor readings.</p>` : ''}
    ${sensors.length > 0 ? html`
      <table class="grid sensors">
        <thead><tr><th>#</th><th>Name</th><th>Kind</th><th>Unit</th></tr></thead>
        <tbody>${sensors.map((s, k) => html`<tr key=${k}><td>${s.index ?? ''}</td><td>${s.name ?? ''}</td><td>${s.kind ?? ''}</td><td>${s.unit ?? ''}</td></tr>`)}</tbody>
      </table>` : ''}
    ${graph.info.length > 0 ? html`<div class="panel"><${TimeChart} data=${chartData(graph)} height=${220} /></div>` : ''}`;
}

const WINDOWS: [string, number][] = [['Last hour', 1], ['Last 24 h', 24]];
const MAX_SERIES = 10;

export function GraphsTab(props: { devId: number; variables: readonly DeviceVariable[] }) {
  const { variables } = props;
  const [filter, setFilter] = useState('');
  const [hours, setHours] = useState(1);
  const [picked, setPicked] = useState<string[]>(() =>
    variables.filter((v) => v.name === 'cpuUtil' || v.name === 'memUtil').map((v) => v.varId));
  const [graph, setGraph] = useState<GraphAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const key = picked.join(',');
  useEffect(() => {
    setGraph(null); setError(null);
    if (picked.length === 0) return;
    let live = true;
    get<GraphAnswer>(`/v2/ui/net/${state.netId}/graph/${picked.map(encodeURIComponent).join(',')}?intervalHr=${hours}&length=720`)
      .then((g) => { if (live) setGraph(g); }, (e: unknown) => { if (live) setError((e as Error).message); });
    return () => { live = false; };
  }, [props.devId, key, hours]);

  const toggle = (id: string): void => setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : p.length >= MAX_SERIES ? p : [...p, id]));
  const f = filter.trim().toLowerCase();
  // Device-level variables (index 0: CPU, memory, uptime…) first, then by component.
  const shown = variables.filter((v) => f === '' || `${v.name} ${v.component} ${v.category}`.toLowerCase().includes(f))
    .map((v, k) => ({ v, k })).sort((a, b) => (a.v.index === 0 ? 0 : 1) - (b.v.index === 0 ? 0 : 1) || a.k - b.k).map((x) => x.v);
  return html`
    <div class="device-graphs">
      <aside class="var-picker">
        <label>Filter <input type="search" value=${filter} placeholder="ifInRate, eth0, System…" onInput=${(e: Event) => setFilter((e.target as HTMLInputElement).value)} /></label>
        <p class="muted">${picked.length} of at most ${MAX_SERIES} selected${picked.length > 0 ? html` · <button class="link" onClick=${() => setPicked([])}>clear</button>` : ''}</p>
        <ul>${shown.map((v) => html`
          <li key=${v.varId}><label title=${v.varId}>
            <input type="checkbox" checked=${picked.includes(v.varId)} disabled=${!picked.includes(v.varId) && picked.length >= MAX_SERIES} onChange=${() => toggle(v.varId)} />
            ${v.name}${v.component ? html` <span class="muted">${v.component}</span>` : ''} <span class="muted">${formatValue(v.value, v.unit)}</span>
          </label></li>`)}</ul>
      </aside>
      <section class="graph-area">
        <div class="window" role="group" aria-label="Time window">
          ${WINDOWS.map(([label, h]) => html`<button class=${h === hours ? 'primary' : ''} aria-pressed=${h === hours} onClick=${() => setHours(h)}>${label}</button>`)}
        </div>
        ${picked.length === 0 ? html`<p class="empty">Pick variables on the left to draw them.</p>`
          : error !== null ? html`<p class="error" role="alert">${error}</p>`
          : graph === null ? html`<p class="loading">Loading graph…</p>`
          : html`
            ${graph.errors ? html`<p class="error">${graph.errors}</p>` : ''}
            ${graph.info.length === 0 ? html`<p class="empty">No points in this window.</p>` : html`<div class="panel"><${TimeChart} data=${chartData(graph)} height=${320} /></div>`}`}
      </section>
    </div>`;
}
