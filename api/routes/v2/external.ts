import { readJson } from '../../http/json-body.js';
import { pathParam } from '../../http/params.js';
import type { RouteGroup } from '../../http/router.js';
import { json, networkParam, type ApiContext } from '../context.js';

/**
 * The external traffic-analytics proxy (docs/api.md "External traffic-analytics proxy"): `POST /v2/external/net/:id/extsvc/:call`,
 * `:call` one of url, topXdata, topXchart (services/integrations/traffic-proxy.ts says what each does and how
 * upstream failures map to 502/504). The body is JSON, or empty (read as `{}`).
 */
export function registerExternal(router: RouteGroup, ctx: ApiContext): void {
  router.post('/external/net/:id/extsvc/:call', async (req) => {
    const net = networkParam(ctx, req);
    const body = req.body.length === 0 ? {} : readJson(req);
    return json(await ctx.services.trafficAnalytics.call(net.id, pathParam(req, 'call'), body));
  });
}
