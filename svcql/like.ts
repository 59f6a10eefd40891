/**
 * LIKE patterns: `%` any run of characters, `_` one character, `\` escapes the next character;
 * case-insensitive. Matched by a greedy wildcard scan (O(text × pattern) at worst), never by a
 * regular expression, so no pattern can backtrack exponentially.
 */
export function compileLike(pattern: string): (text: string) => boolean {
  // Pattern tokens: a string where '\u0000' marks '%' and '\u0001' marks '_' would be ambiguous
  // with real control characters, so keep parallel arrays instead.
  const chars: string[] = [];
  const kinds: number[] = []; // 0 literal, 1 '%', 2 '_'
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\' && i + 1 < pattern.length) { chars.push(pattern[++i]!.toLowerCase()); kinds.push(0); continue; }
    if (c === '%') { if (kinds[kinds.length - 1] !== 1) { chars.push(''); kinds.push(1); } continue; }
    if (c === '_') { chars.push(''); kinds.push(2); continue; }
    chars.push(c.toLowerCase());
    kinds.push(0);
  }
  const m = kinds.length;
  // Fast paths: no wildcard; 'abc%'; '%abc'; '%abc%'.
  const literal = (from: number, to: number): string | null => {
    let s = '';
    for (let k = from; k < to; k++) { if (kinds[k] !== 0) return null; s += chars[k]; }
    return s;
  };
  const whole = literal(0, m);
  if (whole !== null) return (t) => t.toLowerCase() === whole;
  if (m >= 1 && kinds[m - 1] === 1) {
    const pre = literal(0, m - 1);
    if (pre !== null) return (t) => t.toLowerCase().startsWith(pre);
    if (kinds[0] === 1) {
      const mid = literal(1, m - 1);
      if (mid !== null) return (t) => t.toLowerCase().includes(mid);
    }
  }
  if (kinds[0] === 1) {
    const suf = literal(1, m);
    if (suf !== null) return (t) => t.toLowerCase().endsWith(suf);
  }
  return (text: string): boolean => {
    const t = text.toLowerCase();
    let ti = 0;
    let pi = 0;
    let starP = -1;
    let starT = 0;
    while (ti < t.length) {
      if (pi < m && (kinds[pi] === 2 || (kinds[pi] === 0 && chars[pi] === t[ti]))) { ti++; pi++; continue; }
      if (pi < m && kinds[pi] === 1) { starP = pi++; starT = ti; continue; }
      if (starP >= 0) { pi = starP + 1; ti = ++starT; continue; }
      return false;
    }
    while (pi < m && kinds[pi] === 1) pi++;
    return pi === m;
  };
}
