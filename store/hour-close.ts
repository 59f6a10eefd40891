import { decodeChunk } from './chunk-decode.js';
import { encodeChunk } from './chunk-encode.js';
import { HOUR_MS } from './chunk-format.js';
import type { HeadHour } from './head-hour.js';
import type { BinaryTable } from './lmdb-env.js';
import { mergeNewestWins, PointBuffer } from './point-buffer.js';

/** Scratch buffers reused by every close. */
export class CloseScratch {
  readonly disk = new PointBuffer(256);
  readonly head = new PointBuffer(256);
  readonly merged = new PointBuffer(256);
}

/**
 * Transposes one head layer into per-slot chunks `[hourStartMs, slot]` and deletes the layer's
 * step blobs. Must run inside one write transaction, so that a crash leaves either the blobs
 * (replayed into the head at open) or the chunks, never both nor neither. A chunk already on disk
 * for the same hour and slot (points that arrived after an earlier close) is merged, the layer's
 * values winning at equal times. Returns the number of chunks written.
 */
export function closeHourLayer(h: HeadHour, chunks: BinaryTable, steps: BinaryTable, scratch: CloseScratch): number {
  const hour = h.hourStartMs;
  let written = 0;
  // Closing the newest hour writes keys in ascending order after every existing one: append.
  let append = true;
  for (const k of chunks.keys({ reverse: true, limit: 1 })) append = (k as number[])[0] < hour;
  for (let slot = 0; slot < h.slotLimit; slot++) {
    if (h.first[slot] < 0) continue;
    const head = scratch.head;
    head.clear();
    for (let p = h.first[slot]; p >= 0; p = h.next[p]) head.push(h.offsetMs[p], h.values[p]);
    const onDisk = append ? undefined : chunks.getBytes([hour, slot]);
    let pts = head;
    if (onDisk) {
      scratch.disk.clear();
      decodeChunk(onDisk, 0, 0, HOUR_MS, scratch.disk);
      mergeNewestWins([scratch.disk, head], scratch.merged);
      pts = scratch.merged;
    }
    chunks.put([hour, slot], encodeChunk(pts.tsMs, pts.values, pts.length), append);
    written++;
  }
  for (const key of h.written) steps.remove(key);
  return written;
}
