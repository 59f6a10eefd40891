import type { BitWriter, ByteBitReader } from './bit-stream.js';
import { XorFloatReader, XorFloatWriter } from './xor-float.js';

/**
 * The value column of a version-3 chunk, in one of three modes that `ValuePlanner.plan` chooses
 * per chunk (the first that applies):
 *
 * - `VALUE_CONSTANT`: every value has the same bit pattern; the value once, 64 bits.
 * - `VALUE_DECIMAL`: every value is exactly k / 10^d (same bits) for integers |k| < 2^50 and one
 *   d in 0..6, and none is -0 (statuses, counters, gauges with a few decimals): d in 3 bits, then
 *   k₀ and each k_i − k_{i−1} zigzag-encoded as a variable-length number ('0' for zero, else
 *   '1' + 6 bits of (bit length − 1) + the bits below the top one). A value that does not change
 *   costs one bit.
 * - `VALUE_XOR`: Gorilla's XOR encoding: the first value as 64 raw bits, then each XOR with the
 *   previous one: '0' when equal, '10' + the meaningful bits when they fit the previous
 *   leading/trailing-zero window, else '11' + 5 bits of leading zeros + 6 bits of (length − 1) +
 *   the bits. Exact for every bit pattern (noisy full-precision floats, ±Infinity, subnormals).
 *
 * NaN is never stored (NaN values are gaps), but every mode would reproduce its bits anyway.
 */
export const VALUE_CONSTANT = 0;
export const VALUE_DECIMAL = 1;
export const VALUE_XOR = 2;

const MAX_DIGITS = 6;
const POW10 = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000];
/** Bound on |k|, so that deltas and their zigzag form stay exact integers in a double. */
const MAX_SCALED = 2 ** 50;

const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const LO = LITTLE_ENDIAN ? 0 : 1;
const HI = LITTLE_ENDIAN ? 1 : 0;

const zigzag = (d: number): number => (d >= 0 ? d * 2 : -d * 2 - 1);
const unzigzag = (z: number): number => (z < 0x40000000 ? (z & 1 ? -((z + 1) >> 1) : z >> 1) : z % 2 === 0 ? z / 2 : -(z + 1) / 2);
const bitLength = (z: number): number => (z < 4294967296 ? 32 - Math.clz32(z) : 64 - Math.clz32(Math.floor(z / 4294967296)));

/** The scaled integer of `v` with `digits` decimals, or NaN when `v` is not exactly one. */
function scaled(v: number, digits: number): number {
  const p = POW10[digits];
  const k = Math.round(v * p);
  if (!(Math.abs(k) < MAX_SCALED) || k / p !== v || (v === 0 && 1 / v < 0)) return NaN;
  return k === 0 ? 0 : k; // no -0 from Math.round
}

/** Chooses a chunk's value mode and writes the column; one instance is reused by every encode. */
export class ValuePlanner {
  private scaledValues = new Float64Array(256);
  private digits = 0;

  /** The mode for `values[0..count)`, count ≥ 1; `write` must follow with the same values. */
  plan(values: ArrayLike<number>, count: number): number {
    f64[0] = values[0];
    const hi0 = u32[HI], lo0 = u32[LO];
    let constant = true;
    for (let i = 1; i < count && constant; i++) {
      f64[0] = values[i];
      constant = u32[HI] === hi0 && u32[LO] === lo0;
    }
    if (constant) return VALUE_CONSTANT;
    if (this.scaledValues.length < count) this.scaledValues = new Float64Array(Math.max(count, this.scaledValues.length * 2));
    // Find the fewest digits that fit every value, then scale them all with those digits.
    let digits = 0;
    for (let i = 0; i < count; i++) {
      const v = values[i];
      while (digits <= MAX_DIGITS && Number.isNaN(scaled(v, digits))) digits++;
      if (digits > MAX_DIGITS) return VALUE_XOR;
    }
    const ks = this.scaledValues;
    for (let i = 0; i < count; i++) {
      const k = scaled(values[i], digits);
      if (Number.isNaN(k)) return VALUE_XOR;
      ks[i] = k;
    }
    this.digits = digits;
    return VALUE_DECIMAL;
  }

  write(w: BitWriter, mode: number, values: ArrayLike<number>, count: number): void {
    if (mode === VALUE_CONSTANT) {
      f64[0] = values[0];
      w.write(u32[HI], 32); w.write(u32[LO], 32);
    } else if (mode === VALUE_DECIMAL) {
      const ks = this.scaledValues;
      w.write(this.digits, 3);
      writeVar(w, zigzag(ks[0]));
      for (let i = 1; i < count; i++) writeVar(w, zigzag(ks[i] - ks[i - 1]));
    } else writeXorValues(w, values, count);
  }
}

function writeVar(w: BitWriter, z: number): void {
  if (z === 0) { w.write(0, 1); return; }
  const len = bitLength(z);
  w.write(1, 1);
  w.write(len - 1, 6);
  w.writeWide(len > 32 ? z - 2 ** (len - 1) : (z ^ (1 << (len - 1))) >>> 0, len - 1);
}

function readVar(r: ByteBitReader): number {
  if (r.read(1) === 0) return 0;
  const len = r.read(6) + 1;
  if (len <= 31) return (1 << (len - 1)) | r.read(len - 1);
  return 2 ** (len - 1) + r.readWide(len - 1);
}

function writeXorValues(w: BitWriter, values: ArrayLike<number>, count: number): void {
  const xor = new XorFloatWriter();
  xor.first(w, values[0]);
  for (let i = 1; i < count; i++) xor.next(w, values[i]);
}

/** Reads a column written by `ValuePlanner.write` into `out[0..count)`. */
export function readValues(r: ByteBitReader, mode: number, count: number, out: Float64Array): void {
  if (mode === VALUE_CONSTANT) {
    u32[HI] = r.read(32); u32[LO] = r.read(32);
    out.fill(f64[0], 0, count);
    return;
  }
  if (mode === VALUE_DECIMAL) {
    const p = POW10[r.read(3)];
    let k = unzigzag(readVar(r));
    out[0] = k / p;
    for (let i = 1; i < count; i++) {
      k += unzigzag(readVar(r));
      out[i] = k / p;
    }
    return;
  }
  const xor = new XorFloatReader();
  out[0] = xor.first(r);
  for (let i = 1; i < count; i++) out[i] = xor.next(r);
}
