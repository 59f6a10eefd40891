import t from 'tap';
import { compileMatcher, enableRegexpSafety, variablesSource } from '../../svcql/index.js';
import { instances, latest } from './fixtures.js';

// Bounded by tap's own timeout: without the linear-time fallback the first case would not finish
// in the lifetime of the test run.
t.setTimeout(60_000);
enableRegexpSafety();

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

t.test('patterns the linear engine cannot take are refused', async (t) => {
  const src = variablesSource(instances, latest);
  for (const p of ['(a{1,30}){1,30}$', '(a+){1,10}$', '(a{1,100})+$', '((((a+)+)+)+)+$', 'a{17}', 'a{17,}']) {
    t.throws(() => compileMatcher(`description REGEXP '${p}'`, src), { code: 'SVCQL_REGEXP' }, p);
  }
  for (const p of ['a{16}', '(a{1,4}){1,4}', '(a+)+', '[{]', 'x{', '\\{1,30\\}', '([(]a{1,3})*', '[(]a{1,3}'] ) {
    t.doesNotThrow(() => compileMatcher(`description REGEXP '${p}'`, src), p);
  }
});
