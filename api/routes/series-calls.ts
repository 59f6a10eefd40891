import { AppError } from '../../core/errors.js';
import type { ChosenVariables, DataInfo, DataSource } from '../../services/series/index.js';
import type { ApiResponse, RoutedRequest } from '../http/http-types.js';
import { pathParam, queryFlag, queryInteger } from '../http/params.js';
import { listParam, type RouteGroup } from '../http/router.js';
import { parseTimeWindow } from '../http/time-window.js';
import { networkParam, type ApiContext, type RouteHandler } from './context.js';
import { graphAnswer, type SeriesResult } from '../http/graph-answer.js';
import { ruleQuery, statsWindow } from '../http/rule-params.js';

/**
 * Graph and data calls (docs/api.md "Graphs and data"): by explicit
 * ids, and (legacy) by a matching rule. The v2 and legacy routes register the same handlers with
 * their own path parameter names. Per-id problems go to the answer's `errors` (status 200); a
 * malformed window or flag is a 400, an unknown network a 404. In the rule forms `start` is the
 * window's start, so the rule pages with `count` only.
 */

/** Path parameter names of a route: the network's and the ids'. */
interface SeriesRouteParams {
  readonly net: string;
  readonly ids: string;
}

/** `length`: an integer ≥ 2, or undefined. */
function parseLength(req: RoutedRequest): number | undefined {
  const length = queryInteger(req, 'length');
  if (length !== undefined && length < 2) throw new AppError('BAD_PARAMETER', `parameter 'length' must be an integer ≥ 2, got ${length}`);
  return length;
}

function byIds(ctx: ApiContext, req: RoutedRequest, p: SeriesRouteParams): ChosenVariables {
  const net = networkParam(ctx, req, p.net);
  return ctx.services.series.byIds(net.id, listParam(pathParam(req, p.ids)));
}

function byRule(ctx: ApiContext, req: RoutedRequest): ChosenVariables {
  const net = networkParam(ctx, req, 'netid');
  const nowMs = ctx.clock.nowMs();
  return ctx.services.series.byRule(net.id, ruleQuery(req.query, 'time'), statsWindow(req.query, nowMs, 'time'));
}

function graph(ctx: ApiContext, req: RoutedRequest, chosen: ChosenVariables): ApiResponse {
  const window = parseTimeWindow(req.query, ctx.clock.nowMs());
  const length = parseLength(req);
  const points = ctx.services.series.graphPoints(chosen.found, window, length);
  return graphAnswer(ctx.answerBuffers, chosen.found, ctx.services.series.legends(chosen.found), points, chosen.warnings.join('; '), chosen.errors.join('; '));
}

/** The source of a data call from `monitor`, `forceDb`, `forceMem`, with any warning it implies. */
function dataSource(req: RoutedRequest): { source: DataSource; warnings: string[] } {
  const monitor = queryFlag(req, 'monitor');
  const forceDb = queryFlag(req, 'forceDb');
  const forceMem = queryFlag(req, 'forceMem');
  if (forceDb && forceMem) throw new AppError('BAD_PARAMETER', `parameters 'forceDb' and 'forceMem' exclude each other`);
  const warnings: string[] = [];
  if (monitor) {
    if (forceDb || forceMem) warnings.push(`'monitor' given: '${forceDb ? 'forceDb' : 'forceMem'}' ignored`);
    return { source: 'monitor', warnings };
  }
  if (forceMem) warnings.push(`'forceMem': this server keeps no separate in-memory series; answered from the series store for the requested interval`);
  return { source: 'store', warnings };
}

function data(ctx: ApiContext, req: RoutedRequest, chosen: ChosenVariables): ApiResponse {
  const window = parseTimeWindow(req.query, ctx.clock.nowMs());
  const { source, warnings } = dataSource(req);
  const body: SeriesResult<DataInfo> = {
    info: ctx.services.series.dataInfo(chosen.found, source, window),
    warnings: [...chosen.warnings, ...warnings].join('; '),
    errors: chosen.errors.join('; '),
  };
  return { status: 200, body };
}

/**
 * Registers the graph and data calls by ids under `prefix` (`<prefix>/graph/:<ids>`, `<prefix>/data/:<ids>`),
 * the network and ids named by `p` in the prefix and the paths.
 */
export function registerSeriesByIds(router: RouteGroup, ctx: ApiContext, prefix: string, p: SeriesRouteParams): void {
  const graph = graphByIds(p);
  const data = dataByIds(p);
  router.get(`${prefix}/graph/:${p.ids}`, (req) => graph(ctx, req));
  router.get(`${prefix}/data/:${p.ids}`, (req) => data(ctx, req));
}

/** GET …/graph/:ids */
const graphByIds = (p: SeriesRouteParams): RouteHandler => (ctx, req) => graph(ctx, req, byIds(ctx, req, p));
/** GET …/data/:ids */
const dataByIds = (p: SeriesRouteParams): RouteHandler => (ctx, req) => data(ctx, req, byIds(ctx, req, p));
/** GET /api/monitor/networks/:netid/graph/ with a matching rule. */
export const graphByRule: RouteHandler = (ctx, req) => graph(ctx, req, byRule(ctx, req));
/** GET /api/monitor/networks/:netid/data/ with a matching rule. */
export const dataByRule: RouteHandler = (ctx, req) => data(ctx, req, byRule(ctx, req));
