/**
 * Bounds on what a client may send, so that no query can exhaust memory, the stack or the CPU.
 * Every bound is reported as AppError SVCQL_LIMIT naming the bound.
 */
export const limits = Object.freeze({
  /** Characters in one query text (all statements together). Views and filters are far shorter. */
  maxQueryChars: 32_768,
  /** Tokens in one query text: bounds parse time and IN-list sizes. */
  maxTokens: 4_096,
  /** Nesting of parentheses, NOT and function calls: keeps the recursive-descent parser off the stack limit. */
  maxDepth: 64,
  /** Statements separated by `;` in one query text. */
  maxStatements: 32,
  /** Rows after multi-valued columns are expanded (one row per word): ~100 MB of row objects. */
  maxExpandedRows: 1_000_000,
  /** Points read from series for one statement: 160 MB of typed arrays. */
  maxPoints: 10_000_000,
  /** Buckets of one GROUP BY time(...) over the statement's range. */
  maxBuckets: 100_000,
  /** Window of sma(x, n). */
  maxWindow: 100_000,
  /**
   * V8's linear-time regexp engine (the fallback for excessive backtracking) refuses patterns whose
   * bounded repetitions replicate a part more than 16 times; such a pattern would run on the
   * backtracking engine only, so it is rejected (regexp-scan.ts reads the counts as V8 does, and
   * regexp-check.ts also asks V8 itself).
   */
  maxRegexpReplication: 16,
});
