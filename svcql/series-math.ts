import type { SeriesPoints } from '../core/types.js';
import { evalError } from './eval-error.js';
import { limitError } from './language/errors.js';
import { limits } from './language/limits.js';
import { compareScalars, isNullish, type Scalar } from './scalar.js';

/** A series value inside the evaluator: ascending time stamps, no gaps stored. */
export interface Series { readonly kind: 'series'; readonly ts: Float64Array; readonly v: Float64Array }
export type Value = Scalar | Series;

export const isSeries = (x: Value): x is Series => typeof x === 'object' && x !== null;
export const fromPoints = (p: SeriesPoints): Series => ({ kind: 'series', ts: p.tsMs, v: p.values });
const EMPTY: Series = { kind: 'series', ts: new Float64Array(0), v: new Float64Array(0) };

/** The scalar a value shows where one value is wanted: a series' last value (null when empty). */
export function toScalar(x: Value): Scalar {
  if (!isSeries(x)) return x;
  return x.v.length ? x.v[x.v.length - 1]! : null;
}

// ---- reductions over time (one value per series) ----

/** Percentile by linear interpolation between closest ranks (numpy's default); null when empty. */
function percentile(values: ArrayLike<number>, p: number): number | null {
  // A typed array sorts numerically without a comparator, NaN last.
  const xs = Float64Array.from(values).sort();
  let n = xs.length;
  while (n > 0 && Number.isNaN(xs[n - 1]!)) n--;
  if (n === 0) return null;
  const rank = (p / 100) * (n - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return xs[lo]! + (xs[hi]! - xs[lo]!) * (rank - lo);
}

export type Reduction = 'tslast' | 'tsmin' | 'tsmax' | 'tsavg' | 'tsmedian' | 'tspercentile95' | 'tspercentile';

/** Reduces a series to one value; a scalar is its own reduction. `p` only for tspercentile. */
export function reduce(fn: Reduction, x: Value, p = 95): Scalar {
  if (!isSeries(x)) return x;
  const v = x.v;
  const n = v.length;
  if (n === 0) return null;
  switch (fn) {
    case 'tslast': return v[n - 1]!;
    case 'tsmin': { let m = Infinity; for (let i = 0; i < n; i++) if (v[i]! < m) m = v[i]!; return m; }
    case 'tsmax': { let m = -Infinity; for (let i = 0; i < n; i++) if (v[i]! > m) m = v[i]!; return m; }
    case 'tsavg': { let s = 0; for (let i = 0; i < n; i++) s += v[i]!; return s / n; }
    case 'tsmedian': return percentile(v, 50);
    case 'tspercentile95': return percentile(v, 95);
    case 'tspercentile': return percentile(v, p);
  }
}

// ---- transforms (series in, series out) ----

/** Simple moving average over the last `n` points; the result starts at the n-th point. */
export function sma(x: Series, n: number): Series {
  const len = x.v.length;
  if (len < n) return EMPTY;
  const ts = new Float64Array(len - n + 1);
  const out = new Float64Array(len - n + 1);
  let sum = 0;
  for (let i = 0; i < len; i++) {
    sum += x.v[i]!;
    if (i >= n) sum -= x.v[i - n]!;
    if (i >= n - 1) { ts[i - n + 1] = x.ts[i]!; out[i - n + 1] = sum / n; }
  }
  return { kind: 'series', ts, v: out };
}

export function cumulativeSum(x: Series): Series {
  const out = new Float64Array(x.v.length);
  let s = 0;
  for (let i = 0; i < x.v.length; i++) { s += x.v[i]!; out[i] = s; }
  return { kind: 'series', ts: x.ts, v: out };
}

/** The least-squares line through the points (time in ms as x), evaluated at each point's time. */
export function tslinear(x: Series): Series {
  const n = x.v.length;
  if (n === 0) return EMPTY;
  // Centre the times to keep the sums well conditioned (epoch ms squared is ~1e24).
  const t0 = x.ts[0]!;
  let st = 0; let sv = 0;
  for (let i = 0; i < n; i++) { st += x.ts[i]! - t0; sv += x.v[i]!; }
  const mt = st / n;
  const mv = sv / n;
  let stt = 0; let stv = 0;
  for (let i = 0; i < n; i++) {
    const dt = x.ts[i]! - t0 - mt;
    stt += dt * dt;
    stv += dt * (x.v[i]! - mv);
  }
  const slope = stt === 0 ? 0 : stv / stt;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = mv + slope * (x.ts[i]! - t0 - mt);
  return { kind: 'series', ts: x.ts, v: out };
}

/** Applies a per-value function to a scalar or to every point of a series. */
export function pointwise(x: Value, f: (v: Scalar) => Scalar): Value {
  if (!isSeries(x)) return f(x);
  const out = new Float64Array(x.v.length);
  for (let i = 0; i < out.length; i++) {
    const r = f(x.v[i]!);
    out[i] = typeof r === 'number' ? r : NaN;
  }
  return { kind: 'series', ts: x.ts, v: out };
}

// ---- aggregates across series / rows ----

export type Aggregate = 'avg' | 'median' | 'min' | 'max' | 'sum' | 'count';

/** Combines plain values (rows of a group). count counts non-null values; the others ignore nulls. */
function aggregateScalars(fn: Aggregate, xs: readonly Scalar[]): Scalar {
  if (fn === 'count') { let c = 0; for (const x of xs) if (!isNullish(x)) c++; return c; }
  if (fn === 'min' || fn === 'max') {
    // SQL-like: numbers compare as numbers, otherwise text compares as text.
    let best: Scalar = null;
    for (const x of xs) {
      if (isNullish(x)) continue;
      if (best === null) { best = x; continue; }
      const c = compareScalars(x, best);
      if (fn === 'min' ? c < 0 : c > 0) best = x;
    }
    return best;
  }
  const nums: number[] = [];
  for (const x of xs) {
    if (isNullish(x)) continue;
    const n = typeof x === 'number' ? x : Number(x);
    if (!Number.isNaN(n)) nums.push(n);
  }
  if (nums.length === 0) return null;
  let acc = 0;
  switch (fn) {
    case 'avg': for (const x of nums) acc += x; return acc / nums.length;
    case 'sum': for (const x of nums) acc += x; return acc;
    case 'median': return percentile(nums, 50);
  }
}

/**
 * Combines series point by point: at every time stamp present in any series, the aggregate of the
 * values the series have there. Series on one polling grid (or bucketed by GROUP BY time) align.
 */
function aggregateSeries(fn: Aggregate, list: readonly Series[]): Series {
  const at = new Map<number, number[]>();
  for (const s of list) {
    for (let i = 0; i < s.ts.length; i++) {
      const t = s.ts[i]!;
      let bucket = at.get(t);
      if (!bucket) { bucket = []; at.set(t, bucket); }
      bucket.push(s.v[i]!);
    }
  }
  const times = [...at.keys()].sort((a, b) => a - b);
  const ts = new Float64Array(times.length);
  const v = new Float64Array(times.length);
  times.forEach((t, i) => {
    ts[i] = t;
    const r = aggregateScalars(fn, at.get(t)!);
    v[i] = typeof r === 'number' ? r : NaN;
  });
  return { kind: 'series', ts, v };
}

/** Aggregates values that may be series: any series → point-by-point (scalars are ignored then). */
export function aggregate(fn: Aggregate, xs: readonly Value[]): Value {
  const series = xs.filter(isSeries);
  if (series.length) return aggregateSeries(fn, series);
  return aggregateScalars(fn, xs as Scalar[]);
}

/**
 * Buckets a series for GROUP BY time(d): the mean of the points in each bucket [k·d, (k+1)·d),
 * stamped with the bucket start. Throws SVCQL_LIMIT when the range holds too many buckets.
 */
export function bucketize(x: Series, bucketMs: number): Series {
  const n = x.v.length;
  if (n === 0) return x;
  const ts: number[] = [];
  const v: number[] = [];
  let cur = Math.floor(x.ts[0]! / bucketMs) * bucketMs;
  let sum = 0;
  let cnt = 0;
  for (let i = 0; i < n; i++) {
    const b = Math.floor(x.ts[i]! / bucketMs) * bucketMs;
    if (b !== cur) {
      if (cnt) { ts.push(cur); v.push(sum / cnt); }
      cur = b; sum = 0; cnt = 0;
    }
    sum += x.v[i]!;
    cnt++;
  }
  if (cnt) { ts.push(cur); v.push(sum / cnt); }
  return { kind: 'series', ts: Float64Array.from(ts), v: Float64Array.from(v) };
}

export function checkBuckets(fromMs: number, toMs: number, bucketMs: number): void {
  const buckets = Math.max(0, toMs - fromMs) / bucketMs;
  if (buckets > limits.maxBuckets) {
    throw limitError(`GROUP BY time(${bucketMs} ms) makes ${Math.ceil(buckets)} buckets over the range, the maximum is ${limits.maxBuckets}`);
  }
}

export function checkWindow(n: Scalar): number {
  const w = typeof n === 'number' ? n : Number(n);
  if (!Number.isInteger(w) || w < 1 || w > limits.maxWindow) {
    throw evalError(`sma() window must be an integer from 1 to ${limits.maxWindow}, not ${String(n)}`);
  }
  return w;
}
