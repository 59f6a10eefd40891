import type { HeadHour } from './head-hour.js';

/**
 * Puts (slot, offsetMs, value) into the layer's slot chain: appended when later than the slot's
 * last point (the common case), overwriting when at the same time, inserted in order otherwise.
 * The caller guarantees 0 ≤ slot, 0 ≤ offsetMs < one hour, and a non-NaN value.
 */
export function headAppend(h: HeadHour, slot: number, offsetMs: number, value: number): void {
  if (slot >= h.first.length) h.growSlots(slot + 1);
  if (slot >= h.slotLimit) h.slotLimit = slot + 1;
  if (offsetMs > h.maxOffsetMs) h.maxOffsetMs = offsetMs;
  const tail = h.last[slot];
  if (tail >= 0) {
    const tailOff = h.offsetOf(tail);
    if (tailOff === offsetMs) { h.setValue(tail, value); h.rollupStale[slot] = 1; return; }
    if (tailOff > offsetMs) { insertBefore(h, slot, offsetMs, value); h.rollupStale[slot] = 1; return; }
  }
  const p = h.newPoint(offsetMs, value);
  if (tail < 0) {
    h.first[slot] = p;
    h.rollupCount[slot] = 1;
    h.rollupMin[slot] = value;
    h.rollupMax[slot] = value;
    h.rollupSum[slot] = value;
  } else {
    h.setNext(tail, p);
    h.rollupCount[slot]++;
    if (value < h.rollupMin[slot]) h.rollupMin[slot] = value;
    if (value > h.rollupMax[slot]) h.rollupMax[slot] = value;
    h.rollupSum[slot] += value;
  }
  h.rollupLast[slot] = value;
  h.rollupLastOffsetMs[slot] = offsetMs;
  h.last[slot] = p;
}

function insertBefore(h: HeadHour, slot: number, offsetMs: number, value: number): void {
  let prev = -1;
  let cur = h.first[slot];
  while (h.offsetOf(cur) < offsetMs) { prev = cur; cur = h.nextOf(cur); }
  if (h.offsetOf(cur) === offsetMs) { h.setValue(cur, value); return; }
  const p = h.newPoint(offsetMs, value);
  h.setNext(p, cur);
  if (prev < 0) h.first[slot] = p;
  else h.setNext(prev, p);
}
