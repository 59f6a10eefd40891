import type { MetaStore } from '../../store/meta/meta.js';
import type { ProbedDevice } from './discovery-device.js';

const NS_IDS = 'deviceIds';
const NS_COUNTERS = 'counters';

/**
 * Device ids, stable across generations and restarts: keyed on identity — the LLDP chassis id when the
 * device has one, else sysName + management address.
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
    const next = (this.meta.get<number>(NS_COUNTERS, 'deviceId') ?? 0) + 1;
    await this.meta.put(NS_COUNTERS, 'deviceId', next);
    await this.meta.put(NS_IDS, key, next);
    return next;
  }
}
