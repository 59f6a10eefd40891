import type { Interface, Neighbor } from '../../core/types.js';
import type { Varbind } from '../../snmp/types.js';
import { OID } from '../oids.js';
import { idText, macOfBytes, num, rowsOf, text } from './snmp-values.js';

export const LLDP_COLUMNS = [OID.lldpLocPortIdSubtype, OID.lldpLocPortId, OID.lldpLocPortDesc,
  OID.lldpRemChassisIdSubtype, OID.lldpRemChassisId, OID.lldpRemPortIdSubtype, OID.lldpRemPortId, OID.lldpRemPortDesc,
  OID.lldpRemSysName, OID.lldpRemManAddrIfSubtype];

/** LLDP neighbours; the local port is mapped to an ifIndex through lldpLocPortTable (by name or MAC, else by number). */
export function readLldpNeighbors(lldp: readonly Varbind[], interfaces: readonly Interface[]): Neighbor[] {
  const col = (c: string) => rowsOf(lldp, c);
  const locSub = col(OID.lldpLocPortIdSubtype), locId = col(OID.lldpLocPortId), locDesc = col(OID.lldpLocPortDesc);
  const chassis = col(OID.lldpRemChassisId), portSub = col(OID.lldpRemPortIdSubtype), portId = col(OID.lldpRemPortId),
    portDesc = col(OID.lldpRemPortDesc), sysName = col(OID.lldpRemSysName);
  const manAddrs = new Map<string, string[]>();
  for (const idx of col(OID.lldpRemManAddrIfSubtype).keys()) {
    const p = idx.split('.');
    if (p.length < 5) continue;
    const key = p.slice(0, 3).join('.');
    const subtype = Number(p[3]);
    let bytes = p.slice(4).map(Number);
    if (bytes.length === bytes[0] + 1) bytes = bytes.slice(1); // length-prefixed (non-IMPLIED) index
    let addr = '';
    if (subtype === 1 && bytes.length === 4) addr = bytes.join('.');
    else if (subtype === 2 && bytes.length === 16) addr = Array.from({ length: 8 }, (_, i) => ((bytes[2 * i] << 8) | bytes[2 * i + 1]).toString(16)).join(':');
    if (!addr) continue;
    if (!manAddrs.has(key)) manAddrs.set(key, []);
    manAddrs.get(key)!.push(addr);
  }
  const byName = new Map(interfaces.map((i) => [i.name, i.index]));
  const byDescr = new Map(interfaces.map((i) => [i.descr, i.index]));
  const byMac = new Map(interfaces.filter((i) => i.mac).map((i) => [i.mac, i.index]));
  const ifIndexes = new Set(interfaces.map((i) => i.index));
  const localIfIndex = (portNum: string): number => {
    const sub = num(locSub.get(portNum));
    const id = macIfSubtype3(locId.get(portNum), sub);
    const viaId = sub === 3 ? byMac.get(id) : byName.get(id) ?? byDescr.get(id);
    if (viaId !== undefined) return viaId;
    const viaDesc = byName.get(text(locDesc.get(portNum))) ?? byDescr.get(text(locDesc.get(portNum)));
    if (viaDesc !== undefined) return viaDesc;
    return ifIndexes.has(Number(portNum)) ? Number(portNum) : 0;
  };
  return [...chassis.keys()].map((idx) => {
    const [, localPortNum] = idx.split('.');
    return {
      localIfIndex: localIfIndex(localPortNum),
      localPort: idText(locId.get(localPortNum)) || localPortNum,
      remoteChassisId: idText(chassis.get(idx)),
      remoteSysName: text(sysName.get(idx)),
      remotePortId: macIfSubtype3(portId.get(idx), num(portSub.get(idx))),
      remotePortIdSubtype: num(portSub.get(idx)) || 0,
      remotePortDescr: text(portDesc.get(idx)),
      remoteManagementAddresses: manAddrs.get(idx) ?? [],
      protocol: 'lldp' as const,
      remotePlatform: '',
    };
  });
}

/** LLDP ids of subtype 3 (macAddress) are 6 raw bytes, whatever they look like. */
function macIfSubtype3(vb: Varbind | undefined, subtype: number): string {
  if (subtype === 3 && vb?.value instanceof Uint8Array && vb.value.length === 6) return macOfBytes(vb.value);
  return idText(vb);
}
