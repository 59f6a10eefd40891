import type { BitWriter } from './bit-stream.js';

/**
 * The XOR float encoding shared by chunk versions 2 and 3 (Facebook's Gorilla): the first value as
 * 64 raw bits, then each XOR with the previous one — '0' when equal, '10' + the meaningful bits when
 * they fit the previous leading/trailing-zero window, else '11' + 5 bits of leading zeros + 6 bits
 * of (length − 1) + the bits. Exact for every float bit pattern.
 */
const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const LO = LITTLE_ENDIAN ? 0 : 1;
const HI = LITTLE_ENDIAN ? 1 : 0;

const ctz32 = (x: number): number => 31 - Math.clz32(x & -x);

/** The writer's state between values of one stream; one per stream. */
export class XorFloatWriter {
  private prevHi = 0;
  private prevLo = 0;
  private prevLead = -1;
  private prevTrail = 0;

  /** The stream's first value: 64 raw bits. */
  first(w: BitWriter, value: number): void {
    f64[0] = value;
    this.prevHi = u32[HI];
    this.prevLo = u32[LO];
    w.write(this.prevHi, 32);
    w.write(this.prevLo, 32);
  }

  /** Every later value: its XOR with the previous one. */
  next(w: BitWriter, value: number): void {
    f64[0] = value;
    const hi = u32[HI], lo = u32[LO];
    const xh = (hi ^ this.prevHi) >>> 0, xl = (lo ^ this.prevLo) >>> 0;
    this.prevHi = hi;
    this.prevLo = lo;
    if (xh === 0 && xl === 0) { w.write(0, 1); return; }
    const lead = Math.min(31, xh !== 0 ? Math.clz32(xh) : 32 + Math.clz32(xl));
    const trail = xl !== 0 ? ctz32(xl) : 32 + ctz32(xh);
    if (this.prevLead >= 0 && lead >= this.prevLead && trail >= this.prevTrail) {
      w.write(0b10, 2);
      write64(w, xh, xl, this.prevTrail, 64 - this.prevLead - this.prevTrail);
    } else {
      const len = 64 - lead - trail;
      w.write(0b11, 2);
      w.write(lead, 5);
      w.write(len - 1, 6);
      write64(w, xh, xl, trail, len);
      this.prevLead = lead;
      this.prevTrail = trail;
    }
  }
}

/** Writes bits [shift, shift + len) of the 64-bit (hi, lo), len ≥ 1. */
function write64(w: BitWriter, hi: number, lo: number, shift: number, len: number): void {
  let h: number, l: number;
  if (shift === 0) { h = hi; l = lo; }
  else if (shift < 32) { l = ((lo >>> shift) | (hi << (32 - shift))) >>> 0; h = hi >>> shift; }
  else { l = hi >>> (shift - 32); h = 0; }
  if (len > 32) { w.write(h, len - 32); w.write(l, 32); }
  else w.write(l, len);
}

/** The reader's state between values of one stream written by XorFloatWriter; one per stream. */
export class XorFloatReader {
  private hi = 0;
  private lo = 0;
  private lead = 0;
  private trail = 0;

  first(r: { read(bits: number): number }): number {
    this.hi = r.read(32);
    this.lo = r.read(32);
    return this.value();
  }

  next(r: { read(bits: number): number }): number {
    if (r.read(1) === 1) {
      let len: number;
      if (r.read(1) === 1) { this.lead = r.read(5); len = r.read(6) + 1; this.trail = 64 - this.lead - len; }
      else len = 64 - this.lead - this.trail;
      let h = 0, l: number;
      if (len > 32) { h = r.read(len - 32); l = r.read(32); }
      else l = r.read(len);
      const trail = this.trail;
      let xh: number, xl: number;
      if (trail === 0) { xh = h; xl = l; }
      else if (trail < 32) { xh = ((h << trail) | (l >>> (32 - trail))) >>> 0; xl = (l << trail) >>> 0; }
      else { xh = (l << (trail - 32)) >>> 0; xl = 0; }
      this.hi = (this.hi ^ xh) >>> 0;
      this.lo = (this.lo ^ xl) >>> 0;
    }
    return this.value();
  }

  private value(): number {
    u32[HI] = this.hi;
    u32[LO] = this.lo;
    return f64[0];
  }
}
