import { CatalogService } from './catalog.js';
import type { ServiceDeps } from './deps.js';
import { DiscoveryService } from './discovery.js';
import { FilterService } from './filters.js';
import { KeyValueService } from './keyvalue.js';
import type { MapViewSource } from './map-view-source.js';
import { NO_MAP_VIEWS } from './map-views-placeholder.js';
import { MapService } from './maps.js';
import { NetworkService } from './networks.js';
import { QueryService } from './query.js';
import { SeriesService } from './series.js';
import { NetworkTablesCache } from './svcql-tables.js';

/**
 * What every route calls: plain arguments in (no HTTP types), plain data out. Services read the
 * collector through core/ports and the series store through its interface; a service per feature.
 */
export interface Services {
  readonly networks: NetworkService;
  readonly discovery: DiscoveryService;
  readonly series: SeriesService;
  readonly catalog: CatalogService;
  readonly query: QueryService;
  readonly filters: FilterService;
  readonly keyValues: KeyValueService;
  readonly maps: MapService;
}

/** Services built elsewhere that others here build on. */
export interface ServiceSources {
  /**
   * The map views maps are built from (services/map-view-source.ts). Until the views service is
   * connected here, NO_MAP_VIEWS: a placeholder that knows no view (every map call is UNKNOWN_VIEW).
   */
  readonly mapViews?: MapViewSource;
}

export function createServices(deps: ServiceDeps, sources: ServiceSources = {}): Services {
  const networks = new NetworkService(deps);
  // The SvcQL tables of each network, shared by the calls that read devices or latest values.
  const tables = new NetworkTablesCache(deps);
  return {
    networks,
    discovery: new DiscoveryService(deps, networks),
    series: new SeriesService(deps, networks),
    catalog: new CatalogService(deps, networks, tables),
    query: new QueryService(deps, networks, tables),
    filters: new FilterService(deps),
    keyValues: new KeyValueService(deps),
    maps: new MapService(deps, networks, sources.mapViews ?? NO_MAP_VIEWS),
  };
}

export type { ServiceDeps } from './deps.js';
