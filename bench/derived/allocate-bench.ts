/**
 * Allocating derived variables' instances (VariableCatalog.allocate / allocateMany as the derived
 * evaluator does it when a plan is built) through the real Inventory over LMDB: N instances of one
 * interface-scope variable on 10 devices of a synthetic generation (N / 10 indexes each), all started
 * at once, then each looked up as the Monitor's catalog does after allocating. Reports the wall time
 * and the longest the event loop was held (a timer asked to fire every 10 ms).
 * Run: `node dist/bench/derived/allocate-bench.js [allocations]` (at most 500,000).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Inventory } from '../../collector/inventory/inventory.js';
import { VariableDefs } from '../../collector/inventory/variable-defs.js';
import type { VariableAllocation } from '../../core/ports/catalog.js';
import { openStoreEnv } from '../../store/lmdb-env.js';
import { LmdbMetaStore } from '../../store/meta/lmdb-meta.js';
import { benchNetwork, syntheticGeneration } from '../memory/synthetic-generation.js';

const N = Math.min(Number(process.argv[2] ?? 200_000), 500_000);
const DEVICES = 10;

const dir = mkdtempSync(join(tmpdir(), 'allocate-bench-'));
const env = openStoreEnv(dir);
try {
  const defs = new VariableDefs();
  defs.define({ name: 'benchDerived', description: 'bench', unit: '', category: 'Derived', type: 'gauge', scope: 'interface' });
  const inventory = new Inventory(new LmdbMetaStore(env), defs);
  await inventory.rebuild(benchNetwork, syntheticGeneration(DEVICES));
  const list: VariableAllocation[] = [];
  for (let k = 0; k < N; k++) list.push({ netId: 1, name: 'benchDerived', deviceId: 1 + (k % DEVICES), index: 1 + Math.floor(k / DEVICES) });

  let lastTick = performance.now();
  let maxGap = 0;
  const timer = setInterval(() => { const now = performance.now(); maxGap = Math.max(maxGap, now - lastTick); lastTick = now; }, 10);
  const t0 = performance.now();
  lastTick = t0;
  const inv = inventory as unknown as {
    allocateMany?: (l: readonly VariableAllocation[]) => Promise<(number | Error)[]>;
    findAllocated?: (netId: number, name: string, deviceId: number, index: number) => unknown;
  };
  let found = 0;
  const lookup = (a: VariableAllocation) => (inv.findAllocated ? inv.findAllocated(a.netId, a.name, a.deviceId, a.index) : inventory.find(a.netId, a.name, a.deviceId, a.index));
  if (inv.allocateMany) {
    const slots = await inv.allocateMany(list);
    slots.forEach((s, k) => { if (!(s instanceof Error) && lookup(list[k]!)) found++; });
  } else {
    await Promise.all(list.map((a) => inventory.allocate(a).then(() => { if (lookup(a)) found++; })));
  }
  const ms = performance.now() - t0;
  const lastGap = performance.now() - lastTick;
  clearInterval(timer);
  console.log(JSON.stringify({
    allocations: N, found, api: inv.allocateMany ? 'allocateMany' : 'allocate', ms: Math.round(ms),
    perAllocationUs: Number((1000 * ms / N).toFixed(2)), longestEventLoopBlockMs: Math.round(Math.max(maxGap, lastGap)),
  }));
} finally {
  env.close();
  rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
}
