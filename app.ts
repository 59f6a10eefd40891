import { startApi, type RunningApi } from './api/server.js';
import { startSimulator, type SimNetwork } from './sim/simulator.js';
import { Monitor } from './collector/monitor.js';
import { createPool, type WorkerPool } from './collector/pool.js';
import type { Config } from './core/config-schema.js';
import type { Logger } from './core/logger.js';
import { systemClock } from './core/clock.js';
import { openEmbeddedStore, type EmbeddedStore } from './store/open-store.js';
import { createServices } from './services/index.js';
import { enableRegexpSafety } from './svcql/index.js';

export interface App {
  readonly port: number;
  readonly monitor: Monitor;
  readonly simulator: SimNetwork | null;
  /** Stops everything in reverse order of start; flushes the store. Idempotent. */
  stop(): Promise<void>;
}

/**
 * Starts the whole server from a validated config: store → simulator (when configured) → worker pool →
 * collector → services → API. Each part gets its dependencies passed in; stop() undoes the start in
 * reverse.
 */
export async function startApp(config: Config, logger: Logger): Promise<App> {
  enableRegexpSafety();
  const stops: (() => Promise<void> | void)[] = [];
  const stopAll = async () => {
    while (stops.length > 0) {
      const stop = stops.pop()!;
      try { await stop(); } catch (e) { logger.error('error while stopping', { error: (e as Error).message }); }
    }
  };
  try {
    const store: EmbeddedStore = await openEmbeddedStore({ dataDir: config.server.dataDir, logger, clock: systemClock });
    stops.push(() => store.close());
    logger.info('store open', { dataDir: config.server.dataDir });

    let simulator: SimNetwork | null = null;
    if (config.simulator) {
      const s = config.simulator;
      simulator = await startSimulator({
        devices: s.devices, interfacesPerDevice: s.interfacesPerDevice, port: s.port, baseAddress: s.baseAddress,
        topology: s.topology, logger: logger.child('simulator'),
      });
      const sim = simulator;
      stops.push(() => sim.close());
      logger.info('simulated network up', { devices: sim.devices.length, links: sim.links.length, first: `${sim.devices[0]?.address}:${sim.port}` });
    }

    const maxInFlight = Math.max(...config.networks.map((n) => n.snmp.maxInFlight));
    const pool: WorkerPool = createPool({ threads: config.server.workers, maxInFlight });
    stops.push(() => pool.destroy());

    const monitor = new Monitor({ config, pool, meta: store.meta, series: store.series, nowMs: () => systemClock.nowMs(), logger });
    await monitor.start();
    stops.push(() => monitor.stop());

    const services = createServices({ collector: monitor, series: store.series, clock: systemClock, logger: logger.child('services') });
    const api: RunningApi = await startApi({
      host: config.server.host, port: config.server.port, services, logger, maxBodyBytes: config.server.maxBodyBytes,
    });
    stops.push(() => api.close());

    let stopped = false;
    return {
      port: api.port, monitor, simulator,
      stop: async () => { if (!stopped) { stopped = true; await stopAll(); } },
    };
  } catch (e) {
    await stopAll();
    throw e;
  }
}
