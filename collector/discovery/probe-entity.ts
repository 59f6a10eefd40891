import type { Component } from '../../core/types.js';
import type { Varbind } from '../../snmp/types.js';
import { OID } from '../oids.js';
import { num, rowsOf, text } from './snmp-values.js';

export const ENTITY_COLUMNS = [OID.entPhysicalDescr, OID.entPhysicalContainedIn, OID.entPhysicalClass, OID.entPhysicalName,
  OID.entPhysicalSoftwareRev, OID.entPhysicalSerialNum, OID.entPhysicalMfgName, OID.entPhysicalModelName];

/** ENTITY-MIB entPhysicalTable rows, by entPhysicalIndex. */
export function readComponents(ent: readonly Varbind[]): Component[] {
  const col = (c: string) => rowsOf(ent, c);
  const descr = col(OID.entPhysicalDescr), contained = col(OID.entPhysicalContainedIn), cls = col(OID.entPhysicalClass),
    name = col(OID.entPhysicalName), sw = col(OID.entPhysicalSoftwareRev), serial = col(OID.entPhysicalSerialNum),
    mfg = col(OID.entPhysicalMfgName), model = col(OID.entPhysicalModelName);
  const indexes = new Set([...descr.keys(), ...cls.keys()].filter((k) => /^\d+$/.test(k)).map(Number));
  return [...indexes].sort((a, b) => a - b).map((index) => {
    const k = String(index);
    return {
      index, descr: text(descr.get(k)), name: text(name.get(k)), class: num(cls.get(k)) || 0,
      containedIn: num(contained.get(k)) || 0, serial: text(serial.get(k)), model: text(model.get(k)),
      softwareRev: text(sw.get(k)), mfgName: text(mfg.get(k)),
    };
  });
}

/** The chassis: the first component of class chassis (3) without a chassis above it, else the first component. */
export function chassisOf(components: readonly Component[]): Component | undefined {
  return components.find((c) => c.class === 3) ?? components[0];
}
