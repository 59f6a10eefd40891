/**
 * Bit-level writer and reader over 32-bit words, most significant bit first, for the compressed
 * chunk encoding. Words are stored little-endian in the chunk bytes.
 */
export class BitWriter {
  private words: Uint32Array;
  private wordAt = 0;
  private bitAt = 0;

  constructor(capacityWords = 64) { this.words = new Uint32Array(capacityWords); }

  reset(): void { this.words.fill(0, 0, this.wordAt + 1); this.wordAt = 0; this.bitAt = 0; }

  /** Writes the low `n` bits of `value` (0 ≤ n ≤ 32). */
  write(value: number, n: number): void {
    if (n === 0) return;
    const v = n === 32 ? value >>> 0 : (value & ((1 << n) - 1)) >>> 0;
    const free = 32 - this.bitAt;
    if (this.wordAt + 1 >= this.words.length) this.grow();
    if (n <= free) {
      this.words[this.wordAt] |= v << (free - n);
      this.bitAt += n;
      if (this.bitAt === 32) { this.wordAt++; this.bitAt = 0; }
    } else {
      const low = n - free;
      this.words[this.wordAt] |= v >>> low;
      this.wordAt++;
      this.words[this.wordAt] = v << (32 - low);
      this.bitAt = low;
    }
  }

  /** Words written so far, the last one padded with zero bits. */
  get wordCount(): number { return this.wordAt + (this.bitAt > 0 ? 1 : 0); }

  /** Bits written so far. */
  get bitLength(): number { return this.wordAt * 32 + this.bitAt; }

  /** Writes a number 0 ≤ value < 2^53 in `n` bits (n ≤ 53). */
  writeWide(value: number, n: number): void {
    if (n > 32) { this.write(Math.floor(value / 4294967296), n - 32); this.write(value >>> 0, 32); }
    else this.write(value, n);
  }

  /**
   * Copies the bits into `bytes` from `at`, big-endian, in `ceil(bitLength / 8)` bytes (no padding
   * to a word), for `BitReader` with `bigEndian`.
   */
  copyBytesBE(bytes: Uint8Array, at: number): void {
    const n = Math.ceil(this.bitLength / 8);
    for (let i = 0; i < n; i++) bytes[at + i] = this.words[i >>> 2] >>> (24 - 8 * (i & 3));
  }

  /** Copies the words into `view` at byte offset `at`. */
  copyTo(view: DataView, at: number): void {
    const n = this.wordCount;
    for (let i = 0; i < n; i++) view.setUint32(at + i * 4, this.words[i], true);
  }

  private grow(): void {
    const words = new Uint32Array(this.words.length * 2);
    words.set(this.words);
    this.words = words;
  }
}

export class BitReader {
  private readonly view: DataView;
  private readonly base: number;
  private readonly limitWords: number;
  private wordAt = 0;
  private bitAt = 0;
  private word = 0;

  /** Reads the little-endian u32 words of `view` from byte `base` to its end. */
  constructor(view: DataView, base: number) {
    this.view = view;
    this.base = base;
    this.limitWords = Math.floor((view.byteLength - base) / 4);
    this.word = this.load(0);
  }

  /** Reads `n` bits (0 ≤ n ≤ 32) as an unsigned number. */
  read(n: number): number {
    if (n === 0) return 0;
    const free = 32 - this.bitAt;
    if (n <= free) {
      const v = ((this.word << this.bitAt) >>> 0) >>> (32 - n);
      this.bitAt += n;
      if (this.bitAt === 32) { this.wordAt++; this.bitAt = 0; this.word = this.load(this.wordAt); }
      return v;
    }
    const low = n - free;
    const hi = ((this.word << this.bitAt) >>> 0) >>> this.bitAt;
    this.wordAt++;
    this.word = this.load(this.wordAt);
    const lo = this.word >>> (32 - low);
    this.bitAt = low;
    return ((hi << low) | lo) >>> 0;
  }

  /** Reading past the end yields zero bits; the decoder's point count keeps it from doing so. */
  private load(i: number): number {
    return i < this.limitWords ? this.view.getUint32(this.base + i * 4, true) : 0;
  }
}

/**
 * Reads the bytes written by `BitWriter.copyBytesBE` (big-endian, the last word possibly cut
 * short). One instance is reset for each stream, so decoding allocates nothing.
 */
export class ByteBitReader {
  private bytes: Uint8Array = new Uint8Array(0);
  private at = 0;
  private bitAt = 0;
  private word = 0;

  /** Starts reading `bytes` from byte `base`. */
  reset(bytes: Uint8Array, base: number): this {
    this.bytes = bytes;
    this.at = base;
    this.bitAt = 0;
    this.word = this.load();
    return this;
  }

  /** Reads `n` bits (0 ≤ n ≤ 32) as an unsigned number. */
  read(n: number): number {
    if (n === 0) return 0;
    const free = 32 - this.bitAt;
    if (n <= free) {
      const v = ((this.word << this.bitAt) >>> 0) >>> (32 - n);
      this.bitAt += n;
      if (this.bitAt === 32) { this.at += 4; this.bitAt = 0; this.word = this.load(); }
      return v;
    }
    const low = n - free;
    const hi = ((this.word << this.bitAt) >>> 0) >>> this.bitAt;
    this.at += 4;
    this.word = this.load();
    const lo = this.word >>> (32 - low);
    this.bitAt = low;
    return ((hi << low) | lo) >>> 0;
  }

  /** Reads `n` bits (n ≤ 53) as an unsigned number. */
  readWide(n: number): number {
    if (n > 32) { const hi = this.read(n - 32); return hi * 4294967296 + this.read(32); }
    return this.read(n);
  }

  /** The word at `at`; bytes past the end read as zero bits. */
  private load(): number {
    const b = this.bytes, i = this.at;
    if (i + 4 <= b.length) return ((b[i] << 24) | (b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]) >>> 0;
    let w = 0;
    for (let k = 0; k < 4; k++) w = (w << 8) | (i + k < b.length ? b[i + k] : 0);
    return w >>> 0;
  }
}
