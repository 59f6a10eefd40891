/**
 * The device panel benchmark in the harness: bench/device-panel/measure.ts in a child pinned to the
 * server core (the client in the same process), three times at full scale (once at quick scale).
 * Targets (issue 13): the device panel (Summary) of a 48-port switch p99 ≤ 10 ms; the legacy node
 * details (`nodes/:nodeid`) the same.
 */
import { fileURLToPath } from 'node:url';
import type { Bench, BenchOptions, Figure } from '../harness/bench.js';
import { nodeArgs, RESULT, runPinned, serverAndLoadCores } from '../harness/process.js';
import { median, percentile } from '../harness/stats.js';
import type { DevicePanelResult } from './measure.js';

const SCRIPT = fileURLToPath(new URL('./measure.js', import.meta.url));

async function run(o: BenchOptions): Promise<Figure[]> {
  const reps = o.scale === 'quick' ? 1 : 3;
  const results: DevicePanelResult[] = [];
  for (let r = 0; r < reps; r++) {
    const [cmd, args] = nodeArgs(SCRIPT, [...(o.scale === 'quick' ? ['--quick'] : []), '--result']);
    o.log(`rep ${r + 1}/${reps}`);
    const out = await runPinned(serverAndLoadCores().server, cmd, args, { timeoutMs: 300_000 });
    const line = out.stdout.split('\n').find((l) => l.startsWith(RESULT));
    if (out.code !== 0 || !line) throw new Error(`device panel bench exited with ${out.code}: ${out.stdout.slice(-2000)}`);
    results.push(JSON.parse(line.slice(RESULT.length)) as DevicePanelResult);
  }
  const first = results[0]!;
  const p = (pick: (m: DevicePanelResult) => number[], q: number) => results.map((m) => percentile(pick(m), q));
  const note = (pick: (m: DevicePanelResult) => number[], bytes: number) =>
    `${pick(first).length} sequential calls over one keep-alive connection per run, timed at the client in the server's process (client parsing included); ${bytes.toLocaleString('en-US')}-byte answer; p50 ${median(p(pick, 50)).toFixed(2)} ms`;
  return [
    {
      name: `device panel (Summary) of a ${first.ports}-port switch p99`, unit: 'ms', samples: p((m) => m.dashboardMs, 99), target: { op: '<=', value: 10 },
      note: `${note((m) => m.dashboardMs, first.dashboardBytes)}; top ${first.topInterfaces} interfaces by utilisation, polls every 10 s running`,
    },
    {
      name: `legacy nodes/:nodeid of a ${first.ports}-port switch p99`, unit: 'ms', samples: p((m) => m.nodeDetailsMs, 99), target: { op: '<=', value: 10 },
      note: note((m) => m.nodeDetailsMs, first.nodeDetailsBytes),
    },
  ];
}

export const devicePanelBench: Bench = {
  name: 'device-panel',
  title: 'Device panel: the Summary and the legacy node details of a 48-port switch on the simulated network',
  run,
};
