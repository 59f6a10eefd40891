import vm from 'node:vm';

/**
 * Preemption on the main thread: runs a function under the `timeout` of node:vm, whose watchdog
 * thread terminates JavaScript execution when the time is up, even inside one RegExp test that
 * nothing else could interrupt. Costs about 0.3 ms per call (a watchdog thread is started), so it
 * is for the rare step whose cost no check can bound, not for every row.
 *
 * Contract: `fn` must be pure work (a RegExp test). A terminated function runs no `finally`
 * block, so anything it changes outside itself could be left half-done.
 */

const box = vm.createContext({ job: undefined as (() => unknown) | undefined });
const run = new vm.Script('job()', { filename: 'svcql-watchdog' });
let busy = false;

/** What `runPreempted` gives: the function's value, or `stopped` when the time ran out. */
type Preempted<T> = { readonly stopped: false; readonly value: T } | { readonly stopped: true };

/**
 * Runs `fn` for at most `timeoutMs` (at least 1 ms). Errors `fn` throws propagate. Not reentrant:
 * a call from inside `fn` runs that function without a watchdog of its own (the outer one still
 * covers it).
 */
export function runPreempted<T>(fn: () => T, timeoutMs: number): Preempted<T> {
  if (busy) return { stopped: false, value: fn() };
  busy = true;
  box.job = fn;
  try {
    return { stopped: false, value: run.runInContext(box, { timeout: Math.max(1, Math.ceil(timeoutMs)) }) as T };
  } catch (e) {
    if ((e as { code?: unknown }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') return { stopped: true };
    throw e;
  } finally {
    box.job = undefined;
    busy = false;
  }
}
