/**
 * Series retention on a real LMDB store (store/series/series-pruner.ts over
 * LmdbSeriesStore.pruneBefore), with an injected clock: hours older than now − retention go, the
 * recent ones stay and read exactly as written, one log line per pass, and the pages the pruned
 * hours held are reused — writing as much again does not grow the data file.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { createLogger } from '../../core/logger.js';
import { HOUR_MS } from '../../store/series/chunk-format.js';
import { openLmdbSeriesStore, type LmdbSeriesStore } from '../../store/series/lmdb-series.js';
import { SeriesPruner } from '../../store/series/series-pruner.js';
import { ManualClock } from '../fakes/clock.js';

const M = 60_000;
const H0 = Date.UTC(2026, 0, 1, 0);
const SLOTS = 1500;
const STEPS_PER_HOUR = 60;

/** The value written for a slot at a time: full-precision noise (about 7 bytes a point), computed again by the checks. */
const valueOf = (slot: number, tsMs: number): number => {
  const x = Math.sin(slot * 12.9898 + tsMs / M * 78.233) * 43758.5453;
  return x - Math.floor(x) + slot;
};

/** Appends every slot at every minute of hours [fromHour, toHour) (hour indexes from H0), flushing each hour. */
async function writeHours(store: LmdbSeriesStore, clock: ManualClock, fromHour: number, toHour: number): Promise<void> {
  const slots = Int32Array.from({ length: SLOTS }, (_, i) => i);
  const values = new Float64Array(SLOTS);
  for (let h = fromHour; h < toHour; h++) {
    for (let k = 0; k < STEPS_PER_HOUR; k++) {
      const ts = H0 + h * HOUR_MS + k * M;
      for (let s = 0; s < SLOTS; s++) values[s] = valueOf(s, ts);
      store.appendStep(ts, slots, values);
      clock.now = ts;
    }
    await store.flush();
  }
}

/** Slots whose every point of one hour is checked against valueOf. */
const SAMPLE_SLOTS = [0, 1, 777, SLOTS - 1];

t.test('retention on LMDB: old hours go, recent ones read as written, freed pages are reused', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'retention-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const clock = new ManualClock(H0);
  const lines: string[] = [];
  const logger = createLogger({ write: (l) => lines.push(l) });
  const store = await openLmdbSeriesStore({ dir, clock, flushIntervalMs: 3_600_000, minFreeBytes: 0 });
  t.teardown(() => store.close().catch(() => {}));
  const retentionMs = 4 * HOUR_MS;
  const pruner = new SeriesPruner({ series: store, retentionMs: () => retentionMs, intervalMs: () => HOUR_MS, clock, logger });

  // 10 hours written: hours 0..8 closed (hour 9 is the open one: its close waits for a later grid time).
  await writeHours(store, clock, 0, 10);
  const file = join(dir, 'data.mdb');
  const sizeBeforePrune = statSync(file).size;
  const chunkBytesPerHour = store.diskBytes().chunks / 9;
  t.ok(chunkBytesPerHour > 256 << 10, `an hour's chunks take over 256 KiB (${Math.round(chunkBytesPerHour / 1024)} KiB), so reuse is measurable`);

  // now = start of hour 10 (+59 min); cutoff = now − 4 h lies in hour 5: hours 0..4 go, 5..9 stay.
  clock.now = H0 + 10 * HOUR_MS - M;
  const cutoffMs = clock.now - retentionMs;
  const expectPruned = Math.floor((cutoffMs - H0) / HOUR_MS);
  t.equal(expectPruned, 5, 'the cutoff lies in hour 5');
  const pass = await pruner.pruneNow();
  t.equal(pass.hours, expectPruned, 'the pass removed hours 0..4');
  t.equal(pass.cutoffMs, cutoffMs);
  t.ok(pass.bytes >= expectPruned * chunkBytesPerHour * 0.9, `the pass reports the bytes of the removed chunks (${pass.bytes})`);

  const st = pruner.status();
  t.same(
    [st.lastPassHours, st.hoursPruned, st.bytesFreed, st.oldestHourKeptMs, st.retentionMs, st.running, st.lastError, st.lastPassAtMs],
    [5, 5, pass.bytes, H0 + 5 * HOUR_MS, retentionMs, false, '', clock.now],
    'status: the last pass, totals, the oldest hour kept',
  );
  const passLines = lines.filter((l) => l.includes('series retention pass'));
  t.equal(passLines.length, 1, 'one log line per pass');
  t.match(passLines[0], /hoursPruned=5 bytesFreed=\d+ .*oldestHourKept=2026-01-01T05:00:00\.000Z/);

  // Reads of pruned times answer empty (never an error); the kept hours read exactly as written.
  for (const slot of SAMPLE_SLOTS) {
    t.equal(store.read(slot, H0, H0 + 5 * HOUR_MS - 1).tsMs.length, 0, `slot ${slot}: hours 0..4 read empty`);
    t.equal(store.last(slot, H0, H0 + 5 * HOUR_MS - 1), null, `slot ${slot}: no last point before hour 5`);
  }
  const r0 = store.rollup(SAMPLE_SLOTS, H0, H0 + 5 * HOUR_MS - 1);
  t.same(Array.from(r0.count), SAMPLE_SLOTS.map(() => 0), 'rollups of the pruned hours: no points');
  let mismatches = 0, points = 0;
  for (const slot of SAMPLE_SLOTS) {
    const got = store.read(slot, H0 + 5 * HOUR_MS, H0 + 10 * HOUR_MS - 1);
    points += got.tsMs.length;
    for (let i = 0; i < got.tsMs.length; i++) {
      const want = H0 + 5 * HOUR_MS + i * M;
      if (got.tsMs[i] !== want || !Object.is(got.values[i], valueOf(slot, want))) mismatches++;
    }
  }
  t.equal(points, SAMPLE_SLOTS.length * 5 * STEPS_PER_HOUR, 'every point of hours 5..9 is there');
  t.equal(mismatches, 0, 'and reads bit for bit as written');
  const all = Int32Array.from({ length: SLOTS }, (_, i) => i);
  const r = store.rollup(all, H0 + 5 * HOUR_MS, H0 + 9 * HOUR_MS - 1);
  t.ok(Array.from(r.count).every((c) => c === 4 * STEPS_PER_HOUR), 'rollups of the kept closed hours count every point');

  // Writing 4 more hours (fewer than the 5 freed) reuses the freed pages: the file does not grow.
  await writeHours(store, clock, 10, 14);
  const sizeAfter = statSync(file).size;
  t.ok(store.diskBytes().chunks > 8 * chunkBytesPerHour * 0.9, 'the store holds hours 5..12 closed');
  t.ok(sizeAfter <= sizeBeforePrune, `data file ${sizeAfter} bytes after writing again, ${sizeBeforePrune} before pruning: not grown`);

  // The next pass (now in hour 13: cutoff in hour 9) removes hours 5..8 only.
  const second = await pruner.pruneNow();
  t.equal(second.hours, 4, 'the next pass removes hours 5..8');
  t.same([pruner.status().hoursPruned, pruner.status().oldestHourKeptMs], [9, H0 + 9 * HOUR_MS], 'totals and oldest hour follow');
  t.equal(lines.filter((l) => l.includes('series retention pass')).length, 2, 'one more log line');
});

t.test('the pruner: a pass at start, then periodic; pruneNow during a pass joins it; stop waits', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'retention-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const clock = new ManualClock(H0);
  const store = await openLmdbSeriesStore({ dir, clock, flushIntervalMs: 3_600_000, minFreeBytes: 0 });
  t.teardown(() => store.close().catch(() => {}));
  store.appendStep(H0, Int32Array.of(0), Float64Array.of(1));
  store.appendStep(H0 + 3 * HOUR_MS, Int32Array.of(0), Float64Array.of(2));
  await store.flush();
  clock.now = H0 + 3 * HOUR_MS;
  let retentionMs = 2 * HOUR_MS;
  const pruner = new SeriesPruner({ series: store, retentionMs: () => retentionMs, intervalMs: () => HOUR_MS, clock, logger: createLogger({ write: () => {} }) });
  pruner.start();
  const a = pruner.pruneNow();
  const b = pruner.pruneNow();
  t.equal(a, b, 'a call during a pass gets that pass');
  t.equal((await a).hours, 1, 'the start pass removes hour 0');
  await new Promise((resolve) => setImmediate(resolve));
  t.equal(pruner.status().nextPassAtMs, clock.now + HOUR_MS, 'the next pass is due an interval later');
  retentionMs = 10 * HOUR_MS;
  t.equal(pruner.status().retentionMs, 10 * HOUR_MS, 'the retention is read live');
  await pruner.stop();
  t.equal(pruner.status().nextPassAtMs, null, 'stopped: no next pass');
  t.same(Array.from(store.read(0, 0, H0 + 5 * HOUR_MS).values), [2], 'the recent point stays');
});

t.test('control: without the pass, the same writes grow the data file (so the reuse above is real)', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'retention-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const clock = new ManualClock(H0);
  const store = await openLmdbSeriesStore({ dir, clock, flushIntervalMs: 3_600_000, minFreeBytes: 0 });
  t.teardown(() => store.close().catch(() => {}));
  await writeHours(store, clock, 0, 10);
  const before = statSync(join(dir, 'data.mdb')).size;
  await writeHours(store, clock, 10, 14);
  const after = statSync(join(dir, 'data.mdb')).size;
  t.ok(after > before, `data file ${before} → ${after} bytes`);
});

t.test('a prune does not hold up appends, flushes and reads: a flush asked during it is done before it ends', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'retention-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const clock = new ManualClock(H0);
  const store = await openLmdbSeriesStore({ dir, clock, flushIntervalMs: 3_600_000, minFreeBytes: 0 });
  t.teardown(() => store.close().catch(() => {}));
  // 9000 slots: each hour's chunks take 3 delete transactions of 4096 keys.
  const n = 9000;
  const slots = Int32Array.from({ length: n }, (_, i) => i);
  const values = new Float64Array(n);
  for (let h = 0; h < 4; h++) {
    for (let k = 0; k < 6; k++) {
      const ts = H0 + h * HOUR_MS + k * 10 * M;
      for (let s = 0; s < n; s++) values[s] = valueOf(s, ts);
      store.appendStep(ts, slots, values);
    }
    await store.flush();
  }
  const order: string[] = [];
  const pruning = store.pruneBefore(H0 + 3 * HOUR_MS).then((r) => { order.push('prune'); return r; });
  const ts = H0 + 3 * HOUR_MS + 55 * M;
  values.fill(42);
  store.appendStep(ts, slots, values);
  t.equal(store.valuesAt(Int32Array.of(0, n - 1), ts)[1], 42, 'an append during the prune reads back at once');
  t.same(Array.from(store.read(5, H0 + 3 * HOUR_MS, H0 + 4 * HOUR_MS).tsMs).slice(-1), [ts], 'a read of kept hours answers during the prune');
  t.equal(store.read(5, H0, H0 + HOUR_MS - 1).tsMs.length, 0, 'the hour being pruned already reads empty');
  await store.flush().then(() => order.push('flush'));
  t.equal((await pruning).hours, 3, 'the prune removed hours 0..2');
  t.same(order, ['flush', 'prune'], 'the flush asked during the prune finished first');
  t.same(Array.from(store.read(n - 1, 0, H0 + 4 * HOUR_MS).tsMs), [0, 1, 2, 3, 4, 5].map((k) => H0 + 3 * HOUR_MS + k * 10 * M).concat([ts]), 'hour 3 and the new point are intact');
});

t.test('a store closed during a prune: the prune stops between transactions, resolves, and the next open finishes it', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'retention-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const clock = new ManualClock(H0);
  let store = await fiveHours(dir, clock);
  const pruning = store.pruneBefore(H0 + 4 * HOUR_MS);
  await store.close();
  const partial = await pruning;
  t.ok(partial.hours < 4, `the prune stopped early (${partial.hours} of 4 hours)`);
  store = await openLmdbSeriesStore({ dir, clock, flushIntervalMs: 3_600_000, minFreeBytes: 0 });
  t.teardown(() => store.close().catch(() => {}));
  const rest = await store.pruneBefore(H0 + 4 * HOUR_MS);
  t.equal(partial.hours + rest.hours, 4, 'the next prune removes the hours left (one cut short is found again)');
  t.same([store.read(0, 0, H0 + 4 * HOUR_MS - 1).tsMs.length, store.read(0, H0 + 4 * HOUR_MS, H0 + 5 * HOUR_MS).tsMs.length], [0, 6], 'hours 0..3 gone, hour 4 intact');
  t.equal(store.oldestHourMs(), H0 + 4 * HOUR_MS);
});

/** Five hours of 9000 slots (each hour's chunks take several transactions), flushed; the store open. */
async function fiveHours(dir: string, clock: ManualClock): Promise<LmdbSeriesStore> {
  const store = await openLmdbSeriesStore({ dir, clock, flushIntervalMs: 3_600_000, minFreeBytes: 0 });
  const n = 9000;
  const slots = Int32Array.from({ length: n }, (_, i) => i);
  const values = new Float64Array(n).fill(1);
  for (let h = 0; h < 5; h++) {
    for (let k = 0; k < 6; k++) store.appendStep(H0 + h * HOUR_MS + k * 10 * M, slots, values);
    await store.flush();
  }
  return store;
}

t.test('an aborted prune stops between transactions, resolves, and the next call finishes it (the store stays open)', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'retention-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const store = await fiveHours(dir, new ManualClock(H0));
  t.teardown(() => store.close().catch(() => {}));
  const abort = new AbortController();
  const pruning = store.pruneBefore(H0 + 4 * HOUR_MS, abort.signal);
  abort.abort();
  const partial = await pruning;
  t.ok(partial.hours < 4, `the prune stopped early (${partial.hours} of 4 hours)`);
  t.ok(store.read(0, 0, H0 + 4 * HOUR_MS - 1).tsMs.length > 0 || store.oldestHourMs()! < H0 + 4 * HOUR_MS, 'old hours are left');
  const rest = await store.pruneBefore(H0 + 4 * HOUR_MS);
  t.equal(partial.hours + rest.hours, 4, 'the next prune removes the hours left');
  t.same([store.read(0, 0, H0 + 4 * HOUR_MS - 1).tsMs.length, store.read(0, H0 + 4 * HOUR_MS, H0 + 5 * HOUR_MS).tsMs.length], [0, 6], 'hours 0..3 gone, hour 4 intact');
});

t.test('SeriesPruner.stop aborts the pass in progress; the next start resumes it', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'retention-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const clock = new ManualClock(H0 + 5 * HOUR_MS);
  const store = await fiveHours(dir, clock);
  t.teardown(() => store.close().catch(() => {}));
  const lines: string[] = [];
  const logger = createLogger({ write: (l) => lines.push(l) });
  // Retention 1 h at the start of hour 5: hours 0..3 go.
  const opts = { series: store, retentionMs: () => HOUR_MS, intervalMs: () => HOUR_MS, clock, logger };
  const first = new SeriesPruner(opts);
  first.start();
  t.equal(first.status().running, true, 'start() began a pass');
  await first.stop();
  const cut = first.status();
  t.equal(cut.running, false);
  t.ok(cut.lastPassHours < 4, `the stop cut the pass short (${cut.lastPassHours} of 4 hours)`);
  t.ok(lines.some((l) => l.includes('stopped by the server stop')), 'the cut pass is logged as such');
  const second = new SeriesPruner(opts);
  const resumed = await second.pruneNow();
  t.equal(cut.lastPassHours + resumed.hours, 4, 'the next pass removes the hours left');
  t.equal(store.oldestHourMs(), H0 + 4 * HOUR_MS, 'hour 4 is the oldest kept');
});
