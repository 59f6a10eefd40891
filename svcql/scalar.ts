/** A cell value: text, number, or null (no value). NaN is a number without a value (IS NULL holds). */
export type Scalar = string | number | null;

const NUM_RE = /^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?\s*$/;

/** The number a value stands for, or NaN when it is not numeric text (hex, empty, words…). */
export function toNumber(v: Scalar): number {
  if (typeof v === 'number') return v;
  if (v === null) return NaN;
  return NUM_RE.test(v) ? Number(v) : NaN;
}

export const isNullish = (v: Scalar): boolean => v === null || (typeof v === 'number' && Number.isNaN(v));

export const asText = (v: Scalar): string => (v === null ? '' : typeof v === 'number' ? String(v) : v);

/**
 * Compares two values the SvcQL way: numerically when both are numbers or numeric text,
 * otherwise as case-sensitive strings. Returns NaN when either side is null (no order).
 */
export function compareScalars(a: Scalar, b: Scalar): number {
  if (isNullish(a) || isNullish(b)) return NaN;
  const x = toNumber(a);
  const y = toNumber(b);
  if (!Number.isNaN(x) && !Number.isNaN(y)) return x < y ? -1 : x > y ? 1 : 0;
  const s = asText(a);
  const t = asText(b);
  return s < t ? -1 : s > t ? 1 : 0;
}

/**
 * A comparator against a constant, compiled once: the constant's numeric reading is computed
 * up front, so per row only the row value is examined. Returns NaN when the row value is null.
 */
export function compareToConst(c: Scalar): (v: Scalar) => number {
  const cn = toNumber(c);
  const cs = asText(c);
  if (Number.isNaN(cn)) {
    return (v) => {
      if (v === null) return NaN;
      if (typeof v === 'number') {
        if (Number.isNaN(v)) return NaN;
        const s = String(v);
        return s < cs ? -1 : s > cs ? 1 : 0;
      }
      return v < cs ? -1 : v > cs ? 1 : 0;
    };
  }
  return (v) => {
    if (v === null) return NaN;
    if (typeof v === 'number') return Number.isNaN(v) ? NaN : v < cn ? -1 : v > cn ? 1 : 0;
    const x = toNumber(v);
    if (!Number.isNaN(x)) return x < cn ? -1 : x > cn ? 1 : 0;
    return v < cs ? -1 : v > cs ? 1 : 0;
  };
}

/** Order for sorting output: nulls last, then compareScalars. */
export function sortCompare(a: Scalar, b: Scalar): number {
  const an = isNullish(a);
  const bn = isNullish(b);
  if (an || bn) return an === bn ? 0 : an ? 1 : -1;
  return compareScalars(a, b);
}
