import t from 'tap';
import { startApp, type App } from '../../app.js';
import { loadConfig } from '../../core/config-load.js';
import { createLogger } from '../../core/logger.js';
import { checkViewRule } from '../../services/views/view-record.js';
import { getJson, randomPort, simulatedConfigText, tempDir, waitFor } from '../fakes/helpers.js';

/**
 * Operator-defined SNMP variables (config `variables.snmp`) on the whole server over its simulated
 * network: an `interface` column (ifMtu), a scalar (hrStorageAllocationUnits.1 × 2) and a `table`
 * column named by another (hrStorageAllocationUnits by hrStorageDescr) are polled and read back
 * through the v2 graph call and the catalog, each value what the simulator serves (sim/mib-tables.ts:
 * ifMtu 9216 on the first two interfaces of non-Cisco devices, else 1500; one hrStorage row,
 * "Physical memory", allocation unit 1024). A reload adds a variable, live, then removes it: it
 * leaves the catalog, its series stays readable.
 */
const IF_MTU = '1.3.6.1.2.1.2.2.1.4';
const ALLOC = '1.3.6.1.2.1.25.2.3.1.4';
const DESCR = '1.3.6.1.2.1.25.2.3.1.3';
const BASE_VARS = `
    - { name: opMtu, oid: ${IF_MTU}, index: interface, unit: B, category: Custom, description: Interface MTU }
    - { name: opAlloc, oid: .${ALLOC}.1, scale: 2, unit: B, description: Twice the allocation unit }
    - { name: opStor, oid: ${ALLOC}, index: table, nameOid: ${DESCR}, category: Storage, description: Allocation unit }
    - { name: opCisco, oid: ${ALLOC}.1, devices: "Vendor = 'Cisco'" }`;
const EXTRA_VAR = `
    - { name: opUp, oid: 1.3.6.1.2.1.1.3.0, scale: 0.01, unit: s, type: gauge }`;

t.test('operator SNMP variables end to end, reload adds and removes one', { timeout: 180_000 }, async (t) => {
  const simPort = randomPort();
  let vars = BASE_VARS;
  const text = () => simulatedConfigText(simPort, {
    devices: 3, interfacesPerDevice: 3, pollInterval: '1s', networkExtra: '    discoveryInterval: 1h\n',
    extra: `variables:\n  snmp:${vars}\n`,
  });
  const env = { HOST: '127.0.0.1', PORT: '0', DATA_DIR: tempDir(t, 'netmon-opvars-') };
  const load = () => loadConfig({ path: 'opvars.yaml', env, text: text(), checkViewRule });
  const lines: string[] = [];
  const app: App = await startApp(load(), createLogger({ level: 'info', write: (l) => lines.push(l) }), { load });
  t.teardown(() => app.stop());
  const base = `http://127.0.0.1:${app.port}`;
  const sim = app.simulator!;

  const topo = await waitFor(async () => {
    const r = await getJson(base, '/v2/discovery/net/1/topo');
    return typeof r.body.generation === 'number' ? r.body : undefined;
  }, 60_000, 'the first discovery');
  t.equal(topo.devices.length, 3);
  const vendorOf = new Map(sim.devices.map((d) => [d.name, d.vendor]));

  // Graph of every instance, values as the simulator serves them.
  const graphOf = async (triplets: string[]) => waitFor(async () => {
    const r = await getJson(base, `/v2/ui/net/1/graph/${triplets.join(',')}?intervalHr=1`);
    return r.status === 200 && r.body.info?.length === triplets.length && r.body.info.every((i: any) => i.timeseries.length >= 3) ? r.body : undefined;
  }, 30_000, `graph points of ${triplets.join(',')}`);
  const valuesOf = (info: any) => (info.timeseries as string[]).slice(1).map((s) => Number(s.split(',')[1]));
  for (const dev of topo.devices) {
    const mtuWanted = (ifIndex: number) => (ifIndex <= 2 && vendorOf.get(dev.name) !== 'Cisco' ? 9216 : 1500);
    const ifs = dev.interfaces.map((i: any) => i.index as number);
    const triplets = [...ifs.map((i: number) => `opMtu.${dev.id}.${i}`), `opAlloc.${dev.id}.0`, `opStor.${dev.id}.1`];
    const g = await graphOf(triplets);
    t.same(g.errors, '', `${dev.name}: every triplet known`);
    ifs.forEach((ifIndex: number, k: number) => {
      t.same([...new Set(valuesOf(g.info[k]))], [mtuWanted(ifIndex)], `${dev.name} ifIndex ${ifIndex}: ifMtu as served`);
      t.match(g.info[k].legend, /^Interface MTU /, 'legend: the configured description');
    });
    t.same([...new Set(valuesOf(g.info[ifs.length]))], [2048], `${dev.name}: the scalar × scale`);
    t.same([...new Set(valuesOf(g.info[ifs.length + 1]))], [1024], `${dev.name}: the table row`);
    t.equal(g.info[ifs.length + 1].legend, 'Allocation unit Physical memory', 'the row is named by its nameOid cell');
  }

  // The catalog: configured fields, instances only where the devices rule selects.
  const cat = await getJson(base, '/v2/ui/net/1/gw/catalog/variables/opMtu,opAlloc,opStor,opCisco');
  const byName = new Map(cat.body.map((v: any) => [v.name, v]));
  const ifCount = topo.devices.reduce((n: number, d: any) => n + d.interfaces.length, 0);
  t.match(byName.get('opMtu'), { category: 'Custom', description: 'Interface MTU', unit: 'B', instances: ifCount });
  t.match(byName.get('opAlloc'), { category: 'Custom', unit: 'B', instances: 3 });
  t.match(byName.get('opStor'), { category: 'Storage', instances: 3, components: ['Physical memory'] });
  const ciscos = topo.devices.filter((d: any) => vendorOf.get(d.name) === 'Cisco').map((d: any) => d.name).sort();
  if (ciscos.length > 0) t.match(byName.get('opCisco'), { instances: ciscos.length, devices: ciscos }, 'only the Cisco devices');
  else t.notOk(byName.has('opCisco'), 'no Cisco device: no instance');

  // Reload adds a variable: polled without a restart.
  vars = BASE_VARS + EXTRA_VAR;
  await app.reloadConfig();
  const dev = topo.devices[0];
  const up = await graphOf([`opUp.${dev.id}.0`, `sysUpTime.${dev.id}.0`]);
  // the same OID and scale as the built-in sysUpTime: the same values at the same grid times
  const pointsOf = (info: any) => new Map((info.timeseries as string[]).slice(1).map((s) => s.split(',').map(Number) as [number, number]));
  const mine = pointsOf(up.info[0]);
  const builtin = pointsOf(up.info[1]);
  const common = [...mine.keys()].filter((ts) => builtin.has(ts));
  t.ok(common.length >= 2, 'grid times in common with the built-in sysUpTime');
  t.same(common.map((ts) => Math.abs(mine.get(ts)! - builtin.get(ts)!) < 0.5), common.map(() => true), 'opUp = sysUpTime (OID × 0.01)');
  t.equal((await getJson(base, '/v2/ui/net/1/gw/catalog/variables/opUp')).body[0]?.instances, 3, 'in the catalog after the reload');

  // Reload removes it: out of the catalog, its series still readable.
  vars = BASE_VARS;
  await app.reloadConfig();
  t.same((await getJson(base, '/v2/ui/net/1/gw/catalog/variables/opUp')).body, [], 'gone from the catalog');
  const kept = await getJson(base, `/v2/ui/net/1/graph/opUp.${dev.id}.0?intervalHr=1`);
  t.equal(kept.body.errors, '', 'the removed variable\'s triplet still answers');
  t.ok(kept.body.info[0].timeseries.length >= 3, 'with its stored points');
  t.ok(lines.some((l) => l.includes('operator SNMP variables applied')), 'the reload is logged');
});
