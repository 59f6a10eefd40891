import type { MetaStore } from '../../store/meta/meta.js';
import type { ProbedDevice } from './discovery-device.js';

const NS_IDS = 'deviceIds';
const NS_COUNTERS = 'counters';

/**
 * Device ids, stable across generations and restarts: keyed on identity — the LLDP chassis id when the
 * device has one, else sysName + management address. Stored as `deviceIds` [networkId, identity] → id,
 * with the last id handed out in `counters` 'deviceId'. A new id is allocated and recorded in one
 * transaction, so concurrent calls (other networks, the same device twice) never share or waste an id.
 */
export class DeviceIds {
  constructor(private readonly meta: MetaStore) {}

  static identity(d: Pick<ProbedDevice, 'chassisId' | 'name' | 'address'>): string {
    return d.chassisId ? `chassis:${d.chassisId.toLowerCase()}` : `name:${d.name}@${d.address}`;
  }

  async idFor(networkId: number, d: Pick<ProbedDevice, 'chassisId' | 'name' | 'address'>): Promise<number> {
    const key = [networkId, DeviceIds.identity(d)];
    const known = this.meta.get<number>(NS_IDS, key);
    if (known !== undefined) return known;
    return this.meta.transaction((tx) => {
      const meanwhile = tx.get<number>(NS_IDS, key);
      if (meanwhile !== undefined) return meanwhile;
      const next = (tx.get<number>(NS_COUNTERS, 'deviceId') ?? 0) + 1;
      tx.put(NS_COUNTERS, 'deviceId', next);
      tx.put(NS_IDS, key, next);
      return next;
    });
  }
}
