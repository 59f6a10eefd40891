import { AppError } from '../core/errors.js';
import type { TaskHandle, TaskInfo, TaskKind, TasksPort } from '../core/ports/tasks.js';

/** Finished tasks kept per network (running and queued ones are always kept). */
export const MAX_FINISHED_TASKS = 500;
/** Errors kept per task. */
const MAX_TASK_ERRORS = 100;

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * The background tasks of every network, in memory (core/ports/tasks.ts). Ids increase across
 * networks for the server's run. A task's record is replaced (not changed in place) on every
 * report, so a TaskInfo handed out never changes under its reader.
 */
export class TaskRegistry implements TasksPort {
  private nextId = 1;
  private readonly byNetwork = new Map<number, Map<number, TaskInfo>>();
  /** Ids of each network's finished tasks, in the order they finished (the oldest leave first). */
  private readonly finishedByNetwork = new Map<number, number[]>();
  /** Who waits for a task to end (whenEnded), by task id. */
  private readonly waiters = new Map<number, (() => void)[]>();

  constructor(private readonly knows: (netId: number) => boolean, private readonly nowMs: () => number) {}

  list(netId: number): readonly TaskInfo[] {
    return [...this.tasksOf(netId).values()].reverse();
  }

  get(netId: number, taskId: number): TaskInfo | undefined {
    return this.tasksOf(netId).get(taskId);
  }

  whenEnded(netId: number, taskId: number): Promise<void> {
    const t = this.tasksOf(netId).get(taskId);
    if (!t || t.state === 'completed' || t.state === 'failed') return Promise.resolve();
    return new Promise((resolve) => {
      let list = this.waiters.get(taskId);
      if (!list) this.waiters.set(taskId, list = []);
      list.push(resolve);
    });
  }

  begin(netId: number, kind: TaskKind, title: string, user: string): TaskHandle {
    const tasks = this.tasksOf(netId);
    const id = this.nextId++;
    let info: TaskInfo = Object.freeze({
      id, networkId: netId, kind, title, state: 'queued', progress: 0, detail: '', user,
      createdAtMs: this.nowMs(), startedAtMs: null, endedAtMs: null, errors: Object.freeze([]), result: null,
    } satisfies TaskInfo);
    tasks.set(id, info);
    const ended = () => info.state === 'completed' || info.state === 'failed';
    const change = (patch: Partial<Mutable<TaskInfo>>) => {
      if (ended()) return;
      info = Object.freeze({ ...info, ...patch });
      if (tasks.has(id)) tasks.set(id, info);
    };
    return {
      id,
      start: () => { if (info.state === 'queued') change({ state: 'running', startedAtMs: this.nowMs() }); },
      progress: (percent, detail) => change({
        progress: Math.max(0, Math.min(100, Number.isFinite(percent) ? Math.round(percent) : 0)),
        ...(detail !== undefined ? { detail } : {}),
      }),
      error: (text) => { if (info.errors.length < MAX_TASK_ERRORS) change({ errors: Object.freeze([...info.errors, text]) }); },
      complete: (result) => {
        if (ended()) return;
        change({ state: 'completed', progress: 100, endedAtMs: this.nowMs(), startedAtMs: info.startedAtMs ?? this.nowMs(), result: result ? Object.freeze({ ...result }) : null });
        this.finished(netId, tasks, id);
      },
      fail: (error) => {
        if (ended()) return;
        const errors = info.errors.length < MAX_TASK_ERRORS ? [...info.errors, error] : info.errors;
        change({ state: 'failed', endedAtMs: this.nowMs(), startedAtMs: info.startedAtMs ?? this.nowMs(), errors: Object.freeze(errors) });
        this.finished(netId, tasks, id);
      },
    };
  }

  private tasksOf(netId: number): Map<number, TaskInfo> {
    if (!this.knows(netId)) throw new AppError('UNKNOWN_NETWORK', `network ${netId} is not configured`);
    let m = this.byNetwork.get(netId);
    if (!m) this.byNetwork.set(netId, m = new Map());
    return m;
  }

  /** Records a task as finished; the oldest finished ones past MAX_FINISHED_TASKS leave (constant time per task). */
  private finished(netId: number, tasks: Map<number, TaskInfo>, id: number): void {
    const waiting = this.waiters.get(id);
    if (waiting) { this.waiters.delete(id); for (const w of waiting) w(); }
    let order = this.finishedByNetwork.get(netId);
    if (!order) this.finishedByNetwork.set(netId, order = []);
    order.push(id);
    while (order.length > MAX_FINISHED_TASKS) tasks.delete(order.shift()!);
  }
}
