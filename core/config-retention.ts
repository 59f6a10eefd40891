import type { Checker } from './config-check.js';

/**
 * `retention:` — how long the series store keeps points, and how often old hours are removed
 * (store/series/series-pruner.ts). Applies live: the pruner reads both at each pass.
 */
export interface RetentionConfig {
  /** Hours ending more than this long ago are removed from the series store. */
  readonly seriesMs: number;
  /** The delay between two passes of the pruner (one runs at start too). */
  readonly pruneIntervalMs: number;
}

/** 400 days: a year and a bit, so a year-over-year graph still has its older side. */
const DEFAULT_SERIES_RETENTION_MS = 400 * 86_400_000;
/** Hourly: a pass removes about one hour, the store's unit of deletion. */
const DEFAULT_PRUNE_INTERVAL_MS = 3_600_000;
/**
 * The shortest retention accepted: 2 hours, so that the open hour and the one closing after it
 * (store/series: hours close 5 minutes after their end) are never removed.
 */
const MIN_SERIES_RETENTION_MS = 2 * 3_600_000;

export const defaultRetention = (): RetentionConfig => ({ seriesMs: DEFAULT_SERIES_RETENTION_MS, pruneIntervalMs: DEFAULT_PRUNE_INTERVAL_MS });

export function parseRetention(c: Checker, raw: unknown): RetentionConfig {
  if (raw === undefined || raw === null) return defaultRetention();
  const r = c.object(raw, ['retention'], ['series', 'pruneInterval']);
  return {
    seriesMs: c.durationMs(r.series, ['retention', 'series'], MIN_SERIES_RETENTION_MS, DEFAULT_SERIES_RETENTION_MS),
    pruneIntervalMs: c.durationMs(r.pruneInterval, ['retention', 'pruneInterval'], 60_000, DEFAULT_PRUNE_INTERVAL_MS),
  };
}
