import { BitReader, BitWriter } from './bit-stream.js';
import { XorFloatWriter } from './xor-float.js';

/**
 * The compressed chunk body (version 2): one bit stream of (offset, value) pairs in the manner of
 * Facebook's Gorilla. Offsets: the first in 22 bits (an hour is < 2^22 ms), the first delta in
 * 22 bits, then each delta-of-delta zigzag-encoded in a bucket ('0' for none, '10' + 7 bits,
 * '110' + 9, '1110' + 12, '1111' + 23), so a regular grid costs one bit per point. Values: the
 * first as 64 raw bits, then each XOR with the previous one: '0' when equal, '10' + the
 * meaningful bits when they fit the previous leading/trailing-zero window, else '11' + 5 bits of
 * leading zeros + 6 bits of (length − 1) + the bits. Exact for every float bit pattern.
 */

const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const LO = LITTLE_ENDIAN ? 0 : 1;
const HI = LITTLE_ENDIAN ? 1 : 0;


/** Writes `count` points (offsets ascending, each < 2^22) into `w`, which the caller has reset. */
export function writeXorPoints(w: BitWriter, offsetsMs: ArrayLike<number>, values: ArrayLike<number>, count: number): void {
  let prevOff = 0, prevDelta = 0;
  const xor = new XorFloatWriter();
  for (let i = 0; i < count; i++) {
    const off = offsetsMs[i];
    if (i === 0) w.write(off, 22);
    else if (i === 1) { prevDelta = off - prevOff; w.write(prevDelta, 22); }
    else {
      const delta = off - prevOff;
      const dod = delta - prevDelta;
      prevDelta = delta;
      const z = dod >= 0 ? dod * 2 : -dod * 2 - 1;
      if (z === 0) w.write(0, 1);
      else if (z < 1 << 7) { w.write(0b10, 2); w.write(z, 7); }
      else if (z < 1 << 9) { w.write(0b110, 3); w.write(z, 9); }
      else if (z < 1 << 12) { w.write(0b1110, 4); w.write(z, 12); }
      else { w.write(0b1111, 4); w.write(z, 23); }
    }
    prevOff = off;

    if (i === 0) xor.first(w, values[0]); else xor.next(w, values[i]);
  }
}

/**
 * Reads the stream's points in order, calling `each(offsetMs, value)`; stops early when `each`
 * returns false.
 */
export function readXorPoints(r: BitReader, count: number, each: (offsetMs: number, value: number) => boolean): void {
  let off = 0, delta = 0, hi = 0, lo = 0, lead = 0, trail = 0;
  for (let i = 0; i < count; i++) {
    if (i === 0) off = r.read(22);
    else if (i === 1) { delta = r.read(22); off += delta; }
    else {
      let z = 0;
      if (r.read(1) === 0) z = 0;
      else if (r.read(1) === 0) z = r.read(7);
      else if (r.read(1) === 0) z = r.read(9);
      else if (r.read(1) === 0) z = r.read(12);
      else z = r.read(23);
      const dod = z % 2 === 0 ? z / 2 : -(z + 1) / 2;
      delta += dod;
      off += delta;
    }

    if (i === 0) { hi = r.read(32); lo = r.read(32); }
    else if (r.read(1) === 1) {
      let len: number;
      if (r.read(1) === 1) { lead = r.read(5); len = r.read(6) + 1; trail = 64 - lead - len; }
      else len = 64 - lead - trail;
      let h = 0, l: number;
      if (len > 32) { h = r.read(len - 32); l = r.read(32); }
      else l = r.read(len);
      let xh: number, xl: number;
      if (trail === 0) { xh = h; xl = l; }
      else if (trail < 32) { xh = ((h << trail) | (l >>> (32 - trail))) >>> 0; xl = (l << trail) >>> 0; }
      else { xh = (l << (trail - 32)) >>> 0; xl = 0; }
      hi = (hi ^ xh) >>> 0;
      lo = (lo ^ xl) >>> 0;
    }
    u32[HI] = hi; u32[LO] = lo;
    if (!each(off, f64[0])) return;
  }
}
