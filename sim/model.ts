/**
 * The simulated network as data: devices (vendor, model, names, MACs, port-id subtype),
 * interfaces and links. Everything is derived from (seed, device index) so it can be rebuilt
 * cheaply; per-interface details are computed on demand, never stored per interface.
 */
import { addressAt, formatIpv4, ipv4Bytes } from './addresses.js';
import { frac4, hash4 } from './hash.js';
import { vendorProfiles, type VendorModel, type VendorProfile } from './vendors.js';
import type { SimDevice, SimInterface, SimLink } from './sim-types.js';

/** LLDP port-id subtypes used by the simulator. */
export const PortIdSubtype = { MacAddress: 3, InterfaceName: 5 } as const;

/** The far end of a link as seen from one local port. */
interface Neighbor {
  device: DeviceModel;
  ifIndex: number;
}

export interface DeviceModel {
  index: number;
  name: string;
  address: number;
  addressText: string;
  addressBytes: Uint8Array;
  vendor: VendorProfile;
  model: VendorModel;
  alive: boolean;
  /** CPU load every hrProcessorLoad row answers (SimNetwork.setCpuLoad), or null for the computed one */
  cpuPercent: number | null;
  /** front-panel ports; the management interface is ifIndex ports + 1 */
  ports: number;
  /** lldpLocPortIdSubtype this device advertises */
  portIdSubtype: number;
  /** sysUpTime offset at the simulator's start, in TimeTicks */
  uptimeOffsetTicks: number;
  /** neighbours by local ifIndex, sorted by ifIndex */
  neighbors: Map<number, Neighbor>;
  /** per-table row-set cache, filled lazily by the MIB (index = table id) */
  rowCache: unknown[];
}

export const mgmtIfIndex = (d: DeviceModel) => d.ports + 1;
export const ifCount = (d: DeviceModel) => d.ports + 1;

export function macBytes(d: DeviceModel, ifIndex: number): Uint8Array {
  const [a, b, c] = d.vendor.oui;
  const n = d.index + 1;
  return Uint8Array.of(a, b, c, (n >>> 8) & 255, n & 255, ifIndex & 255);
}

export const chassisMacBytes = (d: DeviceModel) => macBytes(d, 0);

function formatMac(b: Uint8Array): string {
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join(':');
}

export const ifName = (d: DeviceModel, ifIndex: number) => (ifIndex > d.ports ? d.vendor.mgmtName : d.vendor.portName(ifIndex));
export const ifDescr = (d: DeviceModel, ifIndex: number) => (ifIndex > d.ports ? d.vendor.mgmtDescr : d.vendor.portDescr(ifIndex));
export const ifSpeedBps = (d: DeviceModel, ifIndex: number) => (ifIndex > d.ports ? 1_000_000_000 : d.vendor.portSpeedBps(ifIndex));

/** Oper status 1 up / 2 down: linked ports and the management interface are up; ~30% of the others are down. */
export function ifOperUp(seed: number, d: DeviceModel, ifIndex: number): boolean {
  if (ifIndex > d.ports || d.neighbors.has(ifIndex)) return true;
  return frac4(seed, d.index, ifIndex, 50) >= 0.3;
}

/** Admin status 1 up / 2 down: a third of the down ports are administratively down. */
export function ifAdminUp(seed: number, d: DeviceModel, ifIndex: number): boolean {
  if (ifOperUp(seed, d, ifIndex)) return true;
  return frac4(seed, d.index, ifIndex, 51) >= 0.33;
}

/** LLDP port id this device advertises for a port, by its subtype. */
export function lldpPortId(d: DeviceModel, ifIndex: number): Uint8Array {
  return d.portIdSubtype === PortIdSubtype.MacAddress ? macBytes(d, ifIndex) : Buffer.from(ifName(d, ifIndex));
}

export function serialNumber(seed: number, d: DeviceModel, prefix: string, entIndex: number): string {
  if (!prefix) return '';
  return prefix + String(hash4(seed, d.index, entIndex, 60) % 100_000_000).padStart(8, '0');
}

function roleOf(i: number, n: number): string {
  if (i < Math.max(1, Math.round(n / 10))) return 'core';
  if (i < Math.max(2, Math.round(n * 0.3))) return 'dist';
  return 'access';
}

interface BuildParams {
  devices: number;
  ports: number;
  baseAddress: number;
  topology: 'ring' | 'tree';
  seed: number;
  deadFraction: number;
}

export function buildDevices(p: BuildParams): DeviceModel[] {
  const width = Math.max(2, String(p.devices).length);
  // exactly round(deadFraction × devices) dead devices, chosen by seed
  const deadCount = Math.round(p.deadFraction * p.devices);
  const order = Array.from({ length: p.devices }, (_, i) => i).sort((a, b) => hash4(p.seed, a, 0, 70) - hash4(p.seed, b, 0, 70) || a - b);
  const dead = new Set(order.slice(0, deadCount));
  const out: DeviceModel[] = [];
  for (let i = 0; i < p.devices; i++) {
    const address = addressAt(p.baseAddress, i);
    if (address === undefined) throw new Error(`device ${i} would have an address outside 127.0.0.0/8`);
    const vendor = vendorProfiles[(i + p.seed) % vendorProfiles.length]!;
    const model = vendor.models[hash4(p.seed, i, 0, 71) % vendor.models.length]!;
    out.push({
      index: i,
      name: `sim-${roleOf(i, p.devices)}-${String(i + 1).padStart(width, '0')}`,
      address,
      addressText: formatIpv4(address),
      addressBytes: ipv4Bytes(address),
      vendor,
      model,
      alive: !dead.has(i),
      cpuPercent: null,
      ports: p.ports,
      portIdSubtype: i % 2 === 0 ? PortIdSubtype.InterfaceName : PortIdSubtype.MacAddress,
      uptimeOffsetTicks: 100 * (3600 + (hash4(p.seed, i, 0, 72) % (90 * 86400))),
      neighbors: new Map(),
      rowCache: [],
    });
  }
  connect(out, p.topology);
  return out;
}

/** Pairs of (device, ifIndex) ends per topology; links needing a port a device lacks are left out. */
function connect(devs: DeviceModel[], topology: 'ring' | 'tree'): void {
  const link = (a: DeviceModel, ai: number, b: DeviceModel, bi: number) => {
    if (a === b || ai > a.ports || bi > b.ports || a.neighbors.has(ai) || b.neighbors.has(bi)) return;
    a.neighbors.set(ai, { device: b, ifIndex: bi });
    b.neighbors.set(bi, { device: a, ifIndex: ai });
  };
  const n = devs.length;
  if (topology === 'ring') {
    // device i port 1 ↔ device i+1 port 2 (two devices: two parallel links)
    for (let i = 0; i < n; i++) link(devs[i]!, 1, devs[(i + 1) % n]!, 2);
  } else {
    // binary tree: child i's port 1 ↔ parent's port 2 (first child) or 3 (second child)
    for (let i = 1; i < n; i++) link(devs[i]!, 1, devs[Math.floor((i - 1) / 2)]!, 2 + ((i - 1) % 2));
  }
  for (const d of devs) d.neighbors = new Map([...d.neighbors].sort((x, y) => x[0] - y[0]));
}

export function publicLinks(devs: DeviceModel[]): SimLink[] {
  const out: SimLink[] = [];
  for (const d of devs) {
    for (const [ifIndex, nb] of d.neighbors) {
      // each link once: from the end with the lower (device index, ifIndex)
      if (d.index > nb.device.index || (d.index === nb.device.index && ifIndex > nb.ifIndex)) continue;
      out.push({
        a: { device: d.name, address: d.addressText, ifIndex, ifName: ifName(d, ifIndex) },
        b: { device: nb.device.name, address: nb.device.addressText, ifIndex: nb.ifIndex, ifName: ifName(nb.device, nb.ifIndex) },
      });
    }
  }
  return out;
}

/**
 * The public view of a device; `interfaces` is built on first access so 5,000 devices stay small,
 * `alive` reads the model (it follows SimNetwork.setAlive).
 */
export function publicDevice(d: DeviceModel): SimDevice {
  let cached: SimInterface[] | undefined;
  return {
    name: d.name,
    address: d.addressText,
    chassisId: formatMac(chassisMacBytes(d)),
    vendor: d.vendor.vendor,
    model: d.model.model,
    get alive(): boolean { return d.alive; },
    get interfaces(): SimInterface[] {
      if (!cached) {
        cached = [];
        for (let i = 1; i <= ifCount(d); i++) {
          cached.push({ ifIndex: i, ifName: ifName(d, i), mac: formatMac(macBytes(d, i)), speedBps: ifSpeedBps(d, i) });
        }
      }
      return cached;
    },
  };
}
