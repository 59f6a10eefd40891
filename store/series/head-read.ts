import type { ChunkRollup } from './chunk-decode.js';
import type { HeadHour } from './head-hour.js';
import type { PointBuffer } from './point-buffer.js';

/** Appends to `out` the layer's points of `slot` with fromMs ≤ tsMs ≤ toMs, ascending. */
export function headRead(h: HeadHour, slot: number, fromMs: number, toMs: number, out: PointBuffer): void {
  if (slot >= h.slotLimit) return;
  for (let p = h.first[slot]; p >= 0; p = h.nextOf(p)) {
    const ts = h.hourStartMs + h.offsetOf(p);
    if (ts < fromMs) continue;
    if (ts > toMs) return;
    out.push(ts, h.valueOf(p));
  }
}

/**
 * The layer's value of `slot` at `offsetMs` (NaN when it has no point there): the slot's newest
 * point is read directly, an older one by walking the chain.
 */
export function headValueAt(h: HeadHour, slot: number, offsetMs: number): number {
  if (slot >= h.slotLimit) return NaN;
  const tail = h.last[slot];
  if (tail < 0) return NaN;
  const tailOff = h.offsetOf(tail);
  if (tailOff === offsetMs) return h.valueOf(tail);
  if (tailOff < offsetMs) return NaN;
  for (let p = h.first[slot]; p >= 0; p = h.nextOf(p)) {
    const off = h.offsetOf(p);
    if (off === offsetMs) return h.valueOf(p);
    if (off > offsetMs) return NaN;
  }
  return NaN;
}

/** Whether the layer holds any point of `slot`. */
export const headHasSlot = (h: HeadHour, slot: number): boolean => slot < h.slotLimit && h.first[slot] >= 0;

/**
 * Fills `out` with the rollup of all the layer's points of `slot` (from the running rollups,
 * recomputed from the chain when stale); false when the slot has none.
 */
export function headRollup(h: HeadHour, slot: number, out: ChunkRollup): boolean {
  if (!headHasSlot(h, slot)) return false;
  if (h.rollupStale[slot] === 1) {
    let count = 0, min = Infinity, max = -Infinity, sum = 0, last = 0, lastOff = 0;
    for (let p = h.first[slot]; p >= 0; p = h.nextOf(p)) {
      const v = h.valueOf(p);
      count++;
      if (v < min) min = v;
      if (v > max) max = v;
      sum += v;
      last = v;
      lastOff = h.offsetOf(p);
    }
    h.rollupCount[slot] = count; h.rollupMin[slot] = min; h.rollupMax[slot] = max;
    h.rollupSum[slot] = sum; h.rollupLast[slot] = last; h.rollupLastOffsetMs[slot] = lastOff;
    h.rollupStale[slot] = 0;
  }
  out.count = h.rollupCount[slot]; out.min = h.rollupMin[slot]; out.max = h.rollupMax[slot];
  out.sum = h.rollupSum[slot]; out.last = h.rollupLast[slot]; out.lastOffsetMs = h.rollupLastOffsetMs[slot];
  return true;
}
