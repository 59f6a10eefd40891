/**
 * The `aggregator` of a structured time_series target (docs/grafana.md): the selected series
 * combined into one, point by point at equal timestamps (grid-aligned polls, or groupByTime
 * buckets). `sum`, `avg`, `min`, `max` over the non-null values at a timestamp (null when all are
 * null); `count` counts the non-null values. Timestamps ascending.
 */

export const AGGREGATORS = ['sum', 'avg', 'min', 'max', 'count'] as const;
export type Aggregator = (typeof AGGREGATORS)[number];

export const isAggregator = (s: string): s is Aggregator => (AGGREGATORS as readonly string[]).includes(s);

type Point = readonly [number | null, number];

export function aggregatePoints(agg: Aggregator, series: readonly (readonly Point[])[]): [number | null, number][] {
  const acc = new Map<number, { sum: number; n: number; min: number; max: number }>();
  for (const points of series) {
    for (const [v, ts] of points) {
      let a = acc.get(ts);
      if (!a) acc.set(ts, a = { sum: 0, n: 0, min: Infinity, max: -Infinity });
      if (v === null) continue;
      a.sum += v; a.n++;
      if (v < a.min) a.min = v;
      if (v > a.max) a.max = v;
    }
  }
  return [...acc.entries()].sort((x, y) => x[0] - y[0]).map(([ts, a]): [number | null, number] => {
    if (agg === 'count') return [a.n, ts];
    if (a.n === 0) return [null, ts];
    switch (agg) {
      case 'sum': return [a.sum, ts];
      case 'avg': return [a.sum / a.n, ts];
      case 'min': return [a.min, ts];
      case 'max': return [a.max, ts];
    }
  });
}
