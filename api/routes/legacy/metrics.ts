import { JSON_TYPE } from '../../http/http-types.js';
import { queryFlag } from '../../http/params.js';
import type { Router } from '../../http/router.js';
import type { ApiContext } from '../context.js';

/** The legacy monitor JSON API: ping, healthcheck, metrics (spec 4.5 "Monitor JSON API"). */
export function registerLegacyMetrics(router: Router, ctx: ApiContext): void {
  // Liveness: answered to anyone (load balancers and probes carry no credentials).
  router.get('/api/metrics/ping', () => ({ status: 200, body: 'pong' }), { access: 'public' });

  /**
   * `{ healthy, status, reason, components, uptimeMs }` (the project's shape; the spec only says
   * "status of internal components and summary health"). Always 200: the verdict is the `healthy`
   * field (false when a component is failing); `status` (`ok`, `degraded`, `failing`) is the worst
   * component's and `reason` says why when it is not `ok` (services/networks.ts summarizeHealth).
   */
  router.get('/api/metrics/healthcheck', () => {
    const h = ctx.services.networks.health();
    return {
      status: 200,
      body: { healthy: h.healthy, status: h.status, reason: h.reason, components: h.components, uptimeMs: ctx.clock.nowMs() - ctx.startedAtMs },
    };
  });

  /**
   * Internal metrics (the project's shape): `{ startedAtMs, uptimeMs, networks: [{ id, name, poll,
   * discovery }], store, http }`, where `poll` is the collector's PollStatus, `discovery` the latest and
   * running generation numbers, `store` the store's write state (StoreStatus, null when the store
   * does not report it), and `http` the router's request counters. `pretty` indents the JSON.
   */
  router.get('/api/metrics/metrics', (req) => {
    const pretty = queryFlag(req, 'pretty');
    const now = ctx.clock.nowMs();
    const body = {
      startedAtMs: ctx.startedAtMs, uptimeMs: now - ctx.startedAtMs, networks: ctx.services.networks.metrics(),
      store: ctx.services.networks.health().store ?? null, http: ctx.routerStats(),
    };
    return pretty
      ? { status: 200, headers: { 'content-type': JSON_TYPE }, body: JSON.stringify(body, null, 2) + '\n' }
      : { status: 200, body };
  });
}
