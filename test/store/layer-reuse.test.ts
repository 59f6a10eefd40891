// A new hour's head layer takes over a closed layer's per-slot arrays (HeadHour.reusing,
// HeadHour.prepared): nothing of the old hour may show through — not its slots' chains, rollups,
// overwrite marks or points — whatever the two hours' slot sets, point counts and arrival orders.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { headAppend } from '../../store/series/head-append.js';
import { HeadHour } from '../../store/series/head-hour.js';
import { headHasSlot, headRead, headRollup } from '../../store/series/head-read.js';
import { openLmdbSeriesStore } from '../../store/series/lmdb-series.js';
import { PointBuffer } from '../../store/series/point-buffer.js';
import type { ChunkRollup } from '../../store/series/chunk-decode.js';

const HOUR = 3_600_000;
const H0 = Date.UTC(2026, 0, 1, 10);

type Layer = [slot: number, offsetMs: number, value: number][];

function fill(h: HeadHour, points: Layer): void {
  for (const [slot, off, v] of points) headAppend(h, slot, off, v);
}

/** slot → its points (offset, value) and rollup, as the layer answers them. */
function answers(h: HeadHour, slots: number): Map<number, { points: [number, number][]; rollup: number[] }> {
  const out = new Map<number, { points: [number, number][]; rollup: number[] }>();
  const r = { count: 0, min: 0, max: 0, sum: 0, last: 0, lastOffsetMs: 0 } as ChunkRollup;
  for (let s = 0; s < slots; s++) {
    if (!headHasSlot(h, s)) continue;
    const b = new PointBuffer();
    headRead(h, s, h.hourStartMs, h.hourStartMs + HOUR, b);
    headRollup(h, s, r);
    out.set(s, { points: Array.from(b.tsMs.subarray(0, b.length), (ts, i) => [ts - h.hourStartMs, b.values[i]!]), rollup: [r.count, r.min, r.max, r.sum, r.last, r.lastOffsetMs] });
  }
  return out;
}

// 20,000 points on slot 0 fill two of a layer's 16k-point pages.
const many: Layer = Array.from({ length: 20_000 }, (_, i) => [0, i, i * 0.5]);
const cases: { name: string; old: Layer; next: Layer; slots: number }[] = [
  { name: 'fewer slots in the new hour', old: [[0, 0, 1], [1, 0, 2], [2, 60_000, 3], [3, 0, 4]], next: [[1, 0, 7]], slots: 4 },
  { name: 'other slots in the new hour', old: [[0, 0, 1], [1, 0, 2]], next: [[2, 0, 9], [3, 120_000, 8]], slots: 4 },
  { name: 'an overwrite and an out-of-order insert in the old hour only', old: [[0, 60_000, 1], [0, 60_000, 5], [0, 0, 2]], next: [[0, 0, 3], [0, 60_000, 4]], slots: 1 },
  { name: 'an out-of-order insert in the new hour only', old: [[0, 0, 1], [0, 60_000, 2]], next: [[0, 120_000, 6], [0, 60_000, 5]], slots: 1 },
  { name: 'more points in the new hour than pages in the old', old: many.slice(0, 17_000), next: many.map(([s, o, v]) => [s, o, v + 1]), slots: 1 },
  { name: 'empty new hour', old: [[0, 0, 1]], next: [], slots: 2 },
];

for (const c of cases) {
  t.test(`HeadHour.reusing: ${c.name}`, async (t) => {
    const old = new HeadHour(H0, c.slots);
    fill(old, c.old);
    const reused = HeadHour.reusing(old, H0 + HOUR, c.slots);
    fill(reused, c.next);
    const fresh = new HeadHour(H0 + HOUR, c.slots);
    fill(fresh, c.next);
    t.same(answers(reused, c.slots), answers(fresh, c.slots), 'the reused layer answers as a fresh one');
    t.equal(reused.points, fresh.points);
  });
}

t.test('HeadHour.reusing a smaller layer makes new slot arrays; HeadHour.prepared starts empty', async (t) => {
  const old = new HeadHour(H0, 2);
  fill(old, [[0, 0, 1], [1, 0, 2]]);
  const reused = HeadHour.reusing(old, H0 + HOUR, 1000);
  t.ok(reused.first.length >= 1000, 'slot arrays made for the larger hour');
  fill(reused, [[999, 0, 3]]);
  t.same([...answers(reused, 1000).keys()], [999]);
  const prepared = HeadHour.reusing(HeadHour.prepared(500), H0, 500);
  t.equal(prepared.points, 0);
  t.same([...answers(prepared, 500).keys()], []);
});

t.test('the store across several hours, each reusing the last closed one, reads back every point', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'layer-reuse-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true, maxRetries: 5 }));
  const store = await openLmdbSeriesStore({ dir, flushIntervalMs: 60_000, closeGraceMs: 0 });
  store.reserveSlots(300);
  // hour h has slots [0, 300 − 100 h) and one point per slot every 10 minutes
  const value = (slot: number, ts: number) => slot + (ts - H0) / 1e6;
  for (let h = 0; h < 3; h++) {
    const n = 300 - 100 * h;
    const slots = Int32Array.from({ length: n }, (_, i) => i);
    for (let m = 0; m < 60; m += 10) {
      const ts = H0 + h * HOUR + m * 60_000;
      store.appendStep(ts, slots, Float64Array.from(slots, (s) => value(s, ts)));
      await store.flush();
    }
  }
  store.appendStep(H0 + 3 * HOUR, Int32Array.of(0), Float64Array.of(value(0, H0 + 3 * HOUR)));
  await store.flush();
  let wrong = 0;
  for (let s = 0; s < 300; s++) {
    const p = store.read(s, H0, H0 + 3 * HOUR - 1);
    const hours = s < 100 ? 3 : s < 200 ? 2 : 1;
    if (p.tsMs.length !== 6 * hours) { wrong++; continue; }
    for (let k = 0; k < p.tsMs.length; k++) if (p.values[k] !== value(s, p.tsMs[k]!)) wrong++;
  }
  t.equal(wrong, 0, 'every slot has exactly its points, in every hour');
  await store.close();
});
