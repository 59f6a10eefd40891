/**
 * The real AlertEngine over a fake collector at our own ports (no SNMP, no Monitor), for the
 * benchmarks that evaluate alert rules: the alerts bench (bench/alerts/measure.ts) and the
 * collector-faults bench (bench/collector/faults-alerts.ts). Its catalog lists `instances` (read
 * when the engine selects inputs, so they may be added until the first step) and allocates the
 * alert state variables from `firstFreeSlot` on; the metadata store is in memory; notices are
 * counted, nothing is silenced.
 */
import type { Config } from '../../core/config-schema.js';
import { silentLogger } from '../../core/logger.js';
import type { CollectorPorts, VariableCatalog } from '../../core/ports/index.js';
import type { VariableDef, VariableInstance } from '../../core/types.js';
import { AlertEngine } from '../../services/alerts/index.js';
import type { AlertNotifier } from '../../services/alert-types.js';
import { MemoryMetaStore } from '../../store/meta/memory-meta.js';
import type { SeriesStore } from '../../store/series/series.js';

export interface BenchEngine {
  readonly engine: AlertEngine;
  /** Notices handed to the notifier so far. */
  notices(): number;
}

export function benchAlertEngine(opts: {
  instances: readonly VariableInstance[]; series: SeriesStore; config: Config; nowMs: () => number; firstFreeSlot: number;
}): BenchEngine {
  let nextSlot = opts.firstFreeSlot;
  const allocated = new Map<string, VariableInstance>();
  const defs = new Map<string, VariableDef>();
  const catalog: VariableCatalog = {
    instances: () => opts.instances,
    instanceCount: () => opts.instances.length,
    find: () => undefined,
    definition: (name) => defs.get(name),
    define: (def) => { defs.set(def.name, def); },
    configure: (list) => { for (const d of list) defs.set(d.name, d); },
    allocate: async (x) => {
      const key = `${x.name}.${x.deviceId}.${x.index}`;
      let v = allocated.get(key);
      if (!v) {
        v = { slot: nextSlot++, name: x.name, deviceId: 0, index: x.index, deviceName: '', componentName: '', description: '', unit: '', category: 'Alerts', tags: [] };
        allocated.set(key, v);
      }
      return v;
    },
    allocateMany: async (list) => Promise.all(list.map((x) => catalog.allocate(x))),
  };
  const collector = {
    networks: { generation: () => null },
    catalog,
    latest: { last: () => NaN, observations: () => ({ tsMs: [], values: [] }) },
    events: { onCycleDone: () => () => {}, onGridStepWritten: () => () => {} },
  } as unknown as CollectorPorts;
  let notices = 0;
  const notifier: AlertNotifier = {
    send: () => { notices++; }, status: () => ({ streams: [], droppedWithRemovedStreams: 0 }), purge: () => 0, configure() {}, close: async () => {},
  };
  const engine = new AlertEngine(
    { collector, series: opts.series, meta: new MemoryMetaStore(), config: () => opts.config, clock: { nowMs: opts.nowMs }, logger: silentLogger },
    notifier, { matching: () => 0 },
  );
  engine.start();
  return { engine, notices: () => notices };
}
