/** IPv4/IPv6 addresses and CIDR ranges as BigInts, for allow-lists and subnet tests. */
export interface Cidr {
  readonly bits: 32 | 128;
  readonly network: bigint;
  readonly prefix: number;
}

const V4_RE = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** The address as a BigInt with its width, or null when it is not an IPv4/IPv6 address. */
export function parseIp(text: string): { bits: 32 | 128; value: bigint } | null {
  const m = V4_RE.exec(text);
  if (m) {
    let v = 0n;
    for (let i = 1; i <= 4; i++) {
      const o = Number(m[i]);
      if (o > 255) return null;
      v = (v << 8n) | BigInt(o);
    }
    return { bits: 32, value: v };
  }
  if (!text.includes(':')) return null;
  let t = text;
  const zone = t.indexOf('%');
  if (zone >= 0) t = t.slice(0, zone);
  // An embedded IPv4 tail becomes two hextets.
  const v4tail = /:(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})$/.exec(t);
  if (v4tail) {
    const v4 = parseIp(v4tail[1]);
    if (!v4) return null;
    t = t.slice(0, v4tail.index + 1) + ((v4.value >> 16n).toString(16)) + ':' + ((v4.value & 0xffffn).toString(16));
  }
  const halves = t.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  let v = 0n;
  for (const g of groups) {
    if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return null;
    v = (v << 16n) | BigInt(parseInt(g, 16));
  }
  return { bits: 128, value: v };
}

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
