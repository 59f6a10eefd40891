import type { StatsWindow } from '../../services/rule-select.js';
import { parseTimeWindow } from './time-window.js';

/**
 * The query parameters of a call that takes a matching rule (docs/api.md "The variable matching rule"): the rule's own parameters
 * and the window of its sortBy statistics.
 */

/** One hour: the statistics window when the request names none. */
const RULE_STATS_DEFAULT_MS = 3_600_000;

/**
 * Who owns the `start` query parameter. In the graph and data calls it is the window's start
 * (docs/api.md "Time window") and the rule has no pagination start; everywhere else it is the rule's pagination
 * start (docs/api.md "The variable matching rule") and the window is given by `end` and `intervalHr` only.
 */
type StartMeaning = 'time' | 'page';

/**
 * The window of curr/min/max: the request's (`start` (when it means time), `end`, `intervalHr`,
 * parsed as graph calls parse them), else the hour before now. Throws BAD_PARAMETER when malformed.
 */
export function statsWindow(q: URLSearchParams, nowMs: number, start: StartMeaning): StatsWindow {
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
