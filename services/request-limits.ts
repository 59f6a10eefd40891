/**
 * The bounds of one request's work and answer, so that no request can hold the main thread for
 * long or build an answer too large for the heap (docs/api.md "Request bounds"). Each is reported
 * as a 400 with code REQUEST_LIMIT (TIME_BUDGET for time) naming the bound and how to narrow the
 * request; SvcQL's own bounds per statement are in svcql/language/limits.ts.
 */
export const REQUEST_LIMITS = Object.freeze({
  /**
   * Main-thread time of one query request (POST …/data/: every SvcQL and structured target),
   * from when its tables are ready; ms. Chosen over evaluation in a worker thread, which would
   * copy the inventory per request or keep a second copy in sync (measured in
   * bench/svcql/budget.ts).
   */
  queryTimeBudgetMs: 2_000,
  /**
   * Main-thread time of one call over the variable inventory: catalog, workbench, summary, last
   * values, and the selection of graph and data calls by rule (their sorts with a numeric-aware
   * collator take seconds over a million instances); ms, from when the call starts.
   */
  inventoryTimeBudgetMs: 2_000,
  /**
   * Main-thread time of one map call (a map, a preview, a layout) from when the call starts: the
   * `connecting` search stops past it (TIME_BUDGET), in addition to its bound in steps
   * (services/maps/map-graph.ts MAX_CONNECTING_VISITS); ms.
   */
  mapTimeBudgetMs: 2_000,
  /** Targets in one query body (a dashboard panel sends a handful). */
  maxTargets: 100,
  /** Rows one target answers: table rows, time_series entries, list values. */
  maxRowsPerTarget: 100_000,
  /** Rows all targets of one query request answer together. */
  maxRowsPerRequest: 500_000,
  /** Points read from series by one request (query, graph and data calls): 160 MB of arrays. */
  maxPointsPerRequest: 10_000_000,
  /**
   * Estimated bytes of one answer's JSON (svcql/json-size.ts). Far below V8's longest string
   * (2^29 characters) even where the estimate is low six times over (text full of escapes).
   */
  maxAnswerBytes: 32 * 1024 * 1024,
});
