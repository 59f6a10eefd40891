import { readJson } from '../../http/json-body.js';
import type { RouteGroup } from '../../http/router.js';
import { json, networkParam, type ApiContext } from '../context.js';
import { jsonOnceEncoder } from '../../http/json-once.js';
import { layoutParam, previewParams, valuesTimestamp, variableParam, viewParam, viewportParam } from '../../http/map-params.js';
import { parseSelector } from '../../http/generation-params.js';

/**
 * Maps of views (docs/api.md "Maps of views": map, layout, preview, linkGraphVars, linkVar/nodeVar, PUT
 * coordinates; services/maps/maps.ts). The generation is chosen by `timestamp` (and `generation`) as
 * for the topology (docs/api.md "Generation selection"). Every parameter is checked before the service is called.
 */
export function registerMaps(router: RouteGroup, ctx: ApiContext): void {
  const maps = ctx.services.maps;
  const mapJson = jsonOnceEncoder();
  const base = '/ui/net/:id/views/:view_id';

  router.get(`${base}/map`, async (req) => {
    const net = networkParam(ctx, req).id;
    const view = viewParam(req, 'view_id');
    const sel = parseSelector(req);
    const layout = layoutParam(req);
    if (layout === null) return mapJson(await maps.map(net, view, req.caller, sel));
    const viewport = layout === 'fit' ? viewportParam(req) : undefined;
    return mapJson(await maps.layout(net, view, req.caller, sel, layout, viewport));
  });
  router.get(`${base}/preview`, (req) => {
    const net = networkParam(ctx, req).id;
    const view = viewParam(req, 'view_id');
    const sel = parseSelector(req);
    return json(maps.preview(net, view, req.caller, sel, previewParams(req)));
  });
  router.get(`${base}/linkGraphVars`, (req) => json(maps.linkGraphVars(networkParam(ctx, req).id, viewParam(req, 'view_id'), req.caller)));
  router.get(`${base}/linkVar/:lv/nodeVar/:nv`, (req) => {
    const net = networkParam(ctx, req).id;
    const view = viewParam(req, 'view_id');
    const lv = variableParam(req, 'lv'), nv = variableParam(req, 'nv');
    return json(maps.linkValues(net, view, req.caller, lv, nv, valuesTimestamp(req)));
  });
  router.add('PUT', `${base}/coordinates`, async (req) => {
    const net = networkParam(ctx, req).id;
    const view = viewParam(req, 'view_id');
    return json(await maps.setCoordinates(net, view, req.caller, readJson(req)));
  });
}
