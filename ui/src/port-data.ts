/**
 * The port page's arithmetic, without the DOM: a data call's series as points, and the 95th
 * percentile of a window (the figure traffic is billed by: the top 5 % of samples dropped).
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
