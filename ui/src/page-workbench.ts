import { html } from 'htm/preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { get, state } from './api.js';
import { TimeChart } from './chart.js';
import type { GraphAnswer, VariableSummary as VarSummary } from './api-types.js';
import { chartData, type ChartData } from './graph-data.js';
import { href, type Route } from './route.js';
import { graphPath, RANGES, ruleOf, RULE_KEYS, windowLabel, type RuleKey, type WorkbenchState } from './workbench-state.js';

type Graph =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'ok'; answer: GraphAnswer; data: ChartData; path: string; arrivedMs: number };

/**
 * The graph workbench (`#/workbench?name=…&devices=…&range=24h`): variables chosen by the matching
 * rule (docs/api.md "The variable matching rule"), a time window (last 1 h / 24 h / 7 d, or a custom start–end; drag across the
 * chart to zoom), the graph call by rule drawn as one chart with a unit axis per side. The whole
 * state is in the hash, so the page's URL is the link that reproduces the graph.
 */
export function WorkbenchPage(props: { route: Route }) {
  const current = useMemo(() => ruleOf(props.route.query), [props.route.query.toString()]);
  const [catalog, setCatalog] = useState<VarSummary[] | null>(null);
  const [catalogError, setCatalogError] = useState('');
  const [graph, setGraph] = useState<Graph>({ kind: 'idle' });
  const [drawMs, setDrawMs] = useState<number | null>(null);
  const [drawnAt, setDrawnAt] = useState(0);

  useEffect(() => {
    get<VarSummary[]>(`/api/monitor/networks/${state.netId}/gw/`).then(setCatalog, (e: Error) => setCatalogError(e.message));
  }, []);

  const path = graphPath(state.netId, current);
  useEffect(() => {
    if (path === null) { setGraph({ kind: 'idle' }); return; }
    let live = true;
    setGraph({ kind: 'loading' });
    setDrawMs(null);
    get<GraphAnswer>(path).then(
      (answer) => {
        if (!live) return;
        const arrivedMs = performance.now();
        const devices = new Set(answer.info.map((i) => i.varId.split('.').slice(-2, -1)[0]));
        setGraph({ kind: 'ok', answer, data: chartData(answer, devices.size > 1), path, arrivedMs });
      },
      (e: Error) => { if (live) setGraph({ kind: 'error', message: e.message }); },
    );
    return () => { live = false; };
  }, [path]);

  const go = (next: WorkbenchState): void => { location.hash = href('workbench', queryOf(next)); };
  const onZoom = (fromMs: number, toMs: number): void => go({ ...current, range: 'custom', start: String(fromMs), end: String(toMs) });
  const onDrawn = (): void => {
    if (graph.kind !== 'ok' || drawMs !== null) return;
    const now = performance.now();
    setDrawnAt(now);
    setDrawMs(now - graph.arrivedMs);
  };

  return html`
    <section class="workbench">
      <h1>Graph workbench</h1>
      <${RuleForm} key=${props.route.query.toString()} initial=${current} catalog=${catalog} catalogError=${catalogError} onSubmit=${go} />
      <${RangePicker} current=${current} onPick=${go} />
      <div class="panel wb-graph" data-path=${graph.kind === 'ok' ? graph.path : ''}>
        ${graph.kind === 'idle' && html`<p class="muted">Choose a variable (and devices, components or tags) and press Show graph.</p>`}
        ${graph.kind === 'loading' && html`<p class="loading">Loading the graph…</p>`}
        ${graph.kind === 'error' && html`<p class="error" role="alert">${graph.message}</p>`}
        ${graph.kind === 'ok' && html`
          <div class="wb-head">
            <span>${windowLabel(current)} · ${graph.answer.info.length} series · ${graph.data.values.reduce((n, c) => n + c.filter((v) => v !== null).length, 0)} points</span>
            <span class="wb-link">
              <a href=${location.href} class="permalink" title="This link reproduces the graph">Link to this graph</a>
              <button type="button" onClick=${() => void navigator.clipboard?.writeText(location.href).catch(() => undefined)}>Copy link</button>
            </span>
          </div>
          ${graph.answer.warnings && html`<p class="warning">${graph.answer.warnings}</p>`}
          ${graph.answer.errors && html`<p class="error" role="alert">${graph.answer.errors}</p>`}
          ${graph.answer.info.length === 0
            ? html`<p class="muted empty">No variable matches this rule.</p>`
            : graph.data.times.length === 0
              ? html`<p class="muted empty">The ${graph.answer.info.length} matching series have no points in this window.</p>`
              : html`<${TimeChart} data=${graph.data} height=${360} onZoom=${onZoom} onDrawn=${onDrawn} />
                <p class="muted hint">Drag across the chart to zoom in.${drawMs !== null ? html` <span class="draw-ms" data-ms=${drawMs.toFixed(1)} data-drawn-at=${drawnAt.toFixed(1)}>Drawn in ${drawMs.toFixed(0)} ms.</span>` : ''}</p>`}
          <${SeriesTable} answer=${graph.answer} />`}
      </div>
    </section>`;
}

function queryOf(s: WorkbenchState): Record<string, string> {
  const q: Record<string, string> = {};
  for (const k of RULE_KEYS) if (s[k] !== '') q[k] = s[k];
  q.range = s.range;
  if (s.range === 'custom') { q.start = s.start; q.end = s.end; }
  return q;
}

/** The matching rule's fields; the variable names and suggestions come from the catalog. */
function RuleForm(props: { initial: WorkbenchState; catalog: VarSummary[] | null; catalogError: string; onSubmit: (s: WorkbenchState) => void }) {
  const [draft, setDraft] = useState<WorkbenchState>(props.initial);
  const set = (k: RuleKey) => (e: Event) => setDraft({ ...draft, [k]: (e.target as HTMLInputElement).value });
  const chosen = props.catalog?.find((v) => v.name === draft.name);
  const submit = (e: Event): void => { e.preventDefault(); props.onSubmit(draft); };
  return html`
    <form class="panel wb-rule" onSubmit=${submit}>
      <label>Variable
        <select name="name" value=${draft.name} onChange=${set('name')}>
          <option value="">${props.catalog === null ? (props.catalogError ? '(catalog unavailable)' : 'Loading…') : '(any)'}</option>
          ${props.catalog?.map((v) => html`<option value=${v.name}>${v.name}</option>`)}
          ${draft.name !== '' && props.catalog && !chosen ? html`<option value=${draft.name}>${draft.name}</option>` : ''}
        </select>
      </label>
      <label>Devices <input name="devices" list="wb-devices" placeholder="sw1,sw2" value=${draft.devices} onInput=${set('devices')} /></label>
      <label>Components <input name="components" list="wb-components" placeholder="eth1,eth2" value=${draft.components} onInput=${set('components')} /></label>
      <label>Tags <input name="tags" list="wb-tags" placeholder="ifRole.Uplink,!Role.Test" value=${draft.tags} onInput=${set('tags')} /></label>
      <label>Tag match
        <select name="tagMatch" value=${draft.tagMatch} onChange=${set('tagMatch')}>
          ${['AND', 'OR', 'NOT_AND', 'NOT_OR'].map((m) => html`<option value=${m}>${m}</option>`)}
        </select>
      </label>
      <label>Sort by
        <select name="sortBy" value=${draft.sortBy} onChange=${set('sortBy')}>
          <option value="">(inventory order)</option>
          ${['devices', 'component', 'description', 'curr', 'min', 'max'].flatMap((c) => ['desc', 'asc'].map((d) => html`<option value=${`${c}.${d}`}>${c} ${d === 'asc' ? '↑' : '↓'}</option>`))}
        </select>
      </label>
      <label>Limit <input name="limit" type="number" min="-1" step="1" value=${draft.limit} onInput=${set('limit')} /></label>
      <button type="submit" class="primary">Show graph</button>
      ${props.catalogError && html`<p class="error" role="alert">Variable catalog: ${props.catalogError}</p>`}
      <datalist id="wb-devices">${(chosen?.devices ?? []).map((d) => html`<option value=${d} />`)}</datalist>
      <datalist id="wb-components">${(chosen?.components ?? []).map((d) => html`<option value=${d} />`)}</datalist>
      <datalist id="wb-tags">${(chosen?.tags ?? []).map((d) => html`<option value=${d} />`)}</datalist>
    </form>`;
}

/** Last 1 h / 24 h / 7 d, or a custom start–end (local time). */
function RangePicker(props: { current: WorkbenchState; onPick: (s: WorkbenchState) => void }) {
  const c = props.current;
  const [from, setFrom] = useState(localInput(c.range === 'custom' ? Number(c.start) : Date.now() - 3_600_000));
  const [to, setTo] = useState(localInput(c.range === 'custom' ? Number(c.end) : Date.now()));
  useEffect(() => {
    if (c.range === 'custom') { setFrom(localInput(Number(c.start))); setTo(localInput(Number(c.end))); }
  }, [c.start, c.end, c.range]);
  const custom = (e: Event): void => {
    e.preventDefault();
    const s = new Date(from).getTime();
    const t = new Date(to).getTime();
    if (Number.isFinite(s) && Number.isFinite(t) && s < t) props.onPick({ ...c, range: 'custom', start: String(s), end: String(t) });
  };
  return html`
    <form class="wb-range" onSubmit=${custom} aria-label="Time range">
      ${RANGES.map((r) => html`<button type="button" class=${c.range === r ? 'primary' : ''} aria-pressed=${c.range === r} onClick=${() => props.onPick({ ...c, range: r })}>Last ${r.replace('h', ' h').replace('d', ' d')}</button>`)}
      <label>From <input type="datetime-local" name="from" value=${from} onInput=${(e: Event) => setFrom((e.target as HTMLInputElement).value)} /></label>
      <label>To <input type="datetime-local" name="to" value=${to} onInput=${(e: Event) => setTo((e.target as HTMLInputElement).value)} /></label>
      <button type="submit" class=${c.range === 'custom' ? 'primary' : ''}>Apply range</button>
    </form>`;
}

function localInput(ms: number): string {
  if (!Number.isFinite(ms)) return '';
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
}

/** Each series: its colour key, legend, unit and value range (from the graph answer). */
function SeriesTable(props: { answer: GraphAnswer }) {
  if (props.answer.info.length === 0) return null;
  return html`
    <table class="grid wb-series">
      <thead><tr><th>Series</th><th>Variable</th><th>Unit</th><th>Axis</th><th class="num">Min</th><th class="num">Max</th><th class="num">Points</th></tr></thead>
      <tbody>
        ${props.answer.info.map((i) => html`
          <tr>
            <td>${i.legendEmbedded}</td><td><code>${i.varId}</code></td><td>${i.unit}</td><td>${i.axisSide}</td>
            <td class="num">${fmt(i.range[0])}</td><td class="num">${fmt(i.range[1])}</td><td class="num">${Math.max(0, i.timeseries.length - 1)}</td>
          </tr>`)}
      </tbody>
    </table>`;
}

/** Four significant figures (the answer's values carry more). */
function fmt(v: number): string {
  return Number.isFinite(v) ? String(Number(v.toPrecision(4))) : '';
}
