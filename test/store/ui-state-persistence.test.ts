/**
 * View filters and key-value records on the real LMDB metadata store: they survive closing and
 * reopening it (ids, names, shares, deletes, handles, the content index), and concurrent calls,
 * which LMDB runs in its write batches, lose nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import type { Caller } from '../../core/caller.js';
import { silentLogger } from '../../core/logger.js';
import { createServices, type Services } from '../../services/index.js';
import { openStoreEnv } from '../../store/lmdb-env.js';
import { LmdbMetaStore } from '../../store/meta/lmdb-meta.js';
import { fixture, NOW_MS } from '../fakes/fake-service.js';

const dirs: string[] = [];
t.teardown(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });
const tempStoreDir = () => { const d = mkdtempSync(join(tmpdir(), 'netmon-ui-state-')); dirs.push(d); return d; };

/** Runs `fn` on services over the LMDB store in `dir`, closing the store after. */
async function withServices<R>(dir: string, fn: (s: Services) => Promise<R>): Promise<R> {
  const env = openStoreEnv(dir);
  const meta = new LmdbMetaStore(env);
  const fake = fixture();
  const services = createServices({ collector: fake, series: fake.series, meta, config: () => fake.config, clock: { nowMs: () => NOW_MS }, logger: silentLogger });
  try { return await fn(services); } finally { await meta.close(); await env.close(); }
}

const alice: Caller = { kind: 'user', name: 'alice', role: 'user' };
const bob: Caller = { kind: 'user', name: 'bob', role: 'user' };
const body = (name: string) => ({ name, svcql: "Role = 'Core'", formData: `form of ${name}` });

t.test('view filters survive a reopen', async (t) => {
  const dir = tempStoreDir();
  const before = await withServices(dir, async ({ filters }) => {
    const a = await filters.create(1, alice, null, body('core'));
    const b = await filters.create(1, bob, null, body('core'));
    const gone = await filters.create(1, alice, null, body('old'));
    await filters.setShared(1, bob, null, b.id, true);
    await filters.remove(1, alice, null, gone.id);
    return { a, b, gone, list: filters.list(1, alice, null) };
  });
  t.same(before.list.map((f) => f.id), [before.a.id, before.b.id], 'alice sees hers and bob\'s shared one');
  await withServices(dir, async ({ filters }) => {
    t.same(filters.list(1, alice, null), before.list, 'the same list, every field, after the reopen');
    await t.rejects(filters.create(1, alice, null, body('core')), { code: 'CONFLICT' }, 'alice\'s name "core" is still taken');
    const again = await filters.create(1, alice, null, body('old'));
    t.ok(again.id > before.gone.id, 'the deleted filter\'s name is free; ids are never handed out twice');
    await t.rejects(filters.setShared(1, alice, null, before.gone.id, true), { code: 'UNKNOWN_FILTER' }, 'the deleted one stays deleted');
    await filters.setShared(1, bob, null, before.b.id, false);
  });
  await withServices(dir, async ({ filters }) => {
    t.same(filters.list(1, alice, null).map((f) => f.name), ['core', 'old'], 'the unshare persisted too');
  });
});

t.test('key-value records and their content index survive a reopen', async (t) => {
  const dir = tempStoreDir();
  const bytes = Buffer.from([0, 1, 2, 0xff, 0xc3, 0x28, 0]);
  const made = await withServices(dir, async ({ keyValues }) => {
    const a = await keyValues.create(1, bytes, 'application/octet-stream');
    const b = await keyValues.create(1, Buffer.from('before'), undefined);
    await keyValues.update(1, b, Buffer.from('after'), 'text/csv');
    return { a, b };
  });
  await withServices(dir, async ({ keyValues }) => {
    const a = keyValues.get(1, made.a);
    t.ok(a.data.equals(bytes), 'the same bytes');
    t.equal(a.contentType, 'application/octet-stream');
    t.same(keyValues.get(1, made.b), { data: Buffer.from('after'), contentType: 'text/csv' }, 'the update');
    t.equal(await keyValues.create(1, Buffer.from(bytes), 'application/octet-stream'), made.a, 'identical data: the same handle');
    t.equal(await keyValues.create(1, Buffer.from('after'), 'text/csv'), made.b, 'the updated data: its handle');
    t.not(await keyValues.create(1, Buffer.from('before'), undefined), made.b, 'the data before the update: a new record');
    t.throws(() => keyValues.get(2, made.a), { code: 'UNKNOWN_HANDLE' }, 'per network');
  });
});

t.test('concurrent calls on LMDB: one record per data, no lost update, one share', async (t) => {
  await withServices(tempStoreDir(), async ({ keyValues, filters }) => {
    const handles = await Promise.all(Array.from({ length: 30 }, () => keyValues.create(1, Buffer.from('same'), undefined)));
    t.equal(new Set(handles).size, 1, '30 concurrent creates of identical data: one handle');

    const h = await keyValues.create(1, Buffer.from('start'), undefined);
    const versions = Array.from({ length: 20 }, (_, i) => `v${i}`);
    await Promise.all(versions.map((v) => keyValues.update(1, h, Buffer.from(v), undefined)));
    const last = keyValues.get(1, h).data.toString();
    t.equal(last, 'v19', 'concurrent updates apply in order: the last stays');
    t.equal(await keyValues.create(1, Buffer.from(last), undefined), h, 'the index points at the handle for its data');
    const others = await Promise.all(versions.slice(0, 19).map((v) => keyValues.create(1, Buffer.from(v), undefined)));
    t.notOk(others.includes(h), 'and for no data it held before');

    const f = await filters.create(1, alice, null, body('raced'));
    const outcomes = await Promise.allSettled(Array.from({ length: 10 }, () => filters.setShared(1, alice, null, f.id, true)));
    t.equal(outcomes.filter((o) => o.status === 'fulfilled').length, 1, 'ten concurrent shares: one succeeds, the others find it shared');
    const names = await Promise.allSettled(Array.from({ length: 10 }, () => filters.create(1, bob, null, body('one name'))));
    t.equal(names.filter((o) => o.status === 'fulfilled').length, 1, 'ten concurrent creates of one name: one filter');
  });
});
