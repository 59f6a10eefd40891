/**
 * The one conformance suite every MetaStore backend runs: get/put/remove, key order with mixed
 * and array keys (lmdb-js order), range bounds, reverse, limit, namespaces apart.
 */
import type { Test } from 'tap';
import type { MetaKey, MetaStore } from '../../store/meta/meta.js';

export type MetaFactory = () => Promise<MetaStore>;

/** Keys in their expected order (lmdb-js ordered-binary): numbers before strings, shorter prefix first. */
const ordered: MetaKey[] = [
  -5, -0.5, 0, 1, [1, 'a'], [1, 'b'], [1, 'b', 0], [2, 1], [2, 10], 2.5, 10, 1e12,
  '', 'a', ['a', -5], ['a', 1], ['a', ''], ['a', 'b'], 'ab', 'b', 'é', '\uffff', '\u{1F600}',
];

interface RangeCase { name: string; opts: { start?: MetaKey; end?: MetaKey; reverse?: boolean; limit?: number }; want: MetaKey[] }

const rangeCases: RangeCase[] = [
  { name: 'everything, in key order', opts: {}, want: ordered },
  { name: 'reverse', opts: { reverse: true }, want: [...ordered].reverse() },
  { name: 'limit', opts: { limit: 3 }, want: ordered.slice(0, 3) },
  { name: 'reverse with limit', opts: { reverse: true, limit: 2 }, want: ['\u{1F600}', '\uffff'] },
  { name: 'start inclusive, end exclusive', opts: { start: 1, end: 2.5 }, want: [1, [1, 'a'], [1, 'b'], [1, 'b', 0], [2, 1], [2, 10]] },
  { name: 'array prefix: all keys under [1]', opts: { start: [1, ''], end: [2] }, want: [[1, 'a'], [1, 'b'], [1, 'b', 0]] },
  { name: 'start between keys', opts: { start: [2, 5], end: 10 }, want: [[2, 10], 2.5] },
  { name: 'strings only', opts: { start: '' }, want: ordered.slice(12) },
  { name: 'reverse walks from start (high, inclusive) to end (low, exclusive)', opts: { start: 'b', end: 'a', reverse: true }, want: ['b', 'ab', ['a', 'b'], ['a', ''], ['a', 1], ['a', -5]] },
  { name: 'empty range', opts: { start: 3, end: 4 }, want: [] },
  { name: 'limit 0', opts: { limit: 0 }, want: [] },
];

export async function metaConformance(t: Test, name: string, factory: MetaFactory): Promise<void> {
  await t.test(`MetaStore conformance: ${name}`, async (t) => {
    const store = await factory();
    t.teardown(() => store.close());

    await t.test('get, put, overwrite, remove', async (t) => {
      t.equal(store.get('kv', 'missing'), undefined, 'missing key');
      await store.put('kv', 'a', { x: 1, list: [1, 'two', null], nested: { ok: true } });
      t.same(store.get('kv', 'a'), { x: 1, list: [1, 'two', null], nested: { ok: true } }, 'round trip');
      await store.put('kv', 'a', 'replaced');
      t.equal(store.get('kv', 'a'), 'replaced', 'overwrite');
      await store.put('kv', [7, 'x'], 42);
      t.equal(store.get('kv', [7, 'x']), 42, 'array key');
      t.equal(store.get('kv', [7]), undefined, 'a prefix is another key');
      await store.remove('kv', 'a');
      t.equal(store.get('kv', 'a'), undefined, 'removed');
      await store.remove('kv', 'never-there');
      t.equal(store.get('kv', [7, 'x']), 42, 'other keys stay');
    });

    await t.test('a one-element array is the same key as its element', async (t) => {
      await store.put('one', ['k'], 1);
      t.equal(store.get('one', 'k'), 1);
      await store.put('one', 5, 2);
      t.equal(store.get('one', [5]), 2);
      t.same([...store.range('one')].map((e) => e.key), [5, 'k']);
    });

    await t.test('values are copies', async (t) => {
      const v = { n: 1, list: [1] };
      await store.put('copy', 1, v);
      v.n = 2; v.list.push(2);
      const got = store.get<{ n: number; list: number[] }>('copy', 1)!;
      t.same(got, { n: 1, list: [1] });
      got.n = 3;
      t.same(store.get('copy', 1), { n: 1, list: [1] });
    });

    await t.test('namespaces are apart', async (t) => {
      await store.put('ns1', 'k', 'one');
      await store.put('ns2', 'k', 'two');
      t.equal(store.get('ns1', 'k'), 'one');
      t.equal(store.get('ns2', 'k'), 'two');
      t.same([...store.range('ns3')], [], 'an unused namespace is empty');
    });

    await t.test('range order, bounds, reverse, limit', async (t) => {
      // Insert in a scrambled order so that the order comes from the store.
      const scrambled = ordered.map((k, i) => ({ k, o: (i * 7) % ordered.length })).sort((a, b) => a.o - b.o);
      for (const { k } of scrambled) await store.put('order', k, { key: k });
      for (const c of rangeCases) {
        const got = [...store.range<{ key: MetaKey }>('order', c.opts)];
        t.same(got.map((e) => e.key), c.want, c.name);
        t.same(got.map((e) => e.value.key), c.want, `${c.name}: values follow their keys`);
      }
    });
  });
}
