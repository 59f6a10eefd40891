import type { HeadHour } from './head-hour.js';

/**
 * Puts (slot, offsetMs, value) into the layer's slot chain: appended when later than the slot's
 * last point (the common case), overwriting when at the same time, inserted in order otherwise.
 * The caller guarantees 0 ≤ slot, 0 ≤ offsetMs < one hour, and a non-NaN value.
 */
export function headAppend(h: HeadHour, slot: number, offsetMs: number, value: number): void {
  if (slot >= h.first.length) growSlots(h, slot + 1);
  if (slot >= h.slotLimit) h.slotLimit = slot + 1;
  const tail = h.last[slot];
  if (tail >= 0 && h.offsetMs[tail] === offsetMs) { h.values[tail] = value; return; }
  if (tail >= 0 && h.offsetMs[tail] > offsetMs) { insertBefore(h, slot, offsetMs, value); return; }
  const p = newPoint(h, offsetMs, value);
  if (tail < 0) h.first[slot] = p;
  else h.next[tail] = p;
  h.last[slot] = p;
}

function insertBefore(h: HeadHour, slot: number, offsetMs: number, value: number): void {
  let prev = -1;
  let cur = h.first[slot];
  while (h.offsetMs[cur] < offsetMs) { prev = cur; cur = h.next[cur]; }
  if (h.offsetMs[cur] === offsetMs) { h.values[cur] = value; return; }
  const p = newPoint(h, offsetMs, value);
  h.next[p] = cur;
  if (prev < 0) h.first[slot] = p;
  else h.next[prev] = p;
}

function newPoint(h: HeadHour, offsetMs: number, value: number): number {
  if (h.points === h.offsetMs.length) growPoints(h, h.points * 2);
  const p = h.points++;
  h.offsetMs[p] = offsetMs;
  h.values[p] = value;
  h.next[p] = -1;
  return p;
}

function growPoints(h: HeadHour, capacity: number): void {
  const offs = new Int32Array(capacity); offs.set(h.offsetMs); h.offsetMs = offs;
  const vals = new Float64Array(capacity); vals.set(h.values); h.values = vals;
  const next = new Int32Array(capacity); next.set(h.next); h.next = next;
}

function growSlots(h: HeadHour, atLeast: number): void {
  const capacity = Math.max(atLeast, h.first.length * 2);
  const first = new Int32Array(capacity).fill(-1); first.set(h.first); h.first = first;
  const last = new Int32Array(capacity).fill(-1); last.set(h.last); h.last = last;
}
