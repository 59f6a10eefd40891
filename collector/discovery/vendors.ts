/**
 * Vendor names by IANA enterprise number (the 7th arc of sysObjectID: 1.3.6.1.4.1.<n>): the last
 * resort of a device's vendor (probe-identity.ts). Agent makers that are not box makers (Net-SNMP,
 * 2021 and 8072) are left out: a Linux host is not made by Net-SNMP.
 */
const ENTERPRISES: Record<number, string> = {
  9: 'Cisco', 11: 'HP', 43: '3Com', 171: 'D-Link', 311: 'Microsoft', 674: 'Dell', 1916: 'Extreme',
  1991: 'Brocade', 2011: 'Huawei', 2636: 'Juniper', 3375: 'F5', 4526: 'Netgear', 6027: 'Force10',
  6527: 'Nokia', 6486: 'Alcatel-Lucent', 11863: 'TP-Link', 12356: 'Fortinet', 14179: 'Cisco',
  14823: 'Aruba', 14988: 'MikroTik', 25461: 'PaloAlto', 25506: 'H3C', 30065: 'Arista', 41112: 'Ubiquiti',
  47196: 'Cumulus', 8741: 'SonicWall', 2620: 'CheckPoint', 3076: 'Cisco', 5951: 'Citrix',
};

/** The vendor named by a sysObjectID, '' when unknown. */
export function vendorOf(sysObjectID: string): string {
  const m = /^\.?1\.3\.6\.1\.4\.1\.(\d+)/.exec(sysObjectID);
  return m ? ENTERPRISES[Number(m[1])] ?? '' : '';
}

/** A tag word: no spaces or dots (tags are `<Facet>.<Word>`), so `Catalyst 3750` → `Catalyst_3750`. */
export const tagWord = (s: string): string => s.trim().replace(/[\s.]+/g, '_');
