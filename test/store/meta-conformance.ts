/**
 * The one conformance suite every MetaStore backend runs: get/put/remove, key order with mixed
 * and array keys (lmdb-js order), range bounds, reverse, limit, namespaces apart; transactions
 * (all or nothing across namespaces, own writes seen, refusals) and `update`, including many
 * concurrent updates of one record losing none.
 */
import type { Test } from 'tap';
import type { MetaKey, MetaStore, MetaTxn } from '../../store/meta/meta.js';

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

/** Records as [namespace suffix, key, value]; namespaces are `<case prefix><suffix>`, so cases stay apart. */
type Rows = [string, MetaKey, unknown][];

interface TxnCase {
  name: string;
  seed?: Rows;
  fn: (tx: MetaTxn, ns: (s: string) => string) => unknown;
  /** What the transaction resolves with, or the error it rejects with. */
  want: { result: unknown } | { error: { message: RegExp } | { code: string; message?: RegExp } };
  /** Records after the transaction (undefined: absent). */
  after: Rows;
}

const boom = () => { throw new Error('boom'); };

const txnCases: TxnCase[] = [
  {
    name: 'writes in two namespaces commit together',
    fn: (tx, ns) => { tx.put(ns('a'), 'k', 1); tx.put(ns('b'), ['x', 1], { y: 2 }); return 'ok'; },
    want: { result: 'ok' },
    after: [['a', 'k', 1], ['b', ['x', 1], { y: 2 }]],
  },
  {
    name: 'a throw after writes in two namespaces writes nothing',
    seed: [['a', 'k', 0], ['b', 'k', 0], ['b', 'gone', 1]],
    fn: (tx, ns) => { tx.put(ns('a'), 'k', 1); tx.put(ns('b'), 'k', 1); tx.remove(ns('b'), 'gone'); tx.put(ns('a'), 'new', 1); boom(); },
    want: { error: { message: /boom/ } },
    after: [['a', 'k', 0], ['b', 'k', 0], ['b', 'gone', 1], ['a', 'new', undefined]],
  },
  {
    name: 'reads see the committed data, then the transaction\'s own writes and removals',
    seed: [['a', 'k', 1], ['a', 'other', 'x']],
    fn: (tx, ns) => {
      const a = ns('a');
      const seen: unknown[] = [tx.get(a, 'k'), tx.get(a, 'other')];
      tx.put(a, 'k', 2); seen.push(tx.get(a, 'k'));
      tx.remove(a, 'k'); seen.push(tx.get(a, 'k'));
      tx.put(a, ['k'], { n: 3 }); seen.push(tx.get(a, 'k'));
      tx.remove(a, 'other'); seen.push(tx.get(a, ['other']));
      return seen;
    },
    want: { result: [1, 'x', 2, undefined, { n: 3 }, undefined] },
    after: [['a', 'k', { n: 3 }], ['a', 'other', undefined]],
  },
  {
    name: 'values are copies inside too',
    fn: (tx, ns) => {
      const v = { n: 1 };
      tx.put(ns('a'), 'v', v);
      v.n = 2;
      tx.get<{ n: number }>(ns('a'), 'v')!.n = 3;
      return tx.get(ns('a'), 'v');
    },
    want: { result: { n: 1 } },
    after: [['a', 'v', { n: 1 }]],
  },
  {
    name: 'nothing written: the result alone',
    seed: [['a', 'k', 7]],
    fn: (tx, ns) => (tx.get<number>(ns('a'), 'k') ?? 0) * 6,
    want: { result: 42 },
    after: [['a', 'k', 7]],
  },
  {
    name: 'removing a missing record is no error',
    fn: (tx, ns) => { tx.remove(ns('a'), 'never'); return true; },
    want: { result: true },
    after: [['a', 'never', undefined]],
  },
  {
    name: 'an async function is refused and writes nothing',
    fn: (tx, ns) => { tx.put(ns('a'), 'k', 1); return Promise.resolve(1); },
    want: { error: { code: 'INTERNAL', message: /synchronous/ } },
    after: [['a', 'k', undefined]],
  },
  {
    name: 'an undefined value is refused and nothing is written',
    fn: (tx, ns) => { tx.put(ns('a'), 'k', 1); tx.put(ns('a'), 'u', undefined); },
    want: { error: { code: 'INTERNAL' } },
    after: [['a', 'k', undefined], ['a', 'u', undefined]],
  },
  {
    name: 'a bad key is refused and nothing is written',
    fn: (tx, ns) => { tx.put(ns('a'), 'k', 1); tx.put(ns('b'), [1, Number.NaN], 1); },
    want: { error: { code: 'INTERNAL' } },
    after: [['a', 'k', undefined]],
  },
];

interface UpdateCase {
  name: string;
  seed?: unknown;
  fn: (old: number | undefined) => number | undefined;
  want: { result: unknown } | { error: RegExp };
  after: unknown;
}

const updateCases: UpdateCase[] = [
  { name: 'an absent record is created', fn: (old) => (old ?? 0) + 1, want: { result: 1 }, after: 1 },
  { name: 'a record is replaced from its old value', seed: 5, fn: (old) => old! * 2, want: { result: 10 }, after: 10 },
  { name: 'undefined removes the record', seed: 5, fn: () => undefined, want: { result: undefined }, after: undefined },
  { name: 'a throw leaves the record as it was', seed: 5, fn: boom, want: { error: /boom/ }, after: 5 },
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

    await t.test('transactions', async (t) => {
      for (const [i, c] of txnCases.entries()) {
        const ns = (suffix: string) => `txn${i}${suffix}`;
        for (const [s, k, v] of c.seed ?? []) await store.put(ns(s), k, v);
        const run = store.transaction((tx) => c.fn(tx, ns));
        if ('result' in c.want) t.same(await run, c.want.result, `${c.name}: result`);
        else await t.rejects(run, c.want.error, `${c.name}: rejected`);
        for (const [s, k, v] of c.after) t.same(store.get(ns(s), k), v, `${c.name}: ${s} ${JSON.stringify(k)}`);
      }
    });

    await t.test('a transaction sees a write issued before it, not yet awaited', async (t) => {
      const put = store.put('txnOrder', 'k', 1);
      const seen = store.transaction((tx) => tx.get('txnOrder', 'k'));
      await put;
      t.equal(await seen, 1);
    });

    await t.test('a transaction\'s view refuses use once it has returned', async (t) => {
      let kept: MetaTxn | undefined;
      await store.transaction((tx) => { kept = tx; });
      t.throws(() => kept!.get('txnLate', 'k'), { code: 'INTERNAL' });
      t.throws(() => kept!.put('txnLate', 'k', 1), { code: 'INTERNAL' });
      t.equal(store.get('txnLate', 'k'), undefined);
    });

    await t.test('a transaction function cannot write to the store itself', async (t) => {
      const outcomes: Promise<unknown>[] = [];
      const outcome = (p: Promise<unknown>) => outcomes.push(p.then(() => 'done', (e: { code?: string }) => e.code));
      await store.transaction((tx) => {
        tx.put('txnSelf', 'via tx', 1);
        outcome(store.put('txnSelf', 'direct', 1));
        outcome(store.remove('txnSelf', 'via tx'));
        outcome(store.update('txnSelf', 'nested', () => 1));
      });
      t.same(await Promise.all(outcomes), ['INTERNAL', 'INTERNAL', 'INTERNAL'], 'each refused');
      t.same([...store.range('txnSelf')].map((e) => e.key), ['via tx'], 'only the write through tx');
    });

    await t.test('update', async (t) => {
      for (const [i, c] of updateCases.entries()) {
        const ns = `upd${i}`;
        if (c.seed !== undefined) await store.put(ns, 'k', c.seed);
        const run = store.update<number>(ns, 'k', c.fn);
        if ('result' in c.want) t.same(await run, c.want.result, `${c.name}: result`);
        else await t.rejects(run, c.want.error, `${c.name}: rejected`);
        t.same(store.get(ns, 'k'), c.after, `${c.name}: stored`);
      }
    });

    await t.test('200 concurrent updates of one record lose none', async (t) => {
      const results = await Promise.all(Array.from({ length: 200 }, () => store.update<number>('race', 'n', (n) => (n ?? 0) + 1)));
      t.equal(store.get('race', 'n'), 200, 'every increment counted');
      t.same([...results].sort((a, b) => a! - b!), Array.from({ length: 200 }, (_, i) => i + 1), 'each saw the one before');
    });

    await t.test('concurrent transfers between two namespaces keep their sum', async (t) => {
      await store.transaction((tx) => { tx.put('bankA', 'x', 1000); tx.put('bankB', 'x', 1000); });
      await Promise.all(Array.from({ length: 100 }, (_, i) => store.transaction((tx) => {
        const [from, to] = i % 3 === 0 ? ['bankA', 'bankB'] : ['bankB', 'bankA'];
        const amount = (i * 37) % 50;
        tx.put(from, 'x', tx.get<number>(from, 'x')! - amount);
        if (i % 10 === 9) boom(); // a failed transfer moves nothing
        tx.put(to, 'x', tx.get<number>(to, 'x')! + amount);
      }).catch(() => {})));
      t.equal(store.get<number>('bankA', 'x')! + store.get<number>('bankB', 'x')!, 2000);
    });

    await t.test('a closed store refuses transactions', async (t) => {
      const other = await factory();
      await other.close();
      await t.rejects(other.transaction(() => 1), { code: 'INTERNAL' });
      await t.rejects(other.update('k', 'k', () => 1), { code: 'INTERNAL' });
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
