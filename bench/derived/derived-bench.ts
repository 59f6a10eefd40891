/**
 * Derived variables' evaluation per grid step (services/derived/derived-plan.ts, as the evaluator runs it):
 * 1,000 devices × 48 interfaces (synthetic catalog: ifInRate, ifOutRate, ifInErrors, ifInUcastPkts
 * per interface, cpuUtil per device), 5 derived variables (2 of scope device with aggregates, 2 of
 * scope interface, 1 reading an earlier derived one), over the in-memory series store. Measures
 * the plan's build (once per configuration and inventory) and each step: one valuesAt of every
 * input, the evaluation, one appendStep. Run: `node dist/bench/derived/derived-bench.js [devices] [steps]`.
 */
import type { DerivedVariableConfig } from '../../core/config-schema.js';
import type { Device, Interface, VariableInstance } from '../../core/types.js';
import { buildPlan, evaluatePlan } from '../../services/derived/derived-plan.js';
import { MemorySeriesStore } from '../../store/series/memory-series.js';

const devicesN = Number(process.argv[2] ?? 1000);
const steps = Math.min(Number(process.argv[3] ?? 30), 200);
const IFS = 48;
const MIN = 60_000;
const T0 = 28_000_000 * MIN;

const derived: DerivedVariableConfig[] = [
  ['devTotalTraffic', 'device', 'sum(ifInRate) + sum(ifOutRate)'],
  ['devMaxIn', 'device', 'max(ifInRate) / 1e6'],
  ['ifInErrorRatio', 'interface', 'ifnan(ifInErrors / ifInUcastPkts * 100, 0)'],
  ['ifShare', 'interface', '(ifInRate + ifOutRate) / devTotalTraffic * 100'],
  ['cpuScaled', 'device', 'abs(cpuUtil - 50) * 2'],
].map(([name, scope, expression]) => ({
  name: name!, scope: scope as 'device' | 'interface', expression: expression!, unit: '', category: 'Derived', description: expression!, devices: '', thresholds: null,
}));

const devices: Device[] = [];
const instances: VariableInstance[] = [];
let slot = 0;
const inst = (name: string, deviceId: number, index: number): VariableInstance =>
  ({ slot: slot++, name, deviceId, index, deviceName: `d${deviceId}`, componentName: '', description: '', unit: '', category: '', tags: [] });
for (let d = 1; d <= devicesN; d++) {
  const interfaces: Interface[] = [];
  for (let i = 1; i <= IFS; i++) {
    interfaces.push({ index: i } as Interface);
    for (const n of ['ifInRate', 'ifOutRate', 'ifInErrors', 'ifInUcastPkts']) instances.push(inst(n, d, i));
  }
  instances.push(inst('cpuUtil', d, 0));
  devices.push({ id: d, interfaces } as unknown as Device);
}
const inputSlots = slot;
const store = new MemorySeriesStore();
const all = Int32Array.from({ length: inputSlots }, (_, i) => i);
const vals = new Float64Array(inputSlots);

let t = process.hrtime.bigint();
const plan = buildPlan(derived, devices, instances);
const buildMs = Number(process.hrtime.bigint() - t) / 1e6;
for (const pv of plan.vars) for (let k = 0; k < pv.slots.length; k++) pv.slots[k] = slot++;
const outSlots = new Int32Array(plan.outputs);
const out = new Float64Array(plan.outputs);

const stepMs: number[] = [];
const readMs: number[] = [];
const evalMs: number[] = [];
const writeMs: number[] = [];
for (let s = 0; s < steps; s++) {
  const g = T0 + s * MIN;
  for (let i = 0; i < inputSlots; i++) vals[i] = (i * 7 + s * 13) % 1000;
  store.appendStep(g, all, vals);
  t = process.hrtime.bigint();
  store.valuesAt(plan.readSlots, g, plan.values);
  const t1 = process.hrtime.bigint();
  const n = evaluatePlan(plan, outSlots, out);
  const t2 = process.hrtime.bigint();
  store.appendStep(g, outSlots, out, n);
  const t3 = process.hrtime.bigint();
  stepMs.push(Number(t3 - t) / 1e6);
  readMs.push(Number(t1 - t) / 1e6);
  evalMs.push(Number(t2 - t1) / 1e6);
  writeMs.push(Number(t3 - t2) / 1e6);
}
const quantile = (xs: number[], p: number): number => {
  const sorted = xs.slice(3).sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
};
const q = (p: number) => quantile(stepMs, p);
console.log(JSON.stringify({
  devices: devicesN, interfacesPerDevice: IFS, inputs: plan.readSlots.length, derivedInstances: plan.outputs,
  planBuildMs: Number(buildMs.toFixed(1)), stepMedianMs: Number(q(0.5).toFixed(2)), stepP99Ms: Number(q(0.99).toFixed(2)), steps,
  readMedianMs: Number(quantile(readMs, 0.5).toFixed(2)), evalMedianMs: Number(quantile(evalMs, 0.5).toFixed(2)), writeMedianMs: Number(quantile(writeMs, 0.5).toFixed(2)),
}));
