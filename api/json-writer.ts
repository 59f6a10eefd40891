/**
 * Writes JSON text straight into a growing Buffer: for large answers made of many small values
 * (graph series), where building strings and arrays of strings for JSON.stringify costs more than
 * the text itself. The caller is responsible for well-formed JSON; `jsonString` and `json` escape
 * exactly as JSON.stringify does (they call it).
 */
export class JsonWriter {
  private buf: Buffer;
  private pos = 0;

  constructor(initialBytes = 4096) {
    this.buf = Buffer.allocUnsafe(Math.max(64, initialBytes));
  }

  get length(): number { return this.pos; }

  /** Room for `n` more bytes. */
  reserve(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.pos + n));
    this.buf.copy(next, 0, 0, this.pos);
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

  /**
   * A non-negative integer below 1e15 in decimal, as String(n) writes it. The caller checks the
   * range (above it, division by 10 in doubles is no longer exact enough).
   */
  uint(n: number): void {
    if (n < 1e8) {
      this.smallUint(n);
      return;
    }
    const hi = Math.floor(n / 1e8);
    this.smallUint(hi);
    this.padded(n - hi * 1e8, 8);
  }

  /** `n` (an integer, 0 ≤ n < 10^width and n < 1e15) in exactly `width` digits, zero-padded on the left. */
  padded(n: number, width: number): void {
    this.reserve(width);
    const buf = this.buf;
    let p = this.pos + width - 1;
    let v = n;
    while (v > 0x7fffffff) { // doubles: exact for integers below 1e15
      const q = Math.floor(v / 10);
      buf[p--] = 48 + v - q * 10;
      v = q;
    }
    let i = v | 0;
    for (; p >= this.pos; p--) {
      const q = (i / 10) | 0;
      buf[p] = 48 + i - q * 10;
      i = q;
    }
    this.pos += width;
  }

  /**
   * The fraction digits of `n / 10^width` (an integer, 0 < n < 10^width, n < 1e15) without trailing
   * zeros: 120 of width 6 → `00012`.
   */
  fraction(n: number, width: number): void {
    let v = n;
    let w = width;
    while (v % 10 === 0) { v /= 10; w--; }
    this.padded(v, w);
  }

  private smallUint(n: number): void {
    let v = n | 0;
    let digits = 1;
    for (let t = 10; t <= v; t *= 10) digits++;
    this.padded(v, digits);
  }

  /** The bytes written (a view of the writer's buffer; the writer must not be used afterwards). */
  finish(): Buffer {
    return this.buf.subarray(0, this.pos);
  }
}
