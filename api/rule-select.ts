import { compileVariableRule, type RuleStats, type VariableRule } from '../svcql/index.js';
import type { VariableInstance } from '../core/types.js';
import type { SeriesStore } from '../store/series/series.js';
import type { ApiRequest } from './http/http-types.js';
import { parseTimeWindow, type TimeWindow } from './http/time-window.js';

/**
 * Selection of variable instances by the matching rule (spec 4.3) for every API call that takes
 * one. The rule itself is svcql's `compileVariableRule`; this file adds what the API owns: the
 * time window of the sortBy statistics and reading them only for the instances the rule matched.
 */

/** One hour: the window of rule statistics when the request names none. */
export const RULE_STATS_DEFAULT_MS = 3_600_000;

/**
 * Who owns the `start` query parameter. In the graph and data calls it is the window's start
 * (spec 4.5) and the rule has no pagination start; everywhere else it is the rule's pagination
 * start (spec 4.3) and the window is given by `end` and `intervalHr` only.
 */
export type StartMeaning = 'time' | 'page';

/**
 * The window of curr/min/max: the request's (`start` (when it means time), `end`, `intervalHr`,
 * parsed as graph calls parse them), else the hour before now. Throws BAD_PARAMETER when malformed.
 */
export function statsWindow(q: URLSearchParams, nowMs: number, start: StartMeaning): TimeWindow {
  const own = (start === 'time' && q.has('start')) || q.has('end') || q.has('intervalHr');
  if (!own) return { fromMs: nowMs - RULE_STATS_DEFAULT_MS, toMs: nowMs };
  if (start === 'time') return parseTimeWindow(q, nowMs);
  const q2 = new URLSearchParams(q);
  q2.delete('start');
  return parseTimeWindow(q2, nowMs);
}

/** The rule's parameters: without `start` when `start` means time. */
export function ruleQuery(q: URLSearchParams, start: StartMeaning): URLSearchParams {
  if (start === 'page' || !q.has('start')) return q;
  const q2 = new URLSearchParams(q);
  q2.delete('start');
  return q2;
}

/**
 * curr/min/max of a slot over a window, each slot read at most once. Sorting by `curr` needs only
 * the last point (one `last` lookup); `min`/`max` read the window's points.
 */
export function windowStats(series: SeriesStore, w: TimeWindow, column: 'curr' | 'min' | 'max'): (slot: number) => RuleStats {
  const cache = new Map<number, RuleStats>();
  return (slot) => {
    let s = cache.get(slot);
    if (s) return s;
    if (column === 'curr') {
      const last = series.last(slot, w.fromMs, w.toMs);
      s = { curr: last ? last.value : NaN, min: NaN, max: NaN };
    } else {
      const p = series.read(slot, w.fromMs, w.toMs);
      let min = Infinity;
      let max = -Infinity;
      for (let i = 0; i < p.values.length; i++) { const x = p.values[i]!; if (x < min) min = x; if (x > max) max = x; }
      const n = p.values.length;
      s = n === 0 ? { curr: NaN, min: NaN, max: NaN } : { curr: p.values[n - 1]!, min, max };
    }
    cache.set(slot, s);
    return s;
  };
}

export interface RuleSelection {
  readonly rule: VariableRule;
  readonly instances: VariableInstance[];
}

/**
 * Compiles the request's rule and selects from `all`: filter, sort (statistics over
 * `statsWindow` for the matched instances only), limit, page. Throws BAD_PARAMETER on bad rule
 * parameters.
 */
export function selectByRule(
  req: ApiRequest, all: readonly VariableInstance[], series: SeriesStore, nowMs: number, start: StartMeaning = 'page',
): RuleSelection {
  const rule = compileVariableRule(ruleQuery(req.query, start));
  if (!rule.needsStats) return { rule, instances: rule.select(all) };
  const col = rule.sort!.column as 'curr' | 'min' | 'max';
  return { rule, instances: rule.select(all, windowStats(series, statsWindow(req.query, nowMs, start), col)) };
}
