import { pathParam } from '../../http/params.js';
import { listParam, type RouteGroup } from '../../http/router.js';
import { json, networkParam, type ApiContext } from '../context.js';
import { statsWindow } from '../../http/rule-params.js';

/** Legacy workbench, last values and catalog (docs/api.md "Workbench and catalog (legacy)"). */
export function registerLegacyWorkbench(router: RouteGroup, ctx: ApiContext): void {
  const c = ctx.services.catalog;
  const window = (q: URLSearchParams) => statsWindow(q, ctx.clock.nowMs(), 'page');
  router.get('/monitor/networks/:netid/gw/', (req) => json(c.summary(networkParam(ctx, req, 'netid').id)));
  router.get('/monitor/networks/:netid/gw', (req) => {
    const net = networkParam(ctx, req, 'netid');
    return json(c.legacyByRule(net.id, req.query, window(req.query)));
  });
  router.get('/monitor/networks/:netid/vars/:varname', (req) => {
    const net = networkParam(ctx, req, 'netid');
    return json(c.lastValuesOf(net.id, pathParam(req, 'varname')));
  });
  router.get('/monitor/networks/:netid/vars', (req) => {
    const net = networkParam(ctx, req, 'netid');
    return json(c.lastValuesByRule(net.id, req.query, window(req.query)));
  });
  router.get('/monitor/networks/:netid/catalog/', (req) => json(c.legacyCatalog(networkParam(ctx, req, 'netid').id, undefined)));
  router.get('/monitor/networks/:netid/catalog/:triplets', (req) => {
    const net = networkParam(ctx, req, 'netid');
    return json(c.legacyCatalog(net.id, listParam(pathParam(req, 'triplets'))));
  });
}
