import { ownerName, type Caller } from '../../core/caller.js';
import type { AlertRuleConfig, AlertSeverity } from '../../core/config-schema.js';
import { AppError } from '../../core/errors.js';
import { CONTROL_CHARS } from '../../core/names.js';
import type { AlertRecord, AlertSource } from '../alert-types.js';

/**
 * What the alerts offer people beside the spec's alert fields (ours; docs/api.md "Severity,
 * acknowledgement, history and rules"): the acknowledgement's body and author, a device's (or an
 * alert's) past activations, and the rules that apply to a network as a person reads them.
 */

/** The longest acknowledgement comment (a sentence or two; the silences' reason has the same bound). */
export const MAX_ACK_COMMENT_CHARS = 2000;
/** History entries a call answers by default, and at most. */
export const DEFAULT_HISTORY_LIMIT = 200;
export const MAX_HISTORY_LIMIT = 5000;

const bad = (message: string): AppError => new AppError('BAD_REQUEST', message);

/** The acknowledgement body `{comment?}`: the comment ('' when absent). BAD_REQUEST for anything else. */
export function parseAckBody(body: unknown): string {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw bad('the body must be a JSON object {"comment": "…"}');
  const o = body as Record<string, unknown>;
  for (const k of Object.keys(o)) if (k !== 'comment') throw bad(`unknown field '${k.slice(0, 100)}'; allowed: comment`);
  const c = o.comment ?? '';
  if (typeof c !== 'string') throw bad(`'comment' must be a string, got ${typeof c}`);
  if (c.length > MAX_ACK_COMMENT_CHARS) throw bad(`'comment' is at most ${MAX_ACK_COMMENT_CHARS} characters, got ${c.length}`);
  if (CONTROL_CHARS.test(c.replace(/\n/g, ' '))) throw bad("'comment' must not contain control characters other than line breaks");
  return c;
}

/** Who acknowledges: the user, `token:<name>` for a token (which carries no user name), `anonymous` with authentication off. */
export function ackAuthor(caller: Caller): string {
  return ownerName(caller) ?? 'anonymous';
}

/** One activation of an alert: when it entered Active and when it cleared (0: still active; an entry of 0: unknown, older than what is kept). */
export interface AlertHistoryEntry {
  readonly key: string;
  readonly name: string;
  readonly severity: string;
  readonly deviceId: number;
  readonly deviceName: string;
  readonly componentName: string;
  readonly componentIndex: number;
  readonly inputVariable: string;
  readonly description: string;
  readonly enteredAt: number;
  readonly clearedAt: number;
}

export interface HistoryOptions {
  /** Only this device's alerts (null: every device). */
  readonly deviceId: number | null;
  /** Only this alert (null: every alert). */
  readonly key: string | null;
  readonly limit: number;
}

/** The activations of the alerts the options select, newest first (by the later of entry and clearing), at most `limit`. */
export function alertHistory(source: AlertSource, networkId: number, alerts: readonly AlertRecord[], o: HistoryOptions): AlertHistoryEntry[] {
  const out: AlertHistoryEntry[] = [];
  for (const a of alerts) {
    if (o.deviceId !== null && a.deviceId !== o.deviceId) continue;
    if (o.key !== null && a.key !== o.key) continue;
    for (const [enteredAt, clearedAt] of source.history(networkId, a.key)) {
      out.push({
        key: a.key, name: a.name, severity: a.severity, deviceId: a.deviceId, deviceName: a.deviceName, componentName: a.componentName,
        componentIndex: a.componentIndex, inputVariable: a.inputVariable, description: a.description, enteredAt, clearedAt,
      });
    }
  }
  const at = (e: AlertHistoryEntry): number => (e.clearedAt === 0 ? Math.max(e.enteredAt, Number.MAX_SAFE_INTEGER) : Math.max(e.enteredAt, e.clearedAt));
  out.sort((x, y) => (at(y) - at(x)) || (y.enteredAt - x.enteredAt) || (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));
  return out.slice(0, o.limit);
}

/** A rule as the API shows it (what an alert's detail needs: its condition, window and severity). */
export interface AlertRuleView {
  readonly name: string;
  readonly severity: AlertSeverity;
  /** A built-in rule (`alerts.builtin`) or a configured one. */
  readonly builtin: boolean;
  readonly input: string;
  readonly condition: string;
  readonly duration: number;
  readonly percentage: number;
  readonly notificationTimeMs: number;
  readonly fanOut: boolean;
  /** The description with its macros unexpanded. */
  readonly description: string;
}

export function ruleView(r: AlertRuleConfig): AlertRuleView {
  return {
    name: r.name, severity: r.severity, builtin: r.key.startsWith('alerts.builtin.'), input: r.input, condition: r.condition,
    duration: r.durationMs, percentage: r.percentage, notificationTimeMs: r.notificationTimeMs, fanOut: r.fanOut, description: r.description,
  };
}
