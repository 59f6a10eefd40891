/**
 * The maps benchmark in the harness: bench/maps/measure.ts in a child pinned to the server core,
 * three times at full scale (once at quick scale). Targets (issue 10): the map of a view over a
 * 5,000-device, 10,000-link generation p99 ≤ 50 ms, taken on the map rebuilt after each change of
 * one coordinate (the rules' results cached per generation, the answer not); a preview with rules
 * p99 ≤ 100 ms (each call a new device rule); layout=auto of 1,000 devices ≤ 1 s (slowest run).
 */
import { fileURLToPath } from 'node:url';
import type { Bench, BenchOptions, Figure } from '../harness/bench.js';
import { nodeArgs, RESULT, runPinned, serverAndLoadCores } from '../harness/process.js';
import { max, median, percentile } from '../harness/stats.js';
import type { MapsResult } from './measure.js';

const SCRIPT = fileURLToPath(new URL('./measure.js', import.meta.url));

async function run(o: BenchOptions): Promise<Figure[]> {
  const reps = o.scale === 'quick' ? 1 : 3;
  const results: MapsResult[] = [];
  for (let r = 0; r < reps; r++) {
    const [cmd, args] = nodeArgs(SCRIPT, [...(o.scale === 'quick' ? ['--quick'] : []), '--result']);
    o.log(`rep ${r + 1}/${reps}`);
    const out = await runPinned(serverAndLoadCores().server, cmd, args, { timeoutMs: 600_000 });
    const line = out.stdout.split('\n').find((l) => l.startsWith(RESULT));
    if (out.code !== 0 || !line) throw new Error(`maps bench exited with ${out.code}: ${out.stdout.slice(-2000)}`);
    results.push(JSON.parse(line.slice(RESULT.length)) as MapsResult);
  }
  const first = results[0]!;
  const size = `${first.devices.toLocaleString('en-US')} devices / ${first.links.toLocaleString('en-US')} links`;
  const p = (pick: (m: MapsResult) => number[], q: number) => results.map((m) => percentile(pick(m), q));
  const cpuNote = (pick: (m: MapsResult) => number[]) => `CPU median ${median(results.map((m) => median(pick(m)))).toFixed(1)} ms, p99 ${median(p(pick, 99)).toFixed(1)} ms`;
  return [
    {
      name: `map of ${size} after a coordinate change p99`, unit: 'ms', samples: p((m) => m.mapAfterMove.wallMs, 99), target: { op: '<=', value: 50 },
      note: `view: every 20th device matches, adjacent and connecting (${first.mapBytes.toLocaleString('en-US')}-byte answer); each GET follows a PUT of one device's coordinates, so the answer is rebuilt (rules' results cached); ${cpuNote((m) => m.mapAfterMove.cpuMs)}`,
    },
    { name: `map of ${size} after a coordinate change p50`, unit: 'ms', samples: p((m) => m.mapAfterMove.wallMs, 50) },
    { name: `map of ${size} repeated (answer cached) p99`, unit: 'ms', samples: p((m) => m.map.wallMs, 99) },
    {
      name: `map of ${size} first call`, unit: 'ms', samples: results.map((m) => m.mapFirst.wallMs[0]!),
      note: `rules evaluated over the generation, connecting searched from ${Math.floor(first.devices / 20)} matching devices; ${cpuNote((m) => m.mapFirst.cpuMs)}`,
    },
    {
      name: `preview with rules over ${size} p99`, unit: 'ms', samples: p((m) => m.preview.wallMs, 99), target: { op: '<=', value: 100 },
      note: `each call a new rule \`id BETWEEN a AND a+99\`, linkRule \`ifRole != 'Access'\`, adjacent, connecting, hide (median ${first.previewDevicesMedian} devices shown); ${cpuNote((m) => m.preview.cpuMs)}`,
    },
    { name: `preview with rules over ${size} p50`, unit: 'ms', samples: p((m) => m.preview.wallMs, 50) },
    {
      name: `layout=auto of ${first.layoutDevices.toLocaleString('en-US')} devices (slowest run)`, unit: 'ms', samples: results.map((m) => max(m.layout.wallMs)),
      target: { op: '<=', value: 1000 },
      note: `2,000 links, every device on the map; the whole call (map, layout, store, answer); ${cpuNote((m) => m.layout.cpuMs)}`,
    },
  ];
}

export const mapsBench: Bench = {
  name: 'maps',
  title: 'Maps: a view over 5,000 devices / 10,000 links (map, preview with rules) and layout=auto of 1,000 devices',
  run,
};
