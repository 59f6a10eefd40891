import { StepLog } from './step-log.js';

export type StepKey = [gridTsMs: number, seq: number];

/** Points per page of a layer's pool: 16k points, 256 KiB of typed arrays. */
const PAGE_BITS = 14;
const PAGE_SIZE = 1 << PAGE_BITS;
const PAGE_MASK = PAGE_SIZE - 1;

/**
 * One layer of the head: the points of one hour held in the writer's memory until the hour is
 * closed into per-slot chunks. Points sit in a pool of fixed-size typed-array pages (growing adds
 * a page, never copies, so a 36M-point hour does not stall the thread); each slot's points form a
 * chain (`next`) kept in ascending time, from `first[slot]` to `last[slot]` (-1 when the slot has
 * none), so appends allocate nothing per point.
 *
 * The layer also tracks its durability: `pending` holds the appends not yet encoded into step
 * blobs, `unwritten` the encoded blobs whose transaction has not committed yet, and `written` the
 * keys of its blobs on disk (deleted when the layer's hour is closed into chunks).
 */
export class HeadHour {
  readonly hourStartMs: number;
  private readonly offPages: Int32Array[] = [];
  private readonly valPages: Float64Array[] = [];
  private readonly nextPages: Int32Array[] = [];
  points = 0;
  first: Int32Array;
  last: Int32Array;
  /** One more than the highest slot with a point. */
  slotLimit = 0;
  /** The latest offset of any point (-1 when empty). */
  maxOffsetMs = -1;
  /**
   * Running rollups of each slot's points, updated on every append at a slot's tail (the common
   * case) so that aggregating the open hour over many slots reads six numbers per slot instead of
   * its points. An overwrite or an out-of-order insert marks the slot `rollupStale`; `headRollup`
   * then recomputes it from the chain. The sum is accumulated in time order, as a chunk's is.
   */
  rollupCount: Int32Array;
  rollupMin: Float64Array;
  rollupMax: Float64Array;
  rollupSum: Float64Array;
  rollupLast: Float64Array;
  rollupLastOffsetMs: Int32Array;
  rollupStale: Uint8Array;
  readonly pending = new Map<number, StepLog>();
  unwritten: { key: StepKey; bytes: Uint8Array; points: number }[] = [];
  written: StepKey[] = [];

  /**
   * A layer for `hourStartMs` made of a closed layer's per-slot arrays (when large enough), so that
   * a new hour neither allocates ~50 bytes per slot again nor takes the page faults of touching
   * them for the first time inside a poll cycle. Point pages are not taken over: an hour of them is
   * far larger (16 bytes per point) and is better freed than kept idle. `old` must not be used
   * afterwards.
   */
  static reusing(old: HeadHour, hourStartMs: number, slotCapacity: number): HeadHour {
    const reuseSlots = old.first.length >= slotCapacity;
    const h = new HeadHour(hourStartMs, reuseSlots ? 0 : slotCapacity);
    if (reuseSlots) {
      h.first = old.first.fill(-1); h.last = old.last.fill(-1); h.rollupStale = old.rollupStale.fill(0);
      // written by the first point of a slot before they are ever read
      h.rollupCount = old.rollupCount; h.rollupMin = old.rollupMin; h.rollupMax = old.rollupMax; h.rollupSum = old.rollupSum;
      h.rollupLast = old.rollupLast; h.rollupLastOffsetMs = old.rollupLastOffsetMs;
    }
    return h;
  }

  /**
   * Memory for a future layer of `slotCapacity` slots, every page touched, for HeadHour.reusing:
   * taken when the slot count is known (at start), so the first cycle's appends do not pay for it.
   */
  static prepared(slotCapacity: number): HeadHour {
    const h = new HeadHour(0, slotCapacity);
    for (const a of [h.rollupCount, h.rollupMin, h.rollupMax, h.rollupSum, h.rollupLast, h.rollupLastOffsetMs, h.rollupStale]) a.fill(0);
    return h;
  }

  /** Frees the layer's points (its per-slot arrays stay, for HeadHour.reusing). */
  dropPoints(): void {
    this.offPages.length = 0; this.valPages.length = 0; this.nextPages.length = 0;
    this.points = 0;
  }

  constructor(hourStartMs: number, slotCapacity = 1024) {
    this.hourStartMs = hourStartMs;
    this.first = new Int32Array(slotCapacity).fill(-1);
    this.last = new Int32Array(slotCapacity).fill(-1);
    this.rollupCount = new Int32Array(slotCapacity);
    this.rollupMin = new Float64Array(slotCapacity);
    this.rollupMax = new Float64Array(slotCapacity);
    this.rollupSum = new Float64Array(slotCapacity);
    this.rollupLast = new Float64Array(slotCapacity);
    this.rollupLastOffsetMs = new Int32Array(slotCapacity);
    this.rollupStale = new Uint8Array(slotCapacity);
  }

  /** Whether any slot has a point. */
  get isEmpty(): boolean { return this.points === 0; }

  offsetOf(p: number): number { return this.offPages[p >>> PAGE_BITS][p & PAGE_MASK]; }
  valueOf(p: number): number { return this.valPages[p >>> PAGE_BITS][p & PAGE_MASK]; }
  nextOf(p: number): number { return this.nextPages[p >>> PAGE_BITS][p & PAGE_MASK]; }
  setValue(p: number, v: number): void { this.valPages[p >>> PAGE_BITS][p & PAGE_MASK] = v; }
  setNext(p: number, next: number): void { this.nextPages[p >>> PAGE_BITS][p & PAGE_MASK] = next; }

  /** A new point with no successor; returns its index. */
  newPoint(offsetMs: number, value: number): number {
    const p = this.points++;
    const page = p >>> PAGE_BITS, i = p & PAGE_MASK;
    if (i === 0) {
      this.offPages.push(new Int32Array(PAGE_SIZE));
      this.valPages.push(new Float64Array(PAGE_SIZE));
      this.nextPages.push(new Int32Array(PAGE_SIZE));
    }
    this.offPages[page][i] = offsetMs;
    this.valPages[page][i] = value;
    this.nextPages[page][i] = -1;
    return p;
  }

  growSlots(atLeast: number): void {
    const capacity = Math.max(atLeast, this.first.length * 2);
    const first = new Int32Array(capacity).fill(-1); first.set(this.first); this.first = first;
    const last = new Int32Array(capacity).fill(-1); last.set(this.last); this.last = last;
    const grow = <A extends Int32Array | Float64Array | Uint8Array>(a: A, make: (n: number) => A): A => { const b = make(capacity); b.set(a); return b; };
    this.rollupCount = grow(this.rollupCount, (n) => new Int32Array(n));
    this.rollupMin = grow(this.rollupMin, (n) => new Float64Array(n));
    this.rollupMax = grow(this.rollupMax, (n) => new Float64Array(n));
    this.rollupSum = grow(this.rollupSum, (n) => new Float64Array(n));
    this.rollupLast = grow(this.rollupLast, (n) => new Float64Array(n));
    this.rollupLastOffsetMs = grow(this.rollupLastOffsetMs, (n) => new Int32Array(n));
    this.rollupStale = grow(this.rollupStale, (n) => new Uint8Array(n));
  }
}
