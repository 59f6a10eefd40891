import { AppError } from '../../../core/errors.js';
import type { GenerationSelector } from '../../../core/ports/networks.js';
import type { RoutedRequest } from '../../http/http-types.js';
import { parseNonNegativeInteger, pathParam, queryInteger } from '../../http/params.js';
import type { Router } from '../../http/router.js';
import { json, networkParam, type ApiContext } from '../context.js';
import { gateKeyOf, userOf } from '../id-list.js';

/**
 * The query `timestamp` / `generation` as a selector, following docs/api.md "Generation selection":
 * 1. timestamp > 0 → the latest discovery completed before it;
 * 2. generation > 0 → that generation;
 * 3. both missing, or timestamp 0 and generation −1 → the latest completed one;
 * 4. both > 0 → timestamp wins.
 * This project also reads timestamp 0 alone and generation 0 or −1 alone as rule 3. Values that
 * are not integers, a negative timestamp and a generation below −1 are malformed (400).
 * The returned selector carries at most one field so that the service sees one rule.
 */
export function parseSelector(req: RoutedRequest): GenerationSelector {
  const timestamp = queryInteger(req, 'timestamp');
  const generation = queryInteger(req, 'generation');
  if (timestamp !== undefined && timestamp < 0) throw new AppError('BAD_PARAMETER', `parameter 'timestamp' must not be negative, got ${timestamp}`);
  if (generation !== undefined && generation < -1) throw new AppError('BAD_PARAMETER', `parameter 'generation' must be a generation number, 0 or -1, got ${generation}`);
  if (timestamp !== undefined && timestamp > 0) return { timestampMs: timestamp };
  if (generation !== undefined && generation > 0) return { generation };
  return {};
}

/** Discovery start (administrators) and the generation-selected discovery data (docs/api.md "Generation selection"). */
export function registerDiscovery(router: Router, ctx: ApiContext): void {
  const d = ctx.services.discovery;
  router.get('/v2/svc/discovery/net/:id/start', (req) => json(d.start(networkParam(ctx, req).id, userOf(req), gateKeyOf(req))), { access: 'admin' });
  router.get('/v2/discovery/net/:id/topo', (req) => json(d.topology(networkParam(ctx, req).id, parseSelector(req))));
  router.get('/v2/discovery/net/:id/devices', (req) => json(d.devices(networkParam(ctx, req).id, parseSelector(req))));
  router.get('/v2/discovery/net/:id/devices/:devid', (req) => {
    const devId = parseNonNegativeInteger('devid', pathParam(req, 'devid'));
    return json(d.device(networkParam(ctx, req).id, devId, parseSelector(req)));
  });
}
