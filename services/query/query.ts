import { AppError, isAppError } from '../../core/errors.js';
import { abortsRequest, answerStructuredTarget, answerSvcqlTarget, Budget, jsonBytes, type TargetContext } from '../../svcql/index.js';
import { AnswerBound } from '../answer-bound.js';
import type { ServiceDeps } from '../deps.js';
import { deviceIndex } from '../inventory-index.js';
import type { NetworkService } from '../networks/index.js';
import { parseQueryBody } from './query-body.js';
import { REQUEST_LIMITS } from '../request-limits.js';
import type { NetworkTablesCache } from '../svcql-tables.js';

/**
 * Dashboard-tool query API (docs/api.md "Dashboard-tool query API"). The data call answers one
 * flat array: the entries of every target in order. A SvcQL target's text is `svcql` or `nsgql`. A target that fails contributes
 * `{id, error, code}` and the others still answer; only a body that is not a query object is a 400.
 *
 * Bounds of the request (request-limits.ts): targets per body, a time budget on the main thread
 * and points read (svcql Budget), rows per target, rows and estimated bytes of the answer
 * (AnswerBound). Past any of them the whole request is a 400 (REQUEST_LIMIT, TIME_BUDGET) that
 * names the target it stopped in.
 */

const targetId = (t: Record<string, unknown>): string => {
  const v = t.id ?? t.refId;
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
};

/** How to narrow a query request, ending its bound messages. */
const NARROW_QUERY = 'narrow the targets: a narrower WHERE or selection, a LIMIT, a shorter range, or fewer targets per request';

export class QueryService {
  /** `monotonicMs`: the clock of the time budget (tests pass their own; by default the process's monotonic clock). */
  constructor(
    private readonly deps: ServiceDeps, private readonly networks: NetworkService, private readonly tables: NetworkTablesCache,
    private readonly monotonicMs?: () => number,
  ) {}

  /**
   * Answers a query body (the parsed JSON; AppError BAD_REQUEST/BAD_PARAMETER when it is not a
   * query, REQUEST_LIMIT/TIME_BUDGET past a bound of the request).
   */
  data(netId: number, body: unknown): unknown[] {
    const net = this.networks.need(netId);
    const nowMs = this.deps.clock.nowMs();
    const q = parseQueryBody(body, nowMs);
    const tables = this.tables.get(net.id);
    // The budget starts once the tables are built: their cost is the inventory's, not the query's.
    const budget = new Budget({ timeMs: REQUEST_LIMITS.queryTimeBudgetMs, points: REQUEST_LIMITS.maxPointsPerRequest }, this.monotonicMs);
    const bound = new AnswerBound(NARROW_QUERY, {
      maxRows: REQUEST_LIMITS.maxRowsPerRequest, maxRowsPerTarget: REQUEST_LIMITS.maxRowsPerTarget,
    });
    const tctx: TargetContext = {
      instances: tables.instances, devices: deviceIndex(tables.devices), series: this.deps.series,
      fromMs: q.fromMs, untilMs: q.untilMs, groupByMs: q.groupByMs, budget, meter: bound,
    };
    const out: unknown[] = [];
    const fail = (id: string, error: string, code: string): void => {
      const entry = { id, error, code };
      bound.row(jsonBytes(entry));
      out.push(entry);
    };
    for (const raw of q.targets) {
      budget.check();
      if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
        fail('', 'a target must be a JSON object', 'BAD_PARAMETER');
        continue;
      }
      const t = raw as Record<string, unknown>;
      const id = targetId(t);
      if (t.hide === true) continue;
      // `nsgql` is the name the NetSpyGlass Grafana datasource (2.x) gives the query text.
      const textKey = t.svcql !== undefined ? 'svcql' : t.nsgql !== undefined ? 'nsgql' : null;
      const text = textKey === null ? undefined : t[textKey];
      if (textKey !== null && typeof text !== 'string') {
        fail(id, `'${textKey}' must be a string`, 'BAD_PARAMETER');
        continue;
      }
      bound.startTarget();
      try {
        let entries: unknown[];
        if (typeof text === 'string') {
          const format = typeof t.format === 'string' && t.format !== '' ? t.format : undefined;
          const unique = typeof t.unique === 'string' && t.unique !== '' ? t.unique : undefined;
          entries = answerSvcqlTarget(
            { svcql: text, id, ...(format ? { format } : {}), ...(unique ? { unique } : {}) },
            tables.catalog, { nowMs, defaultRange: { fromMs: q.fromMs, toMs: q.untilMs }, budget }, bound,
          );
        } else {
          entries = answerStructuredTarget(t, id, tctx);
        }
        for (const x of entries) out.push(x); // no push(...entries): too many arguments for a long answer
      } catch (e) {
        if (!isAppError(e)) throw e; // a bug: the router answers 500
        if (abortsRequest(e)) throw new AppError(e.code, `target '${id}': ${e.message}`, { cause: e });
        fail(id, e.message, e.code);
      }
    }
    return out;
  }
}
