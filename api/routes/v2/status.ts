import { AppError } from '../../../core/errors.js';
import { memoizeJson } from '../../http/json-memo.js';
import type { Router } from '../../http/router.js';
import { json, networkParam, type ApiContext } from '../context.js';

/** v2 network status (spec 4.1; the payload is the project's shape, services/networks.ts). */
export function registerStatus(router: Router, ctx: ApiContext): void {
  // Status is polled by every open dashboard and changes only with discovery and poll cycles:
  // an unchanged answer is sent as the same bytes.
  router.get('/v2/ui/net/:id/status', memoizeJson((req) => {
    const net = networkParam(ctx, req);
    const s = req.query.get('s') ?? 'id';
    if (s !== 'id' && s !== 'name') throw new AppError('BAD_PARAMETER', `parameter 's' must be 'id' or 'name', got '${s}'`);
    return json(ctx.services.networks.status(net, s));
  }, (req) => req.params.id));
}
