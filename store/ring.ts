/**
 * The device monitor's buffer: the last RING_DEPTH raw observations of every variable slot,
 * (poll time ms, value), in one SharedArrayBuffer so that poll workers write and the API reads
 * without messages. The value of a counter variable is its per-poll rate.
 *
 * Layout: Float64 [slot][depth][tsMs, value] followed by Int32 [slot] write counters.
 * One writer per slot at a time (the scheduler never polls a device twice at once); readers may
 * see a torn pair while a write is in flight, which costs at most one stale observation.
 */
const RING_DEPTH = 4;

export class RingBuffer {
  readonly capacity: number;
  readonly buffer: SharedArrayBuffer;
  private readonly data: Float64Array;
  private readonly counts: Int32Array;

  private constructor(buffer: SharedArrayBuffer, capacity: number) {
    this.buffer = buffer;
    this.capacity = capacity;
    this.data = new Float64Array(buffer, 0, capacity * RING_DEPTH * 2);
    this.counts = new Int32Array(buffer, capacity * RING_DEPTH * 16, capacity);
  }

  static bytesFor(capacity: number): number { return capacity * RING_DEPTH * 16 + capacity * 4; }

  static create(capacity: number): RingBuffer {
    return new RingBuffer(new SharedArrayBuffer(RingBuffer.bytesFor(capacity)), capacity);
  }

  /** Attaches to a buffer made by `create` (in a worker thread). */
  static attach(buffer: SharedArrayBuffer): RingBuffer {
    const capacity = Math.floor(buffer.byteLength / (RING_DEPTH * 16 + 4));
    return new RingBuffer(buffer, capacity);
  }

  /** A copy with room for `capacity` slots (the old buffer stays valid for readers and writers still holding it). */
  grow(capacity: number): RingBuffer {
    const next = RingBuffer.create(capacity);
    next.data.set(this.data);
    next.counts.set(this.counts);
    return next;
  }

  write(slot: number, tsMs: number, value: number): void {
    const n = this.counts[slot];
    const at = (slot * RING_DEPTH + (n % RING_DEPTH)) * 2;
    this.data[at] = tsMs;
    this.data[at + 1] = value;
    Atomics.store(this.counts, slot, n + 1);
  }

  /** The slot's observations, oldest first (at most RING_DEPTH). */
  read(slot: number): { tsMs: number[]; values: number[] } {
    const n = Atomics.load(this.counts, slot);
    const have = Math.min(n, RING_DEPTH);
    const tsMs: number[] = [];
    const values: number[] = [];
    for (let k = n - have; k < n; k++) {
      const at = (slot * RING_DEPTH + (k % RING_DEPTH)) * 2;
      tsMs.push(this.data[at]);
      values.push(this.data[at + 1]);
    }
    return { tsMs, values };
  }

  /** The newest observation's value, or NaN when the slot has none. */
  last(slot: number): number {
    const n = Atomics.load(this.counts, slot);
    if (n === 0) return NaN;
    return this.data[(slot * RING_DEPTH + ((n - 1) % RING_DEPTH)) * 2 + 1];
  }
}
