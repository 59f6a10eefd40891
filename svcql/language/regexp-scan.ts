/**
 * A scan of a regular expression's source (no flags, so Annex B syntax: a `{` that does not start
 * a well-formed quantifier is a literal) that finds what V8's linear-time engine refuses:
 * backreferences, lookaround, and bounded repetition that replicates a part more than
 * `maxReplication` times. It reads quantifiers as V8 does: any number of digits, leading zeros
 * included, and a count past 2^31 − 1 is unbounded (V8's `kInfinity`).
 *
 * Replication (V8's rule): `{n}` and `{n,m}` replicate their body m times (`{n}`: n), an unbounded
 * `{n,}` n + 1 times (`*` 1, `+` 2, `?` 1), and nested repetitions multiply. No count may exceed
 * the cap even before multiplying.
 *
 * The scan may refuse more than V8 does (e.g. `\1` with no group, which V8 reads as an octal
 * escape); it never accepts less, and the caller also asks V8 itself (regexp-check.ts).
 */

export type ScanProblem =
  | { readonly kind: 'backreference'; readonly text: string }
  | { readonly kind: 'lookaround'; readonly text: string }
  | { readonly kind: 'replication'; readonly text: string };

/** V8's `RegExpTree::kInfinity`: counts above it are read as unbounded. */
const V8_INFINITY = 2 ** 31 - 1;

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';

interface Braces { readonly min: number; readonly max: number; readonly end: number }

/**
 * Reads `{n}`, `{n,}` or `{n,m}` starting at p[i] (which is `{`) as V8 does; null when the brace
 * does not start a quantifier (V8 then reads a literal `{`). Unbounded: Infinity.
 */
function readBraces(p: string, i: number): Braces | null {
  let j = i + 1;
  const count = (): number | null => {
    if (!isDigit(p[j])) return null;
    let v = 0;
    while (isDigit(p[j])) {
      const d = p.charCodeAt(j) - 48;
      v = v > (V8_INFINITY - d) / 10 ? Infinity : v * 10 + d; // Infinity stays Infinity
      j++;
    }
    return v;
  };
  const min = count();
  if (min === null) return null;
  let max = min;
  if (p[j] === ',') {
    j++;
    if (p[j] === '}') {
      max = Infinity;
    } else {
      const m = count();
      if (m === null) return null;
      max = m;
    }
  }
  if (p[j] !== '}') return null;
  return { min, max, end: j + 1 };
}

/** The first problem of `p` for V8's linear-time engine, or null when the scan finds none. */
export function scanRegexp(p: string, maxReplication: number): ScanProblem | null {
  // One frame per open group: the largest replication inside it so far.
  const stack: number[] = [1];
  // Replication inside the atom just read (1 for a plain atom), 0 when no atom precedes (after
  // `(`, `|`, `^`, `$` or a quantifier): a quantifier there is a syntax error V8 reports.
  let last = 0;
  const atom = (inner: number): void => {
    if (inner > stack[stack.length - 1]!) stack[stack.length - 1] = inner;
    last = inner;
  };
  const n = p.length;
  let i = 0;
  /** Applies a quantifier read at [from, to) to the atom before it; a problem or null. */
  const quantify = (min: number, max: number, from: number, to: number): ScanProblem | null => {
    if (last === 0) return null;
    const text = p.slice(from, to);
    if (min > maxReplication || (max !== Infinity && max > maxReplication)) return { kind: 'replication', text };
    const local = max === Infinity ? min + 1 : max;
    const total = last * local;
    if (total > maxReplication) return { kind: 'replication', text };
    if (total > stack[stack.length - 1]!) stack[stack.length - 1] = total;
    last = 0;
    return null;
  };
  while (i < n) {
    const c = p[i]!;
    if (c === '\\') {
      const d = p[i + 1] ?? '';
      if (d >= '1' && d <= '9') {
        let j = i + 1;
        while (isDigit(p[j])) j++;
        return { kind: 'backreference', text: p.slice(i, j) };
      }
      if (d === 'k' && p[i + 2] === '<') {
        const close = p.indexOf('>', i);
        return { kind: 'backreference', text: p.slice(i, close < 0 ? n : close + 1) };
      }
      i += 2;
      atom(1);
      continue;
    }
    if (c === '[') {
      let j = i + 1;
      while (j < n && p[j] !== ']') j += p[j] === '\\' ? 2 : 1;
      i = j + 1;
      atom(1);
      continue;
    }
    if (c === '(') {
      if (p[i + 1] === '?') {
        const d = p[i + 2];
        const e = p[i + 3];
        if (d === '=' || d === '!') return { kind: 'lookaround', text: p.slice(i, i + 3) };
        if (d === '<' && (e === '=' || e === '!')) return { kind: 'lookaround', text: p.slice(i, i + 4) };
      }
      stack.push(1);
      last = 0;
      i++;
      continue;
    }
    if (c === ')') {
      const inner = stack.length > 1 ? stack.pop()! : 1;
      atom(inner);
      i++;
      continue;
    }
    if (c === '*' || c === '+' || c === '?') {
      const problem = quantify(c === '+' ? 1 : 0, c === '?' ? 1 : Infinity, i, i + 1);
      if (problem) return problem;
      i++;
      if (p[i] === '?') i++; // lazy
      continue;
    }
    if (c === '{') {
      const b = readBraces(p, i);
      if (b) {
        const problem = quantify(b.min, b.max, i, b.end);
        if (problem) return problem;
        i = b.end;
        if (p[i] === '?') i++; // lazy
        continue;
      }
      atom(1); // a literal '{'
      i++;
      continue;
    }
    if (c === '|' || c === '^' || c === '$') { last = 0; i++; continue; }
    atom(1);
    i++;
  }
  return null;
}
