import t from 'tap';
import {
  compileDerived, expressionInputs, parseDerivedExpression, MAX_EXPRESSION_CHARS, type DerivedScope,
} from '../../svcql/derived-expr.js';

/**
 * The derived variables' expression language: values of valid expressions over one instance
 * (each ref at its own cell), errors with their positions, hostile input bounded.
 */

/** Evaluates `text` with refs bound to `vars` and aggregates over `lists` (one device instance). */
function evaluate(text: string, scope: DerivedScope, vars: Record<string, number>, lists: Record<string, number[]> = {}): number {
  const e = parseDerivedExpression(text, scope);
  const { refs, aggs } = expressionInputs(e);
  const values: number[] = [];
  const refIndex = refs.map((r) => { values.push(vars[r] ?? NaN); return values.length - 1; });
  const aggStart: number[] = [];
  const aggEnd: number[] = [];
  const aggIndex: number[] = [];
  for (const a of aggs) {
    aggStart.push(aggIndex.length);
    for (const x of lists[a.name] ?? []) { values.push(x); aggIndex.push(values.length - 1); }
    aggEnd.push(aggIndex.length);
  }
  const fn = compileDerived(e, {
    refIndex: Int32Array.from(refIndex), aggStart: Int32Array.from(aggStart), aggEnd: Int32Array.from(aggEnd), aggIndex: Int32Array.from(aggIndex),
  });
  return fn(Float64Array.from(values), 0);
}

t.test('valid expressions and their values', async (t) => {
  const vars = { a: 6, b: 3, z: 0, cpuUtil: 42, n: NaN };
  const lists = { ifInRate: [1, 2, NaN, 7], ifOutRate: [10, 20], none: [NaN] };
  const cases: [string, DerivedScope, number][] = [
    ['1 + 2 * 3', 'interface', 7],
    ['(1 + 2) * 3', 'interface', 9],
    ['10 - 4 - 3', 'interface', 3],
    ['24 / 4 / 2', 'interface', 3],
    ['-a + b', 'interface', -3],
    ['- -a', 'interface', 6],
    ['a / b * 100', 'interface', 200],
    ['a / z', 'interface', NaN],
    ['a + n', 'interface', NaN],
    ['ifnan(n, 5)', 'interface', 5],
    ['IFNULL(a / z, -1)', 'interface', -1],
    ['ifnan(a, 5)', 'interface', 6],
    ['abs(b - a)', 'interface', 3],
    ['1.5e2 + .5', 'interface', 150.5],
    ['missing * 2', 'interface', NaN],
    ['cpuUtil', 'device', 42],
    ['sum(ifInRate) + sum(ifOutRate)', 'device', 40],
    ['avg(ifInRate)', 'device', 10 / 3],
    ['min(ifInRate)', 'device', 1],
    ['max(ifInRate)', 'device', 7],
    ['count(ifInRate)', 'device', 3],
    ['count(none)', 'device', 0],
    ['sum(none)', 'device', NaN],
    ['ifnan(sum(none), 0) + 1', 'device', 1],
    ['sum(ifInRate) * 8 / count(ifOutRate)', 'device', 40],
  ];
  for (const [text, scope, want] of cases) {
    const got = evaluate(text, scope, vars, lists);
    if (Number.isNaN(want)) t.ok(Number.isNaN(got), `${text} → no value`);
    else t.ok(Math.abs(got - want) < 1e-12, `${text} = ${want} (got ${got})`);
  }
});

t.test('errors name the position', async (t) => {
  const cases: [string, DerivedScope, RegExp][] = [
    ['', 'device', /at 1:1: empty expression/],
    ['1 +', 'device', /at 1:4: expected a number, a variable name, a function or '\(' but found the end/],
    ['a b', 'device', /at 1:3: expected an operator or the end but found 'b'/],
    ['(a + 1', 'device', /at 1:7: expected '\)' but found the end/],
    ['a $ b', 'device', /at 1:3: unexpected character "\$"/],
    ['foo(a)', 'device', /at 1:1: unknown function 'foo'/],
    ['abs(a, b)', 'device', /at 1:1: abs\(\) takes 1 argument, got 2/],
    ['ifnan(a)', 'device', /at 1:1: ifnan\(\) takes 2 arguments, got 1/],
    ['a +\n  sum(ifInRate)', 'interface', /at 2:3: sum\(\) runs over a device's interfaces: only in a derived variable of scope device/],
    ['sum(1 + a)', 'device', /at 1:5: sum\(\) takes a variable name, found '1'/],
    ['sum(abs(a))', 'device', /at 1:8: sum\(\) takes a variable name, not a function call/],
    ['12abc', 'device', /at 1:1: malformed number/],
    ['1e999', 'device', /at 1:1: number out of range/],
    [`${'x'.repeat(65)}`, 'device', /at 1:1: a name is at most 64 characters/],
  ];
  for (const [text, scope, want] of cases) {
    t.throws(() => parseDerivedExpression(text, scope), { code: 'SVCQL_SYNTAX', message: want }, JSON.stringify(text));
  }
});

t.test('hostile input is bounded', async (t) => {
  t.throws(() => parseDerivedExpression('('.repeat(10_000) + 'a' + ')'.repeat(10_000), 'device'), { message: /longer than|nested deeper than 32/ });
  t.throws(() => parseDerivedExpression('('.repeat(40) + 'a' + ')'.repeat(40), 'device'), { message: /at 1:34: nested deeper than 32/ });
  t.throws(() => parseDerivedExpression('-'.repeat(100) + 'a', 'device'), { message: /nested deeper than 32/ });
  t.throws(() => parseDerivedExpression('a'.repeat(MAX_EXPRESSION_CHARS + 1), 'device'), { message: /longer than 4096 characters/ });
  t.throws(() => parseDerivedExpression(Array(1100).fill('1').join('+'), 'device'), { message: /more than 1024 tokens/ });
  // Long flat sums parse without recursion.
  t.equal(evaluate(Array(500).fill('1').join('+'), 'device', {}), 500);
});
