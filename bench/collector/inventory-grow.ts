/**
 * What it costs to grow or change the inventory by one device at scale (issue 12: a device added
 * by the API, or external tags set, must not cost a full rebuild at 1M variables): a full
 * `Inventory.rebuild` of N devices (every device planned), then a rebuild with one more device,
 * then one with one device's record replaced (new tags), both reusing the unchanged devices' plans
 * and columns. LMDB metadata store in a temporary directory.
 *
 *   node dist/bench/collector/inventory-grow.js [devices=1595]   (1595 devices ≈ 1M variables)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Inventory } from '../../collector/inventory/inventory.js';
import { VariableDefs } from '../../collector/inventory/variable-defs.js';
import { openStoreEnv } from '../../store/lmdb-env.js';
import { LmdbMetaStore } from '../../store/meta/lmdb-meta.js';
import { benchNetwork, syntheticGeneration } from '../memory/synthetic-generation.js';

const devices = Number(process.argv[2] ?? 1595);
const dir = mkdtempSync(join(tmpdir(), 'inventory-grow-'));
const env = openStoreEnv(dir);
try {
  const inv = new Inventory(new LmdbMetaStore(env), new VariableDefs());
  const all = syntheticGeneration(devices + 1).devices;
  const base = all.slice(0, devices);
  const time = async (what: string, list: typeof all) => {
    const t0 = performance.now();
    await inv.rebuild(benchNetwork, { devices: list });
    const ms = performance.now() - t0;
    console.log(`${what}: ${ms.toFixed(0)} ms (${inv.count(1).toLocaleString('en')} variables, ${list.length} devices)`);
    return ms;
  };
  await time('full rebuild, new slots', base);
  const fresh = base.map((d) => ({ ...d }));
  await time('full rebuild, known slots (every record a new object, as after a discovery run)', fresh);
  await time('one device added (the others reused)', [...fresh, all[devices]!]);
  const retagged = [...fresh, all[devices]!];
  retagged[7] = { ...retagged[7]!, tags: [...retagged[7]!.tags, 'Cmdb.Gold'] };
  await time('one device re-tagged (the others reused)', retagged);
} finally {
  env.close();
  rmSync(dir, { recursive: true, force: true });
}
