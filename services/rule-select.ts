import { compileVariableRule, type Budget, type RuleStats, type VariableRule } from '../svcql/index.js';
import type { VariableInstance } from '../core/types.js';
import type { SeriesStore } from '../store/series/series.js';

/**
 * Selection of variable instances by the matching rule (docs/api.md "The variable matching rule") for every call that takes one.
 * The rule itself is svcql's `compileVariableRule`; this file adds the statistics of sortBy
 * (curr/min/max over a window), taken for the instances the rule matched only, in one rollup of
 * the series store (per-hour rollups answer whole hours without reading points).
 */

/** A time window, both bounds inclusive, ms since the epoch. */
export interface StatsWindow {
  readonly fromMs: number;
  readonly toMs: number;
}

/**
 * curr/min/max of each slot over a window, by slot, for `slots` (one rollup call). curr is the
 * window's last point; NaN each where the slot has none.
 */
function windowStats(series: SeriesStore, w: StatsWindow, slots: readonly number[]): (slot: number) => RuleStats {
  const r = series.rollup(slots, w.fromMs, w.toMs);
  const bySlot = new Map<number, RuleStats>();
  for (let i = 0; i < slots.length; i++) {
    bySlot.set(slots[i]!, r.count[i] === 0 ? NO_STATS : { curr: r.last[i]!, min: r.min[i]!, max: r.max[i]! });
  }
  return (slot) => bySlot.get(slot) ?? NO_STATS;
}
const NO_STATS: RuleStats = Object.freeze({ curr: NaN, min: NaN, max: NaN });

interface RuleSelection {
  readonly rule: VariableRule;
  readonly instances: VariableInstance[];
}

/**
 * Compiles the rule (`params`: the rule's parameters of docs/api.md "The variable matching rule" — name, devices, components, tags,
 * tagMatch, sortBy, limit, start, count) and selects from `all`: filter, sort (statistics over
 * `window` for the matched instances only), limit, page. Throws AppError BAD_PARAMETER on bad rule
 * parameters. `budget` (the request's) is charged per instance tested and per sort comparison and
 * checked after the statistics' rollup: AppError TIME_BUDGET once it is spent.
 */
export function selectByRule(
  params: URLSearchParams, all: readonly VariableInstance[], series: SeriesStore, window: StatsWindow, budget?: Budget,
): RuleSelection {
  const rule = compileVariableRule(params);
  if (!rule.needsStats || rule.empty) return { rule, instances: rule.select(all, undefined, budget) };
  const matched = budget ? all.filter((v) => { budget.spend(); return rule.match(v); }) : all.filter(rule.match);
  const stats = windowStats(series, window, matched.map((v) => v.slot));
  budget?.check();
  return { rule, instances: rule.select(matched, stats, budget) };
}
