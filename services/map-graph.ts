import { AppError } from '../core/errors.js';

/**
 * Which devices and links a map shows, and why (SVCQL.md "View flags"; docs/api.md "Maps"). Pure:
 * device and link indexes in, flags out; the rules were evaluated before (map-rules.ts).
 *
 * - The map's graph G: the links that match the link rule (`linkMatch`) and whose ends are both
 *   devices of the generation.
 * - A device is `matching` when it matches the device rule; a link is `matching` when it is in G
 *   and both its ends are matching devices.
 * - `adjacent`: every device one hop (over G) from a matching device is added (flag `adjacent` on
 *   a device that does not match), with the G links joining it to matching devices.
 * - `connecting`: every device and G link on a shortest path (over G, hop count) between two
 *   matching devices is added (flag `connecting` on devices that do not match, and on those links).
 *
 * Cost of `connecting`: one breadth-first search per matching device that has another matching
 * device after it in its connected component, each stopped once it has reached all of them, so
 * O(K · (V + E)) at worst for K matching devices. When every device with a link in G matches, no
 * search runs (nothing can be added). Bounded by MAX_CONNECTING_VISITS: past it the call is a
 * REQUEST_LIMIT asking for a narrower device rule.
 */

export const MATCHING = 1;
export const ADJACENT = 2;
export const CONNECTING = 4;

/**
 * Node and edge visits of all the `connecting` searches of one map together: 300 million is
 * about 1–2 s of one core, far above a 5,000-device, 10,000-link map whose every device but a few
 * matches (the searches stop early there).
 */
export const MAX_CONNECTING_VISITS = 300_000_000;

export interface MapGraphInput {
  /** Device ids, by device index. */
  readonly deviceIds: ArrayLike<number>;
  /** Both ends of each link as device indexes (-1 when the end is not a device of the generation). */
  readonly linkA: Int32Array;
  readonly linkB: Int32Array;
  /** 1 where the device matches the device rule, by device index. */
  readonly devMatch: Uint8Array;
  /** 1 where the link matches the link rule, by link index. */
  readonly linkMatch: Uint8Array;
  readonly adjacent: boolean;
  readonly connecting: boolean;
}

export interface MapFlags {
  /** MATCHING | ADJACENT | CONNECTING bits by device index; 0: not on the map. */
  readonly devices: Uint8Array;
  /** The same by link index. */
  readonly links: Uint8Array;
}

/** The flags of every device and link of the generation for the given rules' results and view flags. */
export function selectMap(g: MapGraphInput): MapFlags {
  const n = g.devMatch.length;
  const m = g.linkA.length;
  const dev = new Uint8Array(n);
  const lnk = new Uint8Array(m);
  for (let i = 0; i < n; i++) if (g.devMatch[i]) dev[i] = MATCHING;
  const inG = (l: number) => g.linkMatch[l] === 1 && g.linkA[l]! >= 0 && g.linkB[l]! >= 0;
  for (let l = 0; l < m; l++) if (inG(l) && g.devMatch[g.linkA[l]!] && g.devMatch[g.linkB[l]!]) lnk[l] = MATCHING;

  if (g.adjacent) {
    for (let l = 0; l < m; l++) {
      if (!inG(l)) continue;
      const a = g.linkA[l]!, b = g.linkB[l]!;
      if (g.devMatch[a] && !g.devMatch[b]) { dev[b]! |= ADJACENT; lnk[l]! |= ADJACENT; }
      else if (g.devMatch[b] && !g.devMatch[a]) { dev[a]! |= ADJACENT; lnk[l]! |= ADJACENT; }
    }
  }
  if (g.connecting) addConnecting(g, inG, dev, lnk);
  return { devices: dev, links: lnk };
}

/** Compressed adjacency of G: neighbours of node i are `to[start[i] .. start[i+1])`, over link `via[k]`. */
interface Adjacency { readonly start: Int32Array; readonly to: Int32Array; readonly via: Int32Array }

function adjacency(n: number, g: MapGraphInput, inG: (l: number) => boolean): Adjacency {
  const degree = new Int32Array(n + 1);
  for (let l = 0; l < g.linkA.length; l++) {
    if (!inG(l) || g.linkA[l] === g.linkB[l]) continue;
    degree[g.linkA[l]!]!++; degree[g.linkB[l]!]!++;
  }
  const start = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) start[i + 1] = start[i]! + degree[i]!;
  const fill = start.slice(0, n);
  const to = new Int32Array(start[n]!);
  const via = new Int32Array(start[n]!);
  for (let l = 0; l < g.linkA.length; l++) {
    if (!inG(l) || g.linkA[l] === g.linkB[l]) continue;
    const a = g.linkA[l]!, b = g.linkB[l]!;
    to[fill[a]!] = b; via[fill[a]!++] = l;
    to[fill[b]!] = a; via[fill[b]!++] = l;
  }
  return { start, to, via };
}

/** Connected components of the adjacency: a component number by node. */
function components(n: number, adj: Adjacency): Int32Array {
  const comp = new Int32Array(n).fill(-1);
  const stack = new Int32Array(n);
  let c = 0;
  for (let s = 0; s < n; s++) {
    if (comp[s] !== -1) continue;
    let top = 0;
    stack[top++] = s; comp[s] = c;
    while (top > 0) {
      const x = stack[--top]!;
      for (let k = adj.start[x]!; k < adj.start[x + 1]!; k++) {
        const y = adj.to[k]!;
        if (comp[y] === -1) { comp[y] = c; stack[top++] = y; }
      }
    }
    c++;
  }
  return comp;
}

function addConnecting(g: MapGraphInput, inG: (l: number) => boolean, dev: Uint8Array, lnk: Uint8Array): void {
  const n = g.devMatch.length;
  const adj = adjacency(n, g, inG);
  // Nothing to add when every device with a link in G matches.
  let someUnmatched = false;
  for (let i = 0; i < n && !someUnmatched; i++) if (!g.devMatch[i] && adj.start[i + 1]! > adj.start[i]!) someUnmatched = true;
  if (!someUnmatched) return;

  const comp = components(n, adj);
  // Matching devices still ahead of each index in its component (targets of the searches to come).
  const ahead = new Int32Array(n);
  for (let i = 0; i < n; i++) if (g.devMatch[i]) ahead[comp[i]!]!++;
  const dist = new Int32Array(n).fill(-1);
  const onPath = new Uint8Array(n);
  const order = new Int32Array(n);
  // Locals for the hot loops (typed arrays read through a local, not a property, each step).
  const start = adj.start, to = adj.to, via = adj.via, match = g.devMatch;
  let visits = 0;
  for (let s = 0; s < n; s++) {
    if (match[s] === 0) continue;
    const targets = --ahead[comp[s]!]!;
    if (targets === 0) continue;
    // Breadth-first from s, stopped once every matching device after s in its component is reached.
    let head = 0, tail = 0, found = 0, stopAt = 0x7fffffff;
    order[tail++] = s; dist[s] = 0;
    while (head < tail) {
      const x = order[head++]!;
      const dx = dist[x]!;
      if (dx >= stopAt) break;
      const end = start[x + 1]!;
      for (let k = start[x]!; k < end; k++) {
        const y = to[k]!;
        if (dist[y] !== -1) continue;
        dist[y] = dx + 1;
        order[tail++] = y;
        if (match[y] === 1 && y > s && ++found === targets) stopAt = dx + 1;
      }
      visits += end - start[x]! + 1;
    }
    if (visits > MAX_CONNECTING_VISITS) {
      for (let i = 0; i < tail; i++) dist[order[i]!] = -1;
      throw new AppError('REQUEST_LIMIT',
        `the connecting devices of this map need more than ${MAX_CONNECTING_VISITS} steps of path search; narrow the device rule or turn connecting off`);
    }
    // Back from the targets, in decreasing distance: a node is on a shortest path when it is a
    // target or has a neighbour one step farther that is.
    for (let i = tail - 1; i > 0; i--) {
      const x = order[i]!;
      if (match[x] === 1 && x > s) onPath[x] = 1;
      if (onPath[x] === 0) continue;
      if (match[x] === 0) dev[x]! |= CONNECTING;
      const back = dist[x]! - 1;
      const end = start[x + 1]!;
      for (let k = start[x]!; k < end; k++) {
        const y = to[k]!;
        if (dist[y] === back) { onPath[y] = 1; lnk[via[k]!]! |= CONNECTING; }
      }
    }
    for (let i = 0; i < tail; i++) { const x = order[i]!; dist[x] = -1; onPath[x] = 0; }
  }
}
