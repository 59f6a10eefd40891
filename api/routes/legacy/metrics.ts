import { JSON_TYPE } from '../../http/http-types.js';
import { queryFlag } from '../../http/params.js';
import type { Router } from '../../http/router.js';
import { summarizeHealth } from '../../../services/networks.js';
import { notificationsHealth } from '../../../services/notify-health.js';
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
    const now = ctx.clock.nowMs();
    const components = { ...h.components, notifications: notificationsHealth(ctx.services.notifier.status(), now) };
    const s = summarizeHealth({ healthy: Object.values(components).every((c) => c.healthy), components });
    return { status: 200, body: { healthy: s.healthy, status: s.status, reason: s.reason, components, uptimeMs: now - ctx.startedAtMs } };
  });

  /**
   * Internal metrics (the project's shape): `{ startedAtMs, uptimeMs, networks: [{ id, name, poll,
   * discovery }], store, http, notifications }`, where `poll` is the collector's PollStatus, `discovery` the latest and
   * running generation numbers, `store` the store's write state (StoreStatus, null when the store
   * does not report it), `http` the router's request counters, and `notifications` the alert
   * notifier's per-stream counters (NotifierStatus: no secret, no receiver URL). `pretty` indents the JSON.
   */
  router.get('/api/metrics/metrics', (req) => {
    const pretty = queryFlag(req, 'pretty');
    const now = ctx.clock.nowMs();
    const body = {
      startedAtMs: ctx.startedAtMs, uptimeMs: now - ctx.startedAtMs, networks: ctx.services.networks.metrics(),
      store: ctx.services.networks.health().store ?? null, http: ctx.routerStats(),
      notifications: ctx.services.notifier.status(),
    };
    return pretty
      ? { status: 200, headers: { 'content-type': JSON_TYPE }, body: JSON.stringify(body, null, 2) + '\n' }
      : { status: 200, body };
  });
}
