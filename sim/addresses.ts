/** Loopback addresses of the simulated devices: base, base+1, … skipping .0 and .255 in the last octet. */

/** Parses dotted IPv4 into a uint32, or undefined. */
export function parseIpv4(text: string): number | undefined {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (!m) return undefined;
  const p = m.slice(1).map(Number);
  if (p.some((x) => x > 255)) return undefined;
  return ((p[0]! << 24) | (p[1]! << 16) | (p[2]! << 8) | p[3]!) >>> 0;
}

export function formatIpv4(v: number): string {
  return `${v >>> 24}.${(v >>> 16) & 255}.${(v >>> 8) & 255}.${v & 255}`;
}

/**
 * The n-th device address after `base` (n = 0 is base itself, adjusted off .0/.255).
 * Returns undefined when the sequence would leave 127.0.0.0/8.
 */
export function addressAt(base: number, n: number): number | undefined {
  let v = base;
  if ((v & 255) === 0) v += 1;
  if ((v & 255) === 255) v += 2;
  // 254 usable last-octet values per /24: 1..254
  const block = Math.floor(v / 256);
  const offset = (v & 255) - 1 + n;
  const out = (block + Math.floor(offset / 254)) * 256 + (offset % 254) + 1;
  if (out >>> 24 !== 127 || out > 0x7fffffff) return undefined;
  return out;
}

export function ipv4Bytes(v: number): Uint8Array {
  return Uint8Array.of(v >>> 24, (v >>> 16) & 255, (v >>> 8) & 255, v & 255);
}
