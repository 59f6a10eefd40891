import v8 from 'node:v8';
import { regexpError, type Position } from './errors.js';
import { limits } from './limits.js';
import { scanRegexp, type ScanProblem } from './regexp-scan.js';

/**
 * Regular expressions of REGEXP and of structured targets cannot stall the server:
 *
 * 1. Only patterns V8's linear-time engine accepts are compiled (no flags, no backreferences or
 *    lookaround, small bounded repetitions): `checkRegexpSource`, which scans the pattern for a
 *    clear message (regexp-scan.ts) and then asks V8 itself by compiling with the `l` (linear)
 *    flag. V8 then falls back from backtracking to that engine on excessive backtracking, so no
 *    pattern backtracks exponentially. The parser checks a REGEXP's pattern with it, so the check
 *    is part of the language.
 * 2. What is left is polynomial in the value's length: the engine bounds each test
 *    (../regexp-safety.ts, regexpTester).
 */

let enabled = false;
let linearFlag = false;

/**
 * Turns on V8's linear-time regexp engine as the fallback for excessive backtracking, and the
 * `l` flag by which `checkRegexpSource` asks V8 whether that engine takes a pattern. The server's
 * main calls it at process start; checking or compiling a pattern calls it too, so that no
 * pattern is ever compiled without it (V8 decides a regexp's fallback when compiling it).
 * Idempotent.
 */
export function enableRegexpSafety(): void {
  if (enabled) return;
  v8.setFlagsFromString('--enable-experimental-regexp-engine-on-excessive-backtracks');
  v8.setFlagsFromString('--enable-experimental-regexp-engine');
  enabled = true;
  try {
    new RegExp('a', 'l');
    linearFlag = true;
  } catch {
    linearFlag = false; // a V8 without the flag: the scan alone decides
  }
}

/** A pattern as messages quote it: JSON, cut after 120 characters. */
export const quotePattern = (p: string): string => JSON.stringify(p.length > 120 ? `${p.slice(0, 120)}…` : p);

function problemText(p: string, problem: ScanProblem): string {
  switch (problem.kind) {
    case 'backreference':
      return `${problem.text.startsWith('\\k') ? 'named ' : ''}backreferences (${problem.text}) are not supported in ${quotePattern(p)}`;
    case 'lookaround':
      return `lookahead and lookbehind (${problem.text}) are not supported in ${quotePattern(p)}`;
    case 'replication':
      return `${quotePattern(p)} repeats a part more than ${limits.maxRegexpReplication} times with ${problem.text} ` +
        `(counted repetitions, nested ones multiplied); use + or * instead of large {n,m}`;
  }
}

/**
 * Checks that a pattern compiles without flags and that V8's linear-time engine takes it.
 * Throws AppError SVCQL_REGEXP (positioned at the pattern's token when `pos` is given) otherwise.
 */
export function checkRegexpSource(pattern: string, pos?: Position): void {
  enableRegexpSafety();
  const problem = scanRegexp(pattern, limits.maxRegexpReplication);
  if (problem) throw regexpError(problemText(pattern, problem), pos);
  try {
    new RegExp(pattern);
  } catch (e) {
    throw regexpError(`invalid pattern ${quotePattern(pattern)}: ${(e as Error).message}`, pos, e);
  }
  if (!linearFlag) return;
  try {
    new RegExp(pattern, 'l');
  } catch {
    throw regexpError(
      `${quotePattern(pattern)} cannot run on V8's linear-time engine, so some values could make it run for minutes; ` +
      `simplify it (no backreferences or lookaround, repetition counts up to ${limits.maxRegexpReplication})`, pos);
  }
}
