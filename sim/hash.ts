/**
 * Deterministic per-(seed, device, interface, purpose) pseudo-random numbers, computed on demand
 * so that no per-interface state has to be stored for thousands of devices.
 */

import { mix32 as mix } from '../core/mix32.js';

/** A uint32 hash of up to four small integers under a seed. */
export function hash4(seed: number, a: number, b = 0, c = 0): number {
  let h = mix((seed ^ 0x9e3779b9) >>> 0);
  h = mix((h ^ Math.imul(a + 1, 0xcc9e2d51)) >>> 0);
  h = mix((h ^ Math.imul(b + 1, 0x1b873593)) >>> 0);
  h = mix((h ^ Math.imul(c + 1, 0xe6546b64)) >>> 0);
  return h;
}

/** The same hash as a fraction in [0, 1). */
export function frac4(seed: number, a: number, b = 0, c = 0): number {
  return hash4(seed, a, b, c) / 4294967296;
}
