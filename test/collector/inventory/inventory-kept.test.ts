// Series of devices and interfaces that left the generation stay readable: the catalog's find (used
// by graph/data through services/series/variable-ids.ts) falls back to the device's slot record and its
// last known record. Without the fallback the second rebuild made `unknown variable 'ifInRate.3.5'`.
// Also: a rebuild reuses the plans of devices whose record did not change (same object).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { Inventory } from '../../../collector/inventory/inventory.js';
import { VariableDefs } from '../../../collector/inventory/variable-defs.js';
import type { VariableCatalog } from '../../../core/ports/catalog.js';
import type { Device } from '../../../core/types.js';
import { resolveIds } from '../../../services/series/variable-ids.js';
import { openStoreEnv } from '../../../store/lmdb-env.js';
import { LmdbMetaStore } from '../../../store/meta/lmdb-meta.js';
import { benchNetwork, syntheticGeneration } from '../../../bench/memory/synthetic-generation.js';

const dir = mkdtempSync(join(tmpdir(), 'inventory-kept-'));
t.teardown(() => rmSync(dir, { recursive: true, force: true, maxRetries: 5 }));

t.test('variables of devices and interfaces that left stay findable', async (t) => {
  const env = openStoreEnv(dir);
  t.teardown(() => env.close());
  const inv = new Inventory(new LmdbMetaStore(env), new VariableDefs());
  const catalog = { find: (n: number, name: string, d: number, i: number) => inv.find(n, name, d, i) } as VariableCatalog;
  const g = syntheticGeneration(3);
  await inv.rebuild(benchNetwork, g);
  const ids = ['ifInRate.3.5', 'ifInRate.2.7', 'cpuUtil.3.0', 'reachable.3.0'];
  const slotsBefore = resolveIds(catalog, 1, ids).found.map((f) => f.instance.slot);
  t.equal(slotsBefore.length, 4);

  // Device 3 leaves the generation; device 2 loses interface 7.
  const d2: Device = { ...g.devices[1]!, interfaces: g.devices[1]!.interfaces.filter((i) => i.index !== 7) };
  await inv.rebuild(benchNetwork, { devices: [g.devices[0]!, d2] });
  t.same(resolveIds(catalog, 1, ids).errors, [
    "unknown variable 'ifInRate.3.5' in network 1", "unknown variable 'cpuUtil.3.0' in network 1", "unknown variable 'reachable.3.0' in network 1",
  ], 'without a record source, a device that left is unknown (the bug); a lost interface of a present device is found');

  const records = new Map(g.devices.map((d) => [d.id, d]));
  inv.setRecords(1, (id) => records.get(id));
  const r = resolveIds(catalog, 1, ids);
  t.same(r.errors, [], 'with the registry\'s records every variable that ever had a slot is found');
  t.same(r.found.map((f) => f.instance.slot), slotsBefore, 'on the slots it always had');
  t.match(r.found[0]!.instance, { deviceName: g.devices[2]!.name, componentName: 'Gi1/0/5' }, 'named from the last record');
  t.same(resolveIds(catalog, 1, ['ifInRate.3.999', 'nosuch.3.0', 'ifInRate.99.1']).found, [], 'a slot the device never had is still unknown');
  t.same(inv.plans(1).length, 2, 'the device that left is not polled');

  // Reuse: the same device objects keep their plan handles.
  const plans = inv.plans(1);
  await inv.rebuild(benchNetwork, { devices: [g.devices[0]!, d2, g.devices[2]!] });
  t.equal(inv.plans(1)[0], plans[0], 'an unchanged device keeps its plan');
  t.equal(inv.plans(1).length, 3);
  t.equal(inv.find(1, 'ifInRate', 3, 5)!.slot, slotsBefore[0], 'a device back gets its slots back');
});
