import t from 'tap';
import {
  Budget, checkRegexpSource, compileMatcher, enableRegexpSafety, REGEXP_DIRECT_CHARS, regexpTester, variablesSource,
} from '../../svcql/index.js';
import { scanRegexp } from '../../svcql/language/regexp-scan.js';
import { rng } from '../fakes/rng.js';
import { instances, latest } from './fixtures.js';

// Bounded by tap's own timeout: without the linear-time fallback the first case would not finish
// in the lifetime of the test run.
t.setTimeout(60_000);
enableRegexpSafety();

/** Whether V8's linear-time engine takes a pattern (the `l` flag, which enableRegexpSafety turns on). */
function linear(p: string): boolean {
  try {
    new RegExp(p, 'l');
    return true;
  } catch {
    return false;
  }
}

t.test('catastrophic patterns finish', async (t) => {
  const evil = `${'a'.repeat(40)}!`;
  const rows = [{ ...instances[0]!, description: evil }];
  const src = variablesSource(rows, latest);
  const cases = ["description REGEXP '(a+)+$'", "description REGEXP '(a|aa)+$'", "description REGEXP '^((a+)+)+$'", "description REGEXP '(\\w+)+$'", "description REGEXP '(.*a){10}$'"];
  for (const q of cases) {
    const m = compileMatcher(q, src);
    t.equal(rows.filter(m).length, 0, q);
  }
});

t.test('hostile patterns are refused by the check, with the reason', async (t) => {
  const src = variablesSource(instances, latest);
  const zeros = '0'.repeat(40);
  // [pattern, what the message says]
  const cases: [string, RegExp][] = [
    // The reproducer: a count with 40 leading zeros, read by V8 as 50.
    [`^(.|.|.|.|.){${zeros}050}Z`, /repeats a part more than 16 times with \{0+50\}/],
    ['(.|.){0050}Z', /more than 16 times with \{0050\}/],
    ['a{1,0000000000000000000050}', /more than 16 times with \{1,0+50\}/],
    ['a{0000000000000000000000000000017}', /more than 16 times/],
    ['a{17}', /more than 16 times with \{17\}/],
    ['a{16,}', /more than 16 times with \{16,\}/], // unbounded: replicated n + 1 times
    ['a{99999999999999999999}', /more than 16 times/], // past 2^31 − 1: V8's unbounded count
    ['a{2147483648,2147483649}', /more than 16 times/],
    ['(a{4}){5}', /more than 16 times with \{5\}/], // nested: 4 × 5
    ['(((a{2}){2}){2}){3}', /more than 16 times with \{3\}/],
    ['(a{2,}){6}', /more than 16 times with \{6\}/], // (2 + 1) × 6
    ['(?:a|b{3}){6}', /more than 16 times/],
    ['[{]{17}', /more than 16 times/],
    ['(a+){1,10}$', /more than 16 times/],
    ['((((a+)+)+)+)+$', /more than 16 times/],
    ['(a)\\1', /backreferences \(\\1\)/],
    ['(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)\\10', /backreferences \(\\10\)/],
    ['(?<x>a)\\k<x>', /named backreferences \(\\k<x>\)/],
    ['(?<=a)b', /lookahead and lookbehind \(\(\?<=\)/],
    ['(?<!a)b', /lookahead and lookbehind/],
    ['a(?=b)', /lookahead and lookbehind/],
    ['a(?!b)', /lookahead and lookbehind/],
    ['a{2,1}', /invalid pattern/],
    ['(', /invalid pattern/],
  ];
  for (const [p, message] of cases) {
    t.throws(() => compileMatcher(`description REGEXP '${p}'`, src), { code: 'SVCQL_REGEXP', message }, p);
    t.throws(() => regexpTester(p), { code: 'SVCQL_REGEXP' }, `${p} (structured targets' path)`);
    if (!/invalid/.test(message.source)) t.notOk(scanRegexp(p, 16) === null && linear(p), `${p}: the scan or V8 refuses it`);
  }
});

t.test('patterns the linear engine takes are accepted', async (t) => {
  const src = variablesSource(instances, latest);
  const cases = [
    'a{16}', '(a{1,4}){1,4}', '(a+)+', '[{]', 'x{', 'x{1', 'x{,5}', 'x{1,a}', '\\{1,30\\}', '([(]a{1,3})*', '[(]a{1,3}',
    'a{15,}', '(?:a{2,}){5}', 'a{1,99999999999999}', // an overflowed maximum is unbounded: {1,}
    '(a{0,}){16}', '(a?){16}', '[\\]{]{16}', '^Gi\\d+/\\d+$', '\\bcore\\b', '(?<n>a)b', 'a{00016}',
  ];
  for (const p of cases) {
    t.doesNotThrow(() => compileMatcher(`description REGEXP '${p}'`, src), p);
    t.ok(linear(p), `${p}: V8's linear engine takes it`);
  }
});

t.test('the scan never accepts what V8 refuses (generated patterns)', async (t) => {
  const next = rng(20_260_611);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  const atoms = ['a', '.', '[ab]', '\\d', '{', 'b'];
  const counts = () => {
    const n = () => pick(['0', '1', '2', '3', '4', '5', '8', '15', '16', '17', '0016', '0017', '00000000000000000000000009', '99999999999']);
    return pick(['*', '+', '?', `{${n()}}`, `{${n()},}`, `{${n()},${n()}}`, '']);
  };
  const gen = (depth: number): string => {
    const parts: string[] = [];
    const k = 1 + Math.floor(next() * 3);
    for (let i = 0; i < k; i++) {
      const group = depth > 0 && next() < 0.5;
      const body = group ? `(${pick(['', '?:'])}${gen(depth - 1)}${next() < 0.3 ? `|${gen(depth - 1)}` : ''})` : pick(atoms);
      parts.push(body + counts());
    }
    return parts.join('');
  };
  let accepted = 0;
  let refused = 0;
  for (let i = 0; i < 3_000; i++) {
    const p = gen(3);
    let ok = true;
    try { new RegExp(p); } catch { ok = false; }
    if (!ok) continue; // a syntax error: RegExp reports it
    if (scanRegexp(p, 16) === null) {
      accepted++;
      if (!linear(p)) t.fail(`the scan accepts ${p}, which V8's linear engine refuses`);
    } else {
      refused++;
    }
  }
  t.ok(accepted > 100 && refused > 100, `both kinds generated (${accepted} accepted, ${refused} refused)`);
});

t.test('a long value is tested under the watchdog: the budget stops it', async (t) => {
  // Accepted by the check, yet one test of a few thousand characters takes about a second (see
  // bench/svcql/regexp-cost.ts), so one of 200,000 takes minutes: the watchdog stops it when the
  // budget is spent.
  const slow = `(?:${'.*a'.repeat(16)}){16}$`;
  checkRegexpSource(slow);
  const long = `${'a'.repeat(200_000)}!`;
  t.ok(long.length > REGEXP_DIRECT_CHARS);
  const test = regexpTester(slow, new Budget({ timeMs: 50, points: Infinity }));
  t.throws(() => test(long), { code: 'TIME_BUDGET', message: /time budget of 50 ms/ });
  // Without a budget (view rules), the watchdog's own bound applies.
  t.throws(() => regexpTester(slow)(long), { code: 'TIME_BUDGET', message: /200001 characters ran past 2000 ms/ });
  // Short values and quick patterns answer as usual.
  const quick = regexpTester('^a+!$', new Budget({ timeMs: 60_000, points: Infinity }));
  t.equal(quick(long), true);
  t.equal(quick('aa!'), true);
  t.equal(quick('b'), false);
});
