/**
 * The latest-values port: the last raw observations of every variable slot as the poller saw them
 * (the device monitor's buffer), without a message per read. Implemented by the collector over its
 * shared ring buffer.
 */
export interface LatestValues {
  /** The slot's last observations, oldest first (at most the ring's depth); values may be NaN (no value that poll). */
  observations(slot: number): { readonly tsMs: readonly number[]; readonly values: readonly number[] };
  /** The newest observation's value, or NaN when the slot has none. */
  last(slot: number): number;
}
