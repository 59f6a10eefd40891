import { html } from 'htm/preact';
import { useEffect, useState } from 'preact/hooks';
import { listAlerts, SEVERITIES, span, when, type AckState, type AlertNarrowing, type AlertRule, type AlertState } from './alerts-api.js';
import type { Alert } from './api-types.js';
import { AlertDetails, ComponentLink, DeviceLink, SeverityBadge } from './alert-detail.js';
import { href, type Route } from './route.js';

/**
 * `#/alerts?state=active&ack=…&severity=…&name=…&devices=…&components=…&tags=…&key=<alert key>`:
 * the alert list (active, cleared or all; acknowledged or not; of some severities; narrowed by the
 * matching rule), refreshed every REFRESH_MS; a selected alert's detail beside it
 * (alert-detail.ts: acknowledge, silence, its rule, a chart of its input, its activations).
 * The filter and the selection live in the route, so a reload or a shared link shows the same.
 */

const REFRESH_MS = 10_000;
const RULE_KEYS = ['name', 'devices', 'components', 'tags'] as const;

function stateOf(q: URLSearchParams): AlertState {
  const s = q.get('state');
  return s === 'cleared' || s === 'all' ? s : 'active';
}
function narrowingOf(q: URLSearchParams): AlertNarrowing {
  const ack = q.get('ack');
  const sev = q.get('severity') ?? '';
  return {
    ack: ack === 'acknowledged' || ack === 'unacknowledged' ? ack : 'any',
    severity: (SEVERITIES as readonly string[]).includes(sev) ? sev : '',
  };
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
  const more = narrowingOf(q);
  const selected = q.get('key') ?? '';
  const ruleKey = `${which}|${more.ack}|${more.severity}|${RULE_KEYS.map((k) => rule[k]).join('|')}`;

  const [list, setList] = useState<Load<Alert[]>>({ kind: 'loading' });
  const [tick, setTick] = useState(0);
  const refresh = (): void => setTick((n) => n + 1);

  useEffect(() => { setList({ kind: 'loading' }); }, [ruleKey]);
  useEffect(() => {
    let live = true;
    listAlerts(which, rule, more).then(
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
      <${AlertFilter} which=${which} more=${more} rule=${rule} query=${q} onRefresh=${refresh} />
      <div class=${selected ? 'alerts-split' : ''}>
        <div class="alerts-list">${listBody(list, which, q, selected)}</div>
        ${selected && html`<${AlertDetails} key=${selected} alertKey=${selected} tick=${tick} closeHref=${withQuery(q, { key: '' })} onChanged=${refresh} />`}
      </div>
    </section>`;
}

function listBody(list: Load<Alert[]>, which: AlertState, q: URLSearchParams, selected: string) {
  if (list.kind === 'loading') return html`<p class="loading">Loading alerts…</p>`;
  if (list.kind === 'error') return html`<p class="error" role="alert">Alerts could not be read: ${list.message}</p>`;
  const alerts = list.data;
  const status = html`<p class="muted alerts-count" aria-live="polite">
    <span data-count=${alerts.length}>${alerts.length} ${which === 'all' ? '' : which} alert${alerts.length === 1 ? '' : 's'}</span>${' · '}${alerts.filter((a) => a.acknowledged).length} acknowledged · ${alerts.filter((a) => a.silenced).length} silenced · updated ${when(list.at).slice(11)}</p>`;
  if (alerts.length === 0) return html`${status}<p class="empty panel">No ${which === 'all' ? '' : which} alerts${q.toString().match(/name=|devices=|components=|tags=|ack=|severity=/) ? ' match the filter' : ''}.</p>`;
  return html`${status}
    <table class="grid alerts-table">
      <thead><tr><th>Name</th><th>Device</th><th>Component</th><th>Value</th><th>Since / cleared</th><th>Severity</th><th>Acknowledged</th><th>Silenced</th></tr></thead>
      <tbody>
        ${alerts.map((a) => html`
          <tr key=${a.key} data-key=${a.key} data-severity=${a.severity}
            class=${[a.key === selected ? 'selected' : '', a.active ? 'is-active' : 'is-cleared', a.silenced ? 'is-silenced' : '', a.acknowledged ? 'is-acked' : ''].join(' ')}>
            <td><a class="alert-link" href=${withQuery(q, { key: a.key })}>${a.name}</a></td>
            <td><${DeviceLink} deviceId=${a.deviceId} name=${a.deviceName} /></td>
            <td><${ComponentLink} a=${a} /></td>
            <td class="num">${a.value}</td>
            <td>${a.active
              ? html`<span class="status-crit">active</span> for ${span(Date.now() - a.activeSince)} <span class="muted">(${when(a.activeSince)})</span>`
              : html`<span class="status-ok">cleared</span> <span class="muted">(was active since ${when(a.activeSince)})</span>`}</td>
            <td><${SeverityBadge} severity=${a.severity} /></td>
            <td class="ack-cell">${a.acknowledged
              ? html`<span class="acked" title=${a.acknowledgeComment}>by ${a.acknowledgedBy}</span> <span class="muted">${when(a.acknowledgedAt).slice(11)}</span>`
              : html`<span class="muted">no</span>`}</td>
            <td class="silenced-cell">${a.silenced
              ? html`<a href=${href('silences', { id: String(a.matchingSilenceId) })} title="the matching silence">silenced #${a.matchingSilenceId}</a>`
              : html`<span class="muted">no</span>`}</td>
          </tr>`)}
      </tbody>
    </table>`;
}

const ACK_STATES: [AckState, string][] = [['any', 'Any'], ['unacknowledged', 'Unacknowledged'], ['acknowledged', 'Acknowledged']];

function AlertFilter(props: { which: AlertState; more: AlertNarrowing; rule: AlertRule; query: URLSearchParams; onRefresh: () => void }) {
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
      <div class="seg ack-seg" role="group" aria-label="Acknowledgement">
        ${ACK_STATES.map(([s, label]) => html`
          <a href=${withQuery(props.query, { ack: s === 'any' ? '' : s, key: '' })} class=${s === props.more.ack ? 'on' : ''} data-ack=${s}
            aria-current=${s === props.more.ack ? 'true' : undefined}>${label}</a>`)}
      </div>
      <label>Severity <select name="severity" value=${props.more.severity}
        onChange=${(e: Event) => { location.hash = withQuery(props.query, { severity: (e.target as HTMLSelectElement).value, key: '' }); }}>
        <option value="">any</option>
        ${SEVERITIES.map((s) => html`<option value=${s}>${s}</option>`)}
      </select></label>
      ${field('name', 'Name', 'alert or variable names')}
      ${field('devices', 'Devices', 'sw1,sw2')}
      ${field('components', 'Components', 'eth1,eth2')}
      ${field('tags', 'Tags', 'Facet.Word,!Facet')}
      <button type="submit">Filter</button>
      <button type="button" onClick=${() => { location.hash = withQuery(props.query, { name: '', devices: '', components: '', tags: '', ack: '', severity: '', key: '' }); }}>Clear</button>
      <button type="button" onClick=${props.onRefresh} title="read the list again now">Refresh</button>
    </form>`;
}
