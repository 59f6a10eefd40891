import t from 'tap';
import { loadConfig } from '../../core/config-load.js';

/** `mapLegend`: the popup graphs' variables, with defaults, checked at load (key and line in every message). */
t.test('mapLegend defaults and lists', async (t) => {
  const dflt = loadConfig({ env: {} }).mapLegend;
  t.same(dflt, { interfaceVars: ['ifInRate', 'ifOutRate', 'ifInUtil', 'ifOutUtil', 'ifInErrors', 'ifOutErrors'], deviceVars: ['reachable', 'cpuUtil', 'memUtil'] });
  const set = loadConfig({ text: 'simulator: true\nmapLegend:\n  deviceVars: [cpuUtil]\n', env: {} }).mapLegend;
  t.same(set, { interfaceVars: dflt.interfaceVars, deviceVars: ['cpuUtil'] }, 'one list set, the other default');
});

const bad: [what: string, text: string, message: RegExp][] = [
  ['not a list', 'simulator: true\nmapLegend:\n  deviceVars: cpuUtil\n', /mapLegend\.deviceVars \(line 3\)/],
  ['not a name', 'simulator: true\nmapLegend:\n  interfaceVars: [ifInRate, "a b"]\n', /mapLegend\.interfaceVars\[1\] \(line 3\): must be a variable name/],
  ['twice', 'simulator: true\nmapLegend:\n  deviceVars: [cpuUtil, cpuUtil]\n', /mapLegend\.deviceVars\[1\] \(line 3\): variable 'cpuUtil' is listed twice/],
  ['unknown key', 'simulator: true\nmapLegend:\n  linkVars: [ifInRate]\n', /mapLegend\.linkVars \(line 3\): unknown key 'linkVars'/],
];
for (const [what, text, message] of bad) {
  t.test(`mapLegend refused: ${what}`, async (t) => {
    t.throws(() => loadConfig({ text, env: {} }), { message });
  });
}
