import { ownerName } from '../../../core/caller.js';
import { AppError } from '../../../core/errors.js';
import {
  REPORT_FIELDS, REPORT_SORT_FIELDS, REPORT_STATUSES, type ReportCountQuery, type ReportField, type ReportListQuery,
  type ReportSortField, type ReportStatus,
} from '../../../services/reports/index.js';
import { excerpt } from '../../http/errors.js';
import type { RoutedRequest } from '../../http/http-types.js';
import { parseNonNegativeInteger, pathParam, queryFlag } from '../../http/params.js';
import type { RouteGroup } from '../../http/router.js';
import { json, networkParam, type ApiContext } from '../context.js';
import { gateKeyOf } from '../../http/caller-keys.js';

/** Default and largest `limit` of the list and count calls. */
const REPORTS_DEFAULT_LIMIT = 100;
const REPORTS_MAX_LIMIT = 1000;
const MAX_Q_CHARS = 200;

/**
 * Reports (docs/api.md "Reports") and the run call (ours): `:category` is inventory, utilisation or
 * discovery (another one: 404 UNKNOWN_REPORT). A run passes the gate `limits.reportRuns` (429
 * RATE_LIMITED past the caller's share, 503 SERVER_BUSY when the queue is full). Every query parameter is checked (400 BAD_PARAMETER);
 * docs/api.md says what each does.
 */
export function registerReports(router: RouteGroup, ctx: ApiContext): void {
  const s = ctx.services.reports;
  router.post('/ui/net/:netid/reports/:category/run', (req) => {
    const net = networkParam(ctx, req, 'netid');
    const run = s.run(net.id, pathParam(req, 'category'), ownerName(req.caller) ?? 'anonymous', gateKeyOf(req));
    return { status: 202, body: { name: run.name, task: run.task } };
  });
  router.get('/ui/net/:netid/reports/:category/list', async (req) =>
    json(await s.list(networkParam(ctx, req, 'netid').id, pathParam(req, 'category'), listQuery(req))));
  router.get('/ui/net/:netid/reports/:category/count', async (req) =>
    json(await s.count(networkParam(ctx, req, 'netid').id, pathParam(req, 'category'), countQuery(req))));
  router.get('/ui/net/:netid/reports/:category/:report_name_or_id', async (req) =>
    json(await s.get(networkParam(ctx, req, 'netid').id, pathParam(req, 'category'), pathParam(req, 'report_name_or_id'))));
}

const bad = (msg: string): AppError => new AppError('BAD_PARAMETER', msg);

function countQuery(req: RoutedRequest): ReportCountQuery {
  const q = req.query;
  const offset = q.get('offset') === null ? 0 : parseNonNegativeInteger('offset', q.get('offset')!);
  const limit = q.get('limit') === null ? REPORTS_DEFAULT_LIMIT : parseNonNegativeInteger('limit', q.get('limit')!);
  if (limit < 1 || limit > REPORTS_MAX_LIMIT) throw bad(`parameter 'limit' must be from 1 to ${REPORTS_MAX_LIMIT}, got '${excerpt(q.get('limit')!)}'`);
  const text = q.get('q');
  if (text !== null && (text.length > MAX_Q_CHARS || /[\u0000-\u001f\u007f]/.test(text))) throw bad(`parameter 'q' must be at most ${MAX_Q_CHARS} characters without control characters`);
  return { offset, limit, q: text === null || text === '' ? null : text, status: list(req, 'status', REPORT_STATUSES) as ReportStatus[] | null };
}

function listQuery(req: RoutedRequest): ReportListQuery {
  const q = req.query;
  const sort = q.get('s') ?? 'createdAt';
  if (!(REPORT_SORT_FIELDS as readonly string[]).includes(sort)) throw bad(`parameter 's' must be one of ${REPORT_SORT_FIELDS.join(', ')}, got '${excerpt(sort)}'`);
  const from = time(req, 'from'), until = time(req, 'until');
  if (from !== null && until !== null && from > until) throw bad(`parameter 'from' (${from}) is after 'until' (${until})`);
  return {
    ...countQuery(req), from, until, sort: sort as ReportSortField,
    desc: q.get('desc') === null ? true : queryFlag(req, 'desc'),
    fields: list(req, 'fields', REPORT_FIELDS) as ReportField[] | null,
    mostRecent: queryFlag(req, 'most_recent'),
  };
}

/** A comma list of allowed words; null when absent. An empty list or an unknown word is BAD_PARAMETER. */
function list(req: RoutedRequest, name: string, allowed: readonly string[]): string[] | null {
  const v = req.query.get(name);
  if (v === null) return null;
  const words = v.split(',').map((w) => w.trim());
  for (const w of words) {
    if (!allowed.includes(w)) throw bad(`parameter '${name}' takes a comma list of ${allowed.join(', ')}; got '${excerpt(w)}'`);
  }
  return [...new Set(words)];
}

/** A time: milliseconds since the epoch, or an ISO 8601 date-time; null when absent. */
function time(req: RoutedRequest, name: string): number | null {
  const v = req.query.get(name);
  if (v === null) return null;
  if (/^-?[0-9]{1,15}$/.test(v.trim())) return Number(v.trim());
  const ms = /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v.trim()) ? Date.parse(v.trim()) : NaN;
  if (!Number.isFinite(ms)) throw bad(`parameter '${name}' must be milliseconds since the epoch or an ISO 8601 date-time, got '${excerpt(v)}'`);
  return ms;
}
