import t from 'tap';
import { PollScheduler } from '../../../collector/polling/scheduler.js';
import { silentLogger } from '../../../core/logger.js';
import type { PollPlan, PollResult } from '../../../workers/poll-plan.js';

const plan = (deviceId: number): PollPlan => ({
  deviceId, uptimeSlot: 0, scalars: [], columns: [], ops: [],
  target: { address: '127.0.0.1', port: 1, version: '2c', community: 'x', timeoutMs: 1, retries: 0, maxRepetitions: 1 },
});
const result = (deviceId: number, ok: boolean): PollResult => ({
  ok, deviceId, tsMs: 0, durationMs: 0, error: ok ? '' : 'timeout', timeout: !ok, rebooted: false, rejectedAnswers: 0, rejectedWhy: '', varbinds: ok ? 3 : 0,
  slots: new Int32Array(0), values: new Float64Array(0), count: 0,
});

t.test('a hung device is skipped, not waited for, and the others keep being polled', async (t) => {
  const accepted: number[] = [];
  let release: (() => void) | null = null;
  const s = new PollScheduler({
    intervalMs: 1000,
    plans: () => [plan(1), plan(2), plan(3)],
    poll: (p) => p.deviceId === 2
      ? new Promise((resolve) => { release = () => resolve(result(2, false)); })
      : Promise.resolve(result(p.deviceId, true)),
    accept: (r) => accepted.push(r.deviceId),
    nowMs: () => Date.now(),
    logger: silentLogger,
  });
  const first = s.cycle();           // device 2 hangs
  await new Promise((r) => setImmediate(r));
  t.same(accepted, [1, 3], 'the live devices answered without waiting for the hung one');
  await s.cycle();                   // device 2 still busy: skipped, the cycle ends at once
  t.same(accepted, [1, 3, 1, 3]);
  t.equal(s.stats.devicesSkipped, 1, 'the busy device is counted as skipped');
  t.equal(s.stats.devicesPolled, 2);
  t.equal(s.stats.varbinds, 6, 'the cycle counts the varbinds of its answered polls');
  release!();
  await first;
  t.equal(s.stats.devicesFailed, 1, 'its failure is counted when it ends');
  t.equal(s.stats.cycles, 2);
});

t.test('a poll task that throws is counted, never thrown out of the cycle', async (t) => {
  const s = new PollScheduler({
    intervalMs: 1000, plans: () => [plan(1), plan(2)],
    poll: (p) => (p.deviceId === 1 ? Promise.reject(new Error('worker died')) : Promise.resolve(result(2, true))),
    accept: () => {}, nowMs: () => Date.now(), logger: silentLogger,
  });
  await s.cycle();
  t.equal(s.stats.devicesFailed, 1);
  t.equal(s.stats.devicesPolled, 1);
});

t.test('onPolled: one outcome per poll that ran, with its cycle start; a skipped device gets none', async (t) => {
  const seen: [number, boolean, string, number][] = [];
  let release: (() => void) | null = null;
  let now = 10_000;
  const s = new PollScheduler({
    intervalMs: 1000, plans: () => [plan(1), plan(2), plan(3)],
    poll: (p) => {
      if (p.deviceId === 2 && release === null) return new Promise((resolve) => { release = () => resolve(result(2, false)); });
      if (p.deviceId === 3) return Promise.reject(new Error('worker died'));
      return Promise.resolve(result(p.deviceId, true));
    },
    accept: () => {},
    onPolled: (p, o, startMs) => seen.push([p.deviceId, o.ok, o.ok ? '' : o.error, startMs]),
    nowMs: () => now, logger: silentLogger,
  });
  const first = s.cycle();          // starts at 10000; device 2 hangs
  await new Promise((r) => setImmediate(r));
  now = 11_000;
  await s.cycle();                  // device 2 skipped: no outcome for it
  release!();
  await first;
  t.same(seen, [
    [1, true, '', 10_000], [3, false, 'the poll task crashed: worker died', 10_000],
    [1, true, '', 11_000], [3, false, 'the poll task crashed: worker died', 11_000],
    [2, false, 'timeout', 10_000],
  ], 'outcomes in the order polls ended, each with its own cycle start');
});

/**
 * The grid times of the timed cycles of a 100 ms scheduler run for `runMs`, as the scheduler gives
 * them (onPolled), while every other reading of its clock is 5 ms behind (the wall clock slewed
 * against Node's monotonic timers): a timer then fires "early" by the clock.
 */
async function gridsOfTimedCycles(runMs: number): Promise<number[]> {
  const grids: number[] = [];
  let reads = 0;
  const s = new PollScheduler({
    intervalMs: 100,
    plans: () => [plan(1)],
    poll: async () => result(1, true),
    accept: () => {},
    onPolled: (_p, _o, gridMs) => { grids.push(gridMs); },
    nowMs: () => Date.now() - (++reads % 2 === 0 ? 5 : 0),
    logger: silentLogger,
  });
  s.start();
  await new Promise((r) => setTimeout(r, runMs));
  s.stop();
  return grids;
}

t.test('a timer that fires before its grid time by the clock starts one cycle per grid time, not two', async (t) => {
  // Before, an early firing re-armed the timer for the same grid time and started that grid's cycle
  // twice. The grid time each cycle ran for is the scheduler's own (its start time by the clock would
  // be late by as much as a starved CPU delays the timer, and then round to the next grid time).
  const grids = await gridsOfTimedCycles(560);
  // Twice per grid time (the bug) would be 10 or more; a starved machine may run fewer than 5.
  t.ok(grids.length >= 2 && grids.length <= 6, `about one cycle per 100 ms (${grids.length} in 560 ms)`);
  t.same(grids, [...new Set(grids)], `no grid time started twice (${grids.join(', ')})`);
});

t.test('onPolled gets the grid time of the cycle: the armed one (an early timer too), or the step before a cycle run by hand', async (t) => {
  const grids = await gridsOfTimedCycles(460);
  t.ok(grids.length >= 2, `${grids.length} timed cycles`);
  t.ok(grids.every((g) => g % 100 === 0), `each on the grid (${grids.join(', ')})`);
  t.same(grids, [...new Set(grids)].sort((a, b) => a - b), 'each grid time once, in order');
  grids.length = 0;
  const manual = new PollScheduler({
    intervalMs: 2000, plans: () => [plan(1)], poll: async () => result(1, true), accept: () => {},
    onPolled: (_p, _o, gridMs) => { grids.push(gridMs); }, nowMs: () => 11_940, logger: silentLogger,
  });
  await manual.cycle();
  await manual.cycle(12_000);
  t.same(grids, [10_000, 12_000], 'by hand: the step at or before its start; or the grid time it is given');
});

t.test('resume (a reload restarted the network): a grid step due during the restart runs at once, none twice, none lost', async (t) => {
  const I = 1000;
  const grids: number[] = [];
  let now = 50_000 + 400; // grid 50 000 was the old scheduler's last; 51 000 is due
  const make = () => new PollScheduler<PollPlan>({
    intervalMs: I, plans: () => [plan(1)], poll: () => Promise.resolve(result(1, true)), accept: () => {},
    onPolled: (_p, _o, g) => grids.push(g), nowMs: () => now, logger: silentLogger,
  });
  const stats = { cycles: 7, lastCycleStartMs: 50_001, lastCycleDurationMs: 3, devicesPolled: 1, devicesFailed: 0, devicesSkipped: 0, answersRejected: 0, varbinds: 3 };

  // Restarted before the next grid time: nothing runs now, the next is 51 000.
  const early = make();
  early.start({ intervalMs: I, lastGridMs: 50_000, stats });
  await new Promise((r) => setImmediate(r));
  t.same(grids, [], 'nothing runs before its grid time');
  t.equal(early.stats.cycles, 7, 'the figures carry over');
  early.stop();

  // The restart took past 51 000: that step runs at once, with its grid time.
  now = 51_000 + 300;
  const late = make();
  late.start({ intervalMs: I, lastGridMs: 50_000, stats });
  await new Promise((r) => setImmediate(r));
  t.same(grids, [51_000], 'the step due during the restart ran at once');
  t.equal(late.lastGridMs, 51_000);
  late.stop();

  // Another interval: the new grid's next time, nothing at once.
  grids.length = 0;
  const other = make();
  other.start({ intervalMs: 2000, lastGridMs: 50_000, stats });
  await new Promise((r) => setImmediate(r));
  t.same(grids, [], 'a new interval starts at its next grid time');
  other.stop();

  // Long after (more than an interval late): no catch-up of an old step.
  now = 60_000 + 10;
  const stale = make();
  stale.start({ intervalMs: I, lastGridMs: 50_000, stats });
  await new Promise((r) => setImmediate(r));
  t.same(grids, [], 'no step older than one interval is run late');
  stale.stop();
});
