/**
 * A synthetic discovery generation shaped like what discovery returns for the project's simulated
 * network: switches with 48 interfaces each (64-bit counters, HOST-RESOURCES CPU, UCD memory, so
 * 17 interface variables per interface, 3 polled device variables and `reachable`, which the
 * collector writes: 820 variables per device), two
 * LLDP neighbours each, a ring of links. Strings are built per device and per interface, as
 * discovery builds them from each device's answers.
 */
import type { NetworkConfig } from '../../core/config-schema.js';
import type { Device, Generation, Interface, Link } from '../../core/types.js';

export const INTERFACES_PER_DEVICE = 48;
export const VARIABLES_PER_DEVICE = 17 * INTERFACES_PER_DEVICE + 4;

export const devicesFor = (variables: number): number => Math.ceil(variables / VARIABLES_PER_DEVICE);

const hex = (n: number) => n.toString(16).padStart(2, '0');

function iface(deviceId: number, index: number): Interface {
  return {
    index,
    name: `Gi1/0/${index}`,
    descr: `GigabitEthernet1/0/${index}`,
    alias: index <= 2 ? `uplink to sw${deviceId + index}` : '',
    type: 6,
    speedBps: 1e9,
    adminStatus: 1,
    operStatus: index % 3 === 0 ? 2 : 1,
    mac: `00:1b:54:${hex((deviceId >> 8) & 255)}:${hex(deviceId & 255)}:${hex(index)}`,
    addresses: [],
    tags: index <= 2 ? ['ifRole.Uplink'] : ['ifRole.Access'],
  };
}

function device(id: number, devices: number): Device {
  const interfaces = Array.from({ length: INTERFACES_PER_DEVICE }, (_, i) => iface(id, i + 1));
  const peer = (d: number) => ((d - 1 + devices) % devices) + 1;
  return {
    id,
    name: `sw${id}`,
    address: `10.${(id >> 16) & 255}.${(id >> 8) & 255}.${id & 255}`,
    snmpPort: 161,
    sysObjectID: '1.3.6.1.4.1.9.1.516',
    sysDescr: `Cisco IOS Software, C3750 Software (C3750-IPSERVICESK9-M), Version 12.2(55)SE${id % 10}`,
    sysContact: 'noc@example.net',
    sysLocation: `rack ${id % 40}`,
    sysUpTimeCs: 100_000 + id,
    chassisId: `00:1b:54:${hex((id >> 8) & 255)}:${hex(id & 255)}:00`,
    vendor: 'Cisco',
    model: 'WS-C3750G-48TS',
    serialNumber: `FOC${String(100000 + id)}`,
    softwareRev: '12.2(55)SE',
    tags: ['Vendor.Cisco', 'Model.WS-C3750G-48TS', 'Role.Access'],
    interfaces,
    components: [],
    neighbors: [1, 2].map((localIfIndex) => ({
      localIfIndex, localPort: `Gi1/0/${localIfIndex}`, remoteChassisId: `peer${peer(id + (localIfIndex === 1 ? -1 : 1))}`,
      remoteSysName: `sw${peer(id + (localIfIndex === 1 ? -1 : 1))}`, remotePortId: `Gi1/0/${3 - localIfIndex}`,
      remotePortIdSubtype: 5, remotePortDescr: '', remoteManagementAddresses: [], protocol: 'lldp' as const,
    })),
    discoveredAtMs: 1_700_000_000_000,
    poll: { version: '2c', community: 'public', v3User: '', hc: true, hrProcessor: true, ucdCpu: false, ucdMem: true, hrRamIndex: 0 },
  };
}

export function syntheticGeneration(devices: number): Generation {
  const list = Array.from({ length: devices }, (_, i) => device(i + 1, devices));
  const links: Link[] = list.map((d, i) => ({
    a: { deviceId: d.id, ifIndex: 2, ifName: 'Gi1/0/2' },
    b: { deviceId: list[(i + 1) % devices].id, ifIndex: 1, ifName: 'Gi1/0/1' },
    protocol: 'lldp',
  }));
  return { networkId: 1, number: 1, status: 'completed', startedAtMs: 1_700_000_000_000, completedAtMs: 1_700_000_060_000, devices: list, links, errors: [] };
}

export const benchNetwork: NetworkConfig = {
  id: 1, name: 'memory-bench', seeds: ['10.0.0.1'], ranges: [{ cidr: '10.0.0.0/8', sweep: false }],
  snmp: { port: 161, communities: ['public'], v3Users: [], timeoutMs: 2000, retries: 1, maxRepetitions: 24, maxMessageBytes: 1400, maxInFlight: 128 },
  pollIntervalMs: 60_000, discoveryIntervalMs: 3_600_000, discoveryConcurrency: 16,
  discoveryMinIntervalMs: 60_000, keepGenerations: 168, keepGenerationsForMs: 86_400_000,
};
