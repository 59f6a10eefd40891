import { AppError } from './errors.js';

/**
 * The bounds of one kind of expensive work that callers can start (report runs, discovery starts,
 * password checks…): at most `maxRunning` at once, at most `maxQueued` waiting behind them (first
 * come, first served), and at most `maxPerCaller` running or waiting for one caller key (a user,
 * a token, a client address). docs/api.md "Bounded work" lists every gate and its defaults.
 */
export interface WorkBounds {
  readonly maxRunning: number;
  readonly maxQueued: number;
  readonly maxPerCaller: number;
}

export interface WorkGateStats {
  readonly running: number;
  readonly queued: number;
  /** Refused since start: the caller's share was full. */
  readonly refusedCaller: number;
  /** Refused since start: the queue was full. */
  readonly refusedFull: number;
}

interface Waiter { readonly key: string; readonly start: () => void }

/**
 * Admission of one kind of work. `run` starts the work when a place is free, queues it otherwise,
 * and refuses at once — without starting anything — when the caller already holds `maxPerCaller`
 * places (AppError RATE_LIMITED, 429) or the queue is full (AppError SERVER_BUSY, 503); both
 * messages name the gate and the bound. A place is released when the work settles, whether it
 * resolved or threw.
 */
export class WorkGate {
  private running = 0;
  private readonly queue: Waiter[] = [];
  private readonly perCaller = new Map<string, number>();
  private refusedCaller = 0;
  private refusedFull = 0;

  constructor(readonly name: string, private bounds: WorkBounds) {
    checkBounds(name, bounds);
  }

  /** New bounds (a config reload); work already admitted keeps its place. */
  setBounds(bounds: WorkBounds): void {
    checkBounds(this.name, bounds);
    this.bounds = bounds;
    this.pump();
  }

  get limits(): WorkBounds { return this.bounds; }

  stats(): WorkGateStats {
    return { running: this.running, queued: this.queue.length, refusedCaller: this.refusedCaller, refusedFull: this.refusedFull };
  }

  /** Runs `work` under the gate for `callerKey`; throws RATE_LIMITED or SERVER_BUSY when refused. */
  async run<T>(callerKey: string, work: () => Promise<T>): Promise<T> {
    return this.start(callerKey, work);
  }

  /**
   * `run` for work that its caller answers before it ends (a background task): the admission is
   * decided at once — RATE_LIMITED or SERVER_BUSY is thrown synchronously, before anything starts —
   * and the returned promise settles with the work (running now or queued).
   */
  start<T>(callerKey: string, work: () => Promise<T>): Promise<T> {
    this.admit(callerKey);
    return this.admitted(callerKey, work);
  }

  private async admitted<T>(callerKey: string, work: () => Promise<T>): Promise<T> {
    try {
      if (this.running < this.bounds.maxRunning && this.queue.length === 0) this.running++;
      else await new Promise<void>((start) => this.queue.push({ key: callerKey, start }));
      return await work();
    } finally {
      this.running--;
      this.release(callerKey);
      this.pump();
    }
  }

  private admit(key: string): void {
    const held = this.perCaller.get(key) ?? 0;
    const b = this.bounds;
    if (held >= b.maxPerCaller) {
      this.refusedCaller++;
      throw new AppError('RATE_LIMITED',
        `${this.name}: this caller already has ${held} running or waiting (at most ${b.maxPerCaller} per caller); try again when one has finished`);
    }
    if (this.running >= b.maxRunning && this.queue.length >= b.maxQueued) {
      this.refusedFull++;
      throw new AppError('SERVER_BUSY',
        `${this.name}: ${this.running} running and ${this.queue.length} waiting (at most ${b.maxRunning} at once and ${b.maxQueued} waiting); try again shortly`);
    }
    this.perCaller.set(key, held + 1);
  }

  private release(key: string): void {
    const held = (this.perCaller.get(key) ?? 1) - 1;
    if (held <= 0) this.perCaller.delete(key); else this.perCaller.set(key, held);
  }

  private pump(): void {
    while (this.running < this.bounds.maxRunning && this.queue.length > 0) {
      this.running++;
      this.queue.shift()!.start();
    }
  }
}

function checkBounds(name: string, b: WorkBounds): void {
  for (const k of ['maxRunning', 'maxQueued', 'maxPerCaller'] as const) {
    const v = b[k];
    if (!Number.isInteger(v) || v < (k === 'maxQueued' ? 0 : 1)) throw new Error(`work gate ${name}: ${k} must be a positive integer, got ${v}`);
  }
}
