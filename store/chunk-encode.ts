import { CHUNK_HEADER_BYTES, CHUNK_V1 } from './chunk-format.js';

/**
 * Encodes `count` points (offsets ms from the hour start, strictly ascending; finite-or-not values
 * as given) into a version-1 chunk with its rollup header. The caller guarantees count ≥ 1.
 */
export function encodeChunk(offsetsMs: ArrayLike<number>, values: ArrayLike<number>, count: number): Uint8Array {
  const bytes = new Uint8Array(CHUNK_HEADER_BYTES + count * 12);
  const view = new DataView(bytes.buffer);
  let min = Infinity, max = -Infinity, sum = 0;
  const body = CHUNK_HEADER_BYTES;
  const offs = body + count * 8;
  for (let i = 0; i < count; i++) {
    const v = values[i];
    if (v < min) min = v;
    if (v > max) max = v;
    sum += v;
    view.setFloat64(body + i * 8, v, true);
    view.setUint32(offs + i * 4, offsetsMs[i], true);
  }
  view.setUint8(0, CHUNK_V1);
  view.setUint32(4, count, true);
  view.setFloat64(8, min, true);
  view.setFloat64(16, max, true);
  view.setFloat64(24, sum, true);
  view.setFloat64(32, values[count - 1], true);
  view.setUint32(40, offsetsMs[count - 1], true);
  return bytes;
}
