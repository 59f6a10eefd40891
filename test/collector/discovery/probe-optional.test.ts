// Every table but the system group is optional: a table read that fails or times out leaves its part
// empty, is listed in tableErrors and logged at debug naming the device and the table, and the
// device is still returned. The pool is the fake WorkerPool (test/fakes/worker-pool.ts) answering from a
// small MIB, failing the walks that touch the columns a case names.
import t from 'tap';
import type { WorkerPool } from '../../../collector/pool.js';
import { probeDevice } from '../../../collector/discovery/discovery-device.js';
import { simNetworkConfig } from '../../../bench/collector/sim-plans.js';
import { OID } from '../../../collector/oids.js';
import { SnmpType, type Varbind } from '../../../snmp/types.js';
import { fakeWorkerPool } from '../../fakes/worker-pool.js';

const str = (oid: string, s: string): Varbind => ({ oid, type: SnmpType.OctetString, value: new TextEncoder().encode(s) });
const int = (oid: string, value: number): Varbind => ({ oid, type: SnmpType.Integer, value });
const MIB: Varbind[] = [
  str(OID.sysDescr, 'Linux box 6.1'), { oid: OID.sysObjectID, type: SnmpType.Oid, value: '1.3.6.1.4.1.8072.3.2.10' },
  { oid: OID.sysUpTime, type: SnmpType.TimeTicks, value: 100 }, str(OID.sysName, 'box'),
  str(`${OID.ifDescr}.1`, 'lo'), str(`${OID.ifDescr}.2`, 'eth0'), str(`${OID.ifName}.2`, 'eth0'),
  { oid: `${OID.ifHCInOctets}.2`, type: SnmpType.Counter64, value: 5n },
  int(`${OID.ipAdEntIfIndex}.192.0.2.9`, 2),
  int(`${OID.hrProcessorLoad}.1`, 7),
  int(OID.memTotalReal, 100), int(OID.memAvailReal, 40),
  str(`${OID.entPhysicalDescr}.1`, 'chassis'), int(`${OID.entPhysicalClass}.1`, 3), str(`${OID.entPhysicalMfgName}.1`, 'Acme'),
  str(`${OID.cdpCacheDeviceId}.2.1`, 'peer'), str(`${OID.cdpCacheDevicePort}.2.1`, 'Gi0/1'),
];

/** A pool whose walks fail (error or timeout) when they read one of `failing`'s columns. */
function fakePool(failing: Map<string, 'error' | 'timeout'>): WorkerPool {
  return fakeWorkerPool(async (task) => {
    if (task.kind === 'get') {
      return { ok: true, varbinds: task.oids.map((o) => MIB.find((vb) => vb.oid === o) ?? { oid: o, type: SnmpType.NoSuchObject, value: null }) };
    }
    for (const c of task.columns) {
      const f = failing.get(c);
      if (f) return { ok: false, error: f === 'timeout' ? '127.0.0.1:161: Request timed out' : '127.0.0.1:161: genErr', timeout: f === 'timeout' };
    }
    return { ok: true, varbinds: MIB.filter((vb) => task.columns.some((c) => vb.oid.startsWith(c + '.'))) };
  });
}

// [what, failing columns, tableErrors, what the device still has]
const cases: [string, [string, 'error' | 'timeout'][], string[], { interfaces: number; hc: number; neighbors: number; components: number; addresses: number; cpu: string | null; mem: string | null }][] = [
  ['every table answers', [], [], { interfaces: 2, hc: 1, neighbors: 1, components: 1, addresses: 1, cpu: 'columnAvg', mem: 'totalAvail' }],
  ['ifXTable times out: names from ifDescr, 32-bit counters', [[OID.ifName, 'timeout']], ['ifXTable'], { interfaces: 2, hc: 0, neighbors: 1, components: 1, addresses: 1, cpu: 'columnAvg', mem: 'totalAvail' }],
  ['ifTable fails, ifXTable answers', [[OID.ifDescr, 'error']], ['interfaces'], { interfaces: 1, hc: 1, neighbors: 1, components: 1, addresses: 1, cpu: 'columnAvg', mem: 'totalAvail' }],
  ['LLDP and CDP time out', [[OID.lldpRemChassisId, 'timeout'], [OID.cdpCacheDeviceId, 'timeout']], ['cdp', 'lldp'], { interfaces: 2, hc: 1, neighbors: 0, components: 1, addresses: 1, cpu: 'columnAvg', mem: 'totalAvail' }],
  ['ENTITY-MIB fails', [[OID.entPhysicalDescr, 'error']], ['entity'], { interfaces: 2, hc: 1, neighbors: 1, components: 0, addresses: 1, cpu: 'columnAvg', mem: 'totalAvail' }],
  ['ipAddrTable and the sensors fail', [[OID.ipAdEntIfIndex, 'error'], [OID.entPhySensorType, 'timeout']], ['addresses', 'sensors'], { interfaces: 2, hc: 1, neighbors: 1, components: 1, addresses: 0, cpu: 'columnAvg', mem: 'totalAvail' }],
  ['the CPU and memory walk fails: the GET still answers', [[OID.hrProcessorLoad, 'timeout']], ['cpu', 'memory'], { interfaces: 2, hc: 1, neighbors: 1, components: 1, addresses: 1, cpu: null, mem: 'totalAvail' }],
];

for (const [what, failing, errors, has] of cases) {
  t.test(what, async (t) => {
    const logged: Record<string, unknown>[] = [];
    const logger = { debug: (_m: string, f?: Record<string, unknown>) => { logged.push(f ?? {}); }, info() {}, warn() {}, error() {}, child() { return logger; } };
    const r = await probeDevice(fakePool(new Map(failing)), '127.0.0.1', simNetworkConfig(161), () => 5, undefined, { logger });
    if (!r.ok) { t.fail(r.error); return; }
    const d = r.device;
    t.same((d.tableErrors ?? []).map((e) => e.table).sort(), errors, 'tableErrors');
    t.same({
      interfaces: d.interfaces.length, hc: d.interfaces.filter((i) => i.counterBits === 64).length, neighbors: d.neighbors.length,
      components: d.components.length, addresses: d.interfaces.flatMap((i) => i.addresses).length, cpu: d.poll.cpu?.kind ?? null, mem: d.poll.mem?.kind ?? null,
    }, has, 'what the device still has');
    t.same(logged.map((f) => f.table).sort(), errors, 'one debug line per failed table');
    t.ok(logged.every((f) => f.device === '127.0.0.1' && typeof f.error === 'string'), 'naming the device and the error');
    t.same([d.os, d.profile, d.vendor], ['Linux', 'linux-netsnmp', has.components > 0 ? 'Acme' : 'Linux'], 'identity (the ENTITY maker when ENTITY-MIB answers, else Linux)');
  });
}

t.test('no system group: no device', async (t) => {
  const empty = fakeWorkerPool(async () => ({ ok: false, error: '127.0.0.1:161: Request timed out', timeout: true }));
  t.same(await probeDevice(empty, '127.0.0.1', simNetworkConfig(161), () => 5), { ok: false, address: '127.0.0.1', error: '127.0.0.1:161: Request timed out' });
});
