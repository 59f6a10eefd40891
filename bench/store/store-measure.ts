/**
 * One run of the store benchmark, in a process of its own (started by store-bench.ts): fills an
 * embedded store in `--dir` with the value mix for `--slots` slots at a 60 s grid over
 * `--hours` hours and a half (synthetic clock: grid times are computed, never waited for), then
 * checks every value read back, times reads and rollups, sizes the data, and prints
 * `RESULT <json>` (a `StoreResult`). Every loop is bounded in count.
 *
 *   node dist/bench/store/store-measure.js --slots 10000 --hours 26 --dir <empty dir>
 */
import { readFileSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { join } from 'node:path';
import { HOUR_MS, hourStartOf } from '../../store/series/chunk-format.js';
import { openLmdbSeriesStore } from '../../store/series/lmdb-series.js';
import { topIndexes } from './series-top.js';
import { RESULT } from '../harness/process.js';
import { classOf, SeriesMix, type SeriesClass } from './series-mix.js';

export interface ClassBytes { chunks: number; points: number; bytes: number }

export interface StoreResult {
  slots: number;
  steps: number;
  points: number;
  /** Per steady hour (from the third on): points / seconds spent in appendStep + flush (hour closes included). */
  ingestPerHour: number[];
  /** Over the steady hours: ms in appendStep, in flushes writing step blobs only, and in flushes that closed an hour. */
  profileMs: { append: number; blobFlush: number; closeFlush: number; hours: number };
  /** Longest single flush (a step's blob, or a blob plus an hour close), ms. */
  worstFlushMs: number;
  /** data.mdb size after each hour's last flush, bytes. */
  fileBytesPerHour: number[];
  pointsPerHour: number;
  /** Hours whose growth is the steady-state figure: [from, to] indexes into fileBytesPerHour. */
  steadyFrom: number;
  fileBytesEnd: number;
  pages: { chunks: number; hourRollups: number; steps: number };
  pointsClosed: number;
  chunkBytes: Record<SeriesClass | 'all', ClassBytes>;
  mismatches: number;
  checked: number;
  checkMs: number;
  readOneP99Ms: number[];
  readTenP99Ms: number[];
  readOneP50Ms: number;
  readTenP50Ms: number;
  /** The same reads' CPU time (process user + system), p99 per sample: what a read costs when not preempted. */
  readOneCpuP99Ms: number[];
  readTenCpuP99Ms: number[];
  loadAverage: number[];
  /**
   * The same reads' wall time minus the time the thread spent runnable but waiting for a CPU
   * (Linux /proc/thread-self/schedstat), p99 per sample; empty without schedstat.
   */
  readOneOnCpuP99Ms: number[];
  readTenOnCpuP99Ms: number[];
  /** Share of the reads (1 and 10 variables) that waited for a CPU more than 0.1 ms. */
  readOneWaitedShare: number;
  readTenWaitedShare: number;
  /** last/min/max/top-10 over every slot: chunk-granular last hour (previous closed hour + open hour). */
  rollupMs: number[];
  /** The same over the exact window [now − 1 h, now] (a partial closed hour read point by point). */
  rollupExactMs: number[];
  top10: number[];
  headPoints: number;
  /** Retention: the oldest PRUNE_HOURS hours pruned while steps are appended and flushed. */
  prune: { hours: number; bytes: number; ms: number; maxStallMs: number; flushesDuring: number; worstFlushMs: number };
}

/** Hours removed by the retention phase (the oldest ones). */
const PRUNE_HOURS = 4;

const STEP_MS = 60_000;
/** Present when node runs with --expose-gc (the bench does): a full collection before each timed phase. */
const gc = (globalThis as { gc?: () => void }).gc;
const T0 = Date.UTC(2026, 0, 1, 0, 0, 0);

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}
const dirArg = process.argv[process.argv.indexOf('--dir') + 1];

/** Nanoseconds this thread has waited on a run queue so far, or NaN where the kernel does not say. */
function runQueueWaitMs(): number {
  try { return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[1]) / 1e6; } catch { return NaN; }
}

/**
 * Reads are issued one at a time with a pause of about 1 ms before each, as requests reach a
 * server, rather than in a CPU-bound loop that the kernel's scheduler would preempt as a batch job.
 */
const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 1));

const p99 = (xs: number[]): number => { const s = [...xs].sort((a, b) => a - b); return s[Math.max(0, Math.ceil(0.99 * s.length) - 1)]; };
const p50 = (xs: number[]): number => { const s = [...xs].sort((a, b) => a - b); return s[Math.max(0, Math.ceil(0.5 * s.length) - 1)]; };

async function main(): Promise<StoreResult> {
  const slots = arg('slots', 10_000);
  const hours = arg('hours', 26);
  const log = (line: string) => process.stderr.write(`    ${line}\n`);
  const steps = hours * 60 + 30; // ends half-way through an hour: the open hour holds 30 steps
  const fileOf = () => statSync(join(dirArg, 'data.mdb')).size;

  const store = await openLmdbSeriesStore({ dir: dirArg, flushIntervalMs: 3_600_000 });
  const mix = new SeriesMix(0, slots);
  const ids = Int32Array.from({ length: slots }, (_, i) => i);
  const values = new Float64Array(slots);
  const ingestPerHour: number[] = [];
  const fileBytesPerHour: number[] = [];
  let hourMs = 0, worstFlushMs = 0;
  const profileMs = { append: 0, blobFlush: 0, closeFlush: 0, hours: 0 };
  for (let k = 0; k < steps; k++) {
    mix.next(values);
    const a = performance.now();
    store.appendStep(T0 + k * STEP_MS, ids, values);
    const b = performance.now();
    const headBefore = store.headPoints();
    // One flush per step: the server's 1 s flush timer sees each 60 s step once.
    await store.flush();
    const c = performance.now();
    if (k >= 120) {
      profileMs.append += b - a;
      if (store.headPoints() < headBefore) profileMs.closeFlush += c - b;
      else profileMs.blobFlush += c - b;
    }
    hourMs += c - a;
    if (c - b > worstFlushMs && k >= 120) worstFlushMs = c - b;
    if (k % 60 === 59) {
      const h = (k + 1) / 60 - 1;
      if (h >= 2) { ingestPerHour.push((slots * 60) / (hourMs / 1000)); profileMs.hours++; }
      fileBytesPerHour.push(fileOf());
      log(`hour ${h}: ${((slots * 60) / (hourMs / 1000) / 1e6).toFixed(2)}M points/s, data.mdb ${(fileOf() / 1e6).toFixed(1)} MB`);
      hourMs = 0;
    }
  }
  const endMs = T0 + (steps - 1) * STEP_MS;
  const headPoints = store.headPoints();

  // Sizes of what is stored.
  const pages = store.diskBytes();
  const chunkBytes = {} as Record<SeriesClass | 'all', ClassBytes>;
  for (const c of ['idle', 'busy', 'status', 'gauge', 'all'] as const) chunkBytes[c] = { chunks: 0, points: 0, bytes: 0 };
  store.forEachChunk((_hour, slot, bytes) => {
    const points = bytes[0] === 3 ? (bytes[2] << 14) | (bytes[3] << 6) | (bytes[4] >>> 2) : new DataView(bytes.buffer, bytes.byteOffset).getUint32(4, true);
    for (const c of [chunkBytes[classOf(slot)], chunkBytes.all]) { c.chunks++; c.points += points; c.bytes += bytes.length; }
  });

  // Lossless: every value of every slot read back bit for bit, against the mix generated again.
  const checkStarted = performance.now();
  let mismatches = 0, checked = 0;
  const batch = Math.min(slots, 500);
  const expect = new Float64Array(batch * steps);
  const row = new Float64Array(batch);
  const bits = new BigUint64Array(1), bitsView = new Float64Array(bits.buffer);
  const same = (x: number, y: number) => { bitsView[0] = x; const bx = bits[0]; bitsView[0] = y; return bx === bits[0]; };
  for (let first = 0; first < slots; first += batch) {
    const n = Math.min(batch, slots - first);
    const again = new SeriesMix(first, n);
    for (let k = 0; k < steps; k++) { again.next(row); for (let i = 0; i < n; i++) expect[i * steps + k] = row[i]; }
    for (let i = 0; i < n; i++) {
      const p = store.read(first + i, T0, endMs);
      if (p.tsMs.length !== steps) { mismatches += Math.abs(steps - p.tsMs.length) || 1; continue; }
      for (let k = 0; k < steps; k++) {
        if (p.tsMs[k] !== T0 + k * STEP_MS || !same(p.values[k], expect[i * steps + k])) mismatches++;
      }
      checked += steps;
    }
  }
  const checkMs = performance.now() - checkStarted;
  log(`lossless check: ${checked} values, ${mismatches} differ, ${(checkMs / 1000).toFixed(1)} s`);

  // Reads of 24 h (the last 24 h: 23.5 closed hours and the open half hour).
  let seed = 7;
  const pick = () => { seed = (seed * 48_271) % 2_147_483_647; return seed % slots; };
  const from24 = endMs - 24 * HOUR_MS;
  const readOneP99Ms: number[] = [], readTenP99Ms: number[] = [], readOneCpuP99Ms: number[] = [], readTenCpuP99Ms: number[] = [];
  const allOne: number[] = [], allTen: number[] = [];
  const cpuMs = (c: NodeJS.CpuUsage) => (c.user + c.system) / 1000;
  const readOneOnCpuP99Ms: number[] = [], readTenOnCpuP99Ms: number[] = [];
  let oneWaited = 0, tenWaited = 0;
  const hasSchedstat = !Number.isNaN(runQueueWaitMs());
  const picked = new Int32Array(10);
  gc?.();
  for (let rep = 0; rep < 5; rep++) {
    const one: number[] = [], ten: number[] = [], oneCpu: number[] = [], tenCpu: number[] = [], oneOn: number[] = [], tenOn: number[] = [];
    for (let i = 0; i < 400; i++) {
      const s = pick();
      await pause();
      const w = runQueueWaitMs();
      const c = process.cpuUsage();
      const a = performance.now();
      store.read(s, from24, endMs);
      const wall = performance.now() - a;
      oneCpu.push(cpuMs(process.cpuUsage(c)));
      const waited = runQueueWaitMs() - w;
      one.push(wall);
      oneOn.push(wall - waited);
      if (waited > 0.1) oneWaited++;
    }
    for (let i = 0; i < 200; i++) {
      for (let j = 0; j < 10; j++) picked[j] = pick();
      await pause();
      const w = runQueueWaitMs();
      const c = process.cpuUsage();
      const a = performance.now();
      for (let j = 0; j < 10; j++) store.read(picked[j], from24, endMs);
      const wall = performance.now() - a;
      tenCpu.push(cpuMs(process.cpuUsage(c)));
      const waited = runQueueWaitMs() - w;
      ten.push(wall);
      tenOn.push(wall - waited);
      if (waited > 0.1) tenWaited++;
    }
    readOneP99Ms.push(p99(one)); readTenP99Ms.push(p99(ten));
    readOneCpuP99Ms.push(p99(oneCpu)); readTenCpuP99Ms.push(p99(tenCpu));
    if (hasSchedstat) { readOneOnCpuP99Ms.push(p99(oneOn)); readTenOnCpuP99Ms.push(p99(tenOn)); }
    allOne.push(...one); allTen.push(...ten);
  }

  // last/min/max/top-10 over every slot for the last hour.
  const all = Int32Array.from({ length: slots }, (_, i) => i);
  const rollupMs: number[] = [], rollupExactMs: number[] = [];
  let top10: number[] = [];
  gc?.();
  for (let rep = 0; rep < 7; rep++) {
    const a = performance.now();
    const r = store.rollup(all, hourStartOf(endMs) - HOUR_MS, endMs);
    top10 = Array.from(topIndexes(r.max, 10));
    rollupMs.push(performance.now() - a);
  }
  for (let rep = 0; rep < 3; rep++) {
    const a = performance.now();
    const r = store.rollup(all, endMs - HOUR_MS, endMs);
    topIndexes(r.max, 10);
    rollupExactMs.push(performance.now() - a);
  }
  // Retention: the oldest hours pruned (series.pruneBefore) while the open hour takes a step and
  // a flush after each other (at most 25: they stay in the open hour), as the poller's would.
  gc?.();
  const stall = monitorEventLoopDelay({ resolution: 1 });
  stall.enable();
  let pruneDone = false, flushesDuring = 0, worstPruneFlushMs = 0;
  const pa = performance.now();
  const pruning = store.pruneBefore(T0 + PRUNE_HOURS * HOUR_MS).finally(() => { pruneDone = true; });
  for (let j = 0; j < 25 && !pruneDone; j++) {
    mix.next(values);
    store.appendStep(T0 + (steps + j) * STEP_MS, ids, values);
    const a = performance.now();
    await store.flush();
    worstPruneFlushMs = Math.max(worstPruneFlushMs, performance.now() - a);
    flushesDuring++;
  }
  const pruned = await pruning;
  const pruneMs = performance.now() - pa;
  stall.disable();
  const prune = { hours: pruned.hours, bytes: pruned.bytes, ms: pruneMs, maxStallMs: stall.max / 1e6, flushesDuring, worstFlushMs: worstPruneFlushMs };
  log(`pruned ${pruned.hours} hours (${(pruned.bytes / 1e6).toFixed(1)} MB) in ${pruneMs.toFixed(0)} ms; ${flushesDuring} flushes meanwhile`);
  await store.close();

  const pointsClosed = chunkBytes.all.points;
  return {
    slots, steps, points: slots * steps, ingestPerHour, profileMs, worstFlushMs, fileBytesPerHour, pointsPerHour: slots * 60,
    steadyFrom: 3, fileBytesEnd: fileOf(), pages, pointsClosed, chunkBytes, mismatches, checked, checkMs,
    readOneP99Ms, readTenP99Ms, readOneP50Ms: p50(allOne), readTenP50Ms: p50(allTen), readOneCpuP99Ms, readTenCpuP99Ms, loadAverage: loadavg(),
    readOneOnCpuP99Ms, readTenOnCpuP99Ms, readOneWaitedShare: oneWaited / 2000, readTenWaitedShare: tenWaited / 1000, rollupMs, rollupExactMs, top10, headPoints, prune,
  };
}

main().then(
  (r) => { process.stdout.write(`${RESULT}${JSON.stringify(r)}\n`); },
  (e) => { process.stderr.write(`${(e as Error).stack}\n`); process.exitCode = 1; },
);
