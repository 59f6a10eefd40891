import { AppError } from '../../core/errors.js';
import type { VariableDef } from '../../core/types.js';
import type { ServiceDeps } from '../deps.js';
import type { MapAnswer } from './map-answer.js';
import { LATEST_FALLBACK_MS, latestValues } from '../svcql-tables.js';

/**
 * Monitoring values on a map (`linkVar/:lv/nodeVar/:nv`): an interface variable at both ends of
 * every link, a device variable per device. Latest values are the ring's newest observations (the
 * series store's last point of the past hour where the ring has none); at a `timestamp`, the series
 * store's last point in the hour up to it. null where there is no instance or no value.
 */

interface VariableHead { readonly name: string; readonly unit: string; readonly description: string }

export interface LinkValuesAnswer {
  readonly networkId: number;
  readonly viewId: number;
  readonly generation: number | null;
  /** The time the values were read at, or null for the latest values. */
  readonly timestampMs: number | null;
  readonly linkVar: VariableHead;
  readonly nodeVar: VariableHead;
  readonly devices: { readonly id: number; readonly value: number | null }[];
  readonly links: {
    readonly a: { readonly deviceId: number; readonly ifIndex: number; readonly value: number | null };
    readonly b: { readonly deviceId: number; readonly ifIndex: number; readonly value: number | null };
  }[];
}

/** The definition of `name` with the scope a map needs; UNKNOWN_VARIABLE (404) or BAD_PARAMETER. */
function definition(deps: ServiceDeps, name: string, scope: 'interface' | 'device', param: string): VariableDef {
  const def = deps.collector.catalog.definition(name);
  if (!def) throw new AppError('UNKNOWN_VARIABLE', `no variable named '${name.slice(0, 100)}' (${param})`);
  if (def.scope !== scope) throw new AppError('BAD_PARAMETER', `'${name}' is a${scope === 'interface' ? ' device' : 'n interface'} variable; ${param} must name a${scope === 'interface' ? 'n interface' : ' device'} variable`);
  return def;
}

export function linkValues(
  deps: ServiceDeps, networkId: number, viewId: number, map: MapAnswer, linkVar: string, nodeVar: string, timestampMs?: number,
): LinkValuesAnswer {
  const lv = definition(deps, linkVar, 'interface', 'linkVar');
  const nv = definition(deps, nodeVar, 'device', 'nodeVar');
  const catalog = deps.collector.catalog;
  // Slots by position: devices first, then both ends of each link; -1 where there is no instance.
  const slots: number[] = [];
  for (const d of map.devices) slots.push(catalog.find(networkId, nodeVar, d.id, 0)?.slot ?? -1);
  for (const l of map.links) {
    slots.push(catalog.find(networkId, linkVar, l.a.deviceId, l.a.ifIndex)?.slot ?? -1);
    slots.push(catalog.find(networkId, linkVar, l.b.deviceId, l.b.ifIndex)?.slot ?? -1);
  }
  const present = slots.filter((s) => s >= 0);
  let read: Float64Array;
  if (timestampMs === undefined) {
    read = latestValues(deps, present);
  } else {
    read = Float64Array.from(deps.series.rollup(present, timestampMs - LATEST_FALLBACK_MS, timestampMs).last);
  }
  const values: (number | null)[] = [];
  let k = 0;
  for (const s of slots) {
    const v = s >= 0 ? read[k++]! : NaN;
    values.push(Number.isFinite(v) ? v : null);
  }
  const nd = map.devices.length;
  return {
    networkId, viewId, generation: map.generation, timestampMs: timestampMs ?? null,
    linkVar: { name: lv.name, unit: lv.unit, description: lv.description },
    nodeVar: { name: nv.name, unit: nv.unit, description: nv.description },
    devices: map.devices.map((d, i) => ({ id: d.id, value: values[i]! })),
    links: map.links.map((l, i) => ({
      a: { deviceId: l.a.deviceId, ifIndex: l.a.ifIndex, value: values[nd + 2 * i]! },
      b: { deviceId: l.b.deviceId, ifIndex: l.b.ifIndex, value: values[nd + 2 * i + 1]! },
    })),
  };
}
