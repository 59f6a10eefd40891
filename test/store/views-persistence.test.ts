/**
 * Map views on the real LMDB metadata store: they survive closing and reopening it (every field,
 * shares, deletes, formData bytes), the SYSTEM and SCRIPTED views keep their ids across restarts,
 * concurrent updates of one view, which LMDB runs in its write batches, lose nothing, and a
 * delete removes the view's stored coordinates in its transaction.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import type { Caller } from '../../core/caller.js';
import { loadConfig } from '../../core/config-load.js';
import { silentLogger } from '../../core/logger.js';
import { createServices, type Services } from '../../services/index.js';
import { NS_MAP_COORDINATES } from '../../services/views/map-view-source.js';
import { checkViewRule, decodeViewData } from '../../services/views/view-record.js';
import { NS_VIEWS, WHOLE_NETWORK_VIEW_NAME } from '../../services/views/views.js';
import { openStoreEnv } from '../../store/lmdb-env.js';
import { LmdbMetaStore } from '../../store/meta/lmdb-meta.js';
import type { MetaStore } from '../../store/meta/meta.js';
import { Repository } from '../../store/meta/repository.js';
import { fixture, NOW_MS } from '../fakes/fake-service.js';

const dirs: string[] = [];
t.teardown(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });
const tempStoreDir = () => { const d = mkdtempSync(join(tmpdir(), 'netmon-views-')); dirs.push(d); return d; };

const CONFIG = 'networks:\n  - { id: 1, seeds: [10.0.0.10] }\n  - { id: 2, seeds: [10.0.0.20] }\nviews:\n  - { network: 1, name: Core, devRule: "Role = \'Core\'" }\n';

/** Runs `fn` on started services over the LMDB store in `dir`, closing the store after. */
async function withServices<R>(dir: string, fn: (s: Services, meta: MetaStore) => Promise<R>, configText = CONFIG): Promise<R> {
  const env = openStoreEnv(dir);
  const meta = new LmdbMetaStore(env);
  const fake = fixture();
  const config = loadConfig({ text: configText, env: {}, checkViewRule });
  const services = createServices({ collector: fake, series: fake.series, meta, config: () => config, clock: { nowMs: () => NOW_MS }, logger: silentLogger });
  try {
    await services.views.start();
    return await fn(services, meta);
  } finally { await meta.close(); await env.close(); }
}

const alice: Caller = { kind: 'user', name: 'alice', role: 'user' };
const bob: Caller = { kind: 'user', name: 'bob', role: 'user' };
const anon: Caller = { kind: 'anonymous' };
const FORM = 'Grüße 🌍 "q" \'s\' {"json": [1]} {not json \u0000 end';

t.test('views survive a reopen; SYSTEM and SCRIPTED views keep their ids', async (t) => {
  const dir = tempStoreDir();
  const before = await withServices(dir, async ({ views }) => {
    const a = await views.create(1, alice);
    const b = await views.create(1, bob);
    const gone = await views.create(1, alice);
    await views.update(1, alice, a, { name: 'mine', devRule: 'id = 10', linkRule: "interface = 'eth1'", adjacent: 'true', formData: FORM });
    await views.setShared(1, bob, b, true);
    await views.remove(1, alice, gone);
    return { a, b, gone, all: views.list(1, anon, null), net2: views.list(2, anon, null), alice: views.list(1, alice, null) };
  });
  t.same(before.all.map((v) => v.name), [WHOLE_NETWORK_VIEW_NAME, 'Core', 'mine', `New view ${before.b}`]);
  await withServices(dir, async ({ views }) => {
    t.same(views.list(1, anon, null), before.all, 'every view, every field, after the reopen: no second SYSTEM view, the same ids');
    t.same(views.list(2, anon, null), before.net2, 'network 2 too');
    t.same(views.list(1, alice, null), before.alice, 'alice\'s list: her view and bob\'s shared one');
    t.equal(views.get(1, alice, before.a).formData, FORM, 'formData as it was sent');
    await t.rejects(views.setShared(1, alice, before.gone, true), { code: 'UNKNOWN_VIEW' }, 'the deleted view stays deleted');
    const next = await views.create(1, alice);
    t.ok(next > before.gone, 'ids are never handed out twice');
    await views.setShared(1, bob, before.b, false);
  });
  await withServices(dir, async ({ views }) => {
    t.same(views.list(1, alice, null).map((v) => v.name), [WHOLE_NETWORK_VIEW_NAME, 'Core', 'mine', `New view ${before.gone + 1}`], 'the unshare persisted');
  }, CONFIG.replace('name: Core', 'name: Core, adjacent: true'));
  await withServices(dir, async ({ views }) => {
    const core = views.list(1, anon, null).find((v) => v.name === 'Core');
    t.equal(core?.id, before.all[1]!.id, 'a SCRIPTED view changed in the configuration keeps its id across restarts');
    t.equal(core?.adjacent, true);
  }, CONFIG.replace('name: Core', 'name: Core, adjacent: true'));
});

t.test('concurrent updates of one view on LMDB: none lost; a delete takes its coordinates along', async (t) => {
  const dir = tempStoreDir();
  await withServices(dir, async ({ views }, meta) => {
    const id = await views.create(1, alice);
    const names = Array.from({ length: 50 }, (_, i) => `name ${i}`);
    const results = await Promise.allSettled(names.map((name) => views.update(1, alice, id, { name })));
    t.same(results.filter((r) => r.status === 'rejected'), [], 'every update succeeded');
    t.ok(names.includes(views.get(1, alice, id).name), 'the end state is one of them');
    t.equal(new Repository(meta, NS_VIEWS, { decode: decodeViewData }).get(id)!.version, 1 + names.length, 'the version counts every write');
    const other = await views.create(1, alice);
    await Promise.all([[id, 10], [id, 11], [other, 10]].map(([v, d]) => meta.put(NS_MAP_COORDINATES, [v!, d!], { x: 1, y: 2 })));
    await views.remove(1, alice, id);
    t.same([...meta.range(NS_MAP_COORDINATES)].map((e) => e.key), [[other, 10]], 'the deleted view\'s coordinates are gone, the other\'s stay');
  });
});
