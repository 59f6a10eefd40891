import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

/** The event loop's delay (how late timers run) over the last sampling window, in seconds. */
export interface EventLoopLag {
  readonly meanSeconds: number;
  readonly p99Seconds: number;
  readonly maxSeconds: number;
  /** Length of the window the figures cover. */
  readonly windowSeconds: number;
}

/** Resolution of Node's delay sampling (ms): fine enough for the lags that matter to an API (≥ 10 ms). */
const RESOLUTION_MS = 20;

/**
 * Samples the event loop's delay with Node's monitorEventLoopDelay. `lag()` reports the delays
 * since the window started; a window is started over by the first `lag()` past `windowMs`, so a
 * figure covers between 0 and about twice `windowMs` of the recent past. `close()` stops sampling.
 */
export class EventLoopMonitor {
  private readonly h: IntervalHistogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  private windowStartMs: number;

  constructor(private readonly windowMs = 60_000, private readonly nowMs: () => number = () => performance.now()) {
    this.h.enable();
    this.windowStartMs = nowMs();
  }

  lag(): EventLoopLag {
    const now = this.nowMs();
    // Node reports nanoseconds, and counts the sampling interval itself in each delay.
    const none = this.h.count === 0;
    const over = (ns: number) => none ? 0 : Math.max(0, ns / 1e6 - RESOLUTION_MS) / 1000;
    const lag = { meanSeconds: over(this.h.mean), p99Seconds: over(this.h.percentile(99)), maxSeconds: over(this.h.max), windowSeconds: (now - this.windowStartMs) / 1000 };
    if (now - this.windowStartMs >= this.windowMs) { this.h.reset(); this.windowStartMs = now; }
    return lag;
  }

  close(): void { this.h.disable(); }
}
