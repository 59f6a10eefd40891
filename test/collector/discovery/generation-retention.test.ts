// The retention policy of discovery generations (GenerationLog.prune) on a real LMDB store: one table
// of generation lists, policies and clocks → the generations kept; the same set after reopening the
// store (a restart), no full record left behind, numbers never reused, and selection by timestamp
// and by number answering for every kept generation as before the pruning.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { GenerationLog, type RetentionPolicy } from '../../../collector/discovery/generations.js';
import { isAppError } from '../../../core/errors.js';
import type { Generation } from '../../../core/types.js';
import type { MetaStore } from '../../../store/meta/meta.js';
import { MemoryMetaStore } from '../../../store/meta/memory-meta.js';
import { withLmdbMeta } from '../../fakes/lmdb-meta.js';

const dirs: string[] = [];
t.teardown(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });

/** Generation n started at n seconds and (unless running) took half a second. */
const gen = (number: number, status: Generation['status']): Generation => ({
  networkId: 1, number, status, startedAtMs: 1000 * number, completedAtMs: status === 'running' ? null : 1000 * number + 500,
  devices: [], links: [], errors: [],
});
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const statuses = (spec: [number, number, Generation['status']][]) => spec.flatMap(([a, b, s]) => range(a, b).map((n) => gen(n, s)));

interface Case {
  name: string;
  gens: Generation[];
  policy: RetentionPolicy;
  nowMs: number;
  running: number | null;
  kept: number[];
}

const cases: Case[] = [
  { name: 'the newest N', gens: statuses([[1, 10, 'completed']]), policy: { keepLast: 3, keepForMs: 0 }, nowMs: 20_000, running: null, kept: [8, 9, 10] },
  { name: 'and the young ones', gens: statuses([[1, 10, 'completed']]), policy: { keepLast: 3, keepForMs: 5_000 }, nowMs: 10_500, running: null, kept: [6, 7, 8, 9, 10] },
  { name: 'age keeps all', gens: statuses([[1, 5, 'completed']]), policy: { keepLast: 1, keepForMs: 3_600_000 }, nowMs: 10_000, running: null, kept: [1, 2, 3, 4, 5] },
  { name: 'the latest completed behind many failed', gens: statuses([[1, 3, 'completed'], [4, 10, 'failed']]), policy: { keepLast: 2, keepForMs: 0 }, nowMs: 20_000, running: null, kept: [3, 9, 10] },
  { name: 'the running one', gens: statuses([[1, 5, 'completed'], [6, 6, 'running']]), policy: { keepLast: 1, keepForMs: 0 }, nowMs: 20_000, running: 6, kept: [5, 6] },
  { name: 'a record left running by a crash is old like any', gens: statuses([[1, 1, 'running'], [2, 4, 'completed']]), policy: { keepLast: 2, keepForMs: 0 }, nowMs: 20_000, running: null, kept: [3, 4] },
  { name: 'nothing to remove', gens: statuses([[1, 2, 'completed']]), policy: { keepLast: 5, keepForMs: 0 }, nowMs: 20_000, running: null, kept: [1, 2] },
  { name: 'a backlog larger than one transaction', gens: statuses([[1, 600, 'completed']]), policy: { keepLast: 10, keepForMs: 0 }, nowMs: 1_000_000, running: null, kept: range(591, 600) },
];

t.test('retention: the kept set, across a reopen, with selection intact', async (t) => {
  for (const c of cases) {
    const dir = mkdtempSync(join(tmpdir(), 'netmon-retention-'));
    dirs.push(dir);
    const removed = await withLmdbMeta(dir, async (meta) => {
      const log = GenerationLog.open(meta, 1);
      for (const g of c.gens) await log.save(g);
      // the generations of another network are never touched
      const other = GenerationLog.open(meta, 2);
      await other.save({ ...gen(1, 'completed'), networkId: 2 });
      const n = await log.prune(c.policy, c.nowMs, c.running);
      t.same(log.all().map((x) => x.number), c.kept, `${c.name}: kept in memory`);
      return n;
    });
    t.equal(removed, c.gens.length - c.kept.length, `${c.name}: removed count`);
    await withLmdbMeta(dir, async (meta) => {
      const log = GenerationLog.open(meta, 1);
      t.same(log.all().map((x) => x.number), c.kept, `${c.name}: the same set after a reopen`);
      const full = [...meta.range<Generation>('generations', { start: [1], end: [2] })].map((e) => e.value.number);
      t.same(full, c.kept, `${c.name}: no full record left of a removed generation`);
      t.equal(GenerationLog.open(meta, 2).count, 1, `${c.name}: another network's generations stay`);
      t.equal(log.nextNumber, c.gens.length + 1, `${c.name}: numbers are not reused`);
      for (const k of c.kept) {
        const g = c.gens[k - 1]!;
        if (g.status !== 'completed') continue;
        t.equal(log.select({ timestampMs: g.completedAtMs! + 1 })?.number, k, `${c.name}: timestamp just after ${k} completed selects it`);
        t.equal(log.select({ generation: k })?.number, k, `${c.name}: generation ${k} by number`);
      }
      const gone = range(1, c.gens.length).filter((n) => !c.kept.includes(n));
      if (gone.length > 0) {
        try {
          log.select({ generation: gone[0]! });
          t.fail(`${c.name}: removed generation ${gone[0]} selected`);
        } catch (e) {
          t.ok(isAppError(e) && e.code === 'UNKNOWN_GENERATION', `${c.name}: a removed generation is UNKNOWN_GENERATION`);
          t.match((e as Error).message, /removed by the retention policy/, `${c.name}: saying it was removed`);
        }
      }
    });
  }
});

t.test('a second prune while one runs does nothing; the first removes what the policy says', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'netmon-retention-'));
  dirs.push(dir);
  await withLmdbMeta(dir, async (meta) => {
    const log = GenerationLog.open(meta, 1);
    for (const g of statuses([[1, 20, 'completed']])) await log.save(g);
    const policy = { keepLast: 5, keepForMs: 0 };
    const [a, b] = await Promise.all([log.prune(policy, 100_000, null), log.prune(policy, 100_000, null)]);
    t.same([a, b], [15, 0]);
    t.same(log.all().map((x) => x.number), range(16, 20));
  });
});

t.test('a failed removal lists its generations again; the next prune removes them', async (t) => {
  const inner = new MemoryMetaStore();
  let failNext = false;
  const meta: MetaStore = {
    get: (ns, key) => inner.get(ns, key),
    put: (ns, key, value) => inner.put(ns, key, value),
    remove: (ns, key) => inner.remove(ns, key),
    range: (ns, opts) => inner.range(ns, opts),
    update: (ns, key, fn) => inner.update(ns, key, fn),
    close: () => inner.close(),
    transaction: (fn) => {
      if (failNext) { failNext = false; return Promise.reject(new Error('disk full')); }
      return inner.transaction(fn);
    },
  };
  const log = GenerationLog.open(meta, 1);
  for (const g of statuses([[1, 6, 'completed']])) await log.save(g);
  failNext = true;
  await t.rejects(log.prune({ keepLast: 2, keepForMs: 0 }, 100_000, null), /disk full/);
  t.same(log.all().map((x) => x.number), range(1, 6), 'listed again, records untouched');
  t.equal(log.select({ generation: 1 })?.number, 1, 'and selectable');
  t.equal(await log.prune({ keepLast: 2, keepForMs: 0 }, 100_000, null), 4);
  t.same(GenerationLog.open(meta, 1).all().map((x) => x.number), [5, 6]);
});
