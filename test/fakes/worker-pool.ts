// The fake WorkerPool of the tests, at our own interface (collector/pool.ts): no worker threads and
// no sockets; GETs and walks are answered in this thread by a function the test gives, and a poll
// throws unless the test answers polls too.
import type { WorkerPool } from '../../collector/pool.js';
import type { Task, VarbindsResult } from '../../workers/index.js';

/** The tasks `WorkerPool.run` answers with varbinds. */
export type GetOrWalk = Extract<Task, { kind: 'get' | 'walk' }>;

/** A one-thread pool whose GETs and walks `answer` answers; polls go to `poll` when given, else throw. */
export function fakeWorkerPool(answer: (task: GetOrWalk) => Promise<VarbindsResult>, poll?: WorkerPool['poll']): WorkerPool {
  return {
    threads: 1,
    run: answer as unknown as WorkerPool['run'],
    poll: poll ?? (() => { throw new Error('no polls here'); }),
    destroy: async () => {},
  };
}

/** A pool the code under test must not reach: every task throws. */
export function unusedWorkerPool(): WorkerPool {
  return fakeWorkerPool(() => { throw new Error('this test gives no worker pool'); }, () => { throw new Error('this test gives no worker pool'); });
}
