/**
 * The window of an alert rule: for each input, the outcomes of its last W grid steps (satisfied,
 * not satisfied, gap) in a ring, with running counts, in typed arrays (one byte per input and
 * step; no object per input). Every input of a rule moves on together: `advance` once per step,
 * then `record` once for every input.
 *
 * An input holds when its window is full (W steps recorded since its first value the engine saw,
 * from the store or live), it has at least one value in the window, and satisfied × 100 ≥ percentage × values: gaps
 * neither count for nor against it.
 */
export const GAP = 0;
export const NOT_SATISFIED = 1;
export const SATISFIED = 2;
export type Outcome = typeof GAP | typeof NOT_SATISFIED | typeof SATISFIED;

/** The most steps a window may have (the counts are 16-bit). */
const MAX_WINDOW_STEPS = 65_535;

/** Steps of a rule's window: round(durationMs / pollIntervalMs), at least 1 (0 ms: the newest step only). */
export function windowSteps(durationMs: number, pollIntervalMs: number): number {
  return Math.min(MAX_WINDOW_STEPS, Math.max(1, Math.round(durationMs / pollIntervalMs)));
}

export class AlertWindow {
  private readonly ring: Uint8Array;
  private readonly satisfied: Uint16Array;
  private readonly values: Uint16Array;
  private readonly seen: Uint16Array;
  /** Ring position of the newest step. */
  private head: number;

  constructor(readonly size: number, readonly steps: number, readonly percentage: number) {
    this.ring = new Uint8Array(size * steps);
    this.satisfied = new Uint16Array(size);
    this.values = new Uint16Array(size);
    this.seen = new Uint16Array(size);
    this.head = steps - 1;
  }

  /** Starts a step: every input's oldest outcome is the one `record` replaces. */
  advance(): void {
    this.head = this.head + 1 === this.steps ? 0 : this.head + 1;
  }

  /** Records input i's outcome of the current step (once per input and step). */
  record(i: number, outcome: Outcome): void {
    const k = i * this.steps + this.head;
    const old = this.ring[k]!;
    if (old !== GAP) { this.values[i]!--; if (old === SATISFIED) this.satisfied[i]!--; }
    this.ring[k] = outcome;
    if (outcome !== GAP) { this.values[i]!++; if (outcome === SATISFIED) this.satisfied[i]!++; }
    // Steps are counted from the input's first value: gaps before it (a window filled from a store
    // that has nothing yet, a new interface) do not make the window full, so one sample of a new
    // input cannot decide a rule with a duration.
    if (this.seen[i]! < this.steps && (this.seen[i]! > 0 || outcome !== GAP)) this.seen[i]!++;
  }

  holds(i: number): boolean {
    const values = this.values[i]!;
    return this.seen[i] === this.steps && values > 0 && this.satisfied[i]! * 100 >= this.percentage * values;
  }

  /** Whether the window is full and has at least one value: a judgement (holds or not) can be made. */
  judged(i: number): boolean { return this.seen[i] === this.steps && this.values[i]! > 0; }

  /** Copies input `from`'s window of `other` (same steps) into input `to` of this one, newest aligned. */
  copyFrom(other: AlertWindow, from: number, to: number): void {
    if (other.steps !== this.steps) throw new Error('AlertWindow.copyFrom: windows of different lengths');
    const W = this.steps;
    for (let age = 0; age < W; age++) {
      this.ring[to * W + ((this.head - age + W) % W)] = other.ring[from * W + ((other.head - age + W) % W)]!;
    }
    this.satisfied[to] = other.satisfied[from]!;
    this.values[to] = other.values[from]!;
    this.seen[to] = other.seen[from]!;
  }

  /** Counts of input i, for tests and descriptions: [satisfied, values, seen]. */
  counts(i: number): [number, number, number] { return [this.satisfied[i]!, this.values[i]!, this.seen[i]!]; }
}
