import type { NetworkConfig } from '../../core/config-schema.js';
import type { Device, Interface, VariableInstance } from '../../core/types.js';
import type { PollOp, PollPlan } from '../../workers/index.js';
import { GridKind } from './grid-kind.js';
import type { SnmpTarget } from '../../snmp/types.js';
import { OID } from '../oids.js';
import { variableDef } from '../inventory/variables-builtin.js';

/** Assigns (or returns the existing) storage slot of a triplet; aux slots carry state only. */
export type SlotOf = (name: string, deviceId: number, index: number) => number;

/** A device's variables, in plan order, as parallel arrays (no object per variable). */
export interface DeviceVars {
  readonly names: string[];
  /** Component index: ifIndex, 0 for device-level variables. */
  readonly indexes: number[];
  readonly slots: number[];
  readonly kinds: GridKind[];
}

export interface DevicePlan {
  readonly plan: PollPlan;
  readonly vars: DeviceVars;
}

/** The variables of a device and the poll plan that computes them, from what discovery found. */
export function buildDevicePlan(d: Device, net: NetworkConfig, slotOf: SlotOf): DevicePlan {
  const ops: PollOp[] = [];
  const columns = new Set<string>();
  const scalars = new Set<string>();
  const vars: DeviceVars = { names: [], indexes: [], slots: [], kinds: [] };
  const caps = d.poll;

  const add = (name: string, index: number, kind: GridKind): number => {
    const slot = slotOf(name, d.id, index);
    vars.names.push(name); vars.indexes.push(index); vars.slots.push(slot); vars.kinds.push(kind);
    return slot;
  };
  const col = (c: string, index: number) => { columns.add(c); return `${c}.${index}`; };

  for (const i of d.interfaces) {
    const hc = caps.hc;
    const counter = (name: string, hcCol: string, col32: string, scale: number) => {
      const slot = add(name, i.index, GridKind.Rate);
      ops.push({ op: 'counter', slot, oid: col(hc ? hcCol : col32, i.index), width: hc ? 64 : 32, scale });
      return slot;
    };
    const inRate = counter('ifInRate', OID.ifHCInOctets, OID.ifInOctets, 8);
    const outRate = counter('ifOutRate', OID.ifHCOutOctets, OID.ifOutOctets, 8);
    counter('ifInUcastPkts', OID.ifHCInUcastPkts, OID.ifInUcastPkts, 1);
    counter('ifOutUcastPkts', OID.ifHCOutUcastPkts, OID.ifOutUcastPkts, 1);
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
  if (caps.hrProcessor) {
    columns.add(OID.hrProcessorLoad);
    ops.push({ op: 'columnAvg', slot: add('cpuUtil', 0, GridKind.Gauge), column: OID.hrProcessorLoad, scale: 1 });
  } else if (caps.ucdCpu) {
    const slot = add('cpuUtil', 0, GridKind.Rate);
    OID.ssCpuRawAll.forEach((o) => scalars.add(o));
    ops.push({ op: 'cpuTicks', slot, auxSlot: slotOf('~cpuTicksAll', d.id, 0), idleOid: OID.ssCpuRawIdle, allOids: OID.ssCpuRawAll });
  }
  if (caps.ucdMem) {
    scalars.add(OID.memTotalReal); scalars.add(OID.memAvailReal);
    ops.push({ op: 'usedPct', slot: add('memUtil', 0, GridKind.Gauge), totalOid: OID.memTotalReal, freeOid: OID.memAvailReal });
  } else if (caps.hrRamIndex > 0) {
    const sizeOid = `${OID.hrStorageSize}.${caps.hrRamIndex}`, usedOid = `${OID.hrStorageUsed}.${caps.hrRamIndex}`;
    scalars.add(sizeOid); scalars.add(usedOid);
    ops.push({ op: 'fillPct', slot: add('memUtil', 0, GridKind.Gauge), sizeOid, usedOid });
  }

  // Interface columns are walked whole (cheaper than GETs of every cell, and new rows show up).
  const target: SnmpTarget = {
    address: d.address, port: d.snmpPort, version: caps.version,
    community: caps.version === '2c' ? caps.community : undefined,
    user: caps.version === '3' ? net.snmp.v3Users.find((u) => u.name === caps.v3User) : undefined,
    timeoutMs: net.snmp.timeoutMs, retries: net.snmp.retries, maxRepetitions: net.snmp.maxRepetitions,
    maxMessageBytes: net.snmp.maxMessageBytes, pollPath: net.snmp.pollPath ?? 'auto',
  };
  return { plan: { deviceId: d.id, target, uptimeSlot, scalars: [...scalars], columns: [...columns], ops }, vars };
}

/**
 * The VariableInstance of a device's variable (made on demand: the collector keeps variables as
 * parallel arrays). `ifOf`: the device's interface of an ifIndex.
 */
export function variableInstance(d: Device, ifOf: (index: number) => Interface | undefined, name: string, index: number, slot: number): VariableInstance {
  const def = variableDef(name)!;
  const i = index === 0 ? undefined : ifOf(index);
  return {
    slot, name, deviceId: d.id, index, deviceName: d.name, componentName: i?.name ?? '',
    description: i ? (i.alias || i.descr) : def.description, unit: def.unit, category: def.category, tags: d.tags,
  };
}

/** The device's interfaces by ifIndex, as a lookup function. */
export function interfaceLookup(d: Device): (index: number) => Interface | undefined {
  const byIndex = new Map(d.interfaces.map((i) => [i.index, i]));
  return (index) => byIndex.get(index);
}

/** Every variable of a device as VariableInstance objects (benchmarks and tests). */
export function instancesOf(d: Device, vars: DeviceVars): VariableInstance[] {
  const ifOf = interfaceLookup(d);
  return vars.names.map((name, k) => variableInstance(d, ifOf, name, vars.indexes[k]!, vars.slots[k]!));
}
