import type { Device, Link, VariableInstance } from '../core/types.js';
import {
  alertsSource, allTags, devicesSource, interfacesSource, mapCatalog, seriesSource, tagsSource, variablesSource,
  type Catalog, type SeriesSource,
} from '../svcql/index.js';
import type { ApiContext } from './http/context.js';
import type { MonitorService } from './monitor-service.js';

/**
 * The SvcQL tables of one network, built from the monitor service: `devices` and `interfaces`
 * from the latest completed generation, `variables` and the series tables from the variable
 * inventory, `tags` from all of them, `alerts` (empty: this server keeps no alerts yet).
 *
 * Building is cheap but not free (facet and sibling indexes), so the tables are kept per network
 * and rebuilt when the generation, or the inventory's array or size, changes. Values are never
 * cached: `metric` reads the ring buffer (the newest poll) at evaluation time, falling back to
 * the series store's last point of the past hour when the ring has none (after a restart).
 */

/** How far back the `metric` fallback looks in the series store. */
export const LATEST_FALLBACK_MS = 3_600_000;

export interface NetworkTables {
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
export function latestValue(service: MonitorService, nowMs: () => number): (slot: number) => number {
  return (slot) => {
    const v = service.ring.last(slot);
    if (!Number.isNaN(v)) return v;
    const now = nowMs();
    const p = service.series.last(slot, now - LATEST_FALLBACK_MS, now);
    return p ? p.value : NaN;
  };
}

/**
 * The built tables of each network, one cache per router (built by `buildRouter` and passed to
 * the handlers that need it).
 */
export class NetworkTablesCache {
  private readonly perNet = new Map<number, Entry>();

  /** The tables of network `netId` (which the caller has checked exists). */
  get(ctx: ApiContext, netId: number): NetworkTables {
    const service = ctx.service;
    const gen = service.generation(netId, {});
    const instances = service.variables(netId);
    const key = `${gen?.number ?? 0}:${instances.length}`;
    const hit = this.perNet.get(netId);
    if (hit && hit.key === key && hit.generation === gen && hit.instances === instances) return hit.tables;
    const tables = buildTables(service, gen?.devices ?? [], gen?.links ?? [], instances, () => ctx.clock.nowMs());
    this.perNet.set(netId, { key, generation: gen, instances, tables });
    return tables;
  }
}

function buildTables(
  service: MonitorService, devices: readonly Device[], links: readonly Link[],
  instances: readonly VariableInstance[], nowMs: () => number,
): NetworkTables {
  const latest = latestValue(service, nowMs);
  const read = service.series.read.bind(service.series);
  const names = [...new Set(instances.map((v) => v.name))];
  const nameSet = new Set(names);
  const series = new Map<string, SeriesSource>();
  const catalog = mapCatalog(
    {
      devices: devicesSource(devices),
      interfaces: interfacesSource(devices, links),
      variables: variablesSource(instances, latest, { devices }),
      tags: tagsSource(allTags(devices, instances)),
      alerts: alertsSource([]),
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
