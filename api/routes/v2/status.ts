import { AppError } from '../../../core/errors.js';
import type { RoutedRequest } from '../../http/http-types.js';
import { memoizeJson } from '../../http/json-memo.js';
import type { RouteGroup } from '../../http/router.js';
import { viewOwner } from '../../../services/views/index.js';
import { json, networkParam, type ApiContext } from '../context.js';

/** v2 network status (docs/api.md "Status and discovery"; the payload is the project's shape, services/networks/networks.ts). */
export function registerStatus(router: RouteGroup, ctx: ApiContext): void {
  const { networks, views } = ctx.services;
  // Status is polled by every open dashboard and changes only with discovery and poll cycles and
  // view changes: an unchanged answer is sent as the same bytes. The memo compares the answer's
  // values, so it is never stale; its key only keeps apart the answers that differ by request: the
  // view tiles depend on who asks (the anonymous caller of authentication off sees every view;
  // others their own and the shared ones) and on the order, so callers and orders polling in turn
  // do not displace each other's memo. The views themselves need not be in the key: a view change
  // makes new tiles (services/views/views.ts `tiles`, cached per views version), which the memo sees.
  // The anonymous caller's default order keeps the plain network id, the cheapest key.
  const memoKey = (req: RoutedRequest): string => {
    const s = req.query.get('s');
    if (req.caller.kind === 'anonymous' && (s === null || s === 'id')) return req.params.id;
    return `${req.params.id}|${s ?? 'id'}|${req.caller.kind === 'anonymous' ? '' : viewOwner(req.caller)}`;
  };
  router.get('/ui/net/:id/status', memoizeJson((req) => {
    const net = networkParam(ctx, req);
    const s = req.query.get('s') ?? 'id';
    if (s !== 'id' && s !== 'name') throw new AppError('BAD_PARAMETER', `parameter 's' must be 'id' or 'name', got '${s}'`);
    return json(networks.status(net, s, req.caller));
  }, memoKey));
}
