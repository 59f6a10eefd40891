import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import t, { type Test } from 'tap';
import { isAppError } from '../../core/errors.js';
import { openLmdbSeriesStore } from '../../store/series/lmdb-series.js';
import { MemorySeriesStore } from '../../store/series/memory-series.js';
import { openEmbeddedStore } from '../../store/open-store.js';
import type { SeriesStore } from '../../store/series/series.js';
import { SLOTS, STEP_MS, T0 as KILL_T0 } from './fixtures/kill-writer.js';
import { H, M, prng, T0 } from './series-conformance.js';

const dirs: string[] = [];
const tempDir = () => { const d = mkdtempSync(join(tmpdir(), 'store-dur-')); dirs.push(d); return d; };
t.teardown(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });

/** Appends the same seeded workload (5 hours, 50 slots, some late and repeated steps) to every store given. */
function workload(stores: SeriesStore[], hours: number): void {
  const rnd = prng(7);
  for (let k = 0; k < hours * 60; k++) {
    const at = T0 + k * M - (rnd() < 0.1 ? Math.floor(rnd() * 3) * M : 0);
    const slots = Int32Array.from({ length: 50 }, (_, i) => i);
    const values = Float64Array.from(slots, () => (rnd() < 0.05 ? NaN : Math.floor(rnd() * 1e6) / 8));
    for (const s of stores) s.appendStep(at, slots, values);
  }
}

function sameAsReference(t: Test, store: SeriesStore, ref: SeriesStore, when: string): void {
  let bad = 0;
  for (let slot = 0; slot < 52; slot++) {
    const a = store.read(slot, 0, T0 + 10 * H), b = ref.read(slot, 0, T0 + 10 * H);
    if (JSON.stringify([...a.tsMs, ...a.values]) !== JSON.stringify([...b.tsMs, ...b.values])) bad++;
  }
  t.equal(bad, 0, `${when}: every slot reads back equal to the reference`);
}


t.test('write, close, reopen: closed hours and the head read back equal', async (t) => {
  const dir = tempDir();
  const ref = new MemorySeriesStore();
  const store = await openLmdbSeriesStore({ dir, flushIntervalMs: 60_000 });
  workload([store, ref], 5);
  await store.flush();
  const headBefore = store.headPoints();
  t.ok(headBefore > 0 && headBefore < 50 * 60 * 2, 'after a flush only the last hour(s) stay in the head');
  sameAsReference(t, store, ref, 'before close');
  await store.close();

  const again = await openLmdbSeriesStore({ dir, flushIntervalMs: 60_000 });
  t.equal(again.headPoints(), headBefore, 'the head is rebuilt from the step blobs');
  sameAsReference(t, again, ref, 'after reopen');
  // Go on where it stopped: a late step for a closed hour and a new hour, then once more.
  const late = { at: T0 + 30 * M, slots: Int32Array.of(3, 51), values: Float64Array.of(-1, -2) };
  for (const s of [again, ref]) s.appendStep(late.at, late.slots, late.values);
  await again.close();
  const third = await openLmdbSeriesStore({ dir, flushIntervalMs: 60_000 });
  sameAsReference(t, third, ref, 'after a late step and a second reopen');
  await third.close();
});

t.test('the hour close moves points out of the head into chunks', async (t) => {
  const store = await openLmdbSeriesStore({ dir: tempDir(), flushIntervalMs: 60_000, closeGraceMs: 2 * M });
  const slots = Int32Array.of(0, 1, 2);
  const cases: { at: number; headAfterFlush: number }[] = [
    { at: T0, headAfterFlush: 3 },
    { at: T0 + 59 * M, headAfterFlush: 6 },
    { at: T0 + H, headAfterFlush: 9 },          // the next hour opened; the first is within grace
    { at: T0 + H + M, headAfterFlush: 12 },
    { at: T0 + H + 2 * M, headAfterFlush: 9 },  // grace over: the first hour closed
    { at: T0 + 3 * H, headAfterFlush: 3 },      // both earlier hours closed
  ];
  for (const c of cases) {
    store.appendStep(c.at, slots, Float64Array.of(1, 2, 3));
    await store.flush();
    t.equal(store.headPoints(), c.headAfterFlush, `head points after the step at +${(c.at - T0) / M} min`);
  }
  t.equal(store.read(1, T0, T0 + 4 * H).tsMs.length, 6, 'all points readable');
  await store.close();
});

t.test('metadata survives close and reopen', async (t) => {
  const dir = tempDir();
  const a = await openEmbeddedStore({ dataDir: dir });
  await a.meta.put('views', ['net', 1], { name: 'core' });
  await a.meta.put('views', ['net', 2], { name: 'edge' });
  await a.meta.remove('views', ['net', 1]);
  await a.close();
  const b = await openEmbeddedStore({ dataDir: dir });
  t.same([...b.meta.range('views')], [{ key: ['net', 2], value: { name: 'edge' } }]);
  await b.close();
});

t.test('openEmbeddedStore creates the data directory, and names it when it cannot', async (t) => {
  const nested = join(tempDir(), 'a', 'b', 'data');
  const s = await openEmbeddedStore({ dataDir: nested });
  s.series.appendStep(T0, Int32Array.of(0), Float64Array.of(1));
  await s.close();
  const again = await openEmbeddedStore({ dataDir: nested });
  t.same([...again.series.read(0, T0, T0).values], [1]);
  await again.close();

  const file = join(tempDir(), 'not-a-dir');
  writeFileSync(file, 'x');
  const err = await openEmbeddedStore({ dataDir: join(file, 'data') }).then(() => null, (e: unknown) => e);
  t.ok(isAppError(err) && err.code === 'INTERNAL', 'fails with INTERNAL');
  t.match((err as Error).message, file, 'the message names the path');
});

/** Reopens a killed child's directory and checks what it must hold. */
async function checkAfterKill(t: Test, dir: string, flushed: number): Promise<void> {
  const store = await openEmbeddedStore({ dataDir: dir });
  const steps = new Set<number>();
  let wrong = 0;
  for (let s = 0; s < SLOTS; s++) {
    const p = store.series.read(s, KILL_T0, KILL_T0 + 10_000 * STEP_MS);
    steps.add(p.tsMs.length);
    for (let k = 0; k < p.tsMs.length; k++) {
      if (p.tsMs[k] !== KILL_T0 + k * STEP_MS || p.values[k] !== k * 10_000 + s) wrong++;
    }
  }
  const [n] = [...steps];
  t.equal(steps.size, 1, 'every slot holds the same number of steps');
  t.ok(n >= flushed + 1, `the store holds ${n} steps, at least the ${flushed + 1} flushed`);
  t.equal(wrong, 0, 'each slot holds the steps 0..n-1 with their exact values (no hole)');
  t.ok((store.meta.get<number>('kv', 'progress') ?? -1) >= flushed, 'the metadata written before the last print is there');

  store.series.appendStep(KILL_T0 + n * STEP_MS, Int32Array.of(0), Float64Array.of(42));
  await store.close();
  const again = await openEmbeddedStore({ dataDir: dir });
  t.same(again.series.last(0, 0, Number.MAX_SAFE_INTEGER), { tsMs: KILL_T0 + n * STEP_MS, value: 42 }, 'still writable after the crash');
  await again.close();
}

const killScript = fileURLToPath(new URL('./fixtures/kill-writer.js', import.meta.url));

/** Runs the child; resolves with the last step it reported flushed once `stop` says so or it exits. */
function runChild(args: string[], stop: (flushed: number) => boolean): { child: ReturnType<typeof spawn>; reached: Promise<number>; exited: Promise<void> } {
  const child = spawn(process.execPath, [killScript, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  let flushed = -1;
  // Keep reading every line (a closed pipe would kill the child with EPIPE instead of SIGKILL).
  const reached = new Promise<number>((resolve) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const m = /^flushed (\d+)$/.exec(line);
      if (m) flushed = Number(m[1]);
      if (stop(flushed)) resolve(flushed);
    });
    child.on('exit', () => resolve(flushed));
  });
  return { child, reached, exited };
}

/**
 * A real kill -9: a child process appends and flushes; it is killed at a few different points
 * (mid-hour, around hour closes); the reopened store must hold every step up to the last
 * "flushed k" it printed, each slot a prefix of steps with exact values, and stay writable.
 */
const killPoints = [
  { killAfter: 20, delayMs: 0 },
  { killAfter: 55, delayMs: 30 },   // the child goes on past the first hour close (step 65)
  { killAfter: 62, delayMs: 5 },    // around that close, cut in 12 transactions
  { killAfter: 120, delayMs: 20 },
  { killAfter: 125, delayMs: 10 },
];
for (const { killAfter, delayMs } of killPoints) {
  t.test(`kill -9 ${delayMs} ms after step ${killAfter} was flushed`, async (t) => {
    const dir = tempDir();
    const { child, reached, exited } = runChild([dir], (flushed) => flushed >= killAfter);
    await reached;
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    child.kill('SIGKILL');
    await exited;
    t.equal(child.signalCode, 'SIGKILL', 'the child was killed, not finished');
    await checkAfterKill(t, dir, await reached);
  });
}

/**
 * Deterministic crashes at chosen write transactions. With explicit flushes every 7 steps and no
 * close grace, the flush after step 62 writes the step blobs (write 8, holding steps 56–59 of the
 * first hour and 60–62 of the next), then closes the first hour in 12 slices (writes 9–20).
 */
const dieAtWrites = [
  { write: 8, what: 'before the step blobs of the closing hour are written' },
  { write: 9, what: 'before the first close slice' },
  { write: 14, what: 'in the middle of the hour close' },
  { write: 20, what: 'before the last close slice (rollup, blob deletion)' },
  { write: 21, what: 'right after the close' },
];
for (const d of dieAtWrites) {
  t.test(`crash at write ${d.write}: ${d.what}`, async (t) => {
    const dir = tempDir();
    const { child, reached, exited } = runChild([dir, '--die-at-write', String(d.write)], () => false);
    await exited;
    t.equal(child.signalCode, 'SIGKILL', 'the child killed itself');
    const flushed = await reached;
    t.ok(flushed >= 6 * (d.write >= 9 ? 8 : 1), `the child reported step ${flushed} flushed`);
    await checkAfterKill(t, dir, flushed);
  });
}
