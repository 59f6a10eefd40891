/**
 * The row an alert rule's condition is tested on (services/alerts/alert-condition.ts): `value`,
 * `previous`, the input's columns and facets, sibling variables; a table of conditions over two
 * inputs and the inputs each holds for.
 */
import t from 'tap';
import { compileCondition } from '../../../services/alerts/alert-rules.js';
import { variable } from '../../fakes/fake-service.js';

const inputs = [
  variable(0, 'ifOperStatus', 10, 1, '', { tags: ['Role.Core', 'ifRole.Uplink'] }),
  variable(1, 'ifOperStatus', 11, 2, '', { tags: ['Role.Edge'] }),
];
// values: [input 0, input 1, ifAdminStatus of input 0 (input 1 has none)]
const VALUES = Float64Array.of(2, 1, 1);
const PREVIOUS = Float64Array.of(5, NaN);

t.test('condition columns', async (t) => {
  const cases: [string, number[]][] = [
    ['value = 2', [0]],
    ['value IN (1, 2)', [0, 1]],
    ['previous IS NULL', [1]],
    ['value < `previous`', [0]],
    ['previous > value', []], // a bare name on the right is text: 'value'
    ['ifAdminStatus = 1', [0]],
    ['ifAdminStatus IS NULL', [1]],
    ['ifadminstatus = 1', [0]],
    ["device = 'dev11' AND index = 2 AND component = 'eth2'", [1]],
    ["variable = 'ifOperStatus' AND deviceId = 10 AND triplet = 'ifOperStatus.10.1'", [0]],
    ["Role = 'Core'", [0]],
    ["ifRole = 'Uplink' OR Role = 'Edge'", [0, 1]],
    ["tag = 'Role.Edge'", [1]],
    ['noSuchVariable IS NULL', [0, 1]],
  ];
  for (const [expr, want] of cases) {
    const { test, source } = compileCondition(expr, inputs, ['ifOperStatus', 'ifAdminStatus'], []);
    for (const name of source.siblings()) source.bindSibling(name, name === 'ifAdminStatus' ? Int32Array.of(2, -1) : Int32Array.of(-1, -1));
    source.frame.values = VALUES;
    source.frame.base = 0;
    source.frame.previous = PREVIOUS;
    t.same([0, 1].filter((i) => test(i)), want, expr);
  }
});
