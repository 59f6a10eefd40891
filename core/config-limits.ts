import type { Checker, Path } from './config-check.js';
import type { WorkBounds } from './work-gate.js';

/**
 * `limits:` — the bounds of the expensive work a caller can start (docs/api.md "Bounded work"):
 * each gate runs at most `maxRunning` at once, keeps at most `maxQueued` waiting behind them and
 * lets one caller (a user, a token, or a client address when authentication is off) hold at most
 * `maxPerCaller` of them, running or waiting. Past a bound the call is refused at once: 429
 * RATE_LIMITED (the caller's share) or 503 SERVER_BUSY (the queue), the message naming the gate
 * and the bound.
 *
 *   limits:
 *     reportRuns:  { maxRunning: 1, maxQueued: 16, maxPerCaller: 4 }    # POST …/reports/:category/run
 *     actions:     { maxRunning: 1, maxQueued: 8, maxPerCaller: 2 }     # make/variables, make/maps, expire/variables, dump
 *     discovery:   { maxRunning: 2000, maxPerCaller: 500 }              # submit, new_generation, discovery start, devices add (no queue of its own)
 *
 * Absent: those defaults. Applies live on reload (work already admitted keeps its place).
 * Report runs and the long actions run on the server's one JavaScript thread (they yield between
 * pieces): more of them at once would not end sooner, only hold more memory, hence one at a time.
 */
export interface LimitsConfig {
  readonly reportRuns: WorkBounds;
  readonly actions: WorkBounds;
  /** `maxQueued` is always 0: the network's submission queue is its queue (admitted work is begun at once). */
  readonly discovery: WorkBounds;
}

export type LimitName = keyof LimitsConfig;
export const LIMIT_NAMES: readonly LimitName[] = ['reportRuns', 'actions', 'discovery'];

export const DEFAULT_LIMITS: LimitsConfig = Object.freeze({
  reportRuns: Object.freeze({ maxRunning: 1, maxQueued: 16, maxPerCaller: 4 }),
  actions: Object.freeze({ maxRunning: 1, maxQueued: 8, maxPerCaller: 2 }),
  discovery: Object.freeze({ maxRunning: 2000, maxQueued: 0, maxPerCaller: 500 }),
});

const MAX_BOUND = 1_000_000;

export function parseLimits(c: Checker, v: unknown): LimitsConfig {
  if (v === undefined || v === null) return DEFAULT_LIMITS;
  const p: Path = ['limits'];
  const o = c.object(v, p, LIMIT_NAMES);
  const one = (name: LimitName): WorkBounds => {
    const d = DEFAULT_LIMITS[name];
    if (o[name] === undefined) return d;
    const q: Path = [...p, name];
    const keys = name === 'discovery' ? ['maxRunning', 'maxPerCaller'] : ['maxRunning', 'maxQueued', 'maxPerCaller'];
    const b = c.object(o[name], q, keys);
    return {
      maxRunning: c.int(b.maxRunning, [...q, 'maxRunning'], 1, MAX_BOUND, d.maxRunning),
      maxQueued: name === 'discovery' ? 0 : c.int(b.maxQueued, [...q, 'maxQueued'], 0, MAX_BOUND, d.maxQueued),
      maxPerCaller: c.int(b.maxPerCaller, [...q, 'maxPerCaller'], 1, MAX_BOUND, d.maxPerCaller),
    };
  };
  return { reportRuns: one('reportRuns'), actions: one('actions'), discovery: one('discovery') };
}
