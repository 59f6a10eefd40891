import { AppError } from '../../../core/errors.js';
import type { LayoutKind } from '../../../services/maps/index.js';
import { excerpt } from '../../http/errors.js';
import { readJson } from '../../http/json-body.js';
import type { RoutedRequest } from '../../http/http-types.js';
import type { RouteGroup } from '../../http/router.js';
import { json, networkParam, type ApiContext } from '../context.js';
import { jsonOnceEncoder } from '../../http/json-once.js';
import { legacyViewportParam, valuesTimestamp, variableParam, viewParam } from '../../http/map-params.js';
import { parseSelector } from '../../http/generation-params.js';

/**
 * The legacy layout flags: `layout` → auto (or `layout=reset`, `layout=fit`: those), `reset` →
 * reset, `fit` → fit; at most one.
 */
function legacyLayout(req: RoutedRequest): LayoutKind | null {
  const kinds: LayoutKind[] = [];
  const layout = req.query.get('layout');
  if (layout !== null) {
    const v = layout.trim().toLowerCase();
    if (v === '' || v === 'auto' || v === 'true' || v === '1') kinds.push('auto');
    else if (v === 'reset' || v === 'fit') kinds.push(v);
    else throw new AppError('BAD_PARAMETER', `parameter 'layout' must be empty, auto, reset or fit, got '${excerpt(layout)}'`);
  }
  if (req.query.has('reset')) kinds.push('reset');
  if (req.query.has('fit')) kinds.push('fit');
  if (kinds.length > 1) throw new AppError('BAD_PARAMETER', 'give at most one of layout, reset and fit');
  return kinds[0] ?? null;
}

/**
 * The legacy map calls (docs/api.md "Maps of views (v2 and legacy)"): `GET /api/ui/networks/:netid/views/:viewid/map` with `?layout`,
 * `?reset`, `?fit&zoom=:zm&viewBox=x,y,w,h`, `?generation=:gen` (or `timestamp`); `PUT
 * …/views/:viewid/nodes/coordinates`; `GET /api/monitor/networks/:netid/views/:view_id/linkVar/…`.
 * Each is the same service call as its v2 form, with the same answers.
 */
export function registerLegacyMaps(router: RouteGroup, ctx: ApiContext): void {
  const maps = ctx.services.maps;
  const mapJson = jsonOnceEncoder();
  router.get('/ui/networks/:netid/views/:viewid/map', async (req) => {
    const net = networkParam(ctx, req, 'netid').id;
    const view = viewParam(req, 'viewid');
    const sel = parseSelector(req);
    const layout = legacyLayout(req);
    if (layout === null) return mapJson(await maps.map(net, view, req.caller, sel));
    const viewport = layout === 'fit' ? legacyViewportParam(req) : undefined;
    return mapJson(await maps.layout(net, view, req.caller, sel, layout, viewport));
  });
  router.add('PUT', '/ui/networks/:netid/views/:viewid/nodes/coordinates', async (req) => {
    const net = networkParam(ctx, req, 'netid').id;
    const view = viewParam(req, 'viewid');
    return json(await maps.setCoordinates(net, view, req.caller, readJson(req)));
  });
  router.get('/monitor/networks/:netid/views/:view_id/linkVar/:intfvarName/nodeVar/:nodevarName', (req) => {
    const net = networkParam(ctx, req, 'netid').id;
    const view = viewParam(req, 'view_id');
    const lv = variableParam(req, 'intfvarName'), nv = variableParam(req, 'nodevarName');
    return json(maps.linkValues(net, view, req.caller, lv, nv, valuesTimestamp(req)));
  });
}
