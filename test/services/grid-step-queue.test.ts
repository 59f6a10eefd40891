import t from 'tap';
import { GridStepQueue } from '../../services/grid-step-queue.js';

/** The data processors' queue of grid steps: one at a time, newest pending only, errors reported. */
t.test('steps run one at a time; those arriving meanwhile merge into the newest', async (t) => {
  const ran: number[] = [];
  let release: (() => void) | null = null;
  const q = new GridStepQueue(async (g) => {
    ran.push(g);
    if (g === 1) await new Promise<void>((r) => { release = r; });
  }, () => t.fail('no error expected'));
  q.push(1);
  await new Promise((r) => setImmediate(r));
  await new Promise((r) => setImmediate(r));
  t.same(ran, [1], 'step 1 runs');
  q.push(3); q.push(2); q.push(4);
  release!();
  await q.idle();
  t.same(ran, [1, 4], 'then only the newest pending step (4); 2 and 3 are skipped');
  q.push(5);
  q.clear();
  await q.idle();
  t.same(ran, [1, 4], 'a cleared step does not run');
});

t.test('a step that throws is reported and the queue goes on', async (t) => {
  const ran: number[] = [];
  const errors: [number, string][] = [];
  const q = new GridStepQueue((g) => { ran.push(g); if (g === 1) throw new Error('boom'); }, (g, e) => errors.push([g, (e as Error).message]));
  q.push(1);
  await q.idle();
  q.push(2);
  await q.idle();
  t.same(ran, [1, 2]);
  t.same(errors, [[1, 'boom']]);
});
