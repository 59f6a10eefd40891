import type { ChartData } from './graph-data.js';

/**
 * The port page's arithmetic, without the DOM: a data call's series as points, the 95th
 * percentile of a window (the figure traffic is billed by: the top 5 % of samples dropped), and
 * the outbound series of a chart mirrored below zero.
 */

/** `["timestamp,<id>", "<ms>,<value>", …]` → time → value (lines that do not parse are left out). */
export function pointsOf(timeseries: readonly string[] | undefined): Map<number, number> {
  const out = new Map<number, number>();
  for (const line of (timeseries ?? []).slice(1)) {
    const comma = line.indexOf(',');
    const t = Number(line.slice(0, comma)), v = Number(line.slice(comma + 1));
    if (comma > 0 && Number.isFinite(t) && Number.isFinite(v)) out.set(t, v);
  }
  return out;
}

/**
 * The 95th percentile by nearest rank: the smallest sample with at least 95 % of the samples at or
 * below it (sorted ascending, the ⌈0.95·n⌉-th); null for no samples.
 */
export function percentile95(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(0.95 * sorted.length) - 1)]!;
}

/**
 * `data` with the values of the outbound series (variable names `ifOut…`, in the order of
 * `varNames`) negated, so that in is drawn above zero and out below; `minOut` is the lowest value
 * drawn (≤ 0), 0 when there is no outbound point.
 */
export function mirrorOut(data: ChartData, varNames: readonly string[]): { data: ChartData; minOut: number } {
  let minOut = 0;
  const values = data.values.map((col, k) => {
    if (!varNames[k]?.startsWith('ifOut')) return col;
    return col.map((x) => {
      if (x === null) return null;
      if (-x < minOut) minOut = -x;
      return -x;
    });
  });
  return { data: { ...data, values }, minOut };
}
