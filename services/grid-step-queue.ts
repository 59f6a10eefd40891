/**
 * The grid steps of one network for a data processor that acts on `onGridStepWritten` (the alert
 * evaluator, the derived variables): one step runs at a time; steps that arrive meanwhile are merged,
 * only the newest pending grid time runs next (a processor that falls behind skips to the present
 * rather than queueing); each run starts after a `setImmediate`, so the event loop serves other work
 * first. A run that throws is handed to `onError` and the queue goes on.
 */
export class GridStepQueue {
  private pendingTsMs = NaN;
  private running: Promise<void> | null = null;

  constructor(
    private readonly run: (gridTsMs: number) => void | Promise<void>,
    private readonly onError: (gridTsMs: number, e: unknown) => void,
  ) {}

  /** Asks for grid time `gridTsMs` (ignored when a newer one is already pending). */
  push(gridTsMs: number): void {
    if (!(this.pendingTsMs >= gridTsMs)) this.pendingTsMs = gridTsMs;
    if (!this.running) this.running = this.drain().finally(() => { this.running = null; });
  }

  /** Forgets the pending step (the one running ends as it will). */
  clear(): void { this.pendingTsMs = NaN; }

  /** Resolves when no step runs. */
  idle(): Promise<void> { return this.running ?? Promise.resolve(); }

  private async drain(): Promise<void> {
    while (!Number.isNaN(this.pendingTsMs)) {
      await new Promise<void>((r) => setImmediate(r));
      const g = this.pendingTsMs;
      this.pendingTsMs = NaN;
      if (Number.isNaN(g)) break;
      try {
        await this.run(g);
      } catch (e) {
        this.onError(g, e);
      }
    }
  }
}
