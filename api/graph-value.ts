import type { JsonWriter } from './json-writer.js';

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
  if (Number.isInteger(v)) {
    if (v < 0) {
      if (v > -1e15) { w.byte(45 /* - */); w.uint(-v); return; }
    } else if (v < 1e15) {
      w.uint(v); // -0 and 0 both print 0
      return;
    }
    w.raw(String(v));
    return;
  }
  const a = v < 0 ? -v : v;
  if (a >= 1 && a < 1e9) {
    const r = Math.round(v * 1e6);
    let m = r;
    if (m < 0) { w.byte(45); m = -m; }
    const whole = Math.floor(m / 1e6);
    w.uint(whole);
    const frac = m - whole * 1e6;
    if (frac !== 0) { w.byte(46 /* . */); w.fraction(frac, 6); }
    return;
  }
  if (a >= 1e-6 && a < 1) {
    let e = Math.floor(Math.log10(a));
    let scaled = a * POW10[11 - e];
    if (scaled < 1e11) { e--; scaled = a * POW10[11 - e]; } else if (scaled >= 1e12) { e++; scaled = a * POW10[11 - e]; }
    const lower = Math.floor(scaled);
    const f = scaled - lower;
    if (scaled >= 1e11 && scaled < 1e12 && (f < 0.499 || f > 0.501)) {
      let digits = f < 0.5 ? lower : lower + 1; // 12 significant digits of a
      if (digits === 1e12) { digits = 1e11; e++; } // rounded up to the next power of ten
      if (e >= 0) { w.raw(graphValue(v)); return; } // |v| rounds to 1: print as graphValue does
      if (v < 0) w.byte(45);
      w.byte(48 /* 0 */); w.byte(46 /* . */);
      for (let z = -1 - e; z > 0; z--) w.byte(48);
      w.fraction(digits, 12);
      return;
    }
  }
  w.raw(graphValue(v));
}
