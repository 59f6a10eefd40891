import type { RoutedRequest } from '../../http/http-types.js';
import { listParam, type RouteGroup } from '../../http/router.js';
import { pathParam } from '../../http/params.js';
import { json, networkParam, type ApiContext } from '../context.js';
import { statsWindow } from '../../http/rule-params.js';

/** v2 graphing workbench: variables by rule and the catalog (categories, variables, tag facets). */
export function registerWorkbench(router: RouteGroup, ctx: ApiContext): void {
  const c = ctx.services.catalog;
  router.get('/ui/net/:id/gw/variables', (req) => {
    const net = networkParam(ctx, req);
    return json(c.workbench(net.id, req.query, statsWindow(req.query, ctx.clock.nowMs(), 'page')));
  });
  router.get('/ui/net/:id/gw/catalog/categories/list', (req) => json(c.categories(networkParam(ctx, req).id)));
  router.get('/ui/net/:id/gw/catalog/categories/:category', (req) => json(c.categoryVariables(networkParam(ctx, req).id, pathParam(req, 'category'))));
  const variables = (req: RoutedRequest) => {
    const net = networkParam(ctx, req);
    const devices = req.params.devices;
    return json(c.catalogVariables(net.id, listParam(pathParam(req, 'names')), devices === undefined ? null : listParam(devices)));
  };
  router.get('/ui/net/:id/gw/catalog/variables/:names', variables);
  router.get('/ui/net/:id/gw/catalog/variables/:names/devices/:devices', variables);
  router.get('/ui/net/:id/gw/catalog/tags/facets/list', (req) => json(c.tagFacets(networkParam(ctx, req).id)));
}
