import type { SeriesPoints } from '../../core/types.js';

/**
 * The `length` reduction of graph calls: the window [fromMs, toMs] is split by time into
 * floor(length / 2) equal chunks and each chunk that has points yields its minimum and its
 * maximum observation (one point when they are the same observation), in time order. The first
 * minimum and the first maximum win ties. A series that already has at most `length` points is
 * returned as it is. `length` must be ≥ 2 (checked by the caller).
 */
export function reduceMinMax(points: SeriesPoints, fromMs: number, toMs: number, length: number): SeriesPoints {
  const n = points.tsMs.length;
  if (n <= length) return points;
  const chunks = Math.floor(length / 2);
  const span = toMs - fromMs;
  const outTs = new Float64Array(chunks * 2);
  const outV = new Float64Array(chunks * 2);
  let out = 0;
  let i = 0;
  for (let c = 0; c < chunks && i < n; c++) {
    // Chunk c covers [fromMs + c·span/chunks, fromMs + (c+1)·span/chunks); the last one includes toMs.
    const endMs = c === chunks - 1 ? Infinity : fromMs + ((c + 1) * span) / chunks;
    let minAt = -1;
    let maxAt = -1;
    for (; i < n && points.tsMs[i] < endMs; i++) {
      const v = points.values[i];
      if (minAt < 0 || v < points.values[minAt]) minAt = i;
      if (maxAt < 0 || v > points.values[maxAt]) maxAt = i;
    }
    if (minAt < 0) continue;
    const first = Math.min(minAt, maxAt);
    const second = Math.max(minAt, maxAt);
    outTs[out] = points.tsMs[first]; outV[out] = points.values[first]; out++;
    if (second !== first) { outTs[out] = points.tsMs[second]; outV[out] = points.values[second]; out++; }
  }
  return { tsMs: outTs.subarray(0, out), values: outV.subarray(0, out) };
}
