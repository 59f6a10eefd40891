/**
 * The cost of one REGEXP test of patterns the safety check accepts (svcql/language/regexp-check.ts), by
 * the value's length: V8's fallback engine keeps them polynomial, not linear, so the check alone
 * does not bound one test. These figures choose REGEXP_DIRECT_CHARS: values up to it are tested
 * directly, longer ones under the watchdog. Not a test; every loop is bounded in count. Prints a
 * table of the best of two tests per pattern and length, in ms.
 *
 *   npx tsc -p . && node dist/bench/svcql/regexp-cost.js [--quick]
 */
import { checkRegexpSource, enableRegexpSafety } from '../../svcql/index.js';

const quick = process.argv.includes('--quick');
const LENGTHS = quick ? [64, 256] : [64, 256, 1024];
enableRegexpSafety();

/** Accepted patterns that are slow on a run of `a` without a match. */
const PATTERNS: [string, string][] = [
  ['.*a.*a$', '.*a.*a$'],
  ['(?:.*a){16}$', '(?:.*a){16}$'],
  ['(?:.*a ×16){16}$', `(?:${'.*a'.repeat(16)}){16}$`],
  ['(?:.*a ×128){16}$', `(?:${'.*a'.repeat(128)}){16}$`],
  ['(?:a|a … ×64){16}$', `(?:${Array(64).fill('a').join('|')}){16}$`],
  ['(?:(?:a*) ×64){16}$', `(?:${'(?:a*)'.repeat(64)}){16}$`],
  ['(?:a*) ×256$', `${'(?:a*)'.repeat(256)}$`],
  ['(a+)+$', '(a+)+$'],
];

const table: string[] = [`| pattern | ${LENGTHS.map((n) => `${n} chars`).join(' | ')} |`, `|---|${LENGTHS.map(() => '---').join('|')}|`];
for (const [label, p] of PATTERNS) {
  checkRegexpSource(p); // every pattern here passes the check
  const re = new RegExp(p);
  const cells: string[] = [];
  for (const n of LENGTHS) {
    const value = `${'a'.repeat(n)}!`;
    let best = Infinity;
    for (let k = 0; k < 2; k++) {
      const t0 = performance.now();
      re.test(value);
      best = Math.min(best, performance.now() - t0);
    }
    cells.push(best.toFixed(1));
    console.error(`${label} on ${n} chars: ${best.toFixed(1)} ms`);
  }
  table.push(`| \`${label}\` | ${cells.join(' | ')} |`);
}
console.log(`\n${table.join('\n')}`);
