import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { TASK_MODULE_URL, type PlanHandle, type PollResult, type Task, type VarbindsResult } from '../workers/index.js';

/** The only file importing piscina: the pool of SNMP poll workers. */
export interface WorkerPool {
  run(task: Extract<Task, { kind: 'get' | 'walk' }>): Promise<VarbindsResult>;
  run(task: Extract<Task, { kind: 'poll' }>): Promise<PollResult>;
  /**
   * Polls one device. Its plan travels packed in shared memory (workers/v2c/plan-handle.ts): a task
   * clones three fields, not the plan (copying the plan was the largest cost of a poll).
   */
  poll(plan: PlanHandle, ring: SharedArrayBuffer, state: SharedArrayBuffer): Promise<PollResult>;
  readonly threads: number;
  /** The pool's figures for the healthcheck (optional: fakes of tests may lack it). */
  stats?(): PoolStats;
  destroy(): Promise<void>;
}

export interface PoolStats {
  /** Worker threads alive now (piscina replaces a thread that died). */
  readonly threadsAlive: number;
  readonly threads: number;
  /** Tasks waiting for a worker. */
  readonly queued: number;
  /** Tasks finished since start. */
  readonly completed: number;
}

/**
 * `threads` 0 means one per core. Tasks are mostly waiting on the network, so each worker runs many
 * at once; `maxInFlight` bounds the tasks running across the pool (the rest queue).
 */
export function createPool(opts: { threads: number; maxInFlight: number }): WorkerPool {
  const threads = opts.threads > 0 ? opts.threads : Math.max(1, availableParallelism());
  const piscina = new Piscina({
    filename: TASK_MODULE_URL,
    minThreads: threads,
    maxThreads: threads,
    concurrentTasksPerWorker: Math.max(1, Math.ceil(opts.maxInFlight / threads)),
    idleTimeout: 60_000,
    // Not 'sync' (piscina's default): an idle worker then blocks in Atomics.wait, and the timers of
    // its UDP client (request timeouts) stop until the next task arrives — a dead device's first
    // timed-out poll took the whole poll interval plus its timeout (2.5 s instead of 0.5 s at a 2 s
    // interval; bench/RESULTS.md has the collector throughput measured both ways: not slower).
    atomics: 'disabled',
  });
  return {
    threads,
    run: ((task: Task) => piscina.run(task)) as WorkerPool['run'],
    poll: (plan, ring, state) => piscina.run({ kind: 'poll', plan, ring, state } satisfies Task),
    stats: () => ({ threadsAlive: piscina.threads.length, threads, queued: piscina.queueSize, completed: piscina.completed }),
    destroy: () => piscina.destroy(),
  };
}
