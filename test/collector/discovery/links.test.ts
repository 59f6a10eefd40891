import t from 'tap';
import { nameForms, resolveLinks, resolveTopology } from '../../../collector/discovery/links.js';
import type { Device, Interface, Neighbor } from '../../../core/types.js';

const iface = (index: number, name: string, mac: string, alias = ''): Interface => ({
  index, name, descr: `${name} descr`, alias, type: 6, speedBps: 1e9, adminStatus: 1, operStatus: 1, mac, addresses: [], tags: [],
});

const nb = (localIfIndex: number, remote: Partial<Neighbor>): Neighbor => ({
  localIfIndex, localPort: '', remoteChassisId: '', remoteSysName: '', remotePortId: '', remotePortIdSubtype: 5,
  remotePortDescr: '', remoteManagementAddresses: [], protocol: 'lldp', ...remote,
});

const device = (id: number, name: string, chassisId: string, neighbors: Neighbor[]): Device => ({
  id, name, address: `192.0.2.${id}`, snmpPort: 161, sysObjectID: '', sysDescr: '', sysContact: '', sysLocation: '',
  sysUpTimeCs: 0, chassisId, vendor: '', model: '', serialNumber: '', softwareRev: '', tags: [],
  interfaces: [iface(1, `eth1-${id}`, `02:00:00:00:0${id}:01`, `alias-${id}-1`), iface(2, `eth2-${id}`, `02:00:00:00:0${id}:02`)],
  components: [], neighbors, discoveredAtMs: 0,
  poll: { version: '2c', community: 'public', v3User: '', hc: true, hrProcessor: false, ucdCpu: false, ucdMem: false, hrRamIndex: 0 },
});

type Case = { name: string; devices: Device[]; want: string[] };
const show = (devices: Device[]) => resolveLinks(devices).map((l) => `${l.a.deviceId}/${l.a.ifName}-${l.b.deviceId}/${l.b.ifName}`);

const cases: Case[] = [
  {
    name: 'subtype 5 (ifName) by chassis id, reported from both ends: one link',
    devices: [
      device(1, 'a', 'aa:aa', [nb(1, { remoteChassisId: 'bb:bb', remotePortId: 'eth2-2', remotePortIdSubtype: 5 })]),
      device(2, 'b', 'bb:bb', [nb(2, { remoteChassisId: 'aa:aa', remotePortId: 'eth1-1', remotePortIdSubtype: 5 })]),
    ],
    want: ['1/eth1-1-2/eth2-2'],
  },
  {
    name: 'subtype 3 (MAC), remote found by sysName',
    devices: [
      device(1, 'a', '', [nb(2, { remoteSysName: 'B', remotePortId: '02:00:00:00:02:01', remotePortIdSubtype: 3 })]),
      device(2, 'b', '', []),
    ],
    want: ['1/eth2-1-2/eth1-2'],
  },
  {
    name: 'subtype 7 (local) as an ifIndex, remote found by management address',
    devices: [
      device(1, 'a', '', [nb(1, { remoteManagementAddresses: ['192.0.2.2'], remotePortId: '2', remotePortIdSubtype: 7 })]),
      device(2, 'b', '', []),
    ],
    want: ['1/eth1-1-2/eth2-2'],
  },
  {
    name: 'subtype 1 (ifAlias)',
    devices: [device(1, 'a', 'x1', [nb(2, { remoteChassisId: 'X2', remotePortId: 'alias-2-1', remotePortIdSubtype: 1 })]), device(2, 'b', 'x2', [])],
    want: ['1/eth2-1-2/eth1-2'],
  },
  {
    name: 'unknown port id falls back to the port description',
    devices: [device(1, 'a', 'x1', [nb(1, { remoteChassisId: 'x2', remotePortId: '??', remotePortIdSubtype: 5, remotePortDescr: 'eth2-2 descr' })]), device(2, 'b', 'x2', [])],
    want: ['1/eth1-1-2/eth2-2'],
  },
  {
    name: 'a neighbour that was not discovered, an unmapped local port and a self-report give nothing',
    devices: [device(1, 'a', 'x1', [
      nb(1, { remoteChassisId: 'zz', remoteSysName: 'nowhere', remotePortId: 'eth1' }),
      nb(0, { remoteChassisId: 'x2', remotePortId: 'eth1-2' }),
      nb(2, { remoteChassisId: 'x1', remotePortId: 'eth1-1' }),
    ]), device(2, 'b', 'x2', [])],
    want: [],
  },
  {
    name: 'two parallel links between the same pair stay two',
    devices: [
      device(1, 'a', 'x1', [nb(1, { remoteChassisId: 'x2', remotePortId: 'eth1-2' }), nb(2, { remoteChassisId: 'x2', remotePortId: 'eth2-2' })]),
      device(2, 'b', 'x2', []),
    ],
    want: ['1/eth1-1-2/eth1-2', '1/eth2-1-2/eth2-2'],
  },
];

for (const c of cases) t.same(show(c.devices), c.want, c.name);

// CDP entries and the merge of LLDP and CDP: [name, devices, links as `a-b protocols`, external neighbours as `device/port→name`]
const cdp = (localIfIndex: number, deviceId: string, port: string, addresses: string[] = []): Neighbor =>
  nb(localIfIndex, { remoteSysName: deviceId, remotePortId: port, remotePortIdSubtype: 5, remoteManagementAddresses: addresses, protocol: 'cdp', remotePlatform: 'cisco WS-C2960X' });
const topoCases: [string, Device[], string[], string[]][] = [
  ['a CDP device id with a domain suffix names the sysName', [
    device(1, 'a', '', [cdp(1, 'B.example.com', 'eth2-2')]), device(2, 'b', '', []),
  ], ['1/eth1-1-2/eth2-2 cdp'], []],
  ['a CDP device id with a serial in parentheses', [
    device(1, 'a', '', [cdp(2, 'b(FOC1234X0AB)', 'eth2-2 descr')]), device(2, 'b', '', []),
  ], ['1/eth2-1-2/eth2-2 cdp'], []],
  ['a sysName with a domain, a CDP device id without', [
    device(1, 'a', '', [cdp(1, 'b', 'eth1-2')]), device(2, 'b.corp.example', '', []),
  ], ['1/eth1-1-2/eth1-2 cdp'], []],
  ['LLDP from one end and CDP from the other: one link, both protocols', [
    device(1, 'a', 'aa:aa', [nb(1, { remoteChassisId: 'bb:bb', remotePortId: 'eth2-2' })]),
    device(2, 'b', 'bb:bb', [cdp(2, 'a', 'eth1-1')]),
  ], ['1/eth1-1-2/eth2-2 lldp,cdp'], []],
  ['CDP first, then LLDP of the same link on the same device', [
    device(1, 'a', '', [cdp(1, 'b', 'eth1-2'), nb(1, { remoteSysName: 'b', remotePortId: 'eth1-2' })]), device(2, 'b', '', []),
  ], ['1/eth1-1-2/eth1-2 cdp,lldp'], []],
  ['neighbours naming no polled device are external, once per protocol', [
    device(1, 'a', '', [cdp(1, 'phone.example', 'Port 1', ['10.9.9.9']), nb(1, { remoteSysName: 'phone.example', remotePortId: 'Port 1' }), cdp(1, 'phone.example', 'Port 1')]),
  ], [], ['1/eth1-1→phone.example cdp', '1/eth1-1→phone.example lldp']],
  ['a device named by its address is not found by the first number of another address', [
    device(1, '192.0.2.1', '', [cdp(1, '192.0.2.200', 'x')]),
  ], [], ['1/eth1-1→192.0.2.200 cdp']],
];
for (const [name, devices, links, external] of topoCases) {
  const topo = resolveTopology(devices);
  t.same({
    links: topo.links.map((l) => `${l.a.deviceId}/${l.a.ifName}-${l.b.deviceId}/${l.b.ifName} ${l.protocols!.join(',')}`),
    external: topo.externalNeighbors.map((e) => `${e.deviceId}/${e.ifName}→${e.remoteName} ${e.protocol}`).sort(),
  }, { links, external }, name);
}

t.same(nameForms('SW1.Example.com(FOC123)'), ['sw1.example.com(foc123)', 'sw1.example.com', 'sw1'], 'name forms: whole, without the serial, the first label');
t.same(nameForms('10.0.0.1'), ['10.0.0.1'], 'name forms of an address: itself');
