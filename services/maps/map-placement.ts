import { AUTO_LINK_DISTANCE, autoLayout, round, type Point } from './map-layout.js';

/**
 * Where the devices of a map that have no stored position go (docs/api.md "Coordinates and
 * layouts"). A map's layout is stored whole and a stored position never moves unless someone moves
 * it, so this decides each device's place once:
 *
 * - Nothing on the map is placed (a new view, or one just reset): the force layout of the whole map
 *   (map-layout.ts `autoLayout`; over `maxForce` devices a grid, the force layout being too slow).
 * - A device linked to placed ones goes near the mean of its placed neighbours: that point when no
 *   device is within MIN_GAP of it, else the first free point on rings around it, tried from the
 *   side facing away from the middle of the map. New devices are taken breadth first from the
 *   placed ones (lowest id first), so a chain of new devices grows outwards from where it hangs.
 * - New devices with no path to a placed one (an island): their own force layout (or grid), set
 *   beside everything placed, to its right.
 *
 * Placed devices are never moved. Pure and deterministic: the same map and positions give the same
 * answer, whatever the order of `ids` and `links`.
 */

/** No device is placed closer than this to another (map units): a drawn device with its label needs about that. */
export const MIN_GAP = 40;
/** Rings searched around a new device's point before it is put on the point itself (bounds the search). */
const MAX_RINGS = 48;
/** Space between the devices placed and an island of new ones set beside them. */
const ISLAND_GAP = 2 * AUTO_LINK_DISTANCE;

/**
 * Positions for the devices of `ids` that `placed` lacks (only those: the result never names a
 * device of `placed`). `links` are pairs of device ids (links to other ids are ignored); `placed`
 * may hold devices not in `ids` (not on this map: ignored).
 */
export function placeMissing(
  ids: readonly number[], links: readonly (readonly [number, number])[], placed: ReadonlyMap<number, Point>, maxForce: number,
): Map<number, Point> {
  const onMap = [...new Set(ids)].sort((a, b) => a - b);
  const out = new Map<number, Point>();
  const missing = onMap.filter((id) => !placed.has(id));
  if (missing.length === 0) return out;
  const at = new Map<number, Point>();
  for (const id of onMap) { const p = placed.get(id); if (p) at.set(id, p); }
  const neighbours = adjacency(onMap, links);
  const space = new Occupancy(MIN_GAP);
  for (const p of at.values()) space.add(p);
  const middle = mean([...at.values()]) ?? { x: 0, y: 0 };

  // Breadth first from the placed devices: each new one near its neighbours placed so far.
  const queue = missing.filter((id) => neighbours.get(id)!.some((n) => at.has(n)));
  const queued = new Set(queue);
  for (let i = 0; i < queue.length; i++) {
    const id = queue[i]!;
    const near = neighbours.get(id)!.filter((n) => at.has(n)).map((n) => at.get(n)!);
    const p = space.freePointNear(mean(near)!, middle);
    at.set(id, p); out.set(id, p); space.add(p);
    for (const n of neighbours.get(id)!) if (!at.has(n) && !queued.has(n)) { queued.add(n); queue.push(n); }
  }

  // Islands: laid out among themselves, beside what is placed.
  const islands = missing.filter((id) => !at.has(id));
  if (islands.length > 0) {
    const block = islands.length <= maxForce ? autoLayout(islands, links) : gridLayout(islands);
    const shift = at.size === 0 ? { x: 0, y: 0 } : besideRight([...at.values()], [...block.values()]);
    for (const [id, p] of block) out.set(id, { x: round(p.x + shift.x), y: round(p.y + shift.y) });
  }
  return out;
}

/**
 * A square grid of `ids` in id order, AUTO_LINK_DISTANCE apart, centred on (0, 0): the layout of a
 * map too large for the force layout (links are not looked at).
 */
export function gridLayout(ids: readonly number[]): Map<number, Point> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const cols = Math.max(1, Math.ceil(Math.sqrt(sorted.length)));
  const rows = Math.ceil(sorted.length / cols);
  const out = new Map<number, Point>();
  sorted.forEach((id, i) => out.set(id, {
    x: round(((i % cols) - (cols - 1) / 2) * AUTO_LINK_DISTANCE),
    y: round((Math.floor(i / cols) - (rows - 1) / 2) * AUTO_LINK_DISTANCE),
  }));
  return out;
}

/** Each device's linked devices on the map, in id order (links to devices off the map and loops left out). */
function adjacency(onMap: readonly number[], links: readonly (readonly [number, number])[]): Map<number, number[]> {
  const out = new Map<number, number[]>(onMap.map((id) => [id, []]));
  for (const [a, b] of links) {
    const la = out.get(a), lb = out.get(b);
    if (a === b || !la || !lb) continue;
    la.push(b); lb.push(a);
  }
  for (const [id, l] of out) out.set(id, [...new Set(l)].sort((x, y) => x - y));
  return out;
}

function mean(points: readonly Point[]): Point | null {
  if (points.length === 0) return null;
  let x = 0, y = 0;
  for (const p of points) { x += p.x; y += p.y; }
  return { x: x / points.length, y: y / points.length };
}

/** The shift that puts `block`'s bounding box ISLAND_GAP to the right of `placed`'s, tops level. */
function besideRight(placed: readonly Point[], block: readonly Point[]): Point {
  const a = boxOf(placed), b = boxOf(block);
  return { x: a.maxX + ISLAND_GAP - b.minX, y: a.minY - b.minY };
}

/** The bounding box of points (a loop: spreading 10,000 points into Math.min would overflow the stack). */
function boxOf(ps: readonly Point[]): { minX: number; maxX: number; minY: number } {
  let minX = Infinity, maxX = -Infinity, minY = Infinity;
  for (const p of ps) { if (p.x < minX) minX = p.x; if (p.x > maxX) maxX = p.x; if (p.y < minY) minY = p.y; }
  return { minX, maxX, minY };
}

/** The points taken so far, hashed into square cells of the minimum gap: "is anything that close?" looks at 9 cells. */
class Occupancy {
  private readonly cells = new Map<string, Point[]>();

  constructor(private readonly gap: number) {}

  add(p: Point): void {
    const key = this.cellKey(Math.floor(p.x / this.gap), Math.floor(p.y / this.gap));
    const cell = this.cells.get(key);
    if (cell) cell.push(p); else this.cells.set(key, [p]);
  }

  isFree(p: Point): boolean {
    const cx = Math.floor(p.x / this.gap), cy = Math.floor(p.y / this.gap);
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (const q of this.cells.get(this.cellKey(cx + dx, cy + dy)) ?? []) {
          if ((q.x - p.x) ** 2 + (q.y - p.y) ** 2 < this.gap ** 2) return false;
        }
      }
    }
    return true;
  }

  /**
   * `target` (rounded) when free; else the first free point on rings around it — radius
   * AUTO_LINK_DISTANCE, then MIN_GAP further each ring, points MIN_GAP apart along it — tried from
   * the direction pointing away from `middle`, alternately either side of it; `target` itself when
   * MAX_RINGS rings are full.
   */
  freePointNear(target: Point, middle: Point): Point {
    const t = { x: round(target.x), y: round(target.y) };
    if (this.isFree(t)) return t;
    const dx = t.x - middle.x, dy = t.y - middle.y;
    const away = dx === 0 && dy === 0 ? 0 : Math.atan2(dy, dx);
    for (let ring = 0; ring < MAX_RINGS; ring++) {
      const r = AUTO_LINK_DISTANCE + ring * this.gap;
      const count = Math.max(6, Math.floor((2 * Math.PI * r) / this.gap));
      const step = (2 * Math.PI) / count;
      for (let j = 0; j < count; j++) {
        // 0, +1, −1, +2, −2 … steps from the direction away from the middle.
        const k = j % 2 === 1 ? (j + 1) / 2 : -j / 2;
        const a = away + k * step;
        const p = { x: round(t.x + r * Math.cos(a)), y: round(t.y + r * Math.sin(a)) };
        if (this.isFree(p)) return p;
      }
    }
    return t;
  }

  private cellKey(cx: number, cy: number): string { return `${cx},${cy}`; }
}
