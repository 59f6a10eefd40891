import t from 'tap';
import { MAX_FINISHED_TASKS, TaskRegistry } from '../../collector/tasks.js';

t.test('TaskRegistry: states, progress, errors, order and the bound on finished tasks', async (t) => {
  let now = 1000;
  const reg = new TaskRegistry((n) => n === 1 || n === 2, () => now);
  t.throws(() => reg.list(9), { code: 'UNKNOWN_NETWORK' }, 'an unknown network');
  t.throws(() => reg.begin(9, 'action', 'x', 'u'), { code: 'UNKNOWN_NETWORK' });

  const h = reg.begin(1, 'discovery', 'discovery generation 3', 'alice');
  t.match(reg.get(1, h.id), { state: 'queued', progress: 0, startedAtMs: null, user: 'alice', networkId: 1, kind: 'discovery' });
  const queued = reg.get(1, h.id)!;
  now = 2000; h.start();
  t.match(reg.get(1, h.id), { state: 'running', startedAtMs: 2000 });
  t.equal(queued.state, 'queued', 'a record handed out never changes under its reader');
  const cases: [number, number][] = [[42.4, 42], [-5, 0], [250, 100], [NaN, 0]];
  for (const [given, want] of cases) { h.progress(given, `at ${given}`); t.equal(reg.get(1, h.id)!.progress, want, `progress ${given} → ${want}`); }
  for (let i = 0; i < 150; i++) h.error(`e${i}`);
  t.equal(reg.get(1, h.id)!.errors.length, 100, 'at most 100 errors kept');
  now = 3000; h.complete({ generation: 3 });
  t.match(reg.get(1, h.id), { state: 'completed', progress: 100, endedAtMs: 3000, result: { generation: 3 } });
  h.fail('too late'); h.progress(5);
  t.match(reg.get(1, h.id), { state: 'completed', progress: 100 }, 'reports after the end are ignored');

  const f = reg.begin(1, 'submission', 'discover 10.0.0.1', 'bob');
  f.fail('10.0.0.1: Request timed out');
  t.match(reg.get(1, f.id), { state: 'failed', startedAtMs: 3000, endedAtMs: 3000, errors: ['10.0.0.1: Request timed out'] }, 'a task failed before it started');
  t.same(reg.list(1).map((x) => x.id), [f.id, h.id], 'newest first');
  t.same(reg.list(2), [], 'tasks are per network');

  const running = reg.begin(1, 'submission', 'kept while running', 'bob');
  running.start();
  for (let i = 0; i < MAX_FINISHED_TASKS + 20; i++) reg.begin(1, 'action', `a${i}`, 'x').complete();
  const list = reg.list(1);
  t.equal(list.filter((x) => x.state === 'completed' || x.state === 'failed').length, MAX_FINISHED_TASKS, `at most ${MAX_FINISHED_TASKS} finished tasks kept`);
  t.equal(reg.get(1, h.id), undefined, 'the oldest finished leave first');
  t.match(reg.get(1, running.id), { state: 'running' }, 'a running task is kept whatever its age');
});
