import { AppError } from '../../../core/errors.js';
import { parseNodeSort } from '../../../services/devices/index.js';
import type { RoutedRequest } from '../../http/http-types.js';
import { parseInteger, parseNonNegativeInteger, pathParam } from '../../http/params.js';
import type { RouteGroup } from '../../http/router.js';
import { json, networkParam, type ApiContext } from '../context.js';

/** Most `sortBy` keys of one node details call (a few per tab is what a UI sends). */
const MAX_SORT_KEYS = 32;

/**
 * The legacy monitor calls of a device (docs/api.md "Legacy monitor calls of a device"): node details (repeatable
 * `sortBy=<tab>.<column>[.asc|desc]`), the brief, an interface's link summary and the popup graph
 * headers and variables (services/devices/device-details.ts). Unknown network or device: 404; unknown
 * interface: 404; a malformed node id, ifIndex or sort key: 400.
 */
export function registerLegacyMonitorNodes(router: RouteGroup, ctx: ApiContext): void {
  const s = ctx.services.deviceDetails;
  const base = '/monitor/networks/:netid/nodes/:nodeid';
  const net = (req: RoutedRequest) => networkParam(ctx, req, 'netid').id;
  const node = (req: RoutedRequest) => parseNonNegativeInteger('nodeid', pathParam(req, 'nodeid'));
  const ifIndex = (req: RoutedRequest) => {
    const i = parseInteger('ifIndex', pathParam(req, 'ifIndex'));
    if (i < 1) throw new AppError('BAD_PARAMETER', `parameter 'ifIndex' must be an integer ≥ 1, got ${i}`);
    return i;
  };

  router.get(base, (req) => {
    const n = net(req);
    const sortBy = req.query.getAll('sortBy');
    if (sortBy.length > MAX_SORT_KEYS) throw new AppError('BAD_PARAMETER', `at most ${MAX_SORT_KEYS} sortBy keys, got ${sortBy.length}`);
    return json(s.nodeDetails(n, node(req), parseNodeSort(sortBy)));
  });
  router.get(`${base}/brief`, (req) => { const n = net(req); return json(s.brief(n, node(req))); });
  router.get(`${base}/popupGraph`, (req) => { const n = net(req); return json(s.popupGraph(n, node(req), null)); });
  router.get(`${base}/interfaces/:ifIndex/linkSummary`, (req) => {
    const n = net(req);
    const d = node(req);
    return json(s.linkSummary(n, d, ifIndex(req)));
  });
  router.get(`${base}/interfaces/:ifIndex/popupGraph`, (req) => {
    const n = net(req);
    const d = node(req);
    return json(s.popupGraph(n, d, ifIndex(req)));
  });
}
