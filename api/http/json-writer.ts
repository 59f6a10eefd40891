/**
 * Writes JSON text straight into a growing Buffer: for large answers made of many small values
 * (graph series), where building strings and arrays of strings for JSON.stringify costs more than
 * the text itself. The caller is responsible for well-formed JSON; `jsonString` and `json` escape
 * exactly as JSON.stringify does (they call it).
 *
 * Hot writers may write `buf` at `pos` directly after `reserve(n)`, for at most n bytes, and then
 * set `pos` past what they wrote (the digit functions below work that way).
 */
import type { BufferPool } from './buffer-pool.js';

export class JsonWriter {
  buf: Buffer;
  pos = 0;
  private released = false;

  /** With a pool, the buffer comes from it, and `release` gives it back. */
  constructor(initialBytes = 4096, private readonly pool?: BufferPool) {
    const n = Math.max(64, initialBytes);
    this.buf = pool ? pool.take(n) : Buffer.allocUnsafe(n);
  }

  get length(): number { return this.pos; }

  /** Room for `n` more bytes. */
  reserve(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.pos + n));
    this.buf.copy(next, 0, 0, this.pos);
    this.pool?.give(this.buf); // nothing else has seen it
    this.buf = next;
  }

  /** One byte (an ASCII character code). */
  byte(c: number): void {
    if (this.pos >= this.buf.length) this.reserve(1);
    this.buf[this.pos++] = c;
  }

  /** Text as UTF-8, unescaped (for text that is already JSON, or ASCII punctuation). */
  raw(text: string): void {
    this.reserve(text.length * 3);
    this.pos += this.buf.write(text, this.pos, 'utf8');
  }

  /** A value as JSON.stringify writes it. */
  json(value: unknown): void {
    this.raw(JSON.stringify(value));
  }

  /** A string as a JSON string literal (quotes and escapes as JSON.stringify). */
  jsonString(s: string): void {
    this.raw(JSON.stringify(s));
  }

  /** A non-negative integer below 1e15 in decimal, as String(n) writes it (the caller checks the range). */
  uint(n: number): void {
    this.reserve(16);
    this.pos = writeUint(this.buf, this.pos, n);
  }

  /** `n` (an integer, 0 ≤ n < 10^width, n < 1e15) in exactly `width` digits, zero-padded on the left. */
  padded(n: number, width: number): void {
    this.reserve(width);
    this.pos = writePadded(this.buf, this.pos, n, width);
  }

  /**
   * The fraction digits of `n / 10^width` (an integer, 0 < n < 10^width, n < 1e15) without trailing
   * zeros: 120 of width 6 → `00012`.
   */
  fraction(n: number, width: number): void {
    this.reserve(width);
    this.pos = writeFraction(this.buf, this.pos, n, width);
  }

  /** The bytes written (a view of the writer's buffer; the writer must not be used afterwards). */
  finish(): Buffer {
    return this.buf.subarray(0, this.pos);
  }

  /**
   * Gives the buffer back to the pool (once; a no-op without a pool), when nothing reads the bytes
   * of `finish` any more.
   */
  readonly release = (): void => {
    if (this.released || this.pool === undefined) return;
    this.released = true;
    this.pool.give(this.buf);
  };
}

/** The two ASCII digits of 0…99 at [2k, 2k + 1]. */
const PAIRS = new Uint8Array(200);
for (let k = 0; k < 100; k++) { PAIRS[2 * k] = 48 + Math.floor(k / 10); PAIRS[2 * k + 1] = 48 + (k % 10); }

/** Digits of an int32 n ≥ 0. */
function uint32Length(n: number): number {
  if (n < 100_000) return n < 10 ? 1 : n < 100 ? 2 : n < 1000 ? 3 : n < 10_000 ? 4 : 5;
  return n < 1_000_000 ? 6 : n < 10_000_000 ? 7 : n < 100_000_000 ? 8 : n < 1_000_000_000 ? 9 : 10;
}

/** Writes the int32 n ≥ 0 in exactly `width` digits ending before `end` (zero-padded). */
function pairsBackwards(buf: Uint8Array, end: number, n: number, width: number): void {
  let q = end;
  let v = n | 0;
  const start = end - width;
  while (q - start >= 2) {
    const t = (v / 100) | 0;
    const r = (v - t * 100) << 1;
    buf[--q] = PAIRS[r + 1];
    buf[--q] = PAIRS[r];
    v = t;
  }
  if (q > start) buf[--q] = 48 + v;
}

/**
 * Writes a non-negative integer n < 1e15 at `pos` (room reserved by the caller: 15 bytes) as
 * String(n) does; returns the position after it.
 */
export function writeUint(buf: Uint8Array, pos: number, n: number): number {
  if (n <= 0x7fffffff) {
    const len = uint32Length(n);
    pairsBackwards(buf, pos + len, n, len);
    return pos + len;
  }
  const hi = Math.floor(n / 1e8); // < 1e7; exact for n < 1e15
  const lo = n - hi * 1e8;
  const len = uint32Length(hi);
  pairsBackwards(buf, pos + len, hi, len);
  pairsBackwards(buf, pos + len + 8, lo, 8);
  return pos + len + 8;
}

/** Writes n (0 ≤ n < 10^width, n < 1e15) in exactly `width` digits; returns the position after it. */
function writePadded(buf: Uint8Array, pos: number, n: number, width: number): number {
  if (n <= 0x7fffffff && width <= 10) {
    pairsBackwards(buf, pos + width, n, width);
    return pos + width;
  }
  const hi = Math.floor(n / 1e8);
  const lo = n - hi * 1e8;
  pairsBackwards(buf, pos + width - 8, hi, width - 8);
  pairsBackwards(buf, pos + width, lo, 8);
  return pos + width;
}

/**
 * Writes the digits of n / 10^width after a decimal point (0 < n < 10^width, n < 1e15) without
 * trailing zeros; returns the position after them.
 */
export function writeFraction(buf: Uint8Array, pos: number, n: number, width: number): number {
  let end = writePadded(buf, pos, n, width);
  while (buf[end - 1] === 48) end--; // n > 0: stops at a non-zero digit
  return end;
}
