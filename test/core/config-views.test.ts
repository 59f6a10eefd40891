/**
 * The configuration's `views:` (SCRIPTED map views) and `ui.viewFormDataMaxBytes`: defaults, values
 * as written, and one message naming the key and line for each mistake, a rule that does not
 * parse included (with the rule checker main.ts gives the loader); reloads apply them live.
 */
import t from 'tap';
import { loadConfig } from '../../core/config-load.js';
import { planIsEmpty, planReload } from '../../core/config-reload.js';
import { checkViewRule } from '../../services/views/view-record.js';

const NETS = 'networks:\n  - { id: 1, seeds: [10.0.0.1] }\n  - { id: 2, seeds: [10.0.0.2] }\n';
const load = (text: string) => loadConfig({ text, path: 'netmon.yaml', env: {}, checkViewRule });

t.test('views: defaults and values as written', async (t) => {
  t.same(loadConfig({ env: {} }).views, [], 'built-in default: none');
  t.same(load(NETS).views, [], 'a file without views');
  const c = load(`${NETS}views:
  - network: 2
    name: "Core — 東京"
    devRule: "Role = 'Core' AND address << 10.0.0.0/8"
    linkRule: WHERE speed >= 10000000000
    adjacent: true
    connecting: true
    formData: '{"form": 1}'
  - { network: 1, name: All }
`);
  t.same(c.views, [
    { network: 2, name: 'Core — 東京', devRule: "Role = 'Core' AND address << 10.0.0.0/8", linkRule: 'WHERE speed >= 10000000000', adjacent: true, connecting: true, formData: '{"form": 1}', key: 'views[0]' },
    { network: 1, name: 'All', devRule: '', linkRule: '', adjacent: false, connecting: false, formData: '', key: 'views[1]' },
  ]);
  t.ok(Object.isFrozen(c.views[0]), 'frozen');
  t.equal(loadConfig({ env: {} }).ui.viewFormDataMaxBytes, 262_144, 'formData limit: 256 KiB by default');
  t.equal(load(`${NETS}ui:\n  viewFormDataMaxBytes: 1000\n`).ui.viewFormDataMaxBytes, 1000, 'as written');
});

t.test('views: each mistake named by key and line', async (t) => {
  const cases: [string, string, RegExp][] = [
    ['not a list', 'views: 5\n', /views \(line \d+\): must be a list/],
    ['unknown key', 'views:\n  - { network: 1, name: a, rule: x }\n', /views\[0\]\.rule \(line \d+\): unknown key 'rule'; allowed here: network, name, devRule/],
    ['no network', 'views:\n  - { name: a }\n', /views\[0\]\.network .*is required/],
    ['unknown network', 'views:\n  - network: 9\n    name: a\n', /views\[0\]\.network \(line 5\): no network has id 9; configured: 1, 2/],
    ['no name', 'views:\n  - { network: 1 }\n', /views\[0\]\.name .*must be a non-empty string/],
    ['blank name', 'views:\n  - { network: 1, name: "  " }\n', /views\[0\]\.name \(line 5\): must not be blank/],
    ['long name', `views:\n  - { network: 1, name: ${'n'.repeat(201)} }\n`, /views\[0\]\.name \(line 5\): must be at most 200 characters/],
    ['control character', 'views:\n  - { network: 1, name: "a\\tb" }\n', /views\[0\]\.name \(line 5\): must not contain control characters/],
    ['same name twice in a network', 'views:\n  - { network: 1, name: a }\n  - { network: 2, name: a }\n  - { network: 1, name: a }\n',
      /views\[2\]\.name \(line 7\): network 1 has a view named 'a' already/],
    ['rule not a string', 'views:\n  - { network: 1, name: a, devRule: [x] }\n', /views\[0\]\.devRule \(line 5\): must be a SvcQL matching expression \(a string\)/],
    ['devRule that does not parse', 'views:\n  - network: 1\n    name: a\n    devRule: "Vendor = \'Cisco\' AND"\n',
      /^netmon\.yaml: views\[0\]\.devRule \(line 7\): not a matching expression over the devices table: SvcQL syntax error at 1:21: expected a column or value but found end of input$/],
    ['linkRule with a bad regexp', "views:\n  - network: 1\n    name: a\n    linkRule: \"interface REGEXP '(?<=x)y'\"\n",
      /views\[0\]\.linkRule \(line 7\): not a matching expression over the interfaces table: SvcQL regular expression error at 1:/],
    ['a SELECT statement', 'views:\n  - { network: 1, name: a, devRule: "SELECT * FROM devices" }\n', /views\[0\]\.devRule \(line 5\): .*at 1:1:/],
    ['rule too long', `views:\n  - { network: 1, name: a, devRule: "${'x'.repeat(8193)}" }\n`, /views\[0\]\.devRule \(line 5\): must be at most 8192 characters/],
    ['flag not a boolean', 'views:\n  - { network: 1, name: a, adjacent: "yes" }\n', /views\[0\]\.adjacent \(line 5\): must be true or false/],
    ['formData not a string', 'views:\n  - { network: 1, name: a, formData: { a: 1 } }\n', /views\[0\]\.formData \(line 5\): must be a string/],
    ['formData limit zero', 'ui:\n  viewFormDataMaxBytes: 0\n', /ui\.viewFormDataMaxBytes \(line 5\): must be an integer from 1 to/],
  ];
  for (const [name, text, re] of cases) t.throws(() => load(`${NETS}${text}`), { code: 'CONFIG_INVALID', message: re }, name);
  t.doesNotThrow(() => loadConfig({ text: `${NETS}views:\n  - { network: 1, name: a, devRule: "Vendor = " }\n`, env: {} }),
    'without the rule checker the loader checks types only (core/ does not know SvcQL)');
});

t.test('views and ui.viewFormDataMaxBytes apply on reload: nothing for the collector, nothing needing a restart', async (t) => {
  const before = load(NETS);
  const after = load(`${NETS}ui: { viewFormDataMaxBytes: 10 }\nviews:\n  - { network: 1, name: a }\n`);
  t.ok(planIsEmpty(planReload(before, after)), 'an empty plan: the views service syncs after the swap (app.ts)');
});
