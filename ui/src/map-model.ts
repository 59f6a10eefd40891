import type { LinkEnd, MapAnswer, MapDevice, MapLink } from './api-types.js';

/**
 * The network map's data and geometry, without the DOM: the API's answers (docs/api.md "Maps of
 * views"), where each device is drawn (stored coordinates, floating devices on a grid beside them),
 * its shape (by role) and colour (by reachability), a link's colour (by utilisation), and the
 * viewBox arithmetic of pan, zoom and fit.
 */

export interface Point { readonly x: number; readonly y: number }
export interface ViewBox { readonly x: number; readonly y: number; readonly w: number; readonly h: number }

/** Distance between neighbouring devices of the server's automatic layout (docs: about 60). */
const SPACING = 60;
/** Distance between floating devices on their grid (wider: a grid has no links to tell them apart). */
const GRID = 90;

/** A link's key, the same whichever end comes first (the values call may list the ends the other way). */
export function linkKey(a: Pick<LinkEnd, 'deviceId' | 'ifIndex'>, b: Pick<LinkEnd, 'deviceId' | 'ifIndex'>): string {
  const ka = `${a.deviceId}:${a.ifIndex}`, kb = `${b.deviceId}:${b.ifIndex}`;
  return ka < kb ? `${ka}-${kb}` : `${kb}-${ka}`;
}

/**
 * Where each device is drawn: its stored coordinates (the map call places and stores every device
 * of the map), or — for a device without them (x, y null: an answer of another form, a preview) —
 * a grid cell to the right of the stored ones (at the origin when none is stored), in map order,
 * so that every device is on screen.
 */
export function placeDevices(devices: readonly MapDevice[]): Map<number, Point> {
  const pos = new Map<number, Point>();
  let maxX = -Infinity, minY = Infinity;
  const floating: MapDevice[] = [];
  for (const d of devices) {
    if (d.x !== null && d.y !== null) {
      pos.set(d.id, { x: d.x, y: d.y });
      maxX = Math.max(maxX, d.x);
      minY = Math.min(minY, d.y);
    } else floating.push(d);
  }
  const x0 = maxX === -Infinity ? 0 : maxX + 2 * GRID;
  const y0 = minY === Infinity ? 0 : minY;
  const cols = Math.max(1, Math.ceil(Math.sqrt(floating.length)));
  floating.forEach((d, i) => pos.set(d.id, { x: x0 + (i % cols) * GRID, y: y0 + Math.floor(i / cols) * GRID }));
  return pos;
}

/**
 * The viewBox showing every position with a margin, widened to the screen's aspect ratio and to at
 * least `minW` units wide (a small map is not blown up past a readable scale).
 */
export function fitBox(points: Iterable<Point>, aspect: number, minW = 0, margin = SPACING): ViewBox {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const p of points) {
    x0 = Math.min(x0, p.x); y0 = Math.min(y0, p.y); x1 = Math.max(x1, p.x); y1 = Math.max(y1, p.y);
  }
  if (x0 === Infinity) { x0 = y0 = 0; x1 = y1 = 0; }
  x0 -= margin; y0 -= margin; x1 += margin; y1 += margin;
  let w = x1 - x0, h = y1 - y0;
  if (w < minW) { x0 -= (minW - w) / 2; w = minW; }
  const a = aspect > 0 && Number.isFinite(aspect) ? aspect : 1;
  if (w / h < a) { const nw = h * a; x0 -= (nw - w) / 2; w = nw; } else { const nh = w / a; y0 -= (nh - h) / 2; h = nh; }
  return { x: x0, y: y0, w, h };
}

/** The viewBox zoomed by `factor` (< 1 zooms in) about `at` (map units), within sane bounds. */
export function zoomBox(vb: ViewBox, factor: number, at: Point): ViewBox {
  const f = Math.min(Math.max(factor, 5 / Math.min(vb.w, vb.h)), 1e7 / Math.max(vb.w, vb.h));
  return { x: at.x - (at.x - vb.x) * f, y: at.y - (at.y - vb.y) * f, w: vb.w * f, h: vb.h * f };
}

export type Role = 'core' | 'distribution' | 'access' | 'other';

/** A device's role: its `Role.<name>` tag, else a word of its name (core, dist, access…). */
export function roleOf(d: Pick<MapDevice, 'name' | 'tags'>): Role {
  const tag = d.tags.find((t) => /^role\./i.test(t));
  const text = (tag ? tag.slice(5) : d.name).toLowerCase();
  if (/core|router|border|wan/.test(text)) return 'core';
  if (/dist|aggr|spine/.test(text)) return 'distribution';
  if (/access|edge|leaf|switch/.test(text)) return 'access';
  return 'other';
}

/** The SVG path of a device's shape of radius r centred on 0,0: hexagon (core), diamond, square, circle. */
export function shapePath(role: Role, r: number): string {
  switch (role) {
    case 'core': {
      const pts = [0, 1, 2, 3, 4, 5].map((i) => {
        const a = Math.PI / 6 + (i * Math.PI) / 3;
        return `${(r * Math.cos(a)).toFixed(2)},${(r * Math.sin(a)).toFixed(2)}`;
      });
      return `M${pts.join('L')}Z`;
    }
    case 'distribution': return `M0,${-r * 1.2}L${r * 1.2},0L0,${r * 1.2}L${-r * 1.2},0Z`;
    case 'access': { const s = r * 0.85; return `M${-s},${-s}H${s}V${s}H${-s}Z`; }
    default: return `M${-r},0A${r},${r} 0 1,0 ${r},0A${r},${r} 0 1,0 ${-r},0Z`;
  }
}

export const ROLE_LABEL: Record<Role, string> = { core: 'core', distribution: 'distribution', access: 'access', other: 'other' };

/** Reachability by the `reachable` value: 1 answered, 0 not, null unknown. */
export function reachClass(v: number | null | undefined): 'up' | 'down' | 'unknown' {
  if (v === null || v === undefined) return 'unknown';
  return v > 0 ? 'up' : 'down';
}

/** The utilisation colour scale of the links (percent of the interface speed), low to high. */
export const UTIL_SCALE: readonly { readonly below: number; readonly color: string; readonly label: string }[] = [
  { below: 10, color: '#2e7d32', label: '< 10 %' },
  { below: 40, color: '#7cb342', label: '10–40 %' },
  { below: 70, color: '#f9a825', label: '40–70 %' },
  { below: 90, color: '#ef6c00', label: '70–90 %' },
  { below: Infinity, color: '#c62828', label: '≥ 90 %' },
];
export const NO_DATA_COLOR = '#9aa3ad';

export function utilColor(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return NO_DATA_COLOR;
  return (UTIL_SCALE.find((s) => v < s.below) ?? UTIL_SCALE[UTIL_SCALE.length - 1]!).color;
}

/** A link's utilisation: the larger of its two ends' values (each end's inbound is one direction). */
export function linkValue(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.max(a, b);
}

/** A number for a label: three significant figures, thousands as k/M/G. */
export function fmt(v: number | null | undefined, unit = ''): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '—';
  const abs = Math.abs(v);
  const [s, u] = abs >= 1e9 ? [v / 1e9, 'G'] : abs >= 1e6 ? [v / 1e6, 'M'] : abs >= 1e4 ? [v / 1e3, 'k'] : [v, ''];
  const n = Math.abs(s) >= 100 || Number.isInteger(s) ? Math.round(s).toString() : s.toPrecision(3).replace(/\.?0+$/, '');
  return `${n}${u || unit ? ' ' : ''}${u}${unit}`;
}

/** Alert severities, worst first (the rules' `severity`; an alert without one counts as critical). */
export type Severity = 'critical' | 'warning' | 'info';
const SEVERITY_RANK: Record<Severity, number> = { critical: 3, warning: 2, info: 1 };
export const SEVERITY_COLOR: Record<Severity, string> = { critical: '#d32f2f', warning: '#f9a825', info: '#1e88e5' };

/** An alert's severity: its `severity` field when it names one, else critical (an active alert of a rule without severities). */
export function severityOf(a: { readonly severity?: unknown }): Severity {
  return a.severity === 'warning' || a.severity === 'info' || a.severity === 'critical' ? a.severity : 'critical';
}

/** The worst severity of the active alerts touching each device (alerts of other devices, or cleared ones, are left out by the caller). */
export function worstSeverity(alerts: readonly { readonly deviceId: number; readonly severity?: unknown }[]): Map<number, Severity> {
  const out = new Map<number, Severity>();
  for (const a of alerts) {
    const s = severityOf(a);
    const had = out.get(a.deviceId);
    if (had === undefined || SEVERITY_RANK[s] > SEVERITY_RANK[had]) out.set(a.deviceId, s);
  }
  return out;
}

/**
 * A link's stroke width (map units) by its speed: 1 + 0.8·log10(Mb/s), within 1 – 6, so each
 * tenfold step of speed is a visibly wider line (10 Mb/s 1.8, 1 Gb/s 3.4, 100 Gb/s 5); the old
 * fixed 2.5 when the speed is unknown.
 */
export function speedWidth(bps: number | null | undefined): number {
  if (bps === null || bps === undefined || !Number.isFinite(bps) || bps <= 0) return 2.5;
  return Math.round(Math.min(6, Math.max(1, 1 + 0.8 * Math.log10(bps / 1e6))) * 100) / 100;
}

/** A link's speed: the slower end's (a link runs at the speed both ends can), or the one known. */
export function linkSpeed(a: number | null, b: number | null): number | null {
  if (a === null || a <= 0) return b !== null && b > 0 ? b : null;
  if (b === null || b <= 0) return a;
  return Math.min(a, b);
}

/** Where an end's rate label goes: 30 % of the way from that end to the other. */
export function labelPoint(from: Point, to: Point): Point {
  return { x: from.x + (to.x - from.x) * 0.3, y: from.y + (to.y - from.y) * 0.3 };
}
