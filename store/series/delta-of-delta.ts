import type { BitWriter } from './bit-stream.js';

/**
 * Delta-of-delta time stamps as chunk versions 2 and 3 write them (Gorilla): the value zigzag-encoded
 * in a bucket — '0' for none, '10' + 7 bits, '110' + 9, '1110' + 12, '1111' + 23 — so a regular grid
 * costs one bit per point.
 */
export function writeDeltaOfDelta(w: BitWriter, dod: number): void {
  const z = dod >= 0 ? dod * 2 : -dod * 2 - 1;
  if (z === 0) w.write(0, 1);
  else if (z < 1 << 7) { w.write(0b10, 2); w.write(z, 7); }
  else if (z < 1 << 9) { w.write(0b110, 3); w.write(z, 9); }
  else if (z < 1 << 12) { w.write(0b1110, 4); w.write(z, 12); }
  else { w.write(0b1111, 4); w.write(z, 23); }
}

/** Reads one value written by `writeDeltaOfDelta`. */
export function readDeltaOfDelta(r: { read(bits: number): number }): number {
  let z: number;
  if (r.read(1) === 0) z = 0;
  else if (r.read(1) === 0) z = r.read(7);
  else if (r.read(1) === 0) z = r.read(9);
  else if (r.read(1) === 0) z = r.read(12);
  else z = r.read(23);
  return z % 2 === 0 ? z / 2 : -(z + 1) / 2;
}
