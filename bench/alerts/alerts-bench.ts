/**
 * The alerts benchmark in the harness: CPU per grid step of the alert evaluator with 100 rules
 * whose inputs cover 1,000,000 variable instances (100,000 at quick scale), 10-minute windows at a
 * 1-minute grid, over the LMDB series store. Target ≤ 3 s of CPU per grid step on one core, judged
 * on the median of the steady steps (process.cpuUsage around each step: every thread of the
 * process, the store's included). Runs bench/alerts/measure.ts in a child pinned to one core.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Bench, BenchOptions, Figure } from '../harness/bench.js';
import { nodeArgs, RESULT, runPinned, serverAndLoadCores } from '../harness/process.js';
import { median } from '../harness/stats.js';
import type { AlertsResult } from './measure.js';

const SCRIPT = fileURLToPath(new URL('./measure.js', import.meta.url));

async function run(o: BenchOptions): Promise<Figure[]> {
  const inputs = o.scale === 'quick' ? 100_000 : 1_000_000;
  const dir = mkdtempSync(join(tmpdir(), 'alerts-bench-'));
  try {
    const [cmd, args] = nodeArgs(SCRIPT, ['--inputs', String(inputs), '--steps', '7', '--dir', dir]);
    o.log(`100 rules over ${inputs.toLocaleString('en-US')} inputs`);
    const r = await runPinned(serverAndLoadCores().server, cmd, args, { timeoutMs: 600_000 });
    const line = r.stdout.split('\n').find((l) => l.startsWith(RESULT));
    if (r.code !== 0 || !line) throw new Error(`alerts bench exited with ${r.code}: ${r.stderr.slice(-2000)}`);
    const m = JSON.parse(line.slice(RESULT.length)) as AlertsResult;
    const n = m.inputs.toLocaleString('en-US');
    return [
      {
        name: `grid step, ${m.rules} rules over ${n} inputs, CPU`, unit: 'ms', samples: m.stepCpuMs, target: { op: '<=', value: 3000 },
        note: `W = 10 steps; ${m.slotsRead.toLocaleString('en-US')} slots read per step (inputs and siblings); ${m.activeAlerts} alerts active; wall median ${median(m.stepWallMs).toFixed(0)} ms`,
      },
      { name: `the step's read alone (valuesAt of ${m.slotsRead.toLocaleString('en-US')} slots), CPU`, unit: 'ms', samples: m.readCpuMs },
      { name: 'the same read with rollup(slots, g, g), CPU', unit: 'ms', samples: m.rollupCpuMs },
      {
        name: 'first step (inputs selected, conditions compiled, windows filled from the store), CPU', unit: 'ms', samples: [m.firstStepCpuMs],
        note: `store filled with ${(m.fillSeconds).toFixed(1)} s of appends beforehand (not measured)`,
      },
      {
        name: 'first step: longest stretch without letting other work run (event-loop delay)', unit: 'ms', samples: [m.firstStepMaxBlockMs],
        note: 'what an API call arriving during the first step may wait (monitorEventLoopDelay, 10 ms resolution)',
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const alertsBench: Bench = {
  name: 'alerts',
  title: 'Alerts: CPU per grid step of 100 rules over 1M variable instances (10-minute windows) on one core',
  run,
};
