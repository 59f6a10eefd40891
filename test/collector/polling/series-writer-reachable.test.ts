// The series writer's `reachable` values: queued at their cycle's grid time, written with the next
// poll's step or by flushPending, counted in takeWritten (which GridStepWritten reports), and never
// interpolated (the slot has no grid kind).
import t from 'tap';
import { SeriesWriter } from '../../../collector/polling/series-writer.js';
import { MemorySeriesStore } from '../../../store/series/memory-series.js';
import type { PollResult } from '../../../workers/poll-plan.js';

const I = 2000;
const poll = (tsMs: number, slots: number[], values: number[]): PollResult => ({
  ok: true, deviceId: 1, tsMs, durationMs: 5, error: '', timeout: false, rebooted: false, rejectedAnswers: 0, rejectedWhy: '', varbinds: slots.length,
  slots: Int32Array.from(slots), values: Float64Array.from(values), count: slots.length,
});

t.test('reachable values are written at their grid time and counted before the step is announced', async (t) => {
  const series = new MemorySeriesStore();
  const w = new SeriesWriter(series, I);
  const kinds = new Uint8Array(8);
  kinds[1] = 2; // slot 1: a gauge; slots 5 and 6: reachable (no kind)
  w.setKinds(kinds);
  w.reserve(8);
  w.accept(poll(10_010, [1], [10]));
  w.markReachable(5, 10_000, 1);                      // device A answered in the cycle of 10 000
  w.markReachable(6, 10_000, 0);                      // device B failed
  t.same(w.takeWritten(), { gridTsMs: NaN, points: 0 }, 'queued, not yet written');
  w.flushPending();
  t.same(w.takeWritten(), { gridTsMs: 10_000, points: 2 }, 'flushPending writes them, counted');
  t.same(series.last(6, 0, 20_000), { tsMs: 10_000, value: 0 });
  w.markReachable(6, 12_000, 1);
  w.accept(poll(12_010, [1], [20]));                  // the next poll's step carries it
  const written = w.takeWritten();
  t.same(written, { gridTsMs: 12_000, points: 2 }, 'one gauge value and one reachable at 12 000');
  t.same(series.read(6, 0, 20_000), { tsMs: Float64Array.of(10_000, 12_000), values: Float64Array.of(0, 1) });
  t.same(series.read(5, 0, 20_000).values, Float64Array.of(1), 'nothing interpolated for a slot without a kind');
});
