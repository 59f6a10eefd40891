import { readFileSync } from 'node:fs';
import { startApi, type RunningApi } from './api/server.js';
import { startSimulator, startSimulatorOnFreeAddresses, type SimNetwork } from './sim/simulator.js';
import { Monitor } from './collector/monitor.js';
import { createPool, type WorkerPool } from './collector/pool.js';
import { relocateSimulator } from './core/config-load.js';
import type { Config } from './core/config-schema.js';
import { ConfigHolder, reloadConfig, type ReloadPlan } from './core/config-reload.js';
import { configuredDefinitions } from './core/config-variables.js';
import { applyConfig, checkConfig, readPerCall, type ConfigApplier } from './core/config-applier.js';
import { collectorAppliers } from './collector/config-appliers.js';
import { AppError } from './core/errors.js';
import type { Logger } from './core/logger.js';
import { systemClock } from './core/clock.js';
import { openEmbeddedStore, type EmbeddedStore } from './store/open-store.js';
import { SeriesPruner } from './store/series/series-pruner.js';
import { createServices } from './services/index.js';
import { enableRegexpSafety } from './svcql/index.js';
import type { CollectorRole } from './remote/collector-role.js';
import type { CentralRole } from './remote/central-role.js';
import { withoutCredentials, type DistributedConfig } from './core/config-distributed.js';

/** Where a collector keeps the last configuration it took from the central (metadata store). */
const RECEIVED_NS = 'remoteConfig';
const RECEIVED_KEY = 'received';
interface ReceivedConfig { readonly part: DistributedConfig; readonly revision: number }

export interface AppOptions {
  /**
   * Loads and validates the configuration again (the start's file and environment), for reloads;
   * with `distributed`, the central's networks and variables in place of the file's (`remote.configFrom: central`).
   */
  readonly load?: (distributed?: DistributedConfig) => Config;
  /** `mode: central`: the distributed part of the configuration file, read again after each reload (core/config-distributed.ts). */
  readonly distributedPart?: () => DistributedConfig;
  /** Called on an accepted `GET /api/quit`: the caller stops the app (main.ts: `stop()` then exit 0). */
  readonly onQuit?: () => void;
}

export interface App {
  readonly port: number;
  readonly monitor: Monitor;
  readonly simulator: SimNetwork | null;
  /** Series retention: the background pruner's `status()` and `pruneNow()`. */
  readonly retention: SeriesPruner;
  /** The running Config (replaced whole by a reload). */
  config(): Config;
  /** The parts a reload applies the configuration to, in order (core/config-applier.ts); configKeyTable makes its table of keys. */
  readonly configAppliers: readonly ConfigApplier[];
  /**
   * Reloads the configuration: loads and validates it with the start's loader (a bad file throws
   * CONFIG_INVALID, as is one an applier's check refuses), refuses a change that needs a restart
   * (CONFIG_RELOAD_REFUSED, naming the keys), then swaps the Config whole and runs the appliers.
   * On a throw before the swap nothing has changed.
   */
  reloadConfig(): Promise<ReloadPlan>;
  /** Stops everything in reverse order of start; flushes the store. Idempotent. */
  stop(): Promise<void>;
}

/**
 * Starts the whole server from a validated config: store → simulator (when configured) → worker pool →
 * collector → services → API. Each part gets its dependencies passed in; stop() undoes the start in
 * reverse. The store takes the data directory's lock first (DATA_DIR_LOCKED naming the PID of
 * another server on it). The built-in simulator (no configuration) moves to free loopback
 * addresses when its own are taken, and its network follows (logged; reloads keep the move).
 */
export async function startApp(loaded: Config, logger: Logger, opts: AppOptions = {}): Promise<App> {
  let config = loaded;
  enableRegexpSafety();
  const stops: (() => Promise<void> | void)[] = [];
  const stopAll = async () => {
    while (stops.length > 0) {
      const stop = stops.pop()!;
      try { await stop(); } catch (e) { logger.error('error while stopping', { error: (e as Error).message }); }
    }
  };
  try {
    const store: EmbeddedStore = await openEmbeddedStore({
      dataDir: config.server.dataDir, logger, clock: systemClock,
      maxUnwrittenPoints: config.server.maxUnwrittenPoints, minFreeBytes: config.server.minFreeMiB * (1 << 20),
    });
    stops.push(() => store.close());
    logger.info('store open', { dataDir: config.server.dataDir });
    // `remote.configFrom: central`: the configuration last received, so that a collector started
    // while its NATS server is away polls what the central said, not its own file's networks.
    const fromCentral = config.mode === 'collector' && config.remote?.configFrom === 'central';
    let received = fromCentral ? store.meta.get<ReceivedConfig>(RECEIVED_NS, RECEIVED_KEY) : undefined;
    if (received && opts.load) {
      try {
        config = opts.load(received.part);
        logger.info('starting with the configuration last received from the central', { revision: received.revision, networks: config.networks.length });
      } catch (e) {
        logger.warn('the configuration last received from the central does not load: starting with the file\'s', { error: withoutCredentials((e as Error).message, received.part) });
        received = undefined;
      }
    }
    /** Resolved once the app runs: a configuration from the central waits for it. */
    let running!: () => void;
    const started = new Promise<void>((r) => { running = r; });
    let applyReceived: (part: DistributedConfig, revision: number) => Promise<void> = async () => {};

    let simulator: SimNetwork | null = null;
    /** Applied to every configuration loaded later, so that a reload sees the simulator where it runs. */
    let follow = (c: Config): Config => c;
    if (config.simulator) {
      const s = config.simulator;
      const simOpts = {
        devices: s.devices, interfacesPerDevice: s.interfacesPerDevice, port: s.port, baseAddress: s.baseAddress,
        topology: s.topology, logger: logger.child('simulator'),
      };
      simulator = s.movable ? await startSimulatorOnFreeAddresses(simOpts) : await startSimulator(simOpts);
      const sim = simulator;
      stops.push(() => sim.close());
      if (sim.baseAddress !== s.baseAddress || sim.port !== s.port) {
        logger.warn('the simulator\'s default addresses are taken: it runs on free ones, and its network follows', {
          wanted: `${s.baseAddress}:${s.port}`, chose: `${sim.baseAddress}:${sim.port}`,
        });
        const from = s;
        follow = (c) => c.simulator?.movable && c.simulator.baseAddress === from.baseAddress && c.simulator.port === from.port
          ? relocateSimulator(c, sim.baseAddress, sim.port) : c;
        config = follow(config);
      }
      logger.info('simulated network up', { devices: sim.devices.length, links: sim.links.length, first: `${sim.devices[0]?.address}:${sim.port}` });
    }

    const maxInFlight = Math.max(...config.networks.map((n) => n.snmp.maxInFlight));
    const pool: WorkerPool = createPool({ threads: config.server.workers, maxInFlight });
    stops.push(() => pool.destroy());

    // `mode: collector`: grid steps also go to the NATS server at the site (docs/scale-out.md). The
    // NATS client is loaded only then; the role closes after the monitor stopped (its last steps go).
    let slotKeys: ((networkId: number) => ReadonlyMap<number, string>) | undefined;
    let setPolled: ((networkId: number, deviceIds: ReadonlySet<number>) => void) | undefined;
    let collectorRole: CollectorRole | undefined;
    if (config.mode === 'collector' && config.remote) {
      const { startCollectorRole } = await import('./remote/collector-role.js');
      collectorRole = await startCollectorRole({
        remote: config.remote, slotKeys: (netId) => slotKeys?.(netId) ?? new Map(), nowMs: () => systemClock.nowMs(), logger: logger.child('collector'),
        onPolled: (netId, ids) => setPolled?.(netId, ids), pollIntervalsMs: config.networks.map((n) => n.pollIntervalMs),
        ...(fromCentral ? { onConfig: async (part: DistributedConfig, revision: number) => { await started; await applyReceived(part, revision); } } : {}),
      });
      const role = collectorRole;
      stops.push(() => role.close());
    }
    const role = collectorRole;
    const central = config.mode === 'central';
    let reachableSlot: (netId: number, deviceId: number) => number = () => -1;
    let centralRole: CentralRole | undefined;
    const monitor = new Monitor({
      config, pool, meta: store.meta, series: store.series, nowMs: () => systemClock.nowMs(), logger,
      ...(role ? {
        stepsFor: (netId: number) => role.stepsFor(netId, store.series), remote: () => ({ component: role.health(), status: role.status() }),
        onDevices: (netId: number, devices: Parameters<CollectorRole['devicesAdopted']>[1]) => role.devicesAdopted(netId, devices),
        onPollStates: (netId: number, cycleStartMs: number, failing: Parameters<CollectorRole['pollStates']>[2]) => role.pollStates(netId, cycleStartMs, failing),
        assignment: { polledBy: (netId: number, deviceId: number) => role.polledBy(netId, deviceId) },
      } : {}),
      ...(central ? {
        central: true,
        // Which collector polls a device: the one whose batches last wrote its `reachable`.
        assignment: { polledBy: (netId: number, deviceId: number) => centralRole?.sentBy(reachableSlot(netId, deviceId)) ?? null },
        remote: () => (centralRole
          ? { component: centralRole.health(), status: centralRole.status() }
          : { component: { healthy: true, status: 'degraded' as const, detail: 'connecting to the NATS server' }, status: { connected: false, points: 0, batches: 0, bufferedPoints: 0, droppedPoints: 0, retries: 0, duplicates: 0 } }),
      } : {}),
    });
    slotKeys = (netId) => monitor.slotKeys(netId);
    reachableSlot = (netId, deviceId) => monitor.reachableSlot(netId, deviceId);
    setPolled = (netId, ids) => monitor.setPolledDevices(netId, ids);
    await monitor.start();
    stops.push(() => monitor.stop());
    // `mode: central`: the networks are fed by the collectors' inventories and grid steps (docs/scale-out.md).
    if (central && config.remote) {
      const { startCentralRole } = await import('./remote/central-role.js');
      const started = await startCentralRole({
        remote: config.remote, meta: store.meta, series: store.series, catalog: monitor.catalog, nowMs: () => systemClock.nowMs(), logger: logger.child('central'),
        resolve: (netId, keys) => monitor.resolveReportedKeys(netId, keys).map((x) => (x === 'unknown device' ? 'later' : x === 'nothing' ? undefined : x)),
        takeInventory: (inv) => monitor.adoptReported(inv.networkId, inv.collector, inv.devices),
        takeStates: (m) => monitor.adoptReportedStates(m.networkId, m.collector, m.cycleStartMs, m.failing),
        onStep: (netId, gridTsMs, points) => monitor.announceReportedStep(netId, gridTsMs, points),
      });
      centralRole = started;
      // Stopped before the monitor (pushed after it): its last batches are written and acknowledged first.
      stops.push(() => started.close());
      publishDistributed(started, opts, logger);
    }

    // Operator variables' definitions before the services read the catalog (again at each reload).
    monitor.catalog.configure(configuredDefinitions(config.variables));
    const holder = new ConfigHolder(config);
    // Old hours of the series removed at start and every `retention.pruneInterval` (both read live).
    const retention = new SeriesPruner({
      series: store.series, retentionMs: () => holder.current().retention.seriesMs,
      intervalMs: () => holder.current().retention.pruneIntervalMs, clock: systemClock, logger: logger.child('retention'),
    });
    retention.start();
    stops.push(() => retention.stop());
    const services = createServices({
      collector: monitor, series: store.series, meta: store.meta, config: () => holder.current(), clock: systemClock,
      logger: logger.child('services'), retention,
    });
    stops.push(() => services.notifier.close());
    stops.push(() => services.selfMetrics.close());
    stops.push(() => services.auth.close());
    // The SYSTEM views of the configured networks and the SCRIPTED views of `views:`, before the API
    // answers. A store that cannot write (a full disk) does not stop the start: the views are made
    // at the next reload or start.
    await services.views.start().catch((e: unknown) => {
      logger.error('map views not brought in step with the configuration', { error: (e as Error).message });
    });
    // Alert rules on grid steps: after the monitor started, stopped before it stops.
    services.alertEngine.start();
    stops.push(() => services.alertEngine.stop());
    services.derivedVariables.start();
    stops.push(() => services.derivedVariables.stop());
    // Report files on `reports.schedule` (runs on demand need no start).
    services.reports.start();
    stops.push(() => services.reports.stop());
    if (config.auth.enabled) await services.auth.start();
    else if (!isLoopback(config.server.host)) {
      logger.warn('authentication is off and the server listens beyond loopback: anyone who reaches it may make every call', { host: config.server.host });
    }
    const api: RunningApi = await startApi({
      host: config.server.host, port: config.server.port, services, logger, maxBodyBytes: config.server.maxBodyBytes,
      maxConnections: config.server.maxConnections,
      ...(opts.onQuit ? { onQuit: opts.onQuit } : {}),
    });
    stops.push(() => api.close());

    // Every part that reacts to the configuration, in the order of its effects on a reload
    // (core/config-applier.ts): each owns its keys; those of RESTART_KEYS only a restart applies.
    const appliers: readonly ConfigApplier[] = [
      ...collectorAppliers(monitor, logger),
      ...services.configAppliers(logger),
      // The pruner reads both through the holder at each pass (wired above).
      readPerCall('series retention', ['retention']),
    ];

    // One reload at a time: a second waits for the first (both read the file when their turn comes).
    let reloading: Promise<unknown> = Promise.resolve();
    /** `part`: a configuration from the central, taken when the reload passes (the file's own reload keeps the last one). */
    const reload = async (part?: ReceivedConfig): Promise<ReloadPlan> => {
      if (!opts.load) throw new AppError('CONFIG_RELOAD_REFUSED', 'this server was started without a configuration loader');
      const load = opts.load;
      const distributed = (part ?? received)?.part;
      // The checks of every applier, then the restart-only keys, may refuse: nothing has changed.
      // The swap and the applies that follow it start in the same turn (applyConfig).
      const plan = reloadConfig(holder, () => follow(load(distributed)), (next, p) => checkConfig(appliers, next, p));
      if (part) received = part;
      await applyConfig(appliers, holder.current(), plan);
      logger.info('configuration reloaded', {
        source: holder.current().source, added: plan.added.length, removed: plan.removed.length, changed: plan.changed.length,
      });
      if (centralRole) publishDistributed(centralRole, opts, logger);
      return plan;
    };

    const reloadOnce = (part?: ReceivedConfig): Promise<ReloadPlan> => {
      const run = reloading.then(() => reload(part), () => reload(part));
      reloading = run.catch(() => {});
      return run;
    };
    // A configuration from the central: applied as a reload, kept for the next start once it passed;
    // refused (a WARN, credentials hidden) when it does not load or needs a restart: the last one stays.
    applyReceived = async (part, revision) => {
      if (received && JSON.stringify(received.part) === JSON.stringify(part)) {
        logger.info('configuration from the central: the one in force', { revision });
        return;
      }
      try {
        await reloadOnce({ part, revision });
      } catch (e) {
        logger.warn('configuration from the central refused: the last one stays', { revision, error: withoutCredentials((e as Error).message, part) });
        return;
      }
      await store.meta.put(RECEIVED_NS, RECEIVED_KEY, { part, revision } satisfies ReceivedConfig);
      logger.info('configuration from the central applied', { revision });
    };
    // The actions' service reaches the reload through these hooks (routes reach the app only through services).
    services.operations.attach({ reloadConfig: reloadOnce, version: packageVersion(), startedAtMs: systemClock.nowMs() });

    let stopped = false;
    running();
    return {
      port: api.port, monitor, simulator, retention,
      config: () => holder.current(),
      configAppliers: appliers,
      reloadConfig: () => reloadOnce(),
      stop: async () => { if (!stopped) { stopped = true; await stopAll(); } },
    };
  } catch (e) {
    await stopAll();
    throw e;
  }
}

/** `mode: central`: the distributed part of the file for the collectors (a file that does not read is logged; nothing is put). */
function publishDistributed(role: CentralRole, opts: AppOptions, logger: Logger): void {
  if (!opts.distributedPart) return;
  try {
    role.publishConfig(opts.distributedPart());
  } catch (e) {
    logger.error('configuration for the collectors not read', { error: (e as Error).message });
  }
}

/** This server's version (package.json next to dist/), or `unknown` when it cannot be read. */
export function packageVersion(): string {
  try {
    const v = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: unknown }).version;
    return typeof v === 'string' ? v : 'unknown';
  } catch {
    return 'unknown';
  }
}

/** Whether a listen address is loopback only (127.0.0.0/8, ::1, localhost). */
function isLoopback(host: string): boolean {
  return /^127\./.test(host) || host === '::1' || host === 'localhost';
}
