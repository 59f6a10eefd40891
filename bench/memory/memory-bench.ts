/**
 * Memory benchmark (project issue #4, item 5): resident bytes per variable of the collector's
 * in-memory structures for a simulated inventory of 100k and 1M variables, excluding the series
 * head window. Each measurement runs in a fresh `node --expose-gc` process (bench/memory/measure.ts)
 * after a separate process has written the slot map to a temporary LMDB store. The figure is the
 * RSS growth from before the discovery generation is built to after the last structure, divided by
 * the number of variables; the heap figure (V8 heap used + external) and the per-stage breakdown
 * are reported beside it. The target figure is taken with V8's young generation already at its
 * working size (as in a running server; measure.ts warmYoungGeneration); the same measurement from
 * a cold young generation is reported beside it, with no target.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Bench, BenchOptions, Figure } from '../harness/bench.js';
import { nodeArgs, RESULT, runPinned } from '../harness/process.js';
import type { MemoryResult } from './measure.js';

const SCRIPT = fileURLToPath(new URL('./measure.js', import.meta.url));

async function child<T>(args: string[], timeoutMs: number): Promise<T> {
  const [cmd, a] = nodeArgs(SCRIPT, args, ['--expose-gc']);
  const r = await runPinned(undefined, cmd, a, { timeoutMs, passStderr: true });
  const line = r.stdout.split('\n').find((l) => l.startsWith(RESULT));
  if (r.code !== 0 || !line) throw new Error(`memory measurement exited with ${r.code}: ${r.stdout}`);
  return JSON.parse(line.slice(RESULT.length)) as T;
}

async function measureOnce(variables: number): Promise<{ warm: MemoryResult; cold: MemoryResult }> {
  // No dot in the name: lmdb-js takes a path with an extension for a file, not a directory.
  const dir = mkdtempSync(join(tmpdir(), 'memory-bench-'));
  try {
    await child(['--prepare', '--vars', String(variables), '--dir', dir], 600_000);
    const warm = await child<MemoryResult>(['--vars', String(variables), '--dir', dir], 600_000);
    const cold = await child<MemoryResult>(['--vars', String(variables), '--dir', dir, '--cold'], 600_000);
    return { warm, cold };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const perVar = (bytes: number, r: MemoryResult) => Math.round(bytes / r.variables);

/** `stage: RSS 123 / heap 45 B/var; …` for the notes under the table. */
export function breakdown(r: MemoryResult): string {
  const stages = r.stages.map((s) => `${s.stage.split(' (')[0]} RSS ${perVar(s.rss, r)} (file-backed ${perVar(s.rssFile, r)}) / heap ${perVar(s.heap, r)} (V8 heap reserved ${perVar(s.heapCommitted, r)})`);
  const parts = r.inventoryParts.map((p) => `${p.part.split(' (')[0]} ${perVar(p.heap, r)}`);
  const mb = (b: number) => (b / 1e6).toFixed(1);
  return `${r.variables.toLocaleString('en-US')} variables on ${r.devices} devices, ring/state capacity ${r.slotCapacity}, ` +
    `${r.threads} poll threads; V8 new space ${mb(r.newSpaceAtStart)} MB at the start, ${mb(r.newSpaceAtEnd)} MB at the end; ` +
    `per stage, bytes/variable: ${stages.join('; ')}. Inventory by part, bytes/variable: ${parts.join('; ')}. ` +
    `Inventory.rebuild took ${r.rebuildMs} ms.`;
}

async function run(o: BenchOptions): Promise<Figure[]> {
  const sizes = o.scale === 'full' ? [100_000, 1_000_000] : [100_000];
  const reps = o.scale === 'full' ? 2 : 1;
  const figures: Figure[] = [];
  for (const n of sizes) {
    const results: MemoryResult[] = [], colds: MemoryResult[] = [];
    for (let r = 0; r < reps; r++) {
      o.log(`measuring ${n} variables (${r + 1}/${reps})`);
      const x = await measureOnce(n);
      results.push(x.warm);
      colds.push(x.cold);
      o.log(`${x.warm.variables} variables: RSS ${perVar(x.warm.total.rss, x.warm)} B/var (cold young generation: ${perVar(x.cold.total.rss, x.cold)}), heap ${perVar(x.warm.total.heap, x.warm)} B/var`);
    }
    const label = n >= 1e6 ? `${n / 1e6}M` : `${n / 1e3}k`;
    figures.push(
      { name: `resident bytes/variable at ${label}`, unit: 'B', samples: results.map((x) => x.total.rss / x.variables), target: { op: '<=', value: 300 }, note: breakdown(results[0]!) },
      { name: `heap bytes/variable at ${label}`, unit: 'B', samples: results.map((x) => x.total.heap / x.variables) },
      { name: `resident bytes/variable at ${label}, cold V8 young generation`, unit: 'B', samples: colds.map((x) => x.total.rss / x.variables), note: breakdown(colds[0]!) },
    );
  }
  return figures;
}

export const memoryBench: Bench = {
  name: 'memory',
  title: 'resident bytes per variable of the collector structures (simulated inventory, no series head)',
  run,
};
