/**
 * Rendezvous (highest random weight) hashing: a device belongs to the live collector whose
 * (collector, device identity) pair scores highest. Every collector computes the same owner from the
 * same live set with no exchange but the heartbeats; when a collector leaves only its devices move
 * (each to the collector that scored next), and when it comes back exactly those move back
 * (docs/scale-out.md "Device assignment"; bench/remote/assignment-bench.ts measures it).
 */
import { mix32 } from '../core/mix32.js';

/** FNV-1a over the string's UTF-16 code units, 32 bits. */
export function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * The pair's weight: the two hashes mixed (murmur3's finaliser), so that a collector's weights over
 * the devices are independent of another's.
 */
export function weight(collectorHash: number, deviceHash: number): number {
  return mix32((collectorHash ^ Math.imul(deviceHash, 0x9e3779b1)) >>> 0);
}

/**
 * The owner of each device among `collectors` (an index into it; -1 when there is none). Ties (equal
 * weights) go to the collector whose name sorts first, so that the answer does not depend on the
 * order `collectors` is given in.
 */
export function owners(identities: readonly string[], collectors: readonly string[]): Int32Array {
  const out = new Int32Array(identities.length).fill(-1);
  if (collectors.length === 0) return out;
  const ch = collectors.map(hash32);
  for (let d = 0; d < identities.length; d++) {
    const dh = hash32(identities[d]!);
    let best = -1;
    let bestW = -1;
    for (let c = 0; c < ch.length; c++) {
      const w = weight(ch[c]!, dh);
      if (w > bestW || (w === bestW && collectors[c]! < collectors[best]!)) { best = c; bestW = w; }
    }
    out[d] = best;
  }
  return out;
}
