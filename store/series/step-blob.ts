import { AppError } from '../../core/errors.js';

/**
 * A step blob: the (slot, value) pairs of one grid time written by one flush, keyed
 * `[gridTsMs, seq]` (seq grows with every blob, so replaying blobs in key order replays the
 * appends of one grid time in their order). Layout, little-endian:
 *
 *   0 u8 version (1), 1 u8×3 reserved, 4 u32 count, 8 f64 × count values, then i32 × count slots.
 */
const STEP_BLOB_V1 = 1;
const HEADER_BYTES = 8;

export function encodeStepBlob(slots: Int32Array, values: Float64Array, count: number): Uint8Array {
  const bytes = new Uint8Array(HEADER_BYTES + count * 12);
  bytes[0] = STEP_BLOB_V1;
  new DataView(bytes.buffer).setUint32(4, count, true);
  new Float64Array(bytes.buffer, HEADER_BYTES, count).set(values.subarray(0, count));
  new Int32Array(bytes.buffer, HEADER_BYTES + count * 8, count).set(slots.subarray(0, count));
  return bytes;
}

/** Calls `each` for every pair of the blob, in the order they were appended. */
export function decodeStepBlob(bytes: Uint8Array, each: (slot: number, value: number) => void): void {
  if (bytes.length < HEADER_BYTES || bytes[0] !== STEP_BLOB_V1) {
    throw new AppError('INTERNAL', `series step blob: unknown version ${bytes[0]} or short blob (${bytes.length} bytes)`);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = view.getUint32(4, true);
  if (bytes.length !== HEADER_BYTES + count * 12) {
    throw new AppError('INTERNAL', `series step blob: ${bytes.length} bytes for ${count} points`);
  }
  const slotsAt = HEADER_BYTES + count * 8;
  for (let i = 0; i < count; i++) {
    each(view.getInt32(slotsAt + i * 4, true), view.getFloat64(HEADER_BYTES + i * 8, true));
  }
}
