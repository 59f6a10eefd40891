// The poll plan of the operator's SNMP variables (config `variables.snmp`): the op and OID per type
// and index kind, which devices a `devices` rule selects, the rows of table variables read from
// walked cells, and the instances (configured description/unit/category, component names).
import t from 'tap';
import { buildDevicePlan, instancesOf, type InstanceDefs } from '../../../collector/polling/plan-build.js';
import { GridKind } from '../../../collector/polling/grid-kind.js';
import { OperatorVariables, readVariableRows } from '../../../collector/inventory/operator-vars.js';
import { simNetworkConfig } from '../../../bench/collector/sim-plans.js';
import type { SnmpVariableConfig } from '../../../core/config-schema.js';
import type { Device, Interface, PollCaps } from '../../../core/types.js';
import { configuredDefinitions } from '../../../core/config-variables.js';
import { SnmpType, type Varbind } from '../../../snmp/types.js';

const net = simNetworkConfig(161);
const iface = (index: number): Interface => ({
  index, name: `if${index}`, descr: '', alias: '', type: 6, speedBps: 1e9, adminStatus: 1, operStatus: 1, mac: '', addresses: [], tags: [], counterBits: 64,
});
const caps: PollCaps = { version: '2c', community: 'public', v3User: '', hc: true, hrProcessor: false, ucdCpu: false, ucdMem: false, hrRamIndex: 0 };
const device = (extra: Partial<Device> = {}): Device => ({
  id: 7, name: 'd', address: '192.0.2.7', snmpPort: 161, sysObjectID: '', sysDescr: '', sysContact: '', sysLocation: '', sysUpTimeCs: 0,
  chassisId: '', vendor: 'Linux', model: '', serialNumber: '', softwareRev: '', tags: [], interfaces: [iface(1), iface(3)], components: [], neighbors: [],
  discoveredAtMs: 0, poll: caps, ...extra,
});
const v = (over: Partial<SnmpVariableConfig> & Pick<SnmpVariableConfig, 'name' | 'oid'>): SnmpVariableConfig => ({
  index: 'scalar', type: 'gauge', enumValues: {}, nameOid: '', unit: '', scale: 1, category: 'Custom', description: over.name, devices: '', thresholds: null, ...over,
});

const COL = '1.3.6.1.2.1.25.2.3.1.6';
const NAMES = '1.3.6.1.2.1.25.2.3.1.3';
const VARS = [
  v({ name: 'scalarG', oid: '1.3.6.1.4.1.2021.10.1.5.1', scale: 0.01, unit: 'load' }),
  v({ name: 'mtu', oid: '1.3.6.1.2.1.2.2.1.4', index: 'interface' }),
  v({ name: 'bc32', oid: '1.3.6.1.2.1.2.2.1.12', index: 'interface', type: 'counter32', scale: 8 }),
  v({ name: 'bc64', oid: '1.3.6.1.2.1.31.1.1.1.9', index: 'interface', type: 'counter64' }),
  v({ name: 'st', oid: '1.3.6.1.4.1.9.1.0', type: 'enum', enumValues: { 1: 'ok', 2: 'bad' } }),
  v({ name: 'stor', oid: COL, index: 'table', nameOid: NAMES, scale: 4096, unit: 'B', category: 'Storage', description: 'Used' }),
];

function planOf(d: Device, vars: readonly SnmpVariableConfig[]) {
  const slots = new Map<string, number>();
  return buildDevicePlan(d, net, (name, _id, index) => { const k = `${name}.${index}`; if (!slots.has(k)) slots.set(k, slots.size); return slots.get(k)!; }, vars);
}

t.test('ops per type and index kind', async (t) => {
  const d = device({ variableRows: { [COL]: [{ index: 1, name: 'Physical memory' }, { index: 31, name: '/' }] } });
  const { plan, vars } = planOf(d, VARS);
  const ours = vars.names.map((n, k) => ({ n, i: vars.indexes[k]!, kind: vars.kinds[k]!, op: plan.ops.find((o) => o.slot === vars.slots[k]) }))
    .filter((x) => VARS.some((c) => c.name === x.n))
    .map(({ n, i, kind, op }) => { const { slot: _s, ...rest } = op!; return [n, i, kind, rest]; });
  t.same(ours, [
    ['scalarG', 0, GridKind.Gauge, { op: 'gauge', oid: '1.3.6.1.4.1.2021.10.1.5.1', scale: 0.01 }],
    ['mtu', 1, GridKind.Gauge, { op: 'gauge', oid: '1.3.6.1.2.1.2.2.1.4.1', scale: 1 }],
    ['mtu', 3, GridKind.Gauge, { op: 'gauge', oid: '1.3.6.1.2.1.2.2.1.4.3', scale: 1 }],
    ['bc32', 1, GridKind.Rate, { op: 'counter', oid: '1.3.6.1.2.1.2.2.1.12.1', width: 32, scale: 8 }],
    ['bc32', 3, GridKind.Rate, { op: 'counter', oid: '1.3.6.1.2.1.2.2.1.12.3', width: 32, scale: 8 }],
    ['bc64', 1, GridKind.Rate, { op: 'counter', oid: '1.3.6.1.2.1.31.1.1.1.9.1', width: 64, scale: 1 }],
    ['bc64', 3, GridKind.Rate, { op: 'counter', oid: '1.3.6.1.2.1.31.1.1.1.9.3', width: 64, scale: 1 }],
    ['st', 0, GridKind.Enum, { op: 'gauge', oid: '1.3.6.1.4.1.9.1.0', scale: 1 }],
    ['stor', 1, GridKind.Gauge, { op: 'gauge', oid: `${COL}.1`, scale: 4096 }],
    ['stor', 31, GridKind.Gauge, { op: 'gauge', oid: `${COL}.31`, scale: 4096 }],
  ]);
  t.ok(plan.scalars.includes('1.3.6.1.4.1.2021.10.1.5.1') && plan.scalars.includes('1.3.6.1.4.1.9.1.0'), 'scalars read by GET');
  for (const c of ['1.3.6.1.2.1.2.2.1.4', '1.3.6.1.2.1.2.2.1.12', '1.3.6.1.2.1.31.1.1.1.9', COL]) t.ok(plan.columns.includes(c), `column ${c} walked`);
  t.notOk(plan.columns.includes(NAMES), 'the name column is read at discovery only');
  t.same(planOf(device(), [VARS[5]!]).vars.names.filter((n) => n === 'stor'), [], 'a table variable without discovered rows: no instance yet');

  const defs = configuredDefinitions({ snmp: VARS, derived: [], thresholds: {} });
  const lookup: InstanceDefs = {
    def: (n) => defs.find((x) => x.name === n),
    rows: (dev, n) => dev.variableRows?.[VARS.find((x) => x.name === n)!.oid],
  };
  const inst = instancesOf(d, planOf(d, VARS).vars, lookup).filter((x) => VARS.some((c) => c.name === x.name))
    .map((x) => [x.name, x.index, x.componentName, x.description, x.unit, x.category]);
  t.same(inst, [
    ['scalarG', 0, '', 'scalarG', 'load', 'Custom'],
    ['mtu', 1, 'if1', 'mtu', '', 'Custom'], ['mtu', 3, 'if3', 'mtu', '', 'Custom'],
    ['bc32', 1, 'if1', 'bc32', '', 'Custom'], ['bc32', 3, 'if3', 'bc32', '', 'Custom'],
    ['bc64', 1, 'if1', 'bc64', '', 'Custom'], ['bc64', 3, 'if3', 'bc64', '', 'Custom'],
    ['st', 0, '', 'st (1 ok, 2 bad)', '', 'Custom'],
    ['stor', 1, 'Physical memory', 'Used', 'B', 'Storage'], ['stor', 31, '/', 'Used', 'B', 'Storage'],
  ], 'instances: configured fields; interface and row names');
});

t.test('devices rules select devices by their row of the devices table', async (t) => {
  const ov = new OperatorVariables([
    v({ name: 'all', oid: '1.3.6.1.2.1.1.3.0' }),
    v({ name: 'linux', oid: '1.3.6.1.2.1.1.3.0', devices: "Vendor = 'Linux'" }),
    v({ name: 'core', oid: '1.3.6.1.2.1.1.3.0', devices: "tag = 'Role.Core'" }),
    v({ name: 'named', oid: '1.3.6.1.2.1.1.3.0', devices: "name LIKE 'sw%'" }),
  ]);
  const cases: [string, Partial<Device>, string[]][] = [
    ['linux d', {}, ['all', 'linux']],
    ['cisco core', { vendor: 'Cisco', tags: ['Role.Core'] }, ['all', 'core']],
    ['switch', { vendor: 'Cisco', name: 'sw1' }, ['all', 'named']],
  ];
  for (const [what, over, names] of cases) t.same(ov.forDevice(device(over)).map((x) => x.name), names, what);
});

t.test('table rows from walked cells', async (t) => {
  const vb = (oid: string, value: number | Uint8Array, type: number = SnmpType.Integer): Varbind => ({ oid, type, value } as Varbind);
  const txt = (s: string) => new TextEncoder().encode(s);
  const cells = [
    vb(`${NAMES}.31`, txt('/'), SnmpType.OctetString), vb(`${NAMES}.1`, txt('Physical memory'), SnmpType.OctetString),
    vb(`${COL}.31`, 100), vb(`${COL}.1`, 5), vb(`${COL}.7`, 9), vb(`${COL}.1.2`, 3), vb(`${COL}.8`, 0, SnmpType.NoSuchInstance),
  ];
  t.same(readVariableRows([VARS[5]!], cells), { [COL]: [{ index: 1, name: 'Physical memory' }, { index: 7, name: '7' }, { index: 31, name: '/' }] },
    'sorted; unnamed rows by number; multi-arc indexes and exceptions skipped');
});
