import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { openStoreEnv } from '../../store/lmdb-env.js';
import { LmdbMetaStore } from '../../store/meta/lmdb-meta.js';
import { openLmdbSeriesStore } from '../../store/series/lmdb-series.js';
import { MemoryMetaStore } from '../../store/meta/memory-meta.js';
import { MemorySeriesStore } from '../../store/series/memory-series.js';
import { metaConformance } from './meta-conformance.js';
import { seriesConformance } from './series-conformance.js';

const dirs: string[] = [];
const tempDir = () => { const d = mkdtempSync(join(tmpdir(), 'store-conf-')); dirs.push(d); return d; };
t.teardown(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });

await seriesConformance(t, 'memory', async () => new MemorySeriesStore());
await seriesConformance(t, 'lmdb', () => openLmdbSeriesStore({ dir: tempDir(), flushIntervalMs: 60_000 }));
await seriesConformance(t, 'lmdb, no close grace', () => openLmdbSeriesStore({ dir: tempDir(), flushIntervalMs: 60_000, closeGraceMs: 0 }));
await seriesConformance(t, 'lmdb, hours closed in slices of 3 points', () => openLmdbSeriesStore({ dir: tempDir(), flushIntervalMs: 60_000, closeSlicePoints: 3 }));

await metaConformance(t, 'memory', async () => new MemoryMetaStore());
await metaConformance(t, 'lmdb', async () => {
  const env = openStoreEnv(tempDir());
  const meta = new LmdbMetaStore(env);
  return { ...bind(meta), close: async () => { await meta.close(); await env.close(); } };
});

/** The store's methods bound, so that close can be replaced to close the environment too. */
function bind(m: LmdbMetaStore) {
  return {
    get: m.get.bind(m), put: m.put.bind(m), remove: m.remove.bind(m), range: m.range.bind(m),
    transaction: m.transaction.bind(m), update: m.update.bind(m),
  };
}
