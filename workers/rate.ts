/**
 * Counter arithmetic on exact integers. The difference is taken on BigInts, and only the (small)
 * difference is converted to a float, so counters above 2^53 give exact rates.
 */
const TWO_32 = 1n << 32n;

/**
 * The increase from `prev` to `cur`, or null when there is none to trust: a 32-bit counter that went
 * backwards is taken to have wrapped once (cur + 2^32 − prev); a 64-bit counter that went backwards was
 * reset (a reboot, a cleared counter) and yields null — a gap, never a spike.
 */
export function counterDelta(prev: bigint, cur: bigint, width: 32 | 64): bigint | null {
  if (cur >= prev) return cur - prev;
  if (width === 32 && prev < TWO_32 && cur < TWO_32) return cur + TWO_32 - prev;
  return null;
}

/** Per-second rate of an increase over `dtMs`, times `scale`; NaN when the interval is not positive. */
export function ratePerSecond(delta: bigint, dtMs: number, scale: number): number {
  if (!(dtMs > 0)) return NaN;
  return (Number(delta) * 1000 * scale) / dtMs;
}
