import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { openEmbeddedStore, type EmbeddedStore } from '../../store/open-store.js';
import { waitFor } from '../fakes/helpers.js';
import { canMount, fillUp, mountTmpfs, resizeTmpfs } from '../fakes/tmpfs.js';

/**
 * The embedded store on a real tmpfs that fills up: flushes and metadata writes reject with
 * STORE_WRITE_FAILED (nothing unhandled), the store says why, appended points stay readable from
 * memory (up to the bound; past it whole steps are dropped and counted), and once the file system
 * is enlarged the store's own timer writes what it held. Everything acknowledged (a flush that
 * resolved) and everything held reads back, also after reopening; nothing dropped does.
 */
const SLOTS = 2000;
/** The store's free-space reserve here (the default, 64 MiB, is more than this tmpfs). */
const RESERVE_BYTES = 2 << 20;
const STEP_MS = 10_000;
const T0 = Date.UTC(2026, 0, 1, 10, 0, 0);
const slots = Int32Array.from({ length: SLOTS }, (_, i) => i);
const valueOf = (k: number, slot: number) => k * 1000 + slot;
const stepValues = (k: number) => Float64Array.from(slots, (s) => valueOf(k, s));

const unhandled: unknown[] = [];
process.on('unhandledRejection', (e) => { unhandled.push(e); });

/** Steps 0..steps-1 seen in the store: 'all' (every slot, exact values), 'none', or 'partial'. */
function presence(store: EmbeddedStore, steps: number): ('all' | 'none' | 'partial')[] {
  const seen = Array.from({ length: steps }, () => 0);
  let wrong = 0;
  for (let slot = 0; slot < SLOTS; slot++) {
    const r = store.series.read(slot, T0, T0 + steps * STEP_MS);
    for (let i = 0; i < r.tsMs.length; i++) {
      const k = (r.tsMs[i] - T0) / STEP_MS;
      if (r.values[i] !== valueOf(k, slot)) wrong++;
      else seen[k]++;
    }
  }
  if (wrong > 0) return seen.map(() => 'partial');
  return seen.map((n) => (n === SLOTS ? 'all' : n === 0 ? 'none' : 'partial'));
}

const cases = [
  { name: 'points appended while the disk is full are held and written when space returns', maxUnwrittenPoints: 1_000_000, stepsWhileFull: 8, drops: false },
  { name: 'past the bound, whole steps are dropped and counted', maxUnwrittenPoints: 3 * SLOTS, stepsWhileFull: 8, drops: true },
];

for (const c of cases) {
  t.test(c.name, { timeout: 180_000 }, async (t) => {
    if (!canMount(t, 'full-disk store test')) return;
    const mnt = mountTmpfs(t, 20, 'netmon-full-');
    const dataDir = join(mnt, 'data');
    const store = await openEmbeddedStore({ dataDir, flushIntervalMs: 100, maxUnwrittenPoints: c.maxUnwrittenPoints, minFreeBytes: RESERVE_BYTES });
    let closed = false;
    t.teardown(async () => { if (!closed) await store.close().catch(() => {}); });

    let k = 0;
    for (; k < 10; k++) store.series.appendStep(T0 + k * STEP_MS, slots, stepValues(k));
    await store.series.flush();
    await store.meta.put('t', 'before', { kept: true });
    t.ok(store.status().writable, 'writable before the fill');

    t.comment(`filler: ${fillUp(mnt)} bytes; ${readdirSync(dataDir).join(', ')}`);
    // Bounded: the first flush below the reserve fails, whatever LMDB could still fit in free pages of its file.
    let acknowledged = k;
    let failure: unknown;
    for (; k < 500 && failure === undefined; k++) {
      store.series.appendStep(T0 + k * STEP_MS, slots, stepValues(k));
      try { await store.series.flush(); acknowledged = k + 1; } catch (e) { failure = e; }
    }
    t.match(failure, { code: 'STORE_WRITE_FAILED', message: /no space left on the file system/ }, `a flush fails after ${acknowledged} acknowledged steps`);
    const full = store.status();
    t.match(full, { writable: false, reason: /no space left/, freeBytes: 0 }, 'the store says it cannot write, and why');
    t.ok(full.unwrittenPoints >= SLOTS, `${full.unwrittenPoints} points held in memory`);

    for (let j = 0; j < c.stepsWhileFull; j++, k++) store.series.appendStep(T0 + k * STEP_MS, slots, stepValues(k));
    const held = presence(store, k);
    t.notOk(held.includes('partial'), 'every step is readable whole or not at all while the disk is full');
    t.equal(held.slice(0, acknowledged).filter((p) => p !== 'all').length, 0, 'reads answer every acknowledged step');
    const heldDropped = held.filter((p) => p === 'none').length;
    t.equal(store.status().droppedPoints, heldDropped * SLOTS, `dropped points counted: ${heldDropped} steps`);
    if (c.drops) t.ok(heldDropped > 0, 'steps past the bound are dropped');
    else t.equal(heldDropped, 0, 'nothing is dropped below the bound');

    await t.rejects(store.meta.put('t', 'big', 'x'.repeat(4 << 20)), { code: 'STORE_WRITE_FAILED', message: /no space left/ }, 'meta.put rejects clearly');
    await t.rejects(store.meta.transaction((tx) => { tx.put('t', 'big2', 'y'.repeat(4 << 20)); }), { code: 'STORE_WRITE_FAILED' }, 'a meta transaction rejects clearly');
    t.same(store.meta.get('t', 'before'), { kept: true }, 'metadata written before the fill reads back');

    resizeTmpfs(mnt, 200);
    const after = await waitFor(async () => {
      const s = store.status();
      return s.writable && s.unwrittenPoints === 0 ? s : undefined;
    }, 60_000, 'the store writing again by itself', 100);
    t.equal(after.reason, '', 'no reason left once writable');
    const steps = k;
    k++;
    store.series.appendStep(T0 + k * STEP_MS, slots, stepValues(k));
    await store.series.flush();
    t.pass('ingest resumes: a new step is flushed');

    await store.close();
    closed = true;
    const again = await openEmbeddedStore({ dataDir, minFreeBytes: RESERVE_BYTES });
    t.teardown(() => again.close());
    const back = presence(again, steps);
    t.same(back, held, 'after reopening, exactly the steps read before are there: held ones written, dropped ones absent');
    t.equal(back.slice(0, acknowledged).filter((p) => p !== 'all').length, 0, 'every acknowledged step reads back');
    t.equal(presence(again, k + 1)[k], 'all', 'the step written after space returned reads back');
    t.same(again.meta.get('t', 'before'), { kept: true }, 'metadata kept');
    t.equal(again.meta.get('t', 'big'), undefined, 'the refused metadata write left nothing');
    t.same(unhandled, [], 'no unhandled rejection');
  });
}
