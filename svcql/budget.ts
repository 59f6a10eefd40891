import { AppError, isAppError } from '../core/errors.js';

/**
 * What one request may spend on the main thread: time, and points read from series. The
 * evaluator charges work as it goes (`spend` per row, per sort comparison, per point formatted;
 * `check` after each series read and before each REGEXP test) and the budget throws once it is
 * spent: AppError TIME_BUDGET for time, REQUEST_LIMIT for points. Both abort the whole request
 * (see `abortsRequest`), unlike a statement's own errors, which are that target's answer.
 *
 * Granularity: the clock is read every UNITS_PER_CHECK units of `spend` and at every `check`, so
 * a request overruns its time by at most one step between two readings: 1024 cheap units, one
 * series read, or one REGEXP test (bounded by regexp-safety.ts).
 */

interface BudgetLimits {
  /** Wall time from the budget's creation, ms. */
  readonly timeMs: number;
  /** Points read from series over the whole request. */
  readonly points: number;
  /** How to narrow the request, ending the TIME_BUDGET message (default: the query API's advice). */
  readonly narrow?: string;
}

const NARROW_QUERY = 'fewer targets, a narrower WHERE or time range, simpler regular expressions, a LIMIT';

/** Units of `spend` between two readings of the clock (a reading costs about 30 ns). */
export const UNITS_PER_CHECK = 1024;

const monotonicMs = (): number => performance.now();

export class Budget {
  private readonly deadlineMs: number;
  private units = 0;
  private nextCheck = UNITS_PER_CHECK;
  private pointsRead = 0;

  /** `nowMs`: a monotonic clock in ms (tests pass their own). */
  constructor(readonly limits: BudgetLimits, private readonly nowMs: () => number = monotonicMs) {
    this.deadlineMs = nowMs() + limits.timeMs;
  }

  /** A budget that never runs out (evaluation outside a request: views, rules, tests). */
  static unlimited(): Budget {
    return new Budget({ timeMs: Infinity, points: Infinity }, () => 0);
  }

  /** Charges `units` of cheap work (a row, a comparison, a point); reads the clock now and then. */
  spend(units = 1): void {
    this.units += units;
    if (this.units < this.nextCheck) return;
    this.nextCheck = this.units + UNITS_PER_CHECK;
    this.check();
  }

  /** Reads the clock: TIME_BUDGET when the time is spent. */
  check(): void {
    if (this.nowMs() > this.deadlineMs) throw this.timeError();
  }

  /** Time left, ms (0 when spent; Infinity for an unlimited budget). */
  remainingMs(): number {
    return Math.max(0, this.deadlineMs - this.nowMs());
  }

  /** Charges points read from series: REQUEST_LIMIT past the request's points, then a time check. */
  readPoints(n: number): void {
    this.pointsRead += n;
    if (this.pointsRead > this.limits.points) {
      throw new AppError('REQUEST_LIMIT',
        `the request reads more than ${this.limits.points} points from series (points per request); ` +
        'narrow the time range or the series selected');
    }
    this.spend(n);
    this.check();
  }

  /** The error of a spent time budget. */
  timeError(): AppError {
    return new AppError('TIME_BUDGET',
      `the request ran past its time budget of ${this.limits.timeMs} ms and was stopped; narrow it: ` +
      (this.limits.narrow ?? NARROW_QUERY));
  }
}

/** Errors that stop the whole request rather than one statement or target. */
export const abortsRequest = (e: unknown): boolean =>
  isAppError(e) && (e.code === 'TIME_BUDGET' || e.code === 'REQUEST_LIMIT');
