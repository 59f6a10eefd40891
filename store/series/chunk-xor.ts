import { BitReader, BitWriter } from './bit-stream.js';
import { readDeltaOfDelta, writeDeltaOfDelta } from './delta-of-delta.js';
import { XorFloatReader, XorFloatWriter } from './xor-float.js';

/**
 * The compressed chunk body (version 2): one bit stream of (offset, value) pairs in the manner of
 * Facebook's Gorilla. Offsets: the first in 22 bits (an hour is < 2^22 ms), the first delta in
 * 22 bits, then each delta-of-delta zigzag-encoded in a bucket ('0' for none, '10' + 7 bits,
 * '110' + 9, '1110' + 12, '1111' + 23), so a regular grid costs one bit per point. Values: the
 * first as 64 raw bits, then each XOR with the previous one: '0' when equal, '10' + the
 * meaningful bits when they fit the previous leading/trailing-zero window, else '11' + 5 bits of
 * leading zeros + 6 bits of (length − 1) + the bits. Exact for every float bit pattern.
 */

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
      writeDeltaOfDelta(w, delta - prevDelta);
      prevDelta = delta;
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
  let off = 0, delta = 0;
  const xor = new XorFloatReader();
  for (let i = 0; i < count; i++) {
    if (i === 0) off = r.read(22);
    else if (i === 1) { delta = r.read(22); off += delta; }
    else {
      delta += readDeltaOfDelta(r);
      off += delta;
    }

    const value = i === 0 ? xor.first(r) : xor.next(r);
    if (!each(off, value)) return;
  }
}
