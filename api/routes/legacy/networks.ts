import { AppError } from '../../../core/errors.js';
import type { GenerationSelector } from '../../../core/ports/networks.js';
import { excerpt } from '../../http/errors.js';
import type { Handler, RoutedRequest } from '../../http/http-types.js';
import { parseInteger, parseNonNegativeInteger, pathParam } from '../../http/params.js';
import type { RouteGroup } from '../../http/router.js';
import { json, networkParam, type ApiContext } from '../context.js';
import { parseSelector } from '../../http/generation-params.js';
import { userOf } from '../../http/caller-keys.js';

/**
 * A path value that is either a generation number or a time stamp (`generations/:n`, `topo/:n`):
 * a value of at least TIMESTAMP_FROM is a time stamp in ms (the latest discovery completed before
 * it, the first rule of docs/api.md "Generation selection"), a smaller positive value is a generation number. 10^11 ms is 1973-03-03:
 * no time stamp a client sends is below it, and no network reaches 10^11 generations (one a minute
 * for 190,000 years).
 */
const TIMESTAMP_FROM = 100_000_000_000;

function generationOrTimestamp(name: string, text: string): GenerationSelector {
  const n = parseInteger(name, text);
  if (n <= 0) throw new AppError('BAD_PARAMETER', `parameter '${name}' must be a generation number (1 or more) or a time stamp in ms, got '${excerpt(text)}'`);
  return n >= TIMESTAMP_FROM ? { timestampMs: n } : { generation: n };
}

/**
 * The legacy network commands (docs/api.md "Legacy network commands", under `/api/ui/networks/:netid`) and `/api/ui/status`,
 * `/api/ui/networks`. Each answers from the v2 services (networks, discovery, views) with the
 * project's shapes (docs/api.md, "Legacy network commands"); the generation-selected ones take
 * `?generation=` / `?timestamp=` like their v2 forms, or the generation in the path.
 */
export function registerLegacyNetworks(router: RouteGroup, ctx: ApiContext): void {
  const { networks, discovery, views } = ctx.services;
  const net = (req: RoutedRequest) => networkParam(ctx, req, 'netid');
  const base = '/ui/networks/:netid';

  router.get('/ui/networks', () => json({ networks: ctx.services.networks.list() }));
  router.get('/ui/status', (req) => json({ networks: networks.list().map((n) => networks.status(n, 'id', req.caller)) }));

  router.get(`${base}/full`, (req) => {
    const n = net(req);
    return json({ ...networks.status(n, 'id', req.caller), topology: discovery.topology(n.id, parseSelector(req)) });
  });
  router.get(`${base}/generations`, (req) => json(discovery.generations(net(req).id)));
  router.get(`${base}/generations/:gen`, (req) => {
    const id = net(req).id;
    return json(discovery.generationDetail(id, generationOrTimestamp('gen', pathParam(req, 'gen'))));
  });
  router.get(`${base}/discover`, (req) => json(discovery.start(net(req).id, userOf(req))), { access: 'admin' });
  router.get(`${base}/tiles`, (req) => {
    const id = net(req).id;
    return json({ networkId: id, tiles: views.tiles(id, req.caller, 'id') });
  });
  router.get(`${base}/topo`, (req) => json(discovery.topology(net(req).id, parseSelector(req))));
  router.get(`${base}/topo/:gen`, (req) => {
    const id = net(req).id;
    return json(discovery.topology(id, generationOrTimestamp('gen', pathParam(req, 'gen'))));
  });
  const nodes: Handler = (req) => json(discovery.devices(net(req).id, parseSelector(req)));
  router.get(`${base}/nodes`, nodes);
  router.get(`${base}/nodes/`, nodes);
  router.get(`${base}/nodes/:nodeid`, (req) => {
    const id = net(req).id;
    return json(discovery.device(id, parseNonNegativeInteger('nodeid', pathParam(req, 'nodeid')), parseSelector(req)));
  });
  router.get(`${base}/nodes/:nodeid/summary`, (req) => {
    const id = net(req).id;
    return json(discovery.deviceSummary(id, parseNonNegativeInteger('nodeid', pathParam(req, 'nodeid')), parseSelector(req)));
  });
  router.get(`${base}/icons`, (req) => json(discovery.icons(net(req).id, parseSelector(req))));
}
