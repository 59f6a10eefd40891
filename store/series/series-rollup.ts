import type { SeriesPoints } from '../../core/types.js';
import type { SlotRollups } from './series.js';

export function emptyRollups(n: number): SlotRollups {
  return {
    count: new Float64Array(n),
    min: new Float64Array(n).fill(NaN),
    max: new Float64Array(n).fill(NaN),
    sum: new Float64Array(n).fill(NaN),
    last: new Float64Array(n).fill(NaN),
    lastTsMs: new Float64Array(n).fill(NaN),
  };
}

/**
 * Folds a group of points (count ≥ 1, with their min/max/sum and their last point) into entry i.
 * Groups are folded in ascending time, so the last group's last point is the window's last.
 */
export function foldRollup(r: SlotRollups, i: number, count: number, min: number, max: number, sum: number, last: number, lastTsMs: number): void {
  if (r.count[i] === 0) {
    r.min[i] = min; r.max[i] = max; r.sum[i] = sum;
  } else {
    if (min < r.min[i]) r.min[i] = min;
    if (max > r.max[i]) r.max[i] = max;
    r.sum[i] += sum;
  }
  r.count[i] += count;
  r.last[i] = last;
  r.lastTsMs[i] = lastTsMs;
}

/** Folds ascending points into entry i. */
export function foldPoints(r: SlotRollups, i: number, tsMs: Float64Array, values: Float64Array, length: number): void {
  if (length === 0) return;
  let min = Infinity, max = -Infinity, sum = 0;
  for (let k = 0; k < length; k++) {
    const v = values[k];
    if (v < min) min = v;
    if (v > max) max = v;
    sum += v;
  }
  foldRollup(r, i, length, min, max, sum, values[length - 1], tsMs[length - 1]);
}

/**
 * `last` and `rollup` of a store that has only `read` (the in-memory reference and test fakes):
 * computed from the points of each slot.
 */
export function lastOfPoints(p: SeriesPoints): { tsMs: number; value: number } | null {
  const n = p.tsMs.length;
  return n === 0 ? null : { tsMs: p.tsMs[n - 1], value: p.values[n - 1] };
}

export function rollupByReading(read: (slot: number, fromMs: number, toMs: number) => SeriesPoints, slots: ArrayLike<number>, fromMs: number, toMs: number): SlotRollups {
  const r = emptyRollups(slots.length);
  for (let i = 0; i < slots.length; i++) {
    const p = read(slots[i], fromMs, toMs);
    foldPoints(r, i, p.tsMs, p.values, p.tsMs.length);
  }
  return r;
}
