// Variables that discovery did not make (VariableCatalog.allocate through the Inventory): stable,
// persisted slots that never collide with polled ones, on real LMDB files.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { ALLOCATE_BATCH, Inventory } from '../../../collector/inventory/inventory.js';
import { VariableDefs } from '../../../collector/inventory/variable-defs.js';
import { isAppError } from '../../../core/errors.js';
import type { VariableDef } from '../../../core/types.js';
import { openStoreEnv } from '../../../store/lmdb-env.js';
import { LmdbMetaStore } from '../../../store/meta/lmdb-meta.js';
import type { MetaKey, MetaStore, MetaTxn } from '../../../store/meta/meta.js';
import { benchNetwork, syntheticGeneration } from '../../../bench/memory/synthetic-generation.js';

const dirs: string[] = [];
t.teardown(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true, maxRetries: 5 }); });
const tempDir = () => { const d = mkdtempSync(join(tmpdir(), 'allocate-')); dirs.push(d); return d; };

const ALERT: VariableDef = { name: 'alertState', description: 'Alert state', unit: '', category: 'Alerts', type: 'enum', scope: 'device' };
const PORT_ALERT: VariableDef = { ...ALERT, name: 'portAlert', scope: 'interface' };

async function open(dir: string) {
  const env = openStoreEnv(dir);
  const defs = new VariableDefs();
  defs.define(ALERT);
  defs.define(PORT_ALERT);
  const meta = new LmdbMetaStore(env);
  /** Writes to the metadata store, counted: single puts and transactions. */
  const writes = { puts: 0, transactions: 0 };
  const counted: MetaStore = Object.assign(Object.create(meta) as MetaStore, {
    put: (ns: string, key: MetaKey, value: unknown) => { writes.puts++; return meta.put(ns, key, value); },
    transaction: <R>(fn: (tx: MetaTxn) => R) => { writes.transactions++; return meta.transaction(fn); },
  });
  const inventory = new Inventory(counted, defs);
  await inventory.rebuild(benchNetwork, syntheticGeneration(2));
  return { inventory, defs, writes, close: () => env.close() };
}

t.test('allocated slots: own, stable, listed, persisted', async (t) => {
  const dir = tempDir();
  let s = await open(dir);
  const polled = new Set(s.inventory.instances(1).map((v) => v.slot));
  const before = s.inventory.instances(1);
  const a = await s.inventory.allocate({ netId: 1, name: 'alertState', deviceId: 1, index: 0 });
  t.notOk(polled.has(a), 'a slot no polled variable has');
  t.equal(await s.inventory.allocate({ netId: 1, name: 'alertState', deviceId: 1, index: 0 }), a, 'the same triplet, the same slot');
  const [b, c] = await Promise.all([
    s.inventory.allocate({ netId: 1, name: 'portAlert', deviceId: 2, index: 5 }),
    s.inventory.allocate({ netId: 1, name: 'portAlert', deviceId: 2, index: 5 }),
  ]);
  t.equal(b, c, 'concurrent calls for one triplet get one slot');
  t.not(b, a, 'another triplet, another slot');
  t.equal(s.inventory.slotCount, Math.max(a, b) + 1, 'slot count covers the allocated slots');
  const after = s.inventory.instances(1);
  t.not(after, before, 'the instance list is made anew after an allocation');
  t.equal(after.length, before.length + 2, 'the allocated instances are listed');
  const inst = s.inventory.find(1, 'portAlert', 2, 5)!;
  t.match(inst, { slot: b, name: 'portAlert', deviceId: 2, index: 5, unit: '', category: 'Alerts', description: 'Alert state' });
  t.equal(inst.componentName, 'Gi1/0/5', 'component named from the device interface');
  t.equal(s.inventory.find(2, 'portAlert', 2, 5), undefined, 'per network');
  await s.close();

  s = await open(dir);
  t.equal(await s.inventory.allocate({ netId: 1, name: 'alertState', deviceId: 1, index: 0 }), a, 'after a restart: the same slot');
  t.equal(s.inventory.find(1, 'portAlert', 2, 5)?.slot, b, 'listed after a restart without a new call');
  const d = await s.inventory.allocate({ netId: 1, name: 'alertState', deviceId: 2, index: 0 });
  t.ok(d > Math.max(a, b), 'a new triplet after a restart gets a slot above every earlier one');
  await s.inventory.rebuild(benchNetwork, syntheticGeneration(2));
  t.equal(s.inventory.find(1, 'alertState', 2, 0)?.slot, d, 'a rebuild keeps allocated variables');
  const net = await s.inventory.allocate({ netId: 1, name: 'alertState', deviceId: 0, index: 17 });
  t.match(s.inventory.find(1, 'alertState', 0, 17), { slot: net, deviceId: 0, index: 17, deviceName: '', componentName: '', tags: [] },
    'device 0: a network-level variable');
  t.ok(s.inventory.instances(1).some((v) => v.slot === net), 'listed with the others');
  await s.close();
});

t.test('allocation and definition failures', async (t) => {
  const s = await open(tempDir());
  t.teardown(s.close);
  const cases: { name: string; run: () => unknown; code: string }[] = [
    { name: 'no definition', run: () => s.inventory.allocate({ netId: 1, name: 'nope', deviceId: 1, index: 0 }), code: 'UNKNOWN_VARIABLE' },
    { name: 'negative index', run: () => s.inventory.allocate({ netId: 1, name: 'alertState', deviceId: 1, index: -1 }), code: 'BAD_PARAMETER' },
    { name: 'fractional device', run: () => s.inventory.allocate({ netId: 1, name: 'alertState', deviceId: 1.5, index: 0 }), code: 'BAD_PARAMETER' },
    // a polled variable's triplet would get a second instance (and a derived one written beside the polled series)
    { name: 'a polled (built-in) name', run: () => s.inventory.allocate({ netId: 1, name: 'ifInRate', deviceId: 1, index: 1 }), code: 'BAD_PARAMETER' },
    { name: 'define a built-in name', run: () => s.defs.define({ ...ALERT, name: 'ifInRate' }), code: 'BAD_PARAMETER' },
    { name: 'define differently', run: () => s.defs.define({ ...ALERT, unit: '%' }), code: 'BAD_PARAMETER' },
    { name: 'bad name', run: () => s.defs.define({ ...ALERT, name: '1x' }), code: 'BAD_PARAMETER' },
  ];
  for (const c of cases) {
    try {
      await c.run();
      t.fail(`${c.name}: should fail`);
    } catch (e) {
      t.ok(isAppError(e) && e.code === c.code, `${c.name}: ${c.code} (${(e as Error).message})`);
    }
  }
  t.doesNotThrow(() => s.defs.define({ ...ALERT }), 'the same definition again is a no-op');
});

t.test('expired allocations leave the catalog, also after a restart; discovered ones stay', async (t) => {
  const dir = tempDir();
  let s = await open(dir);
  const discovered = s.inventory.instances(1).length;
  const keep = await s.inventory.allocate({ netId: 1, name: 'alertState', deviceId: 1, index: 0 });
  const stale = await s.inventory.allocate({ netId: 1, name: 'portAlert', deviceId: 2, index: 5 });
  const seen: number[] = [];
  const n = await s.inventory.expireAllocated(1, async (slots) => { seen.push(...slots); return new Set(slots.filter((x) => x === stale)); });
  t.same(seen.sort((x, y) => x - y), [keep, stale].sort((x, y) => x - y), 'only allocated slots are asked about');
  t.equal(n, 1);
  t.equal(s.inventory.find(1, 'portAlert', 2, 5), undefined, 'the stale one is gone');
  t.equal(s.inventory.find(1, 'alertState', 1, 0)?.slot, keep, 'the fresh one stays');
  t.equal(s.inventory.instances(1).length, discovered + 1, 'discovered variables stay');
  t.equal(await s.inventory.expireAllocated(2, async (slots) => new Set(slots)), 0, 'another network: nothing');
  await s.close();

  s = await open(dir);
  t.equal(s.inventory.find(1, 'portAlert', 2, 5), undefined, 'gone after a restart');
  t.equal(s.inventory.find(1, 'alertState', 1, 0)?.slot, keep, 'kept after a restart');
  const again = await s.inventory.allocate({ netId: 1, name: 'portAlert', deviceId: 2, index: 5 });
  t.ok(again > Math.max(keep, stale), 'allocated again: a new slot, never the expired one');
  await s.close();
});

t.test('instanceCount: what instances(netId).length says, without making instances (cold cache too)', async (t) => {
  const dir = tempDir();
  let s = await open(dir);
  const steps: { name: string; run: () => Promise<unknown> }[] = [
    { name: 'discovered only', run: async () => {} },
    { name: 'a device-level allocation', run: () => s.inventory.allocate({ netId: 1, name: 'alertState', deviceId: 1, index: 0 }) },
    { name: 'an interface-level allocation', run: () => s.inventory.allocate({ netId: 1, name: 'portAlert', deviceId: 2, index: 5 }) },
    { name: 'a network-level allocation (device 0)', run: () => s.inventory.allocate({ netId: 1, name: 'alertState', deviceId: 0, index: 3 }) },
    { name: 'an allocation on a device not in the generation (not listed)', run: () => s.inventory.allocate({ netId: 1, name: 'alertState', deviceId: 999_999, index: 0 }) },
    { name: 'an allocation on a network without devices', run: () => s.inventory.allocate({ netId: 7, name: 'alertState', deviceId: 0, index: 1 }) },
    { name: 'after an expiry', run: () => s.inventory.expireAllocated(1, async (slots) => new Set(slots.slice(0, 1))) },
    { name: 'after a restart (cold cache)', run: async () => { await s.close(); s = await open(dir); } },
  ];
  for (const step of steps) {
    await step.run();
    for (const net of [1, 2, 7]) {
      const counted = s.inventory.instanceCount(net);
      t.equal(counted, s.inventory.instances(net).length, `${step.name}: network ${net}`);
    }
  }
  await s.close();
});

t.test('allocateMany: one transaction per batch, per-entry errors, the same slots again and after a restart', async (t) => {
  const dir = tempDir();
  let s = await open(dir);
  const n = 2 * ALLOCATE_BATCH + 1;
  const list = Array.from({ length: n }, (_, k) => ({ netId: 1, name: 'portAlert', deviceId: 1 + (k % 2), index: 1 + Math.floor(k / 2) }));
  // one bad entry and one repeat of an earlier triplet, in the middle
  const asked = [...list.slice(0, 10), { netId: 1, name: 'nope', deviceId: 1, index: 1 }, list[3]!, ...list.slice(10)];
  const before = s.inventory.slotCount;
  const w0 = { ...s.writes };
  const out = await s.inventory.allocateMany(asked);
  t.equal(out.length, n + 2, 'one entry per allocation');
  t.match(out[10], { code: 'UNKNOWN_VARIABLE' }, 'the bad one: its error');
  t.equal(out[11], out[3], 'a repeated triplet: the same slot');
  const slots = out.filter((x, k) => k !== 10 && k !== 11) as number[];
  t.equal(new Set(slots).size, n, 'distinct slots');
  t.ok(slots.every((x) => x >= before), 'above every slot before');
  t.equal(s.inventory.slotCount, before + n);
  t.same({ puts: s.writes.puts - w0.puts, transactions: s.writes.transactions - w0.transactions }, { puts: 0, transactions: 3 },
    `${n} allocations: ${Math.ceil(n / ALLOCATE_BATCH)} transactions, no single put`);
  const cases: [number, number][] = [[0, 0], [ALLOCATE_BATCH + 7, ALLOCATE_BATCH + 7], [n - 1, n - 1]];
  for (const [k, j] of cases) t.equal(s.inventory.findAllocated(1, list[k]!.name, list[k]!.deviceId, list[k]!.index)?.slot, slots[j], `entry ${k} found`);
  const again = await s.inventory.allocateMany(list);
  t.same(again, slots, 'the same triplets again: the same slots');
  t.equal(s.writes.transactions - w0.transactions, 3, 'known triplets write nothing');
  await s.close();

  s = await open(dir);
  t.same(await s.inventory.allocateMany(list), slots, 'after a restart: the same slots');
  t.equal(s.inventory.slotCount, before + n, 'and no new one');
  await s.close();
});

t.test('instanceBatches: the instance list in batches, in order, filtered by name (made anew and from the cache)', async (t) => {
  const s = await open(tempDir());
  t.teardown(s.close);
  await s.inventory.allocate({ netId: 1, name: 'alertState', deviceId: 1, index: 0 });
  await s.inventory.allocate({ netId: 1, name: 'portAlert', deviceId: 2, index: 5 });
  await s.inventory.allocate({ netId: 1, name: 'alertState', deviceId: 0, index: 3 });
  const flat = (size: number, names?: string[]) => {
    const parts = [...s.inventory.instanceBatches(1, size, names)];
    return { parts, all: parts.flat() };
  };
  // Made anew: an allocation dropped the cached list, and nothing has asked for it since.
  const cold = flat(7);
  const coldNamed = flat(7, ['ifInRate', 'portAlert']);
  const all = s.inventory.instances(1);
  t.ok(all.length > 20, 'a list of some length');
  t.same(cold.all, all, 'the same instances in the same order');
  t.ok(cold.parts.length >= Math.ceil(all.length / 7) && cold.parts.every((p) => p.length <= 7), 'batches of at most 7');
  t.same(coldNamed.all, all.filter((v) => v.name === 'ifInRate' || v.name === 'portAlert'), 'only the names asked for, in order');
  t.ok(coldNamed.all.some((v) => v.name === 'portAlert'), 'the allocated ones included');
  // From the cached list.
  t.same(flat(5).all, all, 'from the cache: the same');
  t.same(flat(5, ['alertState']).all, all.filter((v) => v.name === 'alertState'), 'from the cache, filtered');
  t.same([...s.inventory.instanceBatches(9, 5)].flat(), [], 'a network without variables: none');
});
