import type { DerivedVariableConfig } from '../../core/config-schema.js';
import { configuredDefinitions } from '../../core/config-variables.js';
import type { VariableAllocation } from '../../core/ports/catalog.js';
import type { VariableDef, VariableInstance } from '../../core/types.js';
import { buildPlan, evaluatePlan, type DerivedPlan } from './derived-plan.js';
import type { ServiceDeps } from '../deps.js';
import { GridStepProcessor } from '../grid-step-processor.js';

/**
 * The derived variables' evaluator (config `variables.derived`, docs/variables.md): on every
 * `onGridStepWritten` of a network it reads the step's values of every input with one `valuesAt`,
 * computes each derived variable for each selected device (scope device) or interface (scope
 * interface) in the configured order (services/derived/derived-plan.ts), and writes the values at that
 * grid time with one `appendStep` (a NaN — no value — is a gap). Instances are allocated in the
 * catalog once (`catalog.allocateMany`, batched; cached in the plan); once a new plan's instances
 * all have their slots, the step that made the plan is evaluated and written again (so a new
 * variable's first value is that step's). An instance whose allocation fails (its definition not
 * yet in the catalog) makes the plan be built again at the next step. A variable is written only
 * while the catalog's definition of its name is the one its configuration makes: a name the catalog
 * defines otherwise (a built-in, polled variable's) is neither allocated nor written, so a polled
 * series is never written over.
 *
 * The plan is built again when the configuration's `variables.derived` changes in content (reload:
 * new, changed, removed variables apply at the next step; a reload that keeps it as it was keeps
 * the plans), the network's generation or its instance list changes (the instances this evaluator
 * allocates do not count). A removed variable is no longer
 * computed; its series stay readable. Steps that pile up are coalesced: the newest one is evaluated.
 */

interface NetworkDerived {
  readonly id: number;
  plan: DerivedPlan | null;
  derivedSeen: readonly DerivedVariableConfig[] | null;
  generation: unknown;
  instances: readonly VariableInstance[] | null;
  otherCount: number;
  slots: Int32Array;
  out: Float64Array;
  lastStepMs: number;
}

export class DerivedVariables {
  private readonly nets = new Map<number, NetworkDerived>();
  /** The grid steps of every network, one at a time a network (step), and the allocations in progress. */
  private readonly steps: GridStepProcessor;
  /** The allocation error last logged per network and variable (logged again only when it changes). */
  private readonly warned = new Map<string, string>();

  /** Config keys read at each network's grid step through the holder: a reload applies them with the swap (core/config-applier.ts). */
  static readonly configKeys: readonly string[] = ['variables.derived'];

  constructor(private readonly deps: ServiceDeps) {
    this.steps = new GridStepProcessor(deps.collector, (id, g) => this.step(this.net(id), g), (id, g, e) => {
      this.deps.logger.error('derived variables: evaluation of a grid step failed', { network: id, gridTsMs: g, error: (e as Error).stack ?? String(e) });
    });
  }

  start(): void {
    this.steps.start();
  }

  /** Stops listening; waits for the step in progress and the allocations. */
  async stop(): Promise<void> {
    await this.steps.stop();
  }

  /** Evaluates grid time `gridTsMs` of a network now and waits for the allocations it starts (tests and benches). */
  async runStep(networkId: number, gridTsMs: number): Promise<void> {
    await this.steps.runStep(networkId, gridTsMs);
  }

  private net(id: number): NetworkDerived {
    let n = this.nets.get(id);
    if (!n) {
      n = {
        id, plan: null, derivedSeen: null, generation: undefined, instances: null, otherCount: -1,
        slots: new Int32Array(0), out: new Float64Array(0), lastStepMs: NaN,
      };
      this.nets.set(id, n);
    }
    return n;
  }

  private step(net: NetworkDerived, g: number): void {
    const plan = this.reconcile(net);
    if (!plan || plan.vars.length === 0) return;
    const series = this.deps.series;
    const reads = plan.readSlots.length;
    if (reads > 0) {
      if (series.valuesAt) series.valuesAt(plan.readSlots, g, plan.values);
      else plan.values.set(series.rollup(plan.readSlots, g, g).last.subarray(0, reads));
    }
    const n = evaluatePlan(plan, net.slots, net.out);
    if (n > 0) series.appendStep(g, net.slots, net.out, n);
    net.lastStepMs = g;
  }

  /** The plan for the current configuration and inventory (built again when either changed). */
  private reconcile(net: NetworkDerived): DerivedPlan | null {
    const derived = this.deps.config().variables.derived;
    if (derived.length === 0) { net.plan = null; net.derivedSeen = derived; return null; }
    const catalog = this.deps.collector.catalog;
    const gen = this.deps.collector.networks.generation(net.id, {});
    const instances = catalog.instances(net.id);
    let changed = gen !== net.generation;
    if (derived !== net.derivedSeen) {
      // A reload makes a new array: only a change of content makes new plans.
      if (!sameDerived(derived, net.derivedSeen)) changed = true;
      else net.derivedSeen = derived;
    }
    let others = -1;
    if (!changed && instances !== net.instances) {
      others = countOthers(instances, derived);
      changed = others !== net.otherCount;
      net.instances = instances;
    }
    if (!changed && net.plan) return net.plan;
    const plan = buildPlan(derived, gen?.devices ?? [], instances);
    for (const w of plan.warnings) this.deps.logger.warn('derived variables: a variable cannot read all its inputs', { network: net.id, variable: w.variable, reason: w.message });
    net.plan = plan;
    net.derivedSeen = derived;
    net.generation = gen;
    net.instances = instances;
    net.otherCount = others >= 0 ? others : countOthers(instances, derived);
    net.slots = new Int32Array(plan.outputs);
    net.out = new Float64Array(plan.outputs);
    this.allocate(net, plan, instances);
    return plan;
  }

  /**
   * Gives every instance of the plan its slot: known ones at once, the others through one
   * `catalog.allocateMany`. Only a variable whose catalog definition is its configuration's: its
   * instances are then the ones this evaluator allocated (a definition is never both polled and
   * derived), never a polled one of the same triplet.
   */
  private allocate(net: NetworkDerived, plan: DerivedPlan, instances: readonly VariableInstance[]): void {
    const catalog = this.deps.collector.catalog;
    const failed = new Map<string, { count: number; error: string }>();
    const fail = (name: string, error: string, count = 1): void => {
      const f = failed.get(name);
      if (f) f.count += count; else failed.set(name, { count, error });
    };
    const names = new Set<string>();
    for (const pv of plan.vars) {
      const name = pv.config.name;
      if (definesDerived(catalog.definition(name), pv.config)) names.add(name);
      else if (pv.slots.length > 0) {
        const def = catalog.definition(name);
        fail(name, def ? `the catalog defines '${name}' otherwise (${def.category}, ${def.description}): not written` : `variable '${name}' has no definition`, pv.slots.length);
      }
    }
    const known = new Map<string, number>();
    for (const v of instances) if (names.has(v.name)) known.set(`${v.name}\u0000${v.deviceId}\u0000${v.index}`, v.slot);
    const todo: VariableAllocation[] = [];
    const where: { pv: DerivedPlan['vars'][number]; k: number }[] = [];
    const asked = new Set<string>();
    for (const pv of plan.vars) {
      const name = pv.config.name;
      if (!names.has(name)) continue;
      for (let k = 0; k < pv.slots.length; k++) {
        const deviceId = pv.deviceIds[k]!;
        const index = pv.indexes[k]!;
        const slot = known.get(`${name}\u0000${deviceId}\u0000${index}`);
        if (slot !== undefined) { pv.slots[k] = slot; continue; }
        todo.push({ netId: net.id, name, deviceId, index });
        where.push({ pv, k });
        asked.add(name);
      }
    }
    const report = (): void => {
      if (failed.size > 0 && net.plan === plan) net.plan = null; // built again at the next step (a reload's definition is used then)
      for (const name of asked) if (!failed.has(name)) this.warned.delete(`${net.id}\u0000${name}`);
      for (const [name, f] of failed) {
        const key = `${net.id}\u0000${name}`;
        if (this.warned.get(key) === f.error) continue;
        this.warned.set(key, f.error);
        this.deps.logger.warn('derived variables: instances not allocated; their values are not written (tried again at each step, logged again when the reason changes)', {
          network: net.id, variable: name, failed: f.count, error: f.error,
        });
      }
    };
    if (todo.length === 0) { report(); return; }
    // Once every instance has its slot, the step that made the plan is written too.
    const p = catalog.allocateMany(todo).then((res) => {
      res.forEach((r, j) => {
        const { pv, k } = where[j]!;
        if (r instanceof Error) fail(pv.config.name, r.message);
        else pv.slots[k] = r.slot;
      });
      report();
      if (net.plan === plan && !Number.isNaN(net.lastStepMs) && !this.steps.stopped) this.step(net, net.lastStepMs);
    }).catch((e) => this.deps.logger.error('derived variables: writing the first step failed', { network: net.id, error: (e as Error).message }));
    this.steps.track(p);
  }
}

/** Whether the catalog's definition of a name is the one a derived variable's configuration makes. */
function definesDerived(def: VariableDef | undefined, c: DerivedVariableConfig): boolean {
  if (!def) return false;
  const want = configuredDefinitions({ snmp: [], derived: [c], thresholds: {} })[0]!;
  return def.type === want.type && def.scope === want.scope && def.unit === want.unit
    && def.category === want.category && def.description === want.description;
}

/** Same derived variables, in the same order, with the same fields (plain data from the loader). */
function sameDerived(a: readonly DerivedVariableConfig[], b: readonly DerivedVariableConfig[] | null): boolean {
  return b !== null && a.length === b.length && JSON.stringify(a) === JSON.stringify(b);
}

function countOthers(instances: readonly VariableInstance[], derived: readonly DerivedVariableConfig[]): number {
  const names = new Set(derived.map((d) => d.name));
  let n = 0;
  for (const v of instances) if (!names.has(v.name)) n++;
  return n;
}
