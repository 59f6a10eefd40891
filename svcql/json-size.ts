/**
 * Estimates of the JSON size of answers, for bounding an answer while it is built (before
 * JSON.stringify would meet a string too long for V8 or a heap too small). In bytes of JSON text
 * of ASCII: exact for integers, `null`, booleans and text without characters to escape; a
 * non-integer counts NON_INTEGER_BYTES (what a double usually takes). Text with characters JSON
 * escapes or non-ASCII characters takes up to 6 times its estimate; callers keep their bounds
 * far enough below V8's string limit (2^29 characters) for that.
 */

/** What a finite non-integer takes, about (`0.30000000000000004` is 19). */
const NON_INTEGER_BYTES = 18;

/** Bytes of a number as JSON (`null` for NaN and ±Infinity). */
function numberBytes(n: number): number {
  if (!Number.isFinite(n)) return 4;
  if (!Number.isInteger(n) || Math.abs(n) >= 1e21) return NON_INTEGER_BYTES;
  let digits = n < 0 ? 2 : 1;
  let a = Math.abs(n);
  while (a >= 10) { a /= 10; digits++; }
  return digits;
}

/** Bytes of a string as a JSON string literal (quotes included). */
export const textBytes = (s: string): number => s.length + 2;

/**
 * Bytes of plain data (null, booleans, numbers, strings, arrays, plain objects) as JSON. Walks the
 * whole value: for small values (a row, an item); large ones are estimated piece by piece.
 */
export function jsonBytes(v: unknown): number {
  switch (typeof v) {
    case 'string': return textBytes(v);
    case 'number': return numberBytes(v);
    case 'boolean': return v ? 4 : 5;
    case 'object': {
      if (v === null) return 4;
      if (Array.isArray(v)) {
        let n = 2 + Math.max(0, v.length - 1);
        for (const x of v) n += jsonBytes(x);
        return n;
      }
      let n = 2;
      let first = true;
      for (const [k, x] of Object.entries(v)) {
        if (x === undefined) continue;
        n += (first ? 0 : 1) + textBytes(k) + 1 + jsonBytes(x);
        first = false;
      }
      return n;
    }
    default: return 0; // undefined and functions are left out by JSON.stringify
  }
}

/** Bytes of time_series `datapoints`, `[[value, tsMs], …]`, over parallel arrays. */
export function datapointsBytes(ts: ArrayLike<number>, values: ArrayLike<number>): number {
  let n = 2 + Math.max(0, ts.length - 1);
  for (let k = 0; k < ts.length; k++) n += 3 + numberBytes(values[k]!) + numberBytes(ts[k]!);
  return n;
}
