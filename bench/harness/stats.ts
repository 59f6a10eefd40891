/** Order statistics of samples. Every function leaves its argument unchanged; empty input gives NaN. */

const sorted = (xs: readonly number[]): number[] => [...xs].sort((a, b) => a - b);

export function min(xs: readonly number[]): number {
  let m = Infinity;
  for (const x of xs) if (x < m) m = x;
  return xs.length === 0 ? NaN : m;
}

export function max(xs: readonly number[]): number {
  let m = -Infinity;
  for (const x of xs) if (x > m) m = x;
  return xs.length === 0 ? NaN : m;
}

/** The middle value; the mean of the two middle values for an even count. */
export function median(xs: readonly number[]): number {
  if (xs.length === 0) return NaN;
  const s = sorted(xs);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/**
 * The p-th percentile (0 ≤ p ≤ 100) by the nearest-rank method: the smallest sample such that at
 * least p % of the samples are ≤ it. p99 of 100 samples is the 99th smallest, p100 the maximum.
 */
export function percentile(xs: readonly number[], p: number): number {
  if (xs.length === 0) return NaN;
  if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile must be in [0, 100], got ${p}`);
  return percentileOfSorted(sorted(xs), p);
}

/** As `percentile`, for samples already in ascending order (no copy: for millions of samples). */
export function percentileOfSorted(s: ArrayLike<number>, p: number): number {
  if (s.length === 0) return NaN;
  const rank = Math.max(1, Math.ceil((p / 100) * s.length));
  return s[rank - 1];
}
