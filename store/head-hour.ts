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
  readonly pending = new Map<number, StepLog>();
  unwritten: { key: StepKey; bytes: Uint8Array }[] = [];
  written: StepKey[] = [];

  constructor(hourStartMs: number, slotCapacity = 1024) {
    this.hourStartMs = hourStartMs;
    this.first = new Int32Array(slotCapacity).fill(-1);
    this.last = new Int32Array(slotCapacity).fill(-1);
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
  }
}
