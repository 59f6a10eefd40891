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
  const col = (c: string) => rowsOf(ifs, c);
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
  return [...indexes].sort((a, b) => a - b).map((index) => {
    const k = String(index);
    const hs = num(high.get(k));
    const d = text(descr.get(k));
    const hc = hcIn.get(k);
    return {
      index, name: text(name.get(k)) || d, descr: d, alias: text(alias.get(k)), type: num(type.get(k)) || 0,
      speedBps: hs > 0 ? hs * 1e6 : num(speed.get(k)) || 0,
      adminStatus: num(admin.get(k)) || 0, operStatus: num(oper.get(k)) || 0, mac: mac(phys.get(k)),
      addresses: addrs.get(index) ?? [], tags: [],
      counterBits: hc !== undefined && Number.isFinite(num(hc)) ? 64 : 32,
    };
  });
}
