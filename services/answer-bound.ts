import { AppError } from '../core/errors.js';
import { jsonBytes, type AnswerMeter, type Budget } from '../svcql/index.js';
import { REQUEST_LIMITS } from './request-limits.js';

/**
 * Counts an answer while it is built and stops it past the request's bounds (AppError
 * REQUEST_LIMIT naming the bound and how to narrow the request): estimated JSON bytes of the whole
 * answer, rows of the whole answer, and rows of the current target (`startTarget`). Rows and
 * bytes are counted before they are built, so at most one row more than the bound is ever built.
 */
export class AnswerBound implements AnswerMeter {
  private bytes = 2;
  private rows = 0;
  private targetRows = 0;

  /**
   * `narrow`: how to narrow the request, ending the messages. Bounds default to REQUEST_LIMITS'
   * answer bytes and no row bounds. `budget` (the request's time) is charged one unit per row.
   */
  constructor(
    private readonly narrow: string,
    private readonly limits: { maxBytes?: number; maxRows?: number; maxRowsPerTarget?: number } = {},
    private readonly budget?: Budget,
  ) {}

  /** The rows from here on are the next target's (the caller names the target in the messages). */
  startTarget(): void {
    this.targetRows = 0;
  }

  /** A row (item, entry) of about `bytes` bytes of JSON is about to be added. */
  row(bytes: number): void {
    this.budget?.spend();
    this.rows++;
    this.targetRows++;
    this.bytes += bytes + 1;
    const maxBytes = this.limits.maxBytes ?? REQUEST_LIMITS.maxAnswerBytes;
    if (this.bytes > maxBytes) {
      this.fail(`the answer would take more than ${maxBytes} bytes of JSON (answer bytes per request)`);
    }
    const perTarget = this.limits.maxRowsPerTarget;
    if (perTarget !== undefined && this.targetRows > perTarget) {
      this.fail(`the target answers more than ${perTarget} rows (rows per target)`);
    }
    const maxRows = this.limits.maxRows;
    if (maxRows !== undefined && this.rows > maxRows) this.fail(`the answer has more than ${maxRows} rows (rows per request)`);
  }

  /** Counts `x` as one row and gives it back: `items.map((v) => bound.item({ … }))`. */
  item<T>(x: T): T {
    this.row(jsonBytes(x));
    return x;
  }

  private fail(what: string): never {
    throw new AppError('REQUEST_LIMIT', `${what}; ${this.narrow}`);
  }
}
