/**
 * core/work-gate.ts: admission of bounded work — places, the queue in arrival order, the share of
 * one caller, refusals that start nothing, places given back when work throws, new bounds.
 */
import t from 'tap';
import { WorkGate } from '../../core/work-gate.js';
import { AppError } from '../../core/errors.js';

function deferred(): { promise: Promise<void>; resolve: () => void; reject: (e: Error) => void } {
  let resolve!: () => void; let reject!: (e: Error) => void;
  const promise = new Promise<void>((res, rej) => { resolve = res; reject = rej; });
  return { promise, resolve, reject };
}
const tick = () => new Promise((r) => setImmediate(r));

t.test('runs at most maxRunning, queues in order, refuses past the queue', async (t) => {
  const gate = new WorkGate('report runs', { maxRunning: 2, maxQueued: 2, maxPerCaller: 10 });
  const started: number[] = [];
  const ends = [0, 1, 2, 3].map(() => deferred());
  const runs = ends.map((d, i) => gate.run(`c${i}`, async () => { started.push(i); await d.promise; return i; }));
  await tick();
  t.same(started, [0, 1], 'two run, two wait');
  t.same(gate.stats(), { running: 2, queued: 2, refusedCaller: 0, refusedFull: 0 });
  const refused = await gate.run('c9', async () => { started.push(9); }).catch((e) => e);
  t.ok(refused instanceof AppError && refused.code === 'SERVER_BUSY' && refused.status === 503, 'queue full: SERVER_BUSY');
  t.match(refused.message, /report runs: 2 running and 2 waiting \(at most 2 at once and 2 waiting\)/);
  ends[1].resolve();
  await runs[1];
  await tick();
  t.same(started, [0, 1, 2], 'the first waiter starts when a place frees');
  ends[0].reject(new Error('failed'));
  await t.rejects(runs[0], /failed/);
  await tick();
  t.same(started, [0, 1, 2, 3], 'a failed run gives its place back');
  ends[2].resolve(); ends[3].resolve();
  t.same(await Promise.all(runs.slice(2)), [2, 3]);
  t.same(gate.stats(), { running: 0, queued: 0, refusedCaller: 0, refusedFull: 1 });
  t.notOk(started.includes(9), 'a refused run never started');
});

t.test('one caller holds at most maxPerCaller places, running or waiting', async (t) => {
  const gate = new WorkGate('discovery starts', { maxRunning: 1, maxQueued: 100, maxPerCaller: 2 });
  const d = deferred();
  const a = gate.run('alice', () => d.promise);
  const b = gate.run('alice', () => d.promise);
  const refused = await gate.run('alice', async () => undefined).catch((e) => e);
  t.equal(refused.code, 'RATE_LIMITED');
  t.equal(refused.status, 429);
  t.match(refused.message, /at most 2 per caller/);
  const other = gate.run('bob', async () => 'bob');
  d.resolve();
  await Promise.all([a, b]);
  t.equal(await other, 'bob', 'another caller is admitted meanwhile');
  t.equal(await gate.run('alice', async () => 'again'), 'again', 'places are given back');
  t.equal(gate.stats().refusedCaller, 1);
});

t.test('new bounds start waiters at once; bad bounds are refused', async (t) => {
  const gate = new WorkGate('exports', { maxRunning: 1, maxQueued: 5, maxPerCaller: 5 });
  const d = deferred();
  const started: string[] = [];
  const runs = ['x', 'y', 'z'].map((k) => gate.run(k, async () => { started.push(k); await d.promise; }));
  await tick();
  t.same(started, ['x']);
  gate.setBounds({ maxRunning: 3, maxQueued: 5, maxPerCaller: 5 });
  await tick();
  t.same(started, ['x', 'y', 'z']);
  d.resolve();
  await Promise.all(runs);
  for (const bad of [{ maxRunning: 0, maxQueued: 1, maxPerCaller: 1 }, { maxRunning: 1, maxQueued: -1, maxPerCaller: 1 }, { maxRunning: 1, maxQueued: 0, maxPerCaller: 1.5 }]) {
    t.throws(() => new WorkGate('bad', bad), /work gate bad/);
  }
});

t.test('start: the admission decided at once (a refusal is thrown, not a rejected promise)', async (t) => {
  const gate = new WorkGate('report runs', { maxRunning: 1, maxQueued: 1, maxPerCaller: 1 });
  const d = deferred();
  const first = gate.start('alice', () => d.promise);
  t.throws(() => gate.start('alice', async () => undefined), { code: 'RATE_LIMITED' }, 'the caller\'s share, thrown synchronously');
  const second = gate.start('bob', async () => 'bob');
  t.throws(() => gate.start('carol', async () => undefined), { code: 'SERVER_BUSY' }, 'the queue full, thrown synchronously');
  t.same(gate.stats(), { running: 1, queued: 1, refusedCaller: 1, refusedFull: 1 });
  d.resolve();
  await first;
  t.equal(await second, 'bob', 'the waiting one runs');
});
