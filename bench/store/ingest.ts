/**
 * Benchmark of the embedded series store (not a test): steady ingest for 100k slots at a 60 s and
 * a 10 s grid step across an hour close, bytes on disk per point, and read latency of one slot and
 * of ten slots over 24 h (plus a 24 h rollup of every slot) after filling 24 h of 1-minute steps
 * for 10k slots. Time is synthetic (grid times are computed, not waited for); every loop is
 * bounded in count. Prints a table.
 *
 *   npx tsc -p . && node dist/bench/store/ingest.js [--quick] [--read-slots=N]
 *
 * --read-slots sets how many slots the 24 h read case fills (default 10000).
 *
 * Its values are a cheap synthetic walk, not the project's value mix: the figures judged against
 * the project's targets come from the harness benchmark (store-bench.ts, `npm run bench -- --only
 * store`). This script stays for the 10 s grid and the reopen time, which that one does not cover.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { openLmdbSeriesStore, type LmdbSeriesStore } from '../../store/series/lmdb-series.js';

const quick = process.argv.includes('--quick');
const readSlotsArg = process.argv.find((a) => a.startsWith('--read-slots='));
const readSlots = readSlotsArg ? Math.max(10, Math.min(200_000, Number(readSlotsArg.slice('--read-slots='.length)) || 10_000)) : 10_000;
const HOUR_MS = 3_600_000;
const T0 = Date.UTC(2026, 0, 1, 0, 0, 0);
const rows: [string, string][] = [];
const row = (name: string, value: string) => { rows.push([name, value]); console.error(`${name}: ${value}`); };

function tempDir(): string { return mkdtempSync(join(tmpdir(), 'store-bench-')); }
const fileBytes = (dir: string) => statSync(join(dir, 'data.mdb')).size;

/** A cheap deterministic walk per slot, so values are not all equal (matters once chunks compress). */
function fillValues(values: Float64Array, step: number): void {
  for (let s = 0; s < values.length; s++) values[s] = ((s * 7919 + step * 104_729) % 100_000) / 8;
}

/**
 * Appends `steps` steps of `slots` values every `stepMs`, flushing every `flushEvery` steps (the
 * timer's job in the server: about one flush per second of wall time at these rates).
 */
async function ingest(store: LmdbSeriesStore, slots: number, stepMs: number, steps: number, flushEvery: number, startMs = T0) {
  const ids = Int32Array.from({ length: slots }, (_, i) => i);
  const values = new Float64Array(slots);
  let appendMs = 0, flushMs = 0, worstFlushMs = 0;
  const stalls = monitorEventLoopDelay({ resolution: 5 });
  stalls.enable();
  const started = performance.now();
  for (let k = 0; k < steps; k++) {
    fillValues(values, k);
    const a = performance.now();
    store.appendStep(startMs + k * stepMs, ids, values);
    const b = performance.now();
    appendMs += b - a;
    if (k % flushEvery === flushEvery - 1 || k === steps - 1) {
      await store.flush();
      const f = performance.now() - b;
      flushMs += f;
      if (f > worstFlushMs) worstFlushMs = f;
    }
  }
  stalls.disable();
  return { totalMs: performance.now() - started, appendMs, flushMs, worstFlushMs, points: slots * steps, maxStallMs: stalls.max / 1e6 };
}

async function ingestCase(slots: number, stepMs: number, steps: number, flushEvery: number): Promise<void> {
  const dir = tempDir();
  try {
    const store = await openLmdbSeriesStore({ dir, flushIntervalMs: 3_600_000, closeGraceMs: 2 * stepMs });
    const r = await ingest(store, slots, stepMs, steps, flushEvery);
    // Close the last hour too, so that every point sits in chunks, then size the file.
    store.appendStep(T0 + 3 * HOUR_MS, Int32Array.of(0), Float64Array.of(0));
    await store.flush();
    const used = store.diskBytes();
    await store.close();
    const label = `${slots / 1000}k slots, ${stepMs / 1000} s step, ${steps} steps`;
    row(`ingest ${label}`, `${fmt(r.points / (r.totalMs / 1000))} points/s (append ${fmt(r.points / (r.appendMs / 1000))}/s; flushes ${r.flushMs.toFixed(0)} ms in all, longest ${r.worstFlushMs.toFixed(0)} ms; longest event-loop stall ${r.maxStallMs.toFixed(0)} ms)`);
    row(`disk ${label}`, `${(used.chunks / r.points).toFixed(1)} bytes/point in chunk pages; data.mdb ${(fileBytes(dir) / r.points).toFixed(1)} bytes/point (${(fileBytes(dir) / 1e6).toFixed(0)} MB, with free pages left by step blobs)`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function percentiles(samples: number[]): string {
  samples.sort((a, b) => a - b);
  const at = (p: number) => samples[Math.min(samples.length - 1, Math.floor(p * samples.length))];
  return `p50 ${at(0.5).toFixed(2)} ms, p99 ${at(0.99).toFixed(2)} ms (n=${samples.length})`;
}

async function readCase(slots: number, hours: number, samples: number): Promise<void> {
  const dir = tempDir();
  try {
    const store = await openLmdbSeriesStore({ dir, flushIntervalMs: 3_600_000, closeGraceMs: 2 * 60_000 });
    const stepMs = 60_000;
    const steps = hours * 60;
    const r = await ingest(store, slots, stepMs, steps, 10);
    row(`fill ${slots / 1000}k slots × ${hours} h of 1-min steps`, `${(r.totalMs / 1000).toFixed(1)} s (${fmt(r.points / (r.totalMs / 1000))} points/s), ${fmt(store.headPoints())} points still in the head`);
    const from = T0, to = T0 + steps * stepMs;
    let seed = 1;
    const pick = () => { seed = (seed * 48_271) % 2_147_483_647; return seed % slots; };
    let checked = 0;
    const one: number[] = [];
    for (let i = 0; i < samples; i++) {
      const slot = pick();
      const a = performance.now();
      const p = store.read(slot, from, to);
      one.push(performance.now() - a);
      checked += p.tsMs.length;
    }
    if (checked !== samples * steps) throw new Error(`read back ${checked} points, expected ${samples * steps}`);
    row(`read 1 slot × ${hours} h`, percentiles(one));
    const ten: number[] = [];
    for (let i = 0; i < samples / 4; i++) {
      const picked = Array.from({ length: 10 }, pick);
      const a = performance.now();
      for (const s of picked) store.read(s, from, to);
      ten.push(performance.now() - a);
    }
    row(`read 10 slots × ${hours} h`, percentiles(ten));
    const lastMs: number[] = [];
    for (let i = 0; i < samples; i++) {
      const a = performance.now();
      store.last(pick(), from, to);
      lastMs.push(performance.now() - a);
    }
    row('last() of 1 slot', percentiles(lastMs));
    const all = Int32Array.from({ length: slots }, (_, i) => i);
    const rollupMs: number[] = [];
    for (let i = 0; i < 3; i++) {
      const a = performance.now();
      store.rollup(all, from, to);
      rollupMs.push(performance.now() - a);
    }
    row(`rollup of all ${slots / 1000}k slots × ${hours} h`, `${Math.min(...rollupMs).toFixed(0)} ms (best of 3)`);
    const recentMs: number[] = [];
    for (let i = 0; i < 3; i++) {
      const a = performance.now();
      store.rollup(all, to - 90 * 60_000, to);
      recentMs.push(performance.now() - a);
    }
    row(`rollup of all ${slots / 1000}k slots × last 90 min (partial hour + head)`, `${Math.min(...recentMs).toFixed(0)} ms (best of 3)`);
    const reopenStart = performance.now();
    await store.close();
    const again = await openLmdbSeriesStore({ dir, flushIntervalMs: 3_600_000 });
    row('reopen (rebuild the head from step blobs)', `${(performance.now() - reopenStart).toFixed(0)} ms for ${fmt(again.headPoints())} head points`);
    await again.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const fmt = (n: number) => (n >= 1e6 ? `${(n / 1e6).toFixed(2)}M` : n >= 1e3 ? `${(n / 1e3).toFixed(1)}k` : n.toFixed(0));

if (quick) {
  await ingestCase(10_000, 60_000, 70, 1);
  await readCase(1_000, 3, 200);
} else {
  await ingestCase(100_000, 60_000, 70, 1);      // crosses the hour close at step 62
  await ingestCase(100_000, 10_000, 380, 6);     // 10 s grid, one flush per minute of grid time
  await readCase(readSlots, 24, 1000);
}

const width = Math.max(...rows.map((r) => r[0].length));
console.log(`\n${'measure'.padEnd(width)} | result`);
console.log(`${'-'.repeat(width)}-|-------`);
for (const [name, value] of rows) console.log(`${name.padEnd(width)} | ${value}`);
