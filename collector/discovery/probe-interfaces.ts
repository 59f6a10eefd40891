import type { Interface } from '../../core/types.js';
import type { Varbind } from '../../snmp/types.js';
import { OID } from '../oids.js';
import { mac, num, rowsOf, text } from './snmp-values.js';

/** ifTable columns (the `interfaces` part) and ifXTable columns (`ifXTable`), walked apart. */
export const IF_TABLE_COLUMNS = [OID.ifDescr, OID.ifType, OID.ifSpeed, OID.ifPhysAddress, OID.ifAdminStatus, OID.ifOperStatus];
export const IF_X_COLUMNS = [OID.ifName, OID.ifHighSpeed, OID.ifAlias, OID.ifHCInOctets];

/**
 * Interfaces from ifTable, ifXTable and ipAddrTable rows. Every row index of ifDescr or ifName is an
 * interface; `counterBits` is 64 for the interfaces that answered ifHCInOctets, else 32.
 */
export function readInterfaces(ifs: readonly Varbind[], ips: readonly Varbind[]): Interface[] {
  const g = readInterfacesSteps(ifs, ips);
  for (;;) { const r = g.next(); if (r.done) return r.value; }
}

/** Varbinds grouped, or interfaces made, between two pauses of readInterfacesSteps. */
const READ_STEP = 2048;

/**
 * readInterfaces as steps: pauses (yields) after every READ_STEP varbinds grouped and interfaces
 * made, so that a caller may let other work run while 10,000 interfaces are read (~0.25 s). The
 * result is readInterfaces's however it is driven.
 */
export function* readInterfacesSteps(ifs: readonly Varbind[], ips: readonly Varbind[]): Generator<void, Interface[], void> {
  // One pass over the rows (10,000 interfaces are 100,000 varbinds), not one per column: a varbind's
  // column is its OID up to the last arc. Only single-arc row indexes are ever looked up (every
  // lookup is by an interface's ifIndex), and for those this is what rowsOf of each column gives.
  const byColumn = new Map<string, Map<string, Varbind>>();
  for (const c of [...IF_TABLE_COLUMNS, ...IF_X_COLUMNS]) byColumn.set(c, new Map());
  for (let k = 0; k < ifs.length; k++) {
    if (k > 0 && k % READ_STEP === 0) yield;
    const vb = ifs[k]!;
    const dot = vb.oid.lastIndexOf('.');
    byColumn.get(vb.oid.slice(0, dot))?.set(vb.oid.slice(dot + 1), vb);
  }
  const col = (c: string) => byColumn.get(c)!;
  const descr = col(OID.ifDescr), type = col(OID.ifType), speed = col(OID.ifSpeed), phys = col(OID.ifPhysAddress),
    admin = col(OID.ifAdminStatus), oper = col(OID.ifOperStatus), name = col(OID.ifName), high = col(OID.ifHighSpeed),
    alias = col(OID.ifAlias), hcIn = col(OID.ifHCInOctets);
  const addrs = new Map<number, string[]>();
  for (const [ip, vb] of rowsOf(ips, OID.ipAdEntIfIndex)) {
    const idx = num(vb);
    if (!addrs.has(idx)) addrs.set(idx, []);
    addrs.get(idx)!.push(ip);
  }
  const indexes = new Set([...descr.keys(), ...name.keys()].filter((k) => /^\d+$/.test(k)).map(Number));
  const sorted = [...indexes].sort((a, b) => a - b);
  const out: Interface[] = [];
  for (let n = 0; n < sorted.length; n++) {
    if (n > 0 && n % READ_STEP === 0) yield;
    const index = sorted[n]!;
    const k = String(index);
    const hs = num(high.get(k));
    const d = text(descr.get(k));
    const hc = hcIn.get(k);
    out.push({
      index, name: text(name.get(k)) || d, descr: d, alias: text(alias.get(k)), type: num(type.get(k)) || 0,
      speedBps: hs > 0 ? hs * 1e6 : num(speed.get(k)) || 0,
      adminStatus: num(admin.get(k)) || 0, operStatus: num(oper.get(k)) || 0, mac: mac(phys.get(k)),
      addresses: addrs.get(index) ?? [], tags: [],
      counterBits: hc !== undefined && Number.isFinite(num(hc)) ? 64 : 32,
    });
  }
  return out;
}
