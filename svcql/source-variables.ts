import type { Device, VariableInstance } from '../core/types.js';
import { buildSource, single, type Column, type RowIdentity, type RowSource } from './row-source.js';

/** Options shared by the variables and series tables. */
export interface InstanceSourceOptions {
  /** Devices, for the `address` and `boxDescr` columns (empty text without them). */
  readonly devices?: readonly Device[];
}

/** Columns every table of variable instances has, `metric` excepted. */
export function instanceColumns(opts: InstanceSourceOptions): Record<string, Column<VariableInstance>> {
  let byId: Map<number, Device> | null = null;
  const dev = (id: number): Device | undefined => {
    if (!byId) { byId = new Map(); for (const d of opts.devices ?? []) byId.set(d.id, d); }
    return byId.get(id);
  };
  return {
    variable: single((v) => v.name),
    triplet: single((v) => `${v.name}.${v.deviceId}.${v.index}`),
    device: single((v) => v.deviceName),
    deviceId: single((v) => v.deviceId),
    component: single((v) => v.componentName),
    index: single((v) => v.index),
    description: single((v) => v.description),
    category: single((v) => v.category),
    unit: single((v) => v.unit),
    address: single((v) => dev(v.deviceId)?.address ?? ''),
    boxDescr: single((v) => dev(v.deviceId)?.sysDescr ?? ''),
  };
}

export const instanceIdentity = (v: VariableInstance): RowIdentity => ({
  variable: v.name, device: v.deviceName, deviceId: v.deviceId, component: v.componentName, index: v.index,
  description: v.description, tags: v.tags,
});

/**
 * Other variable names as columns: the value of the instance of that variable on the same device
 * and component, read by `valueOf(slot)`; NULL when the device/component has no such variable.
 */
export function siblingColumns(
  instances: readonly VariableInstance[],
  valueOf: (slot: number) => number,
): { names(): readonly string[]; column(name: string): Column<VariableInstance> | undefined } {
  let names: string[] | null = null;
  const nameSet = (): string[] => {
    if (!names) {
      const set = new Set<string>();
      for (const v of instances) set.add(v.name);
      names = [...set];
    }
    return names;
  };
  return {
    names: nameSet,
    column(name) {
      if (!nameSet().includes(name)) return undefined;
      // Built on first use and only over the instances of that variable.
      let slots: Map<string, number> | null = null;
      const slotOf = (v: VariableInstance): number | undefined => {
        if (!slots) {
          slots = new Map();
          for (const w of instances) if (w.name === name) slots.set(`${w.deviceId}:${w.index}`, w.slot);
        }
        return slots.get(`${v.deviceId}:${v.index}`);
      };
      return single((v) => {
        const slot = slotOf(v);
        return slot === undefined ? null : valueOf(slot);
      });
    },
  };
}

/**
 * The `variables` table: one row per variable instance; `metric` is `latest(slot)` (NaN when the
 * variable has no value yet: IS NULL holds); other variable names are columns too.
 */
export function variablesSource(
  instances: readonly VariableInstance[],
  latest: (slot: number) => number,
  opts: InstanceSourceOptions = {},
): RowSource<VariableInstance> {
  return buildSource<VariableInstance>({
    table: 'variables',
    rows: () => instances,
    // `name`: the variable's name, as NetSpyGlass' query language calls it (same as `variable`)
    columns: { ...instanceColumns(opts), name: single((v) => v.name), metric: single((v) => latest(v.slot)) },
    tagsOf: (v) => v.tags,
    extra: siblingColumns(instances, latest),
    identity: instanceIdentity,
    // Every instance has its own triplet, so a DISTINCT of all columns would be every row: it lists the
    // variables instead, one row per name (NetSpyGlass' `variables` table; the Grafana plugin's FROM menu).
    distinctStar: ['name', 'category', 'unit'],
  });
}
