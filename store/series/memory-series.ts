import { AppError } from '../../core/errors.js';
import type { SeriesPoints } from '../../core/types.js';
import { lastOfPoints, rollupByReading } from './series-rollup.js';
import { hourStartOf } from './chunk-format.js';
import type { PruneResult, SeriesStore, SlotRollups } from './series.js';

/**
 * The reference series store: plain maps in memory, nothing durable. Unit tests use it as a fake,
 * and the conformance suite checks every other backend against its answers.
 */
export class MemorySeriesStore implements SeriesStore {
  private readonly bySlot = new Map<number, Map<number, number>>();
  private closed = false;

  appendStep(gridTsMs: number, slots: Int32Array, values: Float64Array, count = slots.length): void {
    if (this.closed) throw new AppError('INTERNAL', 'series store: appendStep after close');
    for (let i = 0; i < count; i++) {
      if (Number.isNaN(values[i])) continue;
      let series = this.bySlot.get(slots[i]);
      if (!series) { series = new Map(); this.bySlot.set(slots[i], series); }
      series.set(gridTsMs, values[i]);
    }
  }

  read(slot: number, fromMs: number, toMs: number): SeriesPoints {
    const pts = [...(this.bySlot.get(slot) ?? new Map<number, number>())]
      .filter(([ts]) => ts >= fromMs && ts <= toMs)
      .sort((a, b) => a[0] - b[0]);
    return { tsMs: Float64Array.from(pts, (p) => p[0]), values: Float64Array.from(pts, (p) => p[1]) };
  }

  last(slot: number, fromMs: number, toMs: number): { tsMs: number; value: number } | null {
    return lastOfPoints(this.read(slot, fromMs, toMs));
  }

  rollup(slots: ArrayLike<number>, fromMs: number, toMs: number): SlotRollups {
    return rollupByReading((s, f, t) => this.read(s, f, t), slots, fromMs, toMs);
  }

  valuesAt(slots: ArrayLike<number>, tsMs: number, out: Float64Array = new Float64Array(slots.length)): Float64Array {
    for (let i = 0; i < slots.length; i++) out[i] = this.bySlot.get(slots[i])?.get(tsMs) ?? NaN;
    return out;
  }

  async pruneBefore(cutoffMs: number): Promise<PruneResult> {
    const keepFrom = hourStartOf(cutoffMs);
    const hours = new Set<number>();
    for (const [slot, series] of this.bySlot) {
      for (const ts of series.keys()) if (ts < keepFrom) { hours.add(hourStartOf(ts)); series.delete(ts); }
      if (series.size === 0) this.bySlot.delete(slot);
    }
    return { hours: hours.size, bytes: 0 };
  }

  oldestHourMs(): number | null {
    let oldest = Infinity;
    for (const series of this.bySlot.values()) for (const ts of series.keys()) if (ts < oldest) oldest = ts;
    return oldest === Infinity ? null : hourStartOf(oldest);
  }

  async flush(): Promise<void> {}
  async close(): Promise<void> { this.closed = true; }
}
