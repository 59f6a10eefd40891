import { AppError } from '../../../core/errors.js';
import type { ChosenVariable, SeriesWindow } from '../../../services/series/index.js';
import { excerpt } from '../../http/errors.js';
import type { ApiResponse, RoutedRequest } from '../../http/http-types.js';
import { parseInteger, parseNonNegativeInteger, pathParam } from '../../http/params.js';
import type { RouteGroup } from '../../http/router.js';
import type { DeviceDataFormat } from '../../../services/devices/index.js';
import { json, networkParam, type ApiContext } from '../context.js';
import { graphAnswer } from '../../http/graph-answer.js';

/**
 * The device panel of a UI (services/devices/device-panel.ts): the Summary dashboard, the device's data,
 * and the popup graphs of a device label, a hardware component and a link label (an interface),
 * each over the last hour in the graph call's shape. Unknown network, device, component or
 * interface: 404; a malformed id, index, ifIndex or `format`: 400.
 */
export function registerDevicePanel(router: RouteGroup, ctx: ApiContext): void {
  const s = ctx.services.devicePanel;
  const net = (req: RoutedRequest) => networkParam(ctx, req).id;
  const dev = (req: RoutedRequest) => parseNonNegativeInteger('devid', pathParam(req, 'devid'));

  router.get('/ui/net/:id/dashboards/device/:devid', (req) => json(s.dashboard(net(req), dev(req))));
  router.get('/ui/net/:id/data/device/:devid', (req) => {
    const n = net(req);
    return json(s.data(n, dev(req), formatParam(req), categoryParam(req)));
  });
  router.get('/ui/net/:id/popup/device/:devid', (req) => {
    const n = net(req);
    return popup(ctx, s.devicePopup(n, dev(req)), s.popupWindow());
  });
  router.get('/ui/net/:id/popup/device/:devid/hwcomp/:idx', (req) => {
    const n = net(req);
    const d = dev(req);
    const idx = parseInteger('idx', pathParam(req, 'idx'));
    const w = s.popupWindow();
    return popup(ctx, s.componentPopup(n, d, idx, w), w);
  });
  router.get('/ui/net/:id/popup/device/:devid/intf/:ifIndex', (req) => {
    const n = net(req);
    const d = dev(req);
    const ifIndex = parseInteger('ifIndex', pathParam(req, 'ifIndex'));
    if (ifIndex < 1) throw new AppError('BAD_PARAMETER', `parameter 'ifIndex' must be an integer ≥ 1, got ${ifIndex}`);
    return popup(ctx, s.interfacePopup(n, d, ifIndex), s.popupWindow());
  });
}

/** A popup's variables over the last hour, as the graph call answers them (points read within the series bounds). */
function popup(ctx: ApiContext, found: readonly ChosenVariable[], w: SeriesWindow): ApiResponse {
  const points = ctx.services.series.graphPoints(found, w);
  return graphAnswer(ctx.answerBuffers, found, ctx.services.series.legends(found), points, '', '');
}

/** `format`: `brief` (default) or `full`. */
function formatParam(req: RoutedRequest): DeviceDataFormat {
  const f = req.query.get('format');
  if (f === null || f === 'brief') return 'brief';
  if (f === 'full') return 'full';
  throw new AppError('BAD_PARAMETER', `parameter 'format' must be brief or full, got '${excerpt(f)}'`);
}

/** `category`: a catalog category name, or null when absent; empty is malformed. */
function categoryParam(req: RoutedRequest): string | null {
  const c = req.query.get('category');
  if (c === null) return null;
  if (c.trim() === '') throw new AppError('BAD_PARAMETER', `parameter 'category' must not be empty (leave it out for every category)`);
  return c;
}
