import { AppError } from '../../../core/errors.js';
import { checkAddress, QUEUE_DEFAULT_LIMIT, QUEUE_MAX_LIMIT } from '../../../services/devices/index.js';
import { pathParam, queryInteger } from '../../http/params.js';
import type { RoutedRequest } from '../../http/http-types.js';
import type { RouteGroup } from '../../http/router.js';
import { json, networkParam, type ApiContext } from '../context.js';
import { gateKeyOf, userOf } from '../../http/caller-keys.js';

/**
 * Incremental discovery (docs/api.md "Inventory"): submit one address, the submission queue,
 * a new generation now, pause and resume. `start` is in v2/discovery.ts. Writes need `admin`.
 * submit and new_generation pass the gate `limits.discovery` (a place held until the task ends).
 */
export function registerDiscoveryQueue(router: RouteGroup, ctx: ApiContext): void {
  const s = ctx.services.devices;
  const net = (req: RoutedRequest) => networkParam(ctx, req, 'netid').id;
  const base = '/svc/discovery/net/:netid';
  router.post(`${base}/submit/:dev`, async (req) => {
    const id = net(req);
    return json(await s.submit(id, checkAddress("parameter 'dev'", pathParam(req, 'dev')), userOf(req), gateKeyOf(req)));
  }, { access: 'admin' });
  router.get(`${base}/queue`, (req) => {
    const id = net(req);
    const limit = queryInteger(req, 'limit') ?? QUEUE_DEFAULT_LIMIT;
    if (limit < 0 || limit > QUEUE_MAX_LIMIT) throw new AppError('BAD_PARAMETER', `parameter 'limit' must be from 0 to ${QUEUE_MAX_LIMIT}, got ${limit}`);
    return json(s.queue(id, limit));
  });
  router.post(`${base}/new_generation`, async (req) => json(await s.newGeneration(net(req), userOf(req), gateKeyOf(req))), { access: 'admin' });
  router.post(`${base}/pause`, (req) => json(s.pause(net(req), userOf(req))), { access: 'admin' });
  router.post(`${base}/resume`, (req) => json(s.resume(net(req), userOf(req))), { access: 'admin' });
}
