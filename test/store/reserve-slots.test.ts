// reserveSlots is only a sizing hint: whenever it comes (before any point, after some, larger or
// smaller than the slots in use), every point appended reads back the same, before and after a
// flush and a reopen; step logs reused across flushes do not leak entries from one step to another.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { openLmdbSeriesStore } from '../../store/series/lmdb-series.js';

const dirs: string[] = [];
t.teardown(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true, maxRetries: 5 }); });

const HOUR = 3_600_000;
const T0 = 1_790_000_000_000 - (1_790_000_000_000 % HOUR);

const cases: { name: string; before?: number; after?: number; slots: number }[] = [
  { name: 'no hint', slots: 3000 },
  { name: 'hint before the first point', before: 3000, slots: 3000 },
  { name: 'hint larger than the slots used', before: 100_000, slots: 500 },
  { name: 'hint smaller than the slots used', before: 10, slots: 3000 },
  { name: 'hint after points were appended', after: 50_000, slots: 3000 },
];

for (const c of cases) {
  t.test(c.name, async (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'reserve-slots-'));
    dirs.push(dir);
    const value = (slot: number, step: number) => slot * 1000 + step + 0.25;
    const slots = Int32Array.from({ length: c.slots }, (_, i) => i);
    let store = await openLmdbSeriesStore({ dir, flushIntervalMs: 60_000 });
    if (c.before !== undefined) store.reserveSlots(c.before);
    for (let step = 0; step < 6; step++) {
      // every step is appended in two halves, with a flush between them (logs are reused)
      const values = Float64Array.from(slots, (s) => value(s, step));
      const half = c.slots >> 1;
      store.appendStep(T0 + step * 60_000, slots, values, half);
      await store.flush();
      store.appendStep(T0 + step * 60_000, slots.subarray(half), values.subarray(half));
      if (step === 2 && c.after !== undefined) store.reserveSlots(c.after);
      await store.flush();
    }
    const check = (label: string) => {
      let wrong = 0;
      for (const s of [0, 1, c.slots >> 1, c.slots - 1]) {
        const p = store.read(s, T0, T0 + HOUR);
        if (p.tsMs.length !== 6) wrong++;
        for (let k = 0; k < p.tsMs.length; k++) if (p.tsMs[k] !== T0 + k * 60_000 || p.values[k] !== value(s, k)) wrong++;
      }
      t.equal(wrong, 0, `${label}: every point reads back`);
    };
    check('open');
    await store.close();
    store = await openLmdbSeriesStore({ dir, flushIntervalMs: 60_000 });
    check('reopened');
    await store.close();
  });
}
