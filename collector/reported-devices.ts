import type { Device } from '../core/types.js';
import type { MetaStore } from '../store/meta/meta.js';
import { DeviceIds } from './discovery/device-ids.js';

const NS_REPORTED = 'remoteReported';

/** A device as a collector reports it: its record under the collector's id, and its identity. */
export interface ReportedDevice {
  readonly identity: string;
  readonly device: Device;
}

/** What one collector last reported of a network (kept in the metadata store). */
interface Report { readonly identities: readonly string[]; readonly atMs: number }

/** Where a key of a collector's slot definition points at the central (resolveKeys). */
export type KeyTarget = number | 'unknown device' | 'nothing';

/**
 * A central's view of its networks' devices (`mode: central`, docs/scale-out.md): each collector's
 * latest inventory of a network, by device identity. The network's devices are the union of what
 * its collectors report (two collectors that discover one device name it by the same identity),
 * each under the central's own id (DeviceIds by identity), with the newest record reported. What
 * each collector reported is kept, so that a restarted central that hears from one collector first
 * does not forget the devices only another one reports.
 */
export class ReportedDevices {
  private readonly ids: DeviceIds;

  constructor(private readonly meta: MetaStore) {
    this.ids = new DeviceIds(meta);
  }

  /**
   * Takes a collector's inventory of a network: returns every device of the network (all
   * collectors), each under the central's id. `current` gives the network's devices as the central
   * holds them now (the records of devices that other collectors reported before a restart).
   */
  async take(networkId: number, collector: string, reported: readonly ReportedDevice[], current: (id: number) => Device | undefined, nowMs: number): Promise<Device[]> {
    await this.meta.transaction((tx) => tx.put(NS_REPORTED, [networkId, collector], { identities: reported.map((r) => r.identity), atMs: nowMs } satisfies Report));
    const byIdentity = new Map<string, Device | null>();
    for (const { key, value } of this.meta.range<Report>(NS_REPORTED, { start: [networkId], end: [networkId + 1] })) {
      if ((key as [number, string])[1] === collector) continue;
      for (const identity of value.identities) byIdentity.set(identity, null);
    }
    for (const r of reported) byIdentity.set(r.identity, r.device);
    const identities = [...byIdentity.keys()];
    const ids = await this.ids.idsOfIdentities(networkId, identities.map((identity) => ({ identity })));
    const out: Device[] = [];
    identities.forEach((identity, k) => {
      const id = ids[k]!;
      const d = byIdentity.get(identity) ?? current(id);
      if (d) out.push({ ...d, id });
    });
    return out.sort((a, b) => a.id - b.id);
  }

  /**
   * The central's slot of each key of a collector's slot definitions (`<identity>|<variable>|<index>`,
   * `network` for the network's own variables): our slot; 'unknown device' while no inventory named
   * the identity yet (the batch waits for one); else what `find` says of the central's device
   * (`network`: device 0); 'nothing' for a key that does not parse.
   */
  resolveKeys(networkId: number, keys: readonly string[], find: (deviceId: number, variable: string, index: number) => KeyTarget): KeyTarget[] {
    return keys.map((key): KeyTarget => {
      const cut = key.lastIndexOf('|');
      const mid = cut > 0 ? key.lastIndexOf('|', cut - 1) : -1;
      const index = Number(key.slice(cut + 1));
      if (mid <= 0 || !Number.isInteger(index)) return 'nothing';
      const identity = key.slice(0, mid);
      const deviceId = identity === 'network' ? 0 : this.ids.idOfKnownIdentity(networkId, identity);
      if (deviceId === undefined) return 'unknown device';
      return find(deviceId, key.slice(mid + 1, cut), index);
    });
  }
}
