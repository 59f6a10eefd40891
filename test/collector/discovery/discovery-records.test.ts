// Discovery's records in the metadata store: a data directory written before generations and device
// ids went through transactions opens with the same generations and ids, what is written now has the
// same namespaces, keys and values as before, and concurrent device id allocation never shares an id.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { DeviceIds } from '../../../collector/discovery/device-ids.js';
import { GenerationLog, type GenerationInfo } from '../../../collector/discovery/generations.js';
import type { Generation } from '../../../core/types.js';
import { openStoreEnv } from '../../../store/lmdb-env.js';
import { LmdbMetaStore } from '../../../store/meta/lmdb-meta.js';
import { MemoryMetaStore } from '../../../store/meta/memory-meta.js';
import type { MetaStore } from '../../../store/meta/meta.js';
import { syntheticGeneration } from '../../../bench/memory/synthetic-generation.js';
import { withLmdbMeta } from '../../fakes/lmdb-meta.js';

const dirs: string[] = [];
t.teardown(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });

const gen = (networkId: number, number: number, status: Generation['status'], devices: number): Generation => ({
  ...syntheticGeneration(devices), networkId, number, status, startedAtMs: 1000 * number, completedAtMs: status === 'running' ? null : 1000 * number + 500,
});
const infoOf = (g: Generation): GenerationInfo => ({
  number: g.number, status: g.status, startedAtMs: g.startedAtMs, completedAtMs: g.completedAtMs, devices: g.devices.length, links: g.links.length,
});

/** The generations of the data directory written before, and how that code wrote them. */
const before = [gen(1, 1, 'completed', 2), gen(1, 2, 'failed', 1), gen(1, 3, 'completed', 3), gen(1, 4, 'running', 1), gen(2, 1, 'completed', 1)];
/** Device ids written before: [networkId, identity, id]; the counter was at 7. */
const idsBefore: [number, string, number][] = [[1, 'chassis:aa:bb', 3], [1, 'name:r1@10.0.0.1', 7], [2, 'chassis:aa:bb', 5]];

async function writeAsBefore(meta: MetaStore): Promise<void> {
  for (const g of before) {
    await meta.put('generations', [g.networkId, g.number], g);
    await meta.put('generationInfo', [g.networkId, g.number], infoOf(g));
  }
  await meta.put('counters', 'deviceId', 7);
  for (const [net, identity, id] of idsBefore) await meta.put('deviceIds', [net, identity], id);
}

await t.test('a data directory written before opens with the same generations and device ids', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'discovery-records-')); dirs.push(dir);
  await withLmdbMeta(dir, writeAsBefore);
  await withLmdbMeta(dir, async (meta) => {
    const log = GenerationLog.open(meta, 1);
    t.same(log.all(), before.filter((g) => g.networkId === 1).map(infoOf), 'summaries of network 1');
    t.equal(log.nextNumber, 5);
    const selections: [string, Parameters<GenerationLog['select']>[0], number][] = [
      ['the latest completed', {}, 3],
      ['generation 1', { generation: 1 }, 1],
      ['completed before 3000', { timestampMs: 3000 }, 1],
    ];
    for (const [what, sel, number] of selections) t.same(log.select(sel), before.find((g) => g.networkId === 1 && g.number === number), what);
    t.same(GenerationLog.open(meta, 2).all(), [infoOf(before[4])], 'network 2 apart');

    const ids = new DeviceIds(meta);
    const cases: [string, number, { chassisId: string; name: string; address: string }, number][] = [
      ['by chassis id, any case', 1, { chassisId: 'AA:BB', name: 'x', address: '10.9.9.9' }, 3],
      ['by name and address', 1, { chassisId: '', name: 'r1', address: '10.0.0.1' }, 7],
      ['the same chassis in another network', 2, { chassisId: 'aa:bb', name: 'y', address: '10.9.9.8' }, 5],
      ['a new device: the counter goes on', 1, { chassisId: '', name: 'r2', address: '10.0.0.2' }, 8],
    ];
    for (const [what, net, d, want] of cases) t.equal(await ids.idFor(net, d), want, what);
  });
});

await t.test('what is written now is what was written before', async (t) => {
  const meta = new MemoryMetaStore();
  const log = GenerationLog.open(meta, 1);
  const g = gen(1, 1, 'completed', 2);
  await log.save(g);
  t.same(meta.get('generations', [1, 1]), g, 'the full record');
  t.same(meta.get('generationInfo', [1, 1]), infoOf(g), 'its summary');
  const ids = new DeviceIds(meta);
  t.equal(await ids.idFor(1, { chassisId: 'CC', name: 'n', address: 'a' }), 1);
  t.equal(meta.get('deviceIds', [1, 'chassis:cc']), 1, 'the id by identity');
  t.equal(meta.get('counters', 'deviceId'), 1, 'the counter');
});

const backends: [string, () => Promise<{ meta: MetaStore; close: () => Promise<void> }>][] = [
  ['memory', async () => { const meta = new MemoryMetaStore(); return { meta, close: () => meta.close() }; }],
  ['lmdb', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'discovery-ids-')); dirs.push(dir);
    const env = openStoreEnv(dir);
    const meta = new LmdbMetaStore(env);
    return { meta, close: async () => { await meta.close(); await env.close(); } };
  }],
];

for (const [name, open] of backends) {
  await t.test(`${name}: concurrent id requests (3 networks, each device asked for twice) share no id`, async (t) => {
    const { meta, close } = await open();
    t.teardown(close);
    const ids = new DeviceIds(meta);
    const asks = [];
    for (const net of [1, 2, 3]) {
      for (let i = 0; i < 10; i++) {
        const d = { chassisId: `c${i}`, name: '', address: '' };
        asks.push(ids.idFor(net, d).then((id) => ({ key: `${net}/${i}`, id })));
        asks.push(ids.idFor(net, d).then((id) => ({ key: `${net}/${i}`, id })));
      }
    }
    const got = await Promise.all(asks);
    const byKey = new Map<string, Set<number>>();
    for (const { key, id } of got) byKey.set(key, (byKey.get(key) ?? new Set()).add(id));
    t.ok([...byKey.values()].every((s) => s.size === 1), 'a device asked for twice gets one id');
    t.same([...new Set(got.map((x) => x.id))].sort((a, b) => a - b), Array.from({ length: 30 }, (_, i) => i + 1), 'ids 1..30, none shared');
    t.equal(meta.get('counters', 'deviceId'), 30, 'no id wasted');
  });
}
