import type { Clock } from '../../core/clock.js';
import { systemClock } from '../../core/clock.js';
import { AppError, isAppError } from '../../core/errors.js';
import type { Logger } from '../../core/logger.js';
import { silentLogger } from '../../core/logger.js';
import type { StoreStatus } from '../../core/ports/networks.js';
import type { SeriesPoints } from '../../core/types.js';
import { decodeChunk, type ChunkRollup } from './chunk-decode.js';
import { HOUR_MS, hourStartOf } from './chunk-format.js';
import { headAppend } from './head-append.js';
import { HeadHour } from './head-hour.js';
import { headHasSlot, headRead, headRollup, headValueAt } from './head-read.js';
import { replayHead } from './head-replay.js';
import { CloseScratch, closeHourSlice, finishHourClose } from './hour-close.js';
import { decodeHourRollup, newRollupDraft, readRollupEntry, slotCountOf } from './hour-rollup.js';
import { openStoreEnv, type BinaryTable, type EnvKey, type StoreEnv } from '../lmdb-env.js';
import { mergeNewestWins, PointBuffer } from './point-buffer.js';
import { emptyRollups, foldPoints, foldRollup } from './series-rollup.js';
import type { PruneResult, SeriesStore, SlotRollups } from './series.js';
import { encodeStepBlob } from './step-blob.js';
import { StepLog } from './step-log.js';

/** Slots are dense indexes assigned by the inventory; this bounds the head's per-slot arrays. */
const MAX_SLOTS = 1 << 24;

interface LmdbSeriesOptions {
  /** An environment shared with other stores (not closed by this store), or … */
  env?: StoreEnv;
  /** … a directory for an environment of its own (closed with the store). */
  dir?: string;
  /** Appends are durable within this delay (default 1000 ms). */
  flushIntervalMs?: number;
  /**
   * An hour is closed into chunks once a grid time this far past its end has been appended
   * (default 5 min), so that steps arriving a little out of order still land in the head.
   * Later arrivals are still correct: they are merged into the hour's chunks at the next flush.
   */
  closeGraceMs?: number;
  /** Points transposed per close transaction (default 250k); tests make it small to cut closes in many slices. */
  closeSlicePoints?: number;
  /**
   * While writes fail, appended points are held in memory up to this many not yet written
   * (default DEFAULT_MAX_UNWRITTEN_POINTS); past it, appended steps are dropped and counted.
   */
  maxUnwrittenPoints?: number;
  /** For an environment of its own (`dir`): the free space it keeps in reserve (StoreEnvOptions.minFreeBytes). */
  minFreeBytes?: number;
  logger?: Logger;
  clock?: Clock;
}

/**
 * Points transposed per close transaction by default: a few tens of ms of the writer's thread
 * each, so an hour of 100k slots at one point a minute closes in 24 slices with reads and
 * appends served in between.
 */
const CLOSE_SLICE_POINTS = 250_000;

/**
 * Points held in memory while writes fail, by default (the server passes `server.maxUnwrittenPoints`):
 * about 40 bytes each (the head's point, its step-log entry and its encoded blob), so 80 MB; 20
 * minutes of 100k slots polled every minute.
 */
const DEFAULT_MAX_UNWRITTEN_POINTS = 2_000_000;

/** After a failed flush the timer retries after 1 interval, then 2, 4… up to this, or at once when free space grows. */
const MAX_RETRY_DELAY_MS = 30_000;
/** Free space growth that makes a failed flush be retried at once (a disk freed or enlarged). */
const RETRY_FREE_BYTES = 1 << 20;
/** While points are dropped, a reminder is logged at most this often. */
const DROP_LOG_MS = 60_000;

/** Step blob bytes per write transaction at most (see flushSteps). */
const MAX_BLOB_TXN_BYTES = 8 << 20;

/**
 * Chunk keys deleted per prune transaction (pruneBefore): a few ms of the writer's thread, so an
 * hour of 100k slots goes in about 25 transactions with appends, reads and flushes in between.
 */
const PRUNE_BATCH_KEYS = 4096;

/** LMDB table names. */
const CHUNKS_TABLE = 'series-chunks';
const STEPS_TABLE = 'series-steps';
const HOUR_ROLLUPS_TABLE = 'series-hour-rollups';

export async function openLmdbSeriesStore(opts: LmdbSeriesOptions): Promise<LmdbSeriesStore> {
  let env = opts.env;
  let ownsEnv = false;
  if (!env) {
    if (!opts.dir) throw new AppError('INTERNAL', 'series store: neither env nor dir given');
    env = openStoreEnv(opts.dir, { logger: opts.logger, clock: opts.clock, minFreeBytes: opts.minFreeBytes });
    ownsEnv = true;
  }
  try {
    return new LmdbSeriesStore(env, ownsEnv, opts);
  } catch (err) {
    if (ownsEnv) await env.close().catch(() => {});
    throw err;
  }
}

/**
 * The embedded series store. Chunks of closed hours live in LMDB under `[hourStartMs, slot]`; the
 * points of hours not yet closed live in memory (the head, one `HeadHour` layer per hour), made
 * durable as step blobs `[gridTsMs, seq]` by a flush every `flushIntervalMs`. A flush writes the
 * new step blobs in one transaction, then closes the hours that are due: chunks written in a few
 * transactions of about 250k points, the hour's blobs deleted with the last one. At open the
 * head is rebuilt from the blobs on disk; a close cut short by a crash is simply done again.
 * While an hour closes, later flushes wait, so the durability delay of appends made meanwhile
 * stretches by the close's duration (about a second for 100k slots at one point a minute, a few
 * seconds at one point every 10 s, measured on a busy 2-core machine).
 *
 * Reads of an hour combine, oldest first, its chunk on disk, the layers being closed, and its
 * open layer; at equal times the newer source wins. Single-threaded: the store is used from the
 * thread that opened it.
 *
 * When writes fail (a full disk), nothing is lost that was appended: the unwritten step blobs
 * and the hours due for closing stay in memory and reads answer from them; the timer retries
 * with a growing delay (1 interval, 2, 4… up to 30 s), and at once when the file system's free
 * space grows by 1 MiB. Once more than `maxUnwrittenPoints` appended points are unwritten while
 * writes fail, `appendStep` drops whole steps (counted in `status().droppedPoints`) until a
 * flush succeeds. Points held in memory are lost if the process stops before writes succeed
 * again (close() says how many). `status()` reports all of it.
 */
export class LmdbSeriesStore implements SeriesStore {
  private readonly env: StoreEnv;
  private readonly ownsEnv: boolean;
  private readonly chunks: BinaryTable;
  private readonly steps: BinaryTable;
  private readonly hourRollups: BinaryTable;
  private readonly logger: Logger;
  private readonly clock: Clock;
  private readonly closeGraceMs: number;
  private readonly closeSlicePoints: number;
  private readonly open = new Map<number, HeadHour>();
  /** Layers taken out of `open` for closing whose transaction has not committed yet, oldest first. */
  private closing: HeadHour[] = [];
  private seq: number;
  private maxGridTsMs: number;
  /**
   * Hours whose chunks are complete on disk (those with an hour rollup value): reads look for
   * chunks of these hours only. Chunks left by a close cut short by a crash are ignored until the
   * replayed layer closes again; the head has all their points meanwhile.
   */
  private readonly closedHours = new Set<number>();
  /** Range of hours that may hold points; reads outside it skip the disk. */
  private minHourMs = Infinity;
  private maxHourMs = -Infinity;
  private flushChain: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private readonly flushIntervalMs: number;
  private readonly maxUnwrittenPoints: number;
  /** Points appended and not yet in a committed step blob. */
  private unwrittenPoints = 0;
  private droppedPoints = 0;
  /** Dropped since writes started failing, and when that was last logged. */
  private droppedInRun = 0;
  private dropLoggedMs = -Infinity;
  /** The timer's next flush after a failure: not before `retryAtMs` unless free space grew past `freeAtFailure`. */
  private retryDelayMs = 0;
  private retryAtMs = 0;
  private freeAtFailure: number | null = null;
  /** Whether the last flush failed, and why. */
  private flushFailing = false;
  private flushError = '';
  private flushFailedSinceMs = 0;
  private closed = false;
  /** The hour pruneBefore is deleting: a layer of it (late steps) is not closed until that is done. */
  private pruningHour: number | null = null;
  private layerHint = { slots: 1024 };
  /** A closed layer, its points dropped: the next current hour's layer takes over its per-slot arrays (HeadHour.reusing). */
  private closedLayer: HeadHour | null = null;
  /** Step logs already encoded, kept for reuse. */
  private readonly spareLogs: StepLog[] = [];
  /** reserveSlots' hint: no layer of the current hour starts smaller. */
  private reservedSlots = 0;
  private readonly out = new PointBuffer(1024);
  private readonly hourBuf = new PointBuffer(256);
  private readonly mergeSrc = [new PointBuffer(256), new PointBuffer(256), new PointBuffer(256), new PointBuffer(256)];
  private readonly mergeOut = new PointBuffer(256);
  private readonly chunkRollup: ChunkRollup = { count: 0, min: 0, max: 0, sum: 0, last: 0, lastOffsetMs: 0 };
  private readonly closeScratch = new CloseScratch();
  /** A decoded hour rollup value, reused by every rollup. */
  private rollupTable: Float64Array = new Float64Array(0);

  constructor(env: StoreEnv, ownsEnv: boolean, opts: LmdbSeriesOptions) {
    this.env = env;
    this.ownsEnv = ownsEnv;
    this.logger = opts.logger ?? silentLogger;
    this.clock = opts.clock ?? systemClock;
    this.closeGraceMs = opts.closeGraceMs ?? 5 * 60_000;
    this.closeSlicePoints = opts.closeSlicePoints ?? CLOSE_SLICE_POINTS;
    this.maxUnwrittenPoints = opts.maxUnwrittenPoints ?? DEFAULT_MAX_UNWRITTEN_POINTS;
    this.chunks = env.binaryTable(CHUNKS_TABLE);
    this.steps = env.binaryTable(STEPS_TABLE);
    this.hourRollups = env.binaryTable(HOUR_ROLLUPS_TABLE);

    const started = this.clock.nowMs();
    const r = replayHead(this.steps, (hour) => this.layerFor(hour));
    this.seq = r.maxSeq + 1;
    this.maxGridTsMs = r.maxGridTsMs;
    for (const key of this.hourRollups.keys()) { this.closedHours.add(key as number); this.seeHour(key as number); }
    this.logger.info('series store open', { path: env.path, headBlobs: r.blobs, headPoints: r.points, ms: this.clock.nowMs() - started });

    this.flushIntervalMs = opts.flushIntervalMs ?? 1000;
    this.timer = setInterval(() => this.tick(), this.flushIntervalMs);
    this.timer.unref();
  }

  /** The timer: a flush, unless a failed one waits for its retry delay and free space did not grow. */
  private tick(): void {
    if (this.flushFailing && this.clock.nowMs() < this.retryAtMs) {
      const free = this.env.freeBytes();
      if (free === null || this.freeAtFailure === null || free < this.freeAtFailure + RETRY_FREE_BYTES) return;
    }
    const run = this.flushChain.then(() => this.flushOnce(true));
    this.flushChain = run.catch(() => { /* logged by the environment and flushOnce; retried by a later tick */ });
  }

  appendStep(gridTsMs: number, slots: Int32Array, values: Float64Array, count = slots.length): void {
    if (this.closed) throw new AppError('INTERNAL', 'series store: appendStep after close');
    if (!Number.isSafeInteger(gridTsMs) || gridTsMs < 0) {
      throw new AppError('INTERNAL', `series store: grid time ${gridTsMs} is not a non-negative integer ms`);
    }
    if (this.flushFailing && this.unwrittenPoints >= this.maxUnwrittenPoints) { this.drop(gridTsMs, values, count); return; }
    const hour = hourStartOf(gridTsMs);
    const offsetMs = gridTsMs - hour;
    const layer = this.layerFor(hour);
    let log = layer.pending.get(gridTsMs);
    for (let i = 0; i < count; i++) {
      const v = values[i];
      if (v !== v) continue;
      const slot = slots[i];
      if (slot < 0 || slot >= MAX_SLOTS) throw new AppError('INTERNAL', `series store: slot ${slot} out of range`);
      headAppend(layer, slot, offsetMs, v);
      if (!log) { log = this.spareLogs.pop() ?? new StepLog(Math.max(16, count)); layer.pending.set(gridTsMs, log); }
      log.push(slot, v);
      this.unwrittenPoints++;
    }
    if (gridTsMs > this.maxGridTsMs) this.maxGridTsMs = gridTsMs;
  }

  /** A step refused while writes fail and the bound is reached: counted, and logged now and then. */
  private drop(gridTsMs: number, values: Float64Array, count: number): void {
    let n = 0;
    for (let i = 0; i < count; i++) if (values[i] === values[i]) n++;
    this.droppedPoints += n;
    this.droppedInRun += n;
    const now = this.clock.nowMs();
    if (now - this.dropLoggedMs >= DROP_LOG_MS) {
      this.dropLoggedMs = now;
      this.logger.error('series store: appended points dropped: writes are failing and the points held in memory reached their bound', {
        path: this.env.path, gridTsMs, droppedPoints: this.droppedInRun, unwrittenPoints: this.unwrittenPoints, maxUnwrittenPoints: this.maxUnwrittenPoints,
      });
    }
  }

  /** Whether writes reach the disk and what is held in memory meanwhile (the healthcheck's `store`). */
  status(): StoreStatus {
    const h = this.env.writeHealth();
    // The store is writable when both its own last flush and the environment's last write (maybe
    // a small metadata write that fit in free pages of the file) succeeded.
    return {
      writable: !h.failing && !this.flushFailing, reason: h.reason || (this.flushFailing ? this.flushError : ''),
      failingSinceMs: h.failingSinceMs ?? (this.flushFailing ? this.flushFailedSinceMs : null), failedWrites: h.failedWrites,
      unwrittenPoints: this.unwrittenPoints, maxUnwrittenPoints: this.maxUnwrittenPoints, droppedPoints: this.droppedPoints,
      freeBytes: this.env.freeBytes(),
    };
  }

  reserveSlots(slots: number): void {
    const n = Math.min(MAX_SLOTS, slots);
    this.reservedSlots = Math.max(this.reservedSlots, n);
    if (n <= this.layerHint.slots) return;
    this.layerHint = { slots: n };
    // the current hour's layer is grown once now (late layers of old hours stay small)
    const current = this.open.get(hourStartOf(this.maxGridTsMs));
    if (current && current.first.length < n) current.growSlots(n);
    // no current layer yet: its memory is made (and touched) now, not by the first poll cycle's appends
    else if (!current && (this.closedLayer?.first.length ?? 0) < n) this.closedLayer = HeadHour.prepared(n);
  }

  read(slot: number, fromMs: number, toMs: number): SeriesPoints {
    const out = this.out;
    out.clear();
    const [first, last] = this.hoursOf(fromMs, toMs);
    for (let hour = first; hour <= last; hour += HOUR_MS) this.collectHour(slot, hour, fromMs, toMs, out);
    return out.toSeriesPoints();
  }

  last(slot: number, fromMs: number, toMs: number): { tsMs: number; value: number } | null {
    const [first, last] = this.hoursOf(fromMs, toMs);
    const buf = this.hourBuf;
    for (let hour = last; hour >= first; hour -= HOUR_MS) {
      buf.clear();
      this.collectHour(slot, hour, fromMs, toMs, buf);
      if (buf.length > 0) return { tsMs: buf.tsMs[buf.length - 1], value: buf.values[buf.length - 1] };
    }
    return null;
  }

  /**
   * Answered per hour from rollups where the window covers a whole source, from points elsewhere:
   * a closed hour inside the window that no head layer touches, from the hour's rollup value (one
   * read per hour for all slots); an hour held by exactly one head layer whose points all lie in
   * the window (the open hour up to now, typically), from the layer's running rollups; partial
   * hours and hours with several sources, from the points.
   */
  rollup(slots: ArrayLike<number>, fromMs: number, toMs: number): SlotRollups {
    const r = emptyRollups(slots.length);
    const [first, last] = this.hoursOf(fromMs, toMs);
    const buf = this.hourBuf;
    const h = this.chunkRollup;
    for (let hour = first; hour <= last; hour += HOUR_MS) {
      const layers = this.layersOf(hour);
      const closed = this.closedHours.has(hour);
      if (!closed && layers === 0) continue;
      const whole = closed && layers === 0 && hour >= fromMs && hour + HOUR_MS - 1 <= toMs;
      const summary = whole ? this.hourRollups.getBytes(hour) : undefined;
      if (summary) {
        const slotCount = slotCountOf(summary);
        const table = this.rollupTable = decodeHourRollup(summary, this.rollupTable);
        for (let i = 0; i < slots.length; i++) {
          if (readRollupEntry(table, slotCount, slots[i], h)) foldRollup(r, i, h.count, h.min, h.max, h.sum, h.last, hour + h.lastOffsetMs);
        }
        continue;
      }
      const layer = !closed && layers === 1 ? this.layerOf(hour) : undefined;
      if (layer && hour >= fromMs && hour + layer.maxOffsetMs <= toMs) {
        for (let i = 0; i < slots.length; i++) {
          if (headRollup(layer, slots[i], h)) foldRollup(r, i, h.count, h.min, h.max, h.sum, h.last, hour + h.lastOffsetMs);
        }
        continue;
      }
      for (let i = 0; i < slots.length; i++) {
        buf.clear();
        this.collectHour(slots[i], hour, fromMs, toMs, buf);
        foldPoints(r, i, buf.tsMs, buf.values, buf.length);
      }
    }
    return r;
  }

  /**
   * When the hour of `tsMs` is held by one head layer alone (the open hour, typically), each
   * slot's value from the layer (its newest point directly); otherwise from the hour's points.
   */
  valuesAt(slots: ArrayLike<number>, tsMs: number, out: Float64Array = new Float64Array(slots.length)): Float64Array {
    out.fill(NaN, 0, slots.length);
    if (this.minHourMs === Infinity) return out;
    const hour = hourStartOf(tsMs);
    const layer = !this.closedHours.has(hour) && this.layersOf(hour) === 1 ? this.layerOf(hour) : undefined;
    if (layer) {
      const off = tsMs - hour;
      for (let i = 0; i < slots.length; i++) out[i] = headValueAt(layer, slots[i], off);
      return out;
    }
    const buf = this.hourBuf;
    for (let i = 0; i < slots.length; i++) {
      buf.clear();
      this.collectHour(slots[i], hour, tsMs, tsMs, buf);
      if (buf.length > 0) out[i] = buf.values[buf.length - 1];
    }
    return out;
  }

  /** Rejects with AppError STORE_WRITE_FAILED when the writes fail; what it could not write stays queued. */
  flush(): Promise<void> {
    const run = this.flushChain.then(() => this.flushOnce(false));
    this.flushChain = run.catch(() => {});
    return run;
  }

  /**
   * Flushes and closes. When the flush fails, the store is closed all the same, the points not
   * written are lost (logged with their number) and the flush's error goes up.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    clearInterval(this.timer);
    this.timer = undefined;
    try {
      await this.flush();
    } catch (err) {
      this.logger.error('series store closed with points not written: they are lost', {
        path: this.env.path, unwrittenPoints: this.unwrittenPoints, error: (err as Error).message,
      });
      throw err;
    } finally {
      this.closed = true;
      if (this.ownsEnv) await this.env.close();
    }
  }

  /**
   * Deletes the old hours one by one, oldest first: each hour's chunks in transactions of
   * PRUNE_BATCH_KEYS keys, queued with the flushes (one flush may run between two of them) and
   * yielding to the event loop between them, then its hour rollup value and the step blobs of a
   * head layer it had. The hour answers empty from the start of its deletion. Hours held by a
   * layer whose close failed and waits for its retry are skipped (the next call takes them).
   * The rollup value goes last, so that an hour whose deletion was cut short (a crash, a write
   * failure: the promise rejects with STORE_WRITE_FAILED; an abort of `signal`) is found again by
   * the next call.
   */
  async pruneBefore(cutoffMs: number, signal?: AbortSignal): Promise<PruneResult> {
    const keepFrom = hourStartOf(cutoffMs);
    let hours = 0, bytes = 0;
    let from = 0;
    try {
      for (;;) {
        if (this.closed || signal?.aborted) break;
        const hour = this.nextHourToPrune(from, keepFrom);
        if (hour === null) break;
        from = hour + HOUR_MS;
        if (this.closing.some((l) => l.hourStartMs === hour)) continue;
        const r = await this.pruneHour(hour, signal);
        bytes += r.bytes;
        if (r.done) hours++;
      }
    } finally {
      this.recomputeHourRange();
    }
    return { hours, bytes };
  }

  oldestHourMs(): number | null {
    return this.minHourMs === Infinity ? null : this.minHourMs;
  }

  /** The oldest hour in [from, before) with chunks, an hour rollup value or an open layer, or null. */
  private nextHourToPrune(from: number, before: number): number | null {
    let h = Infinity;
    for (const k of this.chunks.keys({ start: [from], limit: 1 })) h = Math.min(h, (k as number[])[0]);
    for (const k of this.hourRollups.keys({ start: from, limit: 1 })) h = Math.min(h, k as number);
    for (const hour of this.open.keys()) if (hour >= from && hour < h) h = hour;
    return h < before ? h : null;
  }

  /**
   * Deletes one hour (see pruneBefore); resolves with the bytes of its chunks and rollup value
   * deleted, and whether the hour is gone (false when the store was closed or `signal` aborted meanwhile).
   */
  private async pruneHour(hour: number, signal?: AbortSignal): Promise<{ bytes: number; done: boolean }> {
    this.pruningHour = hour;
    this.closedHours.delete(hour);
    let bytes = 0;
    let blobs: HeadHour['written'] = [];
    let done = false;
    let aborted = false;
    try {
      for (let first = true; ; first = false) {
        const chunksGone = await this.inFlushChain(async () => {
          if (this.closed) return true;
          // An abort stops between batches, unless the hour took a head layer's step blobs (only
          // this call knows them: the hour is finished so that they are not left behind).
          if (signal?.aborted && blobs.length === 0) { aborted = true; return true; }
          if (first) {
            const layer = this.open.get(hour);
            if (layer) {
              this.open.delete(hour);
              blobs = layer.written;
              for (const log of layer.pending.values()) this.unwrittenPoints -= log.length;
              for (const u of layer.unwritten) this.unwrittenPoints -= u.points;
            }
          }
          const keys: EnvKey[] = [];
          for (const { key, value } of this.chunks.entries({ start: [hour], end: [hour + HOUR_MS], limit: PRUNE_BATCH_KEYS })) {
            keys.push(key);
            bytes += value.length;
          }
          if (keys.length === 0) return true;
          await this.env.write(() => { for (const k of keys) this.chunks.remove(k); }, false);
          return false;
        });
        if (chunksGone) break;
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      await this.inFlushChain(async () => {
        if (this.closed || aborted) return;
        bytes += this.hourRollups.getBytes(hour)?.length ?? 0;
        await this.env.write(() => {
          this.hourRollups.remove(hour);
          for (const k of blobs) this.steps.remove(k);
        });
        done = true;
      });
    } finally {
      this.pruningHour = null;
    }
    return { bytes, done };
  }

  /** Runs `fn` after the flushes (and prune steps) queued before it; later ones wait for it. */
  private inFlushChain<R>(fn: () => Promise<R>): Promise<R> {
    const run = this.flushChain.then(fn);
    this.flushChain = run.then(() => {}, () => {});
    return run;
  }

  /** minHourMs and maxHourMs from the hours that may still hold points (after a prune). */
  private recomputeHourRange(): void {
    let min = Infinity, max = -Infinity;
    const see = (h: number) => { if (h < min) min = h; if (h > max) max = h; };
    for (const h of this.closedHours) see(h);
    for (const h of this.open.keys()) see(h);
    for (const l of this.closing) see(l.hourStartMs);
    this.minHourMs = min;
    this.maxHourMs = max;
  }

  /** Bytes of the pages holding chunks, hour rollups and step blobs (the file may hold free pages too). */
  diskBytes(): { chunks: number; hourRollups: number; steps: number } {
    return { chunks: this.chunks.usedBytes(), hourRollups: this.hourRollups.usedBytes(), steps: this.steps.usedBytes() };
  }

  /**
   * Calls `each` for every chunk on disk, in key order, with its encoded bytes (valid during the
   * call only), for benchmarks and diagnostics.
   */
  forEachChunk(each: (hourStartMs: number, slot: number, bytes: Uint8Array) => void): void {
    for (const { key, value } of this.chunks.entries()) {
      const [hour, slot] = key as number[];
      each(hour, slot, value);
    }
  }

  /** Points held in memory (open and closing layers), for metrics and benchmarks. */
  headPoints(): number {
    let n = 0;
    for (const l of this.open.values()) n += l.points;
    for (const l of this.closing) n += l.points;
    return n;
  }

  private layerFor(hour: number): HeadHour {
    let layer = this.open.get(hour);
    if (!layer) {
      // Size a new current hour's slot arrays like the last closed one; a late layer for an old hour stays small.
      const current = !(hour < hourStartOf(this.maxGridTsMs));
      const recycled = current ? this.closedLayer : null;
      if (recycled) this.closedLayer = null;
      layer = !current ? new HeadHour(hour) : recycled ? HeadHour.reusing(recycled, hour, this.layerHint.slots) : new HeadHour(hour, this.layerHint.slots);
      this.open.set(hour, layer);
      this.seeHour(hour);
    }
    return layer;
  }

  private seeHour(hour: number): void {
    if (hour < this.minHourMs) this.minHourMs = hour;
    if (hour > this.maxHourMs) this.maxHourMs = hour;
  }

  /** The first and last hour start to visit for a window, clamped to the hours that may hold points. */
  private hoursOf(fromMs: number, toMs: number): [number, number] {
    if (!(fromMs <= toMs) || this.minHourMs === Infinity) return [0, -1];
    return [hourStartOf(Math.max(fromMs, this.minHourMs)), hourStartOf(Math.min(toMs, this.maxHourMs + HOUR_MS - 1))];
  }

  /** How many head layers (open or closing) hold points of `hour`. */
  private layersOf(hour: number): number {
    let n = this.open.has(hour) ? 1 : 0;
    for (const l of this.closing) if (l.hourStartMs === hour) n++;
    return n;
  }

  /** A head layer of `hour` (the open one first), if any. */
  private layerOf(hour: number): HeadHour | undefined {
    const open = this.open.get(hour);
    if (open) return open;
    for (const l of this.closing) if (l.hourStartMs === hour) return l;
    return undefined;
  }

  /** Appends to `out` the slot's points of one hour within the window, combining every source. */
  private collectHour(slot: number, hour: number, fromMs: number, toMs: number, out: PointBuffer): void {
    const bytes = this.closedHours.has(hour) ? this.chunks.getBytes([hour, slot]) : undefined;
    const open = this.open.get(hour);
    const openHas = open !== undefined && headHasSlot(open, slot);
    let closingHas = 0;
    for (const l of this.closing) if (l.hourStartMs === hour && headHasSlot(l, slot)) closingHas++;
    const sources = (bytes ? 1 : 0) + (openHas ? 1 : 0) + closingHas;
    if (sources === 0) return;
    if (sources === 1) {
      if (bytes) decodeChunk(bytes, hour, fromMs, toMs, out);
      else if (openHas) headRead(open, slot, fromMs, toMs, out);
      else for (const l of this.closing) if (l.hourStartMs === hour) headRead(l, slot, fromMs, toMs, out);
      return;
    }
    const src: PointBuffer[] = [];
    const take = () => {
      if (src.length === this.mergeSrc.length) this.mergeSrc.push(new PointBuffer(256));
      const b = this.mergeSrc[src.length];
      b.clear();
      src.push(b);
      return b;
    };
    if (bytes) decodeChunk(bytes, hour, fromMs, toMs, take());
    for (const l of this.closing) if (l.hourStartMs === hour && headHasSlot(l, slot)) headRead(l, slot, fromMs, toMs, take());
    if (openHas) headRead(open, slot, fromMs, toMs, take());
    mergeNewestWins(src, this.mergeOut);
    out.append(this.mergeOut);
  }

  /**
   * One flush: hours due are moved from `open` to `closing`; the pending appends of every layer
   * become step blobs, written in one transaction; then the due hours are closed. On
   * failure what is not done stays queued (unwritten blobs, closing layers) and the next flush
   * retries it (writing the same keys again is harmless). With `probe`, a flush with nothing to
   * write while the environment's writes fail makes a small write, so that the store learns when
   * writes work again although nothing of its own waits.
   */
  private async flushOnce(probe: boolean): Promise<void> {
    try {
      await this.flushSteps(probe);
    } catch (err) {
      const now = this.clock.nowMs();
      if (!this.flushFailing) { this.droppedInRun = 0; this.flushFailedSinceMs = now; }
      this.flushFailing = true;
      this.flushError = (err as Error).message;
      this.retryDelayMs = Math.min(MAX_RETRY_DELAY_MS, Math.max(this.flushIntervalMs, this.retryDelayMs * 2));
      this.retryAtMs = now + this.retryDelayMs;
      this.freeAtFailure = this.env.freeBytes();
      this.logger.debug('series flush failed; will retry', { error: String(err), retryInMs: this.retryDelayMs, unwrittenPoints: this.unwrittenPoints });
      throw isAppError(err) && err.code === 'STORE_WRITE_FAILED'
        ? err
        : new AppError('STORE_WRITE_FAILED', `series store: flush to ${this.env.path} failed: ${(err as Error).message}`, { cause: err });
    }
    if (this.flushFailing) {
      this.logger.info('series store: writing again; the points held in memory are on disk', {
        path: this.env.path, droppedPoints: this.droppedInRun,
      });
      this.flushFailing = false;
      this.retryDelayMs = 0;
      this.retryAtMs = 0;
      this.freeAtFailure = null;
    }
  }

  private async flushSteps(probe: boolean): Promise<void> {
    for (const [hour, layer] of this.open) {
      if (hour + HOUR_MS + this.closeGraceMs <= this.maxGridTsMs && hour !== this.pruningHour) {
        this.open.delete(hour);
        this.closing.push(layer);
      }
    }
    // Layers about to close get their step blobs written too: a close takes several
    // transactions, and until its last one commits the blobs are what a crash leaves.
    const toWrite: HeadHour[] = [];
    for (const layer of [...this.open.values(), ...this.closing]) {
      for (const [ts, log] of layer.pending) {
        layer.unwritten.push({ key: [ts, this.seq++], bytes: encodeStepBlob(log.slots, log.values, log.length), points: log.length });
        // reused: a log grows to a flush period's appends once, not again every period
        log.length = 0;
        if (this.spareLogs.length < 8) this.spareLogs.push(log);
      }
      layer.pending.clear();
      if (layer.unwritten.length > 0) toWrite.push(layer);
    }
    const toClose = this.closing.slice();
    if (toWrite.length === 0 && toClose.length === 0) {
      if (probe && this.env.writeHealth().failing) await this.env.probeWrite();
      return;
    }

    const started = this.clock.nowMs();
    let blobs = 0, chunks = 0;
    if (toWrite.length > 0) {
      // In transactions of at most MAX_BLOB_TXN_BYTES, so that one stays far below the free space
      // the environment keeps in reserve even when a long failure has piled blobs up.
      const committed = new Set<unknown>();
      let batch: { layer: HeadHour; u: HeadHour['unwritten'][number] }[] = [];
      let bytes = 0;
      const commit = async () => {
        const these = batch;
        batch = [];
        bytes = 0;
        await this.env.write(() => { for (const { u } of these) { this.steps.put(u.key, u.bytes); blobs++; } });
        for (const { layer, u } of these) { layer.written.push(u.key); this.unwrittenPoints -= u.points; committed.add(u); }
      };
      try {
        for (const layer of toWrite) {
          for (const u of layer.unwritten) {
            batch.push({ layer, u });
            bytes += u.bytes.length;
            if (bytes >= MAX_BLOB_TXN_BYTES) await commit();
          }
        }
        if (batch.length > 0) await commit();
      } finally {
        for (const layer of toWrite) layer.unwritten = layer.unwritten.filter((u) => !committed.has(u));
      }
    }
    // Each closing layer in slices; its blobs go with the last slice. Until then the layer
    // stays in `closing` and answers reads (it wins over the chunks already written).
    for (const layer of toClose) {
      const draft = newRollupDraft(layer.slotLimit);
      let slot = 0;
      let done = false;
      do {
        // Slices do not wait for the disk: until the last one commits, the blobs are the record.
        await this.env.write(() => {
          const r = closeHourSlice(layer, slot, this.closeSlicePoints, this.chunks, draft, this.closeScratch);
          slot = r.nextSlot;
          chunks += r.chunks;
          done = slot >= layer.slotLimit;
          if (done) finishHourClose(layer, draft, this.hourRollups, this.steps);
        }, false);
      } while (!done);
      this.closedHours.add(layer.hourStartMs);
    }
    if (toClose.length > 0) await this.env.whenFlushed();
    this.closing = this.closing.filter((l) => !toClose.includes(l));
    for (const layer of toClose) {
      this.layerHint = { slots: Math.max(1024, this.reservedSlots, layer.slotLimit) };
      // the largest closed layer's per-slot arrays go to the next current hour's layer (its points are freed)
      if (!this.closedLayer || layer.first.length > this.closedLayer.first.length) { layer.dropPoints(); this.closedLayer = layer; }
    }
    if (toClose.length > 0) {
      this.logger.info('series hours closed', { hours: toClose.map((l) => new Date(l.hourStartMs).toISOString()), chunks, ms: this.clock.nowMs() - started });
    } else {
      this.logger.debug('series flushed', { blobs, ms: this.clock.nowMs() - started });
    }
  }
}
