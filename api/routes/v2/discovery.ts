import { parseSelector } from '../../http/generation-params.js';
import { parseNonNegativeInteger, pathParam } from '../../http/params.js';
import type { RouteGroup } from '../../http/router.js';
import { json, networkParam, type ApiContext } from '../context.js';
import { gateKeyOf, userOf } from '../../http/caller-keys.js';

/** Discovery start (administrators) and the generation-selected discovery data (docs/api.md "Generation selection"). */
export function registerDiscovery(router: RouteGroup, ctx: ApiContext): void {
  const d = ctx.services.discovery;
  router.get('/svc/discovery/net/:id/start', (req) => json(d.start(networkParam(ctx, req).id, userOf(req), gateKeyOf(req))), { access: 'admin' });
  router.get('/discovery/net/:id/topo', (req) => json(d.topology(networkParam(ctx, req).id, parseSelector(req))));
  router.get('/discovery/net/:id/devices', (req) => json(d.devices(networkParam(ctx, req).id, parseSelector(req))));
  router.get('/discovery/net/:id/devices/:devid', (req) => {
    const devId = parseNonNegativeInteger('devid', pathParam(req, 'devid'));
    return json(d.device(networkParam(ctx, req).id, devId, parseSelector(req)));
  });
}
