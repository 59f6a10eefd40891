import { AppError } from '../core/errors.js';
import { BitReader } from './bit-stream.js';
import { CHUNK_HEADER_BYTES, CHUNK_V1, CHUNK_V2 } from './chunk-format.js';
import { readXorPoints } from './chunk-xor.js';
import type { PointBuffer } from './point-buffer.js';

/** The rollup header of a chunk, readable for every chunk version without decoding points. */
export interface ChunkRollup {
  count: number;
  min: number;
  max: number;
  sum: number;
  last: number;
  lastOffsetMs: number;
}

const viewOf = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

function checkVersion(bytes: Uint8Array): void {
  if (bytes.length < CHUNK_HEADER_BYTES || (bytes[0] !== CHUNK_V1 && bytes[0] !== CHUNK_V2)) {
    throw new AppError('INTERNAL', `series chunk: unknown version ${bytes[0]} or short chunk (${bytes.length} bytes)`);
  }
}

/** Fills `out` with the chunk's header. */
export function readChunkRollup(bytes: Uint8Array, out: ChunkRollup): ChunkRollup {
  checkVersion(bytes);
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
