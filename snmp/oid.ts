/** OBJECT IDENTIFIER helpers: dotted text <-> Uint32Array arcs, ordering, and BER content bytes. */
import type { Oid } from './pdu-types.js';

const MAX_ARC = 0xffffffff;

/**
 * Parses "1.3.6.1.2.1.1.1.0" (a leading dot is allowed) into arcs.
 * Returns undefined for text that is not a dotted list of 32-bit unsigned arcs.
 */
export function parseOid(text: string): Oid | undefined {
  const s = text.startsWith('.') ? text.slice(1) : text;
  if (s.length === 0) return undefined;
  const parts = s.split('.');
  const out = new Uint32Array(parts.length);
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!;
    if (!/^\d{1,10}$/.test(p)) return undefined;
    const n = Number(p);
    if (n > MAX_ARC) return undefined;
    out[i] = n;
  }
  return out;
}

/** Like parseOid but for constants in our own code: an invalid OID is a bug and throws. */
export function oid(text: string): Oid {
  const o = parseOid(text);
  if (!o) throw new Error(`invalid OID constant '${text}'`);
  return o;
}

/** Dotted text without a leading dot. */
export function formatOid(o: ArrayLike<number>): string {
  let s = '';
  for (let i = 0; i < o.length; i++) s += (i ? '.' : '') + o[i];
  return s;
}

/** Lexicographic order of SNMP: arc by arc, a proper prefix sorts first. Returns <0, 0 or >0. */
export function compareOid(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const n = a.length < b.length ? a.length : b.length;
  for (let i = 0; i < n; i++) {
    const d = a[i]! - b[i]!;
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

/** True when `o` equals `prefix` or lies under it. */
export function oidStartsWith(o: ArrayLike<number>, prefix: ArrayLike<number>): boolean {
  if (o.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (o[i] !== prefix[i]) return false;
  return true;
}

/** Bytes needed to encode one sub-identifier in base-128. */
export function arcLength(v: number): number {
  if (v < 0x80) return 1;
  if (v < 0x4000) return 2;
  if (v < 0x200000) return 3;
  if (v < 0x10000000) return 4;
  return 5;
}

/** Writes one sub-identifier base-128 at buf[pos]; returns the new position. */
export function writeArc(buf: Uint8Array, pos: number, v: number): number {
  const len = arcLength(v);
  // last byte has no continuation bit, every earlier byte has it
  for (let i = len - 1; i >= 0; i--) {
    buf[pos + i] = (v & 0x7f) | (i === len - 1 ? 0 : 0x80);
    v = Math.floor(v / 128);
  }
  return pos + len;
}

/** First encoded sub-identifier: X*40+Y for the first two arcs (X <= 2). A lone arc encodes as X*40. */
function firstSubId(o: ArrayLike<number>): number {
  if (o.length === 0) return 0;
  return o[0]! * 40 + (o.length > 1 ? o[1]! : 0);
}

/** Length of the BER content (without tag and length) of an OID. */
export function oidContentLength(o: ArrayLike<number>): number {
  let n = arcLength(firstSubId(o));
  for (let i = 2; i < o.length; i++) n += arcLength(o[i]!);
  return n;
}

/** Writes the BER content of an OID at buf[pos]; returns the new position. */
export function writeOidContent(buf: Uint8Array, pos: number, o: ArrayLike<number>): number {
  pos = writeArc(buf, pos, firstSubId(o));
  for (let i = 2; i < o.length; i++) pos = writeArc(buf, pos, o[i]!);
  return pos;
}

/** BER content bytes of an OID, for pre-encoding constant OIDs once. */
export function encodeOidContent(o: ArrayLike<number>): Buffer {
  const b = Buffer.allocUnsafe(oidContentLength(o));
  writeOidContent(b, 0, o);
  return b;
}

/**
 * Encodes arcs that continue an OID (no X*40+Y folding), e.g. a table row index, so that
 * `encodeOidContent(base) ++ encodeArcs(suffix)` is the content of base.suffix.
 */
export function encodeArcs(arcs: ArrayLike<number>): Buffer {
  let n = 0;
  for (let i = 0; i < arcs.length; i++) n += arcLength(arcs[i]!);
  const b = Buffer.allocUnsafe(n);
  let p = 0;
  for (let i = 0; i < arcs.length; i++) p = writeArc(b, p, arcs[i]!);
  return b;
}
