import t from 'tap';
import { isAppError } from '../../core/errors.js';
import { decodeChunk, readChunkRollup, type ChunkRollup } from '../../store/chunk-decode.js';
import { encodeChunk } from '../../store/chunk-encode.js';
import { CHUNK_HEADER_BYTES, HOUR_MS } from '../../store/chunk-format.js';
import { headAppend } from '../../store/head-append.js';
import { HeadHour } from '../../store/head-hour.js';
import { headRead } from '../../store/head-read.js';
import { hourRollupView, mergeHourRollup, newRollupDraft, readHourRollup, setDraft } from '../../store/hour-rollup.js';
import { mergeNewestWins, PointBuffer } from '../../store/point-buffer.js';
import { decodeStepBlob, encodeStepBlob } from '../../store/step-blob.js';

const H0 = Date.UTC(2026, 0, 1, 10);
const buf = (pts: [number, number][]) => { const b = new PointBuffer(1); for (const [ts, v] of pts) b.push(ts, v); return b; };
const pts = (b: PointBuffer): [number, number][] => Array.from(b.tsMs.subarray(0, b.length), (ts, i) => [ts, b.values[i]]);
const newRollup = (): ChunkRollup => ({ count: 0, min: 0, max: 0, sum: 0, last: 0, lastOffsetMs: 0 });

t.test('chunk v1: round trip, window, rollup header', async (t) => {
  const cases: { name: string; offsets: number[]; values: number[]; from: number; to: number; want: [number, number][]; rollup: Omit<ChunkRollup, 'lastOffsetMs'> & { lastOffsetMs: number } }[] = [
    { name: 'one point', offsets: [0], values: [1.5], from: H0, to: H0 + HOUR_MS, want: [[H0, 1.5]],
      rollup: { count: 1, min: 1.5, max: 1.5, sum: 1.5, last: 1.5, lastOffsetMs: 0 } },
    { name: 'irregular offsets, negatives, window cuts both ends', offsets: [0, 10_000, 60_000, 3_599_999], values: [-2, 5, 1e300, -0.25],
      from: H0 + 10_000, to: H0 + 60_000, want: [[H0 + 10_000, 5], [H0 + 60_000, 1e300]],
      rollup: { count: 4, min: -2, max: 1e300, sum: 1e300, last: -0.25, lastOffsetMs: 3_599_999 } },
    { name: 'infinities kept', offsets: [1000, 2000], values: [Infinity, -Infinity], from: 0, to: Infinity, want: [[H0 + 1000, Infinity], [H0 + 2000, -Infinity]],
      rollup: { count: 2, min: -Infinity, max: Infinity, sum: NaN, last: -Infinity, lastOffsetMs: 2000 } },
    { name: 'window outside the chunk', offsets: [0, 60_000], values: [1, 2], from: H0 + HOUR_MS, to: H0 + 2 * HOUR_MS, want: [],
      rollup: { count: 2, min: 1, max: 2, sum: 3, last: 2, lastOffsetMs: 60_000 } },
  ];
  for (const c of cases) {
    const bytes = encodeChunk(c.offsets, c.values, c.offsets.length);
    t.equal(bytes.length, CHUNK_HEADER_BYTES + 12 * c.offsets.length, `${c.name}: 12 bytes per point after the header`);
    const out = new PointBuffer(1);
    decodeChunk(bytes, H0, c.from, c.to, out);
    t.same(pts(out), c.want, `${c.name}: points`);
    t.same(readChunkRollup(bytes, newRollup()), c.rollup, `${c.name}: rollup`);
  }
  // A chunk read from a buffer at an odd offset (as LMDB may hand it) decodes the same.
  const bytes = encodeChunk([0, 5], [1, 2], 2);
  const shifted = new Uint8Array(bytes.length + 3);
  shifted.set(bytes, 3);
  const out = new PointBuffer(1);
  decodeChunk(shifted.subarray(3), 0, 0, HOUR_MS, out);
  t.same(pts(out), [[0, 1], [5, 2]], 'unaligned chunk');
  const bad = bytes.slice();
  bad[0] = 99;
  const err = (() => { try { decodeChunk(bad, 0, 0, 1, out); return null; } catch (e) { return e; } })();
  t.ok(isAppError(err) && err.code === 'INTERNAL' && /version 99/.test(err.message), 'unknown version: INTERNAL naming it');
});

t.test('step blob: round trip in append order, duplicates kept', async (t) => {
  const cases = [
    { slots: [], values: [] },
    { slots: [3, 1, 3], values: [1, 2, 3.5] },
    { slots: [0, 2 ** 24 - 1], values: [-1e-300, 7] },
  ];
  for (const c of cases) {
    const got: [number, number][] = [];
    decodeStepBlob(encodeStepBlob(Int32Array.from(c.slots), Float64Array.from(c.values), c.slots.length), (s, v) => got.push([s, v]));
    t.same(got, c.slots.map((s, i) => [s, c.values[i]]), `slots [${c.slots.join(',')}]`);
  }
  const b = encodeStepBlob(Int32Array.of(1), Float64Array.of(1), 1);
  t.throws(() => decodeStepBlob(b.subarray(0, b.length - 1), () => {}), 'truncated blob');
});

t.test('head layer: append, overwrite, out-of-order insert, read', async (t) => {
  const cases: { name: string; appends: [slot: number, offsetMs: number, value: number][]; slot: number; want: [number, number][] }[] = [
    { name: 'in order', appends: [[0, 0, 1], [0, 60_000, 2]], slot: 0, want: [[H0, 1], [H0 + 60_000, 2]] },
    { name: 'overwrite last', appends: [[0, 0, 1], [0, 0, 2]], slot: 0, want: [[H0, 2]] },
    { name: 'insert before first', appends: [[0, 60_000, 2], [0, 0, 1]], slot: 0, want: [[H0, 1], [H0 + 60_000, 2]] },
    { name: 'insert in the middle and overwrite there', appends: [[0, 0, 1], [0, 120_000, 3], [0, 60_000, 2], [0, 60_000, 22]], slot: 0,
      want: [[H0, 1], [H0 + 60_000, 22], [H0 + 120_000, 3]] },
    { name: 'slots apart, slots grow past the initial capacity', appends: [[5000, 0, 1], [1, 0, 2], [5000, 1000, 3]], slot: 5000,
      want: [[H0, 1], [H0 + 1000, 3]] },
    { name: 'slot without points', appends: [[1, 0, 2]], slot: 0, want: [] },
  ];
  for (const c of cases) {
    const h = new HeadHour(H0, 1, 1);
    for (const [s, o, v] of c.appends) headAppend(h, s, o, v);
    const out = new PointBuffer(1);
    headRead(h, c.slot, 0, Infinity, out);
    t.same(pts(out), c.want, c.name);
  }
});

t.test('merge: newest source wins at equal times', async (t) => {
  const out = new PointBuffer(1);
  mergeNewestWins([buf([[1, 1], [3, 3], [5, 5]]), buf([[2, 20], [3, 30]]), buf([[5, 500]])], out);
  t.same(pts(out), [[1, 1], [2, 20], [3, 30], [5, 500]]);
  mergeNewestWins([], out);
  t.same(pts(out), []);
});

t.test('hour rollup: draft, merge with the value on disk, read', async (t) => {
  const r = newRollup();
  const first = newRollupDraft(3);
  setDraft(first, 0, { count: 2, min: 1, max: 2, sum: 3, last: 2, lastOffsetMs: 60_000 });
  setDraft(first, 2, { count: 1, min: 9, max: 9, sum: 9, last: 9, lastOffsetMs: 0 });
  const onDisk = mergeHourRollup(undefined, first);
  const later = newRollupDraft(5);
  setDraft(later, 2, { count: 2, min: 8, max: 9, sum: 17, last: 8, lastOffsetMs: 120_000 });
  setDraft(later, 4, { count: 1, min: 4, max: 4, sum: 4, last: 4, lastOffsetMs: 0 });
  const merged = mergeHourRollup(onDisk, later);
  const { view, slotCount } = hourRollupView(merged);
  t.equal(slotCount, 5);
  const want = [
    { count: 2, min: 1, max: 2, sum: 3, last: 2, lastOffsetMs: 60_000 },
    null,
    { count: 2, min: 8, max: 9, sum: 17, last: 8, lastOffsetMs: 120_000 },
    null,
    { count: 1, min: 4, max: 4, sum: 4, last: 4, lastOffsetMs: 0 },
    null,
  ];
  t.same(want.map((_, slot) => (readHourRollup(view, slotCount, slot, r) ? { ...r } : null)), want);
});
