import type { ApiResponse } from '../http/http-types.js';

/** Refused checks answered late at once, at most; past it the next ones are answered at once (a timer each is small, but not free). */
const MAX_DELAYED_REFUSALS = 4096;

/**
 * The late answer of a refused password check (config `auth.refusedCheckDelay`; docs/api.md
 * "Authentication"): a 429 LOGIN_RATE_LIMITED, or the password pool's 503/429, is sent after the
 * delay, as pam_faildelay does. A client that guesses again as soon as it is answered then sends
 * one guess per delay and connection — a storm of 50 parallel guessers ~100 requests/s at 500 ms
 * instead of the ~650/s measured with answers at once — so the storm costs the server little and
 * leaves the other callers' answers as they were. Holding an answer costs a timer and the request's
 * place among `server.maxConnections`; at most MAX_DELAYED_REFUSALS wait at once, past it the
 * answer goes at once. The delay is read at each refusal (`delayMs()`).
 */
export class RefusalDelay {
  private held = 0;

  constructor(
    private readonly delayMs: () => number,
    private readonly maxHeld = MAX_DELAYED_REFUSALS,
    /** Runs `fn` after `ms` (tests pass their own). */
    private readonly schedule: (fn: () => void, ms: number) => void = (fn, ms) => { setTimeout(fn, ms); },
  ) {}

  /** Refusals waiting for their answer now (tests, metrics). */
  get waiting(): number { return this.held; }

  answer(refusal: ApiResponse): ApiResponse | Promise<ApiResponse> {
    const ms = this.delayMs();
    if (ms <= 0 || this.held >= this.maxHeld) return refusal;
    this.held++;
    return new Promise((resolve) => {
      this.schedule(() => { this.held--; resolve(refusal); }, ms);
    });
  }
}
