import { writeFraction, writeUint, type JsonWriter } from './json-writer.js';

/**
 * Values for graphs: no float noise such as 0.30000000000000004. Whole numbers print as they are;
 * values from 1 to 1e9 are rounded to 6 decimals (at least 7 significant digits, more than a graph
 * shows); the rest keep 12 significant digits. `writeGraphValue` writes the same text without
 * making a string (a 24 h graph of 10 series formats 14,400 values).
 */
export function graphValue(v: number): string {
  if (Number.isInteger(v)) return String(v);
  const a = v < 0 ? -v : v;
  if (a >= 1 && a < 1e9) return String(Math.round(v * 1e6) / 1e6);
  return String(Number(v.toPrecision(12)));
}

/** 10^k for k = 0…22 (all exact doubles). */
const POW10 = Array.from({ length: 23 }, (_, k) => Number(`1e${k}`));

/**
 * Writes `graphValue(v)` byte for byte. Why the digit paths are exact:
 *
 * - whole numbers below 1e15 in magnitude: their decimal digits, as String() prints them;
 * - 1 ≤ |v| < 1e9: with r = Math.round(v · 1e6) (the same r as graphValue), String(r / 1e6) is the
 *   decimal r · 10⁻⁶ itself, trailing zeros dropped: that decimal has at most 15 significant digits,
 *   and any two different decimals of ≤ 15 significant digits round to different doubles, so no
 *   shorter decimal reads back as r / 1e6 and String() (the shortest that reads back) prints it;
 * - 1e-6 ≤ |v| < 1: toPrecision(12) rounds the exact value of v to 12 significant digits. Here
 *   v · 10^(11−e) (e the decimal exponent, 10^(11−e) exact) is rounded instead; its error is below
 *   1e-4, so unless the fraction is within 1e-3 of a tie the rounding gives the same 12 digits,
 *   and String(Number(those digits)) prints them without trailing zeros (12 ≤ 15 digits, as above).
 *   Near a tie, and everywhere else, the string of graphValue is written.
 */
export function writeGraphValue(w: JsonWriter, v: number): void {
  w.reserve(MAX_FAST_VALUE_BYTES);
  const end = valueDigits(w.buf, w.pos, v);
  if (end >= 0) w.pos = end;
  else w.raw(graphValue(v));
}

/** Bytes the digit paths of writeGraphValue write at most (`-0.00000` and 12 digits). */
const MAX_FAST_VALUE_BYTES = 24;

/**
 * Writes graphValue(v) at `p` by the digit paths (room for MAX_FAST_VALUE_BYTES reserved by the
 * caller); returns the position after it, or -1 (nothing written that counts) when v needs
 * graphValue's string.
 */
function valueDigits(buf: Uint8Array, p: number, v: number): number {
  if (Number.isInteger(v)) {
    if (v >= 0 && v < 1e15) return writeUint(buf, p, v); // -0 and 0 both print 0
    if (v < 0 && v > -1e15) {
      buf[p] = 45; // -
      return writeUint(buf, p + 1, -v);
    }
    return -1;
  }
  const a = v < 0 ? -v : v;
  if (a >= 1 && a < 1e9) {
    let m = Math.round(v * 1e6);
    if (m < 0) { buf[p++] = 45; m = -m; }
    const whole = Math.floor(m / 1e6);
    p = writeUint(buf, p, whole);
    const frac = m - whole * 1e6;
    if (frac === 0) return p;
    buf[p] = 46; // .
    return writeFraction(buf, p + 1, frac, 6);
  }
  if (a >= 1e-6 && a < 1) {
    let e = Math.floor(Math.log10(a));
    let scaled = a * POW10[11 - e];
    if (scaled < 1e11) { e--; scaled = a * POW10[11 - e]; } else if (scaled >= 1e12) { e++; scaled = a * POW10[11 - e]; }
    const lower = Math.floor(scaled);
    const f = scaled - lower;
    if (e < 0 && scaled >= 1e11 && scaled < 1e12 && (f < 0.499 || f > 0.501)) {
      const digits = f < 0.5 ? lower : lower + 1; // 12 significant digits of a
      // 1e12 means |v| rounded up to the next power of ten: left to graphValue's string.
      if (digits < 1e12) {
        if (v < 0) buf[p++] = 45;
        buf[p++] = 48; // 0
        buf[p++] = 46; // .
        for (let z = -1 - e; z > 0; z--) buf[p++] = 48;
        return writeFraction(buf, p, digits, 12);
      }
    }
  }
  return -1;
}

/**
 * One point of a graph series as its JSON array element: `,"<tsMs>,<graphValue(v)>"` (the
 * separating comma first).
 */
export function writeGraphPoint(w: JsonWriter, tsMs: number, v: number): void {
  w.reserve(MAX_POINT_BYTES);
  const buf = w.buf;
  let p = w.pos;
  buf[p++] = 44; // ,
  buf[p++] = 34; // "
  if (!(tsMs >= 0 && tsMs < 1e15 && Number.isInteger(tsMs))) {
    w.pos = p;
    w.raw(`${tsMs},`);
    writeGraphValue(w, v);
    w.byte(34);
    return;
  }
  p = writeUint(buf, p, tsMs);
  buf[p++] = 44; // ,
  const end = valueDigits(buf, p, v);
  if (end >= 0) {
    buf[end] = 34; // "
    w.pos = end + 1;
    return;
  }
  w.pos = p;
  w.raw(graphValue(v));
  w.byte(34);
}

/** `,"` + a time stamp below 1e15 + `,` + MAX_FAST_VALUE_BYTES + `"`. */
const MAX_POINT_BYTES = 2 + 15 + 1 + MAX_FAST_VALUE_BYTES + 1;
