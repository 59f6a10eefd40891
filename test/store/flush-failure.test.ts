import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { isAppError } from '../../core/errors.js';
import { openStoreEnv, type StoreEnv } from '../../store/lmdb-env.js';
import { openLmdbSeriesStore } from '../../store/series/lmdb-series.js';
import { MemorySeriesStore } from '../../store/series/memory-series.js';
import type { SeriesStore } from '../../store/series/series.js';
import { H, M, prng, T0 } from './series-conformance.js';

const dirs: string[] = [];
t.teardown(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });

/** A real environment whose chosen write transactions fail before running (nothing committed). */
function failingEnv(env: StoreEnv, failWrites: Set<number>): StoreEnv & { writes: number; failed: number } {
  const e = {
    ...env,
    writes: 0,
    failed: 0,
    write: (fn: () => void, durable?: boolean) => {
      const n = e.writes++;
      if (failWrites.has(n)) { e.failed++; return Promise.reject(new Error(`write ${n} failed (test)`)); }
      return env.write(fn, durable);
    },
  };
  return e;
}

function sameAs(store: SeriesStore, ref: SeriesStore): number {
  let bad = 0;
  for (let slot = 0; slot < 20; slot++) {
    const a = store.read(slot, 0, T0 + 10 * H), b = ref.read(slot, 0, T0 + 10 * H);
    if (JSON.stringify([...a.tsMs, ...a.values]) !== JSON.stringify([...b.tsMs, ...b.values])) bad++;
  }
  return bad;
}

const cases = [
  { name: 'a step-blob write fails', failWrites: [1] },
  { name: 'several writes in a row fail, across an hour close', failWrites: [5, 6, 7, 8] },
  { name: 'every other write fails', failWrites: [2, 4, 6, 8, 10, 12, 14, 16, 18, 20] },
];

for (const c of cases) {
  t.test(`flush failures are retried: ${c.name}`, async (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'store-fail-'));
    dirs.push(dir);
    const real = openStoreEnv(dir);
    const env = failingEnv(real, new Set(c.failWrites));
    const store = await openLmdbSeriesStore({ env, flushIntervalMs: 60_000, closeSlicePoints: 50 });
    const ref = new MemorySeriesStore();
    const rnd = prng(3);
    let rejected = 0;
    for (let k = 0; k < 3 * 60; k++) {
      const slots = Int32Array.from({ length: 20 }, (_, i) => i);
      const values = Float64Array.from(slots, () => Math.floor(rnd() * 100));
      const at = T0 + k * M - (rnd() < 0.05 ? H : 0);
      store.appendStep(at, slots, values);
      ref.appendStep(at, slots, values);
      if (k % 10 === 9) {
        await store.flush().catch((err: unknown) => { rejected++; t.ok(isAppError(err) && err.code === 'STORE_WRITE_FAILED', 'a failed flush rejects with STORE_WRITE_FAILED'); });
        t.equal(sameAs(store, ref), 0, `reads stay right after flush ${k}`);
      }
    }
    for (let i = 0; i < 5; i++) await store.flush().catch(() => { rejected++; });
    t.ok(rejected > 0, `${rejected} flushes rejected`);
    t.ok(env.failed > 0, `${env.failed} writes failed`);
    t.equal(sameAs(store, ref), 0, 'all data readable after the retries');
    await store.close();
    await real.close();
    const again = await openLmdbSeriesStore({ dir, flushIntervalMs: 60_000 });
    t.equal(sameAs(again, ref), 0, 'and after reopening');
    await again.close();
  });
}
