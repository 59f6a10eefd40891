import { AppError } from '../core/errors.js';
import type { ChunkRollup } from './chunk-decode.js';

/**
 * The rollups of every slot of one closed hour in one value, keyed `hourStartMs`, so that
 * aggregating thousands of slots over a day reads 24 values instead of a chunk per slot and hour.
 * Layout, little-endian: 0 u8 version (1), 1 u8×3 reserved, 4 u32 slotCount, then per slot from 0
 * six f64 at 8 + slot × 48: count, min, max, sum, last, lastOffsetMs (count 0: no chunk).
 */
const HOUR_ROLLUP_V1 = 1;
const HEADER_BYTES = 8;
export const ROLLUP_FIELDS = 6;

/** Per-slot rollups of a layer being closed, filled slice by slice: `ROLLUP_FIELDS` f64 per slot. */
export const newRollupDraft = (slotLimit: number): Float64Array => new Float64Array(slotLimit * ROLLUP_FIELDS);

export function setDraft(draft: Float64Array, slot: number, r: ChunkRollup): void {
  const at = slot * ROLLUP_FIELDS;
  draft[at] = r.count; draft[at + 1] = r.min; draft[at + 2] = r.max;
  draft[at + 3] = r.sum; draft[at + 4] = r.last; draft[at + 5] = r.lastOffsetMs;
}

/**
 * The hour's rollup value after closing a layer: the value on disk (when an earlier close of the
 * same hour wrote one) with the entries of the layer's slots (count > 0 in the draft) replaced.
 */
export function mergeHourRollup(onDisk: Uint8Array | undefined, draft: Float64Array): Uint8Array {
  const draftSlots = draft.length / ROLLUP_FIELDS;
  const diskSlots = onDisk ? slotCountOf(onDisk) : 0;
  const slots = Math.max(draftSlots, diskSlots);
  const bytes = new Uint8Array(HEADER_BYTES + slots * ROLLUP_FIELDS * 8);
  bytes[0] = HOUR_ROLLUP_V1;
  new DataView(bytes.buffer).setUint32(4, slots, true);
  const out = new Float64Array(bytes.buffer, HEADER_BYTES);
  if (onDisk) bytes.set(onDisk.subarray(HEADER_BYTES, HEADER_BYTES + diskSlots * ROLLUP_FIELDS * 8), HEADER_BYTES);
  for (let s = 0; s < draftSlots; s++) {
    const at = s * ROLLUP_FIELDS;
    if (draft[at] > 0) out.set(draft.subarray(at, at + ROLLUP_FIELDS), at);
  }
  return bytes;
}

function slotCountOf(bytes: Uint8Array): number {
  if (bytes.length < HEADER_BYTES || bytes[0] !== HOUR_ROLLUP_V1) {
    throw new AppError('INTERNAL', `series hour rollup: unknown version ${bytes[0]} or short value (${bytes.length} bytes)`);
  }
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(4, true);
}

/**
 * Reads a slot's entry into `out`; false when the hour has no point of that slot.
 * `view` is over the hour's value; `slotCount` from `hourRollupSlots`.
 */
export function readHourRollup(view: DataView, slotCount: number, slot: number, out: ChunkRollup): boolean {
  if (slot >= slotCount) return false;
  const at = HEADER_BYTES + slot * ROLLUP_FIELDS * 8;
  out.count = view.getFloat64(at, true);
  if (out.count === 0) return false;
  out.min = view.getFloat64(at + 8, true);
  out.max = view.getFloat64(at + 16, true);
  out.sum = view.getFloat64(at + 24, true);
  out.last = view.getFloat64(at + 32, true);
  out.lastOffsetMs = view.getFloat64(at + 40, true);
  return true;
}

export function hourRollupView(bytes: Uint8Array): { view: DataView; slotCount: number } {
  return { view: new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength), slotCount: slotCountOf(bytes) };
}
