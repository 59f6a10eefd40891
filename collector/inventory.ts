import type { NetworkConfig } from '../core/config-schema.js';
import type { Generation, VariableInstance } from '../core/types.js';
import type { MetaStore } from '../store/meta.js';
import type { PollPlan } from '../workers/poll-plan.js';
import type { GridKind } from '../workers/poll-plan.js';
import { buildDevicePlan } from './plan-build.js';

const NS_SLOTS = 'slots';
const NS_COUNTERS = 'counters';

/**
 * The variable inventory: every variable instance (triplet) with its storage slot, and the poll plan of
 * every device. Slots are persisted, so a triplet keeps its slot (and its stored series) across
 * generations and restarts; the slot space is shared by all networks.
 */
export class Inventory {
  private nextSlot: number;
  private readonly pendingSlots = new Map<string, number>();
  /** Per network: instances, a lookup by device then component index (no per-variable keys), plans. */
  private readonly byNetwork = new Map<number, { instances: VariableInstance[]; byDevice: Map<number, Map<number, VariableInstance[]>>; plans: PollPlan[] }>();
  /** Grid kind of every slot (GridKind; 0 for none), all networks. */
  private kindsBySlot = new Uint8Array(0);

  constructor(private readonly meta: MetaStore) {
    this.nextSlot = meta.get<number>(NS_COUNTERS, 'nextSlot') ?? 0;
  }

  /** The highest slot assigned so far + 1 (the ring and state buffers need at least this capacity). */
  get slotCount(): number { return this.nextSlot; }

  private slotOf(name: string, deviceId: number, index: number): number {
    const key = `${name}.${deviceId}.${index}`;
    const known = this.pendingSlots.get(key) ?? this.meta.get<number>(NS_SLOTS, key);
    if (known !== undefined) return known;
    const slot = this.nextSlot++;
    this.pendingSlots.set(key, slot);
    return slot;
  }

  /** Rebuilds a network's instances and plans from a completed generation; persists new slots. */
  async rebuild(net: NetworkConfig, g: Generation): Promise<void> {
    const instances: VariableInstance[] = [];
    const plans: PollPlan[] = [];
    const byDevice = new Map<number, Map<number, VariableInstance[]>>();
    const kinds: [number, GridKind][] = [];
    for (const d of g.devices) {
      const p = buildDevicePlan(d, net, (n, dev, idx) => this.slotOf(n, dev, idx));
      const byIndex = new Map<number, VariableInstance[]>();
      for (const v of p.instances) {
        instances.push(v);
        let list = byIndex.get(v.index);
        if (!list) byIndex.set(v.index, list = []);
        list.push(v);
      }
      byDevice.set(d.id, byIndex);
      plans.push(p.plan);
      for (const k of p.kinds) kinds.push(k);
    }
    // Written together: lmdb-js batches puts issued before the first await into one transaction.
    const writes = [...this.pendingSlots].map(([key, slot]) => this.meta.put(NS_SLOTS, key, slot));
    writes.push(this.meta.put(NS_COUNTERS, 'nextSlot', this.nextSlot));
    await Promise.all(writes);
    this.pendingSlots.clear();
    if (this.kindsBySlot.length < this.nextSlot) {
      const grown = new Uint8Array(this.nextSlot);
      grown.set(this.kindsBySlot);
      this.kindsBySlot = grown;
    }
    for (const [slot, kind] of kinds) this.kindsBySlot[slot] = kind;
    this.byNetwork.set(net.id, { instances, byDevice, plans });
  }

  instances(netId: number): readonly VariableInstance[] { return this.byNetwork.get(netId)?.instances ?? []; }
  plans(netId: number): readonly PollPlan[] { return this.byNetwork.get(netId)?.plans ?? []; }
  /** Grid kind by slot for every slot assigned so far (0: none). Shared: do not modify. */
  kinds(): Uint8Array { return this.kindsBySlot; }
  find(netId: number, name: string, deviceId: number, index: number): VariableInstance | undefined {
    return this.byNetwork.get(netId)?.byDevice.get(deviceId)?.get(index)?.find((v) => v.name === name);
  }
}
