/**
 * Vendor profiles of simulated devices: what sysObjectID, sysDescr, ENTITY-MIB rows and interface
 * names look like for each. Vendor and model are recoverable from sysObjectID and from
 * entPhysicalMfgName/entPhysicalModelName.
 */

export interface EntityRow {
  /** entPhysicalIndex */
  index: number;
  descr: string;
  /** entPhysicalVendorType, under the vendor's enterprise arc */
  vendorType: string;
  containedIn: number;
  /** 3 chassis, 6 powerSupply, 7 fan, 9 module */
  cls: number;
  name: string;
  hwRev: string;
  softwareRev: string;
  /** a serial number suffix; the device index is mixed in by the MIB */
  serialPrefix: string;
  modelName: string;
}

export interface VendorModel {
  model: string;
  sysObjectID: string;
  chassisDescr: string;
}

export interface VendorProfile {
  vendor: string;
  mfgName: string;
  /** first three MAC bytes */
  oui: readonly [number, number, number];
  models: readonly VendorModel[];
  softwareVersion: string;
  sysDescr(model: VendorModel): string;
  /** ifName/ifDescr of front-panel port n (1-based) */
  portName(n: number): string;
  portDescr(n: number): string;
  portSpeedBps(n: number): number;
  mgmtName: string;
  mgmtDescr: string;
  entities(model: VendorModel): EntityRow[];
  serialPrefix: string;
}

const cisco: VendorProfile = {
  vendor: 'Cisco',
  mfgName: 'Cisco Systems, Inc.',
  oui: [0x00, 0x1b, 0x54],
  models: [
    { model: 'C9300-48P', sysObjectID: '1.3.6.1.4.1.9.1.2494', chassisDescr: 'Cisco Catalyst 9300 Series 48-port PoE+ Switch' },
    { model: 'WS-C3850-48T', sysObjectID: '1.3.6.1.4.1.9.1.1745', chassisDescr: 'Cisco Catalyst 3850 48-port Data Switch' },
  ],
  softwareVersion: '17.9.4',
  sysDescr: (m) =>
    `Cisco IOS Software [Cupertino], Catalyst L3 Switch Software (CAT9K_IOSXE), Version 17.9.4, RELEASE SOFTWARE (fc5)\r\n` +
    `Technical Support: http://www.cisco.com/techsupport\r\nCopyright (c) 1986-2023 by Cisco Systems, Inc.\r\nModel ${m.model}`,
  portName: (n) => `Gi1/0/${n}`,
  portDescr: (n) => `GigabitEthernet1/0/${n}`,
  portSpeedBps: () => 1_000_000_000,
  mgmtName: 'Gi0/0',
  mgmtDescr: 'GigabitEthernet0/0',
  serialPrefix: 'FOC',
  entities: (m) => [
    { index: 1, descr: m.chassisDescr, vendorType: '1.3.6.1.4.1.9.12.3.1.3.2494', containedIn: 0, cls: 3, name: 'Switch 1', hwRev: 'V02', softwareRev: '17.9.4', serialPrefix: 'FOC', modelName: m.model },
    { index: 2, descr: 'Switch 1 - Power Supply A', vendorType: '1.3.6.1.4.1.9.12.3.1.6.411', containedIn: 1, cls: 6, name: 'Switch 1 - Power Supply A', hwRev: 'V01', softwareRev: '', serialPrefix: 'DCB', modelName: 'PWR-C1-715WAC' },
    { index: 3, descr: 'Switch 1 - Power Supply B', vendorType: '1.3.6.1.4.1.9.12.3.1.6.411', containedIn: 1, cls: 6, name: 'Switch 1 - Power Supply B', hwRev: 'V01', softwareRev: '', serialPrefix: 'DCB', modelName: 'PWR-C1-715WAC' },
    { index: 4, descr: 'Switch 1 - FAN - T1 1', vendorType: '1.3.6.1.4.1.9.12.3.1.7.321', containedIn: 1, cls: 7, name: 'Switch 1 - FAN - T1 1', hwRev: '', softwareRev: '', serialPrefix: '', modelName: 'FAN-T1' },
    { index: 5, descr: '8x10G Uplink Module', vendorType: '1.3.6.1.4.1.9.12.3.1.9.1109', containedIn: 1, cls: 9, name: 'Switch 1 FRU Uplink Module 1', hwRev: 'V01', softwareRev: '', serialPrefix: 'FOC', modelName: 'C9300-NM-8X' },
  ],
};

const juniper: VendorProfile = {
  vendor: 'Juniper',
  mfgName: 'Juniper Networks',
  oui: [0x00, 0x05, 0x85],
  models: [
    { model: 'EX4300-48T', sysObjectID: '1.3.6.1.4.1.2636.1.1.1.2.63', chassisDescr: 'Juniper EX4300-48T Switch' },
    { model: 'QFX5100-48S', sysObjectID: '1.3.6.1.4.1.2636.1.1.1.2.82', chassisDescr: 'Juniper QFX5100-48S Switch' },
  ],
  softwareVersion: '21.4R3-S4.9',
  sysDescr: (m) =>
    `Juniper Networks, Inc. ${m.model.toLowerCase()} Ethernet Switch, kernel JUNOS 21.4R3-S4.9, ` +
    `Build date: 2023-05-10 08:00:00 UTC Copyright (c) 1996-2023 Juniper Networks, Inc.`,
  portName: (n) => `xe-0/0/${n - 1}`,
  portDescr: (n) => `xe-0/0/${n - 1}`,
  portSpeedBps: () => 10_000_000_000,
  mgmtName: 'em0',
  mgmtDescr: 'em0',
  serialPrefix: 'PE',
  entities: (m) => [
    { index: 1, descr: m.chassisDescr, vendorType: '1.3.6.1.4.1.2636.1.1.1.2.63', containedIn: 0, cls: 3, name: 'Chassis', hwRev: 'REV 12', softwareRev: '21.4R3-S4.9', serialPrefix: 'PE', modelName: m.model },
    { index: 2, descr: 'Power Supply 0', vendorType: '1.3.6.1.4.1.2636.1.1.3.2.63.2', containedIn: 1, cls: 6, name: 'PSU 0', hwRev: 'REV 03', softwareRev: '', serialPrefix: '1EDN', modelName: 'JPSU-350-AC-AFO' },
    { index: 3, descr: 'Power Supply 1', vendorType: '1.3.6.1.4.1.2636.1.1.3.2.63.2', containedIn: 1, cls: 6, name: 'PSU 1', hwRev: 'REV 03', softwareRev: '', serialPrefix: '1EDN', modelName: 'JPSU-350-AC-AFO' },
    { index: 4, descr: 'Fan Tray 0', vendorType: '1.3.6.1.4.1.2636.1.1.3.2.63.3', containedIn: 1, cls: 7, name: 'Fan Tray 0', hwRev: '', softwareRev: '', serialPrefix: '', modelName: 'EX4300-FAN' },
    { index: 5, descr: 'FPC 0', vendorType: '1.3.6.1.4.1.2636.1.1.3.2.63.4', containedIn: 1, cls: 9, name: 'FPC: EX4300-48T @ 0/*/*', hwRev: 'REV 12', softwareRev: '21.4R3-S4.9', serialPrefix: 'PE', modelName: 'EX4300-48T' },
  ],
};

const arista: VendorProfile = {
  vendor: 'Arista',
  mfgName: 'Arista Networks',
  oui: [0x28, 0x99, 0x3a],
  models: [
    { model: 'DCS-7050SX3-48YC8', sysObjectID: '1.3.6.1.4.1.30065.1.3011.7050.3741.48', chassisDescr: 'Arista 7050SX3 48xSFP28 8xQSFP100 Switch' },
    { model: 'DCS-7280SR-48C6', sysObjectID: '1.3.6.1.4.1.30065.1.3011.7280.2756.48', chassisDescr: 'Arista 7280SR 48x10G 6x100G Switch' },
  ],
  softwareVersion: '4.30.2F',
  sysDescr: (m) => `Arista Networks EOS version 4.30.2F running on an Arista Networks ${m.model}`,
  portName: (n) => `Ethernet${n}`,
  portDescr: (n) => `Ethernet${n}`,
  // the first four ports are 100G uplinks (ifSpeed saturates at 4294967295; ifHighSpeed says 100000)
  portSpeedBps: (n) => (n <= 4 ? 100_000_000_000 : 25_000_000_000),
  mgmtName: 'Management1',
  mgmtDescr: 'Management1',
  serialPrefix: 'JPE',
  entities: (m) => [
    { index: 1, descr: m.chassisDescr, vendorType: '1.3.6.1.4.1.30065.3.12.1.1.1', containedIn: 0, cls: 3, name: 'Chassis', hwRev: '11.00', softwareRev: '4.30.2F', serialPrefix: 'JPE', modelName: m.model },
    { index: 2, descr: 'PowerSupply1', vendorType: '1.3.6.1.4.1.30065.3.12.1.2.1', containedIn: 1, cls: 6, name: 'PowerSupply1', hwRev: '02.00', softwareRev: '', serialPrefix: 'EEWT', modelName: 'PWR-500AC-F' },
    { index: 3, descr: 'PowerSupply2', vendorType: '1.3.6.1.4.1.30065.3.12.1.2.1', containedIn: 1, cls: 6, name: 'PowerSupply2', hwRev: '02.00', softwareRev: '', serialPrefix: 'EEWT', modelName: 'PWR-500AC-F' },
    { index: 4, descr: 'Fan Tray 1', vendorType: '1.3.6.1.4.1.30065.3.12.1.3.1', containedIn: 1, cls: 7, name: 'Fan1', hwRev: '', softwareRev: '', serialPrefix: '', modelName: 'FAN-7000-F' },
    { index: 5, descr: 'Supervisor module', vendorType: '1.3.6.1.4.1.30065.3.12.1.4.1', containedIn: 1, cls: 9, name: 'Module1', hwRev: '11.00', softwareRev: '4.30.2F', serialPrefix: 'JPE', modelName: m.model },
  ],
};

export const vendorProfiles: readonly VendorProfile[] = [cisco, juniper, arista];
