import { AppError } from '../../core/errors.js';
import { parseDurationMs, parseTimeValue } from '../../svcql/index.js';

/**
 * Time values of a dashboard query body (`from`/`until`, docs/api.md "Query body") in every form the NetSpyGlass
 * Grafana datasource sends them (docs/grafana.md):
 *
 * - Grafana's relative forms as typed in the time picker (`rangeRaw`): `now`, `now-6h`,
 *   `now-1M`, `now-1y`, with Grafana's rounding `now/d`, `now-1d/d`, `now-1w/w` — units ms, s, m,
 *   h, d, w, M (calendar month), y (calendar year). Rounding is to the start of the unit for `from`
 *   and to its last millisecond for `until`, in UTC (Grafana rounds in the browser's zone).
 * - `<epoch seconds>s` (the datasource's getTimeForApiCall for an absolute range) and
 *   `<epoch ms>ms`;
 * - what parseTimeValue reads: epoch milliseconds, ISO 8601 (an absolute range's moment object
 *   serialised by JSON.stringify).
 *
 * A value in none of these forms is AppError BAD_PARAMETER naming the field.
 */

const RELATIVE_RE = /^now(?:\s*([+-])\s*(\d{1,9})(ms|[smhdwMy]))?(?:\/([smhdwMy]))?$/;
const EPOCH_RE = /^(\d{1,16})(ms|s)$/;

const FIXED_MS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

function shift(tsMs: number, sign: number, n: number, unit: string): number {
  if (unit === 'M' || unit === 'y') {
    const d = new Date(tsMs);
    if (unit === 'M') d.setUTCMonth(d.getUTCMonth() + sign * n);
    else d.setUTCFullYear(d.getUTCFullYear() + sign * n);
    return d.getTime();
  }
  return tsMs + sign * n * FIXED_MS[unit]!;
}

/** Start of the UTC unit holding tsMs (weeks start on Sunday, as Grafana's default locale). */
function startOf(tsMs: number, unit: string): number {
  const d = new Date(tsMs);
  switch (unit) {
    case 'y': return Date.UTC(d.getUTCFullYear(), 0, 1);
    case 'M': return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
    case 'w': {
      const day = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
      return day - d.getUTCDay() * FIXED_MS.d!;
    }
    default: return Math.floor(tsMs / FIXED_MS[unit]!) * FIXED_MS[unit]!;
  }
}

function endOf(tsMs: number, unit: string): number {
  return shift(startOf(tsMs, unit), 1, 1, unit) - 1;
}

/** The range of a JavaScript Date: a time outside it is refused rather than read as NaN. */
const MAX_TIME_MS = 8.64e15;

/** Milliseconds of a time value of field `name`; `roundUp` for the end of a range (`until`). */
export function parseDashboardTime(name: string, v: string | number, nowMs: number, roundUp: boolean): number {
  const ms = readTime(name, v, nowMs, roundUp);
  if (!Number.isFinite(ms) || Math.abs(ms) > MAX_TIME_MS) {
    throw new AppError('BAD_PARAMETER', `'${name}' ${JSON.stringify(v)} is outside the dates a time can hold`);
  }
  return ms;
}

function readTime(name: string, v: string | number, nowMs: number, roundUp: boolean): number {
  if (typeof v === 'string') {
    const s = v.trim();
    const rel = RELATIVE_RE.exec(s);
    if (rel) {
      let ts = rel[1] ? shift(nowMs, rel[1] === '-' ? -1 : 1, Number(rel[2]), rel[3]!) : nowMs;
      if (rel[4]) ts = roundUp ? endOf(ts, rel[4]) : startOf(ts, rel[4]);
      return ts;
    }
    const epoch = EPOCH_RE.exec(s);
    if (epoch) return Number(epoch[1]) * (epoch[2] === 's' ? 1000 : 1);
  }
  try {
    return parseTimeValue(v, nowMs);
  } catch (e) {
    throw new AppError('BAD_PARAMETER',
      `'${name}' is not a time: use now, now-6h, now-1d/d, epoch seconds (1480000000s), epoch milliseconds or an ISO 8601 date-time`,
      { cause: e });
  }
}

/** A Grafana interval (`groupByTime`): `<n><unit>`, unit ms, s, m, h, d, w or y (365 days). */
export function parseIntervalMs(text: string): number | null {
  const s = text.trim();
  const y = /^(\d{1,6})y$/.exec(s);
  if (y) { const ms = Number(y[1]) * 365 * FIXED_MS.d!; return ms > 0 && Number.isSafeInteger(ms) ? ms : null; }
  return parseDurationMs(s);
}
