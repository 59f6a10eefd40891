import type { AlertRuleConfig } from '../../core/config-schema.js';
import type { Device, VariableInstance } from '../../core/types.js';
import { componentKey, type Alert } from './alert-record.js';
import { compileCondition } from './alert-rules.js';
import { AlertWindow, GAP, NOT_SATISFIED, SATISFIED } from './alert-window.js';

/**
 * One rule on one network: its inputs, the slots read each step (the inputs', then the sibling
 * variables' the condition names), the window, each input's latest non-gap value, and the alert
 * groups: with fanOut one group per (device, component), else one group. All per-input and
 * per-group data are typed arrays; an Alert object exists only for a group that was once active.
 */

/** A rule's definition as far as its state goes: two rules with the same one may share a window. */
export function ruleDefinition(rule: AlertRuleConfig, steps: number): string {
  const { key: _where, ...def } = rule;
  return JSON.stringify({ ...def, steps });
}

export class RuleState {
  readonly size: number;
  readonly window: AlertWindow;
  /** Latest non-gap value per input (NaN: none yet): the condition's `previous`, the alert's `value`. */
  readonly previous: Float64Array;
  /** The slots to read at a step: inputs at [0, size), sibling values after them. */
  readonly slots: Int32Array;
  readonly groupOf: Int32Array;
  readonly groupCount: number;
  /** Members of group g: members[groupStart[g] … groupStart[g + 1]). */
  readonly groupStart: Int32Array;
  readonly members: Int32Array;
  /** The alert of each group (made at the group's first activation). */
  readonly alerts: (Alert | undefined)[];
  /** After `judge`: some member holds / some member has a judgement / the first member that holds (-1). */
  readonly groupHolds: Uint8Array;
  readonly groupJudged: Uint8Array;
  readonly groupTrigger: Int32Array;
  /** The newest grid time evaluated (NaN: none). */
  lastStepMs = NaN;
  private readonly test: (i: number) => boolean;
  private readonly frame: { values: Float64Array; base: number; previous: Float64Array };

  /**
   * `siblingSlot(name, deviceId, index)`: the slot of that variable on that component, if any.
   * `groupKeys` receives each group's (deviceId, componentIndex) → group number, for attaching the
   * alerts already known (the caller drops it afterwards).
   */
  constructor(
    readonly rule: AlertRuleConfig,
    readonly definition: string,
    readonly inputs: readonly VariableInstance[],
    steps: number,
    variableNames: readonly string[],
    devices: readonly Device[],
    siblingSlot: (name: string, deviceId: number, index: number) => number | undefined,
    groupKeys: Map<string, number>,
  ) {
    const n = this.size = inputs.length;
    this.window = new AlertWindow(n, steps, rule.percentage);
    this.previous = new Float64Array(n).fill(NaN);
    const { test, source } = compileCondition(rule.condition, inputs, variableNames, devices);
    this.test = test;
    this.frame = source.frame;
    this.frame.previous = this.previous;

    const extra: number[] = [];
    for (const name of source.siblings()) {
      const pos = new Int32Array(n).fill(-1);
      for (let i = 0; i < n; i++) {
        const v = inputs[i]!;
        const slot = siblingSlot(name, v.deviceId, v.index);
        if (slot !== undefined) { pos[i] = n + extra.length; extra.push(slot); }
      }
      source.bindSibling(name, pos);
    }
    this.slots = new Int32Array(n + extra.length);
    for (let i = 0; i < n; i++) this.slots[i] = inputs[i]!.slot;
    this.slots.set(extra, n);

    this.groupOf = new Int32Array(n);
    if (rule.fanOut) {
      for (let i = 0; i < n; i++) {
        const k = componentKey(inputs[i]!.deviceId, inputs[i]!.index);
        let g = groupKeys.get(k);
        if (g === undefined) { g = groupKeys.size; groupKeys.set(k, g); }
        this.groupOf[i] = g;
      }
    } else if (n > 0) {
      groupKeys.set(componentKey(0, 0), 0);
    }
    const groups = this.groupCount = groupKeys.size;
    this.groupStart = new Int32Array(groups + 1);
    for (let i = 0; i < n; i++) this.groupStart[this.groupOf[i]! + 1]!++;
    for (let g = 0; g < groups; g++) this.groupStart[g + 1]! += this.groupStart[g]!;
    this.members = new Int32Array(n);
    const fill = this.groupStart.slice(0, groups);
    for (let i = 0; i < n; i++) this.members[fill[this.groupOf[i]!]!++] = i;
    this.alerts = new Array<Alert | undefined>(groups).fill(undefined);
    this.groupHolds = new Uint8Array(groups);
    this.groupJudged = new Uint8Array(groups);
    this.groupTrigger = new Int32Array(groups);
  }

  /**
   * Evaluates one grid step: input i's value is values[base + i] (NaN: gap, recorded as such),
   * its siblings' at the positions bound at construction. The hot loop: no allocation.
   */
  step(values: Float64Array, base: number, gridTsMs: number): void {
    const f = this.frame;
    f.values = values;
    f.base = base;
    const w = this.window;
    const prev = this.previous;
    const test = this.test;
    w.advance();
    for (let i = 0, n = this.size; i < n; i++) {
      const v = values[base + i]!;
      if (v !== v) { w.record(i, GAP); continue; }
      w.record(i, test(i) ? SATISFIED : NOT_SATISFIED);
      prev[i] = v;
    }
    this.lastStepMs = gridTsMs;
  }

  /** Sets groupHolds, groupJudged and groupTrigger from the windows as they are now. */
  judge(): void {
    const holds = this.groupHolds;
    const judged = this.groupJudged;
    const trigger = this.groupTrigger;
    holds.fill(0);
    judged.fill(0);
    trigger.fill(-1);
    const w = this.window;
    const groupOf = this.groupOf;
    for (let i = 0, n = this.size; i < n; i++) {
      if (!w.judged(i)) continue;
      const g = groupOf[i]!;
      judged[g] = 1;
      if (holds[g] === 0 && w.holds(i)) { holds[g] = 1; trigger[g] = i; }
    }
  }

  /** Takes over `old`'s window and latest values for the inputs both have (by slot); `old` has the same steps. */
  carryOver(old: RuleState): void {
    const bySlot = new Map<number, number>();
    for (let i = 0; i < old.size; i++) bySlot.set(old.slots[i]!, i);
    for (let i = 0; i < this.size; i++) {
      const j = bySlot.get(this.slots[i]!);
      if (j === undefined) continue;
      this.window.copyFrom(old.window, j, i);
      this.previous[i] = old.previous[j]!;
    }
    this.lastStepMs = old.lastStepMs;
  }
}
