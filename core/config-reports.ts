import type { Checker, Path } from './config-check.js';
import { parseDurationMs } from './duration.js';

/**
 * `reports:` — when the server writes its report files (docs/reports-and-integrations.md).
 *
 *   reports:
 *     schedule: daily at 02:00   # every day at that UTC time; or `every 6h` (a duration, at least 1m); or `off`
 *     keep: 30                   # report runs kept per network and category; older files are deleted
 *
 * Absent: `daily at 02:00` and `keep: 30`. Applies live on reload: the scheduler reads it at each tick.
 */

export type ReportSchedule =
  | { readonly kind: 'off' }
  | { readonly kind: 'daily'; /** Minutes after 00:00 UTC. */ readonly minuteOfDay: number }
  | { readonly kind: 'interval'; readonly intervalMs: number };

export interface ReportsConfig {
  readonly schedule: ReportSchedule;
  /** Runs kept per network and category (each run is a CSV file and, for most categories, an HTML file). */
  readonly keep: number;
}

const DEFAULT_REPORTS_KEEP = 30;
const DEFAULT_MINUTE_OF_DAY = 2 * 60;
const MIN_INTERVAL_MS = 60_000;

export function defaultReports(): ReportsConfig {
  return { schedule: { kind: 'daily', minuteOfDay: DEFAULT_MINUTE_OF_DAY }, keep: DEFAULT_REPORTS_KEEP };
}

export function parseReports(c: Checker, v: unknown): ReportsConfig {
  if (v === undefined || v === null) return defaultReports();
  const p: Path = ['reports'];
  const o = c.object(v, p, ['schedule', 'keep']);
  return {
    schedule: o.schedule === undefined ? defaultReports().schedule : parseSchedule(c, o.schedule, [...p, 'schedule']),
    keep: c.int(o.keep, [...p, 'keep'], 1, 10_000, DEFAULT_REPORTS_KEEP),
  };
}

/** `off` | `daily at HH:MM` | `every <duration>`. */
function parseSchedule(c: Checker, v: unknown, path: Path): ReportSchedule {
  const bad = (): never => c.fail(path, `must be \`off\`, \`daily at HH:MM\` (UTC) or \`every <duration>\` (at least 1m), got ${JSON.stringify(v)}`);
  if (v === false || v === 'off') return { kind: 'off' };
  if (typeof v !== 'string') return bad();
  const daily = /^daily at ([01]\d|2[0-3]):([0-5]\d)$/.exec(v.trim());
  if (daily) return { kind: 'daily', minuteOfDay: Number(daily[1]) * 60 + Number(daily[2]) };
  const every = /^every (.+)$/.exec(v.trim());
  if (every) {
    const ms = parseDurationMs(every[1]!);
    if (ms !== null && ms >= MIN_INTERVAL_MS) return { kind: 'interval', intervalMs: ms };
  }
  return bad();
}
