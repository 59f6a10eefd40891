/**
 * The collector's side of the points path (`mode: collector`): grid steps in, batches out to the
 * engine at the site. Steps are gathered per network into a batch of at most `maxPoints` points or
 * `lingerMs` of waiting, sealed with the next sequence number (its message id then never changes)
 * and published with up to `maxInFlight` batches unanswered. A batch the engine did not confirm is
 * published again, with the same id, after a back-off (doubling to `maxBackoffMs`): the engine
 * stores it once. Sealed batches wait in memory while the engine does not answer, up to
 * `maxBufferedPoints`; past that, new steps are dropped and counted (the engine at the site is the
 * buffer that outlives a link cut; this one only bridges the engine's own restart).
 */
import type { BatchTransport } from '../core/ports/transport.js';
import type { Logger } from '../core/logger.js';
import { batchMessageId, encodePointsBatch, type GridStep, type SlotDefinition } from './batch-codec.js';

export interface PointsPublisherOptions {
  readonly transport: Pick<BatchTransport, 'publish'>;
  /** The subject of this collector's points, e.g. `netmon.points.site-a.c1`. */
  readonly subject: string;
  /** This collector's name, unique among the collectors of the central. */
  readonly collector: string;
  readonly nowMs: () => number;
  readonly logger: Logger;
  readonly maxPoints?: number;
  readonly lingerMs?: number;
  readonly maxInFlight?: number;
  readonly maxBufferedPoints?: number;
  readonly maxBackoffMs?: number;
}

/** What the publisher did, for /metrics and the status of the transport. */
export interface PublisherStats {
  readonly batches: number;
  readonly points: number;
  /** Batches the engine already had (a publish again after a lost answer). */
  readonly duplicates: number;
  /** Publishes that failed and were tried again. */
  readonly retries: number;
  /** Points sealed or gathered and not yet confirmed by the engine. */
  readonly bufferedPoints: number;
  /** Points dropped because the buffer was full. */
  readonly droppedPoints: number;
  /** Bytes of the sealed batches not yet confirmed by the engine. */
  readonly bufferedBytes: number;
  readonly lastError: string;
}

interface OpenBatch {
  readonly networkId: number;
  readonly steps: GridStep[];
  readonly definitions: Map<number, string>;
  points: number;
  timer: NodeJS.Timeout | undefined;
}

interface SealedBatch {
  readonly seq: number;
  readonly id: string;
  readonly data: Uint8Array;
  readonly points: number;
  readonly networkId: number;
  readonly definitions: readonly SlotDefinition[];
  attempts: number;
}

/** The slots of one network: what each holds, and which definitions no stored batch carried yet. */
interface NetworkSlots {
  readonly keys: Map<number, string>;
  readonly unconfirmed: Set<number>;
}

export class PointsPublisher {
  private readonly boot: number;
  private seq = 0;
  private readonly open = new Map<number, OpenBatch>();
  private readonly queue: SealedBatch[] = [];
  private inFlight = 0;
  private readonly networks = new Map<number, NetworkSlots>();
  private readonly waiters: { upTo: number; resolve: () => void }[] = [];
  /** Sequence numbers sealed and not yet confirmed, with when each was sealed (oldest first). */
  private readonly unconfirmedSeqs = new Map<number, number>();
  private closed = false;
  private readonly maxPoints: number;
  private readonly lingerMs: number;
  private readonly maxInFlight: number;
  private readonly maxBufferedPoints: number;
  private readonly maxBackoffMs: number;
  private stats = { batches: 0, points: 0, duplicates: 0, retries: 0, bufferedPoints: 0, droppedPoints: 0, bufferedBytes: 0, lastError: '' };
  private lastDropLogMs = -Infinity;

  constructor(private readonly opts: PointsPublisherOptions) {
    this.boot = opts.nowMs();
    this.maxPoints = opts.maxPoints ?? 5_000;
    this.lingerMs = opts.lingerMs ?? 50;
    this.maxInFlight = opts.maxInFlight ?? 4;
    this.maxBufferedPoints = opts.maxBufferedPoints ?? 5_000_000;
    this.maxBackoffMs = opts.maxBackoffMs ?? 5_000;
  }

  /** Says what a slot of a network holds; it rides with the points until a stored batch carried it. */
  define(networkId: number, slot: number, key: string): void {
    const net = this.slotsOf(networkId);
    if (net.keys.get(slot) === key) return;
    net.keys.set(slot, key);
    net.unconfirmed.add(slot);
  }

  /** Every definition rides again (a central that starts late reads them from the stream's newer batches). */
  defineAllAgain(): void {
    for (const net of this.networks.values()) for (const slot of net.keys.keys()) net.unconfirmed.add(slot);
  }

  /** Gathers one grid step of a network (the arrays are copied: the caller may reuse them). */
  appendStep(networkId: number, gridTsMs: number, slots: Int32Array, values: Float64Array, count = slots.length): void {
    if (this.closed || count === 0) return;
    if (this.stats.bufferedPoints + count > this.maxBufferedPoints) {
      this.stats.droppedPoints += count;
      const now = this.opts.nowMs();
      if (now - this.lastDropLogMs > 60_000) {
        this.lastDropLogMs = now;
        this.opts.logger.warn('the engine at the site does not take the points: new ones are dropped', { buffered: this.stats.bufferedPoints, dropped: this.stats.droppedPoints, lastError: this.stats.lastError });
      }
      return;
    }
    let batch = this.open.get(networkId);
    if (!batch) {
      batch = { networkId, steps: [], definitions: new Map(), points: 0, timer: undefined };
      this.open.set(networkId, batch);
      const b = batch;
      b.timer = setTimeout(() => this.seal(b), this.lingerMs);
    }
    const net = this.slotsOf(networkId);
    const stepSlots = slots.slice(0, count);
    if (net.unconfirmed.size > 0) {
      for (let i = 0; i < count; i++) {
        const slot = stepSlots[i]!;
        if (net.unconfirmed.has(slot) && !batch.definitions.has(slot)) batch.definitions.set(slot, net.keys.get(slot)!);
      }
    }
    batch.steps.push({ gridTsMs, slots: stepSlots, values: values.slice(0, count) });
    batch.points += count;
    this.stats.bufferedPoints += count;
    if (batch.points >= this.maxPoints) this.seal(batch);
  }

  /** Resolves once every step appended before the call is stored by the engine (or the publisher closed). */
  flush(): Promise<void> {
    for (const b of [...this.open.values()]) this.seal(b);
    const upTo = this.seq;
    if (this.confirmedUpTo(upTo)) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ upTo, resolve }));
  }

  status(): PublisherStats {
    return { ...this.stats };
  }

  /** How long the oldest sealed batch has waited for the engine (0 when none waits): the collector's lag. */
  lagMs(): number {
    for (const sealedAtMs of this.unconfirmedSeqs.values()) return Math.max(0, this.opts.nowMs() - sealedAtMs);
    return 0;
  }

  /** Seals what is gathered, waits up to `waitMs` for the engine to store it all, then stops publishing. */
  async close(waitMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.flush(), new Promise<void>((r) => { timer = setTimeout(r, waitMs); })]);
    clearTimeout(timer);
    this.closed = true;
    if (this.stats.bufferedPoints > 0) this.opts.logger.warn('collector stopped with points the engine did not store', { points: this.stats.bufferedPoints });
    for (const w of this.waiters.splice(0)) w.resolve();
  }

  private slotsOf(networkId: number): NetworkSlots {
    let net = this.networks.get(networkId);
    if (!net) this.networks.set(networkId, net = { keys: new Map(), unconfirmed: new Set() });
    return net;
  }

  private seal(b: OpenBatch): void {
    if (this.open.get(b.networkId) !== b) return;
    this.open.delete(b.networkId);
    clearTimeout(b.timer);
    const seq = ++this.seq;
    const definitions = [...b.definitions].map(([slot, key]) => ({ slot, key }));
    const batch = { collector: this.opts.collector, boot: this.boot, seq, sentAtMs: this.opts.nowMs(), networkId: b.networkId, definitions, steps: b.steps };
    this.unconfirmedSeqs.set(seq, batch.sentAtMs);
    const data = encodePointsBatch(batch);
    this.stats.bufferedBytes += data.length;
    this.queue.push({ seq, id: batchMessageId(batch), data, points: b.points, networkId: b.networkId, definitions, attempts: 0 });
    this.pump();
  }

  private pump(): void {
    while (!this.closed && this.inFlight < this.maxInFlight && this.queue.length > 0) {
      const batch = this.queue.shift()!;
      this.inFlight++;
      this.opts.transport.publish(this.opts.subject, batch.data, batch.id).then(
        (ack) => { this.inFlight--; this.confirmed(batch, ack.duplicate); this.pump(); },
        (e: unknown) => { this.inFlight--; this.failed(batch, e as Error); },
      );
    }
  }

  private confirmed(batch: SealedBatch, duplicate: boolean): void {
    this.stats.batches++;
    this.stats.points += batch.points;
    this.stats.bufferedPoints -= batch.points;
    this.stats.bufferedBytes -= batch.data.length;
    if (duplicate) this.stats.duplicates++;
    const net = this.slotsOf(batch.networkId);
    for (const d of batch.definitions) if (net.keys.get(d.slot) === d.key) net.unconfirmed.delete(d.slot);
    this.unconfirmedSeqs.delete(batch.seq);
    for (let i = this.waiters.length - 1; i >= 0; i--) {
      if (this.confirmedUpTo(this.waiters[i]!.upTo)) this.waiters.splice(i, 1)[0]!.resolve();
    }
  }

  private failed(batch: SealedBatch, e: Error): void {
    if (this.closed) return;
    this.stats.retries++;
    this.stats.lastError = e.message;
    batch.attempts++;
    if (batch.attempts === 1) this.opts.logger.warn('publish to the engine failed: trying again', { batch: batch.id, error: e.message });
    const backoff = Math.min(this.maxBackoffMs, 100 * 2 ** Math.min(batch.attempts - 1, 10));
    setTimeout(() => { this.queue.unshift(batch); this.pump(); }, backoff).unref();
  }

  private confirmedUpTo(seq: number): boolean {
    for (const s of this.unconfirmedSeqs.keys()) if (s <= seq) return false;
    return true;
  }
}
