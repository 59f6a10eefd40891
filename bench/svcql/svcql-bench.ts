/**
 * The SvcQL benchmark in the harness: parse time of typical queries, and matching three-predicate
 * expressions (name REGEXP, tag facet, numeric comparison) over 1,000,000 variable rows (100,000 at
 * quick scale) on one core. Target ≤ 200 ns per row, judged on CPU time per row (on a shared machine
 * wall time includes waiting for a core). Runs bench/svcql/match.ts in a child pinned to one core.
 */
import { fileURLToPath } from 'node:url';
import type { Bench, BenchOptions, Figure } from '../harness/bench.js';
import { nodeArgs, RESULT, runPinned, serverAndLoadCores } from '../harness/process.js';
import { median } from '../harness/stats.js';
import type { MatchResult } from './match.js';

const SCRIPT = fileURLToPath(new URL('./match.js', import.meta.url));

async function run(o: BenchOptions): Promise<Figure[]> {
  const [cmd, args] = nodeArgs(SCRIPT, [...(o.scale === 'quick' ? ['--quick'] : []), '--result']);
  o.log(`matching ${o.scale === 'quick' ? '100,000' : '1,000,000'} rows`);
  const r = await runPinned(serverAndLoadCores().server, cmd, args, { timeoutMs: 600_000 });
  const line = r.stdout.split('\n').find((l) => l.startsWith(RESULT));
  if (r.code !== 0 || !line) throw new Error(`svcql bench exited with ${r.code}: ${r.stdout.slice(-2000)}`);
  const m = JSON.parse(line.slice(RESULT.length)) as MatchResult;
  const figures: Figure[] = m.matches.map((x) => ({
    name: `match ${x.label}: CPU ns/row over ${m.rows.toLocaleString('en-US')} rows`,
    unit: 'ns',
    samples: x.cpuNsPerRow,
    target: { op: '<=', value: 200 },
    note: `\`${x.expr}\`: ${x.matched.toLocaleString('en-US')} rows match; wall median ${median(x.wallNsPerRow).toFixed(1)} ns/row`,
  }));
  for (const p of m.parses) figures.push({ name: `parse ${p.label} (${p.chars} chars), CPU`, unit: 'µs', samples: [p.cpuUs] });
  return figures;
}

export const svcqlBench: Bench = {
  name: 'svcql',
  title: 'SvcQL: parse time, and matching three-predicate expressions over 1M variable rows on one core',
  run,
};
