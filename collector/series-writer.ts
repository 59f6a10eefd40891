import type { SeriesStore } from '../store/series.js';
import type { PollResult } from '../workers/poll-plan.js';
import type { GridKind } from '../workers/poll-plan.js';
import { GridInterpolator } from './interpolate.js';

/**
 * The single owner of grid interpolation for one network: takes poll results (raw observations),
 * carries them onto the grid and hands each grid step's values to the series store.
 */
export class SeriesWriter {
  private readonly interp: GridInterpolator;
  private readonly pending = new Map<number, { slots: number[]; values: number[] }>();
  private readonly sink = (g: number, slot: number, value: number) => {
    let step = this.pending.get(g);
    if (!step) this.pending.set(g, step = { slots: [], values: [] });
    step.slots.push(slot);
    step.values.push(value);
  };
  pointsWritten = 0;

  constructor(private readonly series: SeriesStore, intervalMs: number) {
    this.interp = new GridInterpolator(intervalMs);
  }

  setKinds(kinds: ReadonlyMap<number, GridKind>): void {
    for (const [slot, kind] of kinds) this.interp.setKind(slot, kind);
  }

  /** Feeds one poll's observations and writes the grid values they complete. */
  accept(r: PollResult): void {
    for (let i = 0; i < r.count; i++) this.interp.observe(r.slots[i], r.tsMs, r.values[i], this.sink);
    this.flush();
  }

  private flush(): void {
    for (const [g, step] of this.pending) {
      this.series.appendStep(g, Int32Array.from(step.slots), Float64Array.from(step.values));
      this.pointsWritten += step.slots.length;
    }
    this.pending.clear();
  }
}
