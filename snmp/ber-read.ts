/**
 * A bounds-checked BER reader over one datagram. Every read checks its bounds and throws a
 * BerReadError on malformed input; pdu-decode.ts catches it at the boundary and returns it as
 * data, so no throw escapes the codec.
 */
import type { DecodeErrorCode, Oid } from './pdu-types.js';

export class BerReadError extends Error {
  constructor(readonly code: DecodeErrorCode, readonly offset: number, detail: string) {
    super(`at byte ${offset}: ${detail}`);
    this.name = 'BerReadError';
  }
}

const hex = (n: number) => '0x' + n.toString(16).padStart(2, '0');

export class BerReader {
  pos: number;
  end: number;

  constructor(readonly buf: Uint8Array, start = 0, end = buf.length) {
    this.pos = start;
    this.end = end;
  }

  fail(code: DecodeErrorCode, detail: string, at = this.pos): never {
    throw new BerReadError(code, at, detail);
  }

  /** The next tag without consuming it, or -1 at the end. */
  peekTag(): number {
    return this.pos < this.end ? this.buf[this.pos]! : -1;
  }

  /** Reads tag and length, checks the tag (if given) and that the content fits; returns content length. */
  readHeader(expectTag?: number): number {
    const at = this.pos;
    if (this.pos >= this.end) this.fail('BER_TRUNCATED', 'expected a tag but the data ended');
    const tag = this.buf[this.pos++]!;
    if ((tag & 0x1f) === 0x1f) this.fail('BER_UNEXPECTED_TAG', `multi-byte tag ${hex(tag)} is not used by SNMP`, at);
    if (expectTag !== undefined && tag !== expectTag) {
      this.fail('BER_UNEXPECTED_TAG', `expected tag ${hex(expectTag)} but found ${hex(tag)}`, at);
    }
    this.lastTag = tag;
    if (this.pos >= this.end) this.fail('BER_TRUNCATED', 'expected a length but the data ended');
    let len = this.buf[this.pos++]!;
    if (len & 0x80) {
      const n = len & 0x7f;
      if (n === 0) this.fail('BER_BAD_LENGTH', 'indefinite length is not allowed', this.pos - 1);
      if (n > 4) this.fail('BER_BAD_LENGTH', `length of ${n} bytes is too large`, this.pos - 1);
      if (this.pos + n > this.end) this.fail('BER_TRUNCATED', 'length bytes run past the end');
      len = 0;
      for (let i = 0; i < n; i++) len = len * 256 + this.buf[this.pos++]!;
    }
    if (len > this.end - this.pos) {
      this.fail('BER_TRUNCATED', `content of ${len} bytes runs past the end (${this.end - this.pos} left)`, at);
    }
    return len;
  }

  /** Tag of the last header read by readHeader. */
  lastTag = -1;

  /** INTEGER (Integer32) content of `len` bytes as a signed 32-bit number. */
  readIntContent(len: number): number {
    const at = this.pos;
    if (len < 1) this.fail('BER_BAD_VALUE', 'empty INTEGER', at);
    // allow redundant leading sign bytes up to 5 bytes total (like most agents)
    if (len > 5) this.fail('BER_BAD_VALUE', `INTEGER of ${len} bytes does not fit 32 bits`, at);
    const b = this.buf;
    let v = b[this.pos]! & 0x80 ? -1 : 0;
    for (let i = 0; i < len; i++) v = v * 256 + b[this.pos + i]!;
    this.pos += len;
    if (v < -0x80000000 || v > 0xffffffff) this.fail('BER_BAD_VALUE', `INTEGER ${v} does not fit 32 bits`, at);
    return v;
  }

  readInt(tag = 0x02): number {
    const len = this.readHeader(tag);
    const v = this.readIntContent(len);
    if (v > 0x7fffffff) this.fail('BER_BAD_VALUE', `INTEGER ${v} is above Integer32`, this.pos - len);
    return v;
  }

  /** Counter32/Gauge32/TimeTicks content: unsigned 32-bit; a negative (buggy agent) encoding wraps like net-snmp does. */
  readUnsigned32Content(len: number): number {
    const v = this.readIntContent(len);
    return v < 0 ? v >>> 0 : v;
  }

  /** Counter64 content: unsigned 64-bit, exact. */
  readUnsigned64Content(len: number): bigint {
    this.readUnsigned64HiLo(len, this.hiLo);
    return (BigInt(this.hiLo.hi) << 32n) | BigInt(this.hiLo.lo);
  }
  private readonly hiLo = { hi: 0, lo: 0 };

  /** Counter64 content into two exact unsigned 32-bit halves, without BigInt (for allocation-free paths). */
  readUnsigned64HiLo(len: number, out: { hi: number; lo: number }): void {
    const at = this.pos;
    if (len < 1) this.fail('BER_BAD_VALUE', 'empty Counter64', at);
    if (len > 9 || (len === 9 && this.buf[this.pos] !== 0)) this.fail('BER_BAD_VALUE', `Counter64 of ${len} bytes does not fit 64 bits`, at);
    let hi = 0;
    let lo = 0;
    for (let i = 0; i < len; i++) {
      const byte = this.buf[this.pos + i]!;
      hi = ((hi * 256) + Math.floor(lo / 0x1000000)) >>> 0;
      lo = ((lo & 0xffffff) * 256 + byte) >>> 0;
    }
    this.pos += len;
    out.hi = hi;
    out.lo = lo;
  }

  /** OBJECT IDENTIFIER content as arcs. */
  readOidContent(len: number): Oid {
    const at = this.pos;
    if (len < 1) this.fail('BER_BAD_VALUE', 'empty OBJECT IDENTIFIER', at);
    const b = this.buf;
    const end = this.pos + len;
    // count sub-identifiers first (bytes without the continuation bit end one)
    let count = 0;
    for (let i = this.pos; i < end; i++) if ((b[i]! & 0x80) === 0) count++;
    if (b[end - 1]! & 0x80) this.fail('BER_BAD_VALUE', 'OBJECT IDENTIFIER ends inside a sub-identifier', end - 1);
    const out = new Uint32Array(count + 1);
    let k = 0;
    let v = 0;
    let nbytes = 0;
    for (let i = this.pos; i < end; i++) {
      const byte = b[i]!;
      if (nbytes === 0 && byte === 0x80) this.fail('BER_BAD_VALUE', 'sub-identifier with a leading 0x80 byte', i);
      v = v * 128 + (byte & 0x7f);
      nbytes++;
      if (v > 0xffffffff) this.fail('BER_BAD_VALUE', 'sub-identifier above 2^32-1', i);
      if ((byte & 0x80) === 0) {
        if (k === 0) {
          const x = v < 40 ? 0 : v < 80 ? 1 : 2;
          out[0] = x;
          out[1] = v - 40 * x;
          k = 2;
        } else {
          out[k++] = v;
        }
        v = 0;
        nbytes = 0;
      }
    }
    this.pos = end;
    return out;
  }

  readOctetsContent(len: number): Uint8Array {
    const v = this.buf.subarray(this.pos, this.pos + len);
    this.pos += len;
    return v;
  }

  skip(len: number): void {
    this.pos += len;
  }
}
