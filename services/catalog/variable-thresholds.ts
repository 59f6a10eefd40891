import type { VariablesConfig, VariableThresholds } from '../../core/config-schema.js';

/**
 * The colour level of a variable's last value (the `vars` last-value calls' `colorLevel`, and its
 * `color` through COLORS in services/catalog/catalog.ts):
 *
 * - `none`: no value in the past hour; `stale`: a last value known but no longer current (the
 *   thresholds are not applied to it);
 * - a current value of a variable with thresholds: `critical` when past `critical`, else `warning`
 *   when past `warning`, else `normal` — "past" is ≥ for direction `above`, ≤ for `below`;
 * - a current value of a variable without thresholds: `normal`.
 *
 * A variable's thresholds come from its own `thresholds` key (`variables.snmp[]`,
 * `variables.derived[]`) or from `variables.thresholds[<name>]` (any variable, built-in ones
 * included); when both give them, `variables.thresholds` wins.
 */
type ColorLevel = 'normal' | 'warning' | 'critical' | 'stale' | 'none';

const byConfig = new WeakMap<VariablesConfig, ReadonlyMap<string, VariableThresholds>>();

/** Every variable's thresholds by name (one map per configuration object, cached). */
export function thresholdsByName(v: VariablesConfig): ReadonlyMap<string, VariableThresholds> {
  let m = byConfig.get(v);
  if (!m) {
    const out = new Map<string, VariableThresholds>();
    for (const s of v.snmp) if (s.thresholds) out.set(s.name, s.thresholds);
    for (const d of v.derived) if (d.thresholds) out.set(d.name, d.thresholds);
    for (const [name, th] of Object.entries(v.thresholds)) out.set(name, th);
    byConfig.set(v, m = out);
  }
  return m;
}

/** The level of `value` (a number, NaN: none) given whether it is stale and the variable's thresholds. */
export function colorLevel(value: number, stale: boolean, th: VariableThresholds | undefined): ColorLevel {
  if (!Number.isFinite(value)) return 'none';
  if (stale) return 'stale';
  if (!th) return 'normal';
  const past = (limit: number | null): boolean => limit !== null && (th.direction === 'above' ? value >= limit : value <= limit);
  if (past(th.critical)) return 'critical';
  if (past(th.warning)) return 'warning';
  return 'normal';
}
