/**
 * The central's side of the points path (`mode: central`): a durable consumer of the collectors'
 * batches writes their points into the central's series store and acknowledges them only after the
 * store has made them durable (`flush`). Whatever the central had not acknowledged when it stopped
 * or crashed comes again; a batch that comes again is written again over the same (slot, time),
 * which the store keeps as one point: nothing is lost, nothing is doubled.
 *
 * A collector's slot means nothing here until a definition names it (batch-codec.ts); the central's
 * slot for a definition comes from a SlotResolver, and the mapping (collector, network, its slot) →
 * our slot is kept in the metadata store (namespace `remoteSlots`) before the batch is acknowledged,
 * so a restart never needs definitions that were acknowledged long ago.
 */
import type { BatchConsumption, BatchTransport, ConsumerSpec, ReceivedBatch } from '../core/ports/transport.js';
import type { Logger } from '../core/logger.js';
import type { RemoteCollectorStatus } from '../core/ports/networks.js';
import type { MetaStore } from '../store/meta/meta.js';
import type { SeriesStore } from '../store/series/series.js';
import { BatchFormatError, KIND_INVENTORY, KIND_STATES, batchKind, decodePointsBatch, type PointsBatch } from './batch-codec.js';
import { decodeStates, type StatesMessage } from './states-codec.js';
import { decodeInventoryPart } from './inventory-codec.js';
import { InventoryAssembly, type TakenInventory } from './inventory-assembly.js';

const NS_REMOTE_SLOTS = 'remoteSlots';

/**
 * Where a key of a collector's definition points here: our slot; `later` while the device it names
 * is not known yet (no inventory named it: the batch waits for one); undefined when it names
 * nothing here.
 */
export type SlotTarget = number | 'later' | undefined;

/** The central's slot of what a collector's definition names (device identity, variable, component). */
export interface SlotResolver {
  /** One entry per key, in order. */
  resolve(networkId: number, keys: readonly string[]): Promise<SlotTarget[]>;
}

export interface CentralIngestOptions {
  readonly transport: Pick<BatchTransport, 'consume'>;
  readonly consumer: ConsumerSpec;
  readonly series: Pick<SeriesStore, 'appendStep' | 'flush'>;
  readonly meta: MetaStore;
  readonly resolver: SlotResolver;
  readonly nowMs: () => number;
  readonly logger: Logger;
  /** Acknowledge at most this long after a batch was written (one store flush for all of them). */
  readonly flushEveryMs?: number;
  /** Points more than this ahead of the central's clock are not written (a collector's clock runs ahead). */
  readonly maxFutureMs?: number;
  /** Called for each grid step of a batch once written: the network, the step's grid time and the points written. */
  readonly onWritten?: (networkId: number, gridTsMs: number, points: number) => void;
  /**
   * A collector's inventory of a network, once all its parts came: its parts are acknowledged when
   * the promise resolves (a rejection leaves them to come again). Batches that wait for a device
   * are tried again after it.
   */
  readonly onInventory?: (inv: TakenInventory) => Promise<void>;
  /** Each batch written: its collector, network, newest grid time and the collector's clock skew (ms). */
  readonly onBatchWritten?: (collector: string, networkId: number, newestGridMs: number, skewMs: number) => void;
  /** A collector's poll states of a network (the newest of each collector and network only); acknowledged after. */
  readonly onStates?: (m: StatesMessage) => void;
  /** A batch waits at most this long for an inventory that names its devices; then what maps is written. */
  readonly holdMaxMs?: number;
  /** A consumption that failed starts again after this long (default 5 s). */
  readonly retryMs?: number;
}

/** What the central knows of one collector from its batches (`newestGridMs` -Infinity before any). */
export type CollectorSeen = RemoteCollectorStatus;

export interface IngestStats {
  readonly batches: number;
  readonly points: number;
  /** Batches that are not ours or are cut short: acknowledged (they would never decode) and counted. */
  readonly malformed: number;
  /** Points whose slot no definition named, or whose definition names nothing here. */
  readonly unmapped: number;
  /** Points more than maxFutureMs ahead of our clock, not written. */
  readonly future: number;
  /** Batches written and not yet acknowledged (waiting for the store's flush). */
  readonly pendingAcks: number;
  /** Batches waiting for an inventory that names their devices (not written, not acknowledged). */
  readonly held: number;
  /** Points written without waiting further for their device (holdMaxMs passed): counted in `unmapped`. */
  readonly heldTooLong: number;
  /** Inventories taken, and inventories skipped (older than one taken, or replaced while gathered). */
  readonly inventories: number;
  readonly inventoriesSkipped: number;
  readonly collectors: readonly CollectorSeen[];
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** A batch waiting for an inventory, since when. */
interface Held { readonly b: ReceivedBatch; readonly batch: PointsBatch; readonly sinceMs: number; touchedMs: number }

/** How often held batches are tried again (and told to the engine as still worked on every third of the ack wait). */
const HELD_TEND_MS = 1_000;

/** A collector's slot as kept in the metadata store: what its definition said, and our slot (-1: none). */
interface RemoteSlot { readonly key: string; readonly ours: number }

/**
 * One collector's slots in one network → ours. A collector's slots are small dense integers (its
 * inventory hands them out from 0), so the lookup of every point is an index into a typed array.
 */
class SlotMap {
  private table = new Int32Array(1024).fill(-1);
  private readonly keys = new Map<number, string>();

  /** Our slot for its slot, or -1 (not defined, or names nothing here). */
  ours(slot: number): number {
    return slot >= 0 && slot < this.table.length ? this.table[slot]! : -1;
  }

  keyOf(slot: number): string | undefined {
    return this.keys.get(slot);
  }

  set(slot: number, key: string, ours: number): void {
    if (slot < 0) return;
    if (slot >= this.table.length) {
      const grown = new Int32Array(Math.max(slot + 1, this.table.length * 2)).fill(-1);
      grown.set(this.table);
      this.table = grown;
    }
    this.table[slot] = ours;
    this.keys.set(slot, key);
  }
}

export class CentralIngest {
  private consumption: BatchConsumption | undefined;
  /** `${collector}\0${networkId}` → its slots: what each holds and our slot for it. */
  private readonly slotMaps = new Map<string, SlotMap>();
  private readonly pending: ReceivedBatch[] = [];
  private flushing: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly seen = new Map<string, Mutable<CollectorSeen>>();
  private stats = { batches: 0, points: 0, malformed: 0, unmapped: 0, future: 0, heldTooLong: 0 };
  /** `${collector}\0${networkId}` → its batches waiting for an inventory, in stream order. */
  private readonly held = new Map<string, Held[]>();
  private heldCount = 0;
  private heldTimer: NodeJS.Timeout | undefined;
  private readonly inventories: InventoryAssembly;
  private readonly holdMaxMs: number;
  /** Our slot → 1 + the index in `senders` of the collector whose batch last wrote it (0: none). */
  private sentBy = new Uint16Array(4096);
  private readonly senders: string[] = [];
  private readonly flushEveryMs: number;
  private readonly maxFutureMs: number;
  private scratchSlots = new Int32Array(1024);
  private scratchValues = new Float64Array(1024);

  constructor(private readonly opts: CentralIngestOptions) {
    this.flushEveryMs = opts.flushEveryMs ?? 200;
    this.maxFutureMs = opts.maxFutureMs ?? 60_000;
    this.holdMaxMs = opts.holdMaxMs ?? 120_000;
    this.inventories = new InventoryAssembly(async (inv) => {
      await opts.onInventory?.(inv);
      // After the parts are acknowledged (InventoryAssembly.add), the batches that waited for it.
      queueMicrotask(() => { void this.retryHeld(); });
    });
  }

  /** Loads the slot mappings kept from earlier runs and starts consuming. */
  start(): void {
    for (const { key, value } of this.opts.meta.range<RemoteSlot>(NS_REMOTE_SLOTS)) {
      const [collector, networkId, slot] = key as [string, number, number];
      this.mapOf(collector, networkId).set(slot, value.key, value.ours);
    }
    this.consume();
  }

  /**
   * Consumes until stopped: a consumption that fails (the stream does not exist yet — the
   * collectors make it —, the engine refused the consumer) starts again after retryMs, logged each
   * time; what it had handed out and not acknowledged comes again.
   */
  private consume(): void {
    if (this.stopped) return;
    const c = this.opts.transport.consume(this.opts.consumer, (b) => this.onBatch(b));
    this.consumption = c;
    c.done.catch((e: unknown) => {
      if (this.stopped) return;
      const retryMs = this.opts.retryMs ?? 5_000;
      this.opts.logger.error('the central stopped consuming the collectors\' batches: trying again', { stream: this.opts.consumer.stream, error: (e as Error).message, retryMs });
      this.retryTimer = setTimeout(() => this.consume(), retryMs);
    });
  }
  private stopped = false;
  private retryTimer: NodeJS.Timeout | undefined;

  /** Stops consuming; what was written is flushed and acknowledged. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    await this.consumption?.stop();
    clearTimeout(this.timer);
    clearInterval(this.heldTimer);
    await this.flushAndAck();
  }

  status(): IngestStats {
    const inv = this.inventories.stats;
    return {
      ...this.stats, pendingAcks: this.pending.length, held: this.heldCount, inventories: inv.taken, inventoriesSkipped: inv.skipped,
      collectors: [...this.seen.values()].map((c) => ({ ...c })),
    };
  }

  private async onBatch(b: ReceivedBatch): Promise<void> {
    let batch: PointsBatch;
    try {
      const kind = batchKind(b.data);
      if (kind === KIND_INVENTORY) {
        await this.inventories.add(decodeInventoryPart(b.data), b);
        return;
      }
      if (kind === KIND_STATES) {
        this.takeStates(decodeStates(b.data));
        b.ack();
        return;
      }
      batch = decodePointsBatch(b.data);
    } catch (e) {
      if (!(e instanceof BatchFormatError)) throw e;
      this.stats.malformed++;
      this.opts.logger.warn('a batch that is not a collector\'s: acknowledged and skipped', { subject: b.subject, bytes: b.data.length, reason: e.message });
      b.ack();
      return;
    }
    const key = `${batch.collector}\0${batch.networkId}`;
    // Behind a batch that waits, the collector's later batches of the network wait too (in order).
    const waiting = this.held.get(key);
    if (waiting) { this.hold(waiting, b, batch); return; }
    if (batch.definitions.length > 0 && !(await this.learn(batch))) {
      const list: Held[] = [];
      this.held.set(key, list);
      this.hold(list, b, batch);
      this.opts.logger.info('a collector\'s batch names devices no inventory named yet: it waits for the inventory', { collector: batch.collector, network: batch.networkId });
      return;
    }
    await this.write(b, batch);
  }

  /** The collector whose batch last wrote our slot (which collector polls the device of the slot), or null. */
  sentByOf(slot: number): string | null {
    const i = slot >= 0 && slot < this.sentBy.length ? this.sentBy[slot]! : 0;
    return i === 0 ? null : this.senders[i - 1]!;
  }

  private senderOf(collector: string): number {
    let i = this.senders.indexOf(collector);
    if (i < 0) { this.senders.push(collector); i = this.senders.length - 1; }
    return i + 1;
  }

  private growSentBy(slot: number): void {
    const grown = new Uint16Array(Math.max(slot + 1, this.sentBy.length * 2));
    grown.set(this.sentBy);
    this.sentBy = grown;
  }

  /** The newest poll states of each collector and network go on; an older one (a redelivery) does not. */
  private takeStates(m: StatesMessage): void {
    const key = `${m.collector}\0${m.networkId}`;
    const last = this.lastStates.get(key);
    if (last && (last.boot > m.boot || (last.boot === m.boot && last.seq >= m.seq))) return;
    this.lastStates.set(key, { boot: m.boot, seq: m.seq });
    this.opts.onStates?.(m);
  }
  private readonly lastStates = new Map<string, { boot: number; seq: number }>();

  /** Writes a batch's steps (slots mapped), then acknowledges it after the next store flush. */
  private async write(b: ReceivedBatch, batch: PointsBatch): Promise<void> {
    const map = this.mapOf(batch.collector, batch.networkId);
    const sender = this.senderOf(batch.collector);
    const limitMs = this.opts.nowMs() + this.maxFutureMs;
    let points = 0;
    let newest = -Infinity;
    for (const step of batch.steps) {
      const n = step.slots.length;
      if (step.gridTsMs > limitMs) { this.stats.future += n; continue; }
      this.ensureScratch(n);
      let k = 0;
      for (let i = 0; i < n; i++) {
        const ours = map.ours(step.slots[i]!);
        if (ours < 0) { this.stats.unmapped++; continue; }
        if (ours >= this.sentBy.length) this.growSentBy(ours);
        this.sentBy[ours] = sender;
        this.scratchSlots[k] = ours;
        this.scratchValues[k++] = step.values[i]!;
      }
      if (k > 0) {
        this.opts.series.appendStep(step.gridTsMs, this.scratchSlots, this.scratchValues, k);
        this.opts.onWritten?.(batch.networkId, step.gridTsMs, k);
      }
      points += k;
      if (step.gridTsMs > newest) newest = step.gridTsMs;
    }
    this.stats.batches++;
    this.stats.points += points;
    this.note(batch, b, points, newest);
    if (newest > -Infinity) this.opts.onBatchWritten?.(batch.collector, batch.networkId, newest, batch.sentAtMs - b.storedAtMs);
    this.pending.push(b);
    if (this.pending.length >= 1_000) await this.flushAndAck();
    else this.timer ??= setTimeout(() => { this.timer = undefined; void this.flushAndAck(); }, this.flushEveryMs);
  }

  /**
   * Resolves and keeps the batch's new definitions (durable before the batch can be acknowledged).
   * False when some name a device no inventory named yet (`later`): those are not kept, and the
   * batch waits (hold) unless `settle` (it waited long enough: they map to nothing).
   */
  private async learn(batch: PointsBatch, settle = false): Promise<boolean> {
    const map = this.mapOf(batch.collector, batch.networkId);
    // Only what is new, changed or mapped to nothing is resolved (a definition rides with several
    // batches at first; a device may have come since).
    const fresh = new Map<number, string>();
    for (const d of batch.definitions) if (map.keyOf(d.slot) !== d.key || map.ours(d.slot) < 0) fresh.set(d.slot, d.key);
    if (fresh.size === 0) return true;
    const slots = [...fresh.keys()];
    const targets = await this.opts.resolver.resolve(batch.networkId, slots.map((s) => fresh.get(s)!));
    const later = targets.some((x) => x === 'later');
    if (later && !settle) return false;
    const changed = slots.map((slot, i): [number, RemoteSlot] => { const x = targets[i]; return [slot, { key: fresh.get(slot)!, ours: typeof x === 'number' ? x : -1 }]; });
    await this.opts.meta.transaction((tx) => {
      for (const [slot, value] of changed) tx.put(NS_REMOTE_SLOTS, [batch.collector, batch.networkId, slot], value);
    });
    for (const [slot, value] of changed) map.set(slot, value.key, value.ours);
    const missing = changed.filter(([, v]) => v.ours < 0).length;
    if (missing > 0) this.opts.logger.warn('a collector defines slots that name nothing here: their points are not written', { collector: batch.collector, network: batch.networkId, slots: missing, first: changed.find(([, v]) => v.ours < 0)![1].key });
    return true;
  }

  /** A batch waits (not written, not acknowledged; the engine is told it is still worked on). */
  private hold(list: Held[], b: ReceivedBatch, batch: PointsBatch): void {
    const now = this.opts.nowMs();
    list.push({ b, batch, sinceMs: now, touchedMs: now });
    this.heldCount++;
    this.heldTimer ??= setInterval(() => this.tendHeld(), HELD_TEND_MS);
  }

  /** Every HELD_TEND_MS: held batches' ack wait starts again; those held too long are written as they map. */
  private tendHeld(): void {
    const now = this.opts.nowMs();
    const touchEveryMs = this.opts.consumer.ackWaitMs / 3;
    for (const list of this.held.values()) {
      for (const h of list) if (now - h.touchedMs >= touchEveryMs) { h.touchedMs = now; h.b.inProgress(); }
    }
    void this.retryHeld();
  }

  /** Tries the held batches again in order (an inventory came, or time passed): each collector's until one still waits. */
  private retrying: Promise<void> | undefined;
  private retryHeld(): Promise<void> {
    this.retrying ??= (async () => {
      for (const [key, list] of this.held) {
        while (list.length > 0) {
          const h = list[0]!;
          const settle = this.opts.nowMs() - h.sinceMs >= this.holdMaxMs;
          if (!(await this.learn(h.batch, settle))) break;
          if (settle) this.noteHeldTooLong(h);
          list.shift();
          this.heldCount--;
          await this.write(h.b, h.batch);
        }
        if (list.length === 0) this.held.delete(key);
      }
      if (this.held.size === 0) { clearInterval(this.heldTimer); this.heldTimer = undefined; }
    })().finally(() => { this.retrying = undefined; });
    return this.retrying;
  }

  private noteHeldTooLong(h: Held): void {
    this.stats.heldTooLong++;
    this.opts.logger.warn('a collector\'s batch waited too long for an inventory naming its devices: written with what maps, the rest counted as unmapped', {
      collector: h.batch.collector, network: h.batch.networkId, waitedMs: this.opts.nowMs() - h.sinceMs,
    });
  }

  /** One store flush for every batch written so far, then their acknowledgements. */
  private flushAndAck(): Promise<void> {
    if (this.flushing) return this.flushing.then(() => this.flushAndAck());
    if (this.pending.length === 0) return Promise.resolve();
    clearTimeout(this.timer);
    this.timer = undefined;
    const batches = this.pending.splice(0);
    this.flushing = this.opts.series.flush().then(
      () => { for (const b of batches) b.ack(); },
      (e: unknown) => {
        // Not acknowledged: the engine hands them out again after the ack wait, and they are written again.
        this.opts.logger.error('store flush failed: the collectors\' batches are not acknowledged and will come again', { batches: batches.length, error: (e as Error).message });
      },
    ).finally(() => { this.flushing = undefined; });
    return this.flushing;
  }

  private note(batch: PointsBatch, b: ReceivedBatch, points: number, newest: number): void {
    let c = this.seen.get(batch.collector);
    if (!c) this.seen.set(batch.collector, c = { collector: batch.collector, batches: 0, points: 0, redelivered: 0, skewMs: 0, newestGridMs: -Infinity, lastWrittenAtMs: 0 });
    c.batches++;
    c.points += points;
    if (b.redelivered) c.redelivered++;
    c.skewMs = batch.sentAtMs - b.storedAtMs;
    if (newest > c.newestGridMs) c.newestGridMs = newest;
    c.lastWrittenAtMs = this.opts.nowMs();
  }

  private mapOf(collector: string, networkId: number): SlotMap {
    const key = `${collector}\0${networkId}`;
    let map = this.slotMaps.get(key);
    if (!map) this.slotMaps.set(key, map = new SlotMap());
    return map;
  }

  private ensureScratch(n: number): void {
    if (this.scratchSlots.length >= n) return;
    this.scratchSlots = new Int32Array(n);
    this.scratchValues = new Float64Array(n);
  }
}
