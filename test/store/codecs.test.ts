import t from 'tap';
import { isAppError } from '../../core/errors.js';
import { BitWriter, ByteBitReader } from '../../store/series/bit-stream.js';
import { TIME_DOD, TIME_GRID, TIME_REGULAR } from '../../store/series/chunk-time.js';
import { VALUE_CONSTANT, VALUE_DECIMAL, VALUE_XOR } from '../../store/series/chunk-values.js';
import { decodeChunk, readChunkRollup, type ChunkRollup } from '../../store/series/chunk-decode.js';
import { encodeChunk, encodeChunkV1, encodeChunkV2 } from '../../store/series/chunk-encode.js';
import { CHUNK_HEADER_BYTES, HOUR_MS } from '../../store/series/chunk-format.js';
import { headAppend } from '../../store/series/head-append.js';
import { HeadHour } from '../../store/series/head-hour.js';
import { headRead } from '../../store/series/head-read.js';
import { decodeHourRollup, mergeHourRollup, newRollupDraft, readRollupEntry, setDraft, slotCountOf } from '../../store/series/hour-rollup.js';
import { mergeNewestWins, PointBuffer } from '../../store/series/point-buffer.js';
import { prng } from './series-conformance.js';
import { decodeStepBlob, encodeStepBlob } from '../../store/series/step-blob.js';

const H0 = Date.UTC(2026, 0, 1, 10);
const buf = (pts: [number, number][]) => { const b = new PointBuffer(1); for (const [ts, v] of pts) b.push(ts, v); return b; };
const pts = (b: PointBuffer): [number, number][] => Array.from(b.tsMs.subarray(0, b.length), (ts, i) => [ts, b.values[i]]);
const newRollup = (): ChunkRollup => ({ count: 0, min: 0, max: 0, sum: 0, last: 0, lastOffsetMs: 0 });

for (const [version, encode] of [[1, encodeChunkV1], [2, encodeChunkV2], [3, encodeChunk]] as const) t.test(`chunk v${version}: round trip, window, rollup header`, async (t) => {
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
    const bytes = encode(c.offsets, c.values, c.offsets.length);
    t.equal(bytes[0], version, `${c.name}: version byte`);
    if (version === 1) t.equal(bytes.length, CHUNK_HEADER_BYTES + 12 * c.offsets.length, `${c.name}: 12 bytes per point after the header`);
    const out = new PointBuffer(1);
    decodeChunk(bytes, H0, c.from, c.to, out);
    t.same(pts(out), c.want, `${c.name}: points`);
    t.same(readChunkRollup(bytes, newRollup()), c.rollup, `${c.name}: rollup`);
  }
  // A chunk read from a buffer at an odd offset (as LMDB may hand it) decodes the same.
  const bytes = encode([0, 5], [1, 2], 2);
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

/** Value shapes the compressed encoding must reproduce bit for bit, with a size bound each on a regular 1-min grid. */
const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);
const shapes: { name: string; value: (i: number, rnd: () => number) => number; maxBytesPerPoint: number }[] = [
  { name: 'constant', value: () => 42.5, maxBytesPerPoint: 1 },
  { name: 'zeros and negative zeros', value: (i) => (i % 3 === 0 ? -0 : 0), maxBytesPerPoint: 4 },
  { name: 'small integers (counters, states)', value: (_, r) => Math.floor(r() * 8), maxBytesPerPoint: 4 },
  { name: 'slow ramp', value: (i) => 1000 + i * 0.5, maxBytesPerPoint: 4 },
  { name: 'noisy rates', value: (_, r) => r() * 1e9, maxBytesPerPoint: 9 },
  { name: 'random bit patterns (subnormals, huge, infinities)', value: (_, r) => {
    do { u32[0] = r() * 2 ** 32; u32[1] = r() * 2 ** 32; } while (Number.isNaN(f64[0]));
    return f64[0];
  }, maxBytesPerPoint: 10 },
  { name: 'extremes', value: (i) => [Number.MAX_VALUE, -Number.MIN_VALUE, Infinity, -Infinity, 5e-324, 1][i % 6], maxBytesPerPoint: 10 },
];
const grids: { name: string; offsets: (rnd: () => number) => number[] }[] = [
  { name: '1-min grid', offsets: () => Array.from({ length: 60 }, (_, i) => i * 60_000) },
  { name: '10-s grid with gaps', offsets: (r) => Array.from({ length: 360 }, (_, i) => i * 10_000).filter(() => r() > 0.2) },
  { name: 'irregular, big jumps, last ms of the hour', offsets: (r) => {
    const o: number[] = [0];
    while (o.length < 200) { const next = o[o.length - 1] + 1 + Math.floor(r() ** 4 * 100_000); if (next >= HOUR_MS) break; o.push(next); }
    o[o.length - 1] = HOUR_MS - 1;
    return [...new Set(o)].sort((a, b) => a - b);
  } },
  { name: 'single point at the end', offsets: () => [HOUR_MS - 1] },
];

for (const [version, encode, headerBytes] of [[2, encodeChunkV2, CHUNK_HEADER_BYTES], [3, encodeChunk, 0]] as const) t.test(`chunk v${version}: bit-exact round trips and sizes`, async (t) => {
  const rnd = prng(9);
  for (const g of grids) for (const sh of shapes) {
    const offsets = g.offsets(rnd);
    const values = offsets.map((_, i) => sh.value(i, rnd));
    const bytes = encode(offsets, values, offsets.length);
    const out = new PointBuffer(1);
    decodeChunk(bytes, H0, 0, Infinity, out);
    const exact = out.length === offsets.length && offsets.every((o, i) => out.tsMs[i] === H0 + o && Object.is(out.values[i], values[i]));
    t.ok(exact, `${g.name}, ${sh.name}: ${offsets.length} points decode exactly`);
    const perPoint = (bytes.length - headerBytes) / offsets.length;
    // On the regular grid the shape's bound; anywhere, never much worse than the plain encoding.
    const bound = g.name === '1-min grid' ? sh.maxBytesPerPoint : 12;
    if (offsets.length >= 50) t.ok(perPoint <= bound, `${g.name}, ${sh.name}: ${perPoint.toFixed(2)} ≤ ${bound} bytes/point`);
    // A window in the middle.
    const mid = Math.floor(offsets.length / 2);
    out.clear();
    decodeChunk(bytes, H0, H0 + offsets[mid], H0 + offsets[mid], out);
    t.ok(out.length === 1 && Object.is(out.values[0], values[mid]), `${g.name}, ${sh.name}: a one-point window`);
  }
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
    const h = new HeadHour(H0, 1);
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
  const slotCount = slotCountOf(merged);
  const table = decodeHourRollup(merged);
  t.equal(slotCount, 5);
  const want = [
    { count: 2, min: 1, max: 2, sum: 3, last: 2, lastOffsetMs: 60_000 },
    null,
    { count: 2, min: 8, max: 9, sum: 17, last: 8, lastOffsetMs: 120_000 },
    null,
    { count: 1, min: 4, max: 4, sum: 4, last: 4, lastOffsetMs: 0 },
    null,
  ];
  t.same(want.map((_, slot) => (readRollupEntry(table, slotCount, slot, r) ? { ...r } : null)), want);
});

/** The mode a version-3 chunk chose: [time mode, value mode] from its second byte. */
const modesOf = (bytes: Uint8Array): [number, number] => [bytes[1] & 3, (bytes[1] >>> 2) & 3];

t.test('chunk v3: value column mode per value class, edge values bit-exact', async (t) => {
  const grid = (n: number) => Array.from({ length: n }, (_, i) => i * 60_000);
  const cases: { name: string; values: number[]; mode: number; maxBytes?: number }[] = [
    { name: 'constant', values: Array(60).fill(42.5), mode: VALUE_CONSTANT, maxBytes: 20 },
    { name: 'constant zero', values: Array(60).fill(0), mode: VALUE_CONSTANT, maxBytes: 20 },
    { name: 'constant -0 (not +0)', values: Array(60).fill(-0), mode: VALUE_CONSTANT, maxBytes: 20 },
    { name: 'constant +Infinity', values: Array(60).fill(Infinity), mode: VALUE_CONSTANT, maxBytes: 20 },
    { name: 'constant subnormal', values: Array(60).fill(5e-324), mode: VALUE_CONSTANT, maxBytes: 20 },
    { name: 'one point', values: [3.25], mode: VALUE_CONSTANT },
    { name: 'status changing rarely', values: grid(60).map((_, i) => (i < 20 ? 1 : i < 50 ? 2 : 7)), mode: VALUE_DECIMAL, maxBytes: 40 },
    { name: 'gauge with 2 decimals', values: grid(60).map((_, i) => Math.round((40 + 10 * Math.sin(i / 7)) * 100) / 100), mode: VALUE_DECIMAL, maxBytes: 150 },
    { name: 'negative decimals and zero', values: [-0.5, 0, 12.75, -1e6, 0.001], mode: VALUE_DECIMAL },
    { name: 'six decimals', values: [1.000001, 2.5, -3.123456], mode: VALUE_DECIMAL },
    { name: 'integers near the scaled bound', values: [2 ** 50 - 1, -(2 ** 50 - 1), 0], mode: VALUE_DECIMAL },
    { name: 'integer past the scaled bound', values: [2 ** 50, 1], mode: VALUE_XOR },
    { name: 'a -0 among decimals', values: [1.5, -0, 2], mode: VALUE_XOR },
    { name: 'seven decimals', values: [1.0000001, 2], mode: VALUE_XOR },
    { name: 'full-precision floats', values: [Math.PI, Math.E, 1 / 3], mode: VALUE_XOR },
    { name: 'infinities among decimals', values: [1, Infinity, -Infinity, 2], mode: VALUE_XOR },
    { name: 'subnormals and extremes', values: [5e-324, -2.2250738585072e-308, Number.MAX_VALUE, -Number.MAX_VALUE, Number.MIN_VALUE], mode: VALUE_XOR },
    { name: 'huge and tiny magnitudes', values: [1e300, 1e-300, -1e308, 1e-10], mode: VALUE_XOR },
  ];
  for (const c of cases) {
    const offsets = grid(c.values.length);
    const bytes = encodeChunk(offsets, c.values, c.values.length);
    t.equal(modesOf(bytes)[1], c.mode, `${c.name}: value mode`);
    const out = new PointBuffer(1);
    decodeChunk(bytes, H0, 0, Infinity, out);
    const exact = out.length === c.values.length && c.values.every((v, i) => out.tsMs[i] === H0 + offsets[i] && Object.is(out.values[i], v));
    t.ok(exact, `${c.name}: bit-exact`);
    if (c.maxBytes !== undefined) t.ok(bytes.length <= c.maxBytes, `${c.name}: ${bytes.length} ≤ ${c.maxBytes} bytes`);
    t.same(readChunkRollup(bytes, newRollup()).count, c.values.length, `${c.name}: rollup count`);
  }
});

t.test('chunk v3: time column mode per grid shape', async (t) => {
  const cases: { name: string; offsets: number[]; mode: number }[] = [
    { name: 'one point at 0', offsets: [0], mode: TIME_REGULAR },
    { name: 'one point at the last ms', offsets: [HOUR_MS - 1], mode: TIME_REGULAR },
    { name: 'regular 1-min grid', offsets: Array.from({ length: 60 }, (_, i) => i * 60_000), mode: TIME_REGULAR },
    { name: 'regular grid not starting at 0', offsets: [30_000, 40_000, 50_000], mode: TIME_REGULAR },
    { name: 'two points far apart', offsets: [0, HOUR_MS - 1], mode: TIME_REGULAR },
    { name: 'grid with one gap', offsets: [0, 60_000, 180_000, 240_000], mode: TIME_GRID },
    { name: 'grid with many gaps', offsets: Array.from({ length: 360 }, (_, i) => i * 10_000).filter((_, i) => i % 3 !== 1), mode: TIME_GRID },
    { name: 'sparse grid', offsets: [0, 1000, 3_000_000], mode: TIME_DOD },
    { name: 'irregular', offsets: [0, 7, 1000, 1001, 3_599_999], mode: TIME_DOD },
  ];
  for (const c of cases) {
    const values = c.offsets.map((_, i) => i * 1.5);
    const bytes = encodeChunk(c.offsets, values, c.offsets.length);
    t.equal(modesOf(bytes)[0], c.mode, `${c.name}: time mode`);
    const out = new PointBuffer(1);
    decodeChunk(bytes, H0, 0, Infinity, out);
    t.same(pts(out), c.offsets.map((o, i) => [H0 + o, values[i]]), `${c.name}: points`);
  }
  t.ok(encodeChunk(Array.from({ length: 60 }, (_, i) => i * 60_000), Array(60).fill(1), 60).length <= 20, 'constant on a regular grid: ≤ 20 bytes');
});

t.test('bit stream: wide numbers and big-endian bytes cut short round trip', async (t) => {
  const cases: [value: number, bits: number][] = [[0, 1], [1, 1], [5, 3], [2 ** 32 - 1, 32], [2 ** 32, 33], [2 ** 53 - 1, 53], [123_456_789_012, 40], [0, 0]];
  const w = new BitWriter(1);
  w.reset();
  for (const [v, n] of cases) w.writeWide(v, n);
  const bytes = new Uint8Array(Math.ceil(w.bitLength / 8));
  w.copyBytesBE(bytes, 0);
  t.equal(bytes.length, Math.ceil(cases.reduce((a, [, n]) => a + n, 0) / 8), 'no padding to a word');
  const r = new ByteBitReader().reset(bytes, 0);
  t.same(cases.map(([, n]) => r.readWide(n)), cases.map(([v]) => v));
});

t.test('hour rollup: entries round trip bit for bit, constant hours compact, version 1 still read', async (t) => {
  const cases: { name: string; entry: ChunkRollup; maxBytes: number }[] = [
    { name: 'constant hour', entry: { count: 60, min: 42.5, max: 42.5, sum: 42.5 * 60, last: 42.5, lastOffsetMs: 3_540_000 }, maxBytes: 14 },
    { name: 'constant zero', entry: { count: 60, min: 0, max: 0, sum: 0, last: 0, lastOffsetMs: 3_540_000 }, maxBytes: 14 },
    { name: 'sum not last × count (rounding)', entry: { count: 3, min: 0.1, max: 0.1, sum: 0.1 + 0.1 + 0.1, last: 0.1, lastOffsetMs: 2 }, maxBytes: 22 },
    { name: '-0 min with a +0 last', entry: { count: 2, min: -0, max: 0, sum: 0, last: 0, lastOffsetMs: 1000 }, maxBytes: 30 },
    { name: 'NaN sum of infinities', entry: { count: 2, min: -Infinity, max: Infinity, sum: NaN, last: Infinity, lastOffsetMs: 0 }, maxBytes: 40 },
    { name: 'varying hour, big count and offset', entry: { count: 3_600_000, min: -1e300, max: 5e-324, sum: 12.25, last: 1, lastOffsetMs: 3_599_999 }, maxBytes: 42 },
  ];
  const r = newRollup();
  for (const c of cases) {
    const draft = newRollupDraft(2);
    setDraft(draft, 1, c.entry);
    const bytes = mergeHourRollup(undefined, draft);
    t.ok(bytes.length - 8 - 1 <= c.maxBytes, `${c.name}: ${bytes.length - 9} ≤ ${c.maxBytes} bytes`);
    const table = decodeHourRollup(bytes);
    t.notOk(readRollupEntry(table, 2, 0, r), `${c.name}: absent slot`);
    t.ok(readRollupEntry(table, 2, 1, r), `${c.name}: present slot`);
    const same = (Object.keys(c.entry) as (keyof ChunkRollup)[]).every((k) => Object.is(r[k], c.entry[k]));
    t.ok(same, `${c.name}: bit-exact entry`);
  }
  // A version-1 value (six f64 per slot) decodes too.
  const v1 = new Uint8Array(8 + 2 * 48);
  v1[0] = 1;
  const view = new DataView(v1.buffer);
  view.setUint32(4, 2, true);
  [3, 1, 5, 9, 5, 120_000].forEach((x, i) => view.setFloat64(8 + 48 + i * 8, x, true));
  const table = decodeHourRollup(v1);
  t.ok(readRollupEntry(table, slotCountOf(v1), 1, r) && r.count === 3 && r.sum === 9 && r.lastOffsetMs === 120_000, 'version 1 entry');
  t.notOk(readRollupEntry(table, slotCountOf(v1), 0, r), 'version 1 absent slot');
  t.throws(() => decodeHourRollup(mergeHourRollup(undefined, (() => { const d = newRollupDraft(1); d[0] = 5; return d; })()).subarray(0, 10)), 'truncated value');
});
