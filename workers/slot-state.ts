/**
 * Per-slot collector state shared by every poll worker (Piscina may hand any task to any worker):
 * the last exact counter value, the time of that reading, and whether there is one. Indexed by the
 * variable slot the inventory assigns. Written only by the worker polling the slot's device (the
 * scheduler never polls a device twice at once).
 */
export class SlotState {
  readonly capacity: number;
  readonly buffer: SharedArrayBuffer;
  readonly lastCounter: BigUint64Array;
  readonly lastTsMs: Float64Array;
  readonly has: Uint8Array;

  private constructor(buffer: SharedArrayBuffer, capacity: number) {
    this.buffer = buffer;
    this.capacity = capacity;
    this.lastCounter = new BigUint64Array(buffer, 0, capacity);
    this.lastTsMs = new Float64Array(buffer, capacity * 8, capacity);
    this.has = new Uint8Array(buffer, capacity * 16, capacity);
  }

  static bytesFor(capacity: number): number { return capacity * 17; }
  static create(capacity: number): SlotState {
    return new SlotState(new SharedArrayBuffer(SlotState.bytesFor(capacity)), capacity);
  }
  static attach(buffer: SharedArrayBuffer): SlotState {
    return new SlotState(buffer, Math.floor(buffer.byteLength / 17));
  }

  /** A copy with more room (the old one stays valid for tasks already running). */
  grow(capacity: number): SlotState {
    const next = SlotState.create(capacity);
    next.lastCounter.set(this.lastCounter);
    next.lastTsMs.set(this.lastTsMs);
    next.has.set(this.has);
    return next;
  }
}
