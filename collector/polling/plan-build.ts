import { agentBounds, type NetworkConfig, type SnmpVariableConfig } from '../../core/config-schema.js';
import type { Device, Interface, MetricSource, PollCaps, VariableDef, VariableInstance, VariableRow } from '../../core/types.js';
import type { PollOp, PollPlan } from '../../workers/index.js';
import { GridKind } from './grid-kind.js';
import type { SnmpTarget } from '../../snmp/types.js';
import { OID } from '../oids.js';
import { variableDef } from '../inventory/variables-builtin.js';

/** Assigns (or returns the existing) storage slot of a triplet; aux slots carry state only. */
type SlotOf = (name: string, deviceId: number, index: number) => number;

/** A device's variables, in plan order, as parallel arrays (no object per variable). */
export interface DeviceVars {
  readonly names: string[];
  /** Component index: ifIndex, a sensor's index, 0 for device-level variables. */
  readonly indexes: number[];
  readonly slots: number[];
  readonly kinds: GridKind[];
}

interface DevicePlan {
  readonly plan: PollPlan;
  readonly vars: DeviceVars;
}

/**
 * The variables of a device and the poll plan that computes them, from what discovery found.
 * `operator`: the operator's SNMP variables (config `variables.snmp`) whose `devices` rule selects
 * this device (collector/inventory/operator-vars.ts), polled after the built-in ones.
 */
export function buildDevicePlan(d: Device, net: NetworkConfig, slotOf: SlotOf, operator: readonly SnmpVariableConfig[] = []): DevicePlan {
  const g = devicePlanSteps(d, net, slotOf, operator);
  for (;;) { const r = g.next(); if (r.done) return r.value; }
}

/** Interfaces planned between two pauses of devicePlanSteps (~6,000 variables). */
const PLAN_STEP_INTERFACES = 512;

/**
 * buildDevicePlan as steps: pauses (yields) after every PLAN_STEP_INTERFACES interfaces, so that a
 * caller may let other work run while a device of thousands of interfaces is planned. The plan and
 * the slots asked for (in the same order) are buildDevicePlan's however it is driven.
 */
export function* devicePlanSteps(d: Device, net: NetworkConfig, slotOf: SlotOf, operator: readonly SnmpVariableConfig[] = []): Generator<void, DevicePlan, void> {
  const ops: PollOp[] = [];
  const columns = new Set<string>();
  const scalars = new Set<string>();
  const vars: DeviceVars = { names: [], indexes: [], slots: [], kinds: [] };
  const caps = d.poll;
  const bound = pollBound(d, net, operator);

  const add = (name: string, index: number, kind: GridKind): number => {
    const slot = slotOf(name, d.id, index);
    vars.names.push(name); vars.indexes.push(index); vars.slots.push(slot); vars.kinds.push(kind);
    return slot;
  };
  const col = (c: string, index: number) => { columns.add(c); return `${c}.${index}`; };

  for (let k = 0; k < bound.interfaces; k++) {
    if (k > 0 && k % PLAN_STEP_INTERFACES === 0) yield;
    const i = d.interfaces[k]!;
    // per interface: its own counter width, else (generations stored before counterBits) the device's
    const hc = i.counterBits !== undefined ? i.counterBits === 64 : caps.hc;
    const counter = (name: string, hcCol: string, col32: string, scale: number) => {
      const slot = add(name, i.index, GridKind.Rate);
      ops.push({ op: 'counter', slot, oid: col(hc ? hcCol : col32, i.index), width: hc ? 64 : 32, scale });
      return slot;
    };
    const inRate = counter('ifInRate', OID.ifHCInOctets, OID.ifInOctets, 8);
    const outRate = counter('ifOutRate', OID.ifHCOutOctets, OID.ifOutOctets, 8);
    counter('ifInUcastPkts', OID.ifHCInUcastPkts, OID.ifInUcastPkts, 1);
    counter('ifOutUcastPkts', OID.ifHCOutUcastPkts, OID.ifOutUcastPkts, 1);
    // non-unicast: ifXTable both ways (its Counter32 columns where the interface has no HC counters)
    counter('ifInMulticastPkts', OID.ifHCInMulticastPkts, OID.ifInMulticastPkts, 1);
    counter('ifOutMulticastPkts', OID.ifHCOutMulticastPkts, OID.ifOutMulticastPkts, 1);
    counter('ifInBroadcastPkts', OID.ifHCInBroadcastPkts, OID.ifInBroadcastPkts, 1);
    counter('ifOutBroadcastPkts', OID.ifHCOutBroadcastPkts, OID.ifOutBroadcastPkts, 1);
    for (const [name, c] of [['ifInErrors', OID.ifInErrors], ['ifOutErrors', OID.ifOutErrors], ['ifInDiscards', OID.ifInDiscards], ['ifOutDiscards', OID.ifOutDiscards]] as const) {
      const slot = add(name, i.index, GridKind.Rate);
      ops.push({ op: 'counter', slot, oid: col(c, i.index), width: 32, scale: 1 });
    }
    for (const [name, c] of [['ifOperStatus', OID.ifOperStatus], ['ifAdminStatus', OID.ifAdminStatus]] as const) {
      const slot = add(name, i.index, GridKind.Enum);
      ops.push({ op: 'gauge', slot, oid: col(c, i.index), scale: 1 });
    }
    const speed = add('ifSpeed', i.index, GridKind.Gauge);
    ops.push(hc ? { op: 'gauge', slot: speed, oid: col(OID.ifHighSpeed, i.index), scale: 1e6 } : { op: 'gauge', slot: speed, oid: col(OID.ifSpeed, i.index), scale: 1 });
    ops.push({ op: 'ratio', slot: add('ifInUtil', i.index, GridKind.Rate), numSlot: inRate, denSlot: speed, scale: 100 });
    ops.push({ op: 'ratio', slot: add('ifOutUtil', i.index, GridKind.Rate), numSlot: outRate, denSlot: speed, scale: 100 });
  }

  const uptimeSlot = add('sysUpTime', 0, GridKind.Gauge);
  ops.push({ op: 'gauge', slot: uptimeSlot, oid: OID.sysUpTime, scale: 0.01 });
  scalars.add(OID.sysUpTime);
  const cpu = caps.cpu !== undefined ? caps.cpu : legacyCpu(caps);
  if (cpu) {
    if (cpu.kind === 'ucdCpu') {
      const slot = add('cpuUtil', 0, GridKind.Rate);
      OID.ssCpuRawAll.forEach((o) => scalars.add(o));
      ops.push({ op: 'cpuTicks', slot, auxSlot: slotOf('~cpuTicksAll', d.id, 0), idleOid: OID.ssCpuRawIdle, allOids: OID.ssCpuRawAll });
    } else {
      metricOp(cpu, add('cpuUtil', 0, GridKind.Gauge), ops, columns, scalars);
    }
  }
  const mem = caps.mem !== undefined ? caps.mem : legacyMem(caps);
  if (mem && mem.kind !== 'ucdCpu') metricOp(mem, add('memUtil', 0, GridKind.Gauge), ops, columns, scalars);

  for (const sn of (d.sensors ?? []).slice(0, bound.sensors)) {
    scalars.add(sn.oid);
    ops.push({ op: 'gauge', slot: add('sensorValue', sn.index, GridKind.Gauge), oid: sn.oid, scale: sn.scale });
  }

  for (const v of operator) operatorOps(d, v, add, col, scalars, ops, bound.interfaces);

  // Interface columns are walked whole (cheaper than GETs of every cell, and new rows show up).
  const target: SnmpTarget = {
    address: d.address, port: d.snmpPort, version: caps.version,
    community: caps.version === '2c' ? caps.community : undefined,
    user: caps.version === '3' ? net.snmp.v3Users.find((u) => u.name === caps.v3User) : undefined,
    timeoutMs: net.snmp.timeoutMs, retries: net.snmp.retries, maxRepetitions: net.snmp.maxRepetitions,
    maxMessageBytes: net.snmp.maxMessageBytes, pollPath: net.snmp.pollPath ?? 'auto',
    maxTableRows: agentBounds(net.snmp).maxTableRows,
  };
  return { plan: { deviceId: d.id, target, uptimeSlot, scalars: [...scalars], columns: [...columns], ops }, vars };
}

/** OIDs one polled interface reads: 8 octet/packet counters, 4 error/discard counters, 2 statuses, the speed. */
const READS_PER_INTERFACE = 15;
/** OIDs a device reads besides its interfaces, sensors and operator variables, at most: sysUpTime, CPU and memory sources. */
const READS_OF_DEVICE = 16;

/**
 * How much of a device one poll reads, within the network's `snmp.maxVarbindsPerDevice`: the first
 * `interfaces` interfaces (by ifIndex) and `sensors` sensors; `reason` says what is left out ('' when
 * nothing is). Bounds the device's variables (series slots) with its varbinds.
 */
export function pollBound(d: Pick<Device, 'interfaces' | 'sensors' | 'variableRows'>, net: NetworkConfig, operator: readonly SnmpVariableConfig[] = []): { interfaces: number; sensors: number; reason: string } {
  const { maxVarbinds } = agentBounds(net.snmp);
  const perInterface = READS_PER_INTERFACE + operator.filter((v) => v.index === 'interface').length;
  let other = READS_OF_DEVICE;
  for (const v of operator) if (v.index === 'scalar') other++; else if (v.index === 'table') other += d.variableRows?.[v.oid]?.length ?? 0;
  const allSensors = d.sensors?.length ?? 0;
  const sensors = Math.max(0, Math.min(allSensors, maxVarbinds - other));
  const interfaces = Math.max(0, Math.min(d.interfaces.length, Math.floor((maxVarbinds - other - sensors) / perInterface)));
  const left: string[] = [];
  if (interfaces < d.interfaces.length) left.push(`${interfaces} of ${d.interfaces.length} interfaces polled`);
  if (sensors < allSensors) left.push(`${sensors} of ${allSensors} sensors polled`);
  const reason = left.length === 0 ? '' : `${left.join(', ')}: a poll of a device reads at most ${maxVarbinds} varbinds (networks[].snmp.maxVarbindsPerDevice)`;
  return { interfaces, sensors, reason };
}

/**
 * The ops of one operator SNMP variable on a device: gauge and enum → `gauge` × scale, counter32/64 →
 * `counter` of that width × scale. `scalar`: its OID, index 0; `interface`: its column at each
 * interface's ifIndex; `table`: its column at each row discovery found (Device.variableRows; none
 * before the device's next discovery). Columns are walked whole, as the interface columns.
 */
function operatorOps(
  d: Device, v: SnmpVariableConfig, add: (name: string, index: number, kind: GridKind) => number,
  col: (c: string, index: number) => string, scalars: Set<string>, ops: PollOp[], polledInterfaces: number,
): void {
  const kind = v.type === 'gauge' ? GridKind.Gauge : v.type === 'enum' ? GridKind.Enum : GridKind.Rate;
  const op = (index: number, oid: string): void => {
    const slot = add(v.name, index, kind);
    ops.push(kind === GridKind.Rate ? { op: 'counter', slot, oid, width: v.type === 'counter64' ? 64 : 32, scale: v.scale } : { op: 'gauge', slot, oid, scale: v.scale });
  };
  if (v.index === 'scalar') { scalars.add(v.oid); op(0, v.oid); return; }
  const indexes = v.index === 'interface' ? d.interfaces.slice(0, polledInterfaces).map((i) => i.index) : (d.variableRows?.[v.oid] ?? []).map((r) => r.index);
  for (const i of indexes) op(i, col(v.oid, i));
}

/**
 * Where variableInstance finds definitions: the built-in ones by default; the inventory adds the
 * operator's (the catalog's VariableDefs) and the rows of their table variables.
 */
export interface InstanceDefs {
  def(name: string): VariableDef | undefined;
  /** The rows of an operator table variable on a device (Device.variableRows of its column). */
  rows(d: Device, name: string): readonly VariableRow[] | undefined;
}
const BUILTIN_DEFS: InstanceDefs = { def: variableDef, rows: () => undefined };

/**
 * The VariableInstance of a device's variable (made on demand: the collector keeps variables as
 * parallel arrays). `ifOf`: the device's interface of an ifIndex. An operator variable carries its
 * configured description, unit and category; its component is the interface (index `interface`) or
 * the row's name (index `table`).
 */
export function variableInstance(d: Device, ifOf: (index: number) => Interface | undefined, name: string, index: number, slot: number, defs: InstanceDefs = BUILTIN_DEFS): VariableInstance {
  const builtin = variableDef(name);
  const def = builtin ?? defs.def(name);
  if (def === undefined) {
    return { slot, name, deviceId: d.id, index, deviceName: d.name, componentName: '', description: name, unit: '', category: '', tags: d.tags };
  }
  if (builtin === undefined) {
    const componentName = def.scope === 'interface' ? ifOf(index)?.name ?? ''
      : def.scope === 'component' ? defs.rows(d, name)?.find((r) => r.index === index)?.name ?? String(index) : '';
    return { slot, name, deviceId: d.id, index, deviceName: d.name, componentName, description: def.description, unit: def.unit, category: def.category, tags: d.tags };
  }
  if (def.scope === 'component') {
    // a sensor: named by its component's entPhysicalName (or its vendor table's name column)
    const sn = d.sensors?.find((x) => x.index === index);
    return {
      slot, name, deviceId: d.id, index, deviceName: d.name, componentName: sn?.name ?? '',
      description: sn ? `${def.description}: ${sn.kind}` : def.description, unit: sn?.unit ?? def.unit, category: def.category, tags: d.tags,
    };
  }
  const i = index === 0 ? undefined : ifOf(index);
  return {
    slot, name, deviceId: d.id, index, deviceName: d.name, componentName: i?.name ?? '',
    description: i ? (i.alias || i.descr) : def.description, unit: def.unit, category: def.category, tags: d.tags,
  };
}

/**
 * The op computing a device-level percentage from its MetricSource (ucdCpu aside: it needs an aux
 * slot), with the columns it walks and the scalars it reads.
 */
function metricOp(m: Exclude<MetricSource, { kind: 'ucdCpu' }>, slot: number, ops: PollOp[], columns: Set<string>, scalars: Set<string>): void {
  switch (m.kind) {
    case 'columnAvg': columns.add(m.column); ops.push({ op: 'columnAvg', slot, column: m.column, scale: m.scale }); break;
    case 'scalar': scalars.add(m.oid); ops.push({ op: 'gauge', slot, oid: m.oid, scale: m.scale }); break;
    case 'usedFree': columns.add(m.used); columns.add(m.free); ops.push({ op: 'usedFreeSum', slot, usedColumn: m.used, freeColumn: m.free }); break;
    case 'sizeUsed':
      if (m.instance) { scalars.add(m.size); scalars.add(m.used); ops.push({ op: 'fillPct', slot, sizeOid: m.size, usedOid: m.used }); }
      else { columns.add(m.size); columns.add(m.used); ops.push({ op: 'sizeUsedSum', slot, sizeColumn: m.size, usedColumn: m.used }); }
      break;
    case 'totalAvail': {
      scalars.add(m.total); scalars.add(m.avail);
      const alsoFree = [m.buffers, m.cached].filter((o): o is string => o !== undefined);
      for (const o of alsoFree) scalars.add(o);
      // without buffers and cached (older generations, agents without them) the op is as it was
      ops.push(alsoFree.length > 0 ? { op: 'usedPct', slot, totalOid: m.total, freeOid: m.avail, alsoFreeOids: alsoFree } : { op: 'usedPct', slot, totalOid: m.total, freeOid: m.avail });
      break;
    }
  }
}

/** The CPU source of a generation stored before PollCaps.cpu: hrProcessorLoad, else UCD ticks. */
function legacyCpu(caps: PollCaps): MetricSource | null {
  if (caps.hrProcessor) return { kind: 'columnAvg', column: OID.hrProcessorLoad, scale: 1 };
  return caps.ucdCpu ? { kind: 'ucdCpu' } : null;
}

/** The memory source of a generation stored before PollCaps.mem: UCD memory, else the hrStorage RAM row. */
function legacyMem(caps: PollCaps): MetricSource | null {
  if (caps.ucdMem) return { kind: 'totalAvail', total: OID.memTotalReal, avail: OID.memAvailReal };
  if (caps.hrRamIndex > 0) return { kind: 'sizeUsed', size: `${OID.hrStorageSize}.${caps.hrRamIndex}`, used: `${OID.hrStorageUsed}.${caps.hrRamIndex}`, instance: true };
  return null;
}

/** The device's interfaces by ifIndex, as a lookup function. */
export function interfaceLookup(d: Device): (index: number) => Interface | undefined {
  const byIndex = new Map(d.interfaces.map((i) => [i.index, i]));
  return (index) => byIndex.get(index);
}

/** Every variable of a device as VariableInstance objects (benchmarks and tests). */
export function instancesOf(d: Device, vars: DeviceVars, defs: InstanceDefs = BUILTIN_DEFS): VariableInstance[] {
  const ifOf = interfaceLookup(d);
  return vars.names.map((name, k) => variableInstance(d, ifOf, name, vars.indexes[k]!, vars.slots[k]!, defs));
}
