/**
 * A hand-made generation for map tests and a fake MapViewSource (our own interface). Network 1,
 * generation 1 (completed at 2000):
 *
 *   sw7 ── sw1 ── sw2 ── sw3
 *           │             │
 *          sw6 ── sw5 ══ sw4        sw8 (no links)
 *
 * Every link joins eth1/eth2/eth3 ends tagged `ifRole.Uplink`, except sw4–sw5 (══), whose ends
 * are tagged `ifRole.Backup`. sw1 and sw4 are tagged `Role.Core`. Variables: cpuUtil per device
 * (slot = device id, value = 10 × id), ifInRate at every link end (slot `ifSlot`, value = that
 * slot number), points at NOW_MS − 1 min.
 */
import type { Caller } from '../../core/caller.js';
import { AppError } from '../../core/errors.js';
import { silentLogger } from '../../core/logger.js';
import type { Clock } from '../../core/clock.js';
import type { Device, Generation, Link } from '../../core/types.js';
import { createServices, type Services } from '../../services/index.js';
import type { MapViewRules, MapViewSource } from '../../services/views/map-view-source.js';
import type { MetaStore, MetaTxn } from '../../store/meta/meta.js';
import { device, FakeService, iface, NOW_MS, variable } from './fake-service.js';

export const RING_LINKS: readonly (readonly [number, number, number, number])[] = [
  // [device a, ifIndex a, device b, ifIndex b]
  [1, 1, 2, 2], [2, 1, 3, 2], [3, 1, 4, 2], [4, 1, 5, 2], [5, 1, 6, 2], [1, 2, 6, 1], [1, 3, 7, 1],
];

export function mapGeneration(): Generation {
  const devices: Device[] = [];
  for (let id = 1; id <= 8; id++) {
    const ifs = [1, 2, 3].map((i) => ({ ...iface(i, `eth${i}`), tags: [(id === 4 && i === 1) || (id === 5 && i === 2) ? 'ifRole.Backup' : 'ifRole.Uplink'] }));
    const d = device(id, `sw${id}`, ifs);
    devices.push({ ...d, tags: id === 1 || id === 4 ? ['Vendor.NetSNMP', 'Role.Core'] : d.tags });
  }
  const links: Link[] = RING_LINKS.map(([a, ai, b, bi]) => ({
    a: { deviceId: a, ifIndex: ai, ifName: `eth${ai}` }, b: { deviceId: b, ifIndex: bi, ifName: `eth${bi}` }, protocol: 'lldp',
  }));
  return { networkId: 1, number: 1, status: 'completed', startedAtMs: 1000, completedAtMs: 2000, devices, links, errors: [] };
}

/** A view of the fake source: its rules, and an owner when private (others do not see it). */
export interface FakeView extends MapViewRules { readonly owner?: string }

/** A MapViewSource over views in a map; records markLayout calls. */
export class FakeMapViews implements MapViewSource {
  readonly views = new Map<number, FakeView>();
  readonly marks: { networkId: number; viewId: number; atMs: number }[] = [];

  set(v: Partial<FakeView> & { id: number }): void {
    this.views.set(v.id, { networkId: 1, devRule: '', linkRule: '', adjacent: false, connecting: false, ...v });
  }

  forMap(networkId: number, viewId: number, caller: Caller): MapViewRules {
    const v = this.views.get(viewId);
    const name = caller.kind === 'user' ? caller.name : null;
    if (!v || v.networkId !== networkId || (v.owner !== undefined && v.owner !== name)) {
      throw new AppError('UNKNOWN_VIEW', `no view ${viewId} in network ${networkId}`);
    }
    return v;
  }

  /** Layout changes: as the map (the fake's views have no types; views.ts has the rights). */
  forLayout(networkId: number, viewId: number, caller: Caller): MapViewRules {
    return this.forMap(networkId, viewId, caller);
  }

  /** Where a layout change's coordinate writes go (set by mapServices to the services' store). */
  meta: MetaStore | null = null;

  async markLayout(networkId: number, viewId: number, atMs: number, change?: (tx: MetaTxn) => void): Promise<void> {
    if (change) {
      if (!this.meta) throw new Error('FakeMapViews: no metadata store to write coordinates to (use mapServices)');
      await this.meta.transaction(change);
    }
    this.marks.push({ networkId, viewId, atMs });
  }
}

/** The slot of ifInRate on an interface (the fake ring holds 64 slots). */
export const ifSlot = (deviceId: number, ifIndex: number): number => 8 + 3 * (deviceId - 1) + ifIndex;

/** The fake collector with network 1 holding mapGeneration, its variables and values. */
export function mapCollector(): FakeService {
  const s = new FakeService();
  s.nets.push({ id: 1, name: 'lab', pollIntervalMs: 60_000, discoveryIntervalMs: 3_600_000, seeds: [], ranges: [] });
  s.gens.set(1, [mapGeneration()]);
  s.defs.push(
    { name: 'cpuUtil', description: 'CPU', unit: '%', category: 'System', type: 'gauge', scope: 'device' },
    { name: 'ifInRate', description: 'In', unit: 'bit/s', category: 'Traffic', type: 'counter', scope: 'interface' },
    { name: 'ifOutRate', description: 'Out', unit: 'bit/s', category: 'Traffic', type: 'counter', scope: 'interface' },
  );
  const vars = [];
  for (let id = 1; id <= 8; id++) vars.push(variable(id, 'cpuUtil', id, 0, '%'));
  for (const [a, ai, b, bi] of RING_LINKS) {
    vars.push(variable(ifSlot(a, ai), 'ifInRate', a, ai, 'bit/s'), variable(ifSlot(b, bi), 'ifInRate', b, bi, 'bit/s'));
  }
  s.vars.set(1, vars);
  for (const v of vars) s.series.set(v.slot, [NOW_MS - 60_000], [v.name === 'cpuUtil' ? 10 * v.deviceId : v.slot]);
  return s;
}

/** The real services over the fake collector and view source (meta: the collector's, or `meta`). */
export function mapServices(fake: FakeService, views: MapViewSource, clock: Clock = { nowMs: () => NOW_MS }, meta?: MetaStore): Services {
  if (views instanceof FakeMapViews) views.meta = meta ?? fake.meta;
  return createServices(
    { collector: fake, series: fake.series, meta: meta ?? fake.meta, config: () => fake.config, clock, logger: silentLogger },
    { mapViews: views },
  );
}
