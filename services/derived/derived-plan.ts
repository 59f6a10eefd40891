import type { DerivedVariableConfig } from '../../core/config-schema.js';
import type { Device, VariableInstance } from '../../core/types.js';
import {
  compileDerived, compileMatcher, devicesSource, expressionInputs, parseDerivedExpression, type CompiledExpression,
} from '../../svcql/index.js';

/**
 * The evaluation plan of a network's derived variables for one configuration and one inventory
 * (services/derived/derived-variables.ts builds it again when either changes). Every value an expression
 * reads sits in one Float64Array `values`:
 *
 *   [0, reads)                       the grid values of `readSlots` (one `valuesAt` per step)
 *   [reads, reads + outputs)         the derived values computed at the step, variable after variable
 *   reads + outputs                  a cell that stays NaN: an input with no instance reads it
 *
 * so an expression reading an earlier derived variable reads its output cell, and the hot loop
 * only indexes typed arrays.
 */

interface PlanVariable {
  readonly config: DerivedVariableConfig;
  readonly fn: CompiledExpression;
  /** (deviceId, index) of each instance; index 0 for scope device, the ifIndex for scope interface. */
  readonly deviceIds: Int32Array;
  readonly indexes: Int32Array;
  /** Position of instance 0's value in `values`. */
  readonly outBase: number;
  /** The storage slot of each instance; -1 until allocated. */
  readonly slots: Int32Array;
}

export interface DerivedPlan {
  readonly readSlots: Int32Array;
  readonly values: Float64Array;
  readonly vars: readonly PlanVariable[];
  /** How many instances in all (the length of the write buffers). */
  readonly outputs: number;
  /** Problems found while planning (a bad devices rule, names no instance has): logged once per plan. */
  readonly warnings: readonly { readonly variable: string; readonly message: string }[];
}

/** name → deviceId → index → value (small-integer keys: no string built per lookup). */
class ByName<T> {
  private readonly m = new Map<string, Map<number, Map<number, T>>>();
  get(name: string, deviceId: number, index: number): T | undefined { return this.m.get(name)?.get(deviceId)?.get(index); }
  set(name: string, deviceId: number, index: number, v: T): void {
    let x = this.m.get(name);
    if (!x) this.m.set(name, x = new Map());
    let y = x.get(deviceId);
    if (!y) x.set(deviceId, y = new Map());
    y.set(index, v);
  }
  has(name: string): boolean { return this.m.has(name); }
}

/**
 * Plans `derived` (in order) over a network's devices and instances. An expression that does not
 * parse (it was checked at load, so only with a loader without a checker) is a warning and the
 * variable is left out.
 */
export function buildPlan(derived: readonly DerivedVariableConfig[], devices: readonly Device[], instances: readonly VariableInstance[]): DerivedPlan {
  const slotOf = new ByName<number>();
  for (const v of instances) slotOf.set(v.name, v.deviceId, v.index, v.slot);
  const readPos = new Map<number, number>();
  const readSlots: number[] = [];
  /** Output positions (relative to the outputs' start) of derived values by key. */
  const outPos = new ByName<number>();
  const derivedNames = new Set<string>();
  const warnings: { variable: string; message: string }[] = [];
  // Positions of the outputs are only known at the end (reads first): refs to outputs are stored as
  // -(1 + position) and fixed up once the number of reads is known.
  const lookup = (name: string, deviceId: number, index: number): number | undefined => {
    if (derivedNames.has(name)) {
      const o = outPos.get(name, deviceId, index);
      return o === undefined ? undefined : -(1 + o);
    }
    const slot = slotOf.get(name, deviceId, index);
    if (slot === undefined) return undefined;
    let p = readPos.get(slot);
    if (p === undefined) { p = readSlots.length; readSlots.push(slot); readPos.set(slot, p); }
    return p;
  };
  const MISSING = -(1 << 30);

  interface Pending {
    config: DerivedVariableConfig; expr: ReturnType<typeof parseDerivedExpression>;
    deviceIds: number[]; indexes: number[]; refIndex: number[]; aggStart: number[]; aggEnd: number[]; aggIndex: number[]; outBase: number;
  }
  const pending: Pending[] = [];
  let outputs = 0;
  for (const d of derived) {
    let expr;
    try { expr = parseDerivedExpression(d.expression, d.scope); } catch (e) {
      warnings.push({ variable: d.name, message: (e as Error).message });
      continue;
    }
    let selected: readonly Device[] = devices;
    if (d.devices.trim() !== '') {
      try {
        const test = compileMatcher(d.devices, devicesSource(devices));
        selected = devices.filter((dev) => test(dev));
      } catch (e) {
        warnings.push({ variable: d.name, message: `devices rule: ${(e as Error).message}` });
        continue;
      }
    }
    const { refs, aggs } = expressionInputs(expr);
    for (const n of refs) if (!derivedNames.has(n) && !slotOf.has(n)) warnings.push({ variable: d.name, message: `reads '${n}', which no instance of the network has` });
    for (const a of aggs) if (!derivedNames.has(a.name) && !slotOf.has(a.name)) warnings.push({ variable: d.name, message: `${a.fn}() reads '${a.name}', which no instance of the network has` });
    const p: Pending = { config: d, expr, deviceIds: [], indexes: [], refIndex: [], aggStart: [], aggEnd: [], aggIndex: [], outBase: outputs };
    const ref: number[] = [];
    const addInstance = (dev: Device, index: number): void => {
      ref.length = 0;
      let found = refs.length === 0;
      for (const n of refs) {
        let at = lookup(n, dev.id, index);
        // An interface expression may read a device-level value of its device (index 0).
        if (at === undefined && index !== 0) at = lookup(n, dev.id, 0);
        if (at !== undefined) found = true;
        ref.push(at ?? MISSING);
      }
      const aggRanges: [number, number][] = [];
      for (const a of aggs) {
        const from = p.aggIndex.length;
        for (const itf of dev.interfaces) {
          const at = lookup(a.name, dev.id, itf.index);
          if (at !== undefined) { p.aggIndex.push(at); found = true; }
        }
        aggRanges.push([from, p.aggIndex.length]);
      }
      // An interface none of whose inputs exists gets no instance (no empty series in the catalog).
      if (!found && index !== 0) { p.aggIndex.length = aggRanges[0]?.[0] ?? p.aggIndex.length; return; }
      for (const r of ref) p.refIndex.push(r);
      for (const [f, t] of aggRanges) { p.aggStart.push(f); p.aggEnd.push(t); }
      p.deviceIds.push(dev.id);
      p.indexes.push(index);
      outPos.set(d.name, dev.id, index, outputs++);
    };
    for (const dev of selected) {
      if (d.scope === 'device') addInstance(dev, 0);
      else for (const itf of dev.interfaces) addInstance(dev, itf.index);
    }
    derivedNames.add(d.name);
    pending.push(p);
  }
  const reads = readSlots.length;
  const nanCell = reads + outputs;
  const fix = (at: number): number => (at === MISSING ? nanCell : at < 0 ? reads + (-at - 1) : at);
  const values = new Float64Array(nanCell + 1).fill(NaN);
  const vars = pending.map((p): PlanVariable => {
    const layout = {
      refIndex: Int32Array.from(p.refIndex, fix),
      aggStart: Int32Array.from(p.aggStart), aggEnd: Int32Array.from(p.aggEnd),
      aggIndex: Int32Array.from(p.aggIndex, fix),
    };
    return {
      config: p.config, fn: compileDerived(p.expr, layout), deviceIds: Int32Array.from(p.deviceIds), indexes: Int32Array.from(p.indexes),
      outBase: reads + p.outBase, slots: new Int32Array(p.deviceIds.length).fill(-1),
    };
  });
  return { readSlots: Int32Array.from(readSlots), values, vars, outputs, warnings };
}

/**
 * One grid step: `values[0, reads)` already holds the step's reads. Computes every variable in
 * order into its output cells and copies the allocated instances' (slot, value) pairs into
 * `slots`/`out`; returns how many. NaN values (no value) are copied too: the store keeps them as gaps.
 */
export function evaluatePlan(plan: DerivedPlan, slots: Int32Array, out: Float64Array): number {
  const v = plan.values;
  let n = 0;
  for (const pv of plan.vars) {
    const count = pv.slots.length;
    const base = pv.outBase;
    const fn = pv.fn;
    for (let k = 0; k < count; k++) {
      const y = fn(v, k);
      v[base + k] = y;
      const s = pv.slots[k]!;
      if (s >= 0) { slots[n] = s; out[n++] = y; }
    }
  }
  return n;
}
