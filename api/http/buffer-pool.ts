/**
 * Large Buffers kept for reuse by answers written into them (graph answers, hundreds of KiB each).
 * Allocating one per answer makes V8 run a full mark-compact collection every few answers (their
 * backing stores count towards the old generation's limit): at 200 graph answers/s that was
 * ~170 mark-compacts and ~0.8 ms of CPU per answer, with the pauses in the latency tail.
 *
 * A buffer comes back with `give` only when nothing reads it any more: the transport releases an
 * answer's buffer once uWS has copied its bytes (`EncodedResponse.release`); an answer nobody
 * releases (in-process callers, tests) is simply collected. Bounded: at most `maxBuffers`
 * buffers of at most `maxBytes` each are kept.
 */
export class BufferPool {
  private readonly free: Buffer[] = [];

  constructor(readonly maxBuffers = 4, readonly maxBytes = 8 * 1024 * 1024) {}

  /** A buffer of at least `minBytes` (contents undefined): a kept one when one is large enough. */
  take(minBytes: number): Buffer {
    for (let i = this.free.length - 1; i >= 0; i--) {
      const b = this.free[i];
      if (b.length >= minBytes) {
        this.free[i] = this.free[this.free.length - 1];
        this.free.pop();
        return b;
      }
    }
    return Buffer.allocUnsafe(minBytes);
  }

  /** Takes back a buffer nobody reads any more (kept when there is room, else left to the GC). */
  give(buf: Buffer): void {
    if (buf.length > this.maxBytes) return;
    if (this.free.length < this.maxBuffers) { this.free.push(buf); return; }
    // Full: keep the larger buffers, they serve every answer size.
    let smallest = 0;
    for (let i = 1; i < this.free.length; i++) if (this.free[i].length < this.free[smallest].length) smallest = i;
    if (this.free[smallest].length < buf.length) this.free[smallest] = buf;
  }

  /** Buffers kept now. */
  get size(): number { return this.free.length; }
}
