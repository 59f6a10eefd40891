/**
 * The central's side of the collectors' inventories (inventory-codec.ts): the parts of one
 * inventory are gathered until all are there, then the inventory is taken (the caller makes the
 * devices the network's) and its parts are acknowledged. An inventory older than one already taken
 * from the same collector for the same network is acknowledged and skipped, as are the parts still
 * gathered of inventories a newer one replaced. Parts not acknowledged come again after the ack wait
 * (the central stopped, or taking the inventory failed): they are gathered again.
 */
import type { ReceivedBatch } from '../core/ports/transport.js';
import type { InventoryDevice, InventoryPart } from './inventory-codec.js';

export interface TakenInventory {
  readonly collector: string;
  readonly networkId: number;
  readonly devices: readonly InventoryDevice[];
}

interface Gathering {
  readonly head: InventoryPart;
  readonly parts: (InventoryPart | undefined)[];
  readonly batches: ReceivedBatch[];
}

/** Whether (boot, seq) comes after (boot, seq) of the same collector. */
const newer = (a: Pick<InventoryPart, 'boot' | 'seq'>, b: Pick<InventoryPart, 'boot' | 'seq'>): boolean => a.boot > b.boot || (a.boot === b.boot && a.seq > b.seq);

export class InventoryAssembly {
  private readonly gathering = new Map<string, Gathering>();
  /** `${collector}\0${networkId}` → the (boot, seq) of the last inventory taken. */
  private readonly taken = new Map<string, Pick<InventoryPart, 'boot' | 'seq'>>();
  private counts = { taken: 0, skipped: 0 };

  constructor(private readonly take: (inv: TakenInventory) => Promise<void>) {}

  get stats(): { readonly taken: number; readonly skipped: number; readonly gathering: number } {
    return { ...this.counts, gathering: this.gathering.size };
  }

  /** One part: gathered; when it completes its inventory, the inventory is taken and its parts acknowledged. */
  async add(part: InventoryPart, b: ReceivedBatch): Promise<void> {
    const of = `${part.collector}\0${part.networkId}`;
    const last = this.taken.get(of);
    if (last && !newer(part, last)) { this.counts.skipped++; b.ack(); return; }
    const key = `${part.collector}\0${part.boot}\0${part.seq}`;
    let g = this.gathering.get(key);
    if (!g) this.gathering.set(key, g = { head: part, parts: new Array<InventoryPart | undefined>(part.parts).fill(undefined), batches: [] });
    g.parts[part.part] = part;
    g.batches.push(b);
    if (g.parts.some((p) => p === undefined)) return;
    this.gathering.delete(key);
    await this.take({ collector: part.collector, networkId: part.networkId, devices: g.parts.flatMap((p) => p!.devices) });
    this.taken.set(of, { boot: part.boot, seq: part.seq });
    this.counts.taken++;
    for (const x of g.batches) x.ack();
    // Older inventories of the same collector and network still gathered are replaced by this one.
    for (const [k, other] of this.gathering) {
      if (other.head.collector !== part.collector || other.head.networkId !== part.networkId || newer(other.head, part)) continue;
      this.gathering.delete(k);
      this.counts.skipped++;
      for (const x of other.batches) x.ack();
    }
  }
}
