import { html } from 'htm/preact';
import { useEffect, useState } from 'preact/hooks';
import {
  acknowledgeAlert, alertHistory, alertRules, getAlert, matchOfAlert, span, unacknowledgeAlert, when,
} from './alerts-api.js';
import { get, state } from './api.js';
import type { Alert, AlertHistoryEntry, AlertRuleInfo, GraphAnswer } from './api-types.js';
import { TimeChart } from './chart.js';
import { chartData } from './graph-data.js';
import { SilenceForm } from './alerts-silence-form.js';
import { href } from './route.js';

/**
 * An alert's detail (the panel beside the alert list, `#/alerts?key=<key>`): its description,
 * severity, acknowledgement (acknowledge with a comment, or withdraw it), silence, the rule that
 * made it (input, condition, window), a chart of its input and its state around the activation,
 * its activations, and every field of the alert.
 */

type Load<T> = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ok'; data: T };

/** How much of the input the chart shows before the activation (and after the clearing): at least this, or two windows. */
const CHART_MARGIN_MS = 30 * 60_000;

/** Where an alert's device and component are shown: the device page, its Interfaces tab for an interface's alert. */
export function deviceHref(deviceId: number): string {
  return href('device', deviceId);
}
export function componentHref(a: Pick<Alert, 'deviceId' | 'componentIndex' | 'inputVariable'>): string {
  const variable = a.inputVariable.split('.').slice(0, -2).join('.');
  return variable.startsWith('if') && a.componentIndex > 0 ? href('device', a.deviceId, { tab: 'interfaces' }) : href('device', a.deviceId);
}

/** A device name as a link to its page (plain text for a rule's network-wide alert, device 0). */
export function DeviceLink(props: { deviceId: number; name: string }) {
  return props.deviceId > 0 ? html`<a class="device-link" href=${deviceHref(props.deviceId)}>${props.name}</a>` : html`${props.name}`;
}

/** A component name as a link to where it is shown on its device's page. */
export function ComponentLink(props: { a: Pick<Alert, 'deviceId' | 'componentIndex' | 'inputVariable' | 'componentName'> }) {
  const { a } = props;
  return a.deviceId > 0 && a.componentName !== '' ? html`<a class="component-link" href=${componentHref(a)}>${a.componentName}</a>` : html`${a.componentName}`;
}

export function SeverityBadge(props: { severity: string }) {
  return html`<span class=${`sev sev-${props.severity}`} data-severity=${props.severity}>${props.severity}</span>`;
}

/** The time window of the chart: from before the activation to after its clearing (or now, while active). */
function chartWindow(a: Alert, history: readonly AlertHistoryEntry[], rule: AlertRuleInfo | undefined): { start: number; end: number } {
  const margin = Math.max(CHART_MARGIN_MS, 2 * (rule?.duration ?? 0));
  const now = Date.now();
  const last = history.find((h) => h.enteredAt === a.activeSince);
  const until = a.active || !last || last.clearedAt === 0 ? now : Math.min(now, last.clearedAt + margin);
  return { start: Math.max(0, a.activeSince - margin), end: Math.max(until, a.activeSince + 60_000) };
}

export function AlertDetails(props: { alertKey: string; tick: number; closeHref: string; onChanged: () => void }) {
  const [alert, setAlert] = useState<Load<Alert>>({ kind: 'loading' });
  const [silencing, setSilencing] = useState(false);
  const [notice, setNotice] = useState('');
  useEffect(() => { setAlert({ kind: 'loading' }); setSilencing(false); setNotice(''); }, [props.alertKey]);
  useEffect(() => {
    let live = true;
    getAlert(props.alertKey).then(
      (data) => { if (live) setAlert({ kind: 'ok', data }); },
      (e: unknown) => { if (live) setAlert({ kind: 'error', message: (e as Error).message }); },
    );
    return () => { live = false; };
  }, [props.alertKey, props.tick]);

  const close = html`<a class="close" href=${props.closeHref} aria-label="Close the details">×</a>`;
  if (alert.kind === 'loading') return html`<aside class="alert-details panel">${close}<p class="loading">Loading the alert…</p></aside>`;
  if (alert.kind === 'error') return html`<aside class="alert-details panel">${close}<p class="error" role="alert">${alert.message}</p></aside>`;
  const a = alert.data;
  const changed = (next: Alert, text: string): void => { setAlert({ kind: 'ok', data: next }); setNotice(text); props.onChanged(); };
  return html`
    <aside class="alert-details panel" aria-label="Alert details" data-key=${a.key}>
      ${close}
      <h3><${SeverityBadge} severity=${a.severity} /> ${a.name} <span class="muted">on <${DeviceLink} deviceId=${a.deviceId} name=${a.deviceName} /> <${ComponentLink} a=${a} /></span></h3>
      <p class="description">${a.description || html`<span class="muted">(no description)</span>`}</p>
      <p class="alert-state">${a.active
        ? html`<span class="status-crit">active</span> for ${span(Date.now() - a.activeSince)} <span class="muted">(since ${when(a.activeSince)})</span>`
        : html`<span class="status-ok">cleared</span> <span class="muted">(was active since ${when(a.activeSince)})</span>`}</p>
      <${AckPanel} a=${a} onChanged=${changed} />
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
      <${RuleAndChart} a=${a} />
      <${AlertFields} a=${a} />
    </aside>`;
}

/** Acknowledge (with a comment) an active alert that is not; show and withdraw the acknowledgement of one that is. */
function AckPanel(props: { a: Alert; onChanged: (a: Alert, notice: string) => void }) {
  const { a } = props;
  const [comment, setComment] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const run = (call: () => Promise<Alert>, text: string): void => {
    setBusy(true); setError('');
    call().then((next) => { setBusy(false); setComment(''); props.onChanged(next, text); }, (e: unknown) => { setBusy(false); setError((e as Error).message); });
  };
  const err = error && html`<p class="error" role="alert">${error}</p>`;
  if (a.acknowledged) {
    return html`<div class="ack-state acknowledged">
      <p><span class="badge acked">Acknowledged</span> by <strong data-field="ack-by">${a.acknowledgedBy}</strong> at ${when(a.acknowledgedAt)}
        <span class="muted">(${span(Date.now() - a.acknowledgedAt)} ago)</span></p>
      ${a.acknowledgeComment && html`<blockquote class="ack-comment">${a.acknowledgeComment}</blockquote>`}
      <button type="button" disabled=${busy} onClick=${() => run(() => unacknowledgeAlert(a.key), 'Acknowledgement withdrawn.')}>Withdraw acknowledgement</button>
      ${err}
    </div>`;
  }
  if (!a.active) return html`<p class="ack-state muted">Not acknowledged (only an active alert is acknowledged).</p>`;
  const submit = (e: Event): void => { e.preventDefault(); run(() => acknowledgeAlert(a.key, comment), 'Acknowledged.'); };
  return html`<form class="ack-form" onSubmit=${submit} aria-label="Acknowledge the alert">
    <label>Comment <textarea name="ack-comment" rows="2" maxLength=${2000} value=${comment} placeholder="who is on it, what is being done"
      onInput=${(e: Event) => setComment((e.target as HTMLTextAreaElement).value)}></textarea></label>
    <button type="submit" disabled=${busy}>Acknowledge</button>
    <span class="muted"> stops repeated notifications until the alert clears</span>
    ${err}
  </form>`;
}

/** The rule (severity, input, condition, window), a chart of the alert's input and state around its activation, and its activations. */
function RuleAndChart(props: { a: Alert }) {
  const { a } = props;
  const [rule, setRule] = useState<Load<AlertRuleInfo | undefined>>({ kind: 'loading' });
  const [history, setHistory] = useState<AlertHistoryEntry[] | null>(null);
  const [graph, setGraph] = useState<Load<GraphAnswer>>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    Promise.all([alertRules(), alertHistory({ key: a.key }, 50)]).then(([rules, h]) => {
      if (!live) return;
      const r = rules.find((x) => x.name === a.name);
      setRule({ kind: 'ok', data: r }); setHistory(h);
      const w = chartWindow(a, h, r);
      const ids = [a.inputVariable, a.variable].filter((v) => v !== '').map(encodeURIComponent).join(',');
      return get<GraphAnswer>(`/v2/ui/net/${state.netId}/graph/${ids}?start=${w.start}&end=${w.end}&length=720`)
        .then((g) => { if (live) setGraph({ kind: 'ok', data: g }); });
    }).catch((e: unknown) => {
      if (!live) return;
      const message = (e as Error).message;
      setRule((r) => (r.kind === 'loading' ? { kind: 'error', message } : r));
      setGraph({ kind: 'error', message });
    });
    return () => { live = false; };
  }, [a.key, a.activeSince, a.active]);

  return html`
    <section class="alert-rule" aria-label="The rule">
      <h4>Rule</h4>
      ${rule.kind === 'loading' ? html`<p class="loading">Loading the rule…</p>`
        : rule.kind === 'error' ? html`<p class="error" role="alert">${rule.message}</p>`
        : rule.data === undefined ? html`<p class="muted rule-gone">The rule ${a.name} is no longer configured.</p>`
        : html`<dl class="kv rule">
            <dt>Severity</dt><dd data-field="rule-severity"><${SeverityBadge} severity=${rule.data.severity} /></dd>
            <dt>Input</dt><dd><code data-field="rule-input">${rule.data.input}</code></dd>
            <dt>Condition</dt><dd><code data-field="rule-condition">${rule.data.condition}</code></dd>
            <dt>Window</dt><dd>${rule.data.duration === 0 ? 'the newest step' : `${span(rule.data.duration)}, ${rule.data.percentage}% of the values`}</dd>
            <dt>Kind</dt><dd>${rule.data.builtin ? 'built-in' : 'configured'}</dd>
          </dl>`}
    </section>
    <section class="alert-chart" aria-label="Input around the activation">
      <h4>Input around the activation <span class="muted">(${a.inputVariable}; the alert's state 1 while active)</span></h4>
      ${graph.kind === 'loading' ? html`<p class="loading">Loading the graph…</p>`
        : graph.kind === 'error' ? html`<p class="error" role="alert">${graph.message}</p>`
        : html`<${TimeChart} data=${chartData(graph.data)} height=${200} />`}
    </section>
    <section class="alert-history" aria-label="Activations">
      <h4>Activations</h4>
      ${history === null ? html`<p class="loading">Loading…</p>` : history.length === 0 ? html`<p class="empty">None kept.</p>` : html`
        <table class="grid history">
          <thead><tr><th>Entered</th><th>Cleared</th><th>Lasted</th></tr></thead>
          <tbody>${history.map((h) => html`<tr data-entered=${h.enteredAt}>
            <td>${h.enteredAt ? when(h.enteredAt) : html`<span class="muted">earlier</span>`}</td>
            <td>${h.clearedAt ? when(h.clearedAt) : html`<span class="status-crit">active</span>`}</td>
            <td>${h.enteredAt ? span((h.clearedAt || Date.now()) - h.enteredAt) : ''}</td></tr>`)}</tbody>
        </table>`}
    </section>`;
}

/** Every field of the alert (docs/api.md "Alerts and silences"), as the API gives it. */
function AlertFields(props: { a: Alert }) {
  const { a } = props;
  const rows: [string, unknown][] = [
    ['key', a.key], ['name', a.name], ['deviceName', a.deviceName], ['deviceId', a.deviceId],
    ['componentName', a.componentName], ['componentIndex', a.componentIndex], ['value', a.value],
    ['values', Object.entries(a.values).map(([k, v]) => `${k} = ${v}`).join('\n')],
    ['tags', a.tags.join(', ')], ['variable', a.variable], ['inputVariable', a.inputVariable],
    ['active', a.active ? 'yes' : 'no (cleared)'], ['activeSince', `${when(a.activeSince)} (${a.activeSince})`],
    ['silenced', a.silenced ? 'yes' : 'no'], ['matchingSilenceId', a.matchingSilenceId],
    ['timeLastNotificationSent', a.timeLastNotificationSent ? `${when(a.timeLastNotificationSent)} (${a.timeLastNotificationSent})` : 'never (0)'],
    ['duration', a.duration], ['percentage', a.percentage], ['notificationTimeMs', a.notificationTimeMs],
    ['severity', a.severity], ['acknowledged', a.acknowledged ? 'yes' : 'no'], ['acknowledgedBy', a.acknowledgedBy],
    ['acknowledgedAt', a.acknowledgedAt ? `${when(a.acknowledgedAt)} (${a.acknowledgedAt})` : '0'], ['acknowledgeComment', a.acknowledgeComment],
  ];
  return html`
    <details class="alert-fields" open>
      <summary>Every field</summary>
      <table class="grid fields">
        <tbody>${rows.map(([k, v]) => html`<tr><th>${k}</th><td data-field=${k}>${String(v)}</td></tr>`)}</tbody>
      </table>
    </details>`;
}
