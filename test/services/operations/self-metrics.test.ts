import t from 'tap';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import type { CycleDone, GridStepWritten } from '../../../core/ports/events.js';
import type { ServiceDeps } from '../../../services/deps.js';
import { CYCLE_BUCKETS_SECONDS, SelfMetricsService } from '../../../services/operations/self-metrics.js';
import { httpHealth } from '../../../api/routes/legacy/metrics.js';

/** A SelfMetricsService over hand-made pipeline events (the PipelineEvents port, faked at our interface). */
function setup(dataDir: string, meta: Partial<ServiceDeps['meta']> = { get: () => undefined }) {
  const cycle: ((e: CycleDone) => void)[] = [];
  const step: ((e: GridStepWritten) => void)[] = [];
  const deps = {
    collector: { events: {
      onCycleDone: (l: (e: CycleDone) => void) => { cycle.push(l); return () => cycle.splice(cycle.indexOf(l), 1); },
      onGridStepWritten: (l: (e: GridStepWritten) => void) => { step.push(l); return () => step.splice(step.indexOf(l), 1); },
    } },
    meta, config: () => ({ server: { dataDir } }),
  } as unknown as ServiceDeps;
  return { svc: new SelfMetricsService(deps), cycle, step };
}
const done = (networkId: number, durationMs: number, devicesPolled: number, devicesFailed: number): CycleDone =>
  ({ networkId, cycleStartMs: 0, durationMs, devicesPolled, devicesFailed, devicesSkipped: 0, varbinds: 10 * devicesPolled });

t.test('cycle histogram, device polls and points per network', async (t) => {
  const { svc, cycle, step } = setup('.');
  const durationsMs = [3, 7, 40, 40, 900, 400_000];
  for (const ms of durationsMs) for (const l of cycle) l(done(1, ms, 5, 1));
  for (const l of cycle) l(done(2, 20, 2, 0));
  for (const l of step) { l({ networkId: 1, gridTsMs: 0, points: 30 }); l({ networkId: 1, gridTsMs: 1, points: 12 }); }
  const [n1, n2] = svc.counters();
  // Expected buckets computed from the durations: how many are at most each bound.
  const want = CYCLE_BUCKETS_SECONDS.map((le) => durationsMs.filter((ms) => ms / 1000 <= le).length);
  t.same(n1.cycleBucketCounts, [...want, durationsMs.length]);
  t.equal(n1.cycles, 6);
  t.equal(n1.cycleSecondsSum, durationsMs.reduce((a, b) => a + b, 0) / 1000);
  t.same([n1.devicePollsOk, n1.devicePollsFailed, n1.pointsWritten], [30, 6, 42], 'devicesPolled counts answered polls only');
  t.same([n2.networkId, n2.cycles, n2.pointsWritten], [2, 1, 0]);
  t.same([n1.varbindsReceived, n2.varbindsReceived], [durationsMs.length * 50, 20], 'varbinds summed over the cycles');
  svc.close();
  t.same([cycle.length, step.length], [0, 0], 'close() stops listening');
});

t.test('data directory size and metadata probe', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'netmon-selfm-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'a'), Buffer.alloc(1000));
  mkdirSync(join(dir, 'sub'));
  writeFileSync(join(dir, 'sub', 'b'), Buffer.alloc(234));
  t.equal(setup(dir).svc.storeSizeBytes(), 1234);
  t.equal(setup(join(dir, 'missing')).svc.storeSizeBytes(), null);
  t.same(setup(dir).svc.metadataHealth().status, 'ok');
  const sick = setup(dir, { get: () => { throw new Error('MDB_PANIC'); } }).svc.metadataHealth();
  t.same([sick.healthy, sick.status], [false, 'failing']);
  t.match(sick.detail, /MDB_PANIC/);
});

t.test('the HTTP server component from the event-loop lag', async (t) => {
  const cases: [number, string][] = [[0, 'ok'], [0.499, 'ok'], [0.5, 'degraded'], [3, 'degraded']];
  for (const [p99, status] of cases) {
    const h = httpHealth({ meanSeconds: p99 / 2, p99Seconds: p99, maxSeconds: p99 * 2, windowSeconds: 30 });
    t.same([h.healthy, h.status], [true, status], `p99 ${p99} s`);
    t.match(h.detail, `p99 ${Math.round(p99 * 1000)} ms`);
  }
});
