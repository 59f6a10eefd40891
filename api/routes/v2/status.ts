import { AppError } from '../../../core/errors.js';
import type { RoutedRequest } from '../../http/http-types.js';
import { memoizeJson } from '../../http/json-memo.js';
import type { Router } from '../../http/router.js';
import { viewOwner } from '../../../services/views.js';
import { json, networkParam, type ApiContext } from '../context.js';

/** v2 network status (spec 4.1; the payload is the project's shape, services/networks.ts). */
export function registerStatus(router: Router, ctx: ApiContext): void {
  const { networks, views } = ctx.services;
  // Status is polled by every open dashboard and changes only with discovery and poll cycles and
  // view changes: an unchanged answer is sent as the same bytes. Its view tiles depend on who asks
  // (the anonymous caller of authentication off sees every view; others their own and the shared
  // ones) and on the views: the memo is kept per network, order, caller and views version, so that
  // callers polling in turn do not displace each other's memo.
  const memoKey = (req: RoutedRequest) =>
    `${req.params.id}|${req.query.get('s') ?? 'id'}|${req.caller.kind === 'anonymous' ? '' : viewOwner(req.caller)}|${views.version}`;
  router.get('/v2/ui/net/:id/status', memoizeJson((req) => {
    const net = networkParam(ctx, req);
    const s = req.query.get('s') ?? 'id';
    if (s !== 'id' && s !== 'name') throw new AppError('BAD_PARAMETER', `parameter 's' must be 'id' or 'name', got '${s}'`);
    return json(networks.status(net, s, req.caller));
  }, memoKey));
}
