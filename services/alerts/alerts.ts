import type { Caller } from '../../core/caller.js';
import { AppError } from '../../core/errors.js';
import type { VariableInstance } from '../../core/types.js';
import { compileVariableRule, type RuleStats } from '../../svcql/index.js';
import { ackAuthor, alertHistory, parseAckBody, ruleView, type AlertHistoryEntry, type AlertRuleView, type HistoryOptions } from './alert-people.js';
import { withSilence } from './alert-record.js';
import type { AlertRecord, AlertSource, SilenceLookup } from '../alert-types.js';
import type { ServiceDeps } from '../deps.js';
import { inputVariableName } from '../silences/index.js';

/** What the alert list takes (docs/api.md "Alerts and silences"). */
interface AlertListOptions {
  /** true: active alerts only; false: cleared ones only; null or absent: both. */
  readonly active?: boolean | null;
  /** Ours: true: acknowledged alerts only; false: unacknowledged ones only; null or absent: both. */
  readonly acknowledged?: boolean | null;
  /** Ours: only alerts of these severities; null or absent: every severity. */
  readonly severities?: readonly string[] | null;
  /** The variable matching rule's parameters (docs/api.md "The variable matching rule"); null or absent: none. */
  readonly rule?: URLSearchParams | null;
}

/** The rule parameters that select (docs/api.md "The variable matching rule"); without any of them, the list selects every alert. */
const SELECTORS = ['name', 'devices', 'components', 'tags'] as const;
const RULE_PARAMS = [...SELECTORS, 'tagMatch', 'sortBy', 'limit', 'start', 'count'] as const;

/**
 * The alerts of the API (docs/api.md "Alerts and silences"), read from the evaluator's
 * AlertSource, with `silenced` and `matchingSilenceId` taken from the silences at the call's time.
 *
 * The list considers active and cleared alerts, then keeps those `active` asks for, then applies
 * the matching rule (docs/api.md "The variable matching rule"; so the rule's limit and paging count the alerts `active` kept). The
 * rule sees an alert as a variable:
 * - `name` holds when it lists the alert's input variable name (the name part of `inputVariable`)
 *   or the alert's own `name`;
 * - `devices`: `deviceName`; `components`: `componentName`; `tags` and `tagMatch`: the alert's tags
 *   (copied from its input variable);
 * - `sortBy` `devices`, `component`, `description` sort by those fields; `curr`, `min` and `max` all
 *   sort by the alert's `value` read as a number (alerts that are not numbers last);
 * - without `name`, `devices`, `components` and `tags` the list selects every alert (the rule's own
 *   "an empty rule matches nothing" is about the rule; an alert list with no rule is the whole list),
 *   and `sortBy`, `limit`, `start`, `count` still apply.
 */
export class AlertService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly source: AlertSource,
    private readonly silences: SilenceLookup,
  ) {}

  /** The network's alerts by the options, each with its silence as of now. BAD_PARAMETER on a malformed rule. */
  list(networkId: number, opts: AlertListOptions = {}): AlertRecord[] {
    const nowMs = this.deps.clock.nowMs();
    let alerts = this.source.alerts(networkId);
    if (opts.active !== undefined && opts.active !== null) {
      const want = opts.active;
      alerts = alerts.filter((a) => a.active === want);
    }
    if (opts.acknowledged !== undefined && opts.acknowledged !== null) {
      const want = opts.acknowledged;
      alerts = alerts.filter((a) => a.acknowledged === want);
    }
    if (opts.severities) {
      const want = new Set(opts.severities);
      alerts = alerts.filter((a) => want.has(a.severity));
    }
    if (opts.rule && RULE_PARAMS.some((p) => opts.rule!.has(p))) alerts = selectByRule(opts.rule, alerts);
    return alerts.map((a) => this.withSilence(networkId, a, nowMs));
  }

  /** The alert with that key (active or cleared), with its silence as of now; UNKNOWN_ALERT when none. */
  get(networkId: number, key: string): AlertRecord {
    const a = this.source.get(networkId, key);
    if (!a) throw new AppError('UNKNOWN_ALERT', `no alert with key '${key.length <= 100 ? key : `${key.slice(0, 100)}…`}' in network ${networkId}`);
    return this.withSilence(networkId, a, this.deps.clock.nowMs());
  }

  /**
   * Acknowledges the active alert for the caller with the body's comment (who: the caller; when:
   * the server's clock); UNKNOWN_ALERT, CONFLICT for a cleared alert, BAD_REQUEST for a bad body.
   */
  async acknowledge(networkId: number, key: string, caller: Caller, body: unknown): Promise<AlertRecord> {
    const comment = parseAckBody(body);
    this.get(networkId, key);
    const a = await this.source.acknowledge(networkId, key, { by: ackAuthor(caller), comment });
    return this.withSilence(networkId, a, this.deps.clock.nowMs());
  }

  /** Withdraws the alert's acknowledgement (none: nothing changes); UNKNOWN_ALERT. */
  async unacknowledge(networkId: number, key: string): Promise<AlertRecord> {
    this.get(networkId, key);
    const a = await this.source.acknowledge(networkId, key, null);
    return this.withSilence(networkId, a, this.deps.clock.nowMs());
  }

  /** Past and current activations of the network's alerts (of one device, one alert), newest first. */
  history(networkId: number, opts: HistoryOptions): AlertHistoryEntry[] {
    return alertHistory(this.source, networkId, this.source.alerts(networkId), opts);
  }

  /** The alert rules in force on the network, as configured (built-ins first). */
  rules(networkId: number): AlertRuleView[] {
    return this.deps.config().alerts.rules.filter((r) => r.networks === null || r.networks.includes(networkId)).map(ruleView);
  }

  private withSilence(networkId: number, a: AlertRecord, nowMs: number): AlertRecord {
    return withSilence(a, this.silences.matching(networkId, a, nowMs));
  }
}

/** An alert as the rule's variable (VariableInstance's fields; `slot` is the alert's position in the list). */
interface AlertSubject extends VariableInstance { readonly alert: AlertRecord }

/**
 * The alerts the rule `params` selects, sorted, limited and paged as it says. The rule holds one
 * `name` per subject: each alert is offered under its own name and, failing that, under its input
 * variable's name.
 */
function selectByRule(params: URLSearchParams, alerts: readonly AlertRecord[]): AlertRecord[] {
  const selects = SELECTORS.some((p) => (params.get(p) ?? '').trim() !== '');
  let q = params;
  if (!selects) {
    // No selector: every alert is offered under one name that the rule is given as its `name`.
    q = new URLSearchParams(params);
    q.set('name', EVERY_ALERT);
  }
  const rule = compileVariableRule(q);
  const subjects: AlertSubject[] = [];
  for (const a of alerts) {
    if (!selects) { subjects.push(subject(a, subjects.length, EVERY_ALERT)); continue; }
    const s = subject(a, subjects.length, a.name);
    if (rule.match(s)) { subjects.push(s); continue; }
    const input = inputVariableName(a.inputVariable);
    if (input !== a.name) {
      const s2 = subject(a, subjects.length, input);
      if (rule.match(s2)) subjects.push(s2);
    }
  }
  const stats = (slot: number): RuleStats => {
    const text = subjects[slot]!.alert.value;
    const v = Number(text);
    const x = text.trim() === '' || !Number.isFinite(v) ? NaN : v;
    return { curr: x, min: x, max: x };
  };
  return (rule.select(subjects, stats) as AlertSubject[]).map((s) => s.alert);
}

/** The name every alert is offered under when the rule has no selector (not a variable name: it has a NUL). */
const EVERY_ALERT = '\u0000every alert';

function subject(a: AlertRecord, slot: number, name: string): AlertSubject {
  return {
    slot, name, deviceId: a.deviceId, index: a.componentIndex, deviceName: a.deviceName, componentName: a.componentName,
    description: a.description, unit: '', category: '', tags: a.tags, alert: a,
  };
}
