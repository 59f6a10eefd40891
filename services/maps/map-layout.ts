import { forceCenter, forceLink, forceManyBody, forceSimulation, type SimulationNodeDatum } from 'd3-force';

/**
 * Map layouts: `layout=auto` (a force-directed layout by d3-force, the one file that imports it) and
 * `layout=fit` (a linear scaling into a viewport). Pure: positions in, positions out.
 */

export interface Point { readonly x: number; readonly y: number }

/**
 * Ticks of the force simulation, cooling from alpha 1 to d3's alphaMin 0.001 over them. d3's own
 * default is 300 ticks at theta 0.9 with an unbounded charge: about 1 s of one core for 1,000
 * devices here. 120 ticks with a coarser Barnes–Hut (theta 1.2) and the charge's reach capped take
 * about a quarter of that (bench/RESULTS.md, maps) and still untangle the map.
 */
const AUTO_LAYOUT_TICKS = 120;
/** Distance of linked devices in the auto layout (map units); the placement of new devices keeps it too. */
export const AUTO_LINK_DISTANCE = 60;
/** The repulsion between devices reaches this far (map units): five link distances. */
const AUTO_CHARGE_REACH = 5 * AUTO_LINK_DISTANCE;
/** Barnes–Hut accuracy of the repulsion (d3's default 0.9; larger is coarser and faster). */
const AUTO_THETA = 1.2;
/** The seed of the simulation's random source (d3 uses it only to separate coincident nodes). */
const AUTO_SEED = 0x5eed;

interface Node extends SimulationNodeDatum { readonly id: number }

/** A fixed hash of a device id onto [0, 1): the device's start position in the auto layout. */
function unitHash(id: number, salt: number): number {
  let h = (Math.imul(id ^ salt, 0x9e3779b1) ^ 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b) >>> 0;
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/** A linear congruential generator on [0, 1), as d3's own (same seed, same sequence). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (1664525 * s + 1013904223) >>> 0) / 4294967296);
}

/**
 * A force-directed layout of the devices `ids` joined by `links` (pairs of device ids; links to
 * other ids are ignored). Deterministic: devices start at positions hashed from their ids (a
 * square whose side grows with the square root of their number), links are taken in one order,
 * and the simulation runs a fixed number of ticks with a seeded random source and no timer, so the
 * same devices and links, in any order, always give the same positions. Positions are rounded to 0.01 and centred on (0, 0).
 */
export function autoLayout(ids: readonly number[], links: readonly (readonly [number, number])[]): Map<number, Point> {
  ids = [...new Set(ids)];
  const side = AUTO_LINK_DISTANCE * Math.sqrt(Math.max(1, ids.length)) * 2;
  const nodes: Node[] = [...ids].sort((a, b) => a - b).map((id) => ({
    id, x: (unitHash(id, 1) - 0.5) * side, y: (unitHash(id, 2) - 0.5) * side,
  }));
  const known = new Set(ids);
  // Links in one order whatever the caller's (d3 sums forces in link order).
  const edges = links.filter(([a, b]) => a !== b && known.has(a) && known.has(b))
    .map(([a, b]) => (a < b ? [a, b] : [b, a]))
    .sort((x, y) => x[0]! - y[0]! || x[1]! - y[1]!)
    .map(([a, b]) => ({ source: a!, target: b! }));
  const sim = forceSimulation<Node>(nodes)
    .stop()
    .randomSource(lcg(AUTO_SEED))
    .alphaDecay(1 - Math.pow(0.001, 1 / AUTO_LAYOUT_TICKS))
    .force('link', forceLink<Node, { source: number; target: number }>(edges).id((n) => n.id).distance(AUTO_LINK_DISTANCE))
    .force('charge', forceManyBody<Node>().strength(-120).theta(AUTO_THETA).distanceMax(AUTO_CHARGE_REACH))
    .force('center', forceCenter(0, 0));
  sim.tick(AUTO_LAYOUT_TICKS);
  const out = new Map<number, Point>();
  for (const n of nodes) out.set(n.id, { x: round(n.x ?? 0), y: round(n.y ?? 0) });
  return out;
}

/** A viewport: the rectangle positions are fitted into, and the margin kept inside it on every side. */
export interface Viewport {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly margin: number;
}

/**
 * Scales positions linearly into the viewport: the bounding box of `points` maps onto the
 * viewport less its margin, keeping the aspect ratio (one scale for both axes), centred. A single
 * point, or points on one vertical or horizontal line, go to the centre on the degenerate axis.
 */
export function fitLayout(points: ReadonlyMap<number, Point>, v: Viewport): Map<number, Point> {
  const out = new Map<number, Point>();
  if (points.size === 0) return out;
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const p of points.values()) {
    if (p.x < minX) minX = p.x; if (p.x > maxX) maxX = p.x;
    if (p.y < minY) minY = p.y; if (p.y > maxY) maxY = p.y;
  }
  const innerW = Math.max(0, v.width - 2 * v.margin), innerH = Math.max(0, v.height - 2 * v.margin);
  const w = maxX - minX, h = maxY - minY;
  const scale = Math.min(w > 0 ? innerW / w : Infinity, h > 0 ? innerH / h : Infinity);
  const k = Number.isFinite(scale) ? scale : 0;
  const cx = v.x + v.width / 2, cy = v.y + v.height / 2;
  const mx = (minX + maxX) / 2, my = (minY + maxY) / 2;
  for (const [id, p] of points) out.set(id, { x: round(cx + (p.x - mx) * k), y: round(cy + (p.y - my) * k) });
  return out;
}

/** Positions are rounded to 0.01 map units (what the API answers and stores). */
export const round = (v: number): number => Math.round(v * 100) / 100;
