import { AppError } from '../../core/errors.js';
import { excerpt } from './errors.js';

/** The time window of graph and data calls: both bounds inclusive, ms since the epoch. */
interface TimeWindow {
  readonly fromMs: number;
  readonly toMs: number;
}

/** Default `intervalHr` of graph and data calls (spec: 24 hours ending now). */
const DEFAULT_INTERVAL_HR = 24;

const MS_RE = /^[0-9]{1,16}$/;
// ISO 8601 calendar date, optionally with time (minutes, seconds, fraction) and zone.
const ISO_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const PLUS_AS_SPACE_RE = /^(\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?) (\d{2}:?\d{2})$/;
const HOURS_RE = /^(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)$/;

/**
 * A point in time given as integer ms since the epoch or as an ISO 8601 date or date-time. A
 * date-time without a zone is taken as UTC (so that the answer does not depend on the server's
 * time zone); a date alone is its UTC midnight. A space before a trailing zone offset is read as
 * '+' (a client that did not encode '+' in the query). Anything else → AppError BAD_PARAMETER.
 */
export function parseTimestamp(name: string, text: string): number {
  // An unencoded '+' of a zone offset arrives as a space (form decoding): read it back as '+'.
  const t = text.trim().replace(PLUS_AS_SPACE_RE, '$1+$2');
  if (MS_RE.test(t)) return Number(t);
  const m = ISO_RE.exec(t);
  if (m) {
    const [, y, mo, d, h, mi, s, frac, zone] = m;
    const month = Number(mo), day = Number(d), hour = Number(h ?? 0), minute = Number(mi ?? 0), second = Number(s ?? 0);
    if (month >= 1 && month <= 12 && day >= 1 && day <= 31 && hour <= 23 && minute <= 59 && second <= 59) {
      const iso = `${y}-${mo}-${d}T${h ?? '00'}:${mi ?? '00'}:${s ?? '00'}${frac ? '.' + frac.slice(0, 3).padEnd(3, '0') : ''}${normalizeZone(zone)}`;
      const ms = Date.parse(iso);
      // Date.parse rolls 2026-02-31 over to March; reject that by checking the day survived.
      if (Number.isFinite(ms) && dayOfMonthAt(ms, zone) === day) return ms;
    }
  }
  throw new AppError('BAD_PARAMETER', `parameter '${name}' must be ms since the epoch or an ISO 8601 date-time, got '${excerpt(text)}'`);
}

function normalizeZone(zone: string | undefined): string {
  if (zone === undefined || zone === 'Z') return 'Z';
  return zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone; // +0200 → +02:00
}

function dayOfMonthAt(ms: number, zone: string | undefined): number {
  const z = normalizeZone(zone);
  const offsetMin = z === 'Z' ? 0 : (z[0] === '-' ? -1 : 1) * (Number(z.slice(1, 3)) * 60 + Number(z.slice(4, 6)));
  return new Date(ms + offsetMin * 60_000).getUTCDate();
}

/**
 * The window of a graph or data call from `intervalHr`, `start` and `end`:
 * `end` defaults to now; with `start` the window is [start, end], otherwise
 * [end − intervalHr hours, end] with `intervalHr` defaulting to 24. `intervalHr` must be a
 * positive number; `start` after `end` is malformed.
 */
export function parseTimeWindow(query: URLSearchParams, nowMs: number): TimeWindow {
  const endText = query.get('end');
  const startText = query.get('start');
  const hrText = query.get('intervalHr');
  const toMs = endText === null ? nowMs : parseTimestamp('end', endText);
  let hours = DEFAULT_INTERVAL_HR;
  if (hrText !== null) {
    const t = hrText.trim();
    hours = HOURS_RE.test(t) ? Number(t) : NaN;
    if (!(hours > 0) || !Number.isFinite(hours)) {
      throw new AppError('BAD_PARAMETER', `parameter 'intervalHr' must be a positive number of hours, got '${excerpt(hrText)}'`);
    }
  }
  const fromMs = startText === null ? toMs - Math.round(hours * 3_600_000) : parseTimestamp('start', startText);
  if (fromMs > toMs) throw new AppError('BAD_PARAMETER', `'start' (${fromMs}) is after 'end' (${toMs})`);
  return { fromMs, toMs };
}
