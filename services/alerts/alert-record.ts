import { createHash } from 'node:crypto';
import { ALERT_SEVERITIES, type AlertRuleConfig, type AlertSeverity } from '../../core/config-schema.js';
import type { Tag } from '../../core/types.js';
import type { AlertRecord } from '../alert-types.js';

/**
 * One alert as the evaluator keeps it (mutable; the API sees `toRecord` copies), its key, its
 * description macros and its stored form (metadata namespace NS_ALERTS).
 */

/**
 * The variable each alert's state is written to (1 active, 0 cleared), one instance per alert:
 * `alertState.0.<alert number>`, network-level. One variable for every rule because a variable
 * name cannot carry a rule's name (a letter then letters, digits, _; rule names also have - and .),
 * and the index is the alert's number, not its component's, because two rules may alert on one
 * component; the alert's device and component are in the alert itself.
 */
export { ALERT_STATE_VARIABLE } from '../../core/variable-names.js';
import { ALERT_STATE_VARIABLE } from '../../core/variable-names.js';
/** Most entries of an alert's `values` (a rule without fanOut may have very many members). */
export const MAX_ALERT_VALUES = 100;
/** Transitions kept per alert: 50 [entered, cleared] pairs. */
const MAX_HISTORY_PAIRS = 50;

/** A person's acknowledgement of an active alert (ended when the alert clears). */
export interface Acknowledgement {
  /** The user's name, `token:<name>` for a token, `anonymous` with authentication off. */
  readonly by: string;
  readonly atMs: number;
  readonly comment: string;
}

export interface Alert {
  readonly key: string;
  readonly networkId: number;
  readonly rule: string;
  /** The rule's severity (taken again from the rule at each reconcile: a reload may change it). */
  severity: AlertSeverity;
  /** Set while a person has acknowledged the active alert; null otherwise (stored; absent in alerts stored before it). */
  ack: Acknowledgement | null;
  /** The alert's number in its network: the index of its state variable `alertState.0.<number>`. */
  readonly number: number;
  readonly deviceId: number;
  readonly componentIndex: number;
  deviceName: string;
  componentName: string;
  active: boolean;
  activeSince: number;
  timeLastNotificationSent: number;
  /** An `active` notice went out for the current (or last) activation: its clearing is notified. */
  notified: boolean;
  /**
   * The streams that activation's notice went to (null: every stream): its `cleared` notice goes
   * there too, even when the rule is gone or changed (stored; absent in alerts stored before it).
   */
  streams: readonly string[] | null;
  value: string;
  values: Record<string, string>;
  description: string;
  tags: readonly Tag[];
  inputVariable: string;
  durationMs: number;
  percentage: number;
  notificationTimeMs: number;
  /** [enteredMs, clearedMs (0 while active)] pairs, oldest first, at most MAX_HISTORY_PAIRS. */
  history: [number, number][];
  /** The state variable's slot, -1 until allocated. */
  stateSlot: number;
}

/** Stable and random-looking: the first 20 hex digits of sha256(network/rule/device/component index). */
export function alertKey(networkId: number, rule: string, deviceId: number, componentIndex: number): string {
  return createHash('sha256').update(`${networkId}/${rule}/${deviceId}/${componentIndex}`).digest('hex').slice(0, 20);
}

/**
 * A device and component as one map key (`10:3`): the key of an alert's group within its rule, by
 * which a rule's groups, its alerts and sibling variables are found.
 */
export const componentKey = (deviceId: number, index: number): string => `${deviceId}:${index}`;

const stateTriplet = (a: Pick<Alert, 'number'>): string => `${ALERT_STATE_VARIABLE}.0.${a.number}`;

/** The API's form (docs/api.md "Alerts and silences"); `silenceId` from the silence lookup at the time of the call (0: none). */
export function toRecord(a: Alert, silenceId: number): AlertRecord {
  return {
    key: a.key, name: a.rule, deviceName: a.deviceName, deviceId: a.deviceId, componentName: a.componentName,
    componentIndex: a.componentIndex, value: a.value, values: { ...a.values }, description: a.description, tags: a.tags,
    variable: stateTriplet(a), inputVariable: a.inputVariable, activeSince: a.activeSince, active: a.active,
    silenced: silenceId !== 0, matchingSilenceId: silenceId, timeLastNotificationSent: a.timeLastNotificationSent,
    duration: a.durationMs, percentage: a.percentage, notificationTimeMs: a.notificationTimeMs,
    severity: a.severity, acknowledged: a.ack !== null, acknowledgedBy: a.ack?.by ?? '', acknowledgedAt: a.ack?.atMs ?? 0,
    acknowledgeComment: a.ack?.comment ?? '',
  };
}

/** The alert record with the silence `silenceId` (0: none) in `silenced` and `matchingSilenceId`; the same object when they already say so. */
export function withSilence(rec: AlertRecord, silenceId: number): AlertRecord {
  return silenceId === rec.matchingSilenceId && (silenceId !== 0) === rec.silenced ? rec : { ...rec, silenced: silenceId !== 0, matchingSilenceId: silenceId };
}

/** A grid value as an alert shows it: up to 4 decimals, no exponent for ordinary magnitudes; '' for a gap. */
export function formatValue(v: number): string {
  if (Number.isNaN(v)) return '';
  return String(Math.round(v * 10_000) / 10_000);
}

/** 0s, 45s, 10m, 1h30m, 1d. */
function formatDuration(ms: number): string {
  if (ms <= 0) return '0s';
  const parts: [number, string][] = [[86_400_000, 'd'], [3_600_000, 'h'], [60_000, 'm'], [1000, 's']];
  let rest = Math.round(ms / 1000) * 1000;
  let out = '';
  for (const [unit, s] of parts) {
    if (rest >= unit) { out += `${Math.floor(rest / unit)}${s}`; rest %= unit; }
  }
  return out || '0s';
}

/** What the macros of a description stand for. */
interface MacroValues {
  readonly device: string;
  readonly component: string;
  readonly value: string;
  readonly variable: string;
  readonly index: number;
  readonly network: string;
}

/**
 * Expands `$device $component $value $variable $duration $percentage $name $rule $index $network`
 * ($name and $rule: the rule's name); an unknown `$word` stays as written.
 */
export function expandDescription(rule: Pick<AlertRuleConfig, 'name' | 'description' | 'durationMs' | 'percentage'>, m: MacroValues): string {
  return rule.description.replace(/\$([A-Za-z]+)/g, (all, word: string) => {
    switch (word) {
      case 'device': return m.device;
      case 'component': return m.component;
      case 'value': return m.value;
      case 'variable': return m.variable;
      case 'duration': return formatDuration(rule.durationMs);
      case 'percentage': return String(rule.percentage);
      case 'name': case 'rule': return rule.name;
      case 'index': return String(m.index);
      case 'network': return m.network;
      default: return all;
    }
  });
}

/** Appends an entry into Active (at `atMs`) to the bounded history. */
export function recordEntered(a: Alert, atMs: number): void {
  a.history.push([atMs, 0]);
  if (a.history.length > MAX_HISTORY_PAIRS) a.history.splice(0, a.history.length - MAX_HISTORY_PAIRS);
}

export function recordCleared(a: Alert, atMs: number): void {
  const last = a.history[a.history.length - 1];
  if (last && last[1] === 0) last[1] = atMs;
  else a.history.push([0, atMs]);
}

/** The stored form: the alert's fields but the state slot (allocated again at start). */
export function encodeAlert(a: Alert): Record<string, unknown> {
  const { stateSlot: _slot, ...rest } = a;
  return rest;
}

/** Reads a stored alert back; undefined (the caller logs and skips it) when it is not one. */
export function decodeAlert(v: unknown): Alert | undefined {
  if (v === null || typeof v !== 'object') return undefined;
  const o = v as Record<string, unknown>;
  const num = (k: string): boolean => typeof o[k] === 'number' && Number.isFinite(o[k]);
  const str = (k: string): boolean => typeof o[k] === 'string';
  const ok = ['networkId', 'number', 'deviceId', 'componentIndex', 'activeSince', 'timeLastNotificationSent', 'durationMs', 'percentage', 'notificationTimeMs'].every(num)
    && ['key', 'rule', 'deviceName', 'componentName', 'value', 'description', 'inputVariable'].every(str)
    && typeof o.active === 'boolean' && typeof o.notified === 'boolean' && Array.isArray(o.tags) && Array.isArray(o.history)
    && typeof o.values === 'object' && o.values !== null;
  if (!ok) return undefined;
  const streams = Array.isArray(o.streams) && o.streams.every((x) => typeof x === 'string') ? o.streams as string[] : null;
  // Alerts stored before severities: `warning` until their rule's next reconcile sets the rule's.
  const severity = (ALERT_SEVERITIES as readonly unknown[]).includes(o.severity) ? o.severity as AlertSeverity : 'warning';
  return { ...(o as unknown as Alert), severity, ack: decodeAck(o.ack), streams, stateSlot: -1 };
}

function decodeAck(v: unknown): Acknowledgement | null {
  if (v === null || typeof v !== 'object') return null;
  const o = v as Record<string, unknown>;
  if (typeof o.by !== 'string' || typeof o.atMs !== 'number' || !Number.isFinite(o.atMs) || typeof o.comment !== 'string') return null;
  return { by: o.by, atMs: o.atMs, comment: o.comment };
}
