import { JSON_TYPE } from '../../http/http-types.js';
import { queryFlag } from '../../http/params.js';
import type { RouteGroup } from '../../http/router.js';
import { summarizeHealth } from '../../../services/networks/index.js';
import { notificationsHealth } from '../../../services/notify/index.js';
import type { ComponentHealth } from '../../../core/ports/networks.js';
import type { EventLoopLag } from '../../http/event-loop.js';
import type { ApiContext } from '../context.js';

/** Event-loop delay (p99 over the recent window) from which the HTTP server reads degraded: answers wait that long. */
const LAG_DEGRADED_SECONDS = 0.5;

/** The HTTP server's component: degraded while the event loop's p99 delay is LAG_DEGRADED_SECONDS or more. */
export function httpHealth(lag: EventLoopLag): ComponentHealth {
  const ms = (s: number) => `${Math.round(s * 1000)} ms`;
  const detail = `event loop delay p99 ${ms(lag.p99Seconds)}, max ${ms(lag.maxSeconds)} over the last ${Math.round(lag.windowSeconds)} s`;
  return lag.p99Seconds >= LAG_DEGRADED_SECONDS ? { healthy: true, status: 'degraded', detail } : { healthy: true, status: 'ok', detail };
}

/** The legacy monitor JSON API: ping, healthcheck, metrics (docs/api.md "Monitor JSON API (legacy)"). */
export function registerLegacyMetrics(router: RouteGroup, ctx: ApiContext): void {
  // Liveness: answered to anyone (load balancers and probes carry no credentials).
  router.get('/metrics/ping', () => ({ status: 200, body: 'pong' }), { access: 'public' });

  /**
   * `{ healthy, status, reason, components, uptimeMs }` (the project's shape; the spec only says
   * "status of internal components and summary health"). Always 200: the verdict is the `healthy`
   * field (false when a component is failing); `status` (`ok`, `degraded`, `failing`) is the worst
   * component's and `reason` says why when it is not `ok` (services/networks/networks.ts summarizeHealth).
   */
  router.get('/metrics/healthcheck', () => {
    const h = ctx.services.networks.health();
    const now = ctx.clock.nowMs();
    const lag = ctx.process?.eventLoopLag();
    const components = {
      ...h.components,
      metadata: ctx.services.selfMetrics.metadataHealth(),
      notifications: notificationsHealth(ctx.services.notifier.status(), now),
      ...(lag ? { http: httpHealth(lag) } : {}),
      work: ctx.services.gates.health(),
    };
    const s = summarizeHealth({ healthy: Object.values(components).every((c) => c.healthy), components });
    return { status: 200, body: { healthy: s.healthy, status: s.status, reason: s.reason, components, uptimeMs: now - ctx.startedAtMs } };
  });

  /**
   * Internal metrics (the project's shape): `{ startedAtMs, uptimeMs, networks: [{ id, name, poll,
   * discovery }], store, http, notifications }`, where `poll` is the collector's PollStatus, `discovery` the latest and
   * running generation numbers, `store` the store's write state (StoreStatus, null when the store
   * does not report it), `http` the router's request counters, and `notifications` the alert
   * notifier's per-stream counters (NotifierStatus: no secret, no receiver URL), `workGates` each
   * work gate's bounds and counters (services/work-gates.ts), `remote` a collector's publishing and
   * its site's collectors (RemoteStatus; null unless `mode: collector`). `pretty` indents the JSON.
   */
  router.get('/metrics/metrics', (req) => {
    const pretty = queryFlag(req, 'pretty');
    const now = ctx.clock.nowMs();
    const mem = process.memoryUsage();
    const body = {
      startedAtMs: ctx.startedAtMs, uptimeMs: now - ctx.startedAtMs, networks: ctx.services.networks.metrics(),
      pipeline: ctx.services.selfMetrics.counters(),
      store: ctx.services.networks.health().store ?? null,
      remote: ctx.services.networks.health().remote ?? null,
      storeSizeBytes: ctx.services.selfMetrics.storeSizeBytes(),
      http: ctx.routerStats(),
      eventLoop: ctx.process?.eventLoopLag() ?? null,
      process: { residentMemoryBytes: mem.rss, heapUsedBytes: mem.heapUsed },
      notifications: ctx.services.notifier.status(),
      workGates: ctx.services.gates.stats(),
    };
    return pretty
      ? { status: 200, headers: { 'content-type': JSON_TYPE }, body: JSON.stringify(body, null, 2) + '\n' }
      : { status: 200, body };
  });
}
