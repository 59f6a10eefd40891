/**
 * One run of the alerts benchmark, in a process of its own (started by alerts-bench.ts): 100 rules
 * whose inputs together cover `--inputs` variable instances (100 variable names, one per rule, on
 * 48-interface devices), 10-minute windows at a 1-minute grid (W = 10), evaluated by the real
 * AlertEngine over the real LMDB series store (in `--dir`) filled with synthetic grid values, a
 * fake collector at our own ports (no SNMP) and the in-memory metadata store. Prints
 * `RESULT <json>` (an AlertsResult).
 *
 *   node dist/bench/alerts/measure.js --inputs 1000000 --steps 5 --dir <empty dir> [--rules 100] [--hot 200]
 *
 * Rules 0–89: `value > 90` (half of them with percentage 80); rules 90–99 also read a sibling
 * variable (`value > 90 AND v0 < 50`). 1 in 200 inputs is over 90 at every step (alerts exist and
 * stay active: their state variables are written each step); the others are below.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../core/config-load.js';
import type { VariableInstance } from '../../core/types.js';
import { openLmdbSeriesStore } from '../../store/series/lmdb-series.js';
import { RESULT } from '../harness/process.js';
import { benchAlertEngine } from './bench-engine.js';

export interface AlertsResult {
  inputs: number;
  rules: number;
  /** CPU ms of the first step: input selection, condition compilation, windows filled from the store (10 reads), the step. */
  firstStepCpuMs: number;
  /** The event loop's longest delay during the first step (ms): the longest it ran without letting other work in. */
  firstStepMaxBlockMs: number;
  /** CPU ms per grid step of the steady steps. */
  stepCpuMs: number[];
  stepWallMs: number[];
  /** CPU ms of the step's one read (`valuesAt(slots, g)` over every rule's slots), measured apart. */
  readCpuMs: number[];
  /** The same values read with `rollup(slots, g, g)` (what a store without valuesAt is read with). */
  rollupCpuMs: number[];
  slotsRead: number;
  activeAlerts: number;
  notices: number;
  fillSeconds: number;
}

const MIN = 60_000;
/** Rules by default; `--rules N` spreads the same inputs over N rules (2: rules of half a million inputs each). */
const DEFAULT_RULES = 100;
const WINDOW_STEPS = 10;
const PORTS = 48;
/**
 * Grid steps stored before the first evaluated one: the steps evaluated are late in their hour,
 * where the store's open hour holds the most points per slot (the read's worst case in an hour).
 */
const HISTORY_STEPS = 50;

async function main(): Promise<void> {
  const { values: a } = parseArgs({ options: { inputs: { type: 'string' }, steps: { type: 'string' }, dir: { type: 'string' }, rules: { type: 'string' }, hot: { type: 'string' } } });
  /** 1 input in `hot` is over 90 at every step (`--hot`, default 200). */
  const hot = Number(a.hot ?? 200);
  const RULES = Number(a.rules ?? DEFAULT_RULES);
  const inputs = Number(a.inputs ?? 1_000_000);
  const steps = Number(a.steps ?? 5);
  if (!a.dir) throw new Error('--dir is required');
  const perRule = Math.ceil(inputs / RULES);
  const devices = Math.ceil(perRule / PORTS);

  // Instances: rule k's variable vk on every port of every device; slots in order.
  const instances: VariableInstance[] = [];
  const tags = ['Role.Access'];
  for (let k = 0; k < RULES; k++) {
    for (let n = 0; n < perRule; n++) {
      const d = 1 + Math.floor(n / PORTS);
      const index = 1 + (n % PORTS);
      instances.push({
        slot: instances.length, name: `v${k}`, deviceId: d, index, deviceName: `sw${d}`, componentName: `Gi1/0/${index}`,
        description: '', unit: '%', category: 'bench', tags,
      });
    }
  }
  const total = instances.length;

  const rules = Array.from({ length: RULES }, (_, k) => {
    const cond = k >= 90 ? 'value > 90 AND v0 < 50' : 'value > 90';
    return `    - { name: r${k}, input: "variable = 'v${k}'", condition: "${cond}", duration: 10m${k % 2 === 0 ? ', percentage: 80' : ''} }`;
  }).join('\n');
  const off = '{ deviceUnreachable: false, interfaceDown: false, interfaceUtilisation: false, cpuHigh: false, deviceRebooted: false }';
  const config = loadConfig({ text: `networks:\n  - { id: 1, name: bench, seeds: [10.0.0.1], pollInterval: 60s }\nalerts:\n  builtin: ${off}\n  rules:\n${rules}\n`, env: {} });

  const series = await openLmdbSeriesStore({ dir: a.dir, flushIntervalMs: 3_600_000 });
  series.reserveSlots?.(total + 100_000);
  const t0 = Date.UTC(2026, 0, 1, 12);
  const slots = Int32Array.from({ length: total }, (_, i) => i);
  const values = new Float64Array(total);
  const stepCount = HISTORY_STEPS + 1 + steps;
  /** Grid step s of every input, as the collector appends it. */
  const append = (s: number) => {
    for (let i = 0; i < total; i++) values[i] = i % hot === 7 % hot ? 95 : (i * 7 + s * 13) % 80;
    series.appendStep(t0 + s * MIN, slots, values);
  };
  const fillStart = performance.now();
  for (let s = 0; s <= HISTORY_STEPS; s++) append(s);
  await series.flush();
  const fillSeconds = (performance.now() - fillStart) / 1000;

  let now = 0;
  const { engine, notices } = benchAlertEngine({ instances, series, config, nowMs: () => now, firstFreeSlot: total });
  const cpuMs = (u: NodeJS.CpuUsage): number => (u.user + u.system) / 1000;
  const first = HISTORY_STEPS;
  now = t0 + first * MIN + 5_000;
  // The longest stretch the first step kept the event loop from other work (an API call waits that long).
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let u = process.cpuUsage();
  await engine.runStep(1, t0 + first * MIN);
  const firstStepCpuMs = cpuMs(process.cpuUsage(u));
  delay.disable();
  const firstStepMaxBlockMs = delay.max / 1e6;
  const stepCpuMs: number[] = [];
  const stepWallMs: number[] = [];
  for (let s = first + 1; s < stepCount; s++) {
    append(s); // the step is in the store before its event, as the collector does it
    now = t0 + s * MIN + 5_000;
    const w = performance.now();
    u = process.cpuUsage();
    await engine.runStep(1, t0 + s * MIN);
    stepCpuMs.push(cpuMs(process.cpuUsage(u)));
    stepWallMs.push(performance.now() - w);
  }
  // The read alone, over the same slots (every rule's inputs and siblings): valuesAt as the engine
  // reads, and the rollup over the one grid time that a store without valuesAt answers with.
  const readSlots = (engine as unknown as { nets: Map<number, { readSlots: Int32Array }> }).nets.get(1)!.readSlots;
  const readCpuMs: number[] = [];
  const rollupCpuMs: number[] = [];
  const out = new Float64Array(readSlots.length);
  const newest = t0 + (stepCount - 1) * MIN; // the step an event announces is the newest one
  for (let k = 0; k < steps; k++) {
    u = process.cpuUsage();
    series.valuesAt(readSlots, newest, out);
    readCpuMs.push(cpuMs(process.cpuUsage(u)));
    u = process.cpuUsage();
    series.rollup(readSlots, newest, newest);
    rollupCpuMs.push(cpuMs(process.cpuUsage(u)));
  }
  const result: AlertsResult = {
    inputs: total, rules: RULES, firstStepCpuMs, firstStepMaxBlockMs, stepCpuMs, stepWallMs, readCpuMs, rollupCpuMs, slotsRead: readSlots.length,
    activeAlerts: engine.alerts(1).filter((x) => x.active).length, notices: notices(), fillSeconds,
  };
  await engine.stop();
  await series.close();
  process.stdout.write(`${RESULT}${JSON.stringify(result)}\n`);
}

main().catch((e) => { process.stderr.write(`${(e as Error).stack ?? String(e)}\n`); process.exit(1); });
