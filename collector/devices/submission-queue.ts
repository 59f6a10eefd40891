import type { DiscoveryQueue, QueuedAddress } from '../../core/ports/devices.js';
import type { TaskHandle } from '../../core/ports/tasks.js';

/** One address waiting for (or under) its probe. */
export interface Submission extends QueuedAddress {
  readonly task: TaskHandle;
  /** Probes the address and merges what it found; resolves true when the inventory changed. Never rejects. */
  readonly run: () => Promise<boolean>;
}

/**
 * The incremental-discovery queue of one network: submissions run in arrival order, at most
 * `concurrency` at once; `pause` stops new ones from starting (those running finish). When the
 * queue drains (nothing running or waiting) after at least one submission changed the inventory,
 * `onDrained` is called once.
 */
export class SubmissionQueue {
  private readonly waiting: Submission[] = [];
  private readonly running = new Set<Submission>();
  private paused = false;
  private stopped = false;
  private changed = false;
  private idleWaiters: (() => void)[] = [];

  constructor(private readonly concurrency: number, private readonly onDrained: () => void) {}

  get isPaused(): boolean { return this.paused; }
  get size(): number { return this.waiting.length + this.running.size; }
  /** Whether `address` is waiting or running. */
  has(address: string): boolean { return this.taskOf(address) !== undefined; }
  /** The task of the submission of `address` waiting or running, or undefined. */
  taskOf(address: string): number | undefined {
    return (this.waiting.find((s) => s.address === address) ?? [...this.running].find((s) => s.address === address))?.taskId;
  }

  push(s: Submission): void {
    if (this.stopped) { s.task.fail('the collector is stopping'); return; }
    this.waiting.push(s);
    this.pump();
  }

  pause(): void { this.paused = true; }
  resume(): void { this.paused = false; this.pump(); }

  /** No new submission starts; waiting ones fail; resolves when the running ones ended. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const s of this.waiting.splice(0)) s.task.fail('the collector is stopping');
    if (this.running.size > 0) await new Promise<void>((r) => this.idleWaiters.push(r));
  }

  view(limit: number): DiscoveryQueue {
    const strip = (s: Submission): QueuedAddress => ({ address: s.address, taskId: s.taskId, queuedAtMs: s.queuedAtMs, reason: s.reason });
    return {
      paused: this.paused,
      running: [...this.running].map(strip),
      queued: this.waiting.slice(0, Math.max(0, limit)).map(strip),
      total: this.waiting.length,
    };
  }

  private pump(): void {
    while (!this.paused && !this.stopped && this.running.size < this.concurrency && this.waiting.length > 0) {
      const s = this.waiting.shift()!;
      this.running.add(s);
      void s.run().then((changed) => { if (changed) this.changed = true; }).finally(() => {
        this.running.delete(s);
        this.pump();
        if (this.running.size === 0 && (this.waiting.length === 0 || this.stopped)) {
          for (const w of this.idleWaiters.splice(0)) w();
          if (this.changed && this.waiting.length === 0) { this.changed = false; this.onDrained(); }
        }
      });
    }
  }
}
