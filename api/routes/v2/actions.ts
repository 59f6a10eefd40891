import { AppError } from '../../../core/errors.js';
import type { ActionStatus } from '../../../services/operations/index.js';
import type { Handler, RoutedRequest } from '../../http/http-types.js';
import { queryInteger } from '../../http/params.js';
import type { RouteGroup } from '../../http/router.js';
import { json, networkParam, type ApiContext } from '../context.js';
import { gateKeyOf, userOf } from '../../http/caller-keys.js';

/** 200 for an action done, 202 for one started as a background task (its `taskId` in the body). */
const answer = (s: ActionStatus) => ({ status: s.status === 'started' ? 202 : 200, body: s });

/** The optional query `name` of cache/clear and cache/refresh: 1–100 characters when given. */
function cacheName(req: RoutedRequest): string | undefined {
  const name = req.query.get('name') ?? undefined;
  if (name !== undefined && (name.length === 0 || name.length > 100)) {
    throw new AppError('BAD_PARAMETER', `parameter 'name' must name a cache (1–100 characters), got '${name.slice(0, 100)}'`);
  }
  return name;
}

/** The required query `retentionHrs` of expire/variables: an integer from 1 to 87600 (ten years). */
function retentionHrs(req: RoutedRequest): number {
  const h = queryInteger(req, 'retentionHrs');
  if (h === undefined) throw new AppError('BAD_PARAMETER', "parameter 'retentionHrs' is required: the hours without a point after which an allocated variable expires");
  if (h < 1 || h > 87_600) throw new AppError('BAD_PARAMETER', `parameter 'retentionHrs' must be from 1 to 87600, got ${h}`);
  return h;
}

/**
 * The actions of a network (docs/api.md "Actions and settings"), GET and POST alike, and the effective settings.
 * Actions that change something are for administrators; cache/list and settings for any user.
 * Answers: ActionStatus (services/operations/operations.ts); errors the usual `{status: "error", error}`.
 * make/variables, make/maps, expire/variables and dump pass the gate `limits.actions`, reload/devices
 * the gate `limits.discovery` (429 RATE_LIMITED past the caller's share, 503 SERVER_BUSY when full).
 */
export function registerActions(router: RouteGroup, ctx: ApiContext): void {
  const ops = ctx.services.operations;
  const net = (req: RoutedRequest) => networkParam(ctx, req).id;
  const actions: [string, Handler, 'admin' | 'user'][] = [
    ['reload/devices', (req) => answer(ops.reloadDevices(net(req), userOf(req), gateKeyOf(req))), 'admin'],
    ['reload/config', async (req) => answer(await ops.reloadConfig(net(req))), 'admin'],
    ['make/variables', (req) => answer(ops.makeVariables(net(req), userOf(req), gateKeyOf(req))), 'admin'],
    ['expire/variables', async (req) => answer(await ops.expireVariables(net(req), retentionHrs(req), gateKeyOf(req))), 'admin'],
    ['make/views', async (req) => answer(await ops.makeViews(net(req), req.caller)), 'admin'],
    ['make/maps', async (req) => answer(await ops.makeMaps(net(req), req.caller, gateKeyOf(req))), 'admin'],
    ['alerts/purge/queue', (req) => answer(ops.purgeAlertQueue(net(req))), 'admin'],
    ['dump', async (req) => answer(await ops.dump(net(req), gateKeyOf(req))), 'admin'],
    ['rebalance', (req) => answer(ops.rebalance(net(req))), 'admin'],
    ['tsdb/reconnect', async (req) => answer(await ops.tsdbReconnect(net(req))), 'admin'],
    ['cache/list', (req) => answer(ops.cacheList(net(req))), 'user'],
    ['cache/clear', (req) => answer(ops.cacheClear(net(req), cacheName(req), false)), 'admin'],
    ['cache/refresh', (req) => answer(ops.cacheClear(net(req), cacheName(req), true)), 'admin'],
  ];
  for (const [path, handler, access] of actions) {
    router.get(`/ui/net/:id/actions/${path}`, handler, { access });
    router.post(`/ui/net/:id/actions/${path}`, handler, { access });
  }
  router.get('/ui/net/:id/settings', (req) => { net(req); return json(ops.settings()); });
}
