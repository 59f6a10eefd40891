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

  /**
   * The device's id. An identity seen for the first time gets `preferId` when given (the id a
   * declared device was listed under before it answered), else a new one.
   */
  async idFor(networkId: number, d: Pick<ProbedDevice, 'chassisId' | 'name' | 'address'>, preferId?: number): Promise<number> {
    return this.idOfIdentity(networkId, DeviceIds.identity(d), preferId);
  }

  /** Every device id of a network with its identity (the reverse of idFor). */
  identities(networkId: number): Map<number, string> {
    const out = new Map<number, string>();
    for (const { key, value } of this.meta.range<number>(NS_IDS, { start: [networkId], end: [networkId + 1] })) {
      out.set(value, (key as [number, string])[1]);
    }
    return out;
  }

  /** The id the device's identity already has, or undefined (nothing is allocated). */
  known(networkId: number, d: Pick<ProbedDevice, 'chassisId' | 'name' | 'address'>): number | undefined {
    return this.meta.get<number>(NS_IDS, [networkId, DeviceIds.identity(d)]);
  }

  /**
   * The ids of many devices at once (a discovery run's): known identities are read, and every new
   * one is given its id in ONE transaction (one durable commit, not one per device: 5,000 new
   * devices took 5.6–20 s one commit at a time, 92 ms in one; bench/discovery). Same ids as idFor
   * called in order; a repeated identity gets the id of its first occurrence.
   */
  async idsFor(networkId: number, items: readonly { d: Pick<ProbedDevice, 'chassisId' | 'name' | 'address'>; preferId?: number }[]): Promise<number[]> {
    return this.idsOfIdentities(networkId, items.map((x) => ({ identity: DeviceIds.identity(x.d), ...(x.preferId !== undefined ? { preferId: x.preferId } : {}) })));
  }

  /**
   * idsFor by identities as they are written (`chassis:…`, `name:…@…`, `declared:…`): a central
   * (`mode: central`) gives the devices its collectors name by identity its own ids so.
   */
  async idsOfIdentities(networkId: number, items: readonly { identity: string; preferId?: number }[]): Promise<number[]> {
    const out = items.map((x) => this.meta.get<number>(NS_IDS, [networkId, x.identity]));
    if (out.every((id) => id !== undefined)) return out as number[];
    return this.meta.transaction((tx) => {
      const given = new Map<string, number>();
      let next = tx.get<number>(NS_COUNTERS, 'deviceId') ?? 0;
      const counterBefore = next;
      const ids = items.map(({ identity, preferId }) => {
        const key = [networkId, identity];
        const have = given.get(identity) ?? tx.get<number>(NS_IDS, key);
        if (have !== undefined) { given.set(identity, have); return have; }
        const id = preferId ?? ++next;
        tx.put(NS_IDS, key, id);
        given.set(identity, id);
        return id;
      });
      if (next !== counterBefore) tx.put(NS_COUNTERS, 'deviceId', next);
      return ids;
    });
  }

  /** The id of an identity as written (idsOfIdentities), or undefined: nothing is allocated. */
  idOfKnownIdentity(networkId: number, identity: string): number | undefined {
    return this.meta.get<number>(NS_IDS, [networkId, identity]);
  }

  /**
   * The id under which a declared device (config or API, by the address the operator gave) is
   * listed before it answers: stable for the address, so a restart lists it under the same id.
   */
  async declaredId(networkId: number, declaredAddress: string): Promise<number> {
    return this.idOfIdentity(networkId, `declared:${declaredAddress.toLowerCase()}`);
  }

  private async idOfIdentity(networkId: number, identity: string, preferId?: number): Promise<number> {
    const key = [networkId, identity];
    const known = this.meta.get<number>(NS_IDS, key);
    if (known !== undefined) return known;
    return this.meta.transaction((tx) => {
      const meanwhile = tx.get<number>(NS_IDS, key);
      if (meanwhile !== undefined) return meanwhile;
      if (preferId !== undefined) { tx.put(NS_IDS, key, preferId); return preferId; }
      const next = (tx.get<number>(NS_COUNTERS, 'deviceId') ?? 0) + 1;
      tx.put(NS_COUNTERS, 'deviceId', next);
      tx.put(NS_IDS, key, next);
      return next;
    });
  }
}
