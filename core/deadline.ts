/**
 * Outbound calls always carry a timeout: `withDeadline(ms, run, { signal })` runs `run(signal)` and
 * settles within `ms` whatever the call does.
 *
 * Why not `AbortSignal.any([signal, AbortSignal.timeout(ms)])`: on Node 20 the timeout signal is
 * held only weakly by its timer and by the combined signal, so a garbage collection before it fires
 * can drop it, and the call then waits for ever (a webhook receiver that accepts and never answers
 * silenced its stream for good). Here the deadline is a plain setTimeout whose callback holds the
 * AbortController strongly; the timer is in Node's timer list (strong) until the call settles, when
 * it is cleared. The timer is not unref'd: it fires even when nothing else keeps the event loop
 * going (the call ends, or the deadline does; a service closing aborts its calls, which clears it).
 *
 * The call gets a signal that aborts at the deadline (with a DeadlineError) or when the caller's
 * signal aborts (with its reason). The returned promise does not wait for `run` to honour it: at the
 * deadline it rejects with DeadlineError even if `run` never settles (its late outcome is ignored).
 */

/** The deadline of an outbound call passed. `code` 'TIMEOUT'; `name` 'TimeoutError' as fetch's. */
export class DeadlineError extends Error {
  readonly code = 'TIMEOUT';
  constructor(readonly timeoutMs: number, what?: string) {
    super(`${what ? `${what}: ` : ''}no answer within ${timeoutMs} ms`);
    this.name = 'TimeoutError';
  }
}

/** True when `e` is a DeadlineError (or carries one as its cause). */
export function isDeadlineError(e: unknown): boolean {
  if (e instanceof DeadlineError) return true;
  const cause = (e as { cause?: unknown } | null)?.cause;
  return cause instanceof DeadlineError;
}

interface DeadlineOptions {
  /** The caller's signal (a service closing): aborts the call at once with its reason. */
  readonly signal?: AbortSignal;
  /** Names the call in the DeadlineError's message (`<what>: no answer within <ms> ms`; none by default). */
  readonly what?: string;
}

/**
 * Runs `run` with a signal that aborts after `timeoutMs` or with `opts.signal`; settles with its
 * outcome, or rejects with DeadlineError at the deadline, or with the caller's abort reason. The
 * timer and the listener on the caller's signal are removed when it settles.
 */
export function withDeadline<T>(timeoutMs: number, run: (signal: AbortSignal) => Promise<T>, opts: DeadlineOptions = {}): Promise<T> {
  const controller = new AbortController();
  const outer = opts.signal;
  if (outer?.aborted) return Promise.reject(abortReason(outer));
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const finish = (ok: boolean, value: unknown): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
      if (ok) resolve(value as T); else reject(value);
    };
    const onAbort = (): void => {
      const reason = abortReason(outer!);
      controller.abort(reason);
      finish(false, reason);
    };
    // The closure holds `controller` strongly; Node's timer list holds the timer until it is cleared.
    const timer = setTimeout(() => {
      const err = new DeadlineError(timeoutMs, opts.what);
      controller.abort(err);
      finish(false, err);
    }, Math.max(0, timeoutMs));
    outer?.addEventListener('abort', onAbort, { once: true });
    let p: Promise<T>;
    try {
      p = run(controller.signal);
    } catch (e) {
      finish(false, e);
      return;
    }
    Promise.resolve(p).then((v) => finish(true, v), (e: unknown) => finish(false, e));
  });
}

function abortReason(s: AbortSignal): unknown {
  return s.reason ?? Object.assign(new Error('cancelled'), { name: 'AbortError' });
}
