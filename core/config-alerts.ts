import { formatPath, type Checker, type Path } from './config-check.js';
import { CONTROL_CHARS } from './names.js';
import {
  ALERT_SEVERITIES, BUILTIN_ALERT_NAMES, type AlertRuleChecker, type AlertSeverity, type AlertRuleConfig, type AlertsConfig, type BuiltinAlertName,
  type NetworkConfig,
} from './config-schema.js';

/**
 * `alerts:` — the built-in rules (each on unless `alerts.builtin.<name>: false`) and the configured
 * ones (`alerts.rules`). The built-ins are ordinary rules: an operator who wants other thresholds
 * turns one off and writes a rule of their own (README "Alerts" shows each definition).
 */

const HOUR_MS = 3_600_000;

/** The built-in rules, as if written in the configuration. */
export const BUILTIN_ALERT_RULES: Readonly<Record<BuiltinAlertName, AlertRuleConfig>> = Object.freeze({
  /** `reachable` is written by the collector for every device and poll cycle: 1 answered, 0 failed. */
  deviceUnreachable: rule('deviceUnreachable', 'critical', {
    input: "variable = 'reachable'", condition: 'value = 0', durationMs: 0,
    description: '$device does not answer SNMP polls',
  }),
  interfaceDown: rule('interfaceDown', 'warning', {
    input: "variable = 'ifOperStatus'", condition: 'value IN (2, 7) AND ifAdminStatus = 1', durationMs: 0,
    description: 'interface $component of $device is down (operational status $value) while administratively up',
  }),
  interfaceUtilisation: rule('interfaceUtilisation', 'warning', {
    input: "variable IN ('ifInUtil', 'ifOutUtil')", condition: 'value > 90', durationMs: 10 * 60_000, percentage: 80,
    description: '$variable of $component on $device is $value% (over 90% for $percentage% of $duration)',
  }),
  cpuHigh: rule('cpuHigh', 'warning', {
    input: "variable = 'cpuUtil'", condition: 'value > 90', durationMs: 5 * 60_000,
    description: 'CPU of $device at $value% (over 90% for $duration)',
  }),
  /** On the right of a comparison a bare name is text: the column is written in backticks. */
  deviceRebooted: rule('deviceRebooted', 'info', {
    input: "variable = 'sysUpTime'", condition: 'previous IS NOT NULL AND value < `previous`', durationMs: 0,
    description: '$device restarted: sysUpTime went back to $value s',
  }),
  /** `mode: central` only (remote/skew-series.ts writes it): a collector's clock against the NATS server's, in seconds. */
  collectorClockSkew: rule('collectorClockSkew', 'warning', {
    input: "variable = 'collectorClockSkew'", condition: 'value > 10 OR value < -10', durationMs: 0,
    description: 'the clock of collector #$index is $value s off the NATS server\'s (its points more than 60 s ahead of the central are not written)',
  }),
});

/**
 * A built-in rule; its severity: a device that does not answer is critical (nothing of it is
 * watched any more), a port down or a busy link or CPU a warning, a restart (already over) info.
 */
function rule(
  name: BuiltinAlertName, severity: AlertSeverity, r: Pick<AlertRuleConfig, 'input' | 'condition' | 'durationMs' | 'description'> & { percentage?: number },
): AlertRuleConfig {
  return Object.freeze({
    name, severity, networks: null, percentage: 100, notificationTimeMs: HOUR_MS, fanOut: true, notify: null, key: `alerts.builtin.${name}`, ...r,
  });
}

/** Every built-in on, no configured rule: the configuration without an `alerts:` section. */
export function defaultAlerts(): AlertsConfig {
  const builtin = Object.fromEntries(BUILTIN_ALERT_NAMES.map((n) => [n, true])) as Record<BuiltinAlertName, boolean>;
  return { builtin, rules: BUILTIN_ALERT_NAMES.map((n) => BUILTIN_ALERT_RULES[n]) };
}

/** The longest rule name: a word of letters, digits, `_`, `-` and `.`. */
const MAX_ALERT_NAME_CHARS = 100;
/** The longest `input` or `condition` (SvcQL text). */
const MAX_ALERT_EXPR_CHARS = 8192;
const ALERT_NAME = /^[A-Za-z0-9_.-]+$/;
/** The severity of a configured rule that gives none. */
const DEFAULT_ALERT_SEVERITY: AlertSeverity = 'warning';
/** The description of a configured rule that gives none. */
const DEFAULT_ALERT_DESCRIPTION = '$rule: $variable of $device $component is $value';

/**
 * Parses `alerts:` — `builtin: { <name>: true|false }` and `rules: [...]`, each rule
 * `{ name, severity? (critical, warning, info; warning), networks?, input, condition, duration? (0), percentage? (100), notificationTime? (1h; 0:
 * never again), description?, fanOut? (true), notify? (absent or null: every stream) }`. Every
 * mistake fails naming the key and its line. `check` (main.ts passes SvcQL's) checks each rule's
 * input and condition at load; without it only their type and length are checked. Each name in
 * `notify` must be one of `streamNames` (`notifications.streams`, parsed first): a misspelt stream
 * would otherwise drop notices quietly.
 */
export function parseAlerts(
  c: Checker, v: unknown, networks: readonly NetworkConfig[], streamNames: readonly string[], check: AlertRuleChecker | undefined,
): AlertsConfig {
  if (v === undefined || v === null) return defaultAlerts();
  const top = c.object(v, ['alerts'], ['builtin', 'rules']);
  const builtin = { ...defaultAlerts().builtin };
  if (top.builtin !== undefined && top.builtin !== null) {
    const b = c.object(top.builtin, ['alerts', 'builtin'], BUILTIN_ALERT_NAMES);
    for (const n of BUILTIN_ALERT_NAMES) builtin[n] = c.bool(b[n], ['alerts', 'builtin', n], true);
  }
  const rules: AlertRuleConfig[] = BUILTIN_ALERT_NAMES.filter((n) => builtin[n]).map((n) => BUILTIN_ALERT_RULES[n]);
  const taken = new Map<string, string>(rules.map((r) => [r.name, `the built-in rule (turn it off with alerts.builtin.${r.name}: false)`]));
  const netIds = new Set(networks.map((n) => n.id));
  c.list(top.rules, ['alerts', 'rules']).forEach((item, i) => {
    const r = parseRule(c, item, ['alerts', 'rules', i], netIds, streamNames, check);
    const other = taken.get(r.name);
    if (other !== undefined) c.fail(['alerts', 'rules', i, 'name'], `the name '${r.name}' is taken by ${other}`);
    taken.set(r.name, `alerts.rules[${i}]`);
    rules.push(r);
  });
  return Object.freeze({ builtin: Object.freeze(builtin), rules: Object.freeze(rules) });
}

const RULE_KEYS = ['name', 'severity', 'networks', 'input', 'condition', 'duration', 'percentage', 'notificationTime', 'description', 'fanOut', 'notify'];

function parseRule(
  c: Checker, v: unknown, p: Path, netIds: ReadonlySet<number>, streamNames: readonly string[], check: AlertRuleChecker | undefined,
): AlertRuleConfig {
  const o = c.object(v, p, RULE_KEYS);
  const name = c.str(o.name, [...p, 'name']);
  if (name.length > MAX_ALERT_NAME_CHARS) c.fail([...p, 'name'], `must be at most ${MAX_ALERT_NAME_CHARS} characters`);
  if (!ALERT_NAME.test(name)) c.fail([...p, 'name'], `must be a word of letters, digits, _, - and ., got ${JSON.stringify(name)}`);
  const severity = parseSeverity(c, o.severity, [...p, 'severity']);
  let nets: number[] | null = null;
  if (o.networks !== undefined && o.networks !== null) {
    nets = c.list(o.networks, [...p, 'networks']).map((x, k) => {
      const id = c.int(x, [...p, 'networks', k], 1, 1_000_000, NaN);
      if (!netIds.has(id)) c.fail([...p, 'networks', k], `no network has id ${id}; configured: ${[...netIds].join(', ')}`);
      return id;
    });
    if (nets.length === 0) c.fail([...p, 'networks'], 'must list at least one network id (leave the key out for every network)');
  }
  const expr = (key: 'input' | 'condition'): string => {
    const e = o[key];
    if (e === undefined || e === null) c.fail([...p, key], `is required (a SvcQL matching expression${key === 'input' ? ' over the variables table' : ''})`);
    if (typeof e !== 'string' || e.trim() === '') c.fail([...p, key], `must be a non-empty SvcQL matching expression (a string), got ${JSON.stringify(e)}`);
    if (e.length > MAX_ALERT_EXPR_CHARS) c.fail([...p, key], `must be at most ${MAX_ALERT_EXPR_CHARS} characters`);
    if (check) {
      try { check(e, key); } catch (err) { c.fail([...p, key], `not a valid ${key}: ${(err as Error).message}`); }
    }
    return e;
  };
  const input = expr('input');
  const condition = expr('condition');
  const durationMs = c.durationMs(o.duration, [...p, 'duration'], 0, 0);
  const percentage = c.int(o.percentage, [...p, 'percentage'], 1, 100, 100);
  const notificationTimeMs = c.durationMs(o.notificationTime, [...p, 'notificationTime'], 0, HOUR_MS);
  const description = o.description === undefined || o.description === null ? DEFAULT_ALERT_DESCRIPTION : c.str(o.description, [...p, 'description']);
  if (CONTROL_CHARS.test(description.replace(/\n/g, ' '))) c.fail([...p, 'description'], 'must not contain control characters other than line breaks');
  const fanOut = c.bool(o.fanOut, [...p, 'fanOut'], true);
  let notify: string[] | null = null;
  if (o.notify !== undefined && o.notify !== null) {
    notify = c.list(o.notify, [...p, 'notify']).map((x, k) => {
      const stream = c.str(x, [...p, 'notify', k]);
      if (!streamNames.includes(stream)) c.fail([...p, 'notify', k], `no notification stream is named '${stream}'; configured: ${streamNames.join(', ')}`);
      return stream;
    });
  }
  return Object.freeze({
    name, severity, networks: nets && Object.freeze(nets), input, condition, durationMs, percentage, notificationTimeMs, description,
    fanOut, notify: notify && Object.freeze(notify), key: formatPath(p),
  });
}

/** `severity`: one of ALERT_SEVERITIES; absent or null: DEFAULT_ALERT_SEVERITY. */
function parseSeverity(c: Checker, v: unknown, p: Path): AlertSeverity {
  if (v === undefined || v === null) return DEFAULT_ALERT_SEVERITY;
  if (typeof v !== 'string' || !(ALERT_SEVERITIES as readonly string[]).includes(v)) {
    c.fail(p, `must be one of ${ALERT_SEVERITIES.join(', ')}, got ${JSON.stringify(v)}`);
  }
  return v as AlertSeverity;
}
