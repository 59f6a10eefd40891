import t from 'tap';
import { decodeChunk } from '../../store/series/chunk-decode.js';
import { encodeChunk, encodeChunkV1, encodeChunkV2 } from '../../store/series/chunk-encode.js';
import { CHUNK_V3, HOUR_MS } from '../../store/series/chunk-format.js';
import { headAppend } from '../../store/series/head-append.js';
import { HeadHour } from '../../store/series/head-hour.js';
import { CloseScratch, closeHourSlice, finishHourClose } from '../../store/series/hour-close.js';
import { decodeHourRollup, encodeHourRollup, newRollupDraft, readRollupEntry, setDraft, slotCountOf } from '../../store/series/hour-rollup.js';
import type { BinaryTable, EnvKey } from '../../store/lmdb-env.js';
import { PointBuffer } from '../../store/series/point-buffer.js';

const H0 = Date.UTC(2026, 0, 1, 10);

/**
 * An in-memory BinaryTable (our own interface): keys compared as their JSON text, range options
 * ignored — enough for these tests, whose tables hold at most one key before a close.
 */
function memoryTable(): BinaryTable & { map: Map<string, Uint8Array> } {
  const map = new Map<string, Uint8Array>();
  const k = (key: EnvKey) => JSON.stringify(key);
  return {
    map,
    getBytes: (key) => map.get(k(key)),
    put: (key, bytes) => { map.set(k(key), bytes.slice()); },
    remove: (key) => { map.delete(k(key)); },
    entries: () => [...map].map(([key, value]) => ({ key: JSON.parse(key) as EnvKey, value })),
    keys: () => [...map.keys()].map((key) => JSON.parse(key) as EnvKey),
    usedBytes: () => 0,
  };
}

const pts = (b: PointBuffer): [number, number][] => Array.from(b.tsMs.subarray(0, b.length), (ts, i) => [ts, b.values[i]]);

t.test('closing a layer over chunks of every version merges them, writes version 3 and the hour rollup', async (t) => {
  const onDisk: [offsets: number[], values: number[]] = [[0, 60_000, 120_000], [1.5, 2.5, 3.5]];
  const cases: { name: string; encode?: (o: number[], v: number[], n: number) => Uint8Array }[] = [
    { name: 'no chunk on disk' },
    { name: 'version-1 chunk on disk', encode: encodeChunkV1 },
    { name: 'version-2 chunk on disk', encode: encodeChunkV2 },
    { name: 'version-3 chunk on disk', encode: encodeChunk },
  ];
  for (const c of cases) {
    const chunks = memoryTable();
    if (c.encode) chunks.put([H0, 3], c.encode(onDisk[0], onDisk[1], 3));
    const layer = new HeadHour(H0, 1);
    headAppend(layer, 3, 60_000, 20); // overwrites the disk's point at 60 s
    headAppend(layer, 3, 180_000, -0);
    headAppend(layer, 5, 0, 7);
    const draft = newRollupDraft(layer.slotLimit);
    const r = closeHourSlice(layer, 0, 1_000_000, chunks, draft, new CloseScratch());
    t.same(r, { nextSlot: 6, chunks: 2 }, `${c.name}: slices`);
    const bytes = chunks.getBytes([H0, 3])!;
    t.equal(bytes[0], CHUNK_V3, `${c.name}: rewritten as version 3`);
    const out = new PointBuffer(1);
    decodeChunk(bytes, H0, 0, Infinity, out);
    const want: [number, number][] = c.encode
      ? [[H0, 1.5], [H0 + 60_000, 20], [H0 + 120_000, 3.5], [H0 + 180_000, -0]]
      : [[H0 + 60_000, 20], [H0 + 180_000, -0]];
    t.same(pts(out), want, `${c.name}: merged points, the layer winning`);
    t.ok(Object.is(out.values[out.length - 1], -0), `${c.name}: -0 kept`);

    const steps = memoryTable();
    steps.put([H0 + 60_000, 1], Uint8Array.of(1));
    layer.written.push([H0 + 60_000, 1]);
    const hourRollups = memoryTable();
    finishHourClose(layer, draft, hourRollups, steps);
    t.equal(steps.map.size, 0, `${c.name}: the layer's step blobs are deleted`);
    const value = hourRollups.getBytes(H0)!;
    const table = decodeHourRollup(value);
    const e = { count: 0, min: 0, max: 0, sum: 0, last: 0, lastOffsetMs: 0 };
    t.ok(readRollupEntry(table, slotCountOf(value), 3, e), `${c.name}: slot 3 in the hour rollup`);
    const values = want.map(([, v]) => v);
    t.same({ ...e }, { count: values.length, min: Math.min(...values), max: Math.max(...values), sum: values.reduce((a, b) => a + b, 0), last: -0, lastOffsetMs: 180_000 }, `${c.name}: slot 3 rollup`);
    t.notOk(readRollupEntry(table, slotCountOf(value), 4, e), `${c.name}: slot 4 absent`);
  }
});

t.test('a later close of the same hour merges into the hour rollup value, also a version-1 one', async (t) => {
  for (const version of [1, 2]) {
    const hourRollups = memoryTable();
    const first = newRollupDraft(3);
    setDraft(first, 0, { count: 2, min: 1, max: 2, sum: 3, last: 2, lastOffsetMs: 60_000 });
    setDraft(first, 2, { count: 1, min: 9, max: 9, sum: 9, last: 9, lastOffsetMs: 0 });
    if (version === 1) {
      const v1 = new Uint8Array(8 + first.length * 8);
      v1[0] = 1;
      new DataView(v1.buffer).setUint32(4, 3, true);
      new Float64Array(v1.buffer, 8).set(first);
      hourRollups.put(H0, v1);
    } else hourRollups.put(H0, encodeHourRollup(first));
    const late = new HeadHour(H0, 1);
    headAppend(late, 2, HOUR_MS - 1, 4);
    const draft = newRollupDraft(late.slotLimit);
    closeHourSlice(late, 0, 10, memoryTable(), draft, new CloseScratch());
    finishHourClose(late, draft, hourRollups, memoryTable());
    const value = hourRollups.getBytes(H0)!;
    t.equal(value[0], 2, `version ${version} on disk: rewritten as version 2`);
    const table = decodeHourRollup(value);
    const e = { count: 0, min: 0, max: 0, sum: 0, last: 0, lastOffsetMs: 0 };
    const rows = [0, 1, 2].map((s) => (readRollupEntry(table, slotCountOf(value), s, e) ? { ...e } : null));
    t.same(rows, [
      { count: 2, min: 1, max: 2, sum: 3, last: 2, lastOffsetMs: 60_000 },
      null,
      { count: 1, min: 4, max: 4, sum: 4, last: 4, lastOffsetMs: HOUR_MS - 1 },
    ], `version ${version} on disk: merged entries`);
  }
});
