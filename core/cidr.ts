/**
 * IPv4/IPv6 addresses and CIDR ranges: the one parser of both, for allow-lists, discovery ranges,
 * host names, and SvcQL's `<<` operator.
 *
 * An address is read once, by `parseAddress`, into eight 16-bit words (an IPv4 address a.b.c.d is
 * ::ffff:a.b.c.d there). `parseIp` and `parseCidr` give the BigInt form the configuration's
 * callers compare; `subnetTest` is the form for SvcQL's hot path (one test per row, no BigInt and
 * no allocation per address).
 */
export interface Cidr {
  readonly bits: 32 | 128;
  readonly network: bigint;
  readonly prefix: number;
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

/**
 * Parses an address into `out` (8 words); returns 4 or 6 (the family), or 0 when invalid. A zone
 * (`%eth0`) is ignored, on either family; an IPv4 address fills words 5 (0xffff) to 7.
 */
function parseAddress(text: string, out: Uint16Array): 0 | 4 | 6 {
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

/**
 * The address as a BigInt with its width, or null when it is not an IPv4/IPv6 address. A zone is
 * taken on IPv6 addresses only (`fe80::1%eth0`; `10.0.0.1%eth0` is not an address here).
 */
export function parseIp(text: string): { bits: 32 | 128; value: bigint } | null {
  const pct = text.indexOf('%');
  if (pct >= 0 && text.lastIndexOf(':', pct) < 0) return null;
  const w = new Uint16Array(8);
  const family = parseAddress(text, w);
  if (family === 0) return null;
  if (family === 4) return { bits: 32, value: (BigInt(w[6]!) << 16n) | BigInt(w[7]!) };
  let v = 0n;
  for (let k = 0; k < 8; k++) v = (v << 16n) | BigInt(w[k]!);
  return { bits: 128, value: v };
}

/** Parses `address/prefix` (a bare address is a /32 or /128; host bits are cleared); null when invalid. */
export function parseCidr(text: string): Cidr | null {
  const slash = text.indexOf('/');
  const ip = parseIp(slash < 0 ? text : text.slice(0, slash));
  if (!ip) return null;
  const prefixText = slash < 0 ? String(ip.bits) : text.slice(slash + 1);
  if (!/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = Number(prefixText);
  if (prefix > ip.bits) return null;
  const hostBits = BigInt(ip.bits - prefix);
  return { bits: ip.bits, network: (ip.value >> hostBits) << hostBits, prefix };
}

/** An IPv4-mapped IPv6 address (`::ffff:a.b.c.d`) as the IPv4 address it reaches; any other as it is. */
function unmapped(ip: { bits: 32 | 128; value: bigint }): { bits: 32 | 128; value: bigint } {
  return ip.bits === 128 && ip.value >> 32n === 0xffffn ? { bits: 32, value: ip.value & 0xffffffffn } : ip;
}

/** `::ffff:a.b.c.d` → `a.b.c.d` (a probe to it goes to that IPv4 address); any other text unchanged. */
export function unmapIPv4(text: string): string {
  const ip = parseIp(text);
  if (!ip || ip.bits !== 128) return text;
  const u = unmapped(ip);
  return u.bits === 32 ? [24n, 16n, 8n, 0n].map((s) => String((u.value >> s) & 255n)).join('.') : text;
}

/**
 * Why an address cannot be a device's (unspecified, broadcast, multicast), or null. IPv4-mapped
 * IPv6 addresses are judged as their IPv4 address.
 */
export function notDeviceAddressReason(text: string): string | null {
  const raw = parseIp(text);
  if (!raw) return null;
  const ip = unmapped(raw);
  if (ip.bits === 32) {
    if (ip.value >> 24n === 0n) return 'an unspecified ("this network", 0.0.0.0/8) address';
    if (ip.value === 0xffffffffn) return 'the broadcast address';
    if (ip.value >> 28n === 0xen) return 'a multicast address (224.0.0.0/4)';
    return null;
  }
  if (ip.value === 0n) return 'the unspecified address (::)';
  if (ip.value >> 120n === 0xffn) return 'a multicast address (ff00::/8)';
  return null;
}

/** Whether `address` is in `c`; an IPv4-mapped IPv6 address is in the IPv4 ranges its IPv4 address is in. */
export function cidrContains(c: Cidr, address: string): boolean {
  const parsed = parseIp(address);
  const ip = parsed && c.bits === 32 ? unmapped(parsed) : parsed;
  if (!ip || ip.bits !== c.bits) return false;
  const hostBits = BigInt(c.bits - c.prefix);
  return (ip.value >> hostBits) << hostBits === c.network;
}

/** Every host address of a range (IPv4 only; network and broadcast addresses skipped for prefixes < 31). */
export function* cidrHosts(c: Cidr): Generator<string> {
  if (c.bits !== 32) return;
  const size = 1n << BigInt(32 - c.prefix);
  const skipEdges = c.prefix < 31;
  for (let i = skipEdges ? 1n : 0n; i < (skipEdges ? size - 1n : size); i++) {
    const v = c.network + i;
    yield [24n, 16n, 8n, 0n].map((s) => String((v >> s) & 255n)).join('.');
  }
}

const isMapped = (w: Uint16Array): boolean =>
  w[0] === 0 && w[1] === 0 && w[2] === 0 && w[3] === 0 && w[4] === 0 && w[5] === 0xffff;

/**
 * A test `(address text) => boolean` of one range, for SvcQL's `<<` (one call per row): an IPv4
 * address is in IPv4 ranges and in IPv4-mapped IPv6 ranges (`::ffff:0:0/96`), never in other IPv6
 * ones; an IPv4-mapped IPv6 address is in the IPv4 ranges of its IPv4 address. The address may
 * carry a `/prefix` (interface addresses often do) or a zone (`%eth0`); both are ignored.
 */
export function subnetTest(c: Cidr): (text: string) => boolean {
  const v4 = c.bits === 32;
  const words = new Uint16Array(8);
  if (v4) words[5] = 0xffff;
  for (let k = 7, v = c.network; k >= (v4 ? 6 : 0); k--, v >>= 16n) words[k] = Number(v & 0xffffn);
  // the prefix in the 128-bit space of the words (an IPv4 /24 is 120)
  const bits = v4 ? c.prefix + 96 : c.prefix;
  const scratch = new Uint16Array(8);
  const full = bits >>> 4;
  const rest = bits & 15;
  const restMask = rest === 0 ? 0 : (0xffff << (16 - rest)) & 0xffff;
  const subnetMapped = isMapped(words) && bits >= 96;
  return (text: string): boolean => {
    const slash = text.indexOf('/');
    const fam = parseAddress(slash >= 0 ? text.slice(0, slash) : text, scratch);
    if (fam === 0) return false;
    // cross-family only through the IPv4-mapped range
    if (fam === 4 && !v4 && !subnetMapped) return false;
    if (fam === 6 && v4 && !isMapped(scratch)) return false;
    for (let k = 0; k < full; k++) if (scratch[k] !== words[k]) return false;
    if (rest !== 0 && ((scratch[full]! & restMask) !== (words[full]! & restMask))) return false;
    return true;
  };
}
