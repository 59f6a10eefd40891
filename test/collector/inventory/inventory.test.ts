// The collector's inventory on a real LMDB metadata store: slots are stable across rebuilds and
// restarts (one record per device), an interface that goes away and comes back gets its slot back,
// slots of the earlier per-variable layout are honoured, and the variables made on demand are the
// ones buildDevicePlan describes, plus every device's `reachable` (written by the collector, no grid kind).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { Inventory } from '../../../collector/inventory/inventory.js';
import { VariableDefs } from '../../../collector/inventory/variable-defs.js';
import { buildDevicePlan, instancesOf } from '../../../collector/polling/plan-build.js';
import type { Device, Generation } from '../../../core/types.js';
import { openStoreEnv } from '../../../store/lmdb-env.js';
import { LmdbMetaStore } from '../../../store/meta/lmdb-meta.js';
import { makePlanHandle, readPlanHandle } from '../../../workers/v2c/plan-handle.js';
import { benchNetwork, syntheticGeneration, VARIABLES_PER_DEVICE } from '../../../bench/memory/synthetic-generation.js';

const dirs: string[] = [];
t.teardown(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true, maxRetries: 5 }); });
const tempDir = () => { const d = mkdtempSync(join(tmpdir(), 'inventory-')); dirs.push(d); return d; };

async function open(dir: string) {
  const env = openStoreEnv(dir);
  const meta = new LmdbMetaStore(env);
  return { meta, inventory: new Inventory(meta, new VariableDefs()), close: () => env.close() };
}

/** A generation with some interfaces of one device removed. */
function without(g: Generation, deviceId: number, ifIndexes: number[]): Generation {
  return { ...g, devices: g.devices.map((d): Device => (d.id !== deviceId ? d : { ...d, interfaces: d.interfaces.filter((i) => !ifIndexes.includes(i.index)) })) };
}

const slotMap = (inv: Inventory) => new Map(inv.instances(1).map((v) => [`${v.name}.${v.deviceId}.${v.index}`, v.slot]));

t.test('instances, find and plans are what buildDevicePlan describes', async (t) => {
  const { inventory, close } = await open(tempDir());
  t.teardown(close);
  const g = syntheticGeneration(3);
  await inventory.rebuild(benchNetwork, g);
  t.equal(inventory.count(1), 3 * VARIABLES_PER_DEVICE);
  const all = inventory.instances(1);
  t.equal(all.length, inventory.count(1));
  t.equal(inventory.instances(1), all, 'the same objects while they are in use');
  t.same(new Set(all.map((v) => v.slot)).size, all.length, 'one slot per variable');
  for (const d of g.devices) {
    const slots = new Map(all.filter((v) => v.deviceId === d.id).map((v) => [`${v.name}.${v.index}`, v.slot]));
    const dp = buildDevicePlan(d, benchNetwork, (name, _dev, index) => slots.get(`${name}.${index}`) ?? -1);
    const reachable = all.find((v) => v.deviceId === d.id && v.name === 'reachable')!;
    t.same(all.filter((v) => v.deviceId === d.id), [...instancesOf(d, dp.vars), reachable], `device ${d.id}: instances as described, then reachable`);
    t.same([reachable.index, reachable.unit, reachable.category, reachable.description], [0, '', 'Status', 'Whether the device answered its SNMP poll (1) or not (0)']);
    t.equal(inventory.reachableSlot(1, d.id), reachable.slot, `device ${d.id}: reachableSlot`);
    t.notOk(dp.plan.ops.some((op) => op.slot === reachable.slot), `device ${d.id}: no poll op writes reachable`);
    t.same(readPlanHandle(inventory.plans(1).find((p) => p.deviceId === d.id)!), JSON.parse(JSON.stringify(dp.plan)), `device ${d.id}: the packed plan`);
  }
  const cases: [string, number, number, string | null][] = [
    ['ifInRate', 2, 5, 'Gi1/0/5'],
    ['ifOutUtil', 3, 48, 'Gi1/0/48'],
    ['cpuUtil', 1, 0, ''],
    ['ifInRate', 2, 49, null],
    ['ifInRate', 4, 1, null],
    ['noSuchVariable', 1, 1, null],
  ];
  for (const [name, dev, index, component] of cases) {
    const v = inventory.find(1, name, dev, index);
    if (component === null) { t.equal(v, undefined, `${name}.${dev}.${index}: none`); continue; }
    t.same(v, all.find((x) => x.name === name && x.deviceId === dev && x.index === index), `${name}.${dev}.${index}`);
    t.equal(v!.componentName, component);
  }
  const kinds = inventory.kinds();
  t.ok(all.every((v) => (v.name === 'reachable') === (kinds[v.slot] === 0)), 'every polled variable has a grid kind, reachable none');
  t.equal(inventory.reachableSlot(1, 99), -1, 'no reachable slot for a device not in the generation');
});

t.test('slots are stable across rebuilds, restarts and an interface going away and back', async (t) => {
  const dir = tempDir();
  const g = syntheticGeneration(4);
  let a = await open(dir);
  await a.inventory.rebuild(benchNetwork, g);
  const first = slotMap(a.inventory);
  const highest = a.inventory.slotCount;
  await a.inventory.rebuild(benchNetwork, without(g, 2, [7, 8]));
  const second = slotMap(a.inventory);
  t.equal(second.size, first.size - 2 * 17, 'two interfaces fewer');
  t.ok([...first.keys()].filter((k) => k.startsWith('reachable.')).length === 4, 'a reachable slot per device');
  t.ok([...second].every(([k, s]) => first.get(k) === s), 'the others keep their slots');
  t.equal(a.inventory.slotCount, highest, 'no new slot');
  await a.close();

  a = await open(dir);
  t.equal(a.inventory.slotCount, highest, 'the slot counter survives a restart');
  await a.inventory.rebuild(benchNetwork, g);
  t.same(slotMap(a.inventory), first, 'after a restart, with the interfaces back: every slot as at first');
  const bigger = syntheticGeneration(5);
  await a.inventory.rebuild(benchNetwork, bigger);
  const fifth = [...slotMap(a.inventory)].filter(([k]) => k.split('.')[1] === '5').map(([, s]) => s);
  t.equal(fifth.length, VARIABLES_PER_DEVICE);
  t.ok(fifth.every((s) => s >= highest), 'a new device gets new slots');
  await a.close();
});

t.test("slots stored by an earlier version (one key per variable) are kept", async (t) => {
  const dir = tempDir();
  const g = syntheticGeneration(2);
  const old = await open(dir);
  let next = 100;
  const legacy = new Map<string, number>();
  for (const d of g.devices) {
    buildDevicePlan(d, benchNetwork, (name, dev, index) => { const s = next++; legacy.set(`${name}.${dev}.${index}`, s); return s; });
  }
  for (const [k, s] of legacy) await old.meta.put('slots', k, s);
  await old.meta.put('counters', 'nextSlot', next);
  await old.close();

  const a = await open(dir);
  t.teardown(a.close);
  await a.inventory.rebuild(benchNetwork, g);
  const got = slotMap(a.inventory);
  const polled = [...got].filter(([k]) => !k.startsWith('~') && !k.startsWith('reachable.'));
  t.same(polled, [...legacy].filter(([k]) => got.has(k)), 'every variable keeps its slot');
  t.equal(polled.length, [...legacy.keys()].filter((k) => !k.startsWith('~')).length);
  t.equal(a.inventory.slotCount, next + g.devices.length, 'new slots only for reachable (earlier versions had none)');
});

t.test('a device of 6,000 interfaces is planned and packed in slices: other work runs meanwhile, the same plan', async (t) => {
  const { inventory, close } = await open(tempDir());
  t.teardown(close);
  const g = syntheticGeneration(2);
  const d0 = g.devices[0]!;
  const big: Device = { ...d0, interfaces: Array.from({ length: 6000 }, (_, k) => ({ ...d0.interfaces[k % d0.interfaces.length]!, index: k + 1, name: `Gi${k + 1}` })) };
  const gen: Generation = { ...g, devices: [big, g.devices[1]!] };
  let turns = 0;
  let ticking = true;
  const tick = () => { turns++; if (ticking) setImmediate(tick); };
  setImmediate(tick);
  await inventory.rebuild(benchNetwork, gen);
  ticking = false;
  t.ok(turns > 1, `other work ran during the rebuild (${turns} turns)`);
  const all = inventory.instances(1);
  const slots = new Map(all.filter((v) => v.deviceId === big.id).map((v) => [`${v.name}.${v.index}`, v.slot]));
  const dp = buildDevicePlan(big, benchNetwork, (name, _dev, index) => slots.get(`${name}.${index}`) ?? -1);
  t.equal(dp.vars.slots.length, 6000 * 17 + 3, 'every interface planned');
  t.ok(dp.vars.slots.every((s) => s >= 0), 'every planned variable has its slot in the catalog');
  const handle = inventory.plans(1).find((p) => p.deviceId === big.id)!;
  const direct = makePlanHandle(dp.plan);
  t.equal(handle.fingerprint, direct.fingerprint, 'the fingerprint of the handle packed at once');
  t.same(Buffer.from(new Uint8Array(handle.packed)), Buffer.from(new Uint8Array(direct.packed)), 'the bytes of the handle packed at once');
  t.same(new Set(all.map((v) => v.slot)).size, all.length, 'one slot per variable');
});
