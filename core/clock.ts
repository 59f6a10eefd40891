/** Wall clock in ms, injectable for tests. */
export interface Clock { nowMs(): number }
export const systemClock: Clock = { nowMs: () => Date.now() };
