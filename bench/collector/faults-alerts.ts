/**
 * The alert evaluator of the faults benchmark: the server's default rules (the built-ins of
 * core/config-alerts.ts) evaluated by the real AlertEngine after every cycle, over the child's real
 * LMDB series store, with a fake collector at our own ports (the child has no Monitor). Its catalog
 * holds the instances of the variables the default rules read (inputs and siblings) and every
 * device's `reachable`, which the child writes after each poll as the network monitor does.
 */
import { instancesOf, type DeviceVars } from '../../collector/polling/plan-build.js';
import { loadConfig } from '../../core/config-load.js';
import type { Device, VariableInstance } from '../../core/types.js';
import type { AlertEngine } from '../../services/alerts/index.js';
import type { SeriesStore } from '../../store/series/series.js';
import { benchAlertEngine } from '../alerts/bench-engine.js';

/** What the default rules read: their inputs, and the sibling of interfaceDown. */
const READ = new Set(['reachable', 'ifOperStatus', 'ifAdminStatus', 'ifInUtil', 'ifOutUtil', 'cpuUtil', 'sysUpTime']);

export class FaultsAlerts {
  private readonly instances: VariableInstance[] = [];
  private readonly engine: AlertEngine;
  /** Notices handed to the notifier so far. */
  readonly notices: () => number;

  constructor(series: SeriesStore, intervalMs: number) {
    const config = loadConfig({ text: `networks:\n  - { id: 1, name: faults, seeds: [10.0.0.1], pollInterval: ${intervalMs}ms }\n`, env: {} });
    const bench = benchAlertEngine({ instances: this.instances, series, config, nowMs: () => Date.now(), firstFreeSlot: 1 << 30 });
    this.engine = bench.engine;
    this.notices = bench.notices;
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
