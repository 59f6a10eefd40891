/**
 * The value mix of project issue #4 item 3, generated deterministically per slot so that any
 * range of slots can be generated again (for the lossless check) without keeping the values:
 *
 *   slot % 20 in 0–11 (60 %)  idle interface: a constant (0 for most, else a fixed full-precision rate)
 *   slot % 20 in 12–16 (25 %) busy interface: a rate at full float64 precision, lognormal level ×
 *                             multiplicative random walk × ±20 % noise per point
 *   slot % 20 in 17–18 (10 %) status: an enum value 1–7 changing with probability 1/200 per point
 *   slot % 20 = 19 (5 %)      gauge with 2 decimals: CPU % (noisy), memory % (slow), temperature °C (slow)
 *
 * Each slot has its own PRNG (mulberry32) seeded from its index, and `next` advances every slot of
 * the range by one grid step.
 */
export type SeriesClass = 'idle' | 'busy' | 'status' | 'gauge';

export function classOf(slot: number): SeriesClass {
  const m = slot % 20;
  return m < 12 ? 'idle' : m < 17 ? 'busy' : m < 19 ? 'status' : 'gauge';
}

const IDLE = 0, BUSY = 1, STATUS = 2, GAUGE = 3;
const CLASS_CODES: Record<SeriesClass, number> = { idle: IDLE, busy: BUSY, status: STATUS, gauge: GAUGE };

export class SeriesMix {
  readonly firstSlot: number;
  readonly count: number;
  private readonly kind: Uint8Array;
  private readonly rng: Uint32Array;
  /** Per slot: the constant, the busy level, the status, or the gauge's unrounded reading. */
  private readonly level: Float64Array;
  /** Per slot: the busy walk factor, or the gauge's sub-kind. */
  private readonly walk: Float64Array;

  constructor(firstSlot: number, count: number) {
    this.firstSlot = firstSlot;
    this.count = count;
    this.kind = new Uint8Array(count);
    this.rng = new Uint32Array(count);
    this.level = new Float64Array(count);
    this.walk = new Float64Array(count);
    for (let i = 0; i < count; i++) {
      const slot = firstSlot + i;
      this.rng[i] = Math.imul(slot + 1, 0x9e3779b1) >>> 0;
      const k = CLASS_CODES[classOf(slot)];
      this.kind[i] = k;
      if (k === IDLE) this.level[i] = this.uniform(i) < 0.7 ? 0 : Math.exp(this.normal(i) * 2 + 8);
      else if (k === BUSY) { this.level[i] = Math.exp(this.normal(i) * 1.5 + 13); this.walk[i] = 1; }
      else if (k === STATUS) this.level[i] = 1 + Math.floor(this.uniform(i) * 7);
      else {
        this.walk[i] = slot % 3; // 0: CPU %, 1: memory %, 2: temperature
        this.level[i] = this.walk[i] === 2 ? 35 + this.uniform(i) * 20 : this.uniform(i) * 80;
      }
    }
  }

  /** The values of every slot of the range at the next grid step, into `out[0..count)`. */
  next(out: Float64Array): void {
    const kind = this.kind, level = this.level, walk = this.walk;
    for (let i = 0; i < this.count; i++) {
      const k = kind[i];
      if (k === IDLE) { out[i] = level[i]; continue; }
      if (k === BUSY) {
        let w = walk[i] * Math.exp(0.05 * this.normal(i));
        if (w > 20) w = 20; else if (w < 0.05) w = 0.05;
        walk[i] = w;
        out[i] = level[i] * w * (0.8 + 0.4 * this.uniform(i));
        continue;
      }
      if (k === STATUS) {
        if (this.uniform(i) < 1 / 200) level[i] = 1 + Math.floor(this.uniform(i) * 7);
        out[i] = level[i];
        continue;
      }
      const sub = walk[i];
      const stepSize = sub === 0 ? 6 : sub === 1 ? 0.3 : 0.5;
      let x = level[i] + stepSize * this.normal(i);
      const lo = sub === 2 ? 20 : 0, hi = sub === 2 ? 90 : 100;
      if (x < lo) x = lo; else if (x > hi) x = hi;
      level[i] = x;
      out[i] = Math.round(x * 100) / 100;
    }
  }

  /** mulberry32 on slot i's state: a uniform number in [0, 1). */
  private uniform(i: number): number {
    const a = (this.rng[i] + 0x6d2b79f5) >>> 0;
    this.rng[i] = a;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  }

  /** About standard normal (sum of four uniforms, rescaled): cheap, and the shape hardly matters here. */
  private normal(i: number): number {
    return (this.uniform(i) + this.uniform(i) + this.uniform(i) + this.uniform(i) - 2) * 1.7320508075688772;
  }
}
