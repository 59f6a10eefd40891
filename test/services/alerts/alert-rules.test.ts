/**
 * An alert rule's input selection (services/alerts/alert-rules.ts): the names an input can only match,
 * and that selecting through the per-name positions gives what testing every instance gives.
 */
import t from 'tap';
import { namesOf, positionsByName, selectInputs } from '../../../services/alerts/alert-rules.js';
import { parseExpression, variablesSource } from '../../../svcql/index.js';
import { variable } from '../../fakes/fake-service.js';

t.test('namesOf: the names an input can only match', async (t) => {
  const cases: [string, string[] | null][] = [
    ["variable = 'cpuUtil'", ['cpuUtil']],
    ['variable = cpuUtil', ['cpuUtil']],
    ["variable IN ('ifInUtil', 'ifOutUtil')", ['ifInUtil', 'ifOutUtil']],
    ["variable = 'cpuUtil' AND Role = 'Core'", ['cpuUtil']],
    ["Role = 'Core' AND variable IN ('a', 'b') AND variable = 'b'", ['b']],
    ["variable = 'a' OR variable = 'b'", ['a', 'b']],
    ["variable = 'a' OR Role = 'Core'", null],
    ["variable != 'a'", null],
    ["variable NOT IN ('a')", null],
    ["variable LIKE 'if%'", null],
    ["variable = '10'", null],
    ["NOT variable = 'a'", null],
    ["Variable = 'a'", null],
  ];
  for (const [expr, want] of cases) {
    const got = namesOf(parseExpression(expr));
    t.same(got && [...got].sort(), want, expr);
  }
});

t.test('selectInputs: through the names, the same instances in table order', async (t) => {
  const instances = [
    variable(0, 'ifInUtil', 10, 1, '%', { tags: ['Role.Core'] }), variable(1, 'ifOutUtil', 10, 1, '%'),
    variable(2, 'cpuUtil', 10, 0, '%', { tags: ['Role.Core'] }), variable(3, 'ifInUtil', 11, 1, '%'),
    variable(4, 'ifOutUtil', 11, 1, '%'),
  ];
  const table = variablesSource(instances, () => NaN);
  const byName = positionsByName(instances);
  const exprs = [
    "variable IN ('ifOutUtil', 'ifInUtil')", "variable = 'cpuUtil' AND Role = 'Core'", "variable = 'ifInUtil' OR variable = 'cpuUtil'",
    "variable LIKE 'if%' AND deviceId = 11", "variable = 'nope'", "Role = 'Core'",
  ];
  for (const e of exprs) {
    const all = selectInputs(e, table, instances).map((v) => v.slot);
    t.same(selectInputs(e, table, instances, byName).map((v) => v.slot), all, `${e}: ${all.join(',')}`);
  }
});
