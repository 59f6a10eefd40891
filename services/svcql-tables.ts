import type { Device, Link, VariableInstance } from '../core/types.js';
import {
  alertsSource, allTags, devicesSource, interfacesSource, mapCatalog, seriesSource, tagsSource, variablesSource,
  type AlertRecord, type Catalog, type SeriesSource,
} from '../svcql/index.js';
import type { AlertSource } from './alert-types.js';
import type { ServiceDeps } from './deps.js';

/**
 * The SvcQL tables of one network, built from the collector's ports: `devices` and `interfaces`
 * from the latest completed generation, `variables` and the series tables from the variable
 * inventory, `tags` from all of them, `alerts` from the alert evaluator (read at each statement).
 *
 * Building is cheap but not free (facet and sibling indexes), so the tables are kept per network
 * and rebuilt when the generation, or the inventory's array or size, changes. Values are never
 * cached: `metric` reads the ring buffer (the newest poll) at evaluation time, falling back to
 * the series store's last point of the past hour when the ring has none (after a restart).
 */

/** How far back the `metric` fallback looks in the series store. */
export const LATEST_FALLBACK_MS = 3_600_000;

interface NetworkTables {
  readonly devices: readonly Device[];
  readonly links: readonly Link[];
  readonly instances: readonly VariableInstance[];
  readonly catalog: Catalog;
  /** The latest value of a slot (NaN when none), as `metric` of the variables table reads it. */
  latest(slot: number): number;
}

interface Entry {
  readonly key: string;
  readonly generation: unknown;
  readonly instances: readonly VariableInstance[];
  readonly tables: NetworkTables;
}

/** Latest value of a slot: the ring's newest observation, else the store's last point of the past hour. */
export function latestValue(deps: ServiceDeps): (slot: number) => number {
  const ring = deps.collector.latest;
  return (slot) => {
    const v = ring.last(slot);
    if (!Number.isNaN(v)) return v;
    const now = deps.clock.nowMs();
    const p = deps.series.last(slot, now - LATEST_FALLBACK_MS, now);
    return p ? p.value : NaN;
  };
}

/**
 * Latest values of many slots (NaN where none): the ring's newest observations, and for the slots
 * without one (after a restart) one rollup over the past hour for all of them.
 */
export function latestValues(deps: ServiceDeps, slots: readonly number[]): Float64Array {
  return readLatest(deps, slots, null);
}

/**
 * `latestValues` with the time of each value: the ring's newest observation (its poll time), else
 * the store's last point of the past hour (its grid time); NaN for both where there is none. Reads
 * the slot's few ring observations (the port has no cheaper way to the newest one's time): two
 * small arrays per slot, which the answers that call it (bounded in bytes and time) afford.
 */
export function latestValuesWithTimes(deps: ServiceDeps, slots: readonly number[]): { values: Float64Array; tsMs: Float64Array } {
  const tsMs = new Float64Array(slots.length).fill(NaN);
  return { values: readLatest(deps, slots, tsMs), tsMs };
}

/** The two above: the ring first, one store rollup for the slots it has nothing of; times into `tsMs` when given. */
function readLatest(deps: ServiceDeps, slots: readonly number[], tsMs: Float64Array | null): Float64Array {
  const values = new Float64Array(slots.length);
  const missing: number[] = [];
  const at: number[] = [];
  for (let i = 0; i < slots.length; i++) {
    if (tsMs) {
      const o = deps.collector.latest.observations(slots[i]!);
      const k = o.values.length - 1;
      values[i] = k >= 0 ? o.values[k]! : NaN;
      if (!Number.isNaN(values[i])) tsMs[i] = o.tsMs[k]!;
    } else {
      values[i] = deps.collector.latest.last(slots[i]!);
    }
    if (Number.isNaN(values[i])) { missing.push(slots[i]!); at.push(i); }
  }
  if (missing.length > 0) {
    const now = deps.clock.nowMs();
    const r = deps.series.rollup(missing, now - LATEST_FALLBACK_MS, now);
    for (let k = 0; k < missing.length; k++) {
      values[at[k]!] = r.last[k]!;
      if (tsMs) tsMs[at[k]!] = r.lastTsMs[k]!;
    }
  }
  return values;
}

/** The built tables of each network, kept by the services (one cache for every call that reads them). */
export class NetworkTablesCache {
  private readonly perNet = new Map<number, Entry>();

  /** `alerts`: the live alerts of the `alerts` table (none without it). */
  constructor(private readonly deps: ServiceDeps, private readonly alerts?: AlertSource) {}

  /** The tables of network `netId` (which the caller has checked exists). */
  get(netId: number): NetworkTables {
    const gen = this.deps.collector.networks.generation(netId, {});
    const instances = this.deps.collector.catalog.instances(netId);
    const key = `${gen?.number ?? 0}:${instances.length}`;
    const hit = this.perNet.get(netId);
    if (hit && hit.key === key && hit.generation === gen && hit.instances === instances) return hit.tables;
    const alerts = this.alerts;
    const tables = buildTables(this.deps, gen?.devices ?? [], gen?.links ?? [], instances, () => alerts?.alerts(netId) ?? []);
    this.perNet.set(netId, { key, generation: gen, instances, tables });
    return tables;
  }

  /** Networks whose tables are built (one entry each). */
  size(): number { return this.perNet.size; }

  /** Drops every built table: the next call of each network builds them again. */
  clear(): void { this.perNet.clear(); }
}

function buildTables(
  deps: ServiceDeps, devices: readonly Device[], links: readonly Link[], instances: readonly VariableInstance[],
  alerts: () => readonly AlertRecord[],
): NetworkTables {
  const latest = latestValue(deps);
  const read = deps.series.read.bind(deps.series);
  const names = [...new Set(instances.map((v) => v.name))];
  const nameSet = new Set(names);
  const series = new Map<string, SeriesSource>();
  const catalog = mapCatalog(
    {
      devices: devicesSource(devices),
      interfaces: interfacesSource(devices, links),
      variables: variablesSource(instances, latest, { devices }),
      tags: tagsSource(allTags(devices, instances)),
      alerts: alertsSource(alerts),
    },
    {
      names: () => names,
      get(name) {
        if (!nameSet.has(name)) return undefined;
        let s = series.get(name);
        if (!s) { s = seriesSource(name, instances, read, { devices, latest }); series.set(name, s); }
        return s;
      },
    },
  );
  return { devices, links, instances, catalog, latest };
}
