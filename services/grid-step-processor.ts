import type { PipelineEvents } from '../core/ports/index.js';
import { GridStepQueue } from './grid-step-queue.js';

/**
 * The lifecycle of a data processor that acts on `onGridStepWritten` (the alert evaluator, the
 * derived variables), written once: `start` listens to grid steps and hands each to the network's
 * GridStepQueue (one step at a time, the newest pending step next); `stop` stops listening, forgets
 * the pending steps, waits for the step in progress and for the writes the processor tracked (an
 * allocation, a transaction), and raises `stopped` so a long step can end early; `runStep` runs one
 * step now and waits for it and its writes (tests and benches).
 */
export class GridStepProcessor {
  private readonly queues = new Map<number, GridStepQueue>();
  /** Writes in progress (allocations, transactions): stop() and runStep() wait for them. */
  private readonly writes = new Set<Promise<void>>();
  private unsubscribe: (() => void) | null = null;
  private stopping = false;

  /** `collector.events` is read at start; `run` processes grid time `gridTsMs` of a network;
   *  `onError` is told of a run that threw (the queue goes on). */
  constructor(
    private readonly collector: { readonly events: PipelineEvents },
    private readonly run: (networkId: number, gridTsMs: number) => void | Promise<void>,
    private readonly onError: (networkId: number, gridTsMs: number, e: unknown) => void,
  ) {}

  /** True while listening to grid steps (between start and stop). */
  get started(): boolean { return this.unsubscribe !== null; }

  /** True from stop() until the next start(): a step in progress ends at its next pause. */
  get stopped(): boolean { return this.stopping; }

  /** Starts listening to grid steps (nothing when already listening). */
  start(): void {
    if (this.unsubscribe) return;
    this.stopping = false;
    this.unsubscribe = this.collector.events.onGridStepWritten((e) => this.push(e.networkId, e.gridTsMs));
  }

  /** Stops listening; waits for the step in progress and the tracked writes. */
  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.stopping = true;
    for (const q of this.queues.values()) q.clear();
    await Promise.all([...this.queues.values()].map((q) => q.idle()));
    await Promise.all([...this.writes]);
  }

  /** Runs grid time `gridTsMs` of a network now (what a grid step event does, awaited) and waits for the writes it started. */
  async runStep(networkId: number, gridTsMs: number): Promise<void> {
    this.push(networkId, gridTsMs);
    await this.queue(networkId).idle();
    await Promise.all([...this.writes]);
  }

  /** Keeps a write in progress until it settles: stop() and runStep() wait for it. */
  track(p: Promise<void>): void {
    this.writes.add(p);
    void p.finally(() => this.writes.delete(p));
  }

  private push(networkId: number, gridTsMs: number): void {
    this.queue(networkId).push(gridTsMs);
  }

  private queue(networkId: number): GridStepQueue {
    let q = this.queues.get(networkId);
    if (!q) {
      q = new GridStepQueue((g) => this.run(networkId, g), (g, e) => this.onError(networkId, g, e));
      this.queues.set(networkId, q);
    }
    return q;
  }
}
