/**
 * Collector benchmarks (project issue #4, items 1 and 2). The simulator runs in a process of its
 * own pinned to core 1; every collector run is another process pinned to core 0
 * (collector-child.ts: pool, workers, SlotState, ring, SeriesWriter, LMDB store, plans from a
 * discovery of the simulator); CPU time is the collector process's own (main thread and workers).
 *
 * 1. `collector`: end-to-end varbinds/s and CPU-seconds per 1M varbinds, cycles back to back,
 *    for the fast v2c path (GETs planned for ≤ 1400-byte answers; also with 16 kB answers), the
 *    same with the whole plan cloned into every task (what the collector sent before plan handles), the
 *    net-snmp poll path, and — the baseline, same run, same devices — a bare net-snmp GETBULK loop.
 * 2. `collector-faults`: 10% of the devices never answer; cycles on the grid; every cycle's
 *    duration against the interval, and missing grid points of the live devices' series read back
 *    from the store over the cycles (a shortened interval with proportionally fewer devices).
 */
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Bench, BenchLog, Figure } from '../harness/bench.js';
import { startSimulator } from '../harness/sim-child.js';
import { nodeArgs, RESULT, runPinned, serverAndLoadCores, stopChild } from '../harness/process.js';

const here = (f: string) => fileURLToPath(new URL(f, import.meta.url));
const BASE = '127.2.0.1';
const INTERFACES = 48;

function startSim(core: number | undefined, devices: number, dead: number, log: BenchLog): Promise<{ child: ChildProcess; port: number }> {
  return startSimulator(core, ['--devices', String(devices), '--interfaces', String(INTERFACES), '--base', BASE, '--dead', String(dead)], log);
}

async function runChild<T>(core: number | undefined, script: string, args: string[], timeoutMs: number, log: BenchLog): Promise<T> {
  const [cmd, a] = nodeArgs(here(script), args);
  const r = await runPinned(core, cmd, a, { timeoutMs, passStderr: true });
  const line = r.stdout.split('\n').find((l) => l.startsWith(RESULT));
  if (!line) throw new Error(`${script} ${args.join(' ')} gave no result (exit ${r.code})`);
  const result = JSON.parse(line.slice(RESULT.length)) as T;
  log(`${script}: ${line.slice(RESULT.length)}`);
  return result;
}

interface ThroughputResult { varbindsPerS: number; cpuSPer1M: number; failedPolls?: number; failures?: number; cycles?: number; gridMs?: number; pointsPerVarbind?: number }

export const collectorBench: Bench = {
  name: 'collector',
  title: 'collector end to end (poll → decode → rate → ring → interpolate → store) vs a bare net-snmp GETBULK loop',
  async run({ scale, log }) {
    const devices = scale === 'full' ? 1000 : 100;
    const seconds = scale === 'full' ? 20 : 5;
    const { server: core, load: simCore } = serverAndLoadCores();
    const sim = await startSim(simCore, devices, 0, log);
    const figures: Figure[] = [];
    try {
      const common = ['--sim-port', String(sim.port), '--base', BASE, '--devices', String(devices), '--seconds', String(seconds), '--threads', '1'];
      const timeoutMs = 600_000;
      const runs: [string, string[], string][] = [
        ['fast v2c path', ['--path', 'fast', '--task', 'handle'], 'GETs planned for ≤ 1400-byte answers (no IP fragments), plan handles'],
        ['fast v2c path, 16 kB answers', ['--path', 'fast', '--task', 'handle', '--max-message-bytes', '16000'], 'GETs planned for ≤ 16 kB answers (loopback; fragments on a real network)'],
        ['fast v2c path, plan cloned per task', ['--path', 'fast', '--task', 'plan'], 'the whole PollPlan structured-cloned into every poll task (what the collector sent before plan handles)'],
        ['fast v2c path, 20 operator variables per device', ['--path', 'fast', '--task', 'handle', '--operator-vars', '20'], 'as the first, each device also polling 20 operator-defined variables (10 interface-column counters, 5 interface-column gauges, 5 scalars: sim-plans.ts BENCH_OPERATOR_VARS)'],
        ['net-snmp poll path', ['--path', 'net-snmp', '--task', 'plan'], 'workers/netsnmp/snmp-session.ts: GET of scalars, GETBULK walk of the interface columns'],
      ];
      for (const [name, extra, note] of runs) {
        const r = await runChild<ThroughputResult>(core, 'collector-child.js', [...common, ...extra], timeoutMs, log);
        const failed = r.failedPolls ? `; ${r.failedPolls} failed polls` : '';
        figures.push({ name: `${name}: varbinds/s`, unit: 'varbinds/s', samples: [r.varbindsPerS], target: name === 'fast v2c path' ? { op: '>=', value: 400_000 } : undefined, note: `${devices} devices × ${INTERFACES + 1} interfaces, ${r.cycles} cycles in ${seconds} s, grid step ${r.gridMs} ms (${r.pointsPerVarbind?.toFixed(2)} stored points per varbind); ${note}${failed}` });
        figures.push({ name: `${name}: CPU per 1M varbinds`, unit: 'CPU-s', samples: [r.cpuSPer1M], target: name === 'fast v2c path' ? { op: '<=', value: 2.5 } : undefined });
      }
      const b = await runChild<ThroughputResult>(core, 'netsnmp-loop.js', ['--sim-port', String(sim.port), '--base', BASE, '--devices', String(devices), '--interfaces', String(INTERFACES), '--seconds', String(seconds)], timeoutMs, log);
      figures.push({ name: 'baseline: bare net-snmp GETBULK loop: varbinds/s', unit: 'varbinds/s', samples: [b.varbindsPerS], note: `11 interface columns × ${INTERFACES + 1} rows per request (one ~15 kB answer), 256 in flight; decode only${b.failures ? `; ${b.failures} failures` : ''}` });
      figures.push({ name: 'baseline: bare net-snmp GETBULK loop: CPU per 1M varbinds', unit: 'CPU-s', samples: [b.cpuSPer1M] });
    } finally {
      await stopChild(sim.child);
    }
    return figures;
  },
};

interface FaultResult {
  intervalMs: number; cycleMs: number[]; cycleCpuMs: number[]; cycleMainCpuMs: number[]; coldCycleMs: number; deadDevices: number; liveDevices: number; failedLivePolls: number;
  liveSlotsChecked: number; gridStepsChecked: number; missingPoints: number; slotsWithGaps: number;
  /** The default alert rules evaluated after each cycle (null with `--alerts off`). */
  alerts: { inputs: number; stepCpuMs: number[]; active: number; notices: number } | null;
}

export const faultsBench: Bench = {
  name: 'collector-faults',
  title: 'a polling cycle with 10% of the devices never answering, the default alert rules on: cycle time vs interval, gaps over 10 cycles',
  async run({ scale, log }) {
    // The issue's 5,000 devices at a 20 s interval; quick scale shortens both in proportion.
    const devices = scale === 'full' ? 5000 : 500;
    const intervalMs = scale === 'full' ? 20_000 : 4_000;
    const { server: core, load: simCore } = serverAndLoadCores();
    const sim = await startSim(simCore, devices, 0.1, log);
    try {
      const r = await runChild<FaultResult>(core, 'collector-child.js', ['--sim-port', String(sim.port), '--base', BASE, '--devices', String(devices),
        '--cycles', '10', '--interval-ms', String(intervalMs), '--threads', '1', '--timeout-ms', String(Math.min(1000, intervalMs / 5)), '--retries', '1'], 1_800_000, log);
      const setting = `${devices} devices × ${INTERFACES + 1} interfaces (${r.deadDevices} dead), interval ${intervalMs / 1000} s, timeout ${Math.min(1000, intervalMs / 5)} ms × 2 tries`;
      return [
        { name: 'slowest of 10 cycles / interval', unit: '×', samples: [Math.max(...r.cycleMs) / r.intervalMs], target: { op: '<=', value: 0.5 }, note: `${setting}; cycles ${r.cycleMs.join(', ')} ms (collector CPU, all threads: ${r.cycleCpuMs.join(', ')} ms; of which the main thread: ${r.cycleMainCpuMs.join(', ')} ms) after a cold first cycle of ${r.coldCycleMs} ms (first readings)` },
        { name: 'missing grid points of live series over the cycles', unit: 'points', samples: [r.missingPoints], target: { op: '<=', value: 0 }, note: `${r.liveSlotsChecked} live series × ${r.gridStepsChecked} grid steps read back from the store; ${r.slotsWithGaps} series with a gap` },
        { name: 'failed polls of live devices', unit: 'polls', samples: [r.failedLivePolls], target: { op: '<=', value: 0 } },
        ...(r.alerts ? [{
          name: 'default alert rules: CPU per grid step', unit: 'ms', samples: r.alerts.stepCpuMs.slice(1),
          note: `the built-in rules over ${r.alerts.inputs} inputs and siblings, evaluated after each cycle as the server's grid step event does; first step (selection, windows, alerts made) ${r.alerts.stepCpuMs[0]} ms; ${r.alerts.active} alerts active, ${r.alerts.notices} notices`,
        }] : []),
      ];
    } finally {
      await stopChild(sim.child);
    }
  },
};
