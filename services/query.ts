import { isAppError } from '../core/errors.js';
import { answerSvcqlTarget } from '../svcql/index.js';
import type { ServiceDeps } from './deps.js';
import { deviceIndex } from './inventory-index.js';
import type { NetworkService } from './networks.js';
import { parseQueryBody } from './query-body.js';
import { answerStructuredTarget, type TargetContext } from './structured-target.js';
import type { NetworkTablesCache } from './svcql-tables.js';

/**
 * Dashboard-tool query API (spec 4.1 "Dashboard-tool query API", 4.2). The data call answers one
 * flat array: the entries of every target in order. A target that fails contributes
 * `{id, error, code}` and the others still answer; only a body that is not a query object is a 400.
 */

const targetId = (t: Record<string, unknown>): string => {
  const v = t.id ?? t.refId;
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
};

export class QueryService {
  constructor(
    private readonly deps: ServiceDeps, private readonly networks: NetworkService, private readonly tables: NetworkTablesCache,
  ) {}

  /** Answers a query body (the parsed JSON; AppError BAD_REQUEST/BAD_PARAMETER when it is not a query). */
  data(netId: number, body: unknown): unknown[] {
    const net = this.networks.need(netId);
    const nowMs = this.deps.clock.nowMs();
    const q = parseQueryBody(body, nowMs);
    const tables = this.tables.get(net.id);
    const tctx: TargetContext = {
      instances: tables.instances, devices: deviceIndex(tables.devices), series: this.deps.series,
      fromMs: q.fromMs, untilMs: q.untilMs, groupByMs: q.groupByMs,
    };
    const out: unknown[] = [];
    for (const raw of q.targets) {
      if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
        out.push({ id: '', error: 'a target must be a JSON object', code: 'BAD_PARAMETER' });
        continue;
      }
      const t = raw as Record<string, unknown>;
      const id = targetId(t);
      if (t.hide === true) continue;
      if (t.svcql !== undefined && typeof t.svcql !== 'string') {
        out.push({ id, error: "'svcql' must be a string", code: 'BAD_PARAMETER' });
        continue;
      }
      try {
        if (typeof t.svcql === 'string') {
          const format = typeof t.format === 'string' && t.format !== '' ? t.format : undefined;
          const unique = typeof t.unique === 'string' && t.unique !== '' ? t.unique : undefined;
          out.push(...answerSvcqlTarget(
            { svcql: t.svcql, id, ...(format ? { format } : {}), ...(unique ? { unique } : {}) },
            tables.catalog, { nowMs, defaultRange: { fromMs: q.fromMs, toMs: q.untilMs } },
          ));
        } else {
          out.push(...answerStructuredTarget(t, id, tctx));
        }
      } catch (e) {
        if (!isAppError(e)) throw e; // a bug: the router answers 500
        out.push({ id, error: e.message, code: e.code });
      }
    }
    return out;
  }
}
