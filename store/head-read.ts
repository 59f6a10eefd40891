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

/** Whether the layer holds any point of `slot`. */
export const headHasSlot = (h: HeadHour, slot: number): boolean => slot < h.slotLimit && h.first[slot] >= 0;
