import type { Interface, Neighbor } from '../../core/types.js';
import type { Varbind } from '../../snmp/types.js';
import { OID } from '../oids.js';
import { num, rowsOf, text } from './snmp-values.js';

/** CISCO-CDP-MIB cdpCacheTable columns read (address type, address, device id, device port, platform). */
export const CDP_COLUMNS = [OID.cdpCacheAddressType, OID.cdpCacheAddress, OID.cdpCacheDeviceId, OID.cdpCacheDevicePort, OID.cdpCachePlatform];

/** LLDP's port-id subtype interfaceName (5): CDP names the remote port by its name. */
const PORT_ID_INTERFACE_NAME = 5;

/**
 * CDP neighbours from cdpCacheTable rows (index: cdpCacheIfIndex.cdpCacheDeviceIndex). The local
 * port is the cdpCacheIfIndex (0 when it is none of the device's interfaces); the remote device is
 * named by cdpCacheDeviceId (remoteSysName; no chassis id), its port by cdpCacheDevicePort, its
 * address by cdpCacheAddress when the type is ip(1) and the address 4 bytes long.
 */
export function readCdpNeighbors(cdp: readonly Varbind[], interfaces: readonly Interface[]): Neighbor[] {
  const col = (c: string) => rowsOf(cdp, c);
  const addrType = col(OID.cdpCacheAddressType), addr = col(OID.cdpCacheAddress), devId = col(OID.cdpCacheDeviceId),
    port = col(OID.cdpCacheDevicePort), platform = col(OID.cdpCachePlatform);
  const byIndex = new Map(interfaces.map((i) => [i.index, i]));
  const rows = new Set([...devId.keys(), ...addr.keys()].filter((k) => /^\d+\.\d+$/.test(k)));
  return [...rows].sort(byIndexParts).map((idx) => {
    const ifIndex = Number(idx.split('.')[0]);
    const local = byIndex.get(ifIndex);
    return {
      localIfIndex: local ? ifIndex : 0,
      localPort: local?.name ?? String(ifIndex),
      remoteChassisId: '',
      remoteSysName: text(devId.get(idx)),
      remotePortId: text(port.get(idx)),
      remotePortIdSubtype: PORT_ID_INTERFACE_NAME,
      remotePortDescr: '',
      remoteManagementAddresses: ipOf(num(addrType.get(idx)), addr.get(idx)),
      protocol: 'cdp' as const,
      remotePlatform: text(platform.get(idx)),
    };
  });
}

/** cdpCacheAddress of type ip(1) is 4 raw bytes; other address types are not used. */
function ipOf(type: number, vb: Varbind | undefined): string[] {
  const v = vb?.value;
  if (type === 1 && v instanceof Uint8Array && v.length === 4) return [Array.from(v).join('.')];
  return [];
}

const byIndexParts = (a: string, b: string): number => {
  const [a1, a2] = a.split('.').map(Number), [b1, b2] = b.split('.').map(Number);
  return a1! - b1! || a2! - b2!;
};
