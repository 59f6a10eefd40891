import { AppError } from '../../core/errors.js';
import type { ChunkRollup } from './chunk-decode.js';

/**
 * The rollups of every slot of one closed hour in one value, keyed `hourStartMs`, so that
 * aggregating thousands of slots over a day reads 24 values instead of a chunk per slot and hour.
 *
 * In memory a rollup table is a Float64Array of `ROLLUP_FIELDS` numbers per slot from slot 0:
 * count, min, max, sum, last, lastOffsetMs (count 0: the slot has no chunk that hour).
 *
 * On disk, little-endian: 0 u8 version, 1 u8×3 reserved, 4 u32 slotCount, then
 * - version 2 (written now), per slot in order: a flags byte (bit 0: present; bits 1, 2, 3: min,
 *   max, sum stored — when clear, min and max are the last value and the sum is last × count,
 *   bit for bit), then for a present slot: count and lastOffsetMs as LEB128 varints, last as f64,
 *   then min, max, sum as f64 where stored. A slot whose hour was constant takes 12–14 bytes.
 * - version 1 (still read): six f64 per slot at 8 + slot × 48.
 */
const HOUR_ROLLUP_V1 = 1;
const HOUR_ROLLUP_V2 = 2;
const HEADER_BYTES = 8;
const ROLLUP_FIELDS = 6;

const PRESENT = 1, HAS_MIN = 2, HAS_MAX = 4, HAS_SUM = 8;

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
  if (!onDisk) return encodeHourRollup(draft);
  const disk = decodeHourRollup(onDisk);
  const table = disk.length >= draft.length ? disk : newRollupDraft(draft.length / ROLLUP_FIELDS);
  if (table !== disk) table.set(disk);
  for (let at = 0; at < draft.length; at += ROLLUP_FIELDS) {
    if (draft[at] > 0) table.set(draft.subarray(at, at + ROLLUP_FIELDS), at);
  }
  return encodeHourRollup(table);
}

export function encodeHourRollup(table: Float64Array): Uint8Array {
  const slots = table.length / ROLLUP_FIELDS;
  const bytes = new Uint8Array(HEADER_BYTES + slots * (1 + 5 + 5 + 32));
  const view = new DataView(bytes.buffer);
  bytes[0] = HOUR_ROLLUP_V2;
  view.setUint32(4, slots, true);
  let p = HEADER_BYTES;
  const varint = (n: number) => {
    while (n >= 128) { bytes[p++] = (n % 128) | 128; n = Math.floor(n / 128); }
    bytes[p++] = n;
  };
  for (let s = 0; s < slots; s++) {
    const at = s * ROLLUP_FIELDS;
    const count = table[at];
    if (!(count > 0)) { bytes[p++] = 0; continue; }
    const min = table[at + 1], max = table[at + 2], sum = table[at + 3], last = table[at + 4];
    let flags = PRESENT;
    if (!Object.is(min, last)) flags |= HAS_MIN;
    if (!Object.is(max, last)) flags |= HAS_MAX;
    if (!Object.is(sum, last * count)) flags |= HAS_SUM;
    bytes[p++] = flags;
    varint(count);
    varint(table[at + 5]);
    view.setFloat64(p, last, true); p += 8;
    if (flags & HAS_MIN) { view.setFloat64(p, min, true); p += 8; }
    if (flags & HAS_MAX) { view.setFloat64(p, max, true); p += 8; }
    if (flags & HAS_SUM) { view.setFloat64(p, sum, true); p += 8; }
  }
  return bytes.slice(0, p);
}

/**
 * The rollup table of an hour's value (either version). `into` is reused when it has room for
 * the value's slots (its extra entries are left as they are; read only `slotCount` slots).
 */
export function decodeHourRollup(bytes: Uint8Array, into?: Float64Array): Float64Array {
  const slots = slotCountOf(bytes);
  const table = into && into.length >= slots * ROLLUP_FIELDS ? into : newRollupDraft(slots);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes[0] === HOUR_ROLLUP_V1) {
    for (let i = 0; i < slots * ROLLUP_FIELDS; i++) table[i] = view.getFloat64(HEADER_BYTES + i * 8, true);
    return table;
  }
  let p = HEADER_BYTES;
  const varint = () => {
    let n = 0, scale = 1, b: number;
    do { b = bytes[p++]; n += (b & 127) * scale; scale *= 128; } while (b & 128);
    return n;
  };
  for (let s = 0; s < slots; s++) {
    const at = s * ROLLUP_FIELDS;
    const flags = bytes[p++];
    if (!(flags & PRESENT)) { table[at] = 0; continue; }
    const count = varint();
    const lastOffsetMs = varint();
    const last = view.getFloat64(p, true); p += 8;
    table[at] = count;
    table[at + 1] = flags & HAS_MIN ? (p += 8, view.getFloat64(p - 8, true)) : last;
    table[at + 2] = flags & HAS_MAX ? (p += 8, view.getFloat64(p - 8, true)) : last;
    table[at + 3] = flags & HAS_SUM ? (p += 8, view.getFloat64(p - 8, true)) : last * count;
    table[at + 4] = last;
    table[at + 5] = lastOffsetMs;
  }
  if (p > bytes.length) throw new AppError('INTERNAL', `series hour rollup: ${bytes.length} bytes, short for ${slots} slots`);
  return table;
}

export function slotCountOf(bytes: Uint8Array): number {
  if (bytes.length < HEADER_BYTES || (bytes[0] !== HOUR_ROLLUP_V1 && bytes[0] !== HOUR_ROLLUP_V2)) {
    throw new AppError('INTERNAL', `series hour rollup: unknown version ${bytes[0]} or short value (${bytes.length} bytes)`);
  }
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(4, true);
}

/** Reads a slot's entry of a decoded table of `slotCount` slots into `out`; false when the hour has no point of that slot. */
export function readRollupEntry(table: Float64Array, slotCount: number, slot: number, out: ChunkRollup): boolean {
  if (slot >= slotCount) return false;
  const at = slot * ROLLUP_FIELDS;
  out.count = table[at];
  if (!(out.count > 0)) return false;
  out.min = table[at + 1];
  out.max = table[at + 2];
  out.sum = table[at + 3];
  out.last = table[at + 4];
  out.lastOffsetMs = table[at + 5];
  return true;
}
