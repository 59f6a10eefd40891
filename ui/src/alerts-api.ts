import { ApiError, api, get, post, state } from './api.js';
import type { Alert, AlertHistoryEntry, AlertRuleInfo, Silence, SilenceMatch as Match, SilenceResult } from './api-types.js';

/**
 * The alerts and silences calls of the API (docs/api.md "Alerts and silences"), typed, and the
 * small helpers the alerts and silences pages share (times, durations, an alert's match).
 */

/** Which alerts the list asks for: the `active` parameter. */
export type AlertState = 'active' | 'cleared' | 'all';

/** Which acknowledgement state the list asks for: the `acknowledged` parameter (ours). */
export type AckState = 'any' | 'acknowledged' | 'unacknowledged';

/** The severities, most urgent first (ours). */
export const SEVERITIES = ['critical', 'warning', 'info'] as const;

/** The matching rule's selection parameters the alert list offers. */
export interface AlertRule { name: string; devices: string; components: string; tags: string }

/** The list's narrowing beyond the state: acknowledgement and severity ('' for every severity). */
export interface AlertNarrowing { ack: AckState; severity: string }

const alertsBase = (): string => `/v2/alerts/net/${state.netId}`;

function alertsQuery(which: AlertState, rule: AlertRule, more: AlertNarrowing): string {
  const q = new URLSearchParams();
  if (which !== 'all') q.set('active', which === 'active' ? 'true' : 'false');
  if (more.ack !== 'any') q.set('acknowledged', more.ack === 'acknowledged' ? 'true' : 'false');
  if (more.severity !== '') q.set('severity', more.severity);
  for (const k of ['name', 'devices', 'components', 'tags'] as const) {
    const v = rule[k].trim();
    if (v !== '') q.set(k, v);
  }
  const s = q.toString();
  return s === '' ? '' : `?${s}`;
}

export const listAlerts = (which: AlertState, rule: AlertRule, more: AlertNarrowing = { ack: 'any', severity: '' }): Promise<Alert[]> =>
  get<Alert[]>(`${alertsBase()}/alerts${alertsQuery(which, rule, more)}`);

/** Acknowledges the active alert with a comment (who and when: the server's). */
export const acknowledgeAlert = (key: string, comment: string): Promise<Alert> =>
  post<Alert>(`${alertsBase()}/alerts/${encodeURIComponent(key)}/ack`, { comment });

/** Withdraws the alert's acknowledgement. */
export const unacknowledgeAlert = (key: string): Promise<Alert> =>
  api<Alert>('DELETE', `${alertsBase()}/alerts/${encodeURIComponent(key)}/ack`);

/** Activations, newest first: of one device's alerts or of one alert. */
export function alertHistory(of: { deviceId: number } | { key: string }, limit = 200): Promise<AlertHistoryEntry[]> {
  const q = new URLSearchParams('deviceId' in of ? { deviceId: String(of.deviceId) } : { key: of.key });
  q.set('limit', String(limit));
  return get<AlertHistoryEntry[]>(`${alertsBase()}/history?${q.toString()}`);
}

/** The alert rules in force on the network. */
export const alertRules = (): Promise<AlertRuleInfo[]> => get<AlertRuleInfo[]>(`${alertsBase()}/rules`);

export const getAlert = (key: string): Promise<Alert> =>
  get<Alert>(`${alertsBase()}/alerts/${encodeURIComponent(key)}`);

export const listSilences = (): Promise<Silence[]> => get<Silence[]>(`${alertsBase()}/silences/`);

/** A success result's id; a result with status `error` (should the server answer one with 200) throws. */
function checked(r: SilenceResult): number {
  if (r.status !== 'success') throw new ApiError(400, 'SILENCE_ERROR', r.message || 'the silence was not saved');
  return r.id;
}

/** Creates a silence; `expiresInMs` is the interval from now. Answers the new id. */
export async function createSilence(body: { expirationTimeMs: number; match: Match; reason: string }): Promise<number> {
  return checked(await post<SilenceResult>(`${alertsBase()}/silences`, body));
}

/** Updates a silence: only the fields given change (`expirationTimeMs` is again an interval from now). */
export async function updateSilence(id: number, body: Partial<{ expirationTimeMs: number; match: Match; reason: string }>): Promise<number> {
  return checked(await post<SilenceResult>(`${alertsBase()}/silences/${id}`, body));
}

/** The match of one alert, as the silence API takes it: every attribute the alert has. */
export function matchOfAlert(a: Alert): Match {
  return { key: a.key, varName: a.name, deviceId: a.deviceId, deviceName: a.deviceName, index: a.componentIndex, tags: '' };
}

export const emptyMatch = (): Match => ({ key: '', varName: '', deviceId: 0, deviceName: '', index: 0, tags: '' });

/** The match's attributes that take part, as `field=value` text. */
export function matchText(m: Match): string {
  const parts = (Object.keys(m) as (keyof Match)[]).filter((k) => m[k] !== '' && m[k] !== 0).map((k) => `${k}=${m[k]}`);
  return parts.length === 0 ? '(matches nothing)' : parts.join(', ');
}

/** A time as local date and time (empty for 0). */
export function when(ms: number): string {
  if (!ms) return '';
  const d = new Date(ms);
  const p = (n: number): string => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** A duration in ms as a short text: `45s`, `12m`, `3h 5m`, `2d 4h`. */
export function span(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m`;
  const h = Math.floor(m / 60);
  if (h < 48) return m % 60 ? `${h}h ${m % 60}m` : `${h}h`;
  const d = Math.floor(h / 24);
  return h % 24 ? `${d}d ${h % 24}h` : `${d}d`;
}

/** The longest interval the API takes (10 years). */
export const MAX_SILENCE_MS = 315_576_000_000;
