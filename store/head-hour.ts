import { StepLog } from './step-log.js';

export type StepKey = [gridTsMs: number, seq: number];

/**
 * One layer of the head: the points of one hour held in the writer's memory until the hour is
 * closed into per-slot chunks. Points sit in pooled typed arrays; each slot's points form a chain
 * (`next`) kept in ascending time, from `first[slot]` to `last[slot]` (-1 when the slot has none),
 * so appends allocate nothing per point.
 *
 * The layer also tracks its durability: `pending` holds the appends not yet encoded into step
 * blobs, `unwritten` the encoded blobs whose transaction has not committed yet, and `written` the
 * keys of its blobs on disk (deleted when the layer's hour is closed into chunks).
 */
export class HeadHour {
  readonly hourStartMs: number;
  offsetMs: Int32Array;
  values: Float64Array;
  next: Int32Array;
  points = 0;
  first: Int32Array;
  last: Int32Array;
  /** One more than the highest slot with a point. */
  slotLimit = 0;
  readonly pending = new Map<number, StepLog>();
  unwritten: { key: StepKey; bytes: Uint8Array }[] = [];
  written: StepKey[] = [];

  constructor(hourStartMs: number, pointCapacity = 1024, slotCapacity = 1024) {
    this.hourStartMs = hourStartMs;
    this.offsetMs = new Int32Array(pointCapacity);
    this.values = new Float64Array(pointCapacity);
    this.next = new Int32Array(pointCapacity);
    this.first = new Int32Array(slotCapacity).fill(-1);
    this.last = new Int32Array(slotCapacity).fill(-1);
  }

  /** Whether any slot has a point. */
  get isEmpty(): boolean { return this.points === 0; }

  /** Whether this layer still has appends that are not committed to disk. */
  get isDirty(): boolean { return this.pending.size > 0 || this.unwritten.length > 0; }
}
