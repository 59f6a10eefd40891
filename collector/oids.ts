/** Numeric OIDs read by discovery and polling (Debian ships no IF-MIB or LLDP-MIB files). */
export const OID = Object.freeze({
  sysDescr: '1.3.6.1.2.1.1.1.0',
  sysObjectID: '1.3.6.1.2.1.1.2.0',
  sysUpTime: '1.3.6.1.2.1.1.3.0',
  sysContact: '1.3.6.1.2.1.1.4.0',
  sysName: '1.3.6.1.2.1.1.5.0',
  sysLocation: '1.3.6.1.2.1.1.6.0',

  ifEntry: '1.3.6.1.2.1.2.2.1',
  ifDescr: '1.3.6.1.2.1.2.2.1.2',
  ifType: '1.3.6.1.2.1.2.2.1.3',
  ifSpeed: '1.3.6.1.2.1.2.2.1.5',
  ifPhysAddress: '1.3.6.1.2.1.2.2.1.6',
  ifAdminStatus: '1.3.6.1.2.1.2.2.1.7',
  ifOperStatus: '1.3.6.1.2.1.2.2.1.8',
  ifInOctets: '1.3.6.1.2.1.2.2.1.10',
  ifInUcastPkts: '1.3.6.1.2.1.2.2.1.11',
  ifInDiscards: '1.3.6.1.2.1.2.2.1.13',
  ifInErrors: '1.3.6.1.2.1.2.2.1.14',
  ifOutOctets: '1.3.6.1.2.1.2.2.1.16',
  ifOutUcastPkts: '1.3.6.1.2.1.2.2.1.17',
  ifOutDiscards: '1.3.6.1.2.1.2.2.1.19',
  ifOutErrors: '1.3.6.1.2.1.2.2.1.20',

  ifName: '1.3.6.1.2.1.31.1.1.1.1',
  ifHCInOctets: '1.3.6.1.2.1.31.1.1.1.6',
  ifHCInUcastPkts: '1.3.6.1.2.1.31.1.1.1.7',
  ifHCOutOctets: '1.3.6.1.2.1.31.1.1.1.10',
  ifHCOutUcastPkts: '1.3.6.1.2.1.31.1.1.1.11',
  ifHighSpeed: '1.3.6.1.2.1.31.1.1.1.15',
  ifAlias: '1.3.6.1.2.1.31.1.1.1.18',

  ipAdEntIfIndex: '1.3.6.1.2.1.4.20.1.2',
  ipAdEntNetMask: '1.3.6.1.2.1.4.20.1.3',

  lldpLocChassisIdSubtype: '1.0.8802.1.1.2.1.3.1.0',
  lldpLocChassisId: '1.0.8802.1.1.2.1.3.2.0',
  lldpLocSysName: '1.0.8802.1.1.2.1.3.3.0',
  lldpLocPortIdSubtype: '1.0.8802.1.1.2.1.3.7.1.2',
  lldpLocPortId: '1.0.8802.1.1.2.1.3.7.1.3',
  lldpLocPortDesc: '1.0.8802.1.1.2.1.3.7.1.4',
  lldpRemChassisIdSubtype: '1.0.8802.1.1.2.1.4.1.1.4',
  lldpRemChassisId: '1.0.8802.1.1.2.1.4.1.1.5',
  lldpRemPortIdSubtype: '1.0.8802.1.1.2.1.4.1.1.6',
  lldpRemPortId: '1.0.8802.1.1.2.1.4.1.1.7',
  lldpRemPortDesc: '1.0.8802.1.1.2.1.4.1.1.8',
  lldpRemSysName: '1.0.8802.1.1.2.1.4.1.1.9',
  lldpRemManAddrIfSubtype: '1.0.8802.1.1.2.1.4.2.1.3',

  /** CISCO-CDP-MIB cdpCacheTable (index cdpCacheIfIndex.cdpCacheDeviceIndex). */
  cdpCacheAddressType: '1.3.6.1.4.1.9.9.23.1.2.1.1.3',
  cdpCacheAddress: '1.3.6.1.4.1.9.9.23.1.2.1.1.4',
  cdpCacheVersion: '1.3.6.1.4.1.9.9.23.1.2.1.1.5',
  cdpCacheDeviceId: '1.3.6.1.4.1.9.9.23.1.2.1.1.6',
  cdpCacheDevicePort: '1.3.6.1.4.1.9.9.23.1.2.1.1.7',
  cdpCachePlatform: '1.3.6.1.4.1.9.9.23.1.2.1.1.8',

  entPhysicalDescr: '1.3.6.1.2.1.47.1.1.1.1.2',
  entPhysicalContainedIn: '1.3.6.1.2.1.47.1.1.1.1.4',
  entPhysicalClass: '1.3.6.1.2.1.47.1.1.1.1.5',
  entPhysicalName: '1.3.6.1.2.1.47.1.1.1.1.7',
  entPhysicalSoftwareRev: '1.3.6.1.2.1.47.1.1.1.1.10',
  entPhysicalSerialNum: '1.3.6.1.2.1.47.1.1.1.1.11',
  entPhysicalMfgName: '1.3.6.1.2.1.47.1.1.1.1.12',
  entPhysicalModelName: '1.3.6.1.2.1.47.1.1.1.1.13',

  /** ENTITY-SENSOR-MIB entPhySensorTable (index entPhysicalIndex). */
  entPhySensorType: '1.3.6.1.2.1.99.1.1.1.1',
  entPhySensorScale: '1.3.6.1.2.1.99.1.1.1.2',
  entPhySensorPrecision: '1.3.6.1.2.1.99.1.1.1.3',
  entPhySensorValue: '1.3.6.1.2.1.99.1.1.1.4',

  hrProcessorLoad: '1.3.6.1.2.1.25.3.3.1.2',
  hrStorageType: '1.3.6.1.2.1.25.2.3.1.2',
  hrStorageSize: '1.3.6.1.2.1.25.2.3.1.5',
  hrStorageUsed: '1.3.6.1.2.1.25.2.3.1.6',
  hrStorageRam: '1.3.6.1.2.1.25.2.1.2',

  memTotalReal: '1.3.6.1.4.1.2021.4.5.0',
  memAvailReal: '1.3.6.1.4.1.2021.4.6.0',
  memBuffer: '1.3.6.1.4.1.2021.4.14.0',
  memCached: '1.3.6.1.4.1.2021.4.15.0',
  /** UCD-SNMP ssCpuRaw*: user 50, nice 51, system 52, idle 53, wait 54, kernel 55, interrupt 56, softIRQ 61. */
  ssCpuRawIdle: '1.3.6.1.4.1.2021.11.53.0',
  ssCpuRawAll: ['50', '51', '52', '53', '54', '56', '61'].map((n) => `1.3.6.1.4.1.2021.11.${n}.0`),
});

/** The index part of `oid` below `column`, e.g. ('1.3.6.1.2.1.2.2.1.2.7', ifDescr) → '7'. */
export const indexOf = (oid: string, column: string): string => oid.slice(column.length + 1);
