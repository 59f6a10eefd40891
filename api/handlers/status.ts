import { AppError } from '../../core/errors.js';
import type { ApiContext } from '../http/context.js';
import type { ApiRequest, ApiResponse } from '../http/http-types.js';
import { networkParam } from '../http/params.js';

/**
 * GET /v2/ui/net/:id/status — the spec leaves the payload open (†); this shape is the project's:
 * `{ network, latestDiscovery, ongoingDiscovery, generations, polling, views, viewsOrder }`.
 * Views do not exist yet, so `views` is always empty; `s` (`id` | `name`) is validated and echoed
 * as `viewsOrder` so that the order is explicit once views exist.
 */
export function networkStatus(ctx: ApiContext, req: ApiRequest): ApiResponse {
  const net = networkParam(ctx, req);
  const s = req.query.get('s') ?? 'id';
  if (s !== 'id' && s !== 'name') throw new AppError('BAD_PARAMETER', `parameter 's' must be 'id' or 'name', got '${s}'`);
  const d = ctx.service.discoveryStatus(net.id);
  return {
    status: 200,
    body: {
      network: {
        id: net.id,
        name: net.name,
        pollIntervalMs: net.pollIntervalMs,
        discoveryIntervalMs: net.discoveryIntervalMs,
        seeds: net.seeds,
        ranges: net.ranges,
      },
      latestDiscovery: d.latest,
      ongoingDiscovery: d.running,
      generations: d.generations,
      polling: ctx.service.pollStatus(net.id),
      views: [],
      viewsOrder: s,
    },
  };
}
