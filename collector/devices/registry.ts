import type { MetaStore } from '../../store/meta/meta.js';
import type { RegistryEntry } from './registry-entry.js';

const NS_REGISTRY = 'deviceRegistry';

/**
 * The persisted device registry of one network (RegistryEntry at `deviceRegistry` [networkId, id]),
 * with every entry in memory. Changes are applied in memory at once (so readers and later merges
 * see them) and written in one transaction; `write` resolves once they are durable.
 */
export class DeviceRegistry {
  private entries = new Map<number, RegistryEntry>();

  private constructor(private readonly meta: MetaStore, readonly networkId: number) {}

  static open(meta: MetaStore, networkId: number): DeviceRegistry {
    const r = new DeviceRegistry(meta, networkId);
    for (const { value } of meta.range<RegistryEntry>(NS_REGISTRY, { start: [networkId], end: [networkId + 1] })) r.entries.set(value.id, value);
    return r;
  }

  get size(): number { return this.entries.size; }
  all(): ReadonlyMap<number, RegistryEntry> { return this.entries; }
  get(id: number): RegistryEntry | undefined { return this.entries.get(id); }

  /** Sets and removes entries (in memory now; durable when the promise resolves). */
  write(changed: readonly RegistryEntry[], dropped: readonly number[] = []): Promise<void> {
    if (changed.length === 0 && dropped.length === 0) return Promise.resolve();
    for (const id of dropped) this.entries.delete(id);
    for (const e of changed) this.entries.set(e.id, e);
    const net = this.networkId;
    return this.meta.transaction((tx) => {
      for (const id of dropped) tx.remove(NS_REGISTRY, [net, id]);
      for (const e of changed) tx.put(NS_REGISTRY, [net, e.id], e);
    });
  }
}
