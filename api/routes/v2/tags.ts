import { AppError } from '../../../core/errors.js';
import type { NetworkSummary } from '../../../core/ports/networks.js';
import { deviceKey, externalTagsBody } from '../../../services/devices/index.js';
import { excerpt } from '../../http/errors.js';
import type { Handler, RoutedRequest } from '../../http/http-types.js';
import { readJson } from '../../http/json-body.js';
import { parseNonNegativeInteger, pathParam } from '../../http/params.js';
import type { RouteGroup } from '../../http/router.js';
import { json, networkParam, type ApiContext } from '../context.js';
import { userOf } from '../../http/caller-keys.js';

/**
 * External tags (docs/api.md "Inventory"): GET by exactly one of `id`, `name`, `address`; POST
 * `{id|name|address, tags, mode?}` (admin). The spec writes the path `/v2/tags/net:netid/external`;
 * both that literal form (`/v2/tags/net:1/external`) and `/v2/tags/net/1/external` are served.
 */
export function registerTags(router: RouteGroup, ctx: ApiContext): void {
  const s = ctx.services.devices;
  const get = (net: (req: RoutedRequest) => NetworkSummary): Handler => (req) => {
    const q = req.query;
    const given = { id: q.get('id') ?? undefined, name: q.get('name') ?? undefined, address: q.get('address') ?? undefined };
    const id = net(req).id;
    return json(s.externalTags(id, deviceKey(given)));
  };
  const post = (net: (req: RoutedRequest) => NetworkSummary): Handler => async (req) => {
    const id = net(req).id;
    const b = externalTagsBody(readJson(req));
    return json(await s.setExternalTags(id, b.key, b.tags, b.mode, userOf(req)));
  };
  const slash = (req: RoutedRequest) => networkParam(ctx, req, 'netid');
  // `/v2/tags/net:<id>/external`: one path segment `net:<id>`; any other segment there is not a path of this API.
  const colon = (req: RoutedRequest) => {
    const seg = pathParam(req, 'netcolon');
    if (!seg.startsWith('net:')) throw new AppError('NOT_FOUND', `no such resource: ${excerpt(req.method)} ${excerpt(req.path)}`);
    return ctx.services.networks.need(parseNonNegativeInteger('netid', seg.slice(4)));
  };
  router.get('/tags/net/:netid/external', get(slash));
  router.post('/tags/net/:netid/external', post(slash), { access: 'admin' });
  router.get('/tags/:netcolon/external', get(colon));
  router.post('/tags/:netcolon/external', post(colon), { access: 'admin' });
}
