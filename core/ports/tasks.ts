/**
 * Background tasks (`tasks/`, `tasks/:taskid`: docs/api.md "Inventory"): discovery runs, incremental submissions
 * and long actions, each with its state, progress and errors. Implemented by the collector
 * (collector/tasks.ts); services begin tasks of their own (long actions) through `begin`.
 * Tasks live in memory: the newest MAX finished ones per network are kept, running ones always; a
 * restart starts an empty list (a discovery interrupted by it shows as a failed generation).
 */

export type TaskKind = 'discovery' | 'submission' | 'newGeneration' | 'action';
type TaskState = 'queued' | 'running' | 'completed' | 'failed';

export interface TaskInfo {
  /** Unique per server run, increasing. */
  readonly id: number;
  readonly networkId: number;
  readonly kind: TaskKind;
  /** What it does, e.g. `discovery generation 12`, `discover 10.0.0.7`, `purge the notification queue`. */
  readonly title: string;
  readonly state: TaskState;
  /** 0–100. */
  readonly progress: number;
  /** Progress in words, e.g. `412 of 5000 addresses probed, 398 devices`. */
  readonly detail: string;
  /** Who asked: a user name, `schedule`, or `config`. */
  readonly user: string;
  readonly createdAtMs: number;
  readonly startedAtMs: number | null;
  readonly endedAtMs: number | null;
  readonly errors: readonly string[];
  /** What the task produced, when it ended (kind-specific, e.g. `{generation: 12}` or `{deviceId: 7}`). */
  readonly result: Readonly<Record<string, unknown>> | null;
}

/** The running side of a task: whoever does the work reports through it. Calls after end are ignored. */
export interface TaskHandle {
  readonly id: number;
  start(): void;
  progress(percent: number, detail?: string): void;
  /** An error that does not end the task (one address of many failed). At most 100 are kept. */
  error(text: string): void;
  complete(result?: Record<string, unknown>): void;
  fail(error: string): void;
}

export interface TasksPort {
  /** Every task of the network, newest first. Throws UNKNOWN_NETWORK for a network not configured. */
  list(netId: number): readonly TaskInfo[];
  /** Throws UNKNOWN_NETWORK; undefined for an unknown task id. */
  get(netId: number, taskId: number): TaskInfo | undefined;
  /** A new task in state `queued`; call `start()` when its work begins. */
  begin(netId: number, kind: TaskKind, title: string, user: string): TaskHandle;
  /** Resolves once the task has ended (completed or failed); at once for a task that has ended or is unknown. */
  whenEnded?(netId: number, taskId: number): Promise<void>;
}
