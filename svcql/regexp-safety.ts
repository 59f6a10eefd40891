import { AppError } from '../core/errors.js';
import { Budget } from './budget.js';
import { checkRegexpSource, quotePattern } from './language/regexp-check.js';
import { runPreempted } from './watchdog.js';

/**
 * The engine's side of safe regular expressions. Patterns are checked by the language
 * (language/regexp-check.ts: only patterns V8's linear-time engine takes, so none backtracks
 * exponentially). What is left is polynomial in the value's length (V8's fallback engine searches
 * from each position): a few hundred ms at worst for a value of REGEXP_DIRECT_CHARS characters,
 * measured with bench/svcql/regexp-cost.ts. Longer values are tested under a watchdog
 * (watchdog.ts) that stops the test when the request's time budget runs out.
 */

/** Values up to this many characters are tested directly; longer ones under the watchdog. */
export const REGEXP_DIRECT_CHARS = 256;

/** Watchdog of a long value's test when the caller has no time budget (view rules, tests). */
const UNBUDGETED_REGEXP_TEST_MS = 2_000;

/** Compiles a checked pattern: no flags (case-sensitive, unanchored search). */
function compileRegexp(pattern: string): RegExp {
  checkRegexpSource(pattern);
  return new RegExp(pattern);
}

/**
 * A checked pattern as a test of text values under a budget: the budget's clock is read before
 * each test (TIME_BUDGET once spent); a value longer than REGEXP_DIRECT_CHARS is tested under the
 * watchdog with the time left, and a test it stops is TIME_BUDGET.
 */
export function regexpTester(pattern: string, budget: Budget = Budget.unlimited()): (text: string) => boolean {
  const re = compileRegexp(pattern);
  return (text) => {
    budget.check();
    if (text.length <= REGEXP_DIRECT_CHARS) return re.test(text);
    const left = budget.remainingMs();
    const r = runPreempted(() => re.test(text), Math.min(left, UNBUDGETED_REGEXP_TEST_MS));
    if (!r.stopped) return r.value;
    if (left <= UNBUDGETED_REGEXP_TEST_MS) throw budget.timeError();
    throw new AppError('TIME_BUDGET',
      `testing ${quotePattern(pattern)} on a value of ${text.length} characters ran past ${UNBUDGETED_REGEXP_TEST_MS} ms and was stopped; simplify the pattern`);
  };
}
