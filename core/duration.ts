/** Durations as written in config and queries: `500ms`, `30s`, `5m`, `1h`, `1d`, or a bare number of seconds. */
const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };
const DURATION_RE = /^([0-9]+(?:\.[0-9]+)?)\s*(ms|s|m|h|d|w)?$/;

/** Returns the duration in ms, or null when the text is not a duration. */
export function parseDurationMs(text: string | number): number | null {
  if (typeof text === 'number') return Number.isFinite(text) && text >= 0 ? text * 1000 : null;
  const m = DURATION_RE.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * UNIT_MS[m[2] ?? 's'];
}
