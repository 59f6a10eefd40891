import type { SeriesPoints } from '../../core/types.js';

/**
 * A growable (tsMs, value) list backed by typed arrays, reused across reads so that the read path
 * allocates only its result. Callers push points in ascending time order unless they say otherwise.
 */
export class PointBuffer {
  tsMs: Float64Array;
  values: Float64Array;
  length = 0;

  constructor(capacity = 64) {
    this.tsMs = new Float64Array(capacity);
    this.values = new Float64Array(capacity);
  }

  clear(): void { this.length = 0; }

  push(tsMs: number, value: number): void {
    if (this.length === this.tsMs.length) this.grow(this.length * 2);
    this.tsMs[this.length] = tsMs;
    this.values[this.length] = value;
    this.length++;
  }

  grow(capacity: number): void {
    const ts = new Float64Array(capacity);
    const vs = new Float64Array(capacity);
    ts.set(this.tsMs.subarray(0, this.length));
    vs.set(this.values.subarray(0, this.length));
    this.tsMs = ts;
    this.values = vs;
  }

  /** A copy of the points, sized to fit. */
  toSeriesPoints(): SeriesPoints {
    return { tsMs: this.tsMs.slice(0, this.length), values: this.values.slice(0, this.length) };
  }

  /** Appends every point of `other` (the caller keeps time order). */
  append(other: PointBuffer): void {
    for (let i = 0; i < other.length; i++) this.push(other.tsMs[i], other.values[i]);
  }
}

/**
 * Merges ascending sources into `out` (cleared first) in ascending time; where several sources
 * hold the same time, the value of the later source in `sources` wins.
 */
export function mergeNewestWins(sources: readonly PointBuffer[], out: PointBuffer): void {
  out.clear();
  const at = new Array<number>(sources.length).fill(0);
  for (;;) {
    let bestTs = Infinity;
    for (let s = 0; s < sources.length; s++) {
      if (at[s] < sources[s].length && sources[s].tsMs[at[s]] < bestTs) bestTs = sources[s].tsMs[at[s]];
    }
    if (bestTs === Infinity) return;
    let value = NaN;
    for (let s = 0; s < sources.length; s++) {
      if (at[s] < sources[s].length && sources[s].tsMs[at[s]] === bestTs) {
        value = sources[s].values[at[s]];
        at[s]++;
      }
    }
    out.push(bestTs, value);
  }
}
