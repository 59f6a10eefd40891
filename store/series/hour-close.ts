import { decodeChunk, rollupOfPoints, type ChunkRollup } from './chunk-decode.js';
import { encodeChunk } from './chunk-encode.js';
import { HOUR_MS } from './chunk-format.js';
import type { HeadHour } from './head-hour.js';
import { mergeHourRollup, setDraft } from './hour-rollup.js';
import type { BinaryTable } from '../lmdb-env.js';
import { mergeNewestWins, PointBuffer } from './point-buffer.js';

/** Scratch buffers reused by every close. */
export class CloseScratch {
  readonly disk = new PointBuffer(256);
  readonly head = new PointBuffer(256);
  readonly merged = new PointBuffer(256);
  readonly rollup: ChunkRollup = { count: 0, min: 0, max: 0, sum: 0, last: 0, lastOffsetMs: 0 };
}

/**
 * Transposes part of one head layer into per-slot chunks `[hourStartMs, slot]`: the slots from
 * `fromSlot` on, stopping at the first slot boundary after `maxPoints` points, so that a large
 * hour is closed in several short transactions instead of one that blocks the thread for long.
 * Must run inside a write transaction. A chunk already on disk for the same hour and slot (points
 * that arrived after an earlier close, or an earlier attempt of this close cut short by a crash)
 * is merged, the layer's values winning at equal times, so closing a layer again is harmless.
 * Each chunk's rollup goes into `draft` (see hour-rollup.ts) for `finishHourClose`.
 * Returns the slot to continue from (`h.slotLimit` when done) and the number of chunks written.
 */
export function closeHourSlice(
  h: HeadHour, fromSlot: number, maxPoints: number, chunks: BinaryTable, draft: Float64Array, scratch: CloseScratch,
): { nextSlot: number; chunks: number } {
  const hour = h.hourStartMs;
  let first = fromSlot;
  while (first < h.slotLimit && h.first[first] < 0) first++;
  if (first >= h.slotLimit) return { nextSlot: h.slotLimit, chunks: 0 };
  // When every key on disk sorts before this slice's first key, none of the slice's chunks
  // exist yet and its keys can be appended (LMDB then fills pages instead of splitting them).
  let append = true;
  for (const k of chunks.keys({ reverse: true, limit: 1 })) {
    const [kHour, kSlot] = k as number[];
    append = kHour < hour || (kHour === hour && kSlot < first);
  }
  let written = 0, points = 0;
  let slot = first;
  for (; slot < h.slotLimit && points < maxPoints; slot++) {
    if (h.first[slot] < 0) continue;
    const head = scratch.head;
    head.clear();
    for (let p = h.first[slot]; p >= 0; p = h.nextOf(p)) head.push(h.offsetOf(p), h.valueOf(p));
    const onDisk = append ? undefined : chunks.getBytes([hour, slot]);
    let pts = head;
    if (onDisk) {
      scratch.disk.clear();
      decodeChunk(onDisk, 0, 0, HOUR_MS, scratch.disk);
      mergeNewestWins([scratch.disk, head], scratch.merged);
      pts = scratch.merged;
    }
    const bytes = encodeChunk(pts.tsMs, pts.values, pts.length);
    chunks.put([hour, slot], bytes, append);
    setDraft(draft, slot, rollupOfPoints(pts.tsMs, pts.values, pts.length, scratch.rollup));
    written++;
    points += head.length;
  }
  return { nextSlot: slot, chunks: written };
}

/**
 * Completes a layer's close once all its chunks are written, in the transaction of the last
 * slice: writes the hour's rollup value (merged with an earlier one of the same hour) and deletes
 * the layer's step blobs, so that a crash before this point leaves the blobs and the layer is
 * closed again after the next open.
 */
export function finishHourClose(h: HeadHour, draft: Float64Array, hourRollups: BinaryTable, steps: BinaryTable): void {
  hourRollups.put(h.hourStartMs, mergeHourRollup(hourRollups.getBytes(h.hourStartMs), draft));
  for (const key of h.written) steps.remove(key);
}
