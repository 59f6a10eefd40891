// The poll plan of a device: per-interface counter width, the ops of each CPU and memory source,
// sensors, and generations stored before PollCaps.cpu/mem and Interface.counterBits (planned as before);
// the memory op's arithmetic with and without UCD memBuffer/memCached, on both evaluators.
import t from 'tap';
import { buildDevicePlan, instancesOf } from '../../../collector/polling/plan-build.js';
import { OID } from '../../../collector/oids.js';
import { simNetworkConfig } from '../../../bench/collector/sim-plans.js';
import type { Device, Interface, MetricSource, PollCaps } from '../../../core/types.js';
import type { PollOp } from '../../../workers/index.js';
import { evaluateOps } from '../../../workers/netsnmp/poll-eval.js';
import { compileOps } from '../../../workers/v2c/op-program.js';
import { evaluateProgram, StateView } from '../../../workers/v2c/op-eval.js';
import { Readings } from '../../../workers/v2c/readings.js';
import { SlotState } from '../../../workers/slot-state.js';
import { RingBuffer } from '../../../store/ring.js';
import { SnmpType } from '../../../snmp/types.js';

const net = simNetworkConfig(161);
const iface = (index: number, counterBits?: 32 | 64): Interface => ({
  index, name: `if${index}`, descr: '', alias: '', type: 6, speedBps: 1e9, adminStatus: 1, operStatus: 1, mac: '', addresses: [], tags: [],
  ...(counterBits === undefined ? {} : { counterBits }),
});
const caps = (over: Partial<PollCaps>): PollCaps => ({ version: '2c', community: 'public', v3User: '', hc: true, hrProcessor: false, ucdCpu: false, ucdMem: false, hrRamIndex: 0, ...over });
const device = (interfaces: Interface[], poll: PollCaps, extra: Partial<Device> = {}): Device => ({
  id: 7, name: 'd', address: '192.0.2.7', snmpPort: 161, sysObjectID: '', sysDescr: '', sysContact: '', sysLocation: '', sysUpTimeCs: 0,
  chassisId: '', vendor: '', model: '', serialNumber: '', softwareRev: '', tags: [], interfaces, components: [], neighbors: [],
  discoveredAtMs: 0, poll, ...extra,
});
const plan = (d: Device) => {
  const slots = new Map<string, number>();
  return buildDevicePlan(d, net, (name, _id, index) => { const k = `${name}.${index}`; if (!slots.has(k)) slots.set(k, slots.size); return slots.get(k)!; });
};
const opOf = (d: Device, name: string, index: number): PollOp | undefined => {
  const { plan: p, vars } = plan(d);
  const k = vars.names.findIndex((n, j) => n === name && vars.indexes[j] === index);
  return k < 0 ? undefined : p.ops.find((o) => o.slot === vars.slots[k]);
};

t.test('counter width per interface', async (t) => {
  // [what, interfaces, device-wide hc, ifIndex → [ifInRate OID column, width, ifSpeed column]]
  const cases: [string, Interface[], boolean, Record<number, [string, number, string]>][] = [
    ['HC on one port, not on the other', [iface(1, 64), iface(2, 32)], true,
      { 1: [OID.ifHCInOctets, 64, OID.ifHighSpeed], 2: [OID.ifInOctets, 32, OID.ifSpeed] }],
    ['a device without HC anywhere', [iface(1, 32)], false, { 1: [OID.ifInOctets, 32, OID.ifSpeed] }],
    ['an older generation (no counterBits): the device-wide choice', [iface(1), iface(2)], true,
      { 1: [OID.ifHCInOctets, 64, OID.ifHighSpeed], 2: [OID.ifHCInOctets, 64, OID.ifHighSpeed] }],
    ['an older generation of a 32-bit device', [iface(3)], false, { 3: [OID.ifInOctets, 32, OID.ifSpeed] }],
  ];
  for (const [what, ifs, hc, want] of cases) {
    const d = device(ifs, caps({ hc }));
    const got: Record<number, [string, number, string]> = {};
    for (const i of ifs) {
      const rate = opOf(d, 'ifInRate', i.index) as Extract<PollOp, { op: 'counter' }>;
      const speed = opOf(d, 'ifSpeed', i.index) as Extract<PollOp, { op: 'gauge' }>;
      got[i.index] = [rate.oid.slice(0, rate.oid.lastIndexOf('.')), rate.width, speed.oid.slice(0, speed.oid.lastIndexOf('.'))];
    }
    t.same(got, want, what);
  }
});

t.test('multicast and broadcast packet rates: ifXTable columns of the interface\'s counter width', async (t) => {
  // [variable, 64-bit column, its Counter32 column]
  const cases: [string, string, string][] = [
    ['ifInMulticastPkts', '1.3.6.1.2.1.31.1.1.1.8', '1.3.6.1.2.1.31.1.1.1.2'],
    ['ifInBroadcastPkts', '1.3.6.1.2.1.31.1.1.1.9', '1.3.6.1.2.1.31.1.1.1.3'],
    ['ifOutMulticastPkts', '1.3.6.1.2.1.31.1.1.1.12', '1.3.6.1.2.1.31.1.1.1.4'],
    ['ifOutBroadcastPkts', '1.3.6.1.2.1.31.1.1.1.13', '1.3.6.1.2.1.31.1.1.1.5'],
  ];
  const d = device([iface(1, 64), iface(2, 32)], caps({ hc: true }));
  const { plan: p } = plan(d);
  for (const [name, hcCol, col32] of cases) {
    t.same(opOf(d, name, 1), { op: 'counter', slot: opOf(d, name, 1)?.slot, oid: `${hcCol}.1`, width: 64, scale: 1 }, `${name}: ${hcCol} on a 64-bit port`);
    t.same(opOf(d, name, 2), { op: 'counter', slot: opOf(d, name, 2)?.slot, oid: `${col32}.2`, width: 32, scale: 1 }, `${name}: ${col32} on a 32-bit port`);
    t.ok(p.columns.includes(hcCol) && p.columns.includes(col32), `${name}: both columns walked`);
  }
});

t.test('CPU and memory ops from their sources', async (t) => {
  const hc = { kind: 'usedFree', used: '1.3.6.1.4.1.9.9.221.1.1.1.1.18', free: '1.3.6.1.4.1.9.9.221.1.1.1.1.20' } as const;
  // [what, cpu, mem, cpuUtil op (without slot), memUtil op (without slot), walked columns]
  const cases: [string, MetricSource | null, MetricSource | null, unknown, unknown, string[]][] = [
    ['Cisco: cpmCPUTotal5minRev, enhanced mempool', { kind: 'columnAvg', column: '1.3.6.1.4.1.9.9.109.1.1.1.1.8', scale: 1 }, hc,
      { op: 'columnAvg', column: '1.3.6.1.4.1.9.9.109.1.1.1.1.8', scale: 1 }, { op: 'usedFreeSum', usedColumn: hc.used, freeColumn: hc.free },
      ['1.3.6.1.4.1.9.9.109.1.1.1.1.8', hc.used, hc.free]],
    ['HP: a scalar, hpLocalMem columns', { kind: 'scalar', oid: '1.3.6.1.4.1.11.2.14.11.5.1.9.6.1.0', scale: 1 }, { kind: 'sizeUsed', size: '1.3.6.1.4.1.11.2.14.11.5.1.1.2.1.1.1.5', used: '1.3.6.1.4.1.11.2.14.11.5.1.1.2.1.1.1.7' },
      { op: 'gauge', oid: '1.3.6.1.4.1.11.2.14.11.5.1.9.6.1.0', scale: 1 }, { op: 'sizeUsedSum', sizeColumn: '1.3.6.1.4.1.11.2.14.11.5.1.1.2.1.1.1.5', usedColumn: '1.3.6.1.4.1.11.2.14.11.5.1.1.2.1.1.1.7' },
      ['1.3.6.1.4.1.11.2.14.11.5.1.1.2.1.1.1.5', '1.3.6.1.4.1.11.2.14.11.5.1.1.2.1.1.1.7']],
    ['Windows: the hrStorage RAM row', { kind: 'columnAvg', column: OID.hrProcessorLoad, scale: 1 }, { kind: 'sizeUsed', size: `${OID.hrStorageSize}.5`, used: `${OID.hrStorageUsed}.5`, instance: true },
      { op: 'columnAvg', column: OID.hrProcessorLoad, scale: 1 }, { op: 'fillPct', sizeOid: `${OID.hrStorageSize}.5`, usedOid: `${OID.hrStorageUsed}.5` }, [OID.hrProcessorLoad]],
    ['Linux: UCD', { kind: 'ucdCpu' }, { kind: 'totalAvail', total: OID.memTotalReal, avail: OID.memAvailReal },
      { op: 'cpuTicks', idleOid: OID.ssCpuRawIdle, allOids: OID.ssCpuRawAll }, { op: 'usedPct', totalOid: OID.memTotalReal, freeOid: OID.memAvailReal }, []],
    ['Linux: UCD with memBuffer and memCached (counted as free)', { kind: 'ucdCpu' },
      { kind: 'totalAvail', total: OID.memTotalReal, avail: OID.memAvailReal, buffers: OID.memBuffer, cached: OID.memCached },
      { op: 'cpuTicks', idleOid: OID.ssCpuRawIdle, allOids: OID.ssCpuRawAll },
      { op: 'usedPct', totalOid: OID.memTotalReal, freeOid: OID.memAvailReal, alsoFreeOids: [OID.memBuffer, OID.memCached] }, []],
    ['Linux: UCD with memCached only', null, { kind: 'totalAvail', total: OID.memTotalReal, avail: OID.memAvailReal, cached: OID.memCached }, undefined,
      { op: 'usedPct', totalOid: OID.memTotalReal, freeOid: OID.memAvailReal, alsoFreeOids: [OID.memCached] }, []],
    ['neither answered', null, null, undefined, undefined, []],
  ];
  const strip = (o: PollOp | undefined) => { if (!o) return undefined; const { slot: _s, ...rest } = o as PollOp & { auxSlot?: number }; delete (rest as { auxSlot?: number }).auxSlot; return rest; };
  for (const [what, cpu, mem, cpuOp, memOp, columns] of cases) {
    const d = device([], caps({ cpu, mem }));
    t.same([strip(opOf(d, 'cpuUtil', 0)), strip(opOf(d, 'memUtil', 0)), plan(d).plan.columns], [cpuOp, memOp, columns], what);
  }
});

t.test('generations stored before PollCaps.cpu/mem plan as before', async (t) => {
  // [what, caps, cpuUtil op kind, memUtil op kind]
  const cases: [string, Partial<PollCaps>, string | undefined, string | undefined][] = [
    ['hrProcessor and UCD memory', { hrProcessor: true, ucdCpu: true, ucdMem: true, hrRamIndex: 3 }, 'columnAvg', 'usedPct'],
    ['UCD ticks and the hrStorage RAM row', { ucdCpu: true, hrRamIndex: 3 }, 'cpuTicks', 'fillPct'],
    ['nothing', {}, undefined, undefined],
  ];
  for (const [what, c, cpuKind, memKind] of cases) {
    const d = device([iface(1)], caps(c));
    t.same([opOf(d, 'cpuUtil', 0)?.op, opOf(d, 'memUtil', 0)?.op], [cpuKind, memKind], what);
  }
  const d = device([], caps({ hrRamIndex: 3 }));
  t.same(opOf(d, 'memUtil', 0), { op: 'fillPct', slot: (opOf(d, 'memUtil', 0) as PollOp).slot, sizeOid: `${OID.hrStorageSize}.3`, usedOid: `${OID.hrStorageUsed}.3` }, 'the RAM row of hrRamIndex');
});

t.test('sensors: one component-scope gauge each', async (t) => {
  const d = device([], caps({}), {
    sensors: [
      { index: 1010, kind: 'temperature', name: 'CPU temp', unit: 'C', oid: `${OID.entPhySensorValue}.1010`, scale: 0.1 },
      { index: 0x20000000 + 3, kind: 'fanState', name: 'Fan 1', unit: '', oid: '1.3.6.1.4.1.9.9.13.1.4.1.3.3', scale: 1 },
    ],
  });
  t.same(strip2(opOf(d, 'sensorValue', 1010)), { op: 'gauge', oid: `${OID.entPhySensorValue}.1010`, scale: 0.1 });
  t.same(strip2(opOf(d, 'sensorValue', 0x20000000 + 3)), { op: 'gauge', oid: '1.3.6.1.4.1.9.9.13.1.4.1.3.3', scale: 1 });
  t.ok(plan(d).plan.scalars.includes(`${OID.entPhySensorValue}.1010`), 'read by GET');
  const inst = instancesOf(d, plan(d).vars).filter((v) => v.name === 'sensorValue').map((v) => [v.index, v.componentName, v.unit]);
  t.same(inst, [[1010, 'CPU temp', 'C'], [0x20000000 + 3, 'Fan 1', '']], 'instances: named by the component (entPhysicalName), in the sensor\'s unit');
});

function strip2(o: PollOp | undefined) { if (!o) return o; const { slot: _s, ...rest } = o; return rest; }

t.test('memory arithmetic of the planned op: total − free − buffers − cached, as `free` counts it', async (t) => {
  const withCache = { kind: 'totalAvail', total: OID.memTotalReal, avail: OID.memAvailReal, buffers: OID.memBuffer, cached: OID.memCached } as const;
  const plain = { kind: 'totalAvail', total: OID.memTotalReal, avail: OID.memAvailReal } as const;
  // [what, source, memTotalReal, memAvailReal, memBuffer, memCached (kB)]
  const cases: [string, MetricSource, number, number, number, number][] = [
    ['buffers and cache subtracted', withCache, 2_048_000, 512_000, 128_000, 640_000],
    ['an older generation: buffers and cache are used', plain, 2_048_000, 512_000, 128_000, 640_000],
    ['more buffers and cache than used: 0', withCache, 1000, 500, 300, 400],
  ];
  for (const [what, mem, total, avail, buf, cached] of cases) {
    const d = device([], caps({ mem }));
    const { plan: p } = plan(d);
    const want = mem === plain ? 100 * (total - avail) / total : 100 * Math.max(0, total - avail - buf - cached) / total;
    const vbs = [[OID.memTotalReal, total], [OID.memAvailReal, avail], [OID.memBuffer, buf], [OID.memCached, cached]]
      .map(([oid, value]) => ({ oid: oid as string, type: SnmpType.Integer, value: value as number }));
    // the net-snmp path
    const out1 = { slots: new Int32Array(p.ops.length), values: new Float64Array(p.ops.length), count: 0 };
    evaluateOps(p.ops, { tsMs: 1000, values: new Map(vbs.map((v) => [v.oid, v])), columns: new Map(), rebooted: false }, SlotState.create(64), RingBuffer.create(64), out1);
    // the v2c path
    const c = compileOps(p.ops, p.scalars);
    const r = new Readings(c.oids.length, c.columns.length);
    for (const vb of vbs) { const pos = c.oids.indexOf(vb.oid); if (pos >= 0) r.setInt(pos, vb.type, vb.value); }
    const out2 = { slots: new Int32Array(p.ops.length), values: new Float64Array(p.ops.length), count: 0 };
    evaluateProgram(c, r, 1000, false, new StateView(SlotState.create(64)), RingBuffer.create(64), out2, c.local);
    const memSlot = (opOf(d, 'memUtil', 0) as PollOp).slot;
    const at = (o: typeof out1) => o.values[Array.from(o.slots.subarray(0, o.count)).indexOf(memSlot)];
    t.same([at(out1), at(out2)], [want, want], `${what}: ${want.toFixed(2)} %`);
  }
});
