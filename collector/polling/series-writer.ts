import type { SeriesStore } from '../../store/series/series.js';
import type { PollResult } from '../../workers/index.js';
import { GridInterpolator } from './interpolate.js';

/**
 * Where a network's grid steps go: the series store, or (`mode: collector`) the store and the
 * publisher to the central (remote/collector-role.ts).
 */
export type StepSink = Pick<SeriesStore, 'appendStep' | 'reserveSlots'>;

/** The values one poll result completes at one grid time; buffers are reused across polls. */
class StepBuffer {
  slots = new Int32Array(256);
  values = new Float64Array(256);
  count = 0;
  push(slot: number, value: number): void {
    if (this.count === this.slots.length) {
      const slots = new Int32Array(this.count * 2); slots.set(this.slots); this.slots = slots;
      const values = new Float64Array(this.count * 2); values.set(this.values); this.values = values;
    }
    this.slots[this.count] = slot;
    this.values[this.count] = value;
    this.count++;
  }
}

/**
 * The single owner of grid interpolation for one network: takes poll results (raw observations),
 * carries them onto the grid and hands each grid step's values to the series store.
 */
export class SeriesWriter {
  private interp: GridInterpolator;
  private readonly pending = new Map<number, StepBuffer>();
  private readonly spare: StepBuffer[] = [];
  private readonly sink = (g: number, slot: number, value: number) => {
    let step = this.pending.get(g);
    if (!step) this.pending.set(g, step = this.spare.pop() ?? new StepBuffer());
    step.push(slot, value);
  };
  pointsWritten = 0;
  /** The newest grid time written since `takeWritten` was last called (NaN: none), and the points. */
  private newestGridMs = NaN;
  private pointsSinceTaken = 0;

  constructor(private readonly series: StepSink, intervalMs: number) {
    this.interp = new GridInterpolator(intervalMs);
  }

  /**
   * Moves the writer onto another grid (a reload changed the network's poll interval), keeping
   * each slot's previous observation (GridInterpolator.withInterval). A no-op for the same interval.
   */
  setInterval(intervalMs: number): void {
    if (intervalMs !== this.interp.interval) this.interp = this.interp.withInterval(intervalMs);
  }

  /** The grid kind of every slot, by slot (0 for slots of other networks or none). */
  setKinds(kinds: Uint8Array): void {
    this.interp.setKinds(kinds);
  }

  reserve(capacity: number): void {
    this.interp.reserve(capacity);
    this.series.reserveSlots?.(capacity);
  }

  /** Feeds one poll's observations and writes the grid values they complete. */
  accept(r: PollResult): void {
    for (let i = 0; i < r.count; i++) this.interp.observe(r.slots[i], r.tsMs, r.values[i], this.sink);
    this.flush();
  }

  /**
   * Queues a device's `reachable` value (1 answered, 0 failed) at its cycle's grid time. It is written
   * with the next poll's step (same grid time: one appendStep) or by `flushPending` at the latest,
   * and counted in `takeWritten` like every grid value. The slot has no grid kind: nothing is
   * interpolated, the value is the poll's outcome at that grid time.
   */
  markReachable(slot: number, gridTsMs: number, value: 0 | 1): void {
    this.sink(gridTsMs, slot, value);
  }

  /** Writes what is queued (the cycle's end, before its GridStepWritten is announced). */
  flushPending(): void {
    if (this.pending.size > 0) this.flush();
  }

  /** What was written since the last call (grid time NaN and 0 points when nothing), and starts over. */
  takeWritten(): { gridTsMs: number; points: number } {
    const out = { gridTsMs: this.newestGridMs, points: this.pointsSinceTaken };
    this.newestGridMs = NaN;
    this.pointsSinceTaken = 0;
    return out;
  }

  private flush(): void {
    // appendStep copies what it keeps (SeriesStore contract: the arrays are the caller's), so buffers are reused.
    for (const [g, step] of this.pending) {
      this.series.appendStep(g, step.slots, step.values, step.count);
      this.pointsWritten += step.count;
      this.pointsSinceTaken += step.count;
      if (!(g <= this.newestGridMs)) this.newestGridMs = g;
      step.count = 0;
      this.spare.push(step);
    }
    this.pending.clear();
  }
}
