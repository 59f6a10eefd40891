/**
 * The alert evaluator of the faults benchmark: the server's default rules (the built-ins of
 * core/config-alerts.ts) evaluated by the real AlertEngine after every cycle, over the child's real
 * LMDB series store, with a fake collector at our own ports (the child has no Monitor). Its catalog
 * holds the instances of the variables the default rules read (inputs and siblings) and every
 * device's `reachable`, which the child writes after each poll as the network monitor does.
 */
import { instancesOf, type DeviceVars } from '../../collector/polling/plan-build.js';
import { loadConfig } from '../../core/config-load.js';
import { silentLogger } from '../../core/logger.js';
import type { CollectorPorts, VariableCatalog } from '../../core/ports/index.js';
import type { Device, VariableDef, VariableInstance } from '../../core/types.js';
import { AlertEngine } from '../../services/alert-engine.js';
import type { AlertNotifier } from '../../services/alert-types.js';
import { MemoryMetaStore } from '../../store/meta/memory-meta.js';
import type { SeriesStore } from '../../store/series/series.js';

/** What the default rules read: their inputs, and the sibling of interfaceDown. */
const READ = new Set(['reachable', 'ifOperStatus', 'ifAdminStatus', 'ifInUtil', 'ifOutUtil', 'cpuUtil', 'sysUpTime']);

export class FaultsAlerts {
  private readonly instances: VariableInstance[] = [];
  private readonly engine: AlertEngine;
  notices = 0;

  constructor(series: SeriesStore, intervalMs: number) {
    const instances = this.instances;
    const defs = new Map<string, VariableDef>();
    let nextSlot = 1 << 30;
    const catalog: VariableCatalog = {
      instances: () => instances,
      find: () => undefined,
      definition: (name) => defs.get(name),
      define: (def) => { defs.set(def.name, def); },
      allocate: async (x) => ({ slot: nextSlot++, name: x.name, deviceId: 0, index: x.index, deviceName: '', componentName: '', description: '', unit: '', category: 'Alerts', tags: [] }),
    };
    const collector = {
      networks: { generation: () => null },
      catalog,
      latest: { last: () => NaN, observations: () => ({ tsMs: [], values: [] }) },
      events: { onCycleDone: () => () => {}, onGridStepWritten: () => () => {} },
    } as unknown as CollectorPorts;
    const config = loadConfig({ text: `networks:\n  - { id: 1, name: faults, seeds: [10.0.0.1], pollInterval: ${intervalMs}ms }\n`, env: {} });
    const notifier: AlertNotifier = {
      send: () => { this.notices++; }, status: () => ({ streams: [], droppedWithRemovedStreams: 0 }), purge: () => 0, configure() {}, close: async () => {},
    };
    this.engine = new AlertEngine(
      { collector, series, meta: new MemoryMetaStore(), config: () => config, clock: { nowMs: () => Date.now() }, logger: silentLogger },
      notifier, { matching: () => 0 },
    );
    this.engine.start();
  }

  /** Adds a device's instances the default rules read, and its `reachable` at `reachableSlot`. */
  addDevice(d: Device, vars: DeviceVars, reachableSlot: number): void {
    for (const v of instancesOf(d, vars)) if (READ.has(v.name)) this.instances.push(v);
    this.instances.push({
      slot: reachableSlot, name: 'reachable', deviceId: d.id, index: 0, deviceName: d.name, componentName: '', description: '', unit: '', category: 'Status', tags: [],
    });
  }

  get inputs(): number { return this.instances.length; }

  /** Evaluates grid time `gridTsMs` (what the server's grid step event does); resolves when done. */
  step(gridTsMs: number): Promise<void> { return this.engine.runStep(1, gridTsMs); }

  activeAlerts(): number { return this.engine.alerts(1).filter((a) => a.active).length; }

  stop(): Promise<void> { return this.engine.stop(); }
}
