import type { Clock } from '../core/clock.js';
import type { Logger } from '../core/logger.js';
import type { ApiContext } from './http/context.js';
import type { ApiRequest, ApiResponse } from './http/http-types.js';
import type { MonitorService } from './monitor-service.js';
import { BufferPool } from './http/buffer-pool.js';
import { memoizeJson } from './http/json-memo.js';
import { Router } from './http/router.js';
import * as discovery from './handlers/discovery.js';
import * as graphData from './handlers/graph-data.js';
import * as catalog from './handlers/catalog.js';
import * as query from './handlers/query.js';
import * as vars from './handlers/vars.js';
import * as workbench from './handlers/workbench.js';
import * as metrics from './handlers/metrics.js';
import { networkStatus } from './handlers/status.js';
import { NetworkTablesCache } from './svcql-catalog.js';

export interface RouterDeps {
  readonly service: MonitorService;
  readonly clock: Clock;
  readonly logger: Logger;
}

/** The route table: every endpoint this server answers, in one place. */
export function buildRouter(deps: RouterDeps): { router: Router; ctx: ApiContext } {
  const router = new Router({ logger: deps.logger });
  const ctx: ApiContext = {
    service: deps.service,
    clock: deps.clock,
    logger: deps.logger,
    startedAtMs: deps.clock.nowMs(),
    routerStats: () => router.stats(),
    answerBuffers: new BufferPool(),
  };
  const h = (fn: (ctx: ApiContext, req: ApiRequest) => ApiResponse | Promise<ApiResponse>) => (req: ApiRequest) => fn(ctx, req);
  // The SvcQL tables of each network, shared by the calls that read devices or latest values.
  const tables = new NetworkTablesCache();
  const ht = (fn: (ctx: ApiContext, req: ApiRequest, tables: NetworkTablesCache) => ApiResponse) => (req: ApiRequest) => fn(ctx, req, tables);

  // v2: status and discovery
  // Status is polled by every open dashboard and changes only with discovery and poll cycles.
  router.get('/v2/ui/net/:id/status', memoizeJson(h(networkStatus), (req) => req.params.id));
  router.get('/v2/svc/discovery/net/:id/start', h(discovery.startDiscovery));
  router.get('/v2/discovery/net/:id/topo', h(discovery.topology));
  router.get('/v2/discovery/net/:id/devices', h(discovery.devices));
  router.get('/v2/discovery/net/:id/devices/:devid', h(discovery.device));

  // v2: graphs and raw data
  router.get('/v2/ui/net/:id/graph/:triplets', h(graphData.graph));
  router.get('/v2/ui/net/:id/data/:triplets', h(graphData.data));

  // legacy: graphs and data
  router.get('/api/monitor/networks/:netid/graph/:varids', h(graphData.graph));
  router.get('/api/monitor/networks/:netid/data/:varids', h(graphData.data));
  router.get('/api/monitor/networks/:netid/graph/', h(graphData.graphByRule));
  router.get('/api/monitor/networks/:netid/data/', h(graphData.dataByRule));

  // v2: graphing workbench catalog
  router.get('/v2/ui/net/:id/gw/variables', h(workbench.variablesByRule));
  router.get('/v2/ui/net/:id/gw/catalog/categories/list', h(catalog.categories));
  router.get('/v2/ui/net/:id/gw/catalog/categories/:category', h(catalog.categoryVariables));
  router.get('/v2/ui/net/:id/gw/catalog/variables/:names', h(catalog.catalogVariables));
  router.get('/v2/ui/net/:id/gw/catalog/variables/:names/devices/:devices', h(catalog.catalogVariables));
  router.get('/v2/ui/net/:id/gw/catalog/tags/facets/list', ht(catalog.tagFacets));

  // v2: dashboard-tool query API
  // The dashboard tool's category calls answer what the workbench catalog calls answer (any body is ignored).
  router.post('/v2/query/net/:id/categories/', h(catalog.categories));
  router.post('/v2/query/net/:id/variables/:category', h(catalog.categoryVariables));
  router.post('/v2/query/net/:id/data/', ht(query.queryData));

  // legacy: workbench and catalog
  router.get('/api/monitor/networks/:netid/gw/', h(workbench.legacySummary));
  router.get('/api/monitor/networks/:netid/gw', h(workbench.legacyByRule));
  router.get('/api/monitor/networks/:netid/vars/:varname', ht(vars.lastValuesOf));
  router.get('/api/monitor/networks/:netid/vars', ht(vars.lastValuesByRule));
  router.get('/api/monitor/networks/:netid/catalog/', ht(catalog.legacyCatalog));
  router.get('/api/monitor/networks/:netid/catalog/:triplets', ht(catalog.legacyCatalog));

  // legacy: monitor JSON API
  router.get('/api/metrics/ping', h(metrics.ping));
  router.get('/api/metrics/healthcheck', h(metrics.healthcheck));
  router.get('/api/metrics/metrics', h(metrics.metrics));

  return { router, ctx };
}
