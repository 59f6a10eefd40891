import { html } from 'htm/preact';
import { useEffect, useState } from 'preact/hooks';
import { getAlert, listAlerts, matchOfAlert, span, when, type AlertRule, type AlertState } from './alerts-api.js';
import type { Alert } from './api-types.js';
import { SilenceForm } from './alerts-silence-form.js';
import { href, type Route } from './route.js';

/**
 * `#/alerts?state=active&name=…&devices=…&components=…&tags=…&key=<alert key>`: the alert list
 * (active, cleared or all, narrowed by the matching rule), refreshed every REFRESH_MS; a selected
 * alert's every field beside it, and "Silence" on it: the silence form pre-filled with its match.
 * The filter and the selection live in the route, so a reload or a shared link shows the same.
 */

const REFRESH_MS = 10_000;
const RULE_KEYS = ['name', 'devices', 'components', 'tags'] as const;

function stateOf(q: URLSearchParams): AlertState {
  const s = q.get('state');
  return s === 'cleared' || s === 'all' ? s : 'active';
}
function ruleOf(q: URLSearchParams): AlertRule {
  return { name: q.get('name') ?? '', devices: q.get('devices') ?? '', components: q.get('components') ?? '', tags: q.get('tags') ?? '' };
}
/** The route's query with some keys changed ('' removes one). */
function withQuery(q: URLSearchParams, change: Record<string, string>): string {
  const o: Record<string, string> = {};
  q.forEach((v, k) => { o[k] = v; });
  for (const [k, v] of Object.entries(change)) { if (v === '') delete o[k]; else o[k] = v; }
  return href('alerts', o);
}

type Load<T> = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ok'; data: T; at: number };

export function AlertsPage(props: { route: Route }) {
  const q = props.route.query;
  const which = stateOf(q);
  const rule = ruleOf(q);
  const selected = q.get('key') ?? '';
  const ruleKey = `${which}|${RULE_KEYS.map((k) => rule[k]).join('|')}`;

  const [list, setList] = useState<Load<Alert[]>>({ kind: 'loading' });
  const [tick, setTick] = useState(0);
  const refresh = (): void => setTick((n) => n + 1);

  useEffect(() => { setList({ kind: 'loading' }); }, [ruleKey]);
  useEffect(() => {
    let live = true;
    listAlerts(which, rule).then(
      (data) => { if (live) setList({ kind: 'ok', data, at: Date.now() }); },
      (e: unknown) => { if (live) setList({ kind: 'error', message: (e as Error).message }); },
    );
    return () => { live = false; };
  }, [ruleKey, tick]);
  useEffect(() => {
    const t = setInterval(refresh, REFRESH_MS);
    return () => clearInterval(t);
  }, []);

  return html`
    <section class="alerts-page">
      <h2>Alerts</h2>
      <${AlertFilter} which=${which} rule=${rule} query=${q} onRefresh=${refresh} />
      <div class=${selected ? 'alerts-split' : ''}>
        <div class="alerts-list">${listBody(list, which, q, selected)}</div>
        ${selected && html`<${AlertDetails} key=${selected} alertKey=${selected} tick=${tick} query=${q} onChanged=${refresh} />`}
      </div>
    </section>`;
}

function listBody(list: Load<Alert[]>, which: AlertState, q: URLSearchParams, selected: string) {
  if (list.kind === 'loading') return html`<p class="loading">Loading alerts…</p>`;
  if (list.kind === 'error') return html`<p class="error" role="alert">Alerts could not be read: ${list.message}</p>`;
  const alerts = list.data;
  const status = html`<p class="muted alerts-count" aria-live="polite">
    <span data-count=${alerts.length}>${alerts.length} ${which === 'all' ? '' : which} alert${alerts.length === 1 ? '' : 's'}</span>${' · '}${alerts.filter((a) => a.silenced).length} silenced · updated ${when(list.at).slice(11)}</p>`;
  if (alerts.length === 0) return html`${status}<p class="empty panel">No ${which === 'all' ? '' : which} alerts${q.toString().match(/name=|devices=|components=|tags=/) ? ' match the filter' : ''}.</p>`;
  return html`${status}
    <table class="grid alerts-table">
      <thead><tr><th>Name</th><th>Device</th><th>Component</th><th>Value</th><th>Since / cleared</th><th>Silenced</th></tr></thead>
      <tbody>
        ${alerts.map((a) => html`
          <tr key=${a.key} data-key=${a.key} class=${[a.key === selected ? 'selected' : '', a.active ? 'is-active' : 'is-cleared', a.silenced ? 'is-silenced' : ''].join(' ')}>
            <td><a href=${withQuery(q, { key: a.key })}>${a.name}</a></td>
            <td>${a.deviceName}</td>
            <td>${a.componentName}</td>
            <td class="num">${a.value}</td>
            <td>${a.active
              ? html`<span class="status-crit">active</span> for ${span(Date.now() - a.activeSince)} <span class="muted">(${when(a.activeSince)})</span>`
              : html`<span class="status-ok">cleared</span> <span class="muted">(was active since ${when(a.activeSince)})</span>`}</td>
            <td class="silenced-cell">${a.silenced
              ? html`<a href=${href('silences', { id: String(a.matchingSilenceId) })} title="the matching silence">silenced #${a.matchingSilenceId}</a>`
              : html`<span class="muted">no</span>`}</td>
          </tr>`)}
      </tbody>
    </table>`;
}

function AlertFilter(props: { which: AlertState; rule: AlertRule; query: URLSearchParams; onRefresh: () => void }) {
  const [rule, setRule] = useState<AlertRule>(props.rule);
  useEffect(() => setRule(props.rule), [RULE_KEYS.map((k) => props.rule[k]).join('|')]);
  const apply = (e: Event): void => {
    e.preventDefault();
    location.hash = withQuery(props.query, { ...rule, key: '' });
  };
  const field = (k: keyof AlertRule, label: string, hint: string) => html`
    <label>${label} <input name=${k} value=${rule[k]} placeholder=${hint}
      onInput=${(e: Event) => setRule({ ...rule, [k]: (e.target as HTMLInputElement).value })} /></label>`;
  return html`
    <form class="alert-filter" onSubmit=${apply} aria-label="Alert filter">
      <div class="seg" role="group" aria-label="Alert state">
        ${(['active', 'cleared', 'all'] as const).map((s) => html`
          <a href=${withQuery(props.query, { state: s === 'active' ? '' : s, key: '' })} class=${s === props.which ? 'on' : ''}
            aria-current=${s === props.which ? 'true' : undefined}>${s[0]!.toUpperCase() + s.slice(1)}</a>`)}
      </div>
      ${field('name', 'Name', 'alert or variable names')}
      ${field('devices', 'Devices', 'sw1,sw2')}
      ${field('components', 'Components', 'eth1,eth2')}
      ${field('tags', 'Tags', 'Facet.Word,!Facet')}
      <button type="submit">Filter</button>
      <button type="button" onClick=${() => { location.hash = withQuery(props.query, { name: '', devices: '', components: '', tags: '', key: '' }); }}>Clear</button>
      <button type="button" onClick=${props.onRefresh} title="read the list again now">Refresh</button>
    </form>`;
}

function AlertDetails(props: { alertKey: string; tick: number; query: URLSearchParams; onChanged: () => void }) {
  const [alert, setAlert] = useState<Load<Alert>>({ kind: 'loading' });
  const [silencing, setSilencing] = useState(false);
  const [notice, setNotice] = useState('');
  useEffect(() => { setAlert({ kind: 'loading' }); setSilencing(false); setNotice(''); }, [props.alertKey]);
  useEffect(() => {
    let live = true;
    getAlert(props.alertKey).then(
      (data) => { if (live) setAlert({ kind: 'ok', data, at: Date.now() }); },
      (e: unknown) => { if (live) setAlert({ kind: 'error', message: (e as Error).message }); },
    );
    return () => { live = false; };
  }, [props.alertKey, props.tick]);

  const close = html`<a class="close" href=${withQuery(props.query, { key: '' })} aria-label="Close the details">×</a>`;
  if (alert.kind === 'loading') return html`<aside class="alert-details panel">${close}<p class="loading">Loading the alert…</p></aside>`;
  if (alert.kind === 'error') return html`<aside class="alert-details panel">${close}<p class="error" role="alert">${alert.message}</p></aside>`;
  const a = alert.data;
  const rows: [string, unknown][] = [
    ['key', a.key], ['name', a.name], ['deviceName', a.deviceName], ['deviceId', a.deviceId],
    ['componentName', a.componentName], ['componentIndex', a.componentIndex], ['value', a.value],
    ['values', Object.entries(a.values).map(([k, v]) => `${k} = ${v}`).join('\n')],
    ['tags', a.tags.join(', ')], ['variable', a.variable], ['inputVariable', a.inputVariable],
    ['active', a.active ? 'yes' : 'no (cleared)'], ['activeSince', `${when(a.activeSince)} (${a.activeSince})`],
    ['silenced', a.silenced ? 'yes' : 'no'], ['matchingSilenceId', a.matchingSilenceId],
    ['timeLastNotificationSent', a.timeLastNotificationSent ? `${when(a.timeLastNotificationSent)} (${a.timeLastNotificationSent})` : 'never (0)'],
    ['duration', a.duration], ['percentage', a.percentage], ['notificationTimeMs', a.notificationTimeMs],
  ];
  return html`
    <aside class="alert-details panel" aria-label="Alert details">
      ${close}
      <h3>${a.name} <span class="muted">on ${a.deviceName} ${a.componentName}</span></h3>
      <p class="description">${a.description || html`<span class="muted">(no description)</span>`}</p>
      <p class="silence-state">
        ${a.silenced
          ? html`<span class="badge silenced">Silenced by <a href=${href('silences', { id: String(a.matchingSilenceId) })}>silence #${a.matchingSilenceId}</a></span>`
          : html`<span class="badge">Not silenced</span>`}
        ${!silencing && html` <button type="button" onClick=${() => { setSilencing(true); setNotice(''); }}>Silence…</button>`}
        ${notice && html` <span class="ok-note" role="status">${notice}</span>`}
      </p>
      ${silencing && html`<${SilenceForm} initial=${matchOfAlert(a)}
        onCancel=${() => setSilencing(false)}
        onDone=${(id: number) => { setSilencing(false); setNotice(`Silence #${id} created.`); props.onChanged(); }} />`}
      <table class="grid fields">
        <tbody>${rows.map(([k, v]) => html`<tr><th>${k}</th><td data-field=${k}>${String(v)}</td></tr>`)}</tbody>
      </table>
    </aside>`;
}
