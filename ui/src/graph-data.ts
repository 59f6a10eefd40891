import type { GraphAnswer, GraphInfo } from './api-types.js';

/**
 * The graph call's answer (docs/api.md "Graph result") turned into columns a chart
 * draws: one shared time axis (seconds, as uPlot wants them) and one value column per series
 * (null where a series has no point at that time).
 */

interface ChartSeries {
  readonly label: string;
  readonly unit: string;
  readonly axisSide: 'left' | 'right';
}

export interface ChartData {
  /** Time stamps in seconds, ascending. */
  readonly times: number[];
  /** Per series, its values at `times` (null: no point there). */
  readonly values: (number | null)[][];
  readonly series: ChartSeries[];
}

/**
 * Columns of a graph answer. `embedded`: label series with `legendEmbedded` (the device's name
 * first), for charts that mix devices.
 */
export function chartData(answer: GraphAnswer, embedded = false): ChartData {
  const perSeries = answer.info.map((i) => {
    const points = new Map<number, number>();
    for (let k = 1; k < i.timeseries.length; k++) {
      const line = i.timeseries[k]!;
      const comma = line.indexOf(',');
      const t = Number(line.slice(0, comma));
      const v = Number(line.slice(comma + 1));
      if (Number.isFinite(t) && Number.isFinite(v)) points.set(t, v);
    }
    return points;
  });
  const stamps = new Set<number>();
  for (const p of perSeries) for (const t of p.keys()) stamps.add(t);
  const ms = [...stamps].sort((a, b) => a - b);
  return {
    times: ms.map((t) => t / 1000),
    values: perSeries.map((p) => ms.map((t) => p.get(t) ?? null)),
    series: answer.info.map((i) => ({ label: embedded ? i.legendEmbedded : i.legend, unit: i.unit, axisSide: i.axisSide })),
  };
}
