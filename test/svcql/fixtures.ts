/** In-memory inventory for SvcQL tests, built from the plain core types. */
import type { Device, Interface, Link, SeriesPoints, VariableInstance } from '../../core/types.js';
import {
  alertsSource, devicesSource, interfacesSource, mapCatalog, seriesSource, tagsSource, variablesSource, allTags,
  type AlertRecord, type Catalog, type RuleStats,
} from '../../svcql/index.js';

export const MIN = 60_000;
/** "now" of every test: ten grid steps after T0. */
export const T0 = 1_700_000_000_000 - (1_700_000_000_000 % (5 * MIN));
export const NOW = T0 + 10 * MIN;

export function intf(p: Partial<Interface> & { index: number; name: string }): Interface {
  return {
    descr: p.name, alias: '', type: 6, speedBps: 1e9, adminStatus: 1, operStatus: 1, mac: '', addresses: [], tags: [], ...p,
  };
}

export function device(p: Partial<Device> & { id: number; name: string }): Device {
  return {
    address: '', snmpPort: 161, sysObjectID: '1.3.6.1.4.1.9.1.1', sysDescr: `box ${p.name}`, sysContact: '', sysLocation: '',
    sysUpTimeCs: 0, chassisId: '', vendor: '', model: '', serialNumber: '', softwareRev: '', tags: [], interfaces: [],
    components: [], neighbors: [], discoveredAtMs: T0,
    poll: { version: '2c', community: 'public', v3User: '', hc: true, hrProcessor: false, ucdCpu: false, ucdMem: false, hrRamIndex: 0 },
    ...p,
  };
}

export const devices: Device[] = [
  device({
    id: 1, name: 'dfw3-dr01-re0', address: '10.1.0.1', vendor: 'Cisco', model: 'C9300',
    tags: ['Vendor.Cisco', 'Role.Core', 'Role.Edge', 'Site.DFW'],
    interfaces: [
      intf({ index: 1, name: 'Gi0/1', alias: 'uplink to sjc', addresses: ['10.1.1.1/24'], tags: ['ifRole.Uplink'] }),
      intf({ index: 2, name: 'Gi0/2', addresses: ['2001:db8::1'], operStatus: 2 }),
    ],
  }),
  device({
    id: 2, name: 'sjc1-sw02', address: '10.2.0.2', vendor: 'Juniper', model: 'EX4300', tags: ['Vendor.Juniper', 'Role.Access'],
    interfaces: [intf({ index: 5, name: 'ge-0/0/5', descr: 'ge-0/0/5 port', addresses: ['10.2.5.1'] })],
  }),
  device({ id: 3, name: 'lab.router:3', address: '192.168.7.3', tags: [] }),
  device({ id: 4, name: 'core-v6', address: '2001:db8:1::4', vendor: 'Arista', tags: ['Vendor.Arista', 'Role.Core'] }),
];

export const links: Link[] = [
  { a: { deviceId: 1, ifIndex: 1, ifName: 'Gi0/1' }, b: { deviceId: 2, ifIndex: 5, ifName: 'ge-0/0/5' }, protocol: 'lldp' },
];

function inst(slot: number, name: string, d: Device, index: number, componentName: string, tags: string[] = []): VariableInstance {
  return {
    slot, name, deviceId: d.id, index, deviceName: d.name, componentName, description: `${name} of ${d.name} ${componentName}`.trim(),
    unit: name.startsWith('if') ? 'bps' : '%', category: name.startsWith('if') ? 'Interface' : 'System', tags: [...d.tags, ...tags],
  };
}

const [d1, d2, , d4] = devices as [Device, Device, Device, Device];
export const instances: VariableInstance[] = [
  inst(0, 'ifInRate', d1, 1, 'Gi0/1', ['ifRole.Uplink']),
  inst(1, 'ifInRate', d1, 2, 'Gi0/2'),
  inst(2, 'ifInRate', d2, 5, 'ge-0/0/5'),
  inst(3, 'cpuLoad', d1, 0, ''),
  inst(4, 'cpuLoad', d2, 0, ''),
  inst(5, 'cpuLoad', d4, 0, ''),
  inst(6, 'ifOutRate', d1, 1, 'Gi0/1', ['ifRole.Uplink']),
];

/** Points per slot as [minute after T0, value]. */
export const points: Record<number, [number, number][]> = {
  0: [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 8], [8, 9], [9, 10]],
  1: [[0, 10], [1, 10], [2, 10], [3, 10], [4, 10], [5, 10], [6, 10], [7, 10], [8, 10], [9, 10]],
  2: [[6, 5], [7, 3], [8, 8], [9, 1]],
  3: [[9, 42]],
  4: [[9, 7.5]],
  5: [],
  6: [[9, 100]],
};

export function read(slot: number, fromMs: number, toMs: number): SeriesPoints {
  const ps = (points[slot] ?? []).map(([m, v]) => [T0 + m * MIN, v] as const).filter(([t]) => t >= fromMs && t <= toMs);
  return { tsMs: Float64Array.from(ps, (p) => p[0]), values: Float64Array.from(ps, (p) => p[1]) };
}

export function latest(slot: number): number {
  const ps = points[slot] ?? [];
  return ps.length ? ps[ps.length - 1]![1] : NaN;
}

export const alerts: AlertRecord[] = [
  {
    key: 'a1', name: 'highCpu', deviceName: 'dfw3-dr01-re0', deviceId: 1, componentName: '', componentIndex: 0, value: '42',
    values: { 'cpuLoad.1.0': '42' }, description: 'CPU above 40', tags: ['Role.Core'], variable: 'highCpu.1.0',
    inputVariable: 'cpuLoad.1.0', activeSince: T0, active: true, silenced: false, matchingSilenceId: 0,
    timeLastNotificationSent: 0, duration: 60000, percentage: 0, notificationTimeMs: 0,
    severity: 'critical', acknowledged: true, acknowledgedBy: 'ana', acknowledgedAt: T0 + MIN, acknowledgeComment: 'on it',
  },
  {
    key: 'a2', name: 'linkDown', deviceName: 'dfw3-dr01-re0', deviceId: 1, componentName: 'Gi0/2', componentIndex: 2, value: '2',
    values: {}, description: 'link down', tags: [], variable: 'linkDown.1.2', inputVariable: 'ifOperStatus.1.2',
    activeSince: T0 + MIN, active: false, silenced: true, matchingSilenceId: 3, timeLastNotificationSent: T0, duration: 0,
    percentage: 0, notificationTimeMs: 0,
    severity: 'info', acknowledged: false, acknowledgedBy: '', acknowledgedAt: 0, acknowledgeComment: '',
  },
];

export function catalog(): Catalog {
  const names = [...new Set(instances.map((v) => v.name))];
  return mapCatalog(
    {
      devices: devicesSource(devices),
      interfaces: interfacesSource(devices, links),
      variables: variablesSource(instances, latest, { devices }),
      tags: tagsSource(allTags(devices, instances)),
      alerts: alertsSource(alerts),
    },
    {
      names: () => names,
      get: (name) => (names.includes(name) ? seriesSource(name, instances, read, { devices, latest }) : undefined),
    },
  );
}

/**
 * A statistics function for a rule's select(): curr/min/max of each slot's points over
 * [fromMs, toMs] (NaN each when there is none), each slot read once. The server takes them from
 * the series store's rollups instead (services/rule-select.ts).
 */
export function statsOverWindow(
  read: (slot: number, fromMs: number, toMs: number) => SeriesPoints, fromMs: number, toMs: number,
): (slot: number) => RuleStats {
  const cache = new Map<number, RuleStats>();
  return (slot) => {
    let s = cache.get(slot);
    if (!s) {
      const p = read(slot, fromMs, toMs);
      const n = p.values.length;
      let min = Infinity;
      let max = -Infinity;
      for (let i = 0; i < n; i++) { const x = p.values[i]!; if (x < min) min = x; if (x > max) max = x; }
      s = n === 0 ? { curr: NaN, min: NaN, max: NaN } : { curr: p.values[n - 1]!, min, max };
      cache.set(slot, s);
    }
    return s;
  };
}

/** The window of rule statistics when a request names none: the hour before `nowMs`. */
export const defaultRuleWindow = (nowMs: number): { fromMs: number; toMs: number } => ({ fromMs: nowMs - 3_600_000, toMs: nowMs });
