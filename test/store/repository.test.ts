/**
 * Repository<T> over both metadata backends: ids from the namespace's counter, never reused;
 * versions and replaceIf; refusals with their codes; the decoder on reads and writes; writes
 * inside a caller's transaction. (Reopening an LMDB store: lmdb-meta.test.ts.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { AppError } from '../../core/errors.js';
import { openStoreEnv } from '../../store/lmdb-env.js';
import { LmdbMetaStore } from '../../store/meta/lmdb-meta.js';
import { MemoryMetaStore } from '../../store/meta/memory-meta.js';
import type { MetaStore } from '../../store/meta/meta.js';
import { Repository } from '../../store/meta/repository.js';

interface Item { name: string; n: number }

/** Refuses anything but { name: string, n: number }; upgrades the older { name } to n = 0. */
function decodeItem(x: unknown): Item {
  const o = x as Partial<Item> | null;
  if (typeof o !== 'object' || o === null || typeof o.name !== 'string') throw new AppError('BAD_PARAMETER', 'an item needs a name');
  if (o.n === undefined) return { name: o.name, n: 0 };
  if (typeof o.n !== 'number') throw new AppError('BAD_PARAMETER', 'an item\'s n is a number');
  return { name: o.name, n: o.n };
}

const dirs: string[] = [];
t.teardown(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });

const backends: { name: string; open: () => { meta: MetaStore; close: () => Promise<void> } }[] = [
  { name: 'memory', open: () => { const meta = new MemoryMetaStore(); return { meta, close: () => meta.close() }; } },
  {
    name: 'lmdb',
    open: () => {
      const dir = mkdtempSync(join(tmpdir(), 'repo-')); dirs.push(dir);
      const env = openStoreEnv(dir);
      const meta = new LmdbMetaStore(env);
      return { meta, close: async () => { await meta.close(); await env.close(); } };
    },
  },
];

/** Operations refused, each on a fresh namespace holding item 1 at version 2 ({ name: 'a', n: 1 }). */
const refusals: { name: string; op: (r: Repository<Item>) => Promise<unknown>; code: string }[] = [
  { name: 'update of an unknown id', op: (r) => r.update(9, (x) => x), code: 'NOT_FOUND' },
  { name: 'update of a non-id', op: (r) => r.update(1.5, (x) => x), code: 'NOT_FOUND' },
  { name: 'replaceIf of an unknown id', op: (r) => r.replaceIf(9, 1, { name: 'b', n: 2 }), code: 'NOT_FOUND' },
  { name: 'replaceIf with a stale version', op: (r) => r.replaceIf(1, 1, { name: 'b', n: 2 }), code: 'CONFLICT' },
  { name: 'replaceIf with a future version', op: (r) => r.replaceIf(1, 3, { name: 'b', n: 2 }), code: 'CONFLICT' },
  { name: 'put at a non-id', op: (r) => r.put(0, { name: 'b', n: 2 }), code: 'BAD_PARAMETER' },
  { name: 'the decoder refusing what update makes', op: (r) => r.update(1, () => ({ name: 5 }) as unknown as Item), code: 'BAD_PARAMETER' },
  { name: 'the decoder refusing a create', op: (r) => r.create({ n: 1 } as unknown as Item), code: 'BAD_PARAMETER' },
  { name: 'the decoder refusing a put', op: (r) => r.put(1, { name: 'b', n: 'x' } as unknown as Item), code: 'BAD_PARAMETER' },
];

/** Stored values the decoder or the envelope check refuses on read. */
const badStored: { name: string; key: number | string; value: unknown }[] = [
  { name: 'data of the wrong shape', key: 1, value: { v: 1, data: { name: 7 } } },
  { name: 'not an envelope', key: 1, value: { name: 'a', n: 1 } },
  { name: 'an envelope without data', key: 1, value: { v: 1 } },
  { name: 'a version that is not a positive integer', key: 1, value: { v: 0, data: { name: 'a', n: 1 } } },
  { name: 'a key that is not an id', key: 'x', value: { v: 1, data: { name: 'a', n: 1 } } },
];

for (const b of backends) {
  await t.test(`Repository: ${b.name}`, async (t) => {
    const { meta, close } = b.open();
    t.teardown(close);
    let nsCount = 0;
    const repo = (opts: { noun?: string; notFound?: 'UNKNOWN_DEVICE' } = {}) => new Repository<Item>(meta, `items${nsCount++}`, { decode: decodeItem, ...opts });

    await t.test('create hands out increasing ids; list is in id order', async (t) => {
      const r = repo();
      const made = [];
      for (let i = 0; i < 12; i++) made.push(await r.create({ name: `i${i}`, n: i }));
      t.same(made.map((x) => [x.id, x.version]), made.map((_, i) => [i + 1, 1]));
      t.same(r.list().map((x) => x.id), Array.from({ length: 12 }, (_, i) => i + 1), 'ids 2 before 10: numeric order');
      t.same(r.get(3), { id: 3, version: 1, data: { name: 'i2', n: 2 } });
      for (const id of [0, -1, 1.5, Number.NaN, 13]) t.equal(r.get(id), undefined, `no record ${id}`);
    });

    await t.test('removed ids are not handed out again', async (t) => {
      const r = repo();
      for (let i = 0; i < 3; i++) await r.create({ name: 'x', n: i });
      t.equal(await r.remove(3), true);
      t.equal(await r.remove(3), false, 'a second remove finds nothing');
      t.equal(await r.remove(2), true);
      t.equal((await r.create({ name: 'y', n: 0 })).id, 4);
      t.same(r.list().map((x) => x.id), [1, 4]);
    });

    await t.test('concurrent creates get distinct ids', async (t) => {
      const r = repo();
      const made = await Promise.all(Array.from({ length: 50 }, (_, i) => r.create({ name: 'c', n: i })));
      t.same(made.map((x) => x.id).sort((a, b) => a - b), Array.from({ length: 50 }, (_, i) => i + 1));
      t.equal(r.list().length, 50);
    });

    await t.test('put creates at its id or replaces; create goes on above it', async (t) => {
      const r = repo();
      t.same(await r.put(10, { name: 'ten', n: 10 }), { id: 10, version: 1, data: { name: 'ten', n: 10 } });
      t.equal((await r.create({ name: 'next', n: 0 })).id, 11);
      t.equal((await r.put(10, { name: 'TEN', n: 10 })).version, 2);
      await r.put(3, { name: 'three', n: 3 });
      t.equal((await r.create({ name: 'after', n: 0 })).id, 12, 'a put below the counter leaves it');
    });

    await t.test('update and replaceIf', async (t) => {
      const r = repo();
      const a = await r.create({ name: 'a', n: 0 });
      const u = await r.update(a.id, (x) => ({ ...x, n: x.n + 1 }));
      t.same(u, { id: a.id, version: 2, data: { name: 'a', n: 1 } });
      const ok = await r.replaceIf(a.id, 2, { name: 'b', n: 5 });
      t.same(ok, { id: a.id, version: 3, data: { name: 'b', n: 5 } }, 'the current version is accepted');
      await t.rejects(r.replaceIf(a.id, 2, { name: 'c', n: 6 }), { code: 'CONFLICT' }, 'the one before is stale now');
      t.same(r.get(a.id), ok, 'a refused replace changes nothing');
    });

    await t.test('100 concurrent updates of one record all count', async (t) => {
      const r = repo();
      const a = await r.create({ name: 'a', n: 0 });
      await Promise.all(Array.from({ length: 100 }, () => r.update(a.id, (x) => ({ ...x, n: x.n + 1 }))));
      t.same(r.get(a.id), { id: a.id, version: 101, data: { name: 'a', n: 100 } });
    });

    await t.test('of two replaceIf at one version, one wins', async (t) => {
      const r = repo();
      const a = await r.create({ name: 'a', n: 0 });
      const tries = await Promise.allSettled([r.replaceIf(a.id, 1, { name: 'x', n: 1 }), r.replaceIf(a.id, 1, { name: 'y', n: 2 })]);
      t.same(tries.map((x) => x.status).sort(), ['fulfilled', 'rejected']);
      const lost = tries.find((x) => x.status === 'rejected') as PromiseRejectedResult;
      t.equal((lost.reason as AppError).code, 'CONFLICT');
      t.equal(r.get(a.id)!.version, 2);
    });

    await t.test('refusals', async (t) => {
      for (const c of refusals) {
        const r = repo();
        await r.create({ name: 'a', n: 0 });
        await r.update(1, () => ({ name: 'a', n: 1 }));
        await t.rejects(c.op(r), { code: c.code }, c.name);
        t.same(r.list(), [{ id: 1, version: 2, data: { name: 'a', n: 1 } }], `${c.name}: nothing changed`);
        t.equal((await r.create({ name: 'z', n: 0 })).id, 2, `${c.name}: no id used up`);
      }
    });

    await t.test('the not-found code and noun can be chosen', async (t) => {
      const r = repo({ noun: 'device', notFound: 'UNKNOWN_DEVICE' });
      await t.rejects(r.update(4, (x) => x), { code: 'UNKNOWN_DEVICE', message: 'device 4 not found' });
    });

    await t.test('bad stored records are INTERNAL on read', async (t) => {
      for (const c of badStored) {
        const r = repo();
        await meta.put(r.ns, c.key, c.value);
        t.throws(() => r.list(), { code: 'INTERNAL' }, `${c.name}: list`);
        if (typeof c.key === 'number') {
          t.throws(() => r.get(c.key as number), { code: 'INTERNAL' }, `${c.name}: get`);
          await t.rejects(r.update(c.key, (x) => x), { code: 'INTERNAL' }, `${c.name}: update`);
          t.equal((await r.put(c.key, { name: 'fixed', n: 1 })).data.name, 'fixed', `${c.name}: put replaces it`);
          t.equal(await r.remove(c.key), true, `${c.name}: remove removes it`);
        }
      }
    });

    await t.test('replaceIf needs the version only, not data that decodes', async (t) => {
      const r = repo();
      await meta.put(r.ns, 1, { v: 3, data: { name: 7 } });
      await t.rejects(r.replaceIf(1, 2, { name: 'x', n: 0 }), { code: 'CONFLICT' });
      t.same(await r.replaceIf(1, 3, { name: 'x', n: 0 }), { id: 1, version: 4, data: { name: 'x', n: 0 } });
      await meta.put(r.ns, 2, 'no envelope');
      await t.rejects(r.replaceIf(2, 1, { name: 'x', n: 0 }), { code: 'INTERNAL' }, 'a value that is no envelope has no version');
    });

    await t.test('the decoder upgrades an older shape on read', async (t) => {
      const r = repo();
      await meta.put(r.ns, 1, { v: 4, data: { name: 'old' } });
      t.same(r.get(1), { id: 1, version: 4, data: { name: 'old', n: 0 } });
      t.same(await r.update(1, (x) => ({ ...x, n: x.n + 1 })), { id: 1, version: 5, data: { name: 'old', n: 1 } });
    });

    await t.test('inside a caller\'s transaction: all together or nothing', async (t) => {
      const r = repo();
      const made = await meta.transaction((tx) => {
        const a = r.within(tx).create({ name: 'a', n: 0 });
        tx.put('repoSide', 'last', a.id);
        return a;
      });
      t.equal(meta.get('repoSide', 'last'), made.id);
      await t.rejects(meta.transaction((tx) => {
        const b = r.within(tx).create({ name: 'b', n: 0 });
        tx.put('repoSide', 'last', b.id);
        r.within(tx).remove(made.id);
        throw new Error('changed my mind');
      }), /changed my mind/);
      t.equal(meta.get('repoSide', 'last'), made.id);
      t.same(r.list().map((x) => x.id), [made.id]);
      t.equal((await r.create({ name: 'c', n: 0 })).id, 2, 'the undone create used no id');
    });
  });
}
