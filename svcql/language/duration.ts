/** Durations as written in SvcQL: `<integer><unit>`, unit ms, s, m, h, d or w (`30s`, `5m`, `1h`). */
const DURATION_RE = /^(\d{1,12})(ms|s|m|h|d|w)$/;

const UNIT_MS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** Milliseconds of a duration text, or null when the text is not a positive duration. */
export function parseDurationMs(text: string): number | null {
  const m = DURATION_RE.exec(text);
  if (!m) return null;
  const ms = Number(m[1]) * UNIT_MS[m[2]!]!;
  return ms > 0 && Number.isSafeInteger(ms) ? ms : null;
}
