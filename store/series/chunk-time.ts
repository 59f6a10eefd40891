import type { BitWriter, ByteBitReader } from './bit-stream.js';
import { readDeltaOfDelta, writeDeltaOfDelta } from './delta-of-delta.js';

/**
 * The time column of a version-3 chunk: the point offsets (ms from the hour start, strictly
 * ascending, each < 2^22) in one of three modes, chosen per chunk by `timeModeOf`:
 *
 * - `TIME_REGULAR`: first offset (22 bits) and, with two points or more, the step (22 bits). A
 *   regular grid costs nothing per point.
 * - `TIME_GRID`: first offset, step (the smallest delta; every delta is a multiple of it), the
 *   number n of grid positions from the first to the last point (22 bits), then one bit per inner
 *   position (1: a point is there). For a grid with gaps: one bit per grid position.
 * - `TIME_DOD`: first offset, first delta (22 bits), then each delta-of-delta zigzag-encoded in a
 *   bucket ('0' for none, '10' + 7 bits, '110' + 9, '1110' + 12, '1111' + 23), as in Gorilla.
 *
 * The point count is not part of the column; the chunk holds it.
 */
export const TIME_REGULAR = 0;
export const TIME_GRID = 1;
export const TIME_DOD = 2;

/** A grid is bitmapped when it has at most this many positions per point; sparser ones use deltas. */
const GRID_POSITIONS_PER_POINT = 4;

export function timeModeOf(offsetsMs: ArrayLike<number>, count: number): number {
  if (count < 2) return TIME_REGULAR;
  let step = Infinity, regular = true;
  const d0 = offsetsMs[1] - offsetsMs[0];
  for (let i = 1; i < count; i++) {
    const d = offsetsMs[i] - offsetsMs[i - 1];
    if (d !== d0) regular = false;
    if (d < step) step = d;
  }
  if (regular) return TIME_REGULAR;
  const positions = (offsetsMs[count - 1] - offsetsMs[0]) / step + 1;
  if (positions > GRID_POSITIONS_PER_POINT * count) return TIME_DOD;
  for (let i = 1; i < count; i++) if ((offsetsMs[i] - offsetsMs[i - 1]) % step !== 0) return TIME_DOD;
  return TIME_GRID;
}

/** Writes the column in `mode`, which `timeModeOf` has just returned for the same offsets. */
export function writeTimes(w: BitWriter, mode: number, offsetsMs: ArrayLike<number>, count: number): void {
  w.write(offsetsMs[0], 22);
  if (count < 2) return;
  if (mode === TIME_REGULAR) { w.write(offsetsMs[1] - offsetsMs[0], 22); return; }
  if (mode === TIME_GRID) {
    const first = offsetsMs[0];
    let step = Infinity;
    for (let i = 1; i < count; i++) step = Math.min(step, offsetsMs[i] - offsetsMs[i - 1]);
    const positions = (offsetsMs[count - 1] - first) / step + 1;
    w.write(step, 22);
    w.write(positions, 22);
    let at = 1; // the next point not yet marked
    for (let pos = 1; pos < positions - 1; pos++) {
      const here = offsetsMs[at] === first + pos * step;
      w.write(here ? 1 : 0, 1);
      if (here) at++;
    }
    return;
  }
  let prevDelta = offsetsMs[1] - offsetsMs[0];
  w.write(prevDelta, 22);
  for (let i = 2; i < count; i++) {
    const delta = offsetsMs[i] - offsetsMs[i - 1];
    writeDeltaOfDelta(w, delta - prevDelta);
    prevDelta = delta;
  }
}

/** Reads a column written by `writeTimes` into `out[0..count)`. */
export function readTimes(r: ByteBitReader, mode: number, count: number, out: Int32Array): void {
  let off = r.read(22);
  out[0] = off;
  if (count < 2) return;
  if (mode === TIME_REGULAR) {
    const step = r.read(22);
    for (let i = 1; i < count; i++) { off += step; out[i] = off; }
    return;
  }
  if (mode === TIME_GRID) {
    const step = r.read(22);
    const positions = r.read(22);
    let at = 1;
    for (let pos = 1; pos < positions - 1; pos++) if (r.read(1) === 1) out[at++] = out[0] + pos * step;
    out[at] = out[0] + (positions - 1) * step;
    return;
  }
  let delta = r.read(22);
  off += delta;
  out[1] = off;
  for (let i = 2; i < count; i++) {
    delta += readDeltaOfDelta(r);
    off += delta;
    out[i] = off;
  }
}
