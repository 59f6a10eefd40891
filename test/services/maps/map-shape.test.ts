/**
 * Maps keep their shape (issue 26, point 2): a map's layout is stored whole. The placement of
 * devices without a position (services/maps/map-placement.ts) as a table over small graphs; then
 * the map service over the hand-made generation (test/fakes/map-fixture.ts) as a table of steps —
 * a new view, a drag, new devices appearing, auto layout, reset, fit — each saying which devices
 * may move and where the moved ones must be.
 */
import t from 'tap';
import { ANONYMOUS } from '../../../core/caller.js';
import { AppError } from '../../../core/errors.js';
import type { Generation } from '../../../core/types.js';
import type { MapService } from '../../../services/maps/index.js';
import { AUTO_LINK_DISTANCE, autoLayout, type Point } from '../../../services/maps/map-layout.js';
import { gridLayout, MIN_GAP, placeMissing } from '../../../services/maps/map-placement.js';
import { NS_MAP_COORDINATES } from '../../../services/views/index.js';
import type { MetaStore } from '../../../store/meta/meta.js';
import { device, iface, NOW_MS } from '../../fakes/fake-service.js';
import { FakeMapViews, mapCollector, mapGeneration, mapServices } from '../../fakes/map-fixture.js';

type Links = [number, number][];
const pts = (o: Record<number, [number, number]>): Map<number, Point> => new Map(Object.entries(o).map(([id, [x, y]]) => [Number(id), { x, y }]));
const dist = (a: Point, b: Point): number => Math.hypot(a.x - b.x, a.y - b.y);
/** The smallest distance between two of the points (rounding to 0.01 may take up to 0.02 off a gap). */
const closest = (ps: readonly Point[]): number => {
  let m = Infinity;
  for (let i = 0; i < ps.length; i++) for (let j = i + 1; j < ps.length; j++) m = Math.min(m, dist(ps[i]!, ps[j]!));
  return m;
};

t.test('placement of devices without a position', async (t) => {
  const chain: Links = [[1, 2], [2, 3], [3, 4]];
  const cases: {
    name: string; ids: number[]; links: Links; placed: Map<number, Point>; maxForce?: number;
    want?: Map<number, Point>; check?: (out: Map<number, Point>) => void;
  }[] = [
    {
      name: 'nothing placed (a new view): the force layout of the whole map',
      ids: [1, 2, 3, 4, 5], links: [...chain, [4, 5]], placed: new Map(),
      want: autoLayout([1, 2, 3, 4, 5], [...chain, [4, 5]]),
    },
    {
      name: 'nothing placed, more devices than the force layout takes: a grid in id order',
      ids: [3, 1, 2], links: chain, placed: new Map(), maxForce: 2,
      want: pts({ 1: [-30, -30], 2: [30, -30], 3: [-30, 30] }),
    },
    { name: 'every device placed: nothing to place', ids: [1, 2], links: [[1, 2]], placed: pts({ 1: [0, 0], 2: [60, 0] }), want: new Map() },
    {
      name: 'a new leaf: one link distance from its neighbour, on the side away from the middle',
      ids: [1, 2, 3, 4], links: chain, placed: pts({ 1: [0, 0], 2: [60, 0], 3: [120, 0] }),
      want: pts({ 4: [180, 0] }),
    },
    {
      name: 'a new device linked to two placed ones: at the mean of its neighbours',
      ids: [1, 2, 3], links: [[1, 3], [2, 3]], placed: pts({ 1: [0, 0], 2: [200, 0] }),
      want: pts({ 3: [100, 0] }),
    },
    {
      name: 'the mean is taken: the first free point of the ring around it',
      ids: [1, 2, 3, 9], links: [[1, 3], [2, 3]], placed: pts({ 1: [0, 0], 2: [200, 0], 9: [100, 0] }),
      want: pts({ 3: [160, 0] }),
    },
    {
      name: 'a chain of new devices grows outwards from where it hangs',
      ids: [1, 2, 3, 4], links: chain, placed: pts({ 1: [0, 0], 2: [60, 0] }),
      want: pts({ 3: [120, 0], 4: [180, 0] }),
    },
    {
      name: 'positions of devices not on the map are ignored',
      ids: [1, 2, 3, 4], links: chain, placed: pts({ 1: [0, 0], 2: [60, 0], 3: [120, 0], 77: [180, 0] }),
      want: pts({ 4: [180, 0] }),
    },
    {
      name: 'an island of new devices: its own force layout, right of the placed ones, tops level',
      ids: [1, 2, 5, 6, 7], links: [[1, 2], [5, 6], [6, 7]], placed: pts({ 1: [0, -40], 2: [100, 50] }),
      check: (out) => {
        const own = autoLayout([5, 6, 7], [[5, 6], [6, 7]]);
        const minX = Math.min(...[...out.values()].map((p) => p.x)), minY = Math.min(...[...out.values()].map((p) => p.y));
        t.equal(minX, 100 + 2 * AUTO_LINK_DISTANCE, 'island: two link distances right of the rightmost placed device');
        t.equal(minY, -40, 'island: its top level with the top of the placed ones');
        const ownMinX = Math.min(...[...own.values()].map((p) => p.x)), ownMinY = Math.min(...[...own.values()].map((p) => p.y));
        for (const [id, p] of own) {
          t.ok(Math.abs(out.get(id)!.x - minX - (p.x - ownMinX)) < 0.011 && Math.abs(out.get(id)!.y - minY - (p.y - ownMinY)) < 0.011, `island: device ${id} keeps its place in the island's own layout`);
        }
      },
    },
    {
      name: 'thirty new leaves of one placed hub: each near it, none closer than the minimum gap to another',
      ids: Array.from({ length: 31 }, (_, i) => i + 1), links: Array.from({ length: 30 }, (_, i): [number, number] => [1, i + 2]),
      placed: pts({ 1: [0, 0] }),
      check: (out) => {
        t.equal(out.size, 30, 'hub: every leaf placed');
        const all = [{ x: 0, y: 0 }, ...out.values()];
        t.ok(closest(all) >= MIN_GAP - 0.02, `hub: no two devices closer than ${MIN_GAP} (closest ${closest(all).toFixed(2)})`);
        t.ok([...out.values()].every((p) => dist(p, { x: 0, y: 0 }) <= AUTO_LINK_DISTANCE + 3 * MIN_GAP + 0.02), 'hub: every leaf on one of the first rings around it');
      },
    },
  ];
  for (const c of cases) {
    const out = placeMissing(c.ids, c.links, c.placed, c.maxForce ?? 5000);
    const missing = c.ids.filter((id) => !c.placed.has(id)).sort((a, b) => a - b);
    t.same([...out.keys()].sort((a, b) => a - b), missing, `${c.name}: exactly the devices without a position are placed`);
    if (c.want) t.same(out, c.want, c.name);
    c.check?.(out);
    // Same input in another order, same answer.
    const again = placeMissing([...c.ids].reverse(), c.links.map(([a, b]) => [b, a] as [number, number]).reverse(), c.placed, c.maxForce ?? 5000);
    t.same(again, out, `${c.name}: the order of devices and links does not matter`);
  }
  t.same(gridLayout([4, 2, 2]), pts({ 2: [-30, 0], 4: [30, 0] }), 'the grid: ids once each, in id order, centred');
});

// ---- the service ----------------------------------------------------------------------------------

/** Generation 2 of the fixture: sw9 hangs off sw3, sw10 off sw9; sw11 and sw12 are an island. */
function grownGeneration(): Generation {
  const g = mapGeneration();
  const ifs = [1, 2, 3].map((i) => iface(i, `eth${i}`));
  const extra = [9, 10, 11, 12].map((id) => device(id, `sw${id}`, ifs));
  const link = (a: number, ai: number, b: number, bi: number) => ({
    a: { deviceId: a, ifIndex: ai, ifName: `eth${ai}` }, b: { deviceId: b, ifIndex: bi, ifName: `eth${bi}` }, protocol: 'lldp' as const,
  });
  return {
    ...g, number: 2, startedAtMs: 3000, completedAtMs: 4000,
    devices: [...g.devices, ...extra], links: [...g.links, link(3, 3, 9, 1), link(9, 2, 10, 1), link(11, 1, 12, 1)],
  };
}

type Positions = Map<number, Point>;
const positionsOf = async (maps: MapService): Promise<Positions> => {
  const m = await maps.map(1, 1, ANONYMOUS, {});
  const out: Positions = new Map();
  for (const d of m.devices) {
    if (d.x === null || d.y === null) throw new Error(`device ${d.id} has no position`);
    out.set(d.id, { x: d.x, y: d.y });
  }
  return out;
};
const mapLinks = async (maps: MapService): Promise<Links> =>
  (await maps.map(1, 1, ANONYMOUS, {})).links.map((l) => [l.a.deviceId, l.b.deviceId]);

t.test('the map service stores a map whole: a step moves only what it says', async (t) => {
  const fake = mapCollector();
  const views = new FakeMapViews();
  views.set({ id: 1, devRule: '' });
  const services = mapServices(fake, views);
  const maps = services.maps;

  interface Step {
    readonly name: string;
    readonly act: () => Promise<unknown>;
    /** The devices that may change position (a new device has none before); 'all': the layout is computed anew. */
    readonly moves: readonly number[] | 'all';
    readonly check?: (before: Positions, after: Positions) => void | Promise<void>;
  }
  const steps: Step[] = [
    {
      name: 'a new view: the first map call places every device by the force layout',
      act: async () => undefined, moves: 'all',
      check: async (_, after) => {
        t.same(after, autoLayout([...after.keys()], await mapLinks(maps)), 'the force layout of the map');
      },
    },
    {
      name: 'reading the map again moves nothing', act: () => maps.map(1, 1, ANONYMOUS, {}), moves: [],
    },
    {
      name: 'a drag stores the dragged device only',
      act: () => maps.setCoordinates(1, 1, ANONYMOUS, [{ id: 3, x: 400, y: -300 }]), moves: [3],
      check: (_, after) => { t.same(after.get(3), { x: 400, y: -300 }, 'the dragged device where it was dropped'); },
    },
    {
      name: 'new devices appear: each placed once, the others unmoved',
      act: async () => { fake.gens.set(1, [mapGeneration(), grownGeneration()]); }, moves: [9, 10, 11, 12],
      check: (before, after) => {
        const sw3 = after.get(3)!, sw9 = after.get(9)!, sw10 = after.get(10)!;
        t.ok(dist(sw9, sw3) <= AUTO_LINK_DISTANCE + MIN_GAP, `sw9 next to sw3, its one neighbour (${dist(sw9, sw3).toFixed(1)} away)`);
        t.ok(dist(sw10, sw9) <= AUTO_LINK_DISTANCE + MIN_GAP, `sw10 next to sw9 (${dist(sw10, sw9).toFixed(1)} away)`);
        const maxX = Math.max(...[...before.values()].map((p) => p.x));
        t.ok(after.get(11)!.x > maxX && after.get(12)!.x > maxX, 'the island sw11–sw12 right of the map');
        for (const id of [9, 10]) {
          const others = [...after].filter(([o]) => o !== id).map(([, p]) => p);
          t.ok(others.every((p) => dist(p, after.get(id)!) >= MIN_GAP - 0.02),
            `sw${id} at least ${MIN_GAP} from every other device`);
        }
      },
    },
    {
      name: 'a restart (the coordinates read from the store again) moves nothing',
      act: async () => { maps.clearCache('coordinates'); maps.clearCache('answers'); }, moves: [],
    },
    {
      name: 'auto layout computes every position anew',
      act: () => maps.layout(1, 1, ANONYMOUS, {}, 'auto'), moves: 'all',
      check: async (_, after) => { t.same(after, autoLayout([...after.keys()], await mapLinks(maps)), 'the force layout of the map'); },
    },
    {
      name: 'another drag, of two devices',
      act: () => maps.setCoordinates(1, 1, ANONYMOUS, [{ id: 1, x: -500, y: 0 }, { id: 12, x: 0, y: 900 }]), moves: [1, 12],
    },
    {
      name: 'reset lays the map out as a new view (the dragged devices too)',
      act: () => maps.layout(1, 1, ANONYMOUS, {}, 'reset'), moves: 'all',
      check: async (_, after) => { t.same(after, autoLayout([...after.keys()], await mapLinks(maps)), 'the force layout of the map'); },
    },
    {
      name: 'fit scales every position into the viewport',
      act: () => maps.layout(1, 1, ANONYMOUS, {}, 'fit', { x: 0, y: 0, width: 800, height: 400, margin: 10 }), moves: 'all',
      check: (_, after) => {
        const ps = [...after.values()];
        t.ok(ps.every((p) => p.x >= 10 && p.x <= 790 && p.y >= 10 && p.y <= 390), 'every device within the viewport less its margin');
      },
    },
  ];

  let before: Positions = new Map();
  for (const s of steps) {
    await s.act();
    const after = await positionsOf(maps);
    const moved = [...after.keys()].filter((id) => {
      const b = before.get(id), a = after.get(id)!;
      return !b || b.x !== a.x || b.y !== a.y;
    }).sort((x, y) => x - y);
    if (s.moves === 'all') t.ok(moved.length > 0, `${s.name}: positions computed (${moved.length} changed)`);
    else t.same(moved, [...s.moves].sort((x, y) => x - y), `${s.name}: only ${s.moves.length ? s.moves.join(', ') : 'nothing'} moved`);
    await s.check?.(before, after);
    before = after;
  }
});

/**
 * The fake collector's store whose transactions run later, in call order, as the LMDB store's do
 * (in its next write batch): a write called before another's commit sees it only when it runs.
 */
function laterTransactions(inner: MetaStore): MetaStore {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    get: (ns, key) => inner.get(ns, key),
    put: (ns, key, value) => inner.put(ns, key, value),
    remove: (ns, key) => inner.remove(ns, key),
    range: (ns, opts) => inner.range(ns, opts),
    transaction: (fn) => { const run = tail.then(() => inner.transaction(fn)); tail = run.catch(() => undefined); return run; },
    update: (ns, key, fn) => inner.update(ns, key, fn),
    close: () => inner.close(),
  };
}

t.test('a position stored while the map call places the others is kept', async (t) => {
  const fake = mapCollector();
  const views = new FakeMapViews();
  views.set({ id: 1, devRule: '' });
  const { maps } = mapServices(fake, views, { nowMs: () => NOW_MS }, laterTransactions(fake.meta));
  // The drag's write is called first and commits after the map call computed its placement (device
  // 5 included), before the placement's write runs.
  const put = maps.setCoordinates(1, 1, ANONYMOUS, [{ id: 5, x: 123, y: 456 }]);
  const first = await maps.map(1, 1, ANONYMOUS, {});
  await put;
  t.ok(first.devices.every((d) => d.x !== null), 'the map call placed every device');
  maps.clearCache('coordinates'); maps.clearCache('answers');
  const stored = (await maps.map(1, 1, ANONYMOUS, {})).devices.find((d) => d.id === 5)!;
  t.same({ x: stored.x, y: stored.y }, { x: 123, y: 456 }, 'the dragged position is the stored one, not the placement');
});

t.test('a store that refuses writes does not hide the map: the placement is answered, unstored, and stored later', async (t) => {
  const fake = mapCollector();
  const views = new FakeMapViews();
  views.set({ id: 1, devRule: '' });
  let full = true;
  const inner = fake.meta;
  const meta: MetaStore = {
    ...laterTransactions(inner),
    transaction: (fn) => (full ? Promise.reject(new AppError('STORE_WRITE_FAILED', 'below the free-space reserve')) : inner.transaction(fn)),
  };
  const { maps } = mapServices(fake, views, { nowMs: () => NOW_MS }, meta);
  const refused = await maps.map(1, 1, ANONYMOUS, {});
  t.ok(refused.devices.length > 0 && refused.devices.every((d) => d.x !== null && d.y !== null), 'every device placed in the answer');
  t.equal([...inner.range(NS_MAP_COORDINATES)].length, 0, 'nothing stored');
  full = false;
  const stored = await maps.map(1, 1, ANONYMOUS, {});
  t.same(stored.devices.map((d) => [d.id, d.x, d.y]), refused.devices.map((d) => [d.id, d.x, d.y]), 'once the store writes, the same positions are stored');
  t.equal([...inner.range(NS_MAP_COORDINATES)].length, stored.devices.length, 'one stored coordinate per device');
  full = true;
  await maps.layout(1, 1, ANONYMOUS, {}, 'reset').then(() => t.fail('reset with a full store'), (e: unknown) => t.match(e, { code: 'STORE_WRITE_FAILED' }, 'a layout call still fails with the store\'s error'));
});
