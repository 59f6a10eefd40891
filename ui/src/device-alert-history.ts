import { html } from 'htm/preact';
import { useEffect, useState } from 'preact/hooks';
import { alertHistory, span, when } from './alerts-api.js';
import type { AlertHistoryEntry } from './api-types.js';
import { ComponentLink, SeverityBadge } from './alert-detail.js';
import { href } from './route.js';

/**
 * A device's alert history on its Summary: every kept activation of the device's alerts (entered,
 * cleared, how long), newest first; each alert links to its detail on the alerts page. Read again
 * when the panel refreshes (`tick`).
 */
const HISTORY_ROWS = 100;

export function DeviceAlertHistory(props: { devId: number; tick: number }) {
  const [rows, setRows] = useState<AlertHistoryEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    alertHistory({ deviceId: props.devId }, HISTORY_ROWS).then(
      (h) => { if (live) { setRows(h); setError(null); } },
      (e: unknown) => { if (live) setError((e as Error).message); },
    );
    return () => { live = false; };
  }, [props.devId, props.tick]);
  let body;
  if (error !== null) body = html`<p class="error" role="alert">Alert history could not be read: ${error}</p>`;
  else if (rows === null) body = html`<p class="loading">Loading the alert history…</p>`;
  else if (rows.length === 0) body = html`<p class="empty no-alert-history">No alert was ever active on this device.</p>`;
  else {
    body = html`
      <table class="grid alert-history">
        <thead><tr><th>Alert</th><th>Severity</th><th>Component</th><th>Entered</th><th>Cleared</th><th>Lasted</th><th>Description</th></tr></thead>
        <tbody>${rows.map((h) => html`
          <tr key=${`${h.key}:${h.enteredAt}`} data-key=${h.key} data-entered=${h.enteredAt} class=${h.clearedAt === 0 ? 'is-active' : 'is-cleared'}>
            <td><a class="alert-link" href=${href('alerts', { state: 'all', key: h.key })}>${h.name}</a></td>
            <td><${SeverityBadge} severity=${h.severity} /></td>
            <td><${ComponentLink} a=${h} /></td>
            <td>${h.enteredAt ? when(h.enteredAt) : html`<span class="muted">earlier</span>`}</td>
            <td>${h.clearedAt ? when(h.clearedAt) : html`<span class="status-crit">active</span>`}</td>
            <td>${h.enteredAt ? span((h.clearedAt || Date.now()) - h.enteredAt) : ''}</td>
            <td class="muted">${h.description}</td>
          </tr>`)}</tbody>
      </table>`;
  }
  return html`<div class="panel wide device-alert-history"><h2>Alert history</h2>${body}</div>`;
}
