/**
 * IPv4/IPv6 addresses and subnets for the `<<` operator. Addresses live in a 128-bit space of
 * eight 16-bit words; an IPv4 address a.b.c.d is ::ffff:a.b.c.d there, so that an IPv4 address
 * matches IPv4 subnets and IPv4-mapped IPv6 subnets, and never plain IPv6 ones.
 */
export interface Subnet {
  readonly v4: boolean;
  readonly words: Uint16Array;
  /** Prefix length in the 128-bit space (an IPv4 /24 is 120). */
  readonly bits: number;
}

const V4_RE = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const HEX_RE = /^[0-9a-fA-F]{1,4}$/;

function parseV4(s: string, out: Uint16Array, at: number): boolean {
  const m = V4_RE.exec(s);
  if (!m) return false;
  const b = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])];
  if (b.some((x) => x > 255)) return false;
  out[at] = (b[0]! << 8) | b[1]!;
  out[at + 1] = (b[2]! << 8) | b[3]!;
  return true;
}

/** Parses an address into `out` (8 words); returns 4 or 6 (the family), or 0 when invalid. */
export function parseAddress(text: string, out: Uint16Array): 0 | 4 | 6 {
  let s = text;
  const pct = s.indexOf('%');
  if (pct >= 0) s = s.slice(0, pct);
  if (s.indexOf(':') < 0) {
    out.fill(0);
    out[5] = 0xffff;
    return parseV4(s, out, 6) ? 4 : 0;
  }
  out.fill(0);
  const dbl = s.indexOf('::');
  if (dbl >= 0 && s.indexOf('::', dbl + 1) >= 0) return 0;
  const head = dbl >= 0 ? s.slice(0, dbl) : s;
  const tail = dbl >= 0 ? s.slice(dbl + 2) : '';
  const hp = head === '' ? [] : head.split(':');
  const tp = tail === '' ? [] : tail.split(':');
  const words: number[] = [];
  const read = (parts: string[], allowV4Last: boolean): number[] | null => {
    const w: number[] = [];
    for (let k = 0; k < parts.length; k++) {
      const part = parts[k]!;
      if (allowV4Last && k === parts.length - 1 && part.includes('.')) {
        const tmp = new Uint16Array(2);
        if (!parseV4(part, tmp, 0)) return null;
        w.push(tmp[0]!, tmp[1]!);
      } else if (HEX_RE.test(part)) {
        w.push(parseInt(part, 16));
      } else {
        return null;
      }
    }
    return w;
  };
  const hw = read(hp, dbl < 0);
  const tw = read(tp, true);
  if (!hw || !tw) return 0;
  if (dbl >= 0) {
    if (hw.length + tw.length > 7) return 0;
    words.push(...hw, ...new Array<number>(8 - hw.length - tw.length).fill(0), ...tw);
  } else {
    if (hw.length !== 8) return 0;
    words.push(...hw);
  }
  for (let k = 0; k < 8; k++) out[k] = words[k]!;
  return 6;
}

/** Parses `address/prefix` (a bare address is a /32 or /128); null when invalid. */
export function parseCidr(text: string): Subnet | null {
  const slash = text.indexOf('/');
  const addr = slash >= 0 ? text.slice(0, slash) : text;
  const words = new Uint16Array(8);
  const fam = parseAddress(addr, words);
  if (fam === 0) return null;
  const max = fam === 4 ? 32 : 128;
  let prefix = max;
  if (slash >= 0) {
    const p = text.slice(slash + 1);
    if (!/^\d{1,3}$/.test(p) || Number(p) > max) return null;
    prefix = Number(p);
  }
  return { v4: fam === 4, words, bits: fam === 4 ? prefix + 96 : prefix };
}

const isMapped = (w: Uint16Array): boolean =>
  w[0] === 0 && w[1] === 0 && w[2] === 0 && w[3] === 0 && w[4] === 0 && w[5] === 0xffff;

/**
 * Builds a test `(address text) => boolean` for one subnet. The address may carry a `/prefix`
 * (interface addresses often do) or an IPv6 zone (`%eth0`); both are ignored.
 */
export function subnetTest(subnet: Subnet): (text: string) => boolean {
  const scratch = new Uint16Array(8);
  const { words, bits } = subnet;
  const full = bits >>> 4;
  const rest = bits & 15;
  const restMask = rest === 0 ? 0 : (0xffff << (16 - rest)) & 0xffff;
  const subnetMapped = isMapped(words) && bits >= 96;
  return (text: string): boolean => {
    const slash = text.indexOf('/');
    const fam = parseAddress(slash >= 0 ? text.slice(0, slash) : text, scratch);
    if (fam === 0) return false;
    // cross-family only through the IPv4-mapped range
    if (fam === 4 && !subnet.v4 && !subnetMapped) return false;
    if (fam === 6 && subnet.v4 && !isMapped(scratch)) return false;
    for (let k = 0; k < full; k++) if (scratch[k] !== words[k]) return false;
    if (rest !== 0 && ((scratch[full]! & restMask) !== (words[full]! & restMask))) return false;
    return true;
  };
}
