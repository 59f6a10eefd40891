import type { Handler } from '../../http/http-types.js';
import { pathParam } from '../../http/params.js';
import type { RouteGroup } from '../../http/router.js';
import { UNAUTHORIZED } from '../../middleware/auth.js';
import { json, networkParam, type ApiContext } from '../context.js';

/**
 * The health ping (docs/api.md "Inventory": `GET /v2/ping/net/:netid/[se]`): `{status: 'ok', networkId, network,
 * timeMs, uptimeMs, health}` for a configured network (404 otherwise); `health` is the collector's
 * verdict (`ok`, `degraded`, `failing`) — the ping itself answers 200 while the server runs.
 *
 * The forms clients send: nsgcli `ping` sends `/v2/ping/net/:netid/se`; the NetSpyGlass Grafana
 * datasource's connection test sends `/v2/ping/net/:netid/test` (current) or
 * `/v2/ping/net/:netid/test/<access token>` (older versions: the token as the last path segment,
 * empty when none is set). All are served, as is `/v2/ping/net/:netid` (the `[se]` of the spec read
 * as optional). Each needs a caller (`user`) like any read; the token-in-path form is checked by its
 * own handler: with authentication on, the path token must be a valid token (401 otherwise).
 */
export function registerPing(router: RouteGroup, ctx: ApiContext): void {
  const ping: Handler = (req) => {
    const net = networkParam(ctx, req, 'netid');
    const health = ctx.services.networks.health();
    const nowMs = ctx.clock.nowMs();
    return json({ status: 'ok', networkId: net.id, network: net.name, timeMs: nowMs, uptimeMs: Math.max(0, nowMs - ctx.startedAtMs), health: health.status });
  };
  for (const p of ['', '/', '/se', '/se/', '/test', '/test/']) router.get(`/ping/net/:netid${p}`, ping);
  const auth = ctx.services.auth;
  router.get('/ping/net/:netid/test/:token', (req) => {
    if (auth.enabled && auth.byToken(pathParam(req, 'token')) === null) return UNAUTHORIZED;
    return ping(req);
  }, { access: 'public' });
}
