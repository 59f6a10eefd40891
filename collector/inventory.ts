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
  private readonly byNetwork = new Map<number, { instances: VariableInstance[]; byTriplet: Map<string, VariableInstance>; plans: PollPlan[]; kinds: Map<number, GridKind> }>();

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
    const kinds = new Map<number, GridKind>();
    for (const d of g.devices) {
      const p = buildDevicePlan(d, net, (n, dev, idx) => this.slotOf(n, dev, idx));
      instances.push(...p.instances);
      plans.push(p.plan);
      for (const [s, k] of p.kinds) kinds.set(s, k);
    }
    for (const [key, slot] of this.pendingSlots) await this.meta.put(NS_SLOTS, key, slot);
    this.pendingSlots.clear();
    await this.meta.put(NS_COUNTERS, 'nextSlot', this.nextSlot);
    const byTriplet = new Map(instances.map((v) => [`${v.name}.${v.deviceId}.${v.index}`, v]));
    this.byNetwork.set(net.id, { instances, byTriplet, plans, kinds });
  }

  instances(netId: number): readonly VariableInstance[] { return this.byNetwork.get(netId)?.instances ?? []; }
  plans(netId: number): readonly PollPlan[] { return this.byNetwork.get(netId)?.plans ?? []; }
  kinds(netId: number): ReadonlyMap<number, GridKind> { return this.byNetwork.get(netId)?.kinds ?? new Map(); }
  find(netId: number, name: string, deviceId: number, index: number): VariableInstance | undefined {
    return this.byNetwork.get(netId)?.byTriplet.get(`${name}.${deviceId}.${index}`);
  }
}
