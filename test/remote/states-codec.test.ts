/**
 * A collector's poll states on the wire (remote/states-codec.ts): what is encoded decodes the same,
 * at most MAX_FAILING devices listed (the rest counted), and what is not a states message of ours
 * is refused with BatchFormatError (the central acknowledges and counts it).
 */
import t from 'tap';
import { BatchFormatError, KIND_STATES, batchHeader, encodePointsBatch } from '../../remote/batch-codec.js';
import { MAX_FAILING, decodeStates, encodeStates } from '../../remote/states-codec.js';

const head = { collector: 'c1', boot: 1_700_000_000_000, seq: 4, networkId: 2, sentAtMs: 1_700_000_100_000, cycleStartMs: 1_700_000_090_000 };
const failing = (n: number) => Array.from({ length: n }, (_, i) => ({
  identity: `chassis:${i}`, consecutiveFailures: i + 1, failingSinceMs: i % 2 ? null : 1_700_000_000_000 + i, reason: `10.0.0.${i}:161: Request timed out`,
  lastSuccessMs: i % 3 ? 1_699_999_000_000 : null, neverAnswered: i % 5 === 0,
}));

t.test('poll states decode as they were encoded', async (t) => {
  const m = encodeStates({ ...head, failing: failing(3) });
  t.equal(m.id, 'c1.1700000000000.states.4', 'the message id names the collector, its start and the number');
  t.same(decodeStates(m.data), { ...head, failing: failing(3), more: 0 });
  const big = decodeStates(encodeStates({ ...head, failing: failing(MAX_FAILING + 7) }).data);
  t.equal(big.failing.length, MAX_FAILING, `at most ${MAX_FAILING} devices listed`);
  t.equal(big.more, 7, 'the others counted');
});

t.test('what is not a states message of ours is refused', async (t) => {
  const json = (v: unknown) => { const j = new TextEncoder().encode(JSON.stringify(v)); const h = batchHeader(KIND_STATES); const d = new Uint8Array(h.length + j.length); d.set(h); d.set(j, h.length); return d; };
  const cases: [string, Uint8Array][] = [
    ['a points batch', encodePointsBatch({ collector: 'c1', boot: 1, seq: 1, sentAtMs: 1, networkId: 1, definitions: [], steps: [] })],
    ['garbage', Uint8Array.of(1, 2, 3, 4)],
    ['not JSON', Uint8Array.of(...batchHeader(KIND_STATES), 0x7b, 0x7b)],
    ['no collector', json({ ...head, collector: undefined, failing: [], more: 0 })],
    ['a state without its reason', json({ ...head, failing: [{ ...failing(1)[0], reason: undefined }], more: 0 })],
    ['a time that is text', json({ ...head, cycleStartMs: 'now', failing: [], more: 0 })],
    ['more devices than listed at most', json({ ...head, failing: failing(MAX_FAILING + 1), more: 0 })],
  ];
  for (const [what, data] of cases) {
    let caught: unknown;
    try { decodeStates(data); } catch (e) { caught = e; }
    t.ok(caught instanceof BatchFormatError, `${what}: refused (${(caught as Error | undefined)?.message})`);
  }
});
