/**
 * The selection of a map's devices and links (services/maps/map-graph.ts) and its layouts
 * (services/maps/map-layout.ts), as tables over small graphs given by their edges.
 */
import t from 'tap';
import { ADJACENT, CONNECTING, MATCHING, selectMap } from '../../../services/maps/map-graph.js';
import { autoLayout, fitLayout } from '../../../services/maps/map-layout.js';
import { mapBudget } from '../../../services/maps/map-rules.js';

/** A graph of `n` devices (indexes 0…n−1) and edges [a, b] (−1: an end outside the generation). */
function run(n: number, edges: [number, number][], matching: number[], opts: { adjacent?: boolean; connecting?: boolean; notInRule?: number[] } = {}) {
  const flags = selectMap({
    deviceIds: Array.from({ length: n }, (_, i) => i),
    linkA: Int32Array.from(edges.map((e) => e[0])), linkB: Int32Array.from(edges.map((e) => e[1])),
    devMatch: Uint8Array.from({ length: n }, (_, i) => (matching.includes(i) ? 1 : 0)),
    linkMatch: Uint8Array.from(edges, (_, l) => (opts.notInRule?.includes(l) ? 0 : 1)),
    adjacent: opts.adjacent ?? false, connecting: opts.connecting ?? false,
  });
  const with_ = (arr: Uint8Array, bit: number) => [...arr.keys()].filter((i) => (arr[i]! & bit) !== 0);
  return {
    connecting: with_(flags.devices, CONNECTING), adjacent: with_(flags.devices, ADJACENT), matching: with_(flags.devices, MATCHING),
    connectingLinks: with_(flags.links, CONNECTING), adjacentLinks: with_(flags.links, ADJACENT), matchingLinks: with_(flags.links, MATCHING),
  };
}

// 3×3 grid: 0 1 2 / 3 4 5 / 6 7 8, edges right and down.
const GRID: [number, number][] = [[0, 1], [1, 2], [3, 4], [4, 5], [6, 7], [7, 8], [0, 3], [3, 6], [1, 4], [4, 7], [2, 5], [5, 8]];

t.test('connecting: every device and link on some shortest path between two matching devices', async (t) => {
  const cases: { name: string; n: number; edges: [number, number][]; m: number[]; notInRule?: number[]; connecting: number[]; links: number[] }[] = [
    { name: 'a path', n: 4, edges: [[0, 1], [1, 2], [2, 3]], m: [0, 3], connecting: [1, 2], links: [0, 1, 2] },
    { name: 'grid corners: every device is on a shortest path', n: 9, edges: GRID, m: [0, 8], connecting: [1, 2, 3, 4, 5, 6, 7], links: [...GRID.keys()] },
    { name: 'grid, adjacent corners of a cell', n: 9, edges: GRID, m: [0, 4], connecting: [1, 3], links: [0, 6, 2, 8] },
    { name: 'a longer detour is not shortest', n: 5, edges: [[0, 1], [1, 2], [0, 3], [3, 4], [4, 2]], m: [0, 2], connecting: [1], links: [0, 1] },
    { name: 'parallel links: both on the path', n: 3, edges: [[0, 1], [0, 1], [1, 2]], m: [0, 2], connecting: [1], links: [0, 1, 2] },
    { name: 'two components: no path between them', n: 4, edges: [[0, 1], [2, 3]], m: [0, 3], connecting: [], links: [] },
    { name: 'three matching on a line: each segment', n: 5, edges: [[0, 1], [1, 2], [2, 3], [3, 4]], m: [0, 2, 4], connecting: [1, 3], links: [0, 1, 2, 3] },
    { name: 'a link outside the rule is no path', n: 4, edges: [[0, 1], [1, 3], [0, 2], [2, 3]], m: [0, 3], notInRule: [1], connecting: [2], links: [2, 3] },
    { name: 'ends outside the generation and self-loops are ignored', n: 3, edges: [[0, -1], [1, 1], [0, 1], [1, 2]], m: [0, 2], connecting: [1], links: [2, 3] },
    { name: 'one matching device: nothing to connect', n: 3, edges: [[0, 1], [1, 2]], m: [1], connecting: [], links: [] },
  ];
  for (const c of cases) {
    const r = run(c.n, c.edges, c.m, { connecting: true, ...(c.notInRule ? { notInRule: c.notInRule } : {}) });
    t.same(r.connecting, c.connecting, `${c.name}: devices`);
    t.same(r.connectingLinks, [...c.links].sort((a, b) => a - b), `${c.name}: links`);
    t.same(r.matching, [...c.m].sort((a, b) => a - b), `${c.name}: matching unchanged`);
  }
});

t.test('adjacent, matching links, and flags off', async (t) => {
  const star: [number, number][] = [[0, 1], [0, 2], [0, 3], [3, 4]];
  const a = run(5, star, [0], { adjacent: true });
  t.same(a.adjacent, [1, 2, 3], 'one hop only');
  t.same(a.adjacentLinks, [0, 1, 2]);
  t.same(a.connecting, []);
  const m = run(5, star, [0, 3, 4]);
  t.same(m.matchingLinks, [2, 3], 'links joining two matching devices');
  t.same(m.adjacent, [], 'no adjacent without the flag');
  const both = run(5, [[0, 1], [1, 2]], [0, 2], { adjacent: true, connecting: true });
  t.same(both.adjacent, [1], 'a device may be adjacent …');
  t.same(both.connecting, [1], '… and connecting');
  const outside = run(3, [[0, 1], [1, 2]], [0], { adjacent: true, notInRule: [0] });
  t.same(outside.adjacent, [], 'not over a link outside the link rule');
});

t.test('fit: the bounding box into the viewport, aspect kept, centred', async (t) => {
  const v = { x: 0, y: 0, width: 1000, height: 500, margin: 0 };
  const cases: [string, [number, number, number][], Record<number, [number, number]>][] = [
    ['wide box fills the width', [[1, -10, 0], [2, 10, 5]], { 1: [0, 125], 2: [1000, 375] }],
    ['one point: the centre', [[1, 123, -9]], { 1: [500, 250] }],
    ['a vertical line: centred across, fills the height', [[1, 5, 0], [2, 5, 100]], { 1: [500, 0], 2: [500, 500] }],
  ];
  for (const [name, pts, want] of cases) {
    const out = fitLayout(new Map(pts.map(([id, x, y]) => [id, { x, y }])), v);
    for (const [id, [x, y]] of Object.entries(want)) t.same(out.get(Number(id)), { x, y }, `${name}: ${id}`);
  }
  t.same(fitLayout(new Map(), v).size, 0, 'nothing to fit');
  const m = fitLayout(new Map([[1, { x: 0, y: 0 }], [2, { x: 1, y: 1 }]]), { x: 100, y: 100, width: 200, height: 200, margin: 50 });
  t.same([m.get(1), m.get(2)], [{ x: 150, y: 150 }, { x: 250, y: 250 }], 'origin and margin');
});

t.test('auto layout: deterministic, whatever the order of its input; links to unknown ids ignored', async (t) => {
  const ids = [5, 3, 9, 1, 7];
  const links: [number, number][] = [[5, 3], [3, 9], [9, 1], [1, 7], [7, 5], [5, 42]];
  const a = autoLayout(ids, links);
  const b = autoLayout([...ids].reverse(), [...links].reverse());
  t.same([...a.entries()].sort(), [...b.entries()].sort(), 'same positions');
  t.same([...a.keys()].sort((x, y) => x - y), [1, 3, 5, 7, 9], 'every device, nothing else');
  t.ok([...a.values()].every((p) => Number.isFinite(p.x) && Number.isFinite(p.y)), 'finite positions');
  t.same(autoLayout([], []).size, 0, 'an empty map');
});

/** The reference: for every pair s < t of matching devices, BFS from both ends; x is on a shortest path when d(s,x) + d(x,t) = d(s,t). */
function reference(n: number, edges: [number, number][], matching: number[]): { devices: number[]; links: number[] } {
  const nb: number[][] = Array.from({ length: n }, () => []);
  edges.forEach(([a, b]) => { if (a !== b) { nb[a]!.push(b); nb[b]!.push(a); } });
  const bfs = (s: number) => {
    const d = new Array<number>(n).fill(-1); d[s] = 0; const q = [s];
    for (let i = 0; i < q.length; i++) for (const y of nb[q[i]!]!) if (d[y] === -1) { d[y] = d[q[i]!]! + 1; q.push(y); }
    return d;
  };
  const dist = new Map(matching.map((m) => [m, bfs(m)]));
  const devs = new Set<number>(), links = new Set<number>();
  const ms = [...matching].sort((a, b) => a - b);
  for (let i = 0; i < ms.length; i++) for (let j = i + 1; j < ms.length; j++) {
    const ds = dist.get(ms[i]!)!, dt = dist.get(ms[j]!)!, st = ds[ms[j]!]!;
    if (st <= 0) continue;
    for (let x = 0; x < n; x++) if (ds[x]! >= 0 && dt[x]! >= 0 && ds[x]! + dt[x]! === st && !matching.includes(x)) devs.add(x);
    edges.forEach(([a, b], l) => {
      if (a === b) return;
      if ((ds[a]! >= 0 && dt[b]! >= 0 && ds[a]! + 1 + dt[b]! === st) || (ds[b]! >= 0 && dt[a]! >= 0 && ds[b]! + 1 + dt[a]! === st)) links.add(l);
    });
  }
  return { devices: [...devs].sort((a, b) => a - b), links: [...links].sort((a, b) => a - b) };
}

t.test('connecting agrees with an all-pairs reference on random graphs (batches of 32 included)', async (t) => {
  const { rng } = await import('../../fakes/rng.js');
  const r = rng(424242);
  const shapes: [number, number, number][] = [[12, 14, 3], [40, 60, 31], [60, 80, 32], [70, 90, 33], [150, 200, 70], [300, 340, 20], [100, 100, 99]];
  for (const [n, m, k] of shapes) {
    for (let rep = 0; rep < 3; rep++) {
      const edges: [number, number][] = [];
      for (let i = 0; i < m; i++) edges.push([Math.floor(r() * n), Math.floor(r() * n)]);
      const ids = Array.from({ length: n }, (_, i) => i);
      for (let i = n - 1; i > 0; i--) { const j = Math.floor(r() * (i + 1)); [ids[i], ids[j]] = [ids[j]!, ids[i]!]; }
      const matching = ids.slice(0, k);
      const got = run(n, edges, matching, { connecting: true });
      const want = reference(n, edges, matching);
      t.same(got.connecting, want.devices, `${n} devices, ${m} links, ${k} matching (#${rep}): devices`);
      t.same(got.connectingLinks, want.links, `${n} devices, ${m} links, ${k} matching (#${rep}): links`);
    }
  }
});

t.test('connecting: the search stops with TIME_BUDGET once the request\'s time is spent, well below its step bound', async (t) => {
  // A long path with its two ends matching: thousands of BFS levels, a few thousand visits (far below MAX_CONNECTING_VISITS).
  const n = 5000;
  const edges: [number, number][] = Array.from({ length: n - 1 }, (_, i) => [i, i + 1]);
  const input = {
    deviceIds: Array.from({ length: n }, (_, i) => i),
    linkA: Int32Array.from(edges.map((e) => e[0])), linkB: Int32Array.from(edges.map((e) => e[1])),
    devMatch: Uint8Array.from({ length: n }, (_, i) => (i === 0 || i === n - 1 ? 1 : 0)),
    linkMatch: new Uint8Array(edges.length).fill(1),
    adjacent: false, connecting: true,
  };
  // A clock that moves 1 ms per reading: the 2 s budget is spent after ~2000 levels.
  let clock = 0;
  const budget = mapBudget(() => clock++);
  let checks = 0;
  t.throws(() => selectMap({ ...input, checkTime: () => { checks++; budget.check(); } }),
    { code: 'TIME_BUDGET', message: /time budget of 2000 ms.*narrower device rule, or connecting off/ });
  t.ok(checks > 1000 && checks < n, `stopped part way (${checks} checks)`);
  // Without a time limit the same search completes: the path is all connecting.
  const done = selectMap({ ...input, checkTime: () => {} });
  t.equal([...done.devices].filter((f) => (f & CONNECTING) !== 0).length, n - 2);
});
