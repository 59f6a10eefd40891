import { AccountAdmin, AccountsService, Authenticator, PasswordPool } from './accounts/index.js';
import { AlertEngine, AlertService } from './alerts/index.js';
import type { AlertNotifier, AlertSource, SilenceLookup } from './alert-types.js';
import { CatalogService } from './catalog/index.js';
import type { ServiceDeps } from './deps.js';
import { DerivedVariables } from './derived/index.js';
import { DeviceDetailsService, DevicePanelService, DeviceService } from './devices/index.js';
import { DiscoveryService, NetworkService } from './networks/index.js';
import { FilterService } from './filters/index.js';
import { KeyValueService } from './keyvalue/index.js';
import { ViewService, type MapViewSource } from './views/index.js';
import { MapService } from './maps/index.js';
import { OperationsService, SelfMetricsService, ServerCaches } from './operations/index.js';
import { Notifier } from './notify/index.js';
import { PrometheusService, QueryService } from './query/index.js';
import { SeriesService } from './series/index.js';
import { SilenceService } from './silences/index.js';
import type { ScryptCost } from './accounts/index.js';
import { NetworkTablesCache } from './svcql-tables.js';
import { TrafficAnalyticsProxy } from './integrations/index.js';
import { ReportService } from './reports/index.js';
import { WorkGates } from './work-gates.js';
import { readPerCall, type ConfigApplier } from '../core/config-applier.js';

/**
 * What every route calls: plain arguments in (no HTTP types), plain data out. Services read the
 * collector through core/ports and the series store through its interface; a service per feature.
 */
export interface Services {
  readonly networks: NetworkService;
  readonly discovery: DiscoveryService;
  /** Device management, blocked addresses, tasks, incremental discovery and external tags (docs/api.md "Inventory") over the collector's DevicesPort and TasksPort. */
  readonly devices: DeviceService;
  readonly series: SeriesService;
  readonly catalog: CatalogService;
  readonly query: QueryService;
  readonly filters: FilterService;
  readonly keyValues: KeyValueService;
  /** Map views; also the MapViewSource of the maps (services/views/map-view-source.ts). Its `start` runs once before the API opens (app.ts). */
  readonly views: ViewService;
  /** Users and tokens (the CLI's commands). */
  readonly accounts: AccountsService;
  /** Users and tokens as administrators manage them through the API (never without an administrator user). */
  readonly accountAdmin: AccountAdmin;
  /** Credentials to callers, sessions, login limits, the password pool (the authentication middleware and the login call; app.ts closes it on stop). */
  readonly auth: Authenticator;
  /** Maps of views: selection, layouts, coordinates, values (built on `views` as their MapViewSource). */
  readonly maps: MapService;
  /** Alert notifications to the configured streams (configured on reload through its config applier; app.ts closes it on stop). */
  readonly notifier: AlertNotifier;
  /** Alert silences (docs/api.md "Alerts and silences"); also the SilenceLookup of the alert evaluator. */
  readonly silences: SilenceService;
  /** The alert evaluator (rules on grid steps) and the AlertSource of the alerts; app.ts starts and stops it. */
  readonly alertEngine: AlertEngine;
  /** The derived variables' evaluator (config `variables.derived`, on grid steps); app.ts starts and stops it. */
  readonly derivedVariables: DerivedVariables;
  /** The alert list and get calls, over the evaluator's alerts (or `ServiceSources.alertSource`) and the silences. */
  readonly alerts: AlertService;
  /** The Prometheus HTTP API's basic reads (selectors over variables) for Grafana's Prometheus data source. */
  readonly prometheus: PrometheusService;
  /** The device panel of a UI: Summary, device data and popup variables (over discovery, catalog, series and alerts). */
  readonly devicePanel: DevicePanelService;
  /** The legacy monitor calls of a device (node details, brief, link summary, popup graph variables), over the device panel. */
  readonly deviceDetails: DeviceDetailsService;
  /** The external traffic-analytics proxy over `integrations.trafficAnalytics`. */
  readonly trafficAnalytics: TrafficAnalyticsProxy;
  /** Report files (inventory, utilisation, discovery) in the data directory: runs, schedule, list and read. app.ts starts and stops its schedule. */
  readonly reports: ReportService;
  /** Self-observation: the poll → store pipeline's counters and the store's size (app.ts closes it on stop). */
  readonly selfMetrics: SelfMetricsService;
  /** The actions of a network (reload, dump, caches…) and the effective settings; app.ts attaches its hooks (reloadConfig). */
  readonly operations: OperationsService;
  /** The server's caches by name (cache/list, cache/clear, cache/refresh); a service with a cache adds it here. */
  readonly caches: ServerCaches;
  /** The bounds of the work callers start (config `limits:`): report runs, long actions, discovery submissions and starts. */
  readonly gates: WorkGates;
  /**
   * The services' part of a config reload (core/config-applier.ts), in the order of its effects:
   * the notifier and the map views apply after the swap, the others read their keys per call.
   * `log` tells the failures that do not stop a reload.
   */
  configAppliers(log: ServiceDeps['logger']): readonly ConfigApplier[];
}

/** Parts a caller may put in place of the built ones (tests of one service over a fake of another). */
export interface ServiceSources {
  /** The view source of the maps; by default the views service. */
  readonly mapViews?: MapViewSource;
  /** Where alert notices go; by default the notifier built from the configuration's `notifications:`. */
  readonly notifier?: AlertNotifier;
  /** Which silence matches an alert, for the evaluator; by default the silences service. */
  readonly silences?: SilenceLookup;
  /** The alerts the alert service answers from; by default the evaluator's. */
  readonly alertSource?: AlertSource;
  /** The scrypt cost of the password hashes the accounts make; by default DEFAULT_SCRYPT_COST. A test that
   * checks hundreds of wrong passwords on purpose passes a small one (a check runs at the stored hash's cost). */
  readonly scryptCost?: ScryptCost;
}

export function createServices(deps: ServiceDeps, sources: ServiceSources = {}): Services {
  const gates = new WorkGates(deps.config);
  const views = new ViewService(deps);
  const networks = new NetworkService(deps, views);
  // The SvcQL tables of each network, shared by the calls that read devices or latest values.
  // Password checks and hashes on threads of their own (never libuv's), bounded (config auth.password*).
  const authConfig = deps.config().auth;
  const passwords = new PasswordPool({
    threads: authConfig.passwordThreads, maxQueued: authConfig.passwordQueue, maxPerCaller: authConfig.passwordChecksPerAddress,
  });
  const accounts = new AccountsService(deps.meta, deps.clock, { derive: passwords.derive, scryptCost: sources.scryptCost });
  const silences = new SilenceService(deps);
  const notifier = sources.notifier ?? new Notifier(deps.config().notifications, { clock: deps.clock, logger: deps.logger.child('notify') });
  const alertEngine = new AlertEngine(deps, notifier, sources.silences ?? silences);
  const tables = new NetworkTablesCache(deps, alertEngine);
  const series = new SeriesService(deps, networks);
  const discovery = new DiscoveryService(deps, networks, gates);
  const alerts = new AlertService(deps, sources.alertSource ?? alertEngine, silences);
  const devicePanel = new DevicePanelService(deps, networks, discovery, alerts);
  const maps = new MapService(deps, networks, sources.mapViews ?? views);
  const caches = new ServerCaches();
  caches.add({
    name: 'svcql-tables', description: 'the SvcQL tables (devices, interfaces, variables, tags, alerts) of each network, one entry per network',
    size: () => ({ entries: tables.size() }),
    clear: () => tables.clear(),
    refresh: () => { tables.clear(); for (const n of networks.list()) tables.get(n.id); },
  });
  caches.add({
    name: 'view-tiles', description: 'the tile lists of the status answer, by network and order',
    size: () => ({ entries: views.tileListsCached() }),
    clear: () => views.dropTileLists(), refresh: () => views.dropTileLists(),
  });
  const mapCaches = [
    ['map-answers', 'answers', 'the latest map answer of each view (the newest few)'],
    ['map-auto-layouts', 'autoLayouts', 'the automatic layouts of the maps by selection'],
    ['map-coordinates', 'coordinates', 'the stored device coordinates of the most recently read views'],
  ] as const;
  for (const [name, which, description] of mapCaches) {
    caches.add({
      name, description, size: () => ({ entries: maps.cacheSizes()[which] }),
      clear: () => maps.clearCache(which), refresh: () => maps.clearCache(which),
    });
  }
  const operations = new OperationsService(deps, { networks, discovery, views, maps, notifier, caches, gates });
  return {
    networks,
    discovery,
    devices: new DeviceService(deps, networks, gates),
    series,
    catalog: new CatalogService(deps, networks, tables),
    query: new QueryService(deps, networks, tables),
    filters: new FilterService(deps),
    keyValues: new KeyValueService(deps),
    views,
    accounts,
    accountAdmin: new AccountAdmin(accounts, deps.logger.child('accounts')),
    auth: new Authenticator(deps, accounts, passwords),
    maps,
    notifier,
    silences,
    alertEngine,
    derivedVariables: new DerivedVariables(deps),
    alerts,
    prometheus: new PrometheusService(deps, networks, series),
    devicePanel,
    deviceDetails: new DeviceDetailsService(deps, devicePanel),
    trafficAnalytics: new TrafficAnalyticsProxy(deps),
    reports: new ReportService(deps, gates),
    selfMetrics: new SelfMetricsService(deps),
    operations,
    caches,
    gates,
    configAppliers: (log) => [
      Notifier.configApplier(notifier),
      views.configApplier(log),
      readPerCall('map view form data', ViewService.configKeys),
      readPerCall('key-value records', KeyValueService.configKeys),
      readPerCall('map link variables', MapService.configKeys),
      readPerCall('device panel popups', DevicePanelService.configKeys),
      readPerCall('alert evaluator', AlertEngine.configKeys, ['networks']),
      readPerCall('derived variables', DerivedVariables.configKeys),
      readPerCall('variable colours', CatalogService.configKeys, ['variables.snmp', 'variables.derived']),
      readPerCall('traffic-analytics proxy', TrafficAnalyticsProxy.configKeys),
      readPerCall('report schedule', ReportService.configKeys),
      readPerCall('work gates', WorkGates.configKeys),
      readPerCall('settings', OperationsService.configKeys),
    ],
  };
}
