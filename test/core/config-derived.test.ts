import t from 'tap';
import { loadConfig } from '../../core/config-load.js';
import { checkViewRule } from '../../services/views/view-record.js';
import { checkDerivedExpression } from '../../svcql/derived-expr.js';

/** `variables.derived`: defaults, the order rule, errors at the key and line. */

const NETS = 'networks:\n  - id: 1\n    name: lab\n    seeds: [10.0.0.1]\n';
const load = (derived: string) => loadConfig({
  text: `${NETS}variables:\n  derived:\n${derived}`, env: {}, checkViewRule, checkDerivedExpression,
});

t.test('defaults and given fields', async (t) => {
  const cfg = load(`    - name: devTotalTraffic
      expression: sum(ifInRate) + sum(ifOutRate)
    - name: ifInErrorRatio
      scope: interface
      expression: ifInErrors / ifInUcastPkts * 100
      unit: '%'
      category: Errors
      description: Input errors per packet
      devices: "Vendor = 'Cisco'"
      thresholds: { warning: 1, critical: 5 }
    - name: twice
      expression: devTotalTraffic * 2
`);
  t.same(cfg.variables.derived, [
    { name: 'devTotalTraffic', scope: 'device', expression: 'sum(ifInRate) + sum(ifOutRate)', unit: '', category: 'Derived', description: 'sum(ifInRate) + sum(ifOutRate)', devices: '', thresholds: null },
    { name: 'ifInErrorRatio', scope: 'interface', expression: 'ifInErrors / ifInUcastPkts * 100', unit: '%', category: 'Errors', description: 'Input errors per packet', devices: "Vendor = 'Cisco'", thresholds: { direction: 'above', warning: 1, critical: 5 } },
    { name: 'twice', scope: 'device', expression: 'devTotalTraffic * 2', unit: '', category: 'Derived', description: 'devTotalTraffic * 2', devices: '', thresholds: null },
  ]);
});

t.test('errors name the key and line', async (t) => {
  const cases: [string, RegExp][] = [
    ['    - expression: a\n', /variables\.derived\[0\]\.name \(in the block at line 7\): must be a non-empty string/],
    ['    - name: 9x\n      expression: a\n', /variables\.derived\[0\]\.name \(line 7\): must be a letter/],
    ['    - name: x\n', /variables\.derived\[0\]\.expression \(in the block at line 7\): must be a non-empty string/],
    ['    - name: x\n      expression: a +\n', /variables\.derived\[0\]\.expression \(line 8\): expression error at 1:4: expected a number/],
    ['    - name: x\n      scope: interface\n      expression: sum(a)\n', /derived\[0\]\.expression \(line 9\): expression error at 1:1: sum\(\) runs over/],
    ['    - name: x\n      scope: link\n      expression: a\n', /derived\[0\]\.scope \(line 8\): must be one of device, interface/],
    ['    - name: x\n      expression: x + 1\n', /derived\[0\]\.expression \(line 8\): 'x' reads itself/],
    ['    - name: x\n      expression: y + 1\n    - name: y\n      expression: "2"\n', /derived\[0\]\.expression \(line 8\): reads derived variable 'y', which is defined later in the list; define it before 'x'/],
    ['    - name: x\n      expression: a\n    - name: x\n      expression: b\n', /derived\[1\]\.name \(line 9\): derived variable 'x' is defined twice/],
    ['    - name: x\n      expression: a\n      devices: "Vendor =="\n', /derived\[0\]\.devices \(line 9\): not a matching expression over the devices table: SvcQL syntax error/],
    ['    - name: x\n      expression: a\n      thresholds: { direction: above }\n', /derived\[0\]\.thresholds \(line 9\): give warning, critical or both/],
    ['    - name: x\n      expression: a\n      colour: red\n', /derived\[0\]\.colour \(line 9\): unknown key 'colour'/],
    // a built-in name or the alert state's: the catalog would refuse it at start, or a reload would write over the polled series
    ['    - name: ifInRate\n      scope: interface\n      expression: ifInErrors * 2\n', /derived\[0\]\.name \(line 7\): 'ifInRate' is a built-in variable; choose another name/],
    ['    - name: x\n      expression: a\n    - name: reachable\n      expression: "1"\n', /derived\[1\]\.name \(line 9\): 'reachable' is a built-in variable/],
    ['    - name: alertState\n      expression: "1"\n', /derived\[0\]\.name \(line 7\): 'alertState' is a variable the server defines/],
  ];
  for (const [yaml, want] of cases) t.throws(() => load(yaml), { code: 'CONFIG_INVALID', message: want }, yaml);
});
