import type { Device, Interface, Link, Tag } from '../core/types.js';
import { buildSource, multi, single, type RowSource } from './row-source.js';

/** One row of the `interfaces` table. */
export interface InterfaceRow {
  readonly device: Device;
  readonly intf: Interface;
  /** Names of the devices at the other end of discovered links from this interface. */
  readonly neighbors: readonly string[];
  /** Interface names at the other end, in the same order. */
  readonly neighborInterfaces: readonly string[];
  /** The interface's tags followed by its device's tags. */
  readonly tags: readonly Tag[];
}

/** IF-MIB ifAdminStatus / ifOperStatus names. */
const STATUS = ['', 'up', 'down', 'testing', 'unknown', 'dormant', 'notPresent', 'lowerLayerDown'];
const statusName = (v: number): string => STATUS[v] ?? String(v);

/**
 * The `interfaces` table: one row per interface of every device. `adminStatus`/`operStatus` are
 * the IF-MIB names (`up`, `down`…); `address` and `neighbor` are multi-valued; tag facets cover
 * the interface's tags and its device's.
 */
export function interfacesSource(devices: readonly Device[], links: readonly Link[]): RowSource<InterfaceRow> {
  let rows: InterfaceRow[] | null = null;
  const build = (): InterfaceRow[] => {
    const byId = new Map<number, Device>();
    for (const d of devices) byId.set(d.id, d);
    const ends = new Map<string, { dev: string[]; intf: string[] }>();
    const add = (devId: number, ifIndex: number, otherDev: number, otherIf: string): void => {
      const k = `${devId}:${ifIndex}`;
      let e = ends.get(k);
      if (!e) { e = { dev: [], intf: [] }; ends.set(k, e); }
      e.dev.push(byId.get(otherDev)?.name ?? String(otherDev));
      e.intf.push(otherIf);
    };
    for (const l of links) {
      add(l.a.deviceId, l.a.ifIndex, l.b.deviceId, l.b.ifName);
      add(l.b.deviceId, l.b.ifIndex, l.a.deviceId, l.a.ifName);
    }
    const out: InterfaceRow[] = [];
    for (const d of devices) {
      for (const intf of d.interfaces) {
        const e = ends.get(`${d.id}:${intf.index}`);
        out.push({
          device: d, intf,
          neighbors: e?.dev ?? [], neighborInterfaces: e?.intf ?? [],
          tags: intf.tags.length ? [...intf.tags, ...d.tags] : d.tags,
        });
      }
    }
    return out;
  };
  return buildSource<InterfaceRow>({
    table: 'interfaces',
    rows: () => (rows ??= build()),
    columns: {
      deviceId: single((r) => r.device.id),
      device: single((r) => r.device.name),
      index: single((r) => r.intf.index),
      interface: single((r) => r.intf.name),
      description: single((r) => r.intf.alias || r.intf.descr),
      speed: single((r) => r.intf.speedBps),
      adminStatus: single((r) => statusName(r.intf.adminStatus)),
      operStatus: single((r) => statusName(r.intf.operStatus)),
      type: single((r) => r.intf.type),
      mac: single((r) => r.intf.mac),
      address: multi((r) => r.intf.addresses),
      neighbor: multi((r) => r.neighbors),
      neighborInterface: multi((r) => r.neighborInterfaces),
    },
    tagsOf: (r) => r.tags,
    identity: (r) => ({
      variable: '', device: r.device.name, deviceId: r.device.id, component: r.intf.name, index: r.intf.index,
      description: r.intf.alias || r.intf.descr, tags: r.tags,
    }),
  });
}
