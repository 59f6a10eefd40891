// expire/variables' store read (services/operations/operations.ts slotsWithoutPoints): which slots have no
// point in the window, asked with one store rollup per batch of slots (never a `last` per slot).
import t from 'tap';
import { EXPIRE_BATCH_SLOTS, slotsWithoutPoints } from '../../../services/operations/operations.js';
import { MemorySeriesStore } from '../../../store/series/memory-series.js';
import type { SeriesStore } from '../../../store/series/series.js';

const H = 3_600_000;
const NOW = Date.UTC(2026, 0, 10, 12, 30);

t.test('slots without a point in [from, to], in batches of rollups', async (t) => {
  const store = new MemorySeriesStore();
  const n = 2 * EXPIRE_BATCH_SLOTS + 17;
  const slots = Array.from({ length: n }, (_, i) => 100 + i);
  // Slot kind by i % 4: 0 a recent point, 1 only an old point, 2 no point at all, 3 a point exactly at `from`.
  const fromMs = NOW - 24 * H;
  for (let i = 0; i < n; i++) {
    const ts = [NOW - H, NOW - 48 * H, NaN, fromMs][i % 4]!;
    if (!Number.isNaN(ts)) store.appendStep(ts, Int32Array.of(slots[i]!), Float64Array.of(1));
  }
  const expected = new Set(slots.filter((_, i) => i % 4 === 1 || i % 4 === 2));
  let rollups = 0, lasts = 0;
  const counting: SeriesStore = Object.assign(Object.create(store) as SeriesStore, {
    rollup: (s: ArrayLike<number>, f: number, to: number) => { rollups++; t.ok(s.length <= EXPIRE_BATCH_SLOTS, 'a batch at most EXPIRE_BATCH_SLOTS'); return store.rollup(s, f, to); },
    last: (s: number, f: number, to: number) => { lasts++; return store.last(s, f, to); },
  });
  const stale = await slotsWithoutPoints(counting, slots, fromMs, NOW + 1);
  t.same([...stale].sort((a, b) => a - b), [...expected].sort((a, b) => a - b), 'the slots with only old points or none');
  t.equal(rollups, Math.ceil(n / EXPIRE_BATCH_SLOTS), 'one rollup per batch');
  t.equal(lasts, 0, 'no per-slot last');
  t.same([...(await slotsWithoutPoints(counting, [], fromMs, NOW))], [], 'no slots: none');
});
