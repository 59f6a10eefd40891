import { readJson } from '../../http/json-body.js';
import { pathParam } from '../../http/params.js';
import type { RouteGroup } from '../../http/router.js';
import { json, networkParam, type ApiContext } from '../context.js';

/**
 * Dashboard-tool query API (docs/api.md "Dashboard-tool query API"). The category calls answer
 * what the workbench catalog calls answer (any body is ignored).
 */
export function registerQuery(router: RouteGroup, ctx: ApiContext): void {
  const { catalog, query } = ctx.services;
  router.post('/query/net/:id/categories/', (req) => json(catalog.categories(networkParam(ctx, req).id)));
  router.post('/query/net/:id/variables/:category', (req) => json(catalog.categoryVariables(networkParam(ctx, req).id, pathParam(req, 'category'))));
  router.post('/query/net/:id/data/', (req) => {
    const net = networkParam(ctx, req);
    return json(query.data(net.id, readJson(req)));
  });
}
