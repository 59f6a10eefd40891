import type { Device, VariableInstance } from '../core/types.js';

/**
 * Summaries of the variable inventory that the workbench, catalog and dashboard calls share:
 * which variables exist (by name and category), on which devices and components, with which tags.
 * The inventory is the only source: a variable is known once it has an instance.
 */

interface VariableSummary {
  readonly name: string;
  readonly category: string;
  readonly unit: string;
  readonly instances: VariableInstance[];
}

/** Instances grouped by variable name, names sorted. */
export function byName(instances: readonly VariableInstance[]): Map<string, VariableSummary> {
  const out = new Map<string, VariableSummary>();
  for (const v of instances) {
    let s = out.get(v.name);
    if (!s) { s = { name: v.name, category: v.category, unit: v.unit, instances: [] }; out.set(v.name, s); }
    s.instances.push(v);
  }
  return new Map([...out].sort(([a], [b]) => compareText(a, b)));
}

const collator = new Intl.Collator('en', { numeric: true });
export const compareText = (a: string, b: string): number => collator.compare(a, b);

/** Distinct values, sorted (numeric-aware), empty strings left out. */
export function sortedDistinct(values: Iterable<string>): string[] {
  const set = new Set<string>();
  for (const v of values) if (v !== '') set.add(v);
  return [...set].sort(compareText);
}

/** Categories of the inventory, sorted. */
export const categoriesOf = (instances: readonly VariableInstance[]): string[] => sortedDistinct(instances.map((v) => v.category));

/** Variable names of one category (exact name, else the unique case-insensitive match), sorted. */
export function variablesInCategory(instances: readonly VariableInstance[], category: string): string[] {
  let chosen = category;
  const cats = categoriesOf(instances);
  if (!cats.includes(category)) {
    const hits = cats.filter((c) => c.toLowerCase() === category.toLowerCase());
    if (hits.length === 1) chosen = hits[0]!;
  }
  return sortedDistinct(instances.filter((v) => v.category === chosen).map((v) => v.name));
}

/** Devices by id. */
export function deviceIndex(devices: readonly Device[]): Map<number, Device> {
  const m = new Map<number, Device>();
  for (const d of devices) m.set(d.id, d);
  return m;
}

/**
 * What a component index names on a device: the interface's alias (else its description) for an
 * interface, the ENTITY-MIB description for a hardware component, '' for the device itself (0)
 * or when unknown.
 */
export function componentDescription(device: Device | undefined, v: VariableInstance): string {
  if (!device || v.index === 0) return '';
  const intf = device.interfaces.find((i) => i.index === v.index);
  if (intf) return intf.alias || intf.descr;
  const comp = device.components.find((c) => c.index === v.index);
  return comp ? comp.descr : '';
}
