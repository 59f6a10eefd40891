import { hourStartOf } from './chunk-format.js';
import { headAppend } from './head-append.js';
import type { HeadHour, StepKey } from './head-hour.js';
import type { BinaryTable } from '../lmdb-env.js';
import { decodeStepBlob } from './step-blob.js';

interface ReplayResult {
  blobs: number;
  points: number;
  maxGridTsMs: number;
  maxSeq: number;
}

/**
 * Rebuilds the head from the step blobs on disk, in key order ([gridTsMs, seq]), so that for one
 * grid time the later append wins as it did before the restart. Each blob's key is recorded in
 * its layer's `written` list, to be deleted when that hour is closed.
 */
export function replayHead(steps: BinaryTable, layerFor: (hourStartMs: number) => HeadHour): ReplayResult {
  const r: ReplayResult = { blobs: 0, points: 0, maxGridTsMs: -Infinity, maxSeq: 0 };
  for (const { key, value } of steps.entries()) {
    const [ts, seq] = key as unknown as StepKey;
    const hour = hourStartOf(ts);
    const layer = layerFor(hour);
    const offsetMs = ts - hour;
    decodeStepBlob(value, (slot, v) => { headAppend(layer, slot, offsetMs, v); r.points++; });
    layer.written.push([ts, seq]);
    r.blobs++;
    if (ts > r.maxGridTsMs) r.maxGridTsMs = ts;
    if (seq > r.maxSeq) r.maxSeq = seq;
  }
  return r;
}
