/**
 * A synthetic discovery generation for the map benchmark: `devices` switches with 8 interfaces
 * each and `links` links — a ring (every device joined to the next) plus seeded random chords,
 * each on free interfaces of both ends — roughly the degree and diameter of a campus network.
 * Every 20th device is tagged `Role.Core`; chord ends are tagged `ifRole.Uplink`, ring ends
 * `ifRole.Ring`. Deterministic for a seed.
 */
import type { Device, Generation, Interface, Link } from '../../core/types.js';
import { rng } from '../../test/fakes/rng.js';

export const MAP_INTERFACES_PER_DEVICE = 8;

function iface(index: number, tags: string[]): Interface {
  return {
    index, name: `Gi0/${index}`, descr: `GigabitEthernet0/${index}`, alias: '', type: 6, speedBps: 1e9,
    adminStatus: 1, operStatus: 1, mac: '', addresses: [], tags,
  };
}

export function syntheticMapGeneration(devices: number, links: number, seed = 7): Generation {
  const r = rng(seed);
  const used = new Int32Array(devices + 1); // interfaces used per device id
  const ifTags: string[][][] = Array.from({ length: devices + 1 }, () => []);
  const out: Link[] = [];
  const seen = new Set<string>();
  const join = (a: number, b: number, tag: string): boolean => {
    if (a === b || used[a]! >= MAP_INTERFACES_PER_DEVICE || used[b]! >= MAP_INTERFACES_PER_DEVICE) return false;
    const key = a < b ? `${a}-${b}` : `${b}-${a}`;
    if (seen.has(key)) return false;
    seen.add(key);
    const ai = ++used[a]!, bi = ++used[b]!;
    ifTags[a]![ai] = [tag]; ifTags[b]![bi] = [tag];
    const [x, xi, y, yi] = a < b ? [a, ai, b, bi] : [b, bi, a, ai];
    out.push({ a: { deviceId: x, ifIndex: xi, ifName: `Gi0/${xi}` }, b: { deviceId: y, ifIndex: yi, ifName: `Gi0/${yi}` }, protocol: 'lldp' });
    return true;
  };
  for (let id = 1; id <= devices && out.length < links; id++) join(id, (id % devices) + 1, 'ifRole.Ring');
  for (let tries = 0; out.length < links && tries < links * 20; tries++) {
    join(1 + Math.floor(r() * devices), 1 + Math.floor(r() * devices), 'ifRole.Uplink');
  }
  const devs: Device[] = [];
  for (let id = 1; id <= devices; id++) {
    const interfaces = Array.from({ length: MAP_INTERFACES_PER_DEVICE }, (_, i) => iface(i + 1, ifTags[id]![i + 1] ?? ['ifRole.Access']));
    devs.push({
      id, name: `sw${id}`, address: `10.${(id >> 16) & 255}.${(id >> 8) & 255}.${id & 255}`, snmpPort: 161,
      sysObjectID: '1.3.6.1.4.1.9.1.516', sysDescr: `Cisco IOS Software ${id % 10}`, sysContact: '', sysLocation: `rack ${id % 40}`,
      sysUpTimeCs: 1, chassisId: `c${id}`, vendor: 'Cisco', model: 'C3750', serialNumber: `S${id}`, softwareRev: '12.2',
      tags: id % 20 === 0 ? ['Vendor.Cisco', 'Role.Core'] : ['Vendor.Cisco', 'Role.Access'],
      interfaces, components: [], neighbors: [], discoveredAtMs: 1,
      poll: { version: '2c', community: 'public', v3User: '', hc: true, hrProcessor: false, ucdCpu: false, ucdMem: false, hrRamIndex: 0 },
    });
  }
  return { networkId: 1, number: 1, status: 'completed', startedAtMs: 1000, completedAtMs: 2000, devices: devs, links: out, errors: [] };
}
