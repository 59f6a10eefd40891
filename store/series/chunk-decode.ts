import { AppError } from '../../core/errors.js';
import { BitReader, ByteBitReader } from './bit-stream.js';
import { CHUNK_HEADER_BYTES, CHUNK_V1, CHUNK_V2, CHUNK_V3 } from './chunk-format.js';
import { readTimes } from './chunk-time.js';
import { readValues } from './chunk-values.js';
import { readXorPoints } from './chunk-xor.js';
import type { PointBuffer } from './point-buffer.js';

/** The rollup of a chunk's points. */
export interface ChunkRollup {
  count: number;
  min: number;
  max: number;
  sum: number;
  last: number;
  lastOffsetMs: number;
}

const viewOf = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Decode scratch reused by every read (the store is single-threaded). */
let offsetScratch = new Int32Array(256);
let valueScratch = new Float64Array(256);
const reader = new ByteBitReader();

function checkVersion(bytes: Uint8Array): void {
  const v = bytes[0];
  const short = v === CHUNK_V3 ? bytes.length < 5 : bytes.length < CHUNK_HEADER_BYTES;
  if (short || (v !== CHUNK_V1 && v !== CHUNK_V2 && v !== CHUNK_V3)) {
    throw new AppError('INTERNAL', `series chunk: unknown version ${v} or short chunk (${bytes.length} bytes)`);
  }
}

/** Rollup of `count` ascending points (count ≥ 1), summed in time order. */
export function rollupOfPoints(offsetsMs: ArrayLike<number>, values: ArrayLike<number>, count: number, out: ChunkRollup): ChunkRollup {
  let min = Infinity, max = -Infinity, sum = 0;
  for (let i = 0; i < count; i++) {
    const v = values[i];
    if (v < min) min = v;
    if (v > max) max = v;
    sum += v;
  }
  out.count = count; out.min = min; out.max = max; out.sum = sum;
  out.last = values[count - 1]; out.lastOffsetMs = offsetsMs[count - 1];
  return out;
}

/**
 * Decodes a version-3 chunk into the module's scratch arrays; returns the point count.
 * The arrays are valid until the next decode.
 */
function decodeV3(bytes: Uint8Array): number {
  const r = reader.reset(bytes, 2);
  const count = r.read(22);
  if (count === 0) throw new AppError('INTERNAL', 'series chunk: version 3 with no point');
  if (offsetScratch.length < count) {
    const n = Math.max(count, offsetScratch.length * 2);
    offsetScratch = new Int32Array(n);
    valueScratch = new Float64Array(n);
  }
  readTimes(r, bytes[1] & 3, count, offsetScratch);
  readValues(r, (bytes[1] >>> 2) & 3, count, valueScratch);
  return count;
}

/** Fills `out` with the chunk's rollup: read from the header (versions 1, 2) or from its points (version 3). */
export function readChunkRollup(bytes: Uint8Array, out: ChunkRollup): ChunkRollup {
  checkVersion(bytes);
  if (bytes[0] === CHUNK_V3) return rollupOfPoints(offsetScratch, valueScratch, decodeV3(bytes), out);
  const view = viewOf(bytes);
  out.count = view.getUint32(4, true);
  out.min = view.getFloat64(8, true);
  out.max = view.getFloat64(16, true);
  out.sum = view.getFloat64(24, true);
  out.last = view.getFloat64(32, true);
  out.lastOffsetMs = view.getUint32(40, true);
  return out;
}

/**
 * Appends to `out` the chunk's points with fromMs ≤ tsMs ≤ toMs, ascending.
 * `bytes` may be a buffer that the next store read reuses: this copies what it needs.
 */
export function decodeChunk(bytes: Uint8Array, hourStartMs: number, fromMs: number, toMs: number, out: PointBuffer): void {
  checkVersion(bytes);
  if (bytes[0] === CHUNK_V3) {
    const count = decodeV3(bytes);
    const offs = offsetScratch, vals = valueScratch;
    for (let i = 0; i < count; i++) {
      const ts = hourStartMs + offs[i];
      if (ts < fromMs) continue;
      if (ts > toMs) break;
      out.push(ts, vals[i]);
    }
    return;
  }
  const view = viewOf(bytes);
  const count = view.getUint32(4, true);
  if (bytes[0] === CHUNK_V2) {
    readXorPoints(new BitReader(view, CHUNK_HEADER_BYTES), count, (offsetMs, value) => {
      const ts = hourStartMs + offsetMs;
      if (ts > toMs) return false;
      if (ts >= fromMs) out.push(ts, value);
      return true;
    });
    return;
  }
  const offs = CHUNK_HEADER_BYTES + count * 8;
  for (let i = 0; i < count; i++) {
    const ts = hourStartMs + view.getUint32(offs + i * 4, true);
    if (ts < fromMs) continue;
    if (ts > toMs) break;
    out.push(ts, view.getFloat64(CHUNK_HEADER_BYTES + i * 8, true));
  }
}
