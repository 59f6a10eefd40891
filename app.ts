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

export interface AppOptions {
  /** Loads and validates the configuration again (the start's file and environment), for reloads. */
  readonly load?: () => Config;
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
    const reload = async (): Promise<ReloadPlan> => {
      if (!opts.load) throw new AppError('CONFIG_RELOAD_REFUSED', 'this server was started without a configuration loader');
      const load = opts.load;
      // The checks of every applier, then the restart-only keys, may refuse: nothing has changed.
      // The swap and the applies that follow it start in the same turn (applyConfig).
      const plan = reloadConfig(holder, () => follow(load()), (next, p) => checkConfig(appliers, next, p));
      await applyConfig(appliers, holder.current(), plan);
      logger.info('configuration reloaded', {
        source: holder.current().source, added: plan.added.length, removed: plan.removed.length, changed: plan.changed.length,
      });
      return plan;
    };

    const reloadOnce = (): Promise<ReloadPlan> => {
      const run = reloading.then(reload, reload);
      reloading = run.catch(() => {});
      return run;
    };
    // The actions' service reaches the reload through these hooks (routes reach the app only through services).
    services.operations.attach({ reloadConfig: reloadOnce, version: packageVersion(), startedAtMs: systemClock.nowMs() });

    let stopped = false;
    return {
      port: api.port, monitor, simulator, retention,
      config: () => holder.current(),
      configAppliers: appliers,
      reloadConfig: reloadOnce,
      stop: async () => { if (!stopped) { stopped = true; await stopAll(); } },
    };
  } catch (e) {
    await stopAll();
    throw e;
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
