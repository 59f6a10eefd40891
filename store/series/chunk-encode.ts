import { BitWriter } from './bit-stream.js';
import { rollupOfPoints, type ChunkRollup } from './chunk-decode.js';
import { CHUNK_HEADER_BYTES, CHUNK_V1, CHUNK_V2, CHUNK_V3 } from './chunk-format.js';
import { timeModeOf, writeTimes } from './chunk-time.js';
import { ValuePlanner } from './chunk-values.js';
import { writeXorPoints } from './chunk-xor.js';

/** One writer and planner reused by every encode (the store is single-threaded). */
const writer = new BitWriter(1024);
const planner = new ValuePlanner();

/**
 * Encodes `count` points (offsets ms from the hour start, strictly ascending, each < 1 h) into a
 * chunk in the current encoding (version 3: a time column and a value column, each in the
 * cheapest mode that fits the chunk; see chunk-format.ts). The caller guarantees count ≥ 1.
 */
export function encodeChunk(offsetsMs: ArrayLike<number>, values: ArrayLike<number>, count: number): Uint8Array {
  const timeMode = timeModeOf(offsetsMs, count);
  const valueMode = planner.plan(values, count);
  writer.reset();
  writer.write(count, 22);
  writeTimes(writer, timeMode, offsetsMs, count);
  planner.write(writer, valueMode, values, count);
  const bytes = new Uint8Array(2 + Math.ceil(writer.bitLength / 8));
  bytes[0] = CHUNK_V3;
  bytes[1] = timeMode | (valueMode << 2);
  writer.copyBytesBE(bytes, 2);
  return bytes;
}

/** The version-2 encoding (rollup header, interleaved XOR stream); still decoded, kept for tests and comparison. */
export function encodeChunkV2(offsetsMs: ArrayLike<number>, values: ArrayLike<number>, count: number): Uint8Array {
  writer.reset();
  writeXorPoints(writer, offsetsMs, values, count);
  const bytes = new Uint8Array(CHUNK_HEADER_BYTES + writer.wordCount * 4);
  const view = new DataView(bytes.buffer);
  writeHeader(view, CHUNK_V2, offsetsMs, values, count);
  writer.copyTo(view, CHUNK_HEADER_BYTES);
  return bytes;
}

/** The uncompressed version-1 encoding (12 bytes per point); still decoded, kept for tests and comparison. */
export function encodeChunkV1(offsetsMs: ArrayLike<number>, values: ArrayLike<number>, count: number): Uint8Array {
  const bytes = new Uint8Array(CHUNK_HEADER_BYTES + count * 12);
  const view = new DataView(bytes.buffer);
  const offs = CHUNK_HEADER_BYTES + count * 8;
  for (let i = 0; i < count; i++) {
    view.setFloat64(CHUNK_HEADER_BYTES + i * 8, values[i], true);
    view.setUint32(offs + i * 4, offsetsMs[i], true);
  }
  writeHeader(view, CHUNK_V1, offsetsMs, values, count);
  return bytes;
}

const headerRollup: ChunkRollup = { count: 0, min: 0, max: 0, sum: 0, last: 0, lastOffsetMs: 0 };

function writeHeader(view: DataView, version: number, offsetsMs: ArrayLike<number>, values: ArrayLike<number>, count: number): void {
  const r = rollupOfPoints(offsetsMs, values, count, headerRollup);
  view.setUint8(0, version);
  view.setUint32(4, r.count, true);
  view.setFloat64(8, r.min, true);
  view.setFloat64(16, r.max, true);
  view.setFloat64(24, r.sum, true);
  view.setFloat64(32, r.last, true);
  view.setUint32(40, r.lastOffsetMs, true);
}
