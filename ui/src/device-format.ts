/**
 * Display helpers of the device panel: rates, percentages, durations and IF-MIB states, each
 * rounded to three significant figures (the graph call's `significantFigures` hint).
 */

/** `24818315` bit/s → `24.8 Mb/s`; null → `—`. */
export function formatRate(bps: number | null | undefined): string {
  if (bps === null || bps === undefined || !Number.isFinite(bps)) return '—';
  const steps: [number, string][] = [[1e9, 'Gb/s'], [1e6, 'Mb/s'], [1e3, 'kb/s']];
  for (const [scale, unit] of steps) if (Math.abs(bps) >= scale) return `${sig3(bps / scale)} ${unit}`;
  return `${sig3(bps)} b/s`;
}

/** A link speed: `10000000000` → `10 Gb/s`. */
export function formatSpeed(bps: number): string {
  return bps > 0 ? formatRate(bps) : '—';
}

/** A value with its unit, three significant figures (bit rates scaled). */
export function formatValue(v: number | null | undefined, unit: string): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '—';
  if (unit === 'bit/s' || unit === 'b/s' || unit === 'bps') return formatRate(v);
  return unit === '' ? sig3(v) : unit === '%' ? `${sig3(v)} %` : `${sig3(v)} ${unit}`;
}

/** Three significant figures without exponent noise: 0.000123 → `0.000123`, 123456 → `123456`. */
export function sig3(v: number): string {
  if (v === 0) return '0';
  const a = Math.abs(v);
  if (a >= 100) return String(Math.round(v));
  const digits = Math.max(0, 2 - Math.floor(Math.log10(a)));
  return String(Number(v.toFixed(Math.min(digits, 12))));
}

/** 5765243 s → `66 d 17 h`. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d > 0) return `${d} d ${h} h`;
  if (h > 0) return `${h} h ${m} min`;
  return m > 0 ? `${m} min ${s % 60} s` : `${s} s`;
}

/** A time stamp as local date and time; null → `never`. */
export function formatTime(ms: number | null | undefined): string {
  return ms === null || ms === undefined ? 'never' : new Date(ms).toLocaleString();
}

/** How long ago: `12 s ago`. */
export function ago(ms: number | null | undefined, now = Date.now()): string {
  return ms === null || ms === undefined ? 'never' : `${formatDuration((now - ms) / 1000)} ago`;
}

const IF_STATUS = ['', 'up', 'down', 'testing', 'unknown', 'dormant', 'notPresent', 'lowerLayerDown'];

/** IF-MIB ifAdminStatus/ifOperStatus number → its name. */
export function ifStatus(n: number | null | undefined): string {
  return n === null || n === undefined ? '—' : IF_STATUS[n] ?? String(n);
}

/** The CSS class of a status: up ok, down crit (when the admin state is up), else muted. */
export function statusClass(oper: number | null | undefined, admin?: number | null): string {
  if (oper === 1) return 'status-ok';
  if (admin === 2) return 'status-none';
  return oper === 2 || oper === 7 ? 'status-crit' : 'status-warn';
}
