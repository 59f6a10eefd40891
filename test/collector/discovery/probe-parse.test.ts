// The probe's readers of walked rows: CDP cache entries, per-interface counter width, ENTITY-SENSOR
// sensors and their scaling, vendor sensor tables.
import t from 'tap';
import { readCdpNeighbors } from '../../../collector/discovery/probe-cdp.js';
import { readInterfaces } from '../../../collector/discovery/probe-interfaces.js';
import { readEntitySensors, readTableSensors, sensorFactor } from '../../../collector/discovery/probe-sensors.js';
import { OID } from '../../../collector/oids.js';
import type { Component, Interface } from '../../../core/types.js';
import { SnmpType, type Varbind } from '../../../snmp/types.js';

const int = (oid: string, value: number): Varbind => ({ oid, type: SnmpType.Integer, value });
const str = (oid: string, s: string): Varbind => ({ oid, type: SnmpType.OctetString, value: new TextEncoder().encode(s) });
const bytes = (oid: string, b: number[]): Varbind => ({ oid, type: SnmpType.OctetString, value: Uint8Array.from(b) });
const c64 = (oid: string, v: bigint): Varbind => ({ oid, type: SnmpType.Counter64, value: v });
const none = (oid: string): Varbind => ({ oid, type: SnmpType.NoSuchInstance, value: null });

const iface = (index: number, name: string): Interface => ({
  index, name, descr: name, alias: '', type: 6, speedBps: 0, adminStatus: 1, operStatus: 1, mac: '', addresses: [], tags: [],
});

t.test('CDP cache entries', async (t) => {
  const row = (col: string, idx: string) => `${col}.${idx}`;
  const rows: Varbind[] = [
    int(row(OID.cdpCacheAddressType, '11048.8'), 1), bytes(row(OID.cdpCacheAddress, '11048.8'), [10, 204, 88, 10]),
    str(row(OID.cdpCacheDeviceId, '11048.8'), 'C2960X.uac.local'), str(row(OID.cdpCacheDevicePort, '11048.8'), 'GigabitEthernet1/0/8'),
    str(row(OID.cdpCachePlatform, '11048.8'), 'cisco WS-C2960X-24PD-L'),
    // an IPv6-only neighbour (address type 20) on a port that is none of the device's interfaces
    int(row(OID.cdpCacheAddressType, '7.1'), 20), bytes(row(OID.cdpCacheAddress, '7.1'), Array(16).fill(1)),
    str(row(OID.cdpCacheDeviceId, '7.1'), 'SEP001122334455'), str(row(OID.cdpCacheDevicePort, '7.1'), 'Port 1'),
    str(row(OID.cdpCachePlatform, '7.1'), 'Cisco IP Phone 7962'),
  ];
  const got = readCdpNeighbors(rows, [iface(11048, 'Fa3/0/48')]);
  t.same(got.map((n) => [n.localIfIndex, n.localPort, n.remoteSysName, n.remotePortId, n.remotePortIdSubtype, n.remoteManagementAddresses, n.remotePlatform, n.protocol]), [
    [0, '7', 'SEP001122334455', 'Port 1', 5, [], 'Cisco IP Phone 7962', 'cdp'],
    [11048, 'Fa3/0/48', 'C2960X.uac.local', 'GigabitEthernet1/0/8', 5, ['10.204.88.10'], 'cisco WS-C2960X-24PD-L', 'cdp'],
  ]);
  t.same(readCdpNeighbors([], []), [], 'no CDP: no neighbours');
});

t.test('counter width per interface', async (t) => {
  // [what, ifHCInOctets rows, ifIndex → counterBits]
  const cases: [string, Varbind[], Record<number, number>][] = [
    ['HC on some ports only', [c64(`${OID.ifHCInOctets}.1`, 5n)], { 1: 64, 2: 32 }],
    ['HC everywhere', [c64(`${OID.ifHCInOctets}.1`, 5n), c64(`${OID.ifHCInOctets}.2`, 0n)], { 1: 64, 2: 64 }],
    ['an exception is no HC counter', [none(`${OID.ifHCInOctets}.1`)], { 1: 32, 2: 32 }],
    ['no ifXTable', [], { 1: 32, 2: 32 }],
  ];
  for (const [what, hc, want] of cases) {
    const ifs = readInterfaces([str(`${OID.ifDescr}.1`, 'a'), str(`${OID.ifDescr}.2`, 'b'), ...hc], []);
    t.same(Object.fromEntries(ifs.map((i) => [i.index, i.counterBits])), want, what);
  }
});

t.test('sensor scaling (ENTITY-SENSOR scale and precision)', async (t) => {
  // [scale, precision, factor]
  const cases: [number, number, number][] = [
    [9, 0, 1], [9, 1, 0.1], [9, 2, 0.01], [8, 0, 0.001], [8, 3, 1e-6], [7, 0, 1e-6], [10, 0, 1000], [10, -1, 10000],
    [11, 2, 1e4], [14, 0, 1e18], [15, 0, 1e15], [1, 0, 1e-24], [99, 1, 0.1], [9, 42, 1],
  ];
  for (const [scale, precision, want] of cases) t.equal(sensorFactor(scale, precision), want, `scale ${scale} precision ${precision} → ${want}`);

  const comps: Component[] = [{ index: 1010, descr: 'Temp sensor', name: 'CPU temp', class: 8, containedIn: 1, serial: '', model: '', softwareRev: '', mfgName: '' }];
  const rows: Varbind[] = [
    int(`${OID.entPhySensorType}.1010`, 8), int(`${OID.entPhySensorScale}.1010`, 9), int(`${OID.entPhySensorPrecision}.1010`, 1),
    int(`${OID.entPhySensorType}.2020`, 14), int(`${OID.entPhySensorScale}.2020`, 8), int(`${OID.entPhySensorPrecision}.2020`, 0),
    int(`${OID.entPhySensorType}.3030`, 10), int(`${OID.entPhySensorScale}.3030`, 9), int(`${OID.entPhySensorPrecision}.3030`, 0),
    int(`${OID.entPhySensorType}.4040`, 4), int(`${OID.entPhySensorScale}.4040`, 8), int(`${OID.entPhySensorPrecision}.4040`, 2),
  ];
  t.same(readEntitySensors(rows, comps).map((s) => [s.index, s.kind, s.name, s.unit, s.oid, s.scale]), [
    [1010, 'temperature', 'CPU temp', 'C', `${OID.entPhySensorValue}.1010`, 0.1],
    [2020, 'opticalPower', 'sensor 2020', 'dBm', `${OID.entPhySensorValue}.2020`, 0.001],
    [3030, 'fanSpeed', 'sensor 3030', 'rpm', `${OID.entPhySensorValue}.3030`, 1],
    [4040, 'voltage', 'sensor 4040', 'V', `${OID.entPhySensorValue}.4040`, 1e-5],
  ]);

  const table = { kind: 'fanState' as const, name: '1.3.6.1.4.1.9.9.13.1.4.1.2', value: '1.3.6.1.4.1.9.9.13.1.4.1.3', unit: '', scale: 1, indexOffset: 0x20000000 };
  t.same(readTableSensors([str(`${table.name}.3004`, 'Switch#3, Fan#1'), int(`${table.value}.3004`, 1), int(`${table.value}.7`, 1)], table)
    .map((s) => [s.index, s.name, s.oid]), [
    [0x20000000 + 7, 'fanState 7', `${table.value}.7`],
    [0x20000000 + 3004, 'Switch#3, Fan#1', `${table.value}.3004`],
  ], 'a vendor table: index offset, name column, value OID');
});
