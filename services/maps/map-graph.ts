import { AppError } from '../../core/errors.js';

/**
 * Which devices and links a map shows, and why (docs/api.md "Map views", "Maps of views"). Pure:
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
 * device in its connected component, run 32 at a time (bit-parallel), so O(K / 32 · L · (V + E))
 * for K matching devices, where L is how many different distances from a batch's sources a device
 * has (at most 32, a few in a meshed network). When every device with a link in G matches, no
 * search runs (nothing can be added). Bounded by MAX_CONNECTING_VISITS: past it the call is a
 * REQUEST_LIMIT asking for a narrower device rule; and by the request's time budget (`checkTime`,
 * called at every level of every search, forward and back: it throws TIME_BUDGET once the
 * request's time is spent, services/request-limits.ts `mapTimeBudgetMs`).
 */

export const MATCHING = 1;
export const ADJACENT = 2;
export const CONNECTING = 4;

/**
 * Node and edge visits of all the `connecting` searches of one map together: 300 million is
 * about 1–2 s of one core, far above a 5,000-device, 10,000-link map whose every device but a few
 * matches (the searches stop early there).
 */
const MAX_CONNECTING_VISITS = 300_000_000;

interface MapGraphInput {
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
  /**
   * Called between steps of the `connecting` search (each level of each batch of searches); throws
   * (AppError TIME_BUDGET) to stop it once the request's time is spent. None: bounded by steps only.
   */
  readonly checkTime?: () => void;
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

/** Sources searched together: one bit of an Int32 mask each. */
const BATCH = 32;

/**
 * Marks the devices and links on shortest paths between matching devices. Breadth-first searches
 * from up to 32 matching devices at once (bit-parallel: a node's mask holds the searches that
 * reached it), level by level; the frontier entries of every level are kept (node, mask) so that the
 * way back — from each search's targets, the matching devices after its source in index order, in
 * decreasing distance — is taken level by level for all 32 searches together.
 */
function addConnecting(g: MapGraphInput, inG: (l: number) => boolean, dev: Uint8Array, lnk: Uint8Array): void {
  const n = g.devMatch.length;
  const adj = adjacency(n, g, inG);
  const start = adj.start, to = adj.to, via = adj.via, match = g.devMatch;
  // Nothing to add when every device with a link in G matches.
  let someUnmatched = false;
  for (let i = 0; i < n && !someUnmatched; i++) if (match[i] === 0 && start[i + 1]! > start[i]!) someUnmatched = true;
  if (!someUnmatched) return;

  const comp = components(n, adj);
  const matchingIn = new Int32Array(n);
  for (let i = 0; i < n; i++) if (match[i] === 1) matchingIn[comp[i]!]!++;
  // Sources: matching devices with another matching device in their component.
  const sources: number[] = [];
  for (let i = 0; i < n; i++) if (match[i] === 1 && start[i + 1]! > start[i]! && matchingIn[comp[i]!]! > 1) sources.push(i);

  const seen = new Int32Array(n);
  const next = new Int32Array(n);
  const onPath = new Int32Array(n);
  const prevMask = new Int32Array(n);
  /** Frontier entries of every level: nodes and masks, with where each level starts. */
  let nodes = new Int32Array(4 * n), masks = new Int32Array(4 * n);
  const levelStart: number[] = [];
  const touched = new Int32Array(n);
  const checkTime = g.checkTime ?? ((): void => {});
  let visits = 0;
  for (let b0 = 0; b0 < sources.length; b0 += BATCH) {
    const batch = sources.slice(b0, b0 + BATCH);
    let count = 0;
    const push = (x: number, m: number): void => {
      if (count === nodes.length) {
        const nn = new Int32Array(2 * nodes.length); nn.set(nodes); nodes = nn;
        const mm = new Int32Array(2 * masks.length); mm.set(masks); masks = mm;
      }
      nodes[count] = x; masks[count++] = m;
    };
    levelStart.length = 0;
    levelStart.push(0);
    batch.forEach((s, b) => { seen[s]! |= 1 << b; });
    for (const s of batch) push(s, seen[s]!);
    // Forward, level by level: the next level's masks gather in `next`, its nodes in `touched`.
    for (let level = 0; ; level++) {
      checkTime();
      const from = levelStart[level]!, until = count;
      let nt = 0;
      for (let e = from; e < until; e++) {
        const x = nodes[e]!, m = masks[e]!;
        const end = start[x + 1]!;
        for (let k = start[x]!; k < end; k++) {
          const y = to[k]!;
          const fresh = m & ~seen[y]!;
          if (fresh === 0) continue;
          if (next[y] === 0) touched[nt++] = y;
          next[y]! |= fresh;
          seen[y]! |= fresh;
        }
        visits += end - start[x]! + 1;
      }
      if (nt === 0) break;
      levelStart.push(count);
      for (let i = 0; i < nt; i++) { const y = touched[i]!; push(y, next[y]!); next[y] = 0; }
    }
    if (visits > MAX_CONNECTING_VISITS) {
      for (let e = 0; e < count; e++) seen[nodes[e]!] = 0;
      throw new AppError('REQUEST_LIMIT',
        `the connecting devices of this map need more than ${MAX_CONNECTING_VISITS} steps of path search; narrow the device rule or turn connecting off`);
    }
    // Targets: a matching device is a target of the searches whose source comes before it.
    for (let e = 0; e < count; e++) {
      const t = nodes[e]!;
      if (match[t] !== 1) continue;
      let below = 0;
      for (let b = 0; b < batch.length && batch[b]! < t; b++) below |= 1 << b;
      onPath[t]! |= masks[e]! & below;
    }
    // Back, level by level from the farthest: x at level L is on a path of search b when it is a
    // target of b or a neighbour at level L + 1 of b is; its neighbours at level L − 1 of b then are.
    for (let level = levelStart.length - 1; level >= 1; level--) {
      checkTime();
      const prevFrom = levelStart[level - 1]!, prevUntil = levelStart[level]!;
      const curUntil = level + 1 < levelStart.length ? levelStart[level + 1]! : count;
      for (let e = prevFrom; e < prevUntil; e++) prevMask[nodes[e]!] = masks[e]!;
      for (let e = prevUntil; e < curUntil; e++) {
        const x = nodes[e]!;
        const bits = onPath[x]! & masks[e]!;
        if (bits === 0) continue;
        if (match[x] === 0) dev[x]! |= CONNECTING;
        const end = start[x + 1]!;
        for (let k = start[x]!; k < end; k++) {
          const y = to[k]!;
          const back = bits & prevMask[y]!;
          if (back === 0) continue;
          onPath[y]! |= back;
          lnk[via[k]!]! |= CONNECTING;
        }
      }
      for (let e = prevFrom; e < prevUntil; e++) prevMask[nodes[e]!] = 0;
    }
    for (let e = 0; e < count; e++) { const x = nodes[e]!; seen[x] = 0; onPath[x] = 0; }
  }
}
