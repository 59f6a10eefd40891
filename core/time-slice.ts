/**
 * Long work on the main thread in slices: the work checks `overdue` as it goes and `pause()`s (one
 * turn of the event loop, setImmediate) once its slice of `budgetMs` is used up, so that requests,
 * timers and the poller run between two slices whatever the size of the work (a report over 10,000
 * interfaces, an inventory rebuild, a device of 10,000 interfaces read at discovery).
 */
export class TimeSlice {
  private from = performance.now();

  /** `beforePause` runs before each pause (e.g. commit what this slice wrote before others run). */
  constructor(readonly budgetMs: number, private readonly beforePause?: () => void) {}

  /** True once this slice has run `budgetMs` or more. */
  get overdue(): boolean {
    return performance.now() - this.from >= this.budgetMs;
  }

  /** Lets the event loop turn once, then starts a new slice. */
  async pause(): Promise<void> {
    this.beforePause?.();
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.from = performance.now();
  }

  /** Pauses when the slice is used up; else resolves at once (in the same microtask turn). */
  async turn(): Promise<void> {
    if (this.overdue) await this.pause();
  }

  /** Runs a step-wise computation (a generator that yields between steps) to its end, pausing whenever the slice is used up. */
  async run<T>(steps: Generator<void, T, void>): Promise<T> {
    for (;;) {
      const r = steps.next();
      if (r.done) return r.value;
      if (this.overdue) await this.pause();
    }
  }
}
