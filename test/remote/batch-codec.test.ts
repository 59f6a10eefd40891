/**
 * The wire form of a collector's batches (remote/batch-codec.ts): what is encoded decodes to the
 * same batch, and what is not a whole batch of ours is refused with a BatchFormatError naming why.
 */
import t from 'tap';
import { BatchFormatError, batchMessageId, decodePointsBatch, encodePointsBatch, pointsInBatch, type PointsBatch } from '../../remote/batch-codec.js';

const step = (gridTsMs: number, pairs: [number, number][]) => ({
  gridTsMs, slots: Int32Array.from(pairs.map((p) => p[0])), values: Float64Array.from(pairs.map((p) => p[1])),
});
const base = { collector: 'site-a-1', boot: 1_790_000_000_123, seq: 1, sentAtMs: 1_790_000_100_000, networkId: 1 };

const roundTrips: [string, PointsBatch][] = [
  ['no definitions, no steps', { ...base, definitions: [], steps: [] }],
  ['one step', { ...base, definitions: [], steps: [step(1_790_000_100_000, [[0, 1], [7, 2.5]])] }],
  ['definitions with the steps', { ...base, seq: 2, definitions: [{ slot: 7, key: 'chassis:00:11:22|ifInRate|3' }, { slot: 0, key: 'name:core@10.0.0.1|sysUpTime|0' }], steps: [step(10_000, [[7, 3]])] }],
  ['values of every kind: NaN (a gap), infinities, negatives, huge', { ...base, definitions: [], steps: [step(20_000, [[1, NaN], [2, Infinity], [3, -Infinity], [4, -0.5], [5, 1.7976931348623157e308]])] }],
  ['a non-ASCII name and key', { ...base, collector: 'sité-ü', definitions: [{ slot: 2_147_483_647, key: 'name:Коммутатор@10.0.0.2|ifInRate|1' }], steps: [] }],
  ['several steps, one network above 2^31', { ...base, networkId: 4_000_000_000, definitions: [], steps: [step(0, [[1, 1]]), step(10_000, []), step(20_000, [[1, 2], [2, 3]])] }],
];

for (const [name, batch] of roundTrips) {
  t.test(`round trip: ${name}`, async (t) => {
    const back = decodePointsBatch(encodePointsBatch(batch));
    t.same({ ...back, steps: back.steps.map((s) => ({ gridTsMs: s.gridTsMs, slots: [...s.slots], values: [...s.values] })) },
      { ...batch, steps: batch.steps.map((s) => ({ gridTsMs: s.gridTsMs, slots: [...s.slots], values: [...s.values] })) }, 'decodes to what was encoded');
    t.equal(pointsInBatch(back), pointsInBatch(batch), `${pointsInBatch(batch)} points`);
  });
}

t.test('a batch read from inside a larger buffer (as a client hands it out)', async (t) => {
  const bytes = encodePointsBatch({ ...base, definitions: [{ slot: 1, key: 'k' }], steps: [step(5, [[1, 9]])] });
  const holder = new Uint8Array(bytes.length + 13);
  holder.set(bytes, 5);
  const back = decodePointsBatch(holder.subarray(5, 5 + bytes.length));
  t.equal(back.steps[0]!.values[0], 9, 'the value');
  t.same(back.definitions, [{ slot: 1, key: 'k' }], 'the definition');
});

t.test('the message id names the collector, its start and the batch: a restart never reuses one', async (t) => {
  t.equal(batchMessageId(base), 'site-a-1.1790000000123.1');
  t.not(batchMessageId(base), batchMessageId({ ...base, boot: base.boot + 1 }), 'another start, another id');
});

const good = encodePointsBatch({ ...base, definitions: [{ slot: 1, key: 'key' }], steps: [step(5, [[1, 9], [2, 8]])] });
const patched = (at: number, byte: number) => { const b = good.slice(); b[at] = byte; return b; };
const refused: [string, Uint8Array, RegExp][] = [
  ['empty', new Uint8Array(0), /cut short: the header/],
  ['not ours', new TextEncoder().encode('{"points":[1,2,3]}'), /not a netmon batch/],
  ['a later version', patched(1, 2), /version 2/],
  ['an unknown kind', patched(2, 9), /kind 9 unknown/],
  ['cut in the header', good.subarray(0, 20), /cut short: the collector/],
  ['cut in a definition', good.subarray(0, 4 + 8 + 32 + 5), /cut short: a definition/],
  ['cut in the points', good.subarray(0, good.length - 3), /cut short: the 2 points/],
  ['bytes after the batch', Uint8Array.from([...good, 0]), /1 bytes after the batch/],
  ['a name that is not UTF-8', patched(4, 0xff), /not UTF-8/],
];
for (const [name, data, why] of refused) {
  t.test(`refused: ${name}`, async (t) => {
    let thrown: unknown;
    try { decodePointsBatch(data); } catch (e) { thrown = e; }
    t.ok(thrown instanceof BatchFormatError, `a BatchFormatError (${String(thrown)})`);
    t.match((thrown as Error | undefined)?.message ?? '', why, 'naming why');
  });
}

t.test('what cannot be encoded is refused at the publisher', async (t) => {
  t.throws(() => encodePointsBatch({ ...base, collector: '', definitions: [], steps: [] }), /collector name of 1–255 bytes/);
  t.throws(() => encodePointsBatch({ ...base, collector: 'x'.repeat(256), definitions: [], steps: [] }), /not 256/);
  t.throws(() => encodePointsBatch({ ...base, definitions: [], steps: [{ gridTsMs: 0, slots: new Int32Array(2), values: new Float64Array(1) }] }), /as many values as slots/);
});
