import type { Checker } from './config-check.js';
import {
  BUILTIN_ALERT_NAMES, type AlertRuleChecker, type AlertRuleConfig, type AlertsConfig, type BuiltinAlertName,
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
  deviceUnreachable: rule('deviceUnreachable', {
    input: "variable = 'reachable'", condition: 'value = 0', durationMs: 0,
    description: '$device does not answer SNMP polls',
  }),
  interfaceDown: rule('interfaceDown', {
    input: "variable = 'ifOperStatus'", condition: 'value IN (2, 7) AND ifAdminStatus = 1', durationMs: 0,
    description: 'interface $component of $device is down (operational status $value) while administratively up',
  }),
  interfaceUtilisation: rule('interfaceUtilisation', {
    input: "variable IN ('ifInUtil', 'ifOutUtil')", condition: 'value > 90', durationMs: 10 * 60_000, percentage: 80,
    description: '$variable of $component on $device is $value% (over 90% for $percentage% of $duration)',
  }),
  cpuHigh: rule('cpuHigh', {
    input: "variable = 'cpuUtil'", condition: 'value > 90', durationMs: 5 * 60_000,
    description: 'CPU of $device at $value% (over 90% for $duration)',
  }),
  deviceRebooted: rule('deviceRebooted', {
    input: "variable = 'sysUpTime'", condition: 'previous IS NOT NULL AND value < previous', durationMs: 0,
    description: '$device restarted: sysUpTime went back to $value s',
  }),
});

function rule(name: BuiltinAlertName, r: Pick<AlertRuleConfig, 'input' | 'condition' | 'durationMs' | 'description'> & { percentage?: number }): AlertRuleConfig {
  return Object.freeze({
    name, networks: null, percentage: 100, notificationTimeMs: HOUR_MS, fanOut: true, notify: null, key: `alerts.builtin.${name}`, ...r,
  });
}

/** Every built-in on, no configured rule: the configuration without an `alerts:` section. */
export function defaultAlerts(): AlertsConfig {
  const builtin = Object.fromEntries(BUILTIN_ALERT_NAMES.map((n) => [n, true])) as Record<BuiltinAlertName, boolean>;
  return { builtin, rules: BUILTIN_ALERT_NAMES.map((n) => BUILTIN_ALERT_RULES[n]) };
}

/**
 * Parses `alerts:`. `check` (main.ts passes SvcQL's) checks each rule's input and condition at
 * load; without it only their type and length are checked.
 */
export function parseAlerts(c: Checker, v: unknown, _networks: readonly NetworkConfig[], _check: AlertRuleChecker | undefined): AlertsConfig {
  if (v === undefined || v === null) return defaultAlerts();
  // TODO(alerts engine): builtin switches and rules.
  c.object(v, ['alerts'], ['builtin', 'rules']);
  return defaultAlerts();
}
