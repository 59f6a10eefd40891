// The fake clocks of the tests, at our own interface (core/clock.ts): one that never moves and one
// that moves only when the test sets it.
import type { Clock } from '../../core/clock.js';

/** A clock that always reads `nowMs`. */
export function fixedClock(nowMs: number): Clock { return { nowMs: () => nowMs }; }

/** A clock that reads `now` until the test sets it (`clock.now = …`). */
export class ManualClock implements Clock {
  constructor(public now: number) {}
  nowMs(): number { return this.now; }
}
