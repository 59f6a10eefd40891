/**
 * A BER writer into one reusable Buffer. Content is written forward from `start`; headers that
 * are only known once their content is complete (message, PDU, varbind list) are prepended into
 * the headroom left before `start`, so the hot path never moves bytes for them. Nested varbind
 * sequences reserve one length byte and move their content only when it exceeds 127 bytes.
 *
 * The caller owns the returned view (`bytes()`) only until the next reset().
 */
import { oidContentLength, writeOidContent } from './oid.js';

function lengthOfLength(len: number): number {
  return len < 0x80 ? 1 : len < 0x100 ? 2 : len < 0x10000 ? 3 : len < 0x1000000 ? 4 : 5;
}

/** Minimal two's complement byte count of a signed 32-bit (or unsigned 32-bit) integer. */
function intContentLength(v: number): number {
  if (v >= -0x80 && v < 0x80) return 1;
  if (v >= -0x8000 && v < 0x8000) return 2;
  if (v >= -0x800000 && v < 0x800000) return 3;
  if (v >= -0x80000000 && v < 0x80000000) return 4;
  return 5; // unsigned 32-bit values >= 2^31 need a leading 0x00
}

const U64_MAX = (1n << 64n) - 1n;

export class BerWriter {
  buf: Buffer;
  /** first byte of the encoding (moves down as headers are prepended) */
  start: number;
  /** next byte to write forward */
  pos: number;

  constructor(capacity = 65536 + 256) {
    this.buf = Buffer.allocUnsafe(capacity);
    this.start = 0;
    this.pos = 0;
  }

  /** Starts a new encoding leaving `headroom` bytes for prepend*() calls. */
  reset(headroom = 64): void {
    if (headroom > this.buf.length / 2) this.grow(headroom * 2);
    this.start = headroom;
    this.pos = headroom;
  }

  /** The bytes written so far (a view into the reusable buffer). */
  bytes(): Buffer {
    return this.buf.subarray(this.start, this.pos);
  }

  /** Bytes written forward since `mark`. */
  lengthSince(mark: number): number {
    return this.pos - mark;
  }

  private grow(need: number): void {
    let cap = this.buf.length * 2;
    while (cap < need) cap *= 2;
    const nb = Buffer.allocUnsafe(cap);
    this.buf.copy(nb, 0, 0, this.pos);
    this.buf = nb;
  }

  ensure(n: number): void {
    if (this.pos + n > this.buf.length) this.grow(this.pos + n);
  }

  // ---- forward writes ----

  writeLength(len: number): void {
    const b = this.buf;
    if (len < 0x80) {
      b[this.pos++] = len;
    } else if (len < 0x100) {
      b[this.pos++] = 0x81;
      b[this.pos++] = len;
    } else if (len < 0x10000) {
      b[this.pos++] = 0x82;
      b[this.pos++] = len >>> 8;
      b[this.pos++] = len & 0xff;
    } else {
      b[this.pos++] = 0x83;
      b[this.pos++] = (len >>> 16) & 0xff;
      b[this.pos++] = (len >>> 8) & 0xff;
      b[this.pos++] = len & 0xff;
    }
  }

  writeHeader(tag: number, len: number): void {
    this.ensure(6 + len);
    this.buf[this.pos++] = tag;
    this.writeLength(len);
  }

  /** INTEGER-like value: signed 32-bit for Integer, unsigned 32-bit for Counter32/Gauge32/TimeTicks. */
  writeInt(tag: number, v: number): void {
    const n = intContentLength(v);
    this.writeHeader(tag, n);
    const b = this.buf;
    // big-endian two's complement; for n = 5 the top byte is 0
    for (let i = n - 1; i >= 0; i--) {
      b[this.pos + i] = v & 0xff;
      v = Math.floor(v / 256);
    }
    this.pos += n;
  }

  /** Counter64 (or any unsigned 64-bit) exactly. Values outside 0..2^64-1 are a caller bug and throw. */
  writeUnsigned64(tag: number, v: bigint): void {
    if (v < 0n || v > U64_MAX) throw new RangeError(`Counter64 value ${v} outside 0..2^64-1`);
    const hi = Number(v >> 32n);
    const lo = Number(v & 0xffffffffn);
    this.writeUnsigned64HiLo(tag, hi, lo);
  }

  /** Counter64 from its 32-bit halves (no BigInt on the hot path). */
  writeUnsigned64HiLo(tag: number, hi: number, lo: number): void {
    const b = this.buf;
    this.ensure(12);
    // 8 bytes big-endian, then strip redundant leading zeros; keep a 0x00 if the top bit would be set
    const tmp = this.scratch;
    tmp[0] = hi >>> 24; tmp[1] = (hi >>> 16) & 0xff; tmp[2] = (hi >>> 8) & 0xff; tmp[3] = hi & 0xff;
    tmp[4] = lo >>> 24; tmp[5] = (lo >>> 16) & 0xff; tmp[6] = (lo >>> 8) & 0xff; tmp[7] = lo & 0xff;
    let first = 0;
    while (first < 7 && tmp[first] === 0) first++;
    const pad = tmp[first]! & 0x80 ? 1 : 0;
    const n = 8 - first + pad;
    b[this.pos++] = tag;
    b[this.pos++] = n;
    if (pad) b[this.pos++] = 0;
    for (let i = first; i < 8; i++) b[this.pos++] = tmp[i]!;
  }
  private readonly scratch = new Uint8Array(8);

  writeNull(tag = 0x05): void {
    this.ensure(2);
    this.buf[this.pos++] = tag;
    this.buf[this.pos++] = 0;
  }

  writeBytes(tag: number, v: Uint8Array): void {
    this.writeHeader(tag, v.length);
    this.buf.set(v, this.pos);
    this.pos += v.length;
  }

  /** OCTET STRING from text, UTF-8 encoded, without an intermediate Buffer. */
  writeString(tag: number, s: string): void {
    const n = Buffer.byteLength(s, 'utf8');
    this.writeHeader(tag, n);
    this.buf.write(s, this.pos, n, 'utf8');
    this.pos += n;
  }

  writeOid(tag: number, o: ArrayLike<number>): void {
    const n = oidContentLength(o);
    this.writeHeader(tag, n);
    this.pos = writeOidContent(this.buf, this.pos, o);
  }

  /** An OID given as pre-encoded content pieces (e.g. table base ++ column ++ row index). */
  writeOidParts(a: Uint8Array, b: Uint8Array, c: Uint8Array): void {
    const n = a.length + b.length + c.length;
    this.writeHeader(0x06, n);
    // byte loops: for pieces this small they beat TypedArray.set
    const buf = this.buf;
    let p = this.pos;
    for (let i = 0; i < a.length; i++) buf[p++] = a[i]!;
    for (let i = 0; i < b.length; i++) buf[p++] = b[i]!;
    for (let i = 0; i < c.length; i++) buf[p++] = c[i]!;
    this.pos = p;
  }

  writeRaw(v: Uint8Array): void {
    this.ensure(v.length);
    this.buf.set(v, this.pos);
    this.pos += v.length;
  }

  /** Opens a constructed value with a one-byte length placeholder; returns the mark for endSequence. */
  beginSequence(tag = 0x30): number {
    this.ensure(2);
    this.buf[this.pos++] = tag;
    this.buf[this.pos++] = 0;
    return this.pos;
  }

  /** Closes the constructed value opened at `mark`, moving its content if the length needs more bytes. */
  endSequence(mark: number): void {
    const len = this.pos - mark;
    if (len < 0x80) {
      this.buf[mark - 1] = len;
      return;
    }
    const extra = lengthOfLength(len) - 1;
    this.ensure(extra);
    this.buf.copyWithin(mark + extra, mark, this.pos);
    this.pos = mark - 1;
    this.writeLength(len);
    this.pos = mark + extra + len;
  }

  // ---- prepends into the headroom (in reverse order of appearance) ----

  prependBytes(v: Uint8Array): void {
    this.start -= v.length;
    if (this.start < 0) throw new RangeError('BerWriter headroom exhausted');
    this.buf.set(v, this.start);
  }

  /** Prepends tag and length for content that spans from `start` to `pos`. */
  prependHeaderFor(tag: number): void {
    this.prependHeader(tag, this.pos - this.start);
  }

  prependHeader(tag: number, len: number): void {
    const n = lengthOfLength(len);
    this.start -= n + 1;
    if (this.start < 0) throw new RangeError('BerWriter headroom exhausted');
    const b = this.buf;
    let p = this.start;
    b[p++] = tag;
    if (n === 1) {
      b[p] = len;
    } else {
      b[p++] = 0x80 | (n - 1);
      for (let i = n - 2; i >= 0; i--) b[p++] = (len >>> (8 * i)) & 0xff;
    }
  }

  prependInt(tag: number, v: number): void {
    const n = intContentLength(v);
    this.start -= n;
    if (this.start < 2) throw new RangeError('BerWriter headroom exhausted');
    for (let i = n - 1; i >= 0; i--) {
      this.buf[this.start + i] = v & 0xff;
      v = Math.floor(v / 256);
    }
    this.prependHeader(tag, n);
  }

  prependOctets(tag: number, v: Uint8Array): void {
    this.prependBytes(v);
    this.prependHeader(tag, v.length);
  }
}
