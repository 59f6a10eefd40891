import v8 from 'node:v8';
import { limits } from './limits.js';
import { regexpError, type Position } from './errors.js';

let enabled = false;

/**
 * Turns on V8's linear-time regexp engine as the fallback for excessive backtracking. Call once at
 * process start, before serving queries (the server's main does; tests call it too). Idempotent.
 * The fallback only covers patterns without flags, backreferences and lookaround and with small
 * bounded repetitions: checkRegexpSource rejects everything else, and SvcQL compiles with no flags.
 */
export function enableRegexpSafety(): void {
  if (enabled) return;
  v8.setFlagsFromString('--enable-experimental-regexp-engine-on-excessive-backtracks');
  enabled = true;
}

export const regexpSafetyEnabled = (): boolean => enabled;

/**
 * Checks that a REGEXP pattern compiles and is one V8's linear engine accepts, so a catastrophic
 * pattern falls back to linear time instead of hanging. Throws SVCQL_REGEXP (positioned at the
 * pattern's token) otherwise.
 */
export function checkRegexpSource(pattern: string, pos?: Position): void {
  checkStructure(pattern, pos);
  try {
    new RegExp(pattern);
  } catch (e) {
    throw regexpError(`invalid pattern ${JSON.stringify(pattern)}: ${(e as Error).message}`, pos, e);
  }
}

/** Compiles a checked pattern: no flags (case-sensitive, unanchored search). */
export function compileRegexp(pattern: string): RegExp {
  checkRegexpSource(pattern);
  return new RegExp(pattern);
}

interface Frame { max: number }

/**
 * Scans the pattern: rejects backreferences and lookaround, and computes how often bounded
 * repetition replicates each part (V8's linear engine refuses a product above 16, or any bound
 * above 16).
 */
function checkStructure(p: string, pos?: Position): void {
  const stack: Frame[] = [{ max: 1 }];
  let last = 0; // replication factor of the atom just read (0: none, a quantifier cannot apply)
  const atom = (factor: number): void => {
    const f = stack[stack.length - 1]!;
    if (factor > f.max) f.max = factor;
    last = factor;
  };
  const tooComplex = (): never => {
    throw regexpError(
      `pattern ${JSON.stringify(p)} repeats a part more than ${limits.maxRegexpReplication} times in bounded ` +
      `or nested repetitions; simplify it (e.g. use + or * instead of {n,m})`, pos);
  };
  const quantify = (min: number, max: number): void => {
    if (last === 0) return; // let RegExp report "nothing to repeat"
    const cap = limits.maxRegexpReplication;
    if (min > cap || (max !== Infinity && max > cap)) tooComplex();
    const local = max === Infinity ? min + 1 : max;
    const factor = last * local;
    if (factor > cap) tooComplex();
    const f = stack[stack.length - 1]!;
    if (factor > f.max) f.max = factor;
    last = 0;
  };
  let i = 0;
  const n = p.length;
  while (i < n) {
    const c = p[i]!;
    if (c === '\\') {
      const d = p[i + 1] ?? '';
      if (d >= '1' && d <= '9') throw regexpError(`backreferences (\\${d}) are not supported in ${JSON.stringify(p)}`, pos);
      if (d === 'k') throw regexpError(`named backreferences (\\k) are not supported in ${JSON.stringify(p)}`, pos);
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
        if (d === '=' || d === '!' || (d === '<' && (e === '=' || e === '!'))) {
          throw regexpError(`lookahead and lookbehind are not supported in ${JSON.stringify(p)}`, pos);
        }
      }
      stack.push({ max: 1 });
      last = 0;
      i++;
      continue;
    }
    if (c === ')') {
      const inner = stack.length > 1 ? stack.pop()!.max : 1;
      atom(inner);
      i++;
      continue;
    }
    if (c === '*' || c === '+' || c === '?') {
      quantify(c === '+' ? 1 : 0, c === '?' ? 1 : Infinity);
      i++;
      if (p[i] === '?') i++; // lazy
      continue;
    }
    if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(p.slice(i, i + 40));
      if (m) {
        const min = Number(m[1]);
        const max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
        quantify(min, max);
        i += m[0].length;
        if (p[i] === '?') i++;
        continue;
      }
      atom(1);
      i++;
      continue;
    }
    if (c === '|') { last = 0; i++; continue; }
    if (c === '^' || c === '$') { last = 0; i++; continue; }
    atom(1);
    i++;
  }
}
