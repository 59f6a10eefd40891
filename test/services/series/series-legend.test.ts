// Graph legends (services/series/series-legend.ts) over instances made as the collector makes them
// (plan-build.ts variableInstance) with the built-in definitions: each names the variable (with its
// direction), the component and, in legendEmbedded, the device; distinct triplets of one answer
// never share a legend.
import t from 'tap';
import { variableInstance } from '../../../collector/polling/plan-build.js';
import { variableDef } from '../../../collector/inventory/variables-builtin.js';
import { formatTriplet } from '../../../core/triplet.js';
import type { Device, Interface, PollCaps } from '../../../core/types.js';
import { seriesLegends } from '../../../services/series/series-legend.js';

const iface = (index: number, name: string, descr: string, alias: string): Interface => ({
  index, name, descr, alias, type: 6, speedBps: 1e9, adminStatus: 1, operStatus: 1, mac: '', addresses: [], tags: [],
});
const caps: PollCaps = { version: '2c', community: 'public', v3User: '', hc: true, hrProcessor: false, ucdCpu: false, ucdMem: false, hrRamIndex: 0 };
const device = (id: number, name: string, interfaces: Interface[]): Device => ({
  id, name, address: `192.0.2.${id}`, snmpPort: 161, sysObjectID: '', sysDescr: '', sysContact: '', sysLocation: '', sysUpTimeCs: 0,
  chassisId: '', vendor: '', model: '', serialNumber: '', softwareRev: '', tags: [], interfaces, components: [], neighbors: [],
  discoveredAtMs: 0, poll: caps,
  sensors: [{ index: 1010, kind: 'temperature', name: 'CPU temp', unit: 'C', oid: '1.3.6.1.2.1.99.1.1.1.4.1010', scale: 1 }],
});

const r1 = device(1, 'r1', [iface(1, 'eth0', 'eth0', ''), iface(2, 'eth1', 'eth1', 'uplink to core'), iface(3, 'Gi0/3', 'GigabitEthernet0/3', '')]);
const r2 = device(2, 'r2', [iface(1, 'eth0', 'eth0', ''), iface(7, 'eth0', 'eth0', '')]);
const inst = (d: Device, name: string, index: number) => {
  const v = variableInstance(d, (i) => d.interfaces.find((x) => x.index === i), name, index, 0);
  return { varId: formatTriplet(v), instance: v };
};

// [what, series of one answer, expected [legend, legendEmbedded] per series]
const cases: [string, ReturnType<typeof inst>[], [string, string][]][] = [
  ['in and out of an interface without an alias', [inst(r1, 'ifInRate', 1), inst(r1, 'ifOutRate', 1)], [
    ['Inbound traffic rate eth0', 'r1 Inbound traffic rate eth0'],
    ['Outbound traffic rate eth0', 'r1 Outbound traffic rate eth0'],
  ]],
  ['an interface with an alias: the alias follows its name', [inst(r1, 'ifInRate', 2), inst(r1, 'ifOutUtil', 2)], [
    ['Inbound traffic rate eth1 (uplink to core)', 'r1 Inbound traffic rate eth1 (uplink to core)'],
    ['Outbound utilisation of the interface speed eth1 (uplink to core)', 'r1 Outbound utilisation of the interface speed eth1 (uplink to core)'],
  ]],
  ['no alias, an ifDescr unlike the name: the ifDescr follows it', [inst(r1, 'ifInErrors', 3)], [
    ['Inbound packets with errors Gi0/3 (GigabitEthernet0/3)', 'r1 Inbound packets with errors Gi0/3 (GigabitEthernet0/3)'],
  ]],
  ['device-level variables and a sensor', [inst(r1, 'cpuUtil', 0), inst(r1, 'memUtil', 0), inst(r1, 'sensorValue', 1010)], [
    ['CPU utilisation (mean over processors)', 'r1 CPU utilisation (mean over processors)'],
    ['Memory in use', 'r1 Memory in use'],
    ['Sensor reading: temperature CPU temp', 'r1 Sensor reading: temperature CPU temp'],
  ]],
  ['one variable and interface name on two devices: the legend names the device', [inst(r1, 'ifInRate', 1), inst(r2, 'ifInRate', 1), inst(r1, 'ifOutRate', 1)], [
    ['r1 Inbound traffic rate eth0', 'r1 Inbound traffic rate eth0'],
    ['r2 Inbound traffic rate eth0', 'r2 Inbound traffic rate eth0'],
    ['Outbound traffic rate eth0', 'r1 Outbound traffic rate eth0'],
  ]],
  ['two interfaces of one device with one name: their indexes', [inst(r2, 'ifInRate', 1), inst(r2, 'ifInRate', 7)], [
    ['Inbound traffic rate eth0 #1', 'r2 Inbound traffic rate eth0 #1'],
    ['Inbound traffic rate eth0 #7', 'r2 Inbound traffic rate eth0 #7'],
  ]],
  ['a triplet asked twice keeps its legend', [inst(r1, 'ifInRate', 1), inst(r1, 'ifInRate', 1)], [
    ['Inbound traffic rate eth0', 'r1 Inbound traffic rate eth0'],
    ['Inbound traffic rate eth0', 'r1 Inbound traffic rate eth0'],
  ]],
];

t.test('legends name the variable, the component and the device', async (t) => {
  for (const [what, found, want] of cases) {
    const got = seriesLegends(found, variableDef);
    t.same(got.map((l) => [l.legend, l.legendEmbedded]), want, what);
    const byLegend = new Map<string, Set<string>>();
    got.forEach((l, k) => byLegend.set(l.legend, (byLegend.get(l.legend) ?? new Set()).add(found[k]!.varId)));
    t.ok([...byLegend.values()].every((s) => s.size === 1), `${what}: one triplet per legend`);
  }
});

t.test('variables defined with one description: the name tells them apart', async (t) => {
  const def = (name: string) => ({ name, description: 'Octets', unit: 'B', category: 'x', type: 'counter' as const, scope: 'interface' as const });
  const a = { ...inst(r1, 'ifInRate', 1) };
  const mk = (name: string) => ({ varId: `${name}.1.1`, instance: { ...a.instance, name, description: 'eth0' } });
  const got = seriesLegends([mk('hcIn'), mk('hcOut')], def);
  t.same(got.map((l) => l.legend), ['Octets eth0 [hcIn]', 'Octets eth0 [hcOut]']);
});
