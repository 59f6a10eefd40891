/**
 * The one conformance suite every SeriesStore backend runs (with the rollup extension of the
 * embedded store). Each case is a list of operations and of expected answers; the answers are
 * checked after the operations, then again after a flush (which moves closed hours from the
 * head into chunks in the LMDB backend), so both the in-memory and the on-disk paths answer.
 */
import type { Test } from 'tap';
import { MemorySeriesStore } from '../../store/series/memory-series.js';
import type { SeriesStore } from '../../store/series/series.js';

export type SeriesFactory = () => Promise<SeriesStore>;

export const M = 60_000;
export const H = 3_600_000;
/** An hour-aligned base time. */
export const T0 = Date.UTC(2026, 0, 1, 10, 0, 0);

type Op =
  | { at: number; points: [slot: number, value: number][]; count?: number }
  /** pruneBefore(cutoffMs) (when the backend has it), which must report `hours` hours removed. */
  | { prune: number; hours: number }
  | 'flush';
type Pt = [tsMs: number, value: number];
type RollupWant = { count: number; min: number; max: number; sum: number; last: number; lastTsMs: number } | null;
type Check =
  | { read: [slot: number, fromMs: number, toMs: number]; want: Pt[] }
  | { last: [slot: number, fromMs: number, toMs: number]; want: Pt | null }
  | { rollup: [slots: number[], fromMs: number, toMs: number]; want: RollupWant[] }
  /** `valuesAt` (when the backend has it); null stands for NaN (no point). */
  | { valuesAt: [slots: number[], tsMs: number]; want: (number | null)[] }
  /** `oldestHourMs()` (when the backend has it). */
  | { oldestHourMs: number | null };

interface Case { name: string; ops: Op[]; checks: Check[] }

const step = (at: number, ...points: [number, number][]): Op => ({ at, points });

const cases: Case[] = [
  {
    name: 'several slots, several steps',
    ops: [step(T0, [0, 1], [1, 10], [5, 50]), step(T0 + M, [0, 2], [1, 20], [5, 51]), step(T0 + 2 * M, [0, 3], [1, 30])],
    checks: [
      { read: [0, T0, T0 + 2 * M], want: [[T0, 1], [T0 + M, 2], [T0 + 2 * M, 3]] },
      { read: [1, T0, T0 + 2 * M], want: [[T0, 10], [T0 + M, 20], [T0 + 2 * M, 30]] },
      { read: [5, T0, T0 + 10 * M], want: [[T0, 50], [T0 + M, 51]] },
    ],
  },
  {
    name: 'NaN values are gaps, omitted from reads',
    ops: [step(T0, [0, 1]), step(T0 + M, [0, NaN], [1, 4]), step(T0 + 2 * M, [0, 3], [1, NaN])],
    checks: [
      { read: [0, T0, T0 + 2 * M], want: [[T0, 1], [T0 + 2 * M, 3]] },
      { read: [1, T0, T0 + 2 * M], want: [[T0 + M, 4]] },
    ],
  },
  {
    name: 'the same step appended again: later values overwrite, other slots merge',
    ops: [step(T0, [0, 1], [1, 2]), step(T0, [0, 9], [2, 3]), 'flush', step(T0, [1, 7])],
    checks: [
      { read: [0, T0, T0], want: [[T0, 9]] },
      { read: [1, T0, T0], want: [[T0, 7]] },
      { read: [2, T0, T0], want: [[T0, 3]] },
    ],
  },
  {
    name: 'a NaN appended again does not erase the earlier value',
    ops: [step(T0, [0, 1]), step(T0, [0, NaN])],
    checks: [{ read: [0, T0, T0], want: [[T0, 1]] }],
  },
  {
    name: 'count limits the entries used',
    ops: [{ at: T0, points: [[0, 1], [1, 2], [2, 3]], count: 2 }],
    checks: [
      { read: [1, T0, T0], want: [[T0, 2]] },
      { read: [2, T0, T0], want: [] },
    ],
  },
  {
    name: 'steps out of order are read in time order',
    ops: [step(T0 + 3 * M, [0, 4]), step(T0 + M, [0, 2]), step(T0 + 2 * M, [0, 3]), step(T0, [0, 1]), step(T0 + 2 * M, [0, 33])],
    checks: [
      { read: [0, T0, T0 + H], want: [[T0, 1], [T0 + M, 2], [T0 + 2 * M, 33], [T0 + 3 * M, 4]] },
      { valuesAt: [[0, 1, 0], T0 + 2 * M], want: [33, null, 33] },
      { valuesAt: [[0], T0 + 3 * M], want: [4] },
      { valuesAt: [[0], T0 + 90_000], want: [null] },
    ],
  },
  {
    name: 'read window bounds are inclusive',
    ops: [step(T0, [0, 1]), step(T0 + M, [0, 2]), step(T0 + 2 * M, [0, 3]), step(T0 + 3 * M, [0, 4])],
    checks: [
      { read: [0, T0 + M, T0 + 2 * M], want: [[T0 + M, 2], [T0 + 2 * M, 3]] },
      { read: [0, T0 + M + 1, T0 + 2 * M - 1], want: [] },
      { read: [0, T0 + 3 * M, T0 + 3 * M], want: [[T0 + 3 * M, 4]] },
      { read: [0, T0 + 2 * M, T0 + M], want: [] },
    ],
  },
  {
    name: 'last() is the newest point within the window',
    ops: [step(T0, [0, 1]), step(T0 + M, [0, 2]), step(T0 + 5 * M, [0, 6])],
    checks: [
      { last: [0, T0, T0 + 10 * M], want: [T0 + 5 * M, 6] },
      { last: [0, T0, T0 + 4 * M], want: [T0 + M, 2] },
      { last: [0, T0 + 2 * M, T0 + 4 * M], want: null },
      { last: [0, T0 + M, T0 + M], want: [T0 + M, 2] },
      { last: [7, T0, T0 + H], want: null },
    ],
  },
  {
    name: 'steps of different sizes in one hour (10 s and 60 s networks)',
    ops: [
      step(T0, [10, 1], [11, 100]), step(T0 + 10_000, [10, 2]), step(T0 + 20_000, [10, 3]),
      step(T0 + 30_000, [10, 4]), step(T0 + 40_000, [10, 5]), step(T0 + 50_000, [10, 6]), step(T0 + M, [10, 7], [11, 101]),
    ],
    checks: [
      { read: [10, T0 + 15_000, T0 + M], want: [[T0 + 20_000, 3], [T0 + 30_000, 4], [T0 + 40_000, 5], [T0 + 50_000, 6], [T0 + M, 7]] },
      { read: [11, T0, T0 + M], want: [[T0, 100], [T0 + M, 101]] },
    ],
  },
  {
    name: 'crossing hour boundaries: closed hours, the open hour, reads spanning both',
    ops: [
      step(T0 + 58 * M, [0, 58]), step(T0 + 59 * M, [0, 59], [1, 1]), step(T0 + H, [0, 60]), step(T0 + H + M, [0, 61]),
      step(T0 + 2 * H + 30 * M, [0, 150]), 'flush',
      step(T0 + 3 * H, [0, 180], [1, 2]), 'flush',
    ],
    checks: [
      { read: [0, T0, T0 + 4 * H], want: [[T0 + 58 * M, 58], [T0 + 59 * M, 59], [T0 + H, 60], [T0 + H + M, 61], [T0 + 2 * H + 30 * M, 150], [T0 + 3 * H, 180]] },
      { read: [0, T0 + 59 * M, T0 + H], want: [[T0 + 59 * M, 59], [T0 + H, 60]] },
      { read: [1, T0, T0 + 4 * H], want: [[T0 + 59 * M, 1], [T0 + 3 * H, 2]] },
      { read: [0, T0 + H + 2 * M, T0 + 2 * H + 29 * M], want: [] },
      { last: [0, T0, T0 + 3 * H - 1], want: [T0 + 2 * H + 30 * M, 150] },
      { last: [1, T0, T0 + 3 * H - 1], want: [T0 + 59 * M, 1] },
      { valuesAt: [[0, 1, 2], T0 + 59 * M], want: [59, 1, null] },
      { valuesAt: [[0, 1], T0 + 3 * H], want: [180, 2] },
      { valuesAt: [[0, 1], T0 + 2 * H + 30 * M], want: [150, null] },
      { valuesAt: [[], T0], want: [] },
      { valuesAt: [[0], T0 - H], want: [null] },
    ],
  },
  {
    name: 'a step arriving after its hour was closed is merged into that hour',
    ops: [
      step(T0, [0, 1], [1, 1]), step(T0 + 30 * M, [0, 2]), step(T0 + 2 * H, [0, 3]), 'flush', 'flush',
      step(T0 + 30 * M, [0, 22], [1, 5]), step(T0 + 45 * M, [0, 4]),
    ],
    checks: [
      { read: [0, T0, T0 + H], want: [[T0, 1], [T0 + 30 * M, 22], [T0 + 45 * M, 4]] },
      { read: [1, T0, T0 + H], want: [[T0, 1], [T0 + 30 * M, 5]] },
      { last: [0, T0, T0 + H], want: [T0 + 45 * M, 4] },
      { valuesAt: [[0, 1], T0 + 30 * M], want: [22, 5] },
      { valuesAt: [[0, 1], T0 + 45 * M], want: [4, null] },
      { rollup: [[0, 1], T0, T0 + H - 1], want: [
        { count: 3, min: 1, max: 22, sum: 27, last: 4, lastTsMs: T0 + 45 * M },
        { count: 2, min: 1, max: 5, sum: 6, last: 5, lastTsMs: T0 + 30 * M },
      ] },
    ],
  },
  {
    name: 'empty results',
    ops: [step(T0, [0, 1])],
    checks: [
      { read: [3, T0, T0 + H], want: [] },
      { read: [0, T0 - 10 * H, T0 - 1], want: [] },
      { read: [0, T0 + 1, T0 + 100 * H], want: [] },
      { read: [0, 0, Number.MAX_SAFE_INTEGER], want: [[T0, 1]] },
      { last: [0, T0 + 1, T0 + 2 * H], want: null },
      { rollup: [[], T0, T0 + H], want: [] },
    ],
  },
  {
    name: 'rollups of the open hour after out-of-order inserts and overwrites',
    ops: [
      step(T0, [0, 5], [1, -0]), step(T0 + 2 * M, [0, 1], [1, 0]), step(T0 + M, [0, 9]), step(T0 + 2 * M, [0, 3]),
      step(T0 + 3 * M, [1, 4]),
    ],
    checks: [
      { rollup: [[0, 1], T0, T0 + H - 1], want: [
        { count: 3, min: 3, max: 9, sum: 17, last: 3, lastTsMs: T0 + 2 * M },
        { count: 3, min: -0, max: 4, sum: 4, last: 4, lastTsMs: T0 + 3 * M },
      ] },
      { rollup: [[0, 1], T0, T0 + M], want: [
        { count: 2, min: 5, max: 9, sum: 14, last: 9, lastTsMs: T0 + M },
        { count: 1, min: -0, max: -0, sum: -0, last: -0, lastTsMs: T0 },
      ] },
      { rollup: [[0], T0 - H, T0 + 2 * H], want: [{ count: 3, min: 3, max: 9, sum: 17, last: 3, lastTsMs: T0 + 2 * M }] },
    ],
  },
  {
    name: 'rollups over closed chunks and the head, whole and partial hours',
    ops: [
      step(T0, [0, 5], [1, -1]), step(T0 + 30 * M, [0, 1]), step(T0 + H, [0, 7], [1, -3]), step(T0 + H + 30 * M, [0, 2]),
      step(T0 + 2 * H + 10 * M, [0, 4]), 'flush', step(T0 + 2 * H + 20 * M, [0, 3]),
    ],
    checks: [
      { rollup: [[0, 1, 99], T0, T0 + 3 * H], want: [
        { count: 6, min: 1, max: 7, sum: 22, last: 3, lastTsMs: T0 + 2 * H + 20 * M },
        { count: 2, min: -3, max: -1, sum: -4, last: -3, lastTsMs: T0 + H },
        null,
      ] },
      { rollup: [[0, 1], T0 + 30 * M, T0 + H], want: [
        { count: 2, min: 1, max: 7, sum: 8, last: 7, lastTsMs: T0 + H },
        { count: 1, min: -3, max: -3, sum: -3, last: -3, lastTsMs: T0 + H },
      ] },
      { rollup: [[0], T0 + H, T0 + 2 * H - 1], want: [{ count: 2, min: 2, max: 7, sum: 9, last: 2, lastTsMs: T0 + H + 30 * M }] },
    ],
  },
  {
    name: 'retention: closed hours before the cutoff\'s hour are removed, later ones read as written',
    ops: [
      step(T0, [0, 1], [1, 10]), step(T0 + 30 * M, [0, 2]), step(T0 + H, [0, 3]), step(T0 + H + 5 * M, [1, 11]),
      step(T0 + 2 * H, [0, 4], [1, 12]), step(T0 + 3 * H + 10 * M, [0, 5]), 'flush',
      { prune: T0 + 2 * H + 20 * M, hours: 2 }, { prune: T0 + 2 * H + 20 * M, hours: 0 },
    ],
    checks: [
      { read: [0, 0, T0 + 5 * H], want: [[T0 + 2 * H, 4], [T0 + 3 * H + 10 * M, 5]] },
      { read: [1, 0, T0 + 5 * H], want: [[T0 + 2 * H, 12]] },
      { last: [0, T0, T0 + 2 * H - 1], want: null },
      { rollup: [[0, 1, 2], T0, T0 + 4 * H - 1], want: [
        { count: 2, min: 4, max: 5, sum: 9, last: 5, lastTsMs: T0 + 3 * H + 10 * M },
        { count: 1, min: 12, max: 12, sum: 12, last: 12, lastTsMs: T0 + 2 * H },
        null,
      ] },
      { rollup: [[0], T0, T0 + H - 1], want: [null] },
      { valuesAt: [[0, 1], T0], want: [null, null] },
      { valuesAt: [[0, 1], T0 + 2 * H], want: [4, 12] },
      { oldestHourMs: T0 + 2 * H },
    ],
  },
  {
    name: 'retention: hours still in memory are removed; a point appended later for a removed hour is kept',
    ops: [
      step(T0, [0, 1]), step(T0 + M, [0, 2]), step(T0 + H + M, [0, 3]),
      { prune: T0 + H, hours: 1 }, step(T0 + 2 * M, [0, 9]),
    ],
    checks: [
      { read: [0, 0, T0 + 2 * H], want: [[T0 + 2 * M, 9], [T0 + H + M, 3]] },
      { valuesAt: [[0], T0 + M], want: [null] },
      { rollup: [[0], T0, T0 + 2 * H], want: [{ count: 2, min: 3, max: 9, sum: 12, last: 3, lastTsMs: T0 + H + M }] },
      { oldestHourMs: T0 },
    ],
  },
  {
    name: 'retention: everything removed; the store reads empty and takes new points',
    ops: [step(T0, [0, 1]), step(T0 + 2 * H, [0, 2]), 'flush', { prune: T0 + 10 * H, hours: 2 }, step(T0 + 11 * H, [0, 7])],
    checks: [
      { read: [0, 0, T0 + 10 * H], want: [] },
      { last: [0, 0, T0 + 10 * H], want: null },
      { rollup: [[0], 0, T0 + 10 * H], want: [null] },
      { read: [0, 0, T0 + 20 * H], want: [[T0 + 11 * H, 7]] },
      { oldestHourMs: T0 + 11 * H },
    ],
  },
];

async function apply(t: Test, store: SeriesStore, ops: Op[]): Promise<void> {
  for (const op of ops) {
    if (op === 'flush') { await store.flush(); continue; }
    if ('prune' in op) {
      if (store.pruneBefore) t.equal((await store.pruneBefore(op.prune)).hours, op.hours, `pruneBefore(${op.prune}) removes ${op.hours} hours`);
      continue;
    }
    store.appendStep(op.at, Int32Array.from(op.points, (p) => p[0]), Float64Array.from(op.points, (p) => p[1]), op.count);
  }
}

const pointsOf = (p: { tsMs: Float64Array; values: Float64Array }): Pt[] => Array.from(p.tsMs, (ts, i) => [ts, p.values[i]]);

function rollupRows(store: SeriesStore, slots: number[], fromMs: number, toMs: number): RollupWant[] {
  const r = store.rollup(slots, fromMs, toMs);
  return slots.map((_, i) => (r.count[i] === 0 ? null : {
    count: r.count[i], min: r.min[i], max: r.max[i], sum: r.sum[i], last: r.last[i], lastTsMs: r.lastTsMs[i],
  }));
}

function check(t: Test, store: SeriesStore, checks: Check[], when: string): void {
  for (const c of checks) {
    if ('read' in c) t.same(pointsOf(store.read(...c.read)), c.want, `${when}: read(${c.read.join(', ')})`);
    else if ('last' in c) {
      const got = store.last(...c.last);
      t.same(got === null ? null : [got.tsMs, got.value], c.want, `${when}: last(${c.last.join(', ')})`);
    } else if ('rollup' in c) t.same(rollupRows(store, ...c.rollup), c.want, `${when}: rollup([${c.rollup[0].join(',')}], ${c.rollup[1]}, ${c.rollup[2]})`);
    else if ('oldestHourMs' in c) { if (store.oldestHourMs) t.equal(store.oldestHourMs(), c.oldestHourMs, `${when}: oldestHourMs()`); }
    else if (store.valuesAt) t.same(valuesAtRow(store, ...c.valuesAt), c.want, `${when}: valuesAt([${c.valuesAt[0].join(',')}], ${c.valuesAt[1]})`);
  }
}

/** valuesAt with NaN as null, into a reused array longer than needed (its tail must stay untouched). */
function valuesAtRow(store: SeriesStore, slots: number[], tsMs: number): (number | null)[] {
  const out = new Float64Array(slots.length + 1).fill(-7);
  const got = store.valuesAt!(slots, tsMs, out);
  if (got !== out || out[slots.length] !== -7) throw new Error('valuesAt must fill the given array and only its first slots.length entries');
  const fresh = store.valuesAt!(slots, tsMs);
  if (fresh.length !== slots.length) throw new Error('valuesAt without an array returns one of slots.length');
  return Array.from(out.subarray(0, slots.length), (v) => (Number.isNaN(v) ? null : v));
}

/** A small deterministic PRNG (mulberry32), so that the mixed workload is the same on every run. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A mixed workload (out-of-order and repeated steps, NaN gaps, late steps for closed hours,
 * flushes at random) applied to the store under test and to the reference; every answer must match.
 */
async function mixedWorkload(t: Test, store: SeriesStore): Promise<void> {
  const ref = new MemorySeriesStore();
  const rnd = prng(42);
  const slots = 40;
  const both = (at: number, s: Int32Array, v: Float64Array) => { store.appendStep(at, s, v); ref.appendStep(at, s, v); };
  for (let k = 0; k < 200; k++) {
    let at = T0 + k * M;
    if (rnd() < 0.1) at -= Math.floor(rnd() * 4) * M;
    if (rnd() < 0.03) at -= H;
    const n = 1 + Math.floor(rnd() * slots);
    const s = new Int32Array(n), v = new Float64Array(n);
    for (let i = 0; i < n; i++) { s[i] = Math.floor(rnd() * slots); v[i] = rnd() < 0.1 ? NaN : Math.floor(rnd() * 1000); }
    both(at, s, v);
    if (rnd() < 0.1) await store.flush();
  }
  const compare = (when: string) => {
    let bad = 0;
    for (let slot = 0; slot < slots; slot++) {
      for (const [from, to] of [[0, T0 + 10 * H], [T0 + 59 * M, T0 + 61 * M], [T0 + 90 * M, T0 + 150 * M]]) {
        if (JSON.stringify(pointsOf(store.read(slot, from, to))) !== JSON.stringify(pointsOf(ref.read(slot, from, to)))) bad++;
        if (JSON.stringify(store.last(slot, from, to)) !== JSON.stringify(ref.last(slot, from, to))) bad++;
      }
    }
    const all = Array.from({ length: slots + 2 }, (_, i) => i);
    t.same(rollupRows(store, all, T0, T0 + 2 * H), rollupRows(ref, all, T0, T0 + 2 * H), `${when}: rollups equal the reference`);
    if (store.valuesAt) {
      let differ = 0;
      for (let at = T0 - H; at <= T0 + 4 * H; at += M) {
        if (JSON.stringify(valuesAtRow(store, all, at)) !== JSON.stringify(valuesAtRow(ref, all, at))) differ++;
      }
      t.equal(differ, 0, `${when}: valuesAt equals the reference at every grid time`);
    }
    t.equal(bad, 0, `${when}: reads and last() equal the reference for every slot and window`);
  };
  compare('before flush');
  await store.flush();
  compare('after flush');
}

export async function seriesConformance(t: Test, name: string, factory: SeriesFactory): Promise<void> {
  await t.test(`SeriesStore conformance: ${name}`, async (t) => {
    for (const c of cases) {
      await t.test(c.name, async (t) => {
        const store = await factory();
        try {
          await apply(t, store, c.ops);
          check(t, store, c.checks, 'as appended');
          await store.flush();
          check(t, store, c.checks, 'after flush');
        } finally {
          await store.close();
        }
      });
    }
    await t.test('mixed workload equals the reference', async (t) => {
      const store = await factory();
      try { await mixedWorkload(t, store); } finally { await store.close(); }
    });
    await t.test('appendStep after close throws', async (t) => {
      const store = await factory();
      await store.close();
      t.throws(() => store.appendStep(T0, Int32Array.of(0), Float64Array.of(1)));
    });
  });
}
