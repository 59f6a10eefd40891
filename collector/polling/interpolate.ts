import { GridKind } from './grid-kind.js';

/** Receives one grid value: the variable `slot` at grid time `gridTsMs` (a multiple of the interval). */
type GridSink = (gridTsMs: number, slot: number, value: number) => void;

/**
 * Carries raw observations onto the polling grid g = k × interval (DESIGN "Collector semantics"):
 *  - Rate (a counter's per-poll rate r_i, valid over (t_{i−1}, t_i]): the value at g is the time-weighted
 *    mean of the rates overlapping (g − interval, g]. Emitted once a poll at or after g arrives.
 *  - Gauge: linear interpolation between the two observations around g.
 *  - Enum (statuses): the last observation at or before g (no invented intermediate states).
 * A gap between observations longer than 2 intervals stays a gap: nothing is emitted inside it, never
 * a zero. A NaN observation (a failed or first counter reading) is a gap of its own length.
 * State is per slot in typed arrays; the caller (the single series writer) owns it.
 */
export class GridInterpolator {
  private readonly intervalMs: number;
  private kind: Uint8Array;
  private prevTs: Float64Array;   // time of the previous observation (0: none)
  private prevVal: Float64Array;  // gauge/enum: previous value
  private cellEnd: Float64Array;  // rate: grid time closing the open cell (0: none)
  private acc: Float64Array;      // rate: Σ rate × overlap in the open cell
  private cov: Float64Array;      // rate: covered ms in the open cell

  constructor(intervalMs: number, capacity = 1024) {
    this.intervalMs = intervalMs;
    this.kind = new Uint8Array(capacity);
    this.prevTs = new Float64Array(capacity);
    this.prevVal = new Float64Array(capacity).fill(NaN);
    this.cellEnd = new Float64Array(capacity);
    this.acc = new Float64Array(capacity);
    this.cov = new Float64Array(capacity);
  }

  setKind(slot: number, kind: GridKind): void {
    this.ensure(slot + 1);
    this.kind[slot] = kind;
  }

  /** Takes the kind of every slot from a by-slot array (0: no kind); slots beyond it keep theirs. */
  setKinds(kinds: Uint8Array): void {
    this.reserve(kinds.length);
    this.kind.set(kinds);
  }

  /** Sizes the per-slot state for `capacity` slots at once (no doubling, no garbage). */
  reserve(capacity: number): void {
    if (capacity > this.kind.length) this.resize(capacity);
  }

  /** Feeds one observation of `slot` at `tsMs` (for a Rate slot, the rate since its previous poll). */
  observe(slot: number, tsMs: number, value: number, sink: GridSink): void {
    this.ensure(slot + 1);
    const prev = this.prevTs[slot];
    this.prevTs[slot] = tsMs;
    if (!(tsMs > prev)) return; // duplicate or out-of-order observation: ignored
    switch (this.kind[slot]) {
      case GridKind.Rate: this.rate(slot, prev, tsMs, value, sink); break;
      case GridKind.Gauge: this.gauge(slot, prev, tsMs, value, sink); break;
      case GridKind.Enum: this.hold(slot, prev, tsMs, value, sink); break;
      default: throw new Error(`slot ${slot} has no grid kind`);
    }
  }

  get interval(): number { return this.intervalMs; }

  /**
   * The same slots on another grid (a config reload changed the poll interval): each slot keeps its
   * previous observation (time and value) and kind, so the first observation on the new grid
   * completes the new grid times since it (no step lost to the change); a rate's open cell, a cell
   * of the old grid, is dropped.
   */
  withInterval(intervalMs: number): GridInterpolator {
    const next = new GridInterpolator(intervalMs, this.kind.length);
    next.kind.set(this.kind);
    next.prevTs.set(this.prevTs);
    next.prevVal.set(this.prevVal);
    return next;
  }

  /** Forgets a slot's carry (e.g. after the device rebooted or its slot was reassigned). */
  reset(slot: number): void {
    if (slot >= this.kind.length) return;
    this.prevTs[slot] = 0; this.prevVal[slot] = NaN; this.cellEnd[slot] = 0; this.acc[slot] = 0; this.cov[slot] = 0;
  }

  private rate(slot: number, a: number, b: number, r: number, sink: GridSink): void {
    const I = this.intervalMs;
    const valid = a > 0 && b - a <= 2 * I && Number.isFinite(r);
    const start = a > 0 ? a : b; // the first observation covers nothing
    let g = this.cellEnd[slot];
    const firstCell = Math.floor(start / I) * I + I;
    if (g === 0 || g < firstCell) {
      // The open cell ended before this segment began: close it with what it has.
      if (g !== 0 && this.cov[slot] > 0) sink(g, slot, this.acc[slot] / this.cov[slot]);
      g = firstCell;
      this.acc[slot] = 0;
      this.cov[slot] = 0;
    }
    while (g <= b) {
      if (valid) {
        const overlap = g - Math.max(start, g - I);
        if (overlap > 0) { this.acc[slot] += r * overlap; this.cov[slot] += overlap; }
      }
      if (this.cov[slot] > 0) sink(g, slot, this.acc[slot] / this.cov[slot]);
      g += I;
      this.acc[slot] = 0;
      this.cov[slot] = 0;
    }
    if (valid) {
      const overlap = b - Math.max(start, g - I);
      if (overlap > 0) { this.acc[slot] += r * overlap; this.cov[slot] += overlap; }
    }
    this.cellEnd[slot] = g;
  }

  private gauge(slot: number, a: number, b: number, v: number, sink: GridSink): void {
    const va = this.prevVal[slot];
    this.prevVal[slot] = v;
    if (a === 0 || b - a > 2 * this.intervalMs || !Number.isFinite(va) || !Number.isFinite(v)) {
      if (Number.isFinite(v) && b % this.intervalMs === 0) sink(b, slot, v);
      return;
    }
    for (let g = Math.floor(a / this.intervalMs) * this.intervalMs + this.intervalMs; g <= b; g += this.intervalMs) {
      sink(g, slot, va + ((v - va) * (g - a)) / (b - a));
    }
  }

  private hold(slot: number, a: number, b: number, v: number, sink: GridSink): void {
    const va = this.prevVal[slot];
    this.prevVal[slot] = v;
    if (a === 0 || b - a > 2 * this.intervalMs || !Number.isFinite(va)) {
      if (Number.isFinite(v) && b % this.intervalMs === 0) sink(b, slot, v);
      return;
    }
    for (let g = Math.floor(a / this.intervalMs) * this.intervalMs + this.intervalMs; g <= b; g += this.intervalMs) {
      const x = g === b ? v : va;
      if (Number.isFinite(x)) sink(g, slot, x);
    }
  }

  private ensure(n: number): void {
    if (n <= this.kind.length) return;
    let cap = this.kind.length;
    while (cap < n) cap *= 2;
    this.resize(cap);
  }

  private resize(cap: number): void {
    const grow = <T extends Uint8Array | Float64Array>(a: T, fill = 0): T => {
      const b = new (a.constructor as new (n: number) => T)(cap);
      b.fill(fill as never);
      b.set(a);
      return b;
    };
    this.kind = grow(this.kind);
    this.prevTs = grow(this.prevTs);
    this.prevVal = grow(this.prevVal, NaN);
    this.cellEnd = grow(this.cellEnd);
    this.acc = grow(this.acc);
    this.cov = grow(this.cov);
  }
}
