import type { Clock } from '../../core/clock.js';
import type { Logger } from '../../core/logger.js';
import type { Services } from '../../services/index.js';
import { BufferPool } from '../http/buffer-pool.js';
import { Router } from '../http/router.js';
import { authMiddleware } from '../middleware/auth.js';
import type { ApiContext, ProcessHooks } from './context.js';
import { registerLegacyAlerts } from './legacy/alerts.js';
import { registerLegacyGraph } from './legacy/graph.js';
import { registerLegacyKeyValue } from './legacy/keyvalue.js';
import { registerLegacyMaps } from './legacy/maps.js';
import { registerLegacyViewManipulation } from './legacy/view-manipulation.js';
import { registerLegacyMetrics } from './legacy/metrics.js';
import { registerLegacyMonitorNodes } from './legacy/monitor-nodes.js';
import { registerLegacyNetworks } from './legacy/networks.js';
import { registerLegacyWorkbench } from './legacy/workbench.js';
import { registerPrometheus } from './prometheus.js';
import { registerSelfObservation } from './self-observation.js';
import { registerActions } from './v2/actions.js';
import { registerAlerts } from './v2/alerts.js';
import { registerDevicePanel } from './v2/device-panel.js';
import { registerDevices } from './v2/devices.js';
import { registerDiscovery } from './v2/discovery.js';
import { registerDiscoveryQueue } from './v2/discovery-queue.js';
import { registerPing } from './v2/ping.js';
import { registerTags } from './v2/tags.js';
import { registerTasks } from './v2/tasks.js';
import { registerFilters } from './v2/filters.js';
import { registerKeyValue } from './v2/keyvalue.js';
import { registerLogin } from './v2/login.js';
import { registerAccounts } from './v2/accounts.js';
import { RefusalDelay } from '../middleware/refusal-delay.js';
import { registerMaps } from './v2/maps.js';
import { registerGraph } from './v2/graph.js';
import { registerQuery } from './v2/query.js';
import { registerStatus } from './v2/status.js';
import { registerViews } from './v2/views.js';
import { registerWorkbench } from './v2/workbench.js';
import { registerWebUi } from './web-ui.js';
import { registerExternal } from './v2/external.js';
import { registerReports } from './v2/reports.js';
import { registerLegacyReports } from './legacy/reports.js';

interface RouterDeps {
  readonly services: Services;
  readonly clock: Clock;
  readonly logger: Logger;
  /** The running process (event-loop lag, the stop request of /api/quit): given by startApi. */
  readonly process?: ProcessHooks;
}

/**
 * The route table: every endpoint this server answers. Each module of routes/v2 and routes/legacy
 * registers its routes with the services it calls; a new feature adds one module and one line here.
 * The middleware chain (authentication) runs before every route's handler.
 */
export function buildRouter(deps: RouterDeps): { router: Router; ctx: ApiContext } {
  const router = new Router({ logger: deps.logger });
  const ctx: ApiContext = {
    services: deps.services,
    clock: deps.clock,
    logger: deps.logger,
    startedAtMs: deps.clock.nowMs(),
    routerStats: () => router.stats(),
    answerBuffers: new BufferPool(),
    ...(deps.process ? { process: deps.process } : {}),
  };
  // One bound for the late answers of refused password checks, HTTP Basic and the login call alike.
  const refusals = new RefusalDelay(() => deps.services.auth.config.refusedCheckDelayMs);
  const auth = authMiddleware(deps.services.auth, refusals);
  if (auth) router.use(auth);
  // Route groups: the v2 modules add their paths relative to `/v2`, the legacy modules relative to
  // `/api`. A group only prefixes patterns (and would compose group middleware) when routes are
  // added; the router's table and its matching are the same as with full paths.
  const v2 = router.group('/v2');
  const legacy = router.group('/api');

  registerLogin(v2, ctx, refusals);
  // Users and API tokens for administrators (the onboarding pages).
  registerAccounts(v2, ctx);
  // The web UI's page and files (public: the login form loads before anyone is logged in).
  registerWebUi(router, ctx);
  registerStatus(v2, ctx);
  registerDiscovery(v2, ctx);
  registerGraph(v2, ctx);
  registerWorkbench(v2, ctx);
  registerQuery(v2, ctx);

  registerLegacyGraph(legacy, ctx);
  registerLegacyWorkbench(legacy, ctx);
  registerLegacyMetrics(legacy, ctx);
  registerSelfObservation(router, ctx);

  // UI state: map views, view filters, the key-value store, legacy view manipulation (declared not implemented).
  registerViews(v2, ctx);
  registerFilters(v2, ctx);
  registerKeyValue(v2, ctx);
  registerLegacyKeyValue(legacy, ctx);
  registerLegacyViewManipulation(legacy);

  // Maps of views: the map, layouts, preview, coordinates and values on the map.
  registerMaps(v2, ctx);
  registerLegacyMaps(legacy, ctx);

  // Inventory (docs/api.md "Inventory"): managed devices, blocked addresses, background tasks,
  // incremental discovery, external tags, the health ping; and the legacy network commands.
  registerDevices(v2, ctx);
  registerTasks(v2, ctx);
  registerDiscoveryQueue(v2, ctx);
  registerTags(v2, ctx);
  registerPing(v2, ctx);
  registerLegacyNetworks(legacy, ctx);

  // Alerts and silences.
  registerAlerts(v2, ctx);
  registerLegacyAlerts(legacy, ctx);

  // The Prometheus HTTP API's basic reads, for Grafana's built-in Prometheus data source.
  registerPrometheus(router.group('/api/v1'), ctx);
  // The device panel of a UI: Summary, device data, popups.
  registerDevicePanel(v2, ctx);
  registerLegacyMonitorNodes(legacy, ctx);
  // The external traffic-analytics proxy (integrations.trafficAnalytics).
  registerExternal(v2, ctx);
  // Report files: runs on demand, the 3.0 list, count and get, and the legacy list and files.
  registerReports(v2, ctx);
  // The legacy report files are served under /reports, outside the /api group.
  registerLegacyReports(legacy, ctx, router);
  // Operations of a network (docs/api.md "Actions and settings") and the effective settings.
  registerActions(v2, ctx);
  return { router, ctx };
}
