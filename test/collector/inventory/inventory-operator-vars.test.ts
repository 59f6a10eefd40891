// The inventory with operator SNMP variables (config `variables.snmp`): setVariables re-plans every
// device at the next rebuild (no plan reused), instances carry the configured definition, a removed
// variable leaves the instances but its triplets stay findable on their slots (VariableDefs.retired).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { Inventory } from '../../../collector/inventory/inventory.js';
import { OperatorVariables } from '../../../collector/inventory/operator-vars.js';
import { VariableDefs } from '../../../collector/inventory/variable-defs.js';
import type { SnmpVariableConfig } from '../../../core/config-schema.js';
import { configuredDefinitions } from '../../../core/config-variables.js';
import { openStoreEnv } from '../../../store/lmdb-env.js';
import { LmdbMetaStore } from '../../../store/meta/lmdb-meta.js';
import { benchNetwork, syntheticGeneration } from '../../../bench/memory/synthetic-generation.js';

const dir = mkdtempSync(join(tmpdir(), 'inventory-opvars-'));
t.teardown(() => rmSync(dir, { recursive: true, force: true, maxRetries: 5 }));

const v = (name: string, over: Partial<SnmpVariableConfig> = {}): SnmpVariableConfig => ({
  name, oid: '1.3.6.1.4.1.99.1.0', index: 'scalar', type: 'gauge', enumValues: {}, nameOid: '', unit: 'u', scale: 1, category: 'Mine',
  description: `${name} text`, devices: '', thresholds: null, ...over,
});

t.test('operator variables in the inventory: re-plan, definitions, removal', async (t) => {
  const env = openStoreEnv(dir);
  t.teardown(() => env.close());
  const defs = new VariableDefs();
  const inv = new Inventory(new LmdbMetaStore(env), defs);
  const g = syntheticGeneration(2);
  await inv.rebuild(benchNetwork, g);
  const plans = inv.plans(1);
  const count = inv.count(1);

  const vars = [v('opA'), v('opB', { devices: `id = ${g.devices[1]!.id}` })];
  defs.configure(configuredDefinitions({ snmp: vars, derived: [], thresholds: {} }));
  inv.setVariables(new OperatorVariables(vars));
  await inv.rebuild(benchNetwork, g);
  t.not(inv.plans(1)[0], plans[0], 'same device records, new variables: planned again');
  t.equal(inv.count(1), count + 3, 'opA on both devices, opB on the one its rule selects');
  const mine = inv.instances(1).filter((x) => x.name.startsWith('op')).map((x) => [x.name, x.deviceId, x.index, x.description, x.unit, x.category]);
  t.same(mine, [
    ['opA', g.devices[0]!.id, 0, 'opA text', 'u', 'Mine'],
    ['opA', g.devices[1]!.id, 0, 'opA text', 'u', 'Mine'],
    ['opB', g.devices[1]!.id, 0, 'opB text', 'u', 'Mine'],
  ]);
  const slotB = inv.find(1, 'opB', g.devices[1]!.id, 0)!.slot;
  const plansWith = inv.plans(1);
  await inv.rebuild(benchNetwork, g);
  t.equal(inv.plans(1)[0], plansWith[0], 'unchanged variables and records: plans reused');

  const kept = [vars[0]!];
  defs.configure(configuredDefinitions({ snmp: kept, derived: [], thresholds: {} }));
  inv.setVariables(new OperatorVariables(kept));
  await inv.rebuild(benchNetwork, g);
  t.notOk(inv.instances(1).some((x) => x.name === 'opB'), 'a removed variable leaves the instances');
  t.equal(inv.count(1), count + 2);
  t.match(inv.find(1, 'opB', g.devices[1]!.id, 0), { slot: slotB, description: 'opB text' }, 'and stays findable on its slot, with its last definition');
  t.equal(defs.get('opB'), undefined, 'no longer defined');
});
