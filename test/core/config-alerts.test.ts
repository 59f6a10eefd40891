/**
 * The configuration's `alerts:` section: built-in switches, configured rules with their defaults,
 * and one message naming the key and line for each mistake (the rule checker of main.ts included).
 */
import t from 'tap';
import { loadConfig } from '../../core/config-load.js';
import { BUILTIN_ALERT_RULES } from '../../core/config-alerts.js';
import { BUILTIN_ALERT_NAMES } from '../../core/config-schema.js';
import { checkAlertRule } from '../../services/alerts/alert-rules.js';

const NETS = 'networks:\n  - { id: 1, seeds: [10.0.0.1] }\n  - { id: 2, seeds: [10.0.0.2] }\n';
const load = (text: string) => loadConfig({ text, path: 'netmon.yaml', env: {}, checkAlertRule });

t.test('alerts: built-ins by default, switches, configured rules with defaults', async (t) => {
  t.same(loadConfig({ env: {} }).alerts.rules.map((r) => r.name), BUILTIN_ALERT_NAMES, 'no file: every built-in');
  t.same(load(NETS).alerts.rules.map((r) => r.name), BUILTIN_ALERT_NAMES, 'no alerts section');
  const c = load(`${NETS}alerts:
  builtin: { cpuHigh: false, interfaceDown: false }
  rules:
    - name: cpuHigh
      input: "variable = 'cpuUtil'"
      condition: value > 95
      duration: 10m
      percentage: 50
    - name: core.loss-1
      severity: critical
      networks: [2]
      input: "variable = 'ifInErrors' AND Role = 'Core'"
      condition: value > 0 AND ifAdminStatus = 1
      notificationTime: 0
      description: errors on $component
      fanOut: false
      notify: [log, ops-mail]
notifications:
  streams:
    - { name: ops-mail, email: { host: 127.0.0.1, from: a@example.org, to: [b@example.org] } }
`);
  t.same(c.alerts.builtin, { deviceUnreachable: true, interfaceDown: false, interfaceUtilisation: true, cpuHigh: false, deviceRebooted: true, collectorClockSkew: true });
  t.same(c.alerts.rules.map((r) => r.name), ['deviceUnreachable', 'interfaceUtilisation', 'deviceRebooted', 'collectorClockSkew', 'cpuHigh', 'core.loss-1'], 'enabled built-ins first');
  t.same(c.alerts.rules[1], BUILTIN_ALERT_RULES.interfaceUtilisation);
  t.same(c.alerts.rules[4], {
    name: 'cpuHigh', severity: 'warning', networks: null, input: "variable = 'cpuUtil'", condition: 'value > 95', durationMs: 600_000, percentage: 50,
    notificationTimeMs: 3_600_000, description: '$rule: $variable of $device $component is $value', fanOut: true, notify: null, key: 'alerts.rules[0]',
  });
  t.same(c.alerts.rules[5], {
    name: 'core.loss-1', severity: 'critical', networks: [2], input: "variable = 'ifInErrors' AND Role = 'Core'", condition: 'value > 0 AND ifAdminStatus = 1',
    durationMs: 0, percentage: 100, notificationTimeMs: 0, description: 'errors on $component', fanOut: false, notify: ['log', 'ops-mail'],
    key: 'alerts.rules[1]',
  });
  t.ok(Object.isFrozen(c.alerts.rules[5]), 'frozen');
  t.same(Object.fromEntries(Object.values(BUILTIN_ALERT_RULES).map((r) => [r.name, r.severity])),
    { deviceUnreachable: 'critical', interfaceDown: 'warning', interfaceUtilisation: 'warning', cpuHigh: 'warning', deviceRebooted: 'info', collectorClockSkew: 'warning' },
    'the built-ins\' severities');
  for (const sev of ['critical', 'warning', 'info']) {
    t.equal(load(`${NETS}alerts:\n  rules:\n    - { name: a, severity: ${sev}, input: x = 1, condition: value = 1 }\n`).alerts.rules.at(-1)?.severity, sev, `severity ${sev}`);
  }
  t.same(load(`${NETS}alerts:\n  rules:\n    - { name: a, input: x = 1, condition: value = 1, notify: null }\n`).alerts.rules.at(-1)?.notify, null, 'notify: null is every stream');
  for (const r of Object.values(BUILTIN_ALERT_RULES)) {
    t.doesNotThrow(() => { checkAlertRule(r.input, 'input'); checkAlertRule(r.condition, 'condition'); }, `built-in ${r.name} compiles`);
  }
});

t.test('alerts: each mistake named by key and line', async (t) => {
  const R = '      input: "variable = \'x\'"\n      condition: value > 1\n';
  const cases: [string, string, RegExp][] = [
    ['not a mapping', 'alerts: 5\n', /^netmon\.yaml: alerts \(line 4\): must be a mapping/],
    ['unknown key', 'alerts:\n  rule: []\n', /alerts\.rule \(line 5\): unknown key 'rule'; allowed here: builtin, rules/],
    ['unknown built-in', 'alerts:\n  builtin: { diskFull: false }\n', /alerts\.builtin\.diskFull \(line 5\): unknown key 'diskFull'; allowed here: deviceUnreachable/],
    ['built-in switch not a boolean', 'alerts:\n  builtin: { cpuHigh: off }\n', /alerts\.builtin\.cpuHigh \(line 5\): must be true or false/],
    ['rules not a list', 'alerts:\n  rules: { name: a }\n', /alerts\.rules \(line 5\): must be a list/],
    ['unknown rule key', `alerts:\n  rules:\n    - name: a\n      sevrity: 1\n${R}`, /alerts\.rules\[0\]\.sevrity \(line 7\): unknown key 'sevrity'/],
    ['severity not a word', `alerts:\n  rules:\n    - name: a\n      severity: 1\n${R}`, /alerts\.rules\[0\]\.severity \(line 7\): must be one of critical, warning, info, got 1/],
    ['unknown severity', `alerts:\n  rules:\n    - name: a\n      severity: urgent\n${R}`, /alerts\.rules\[0\]\.severity \(line 7\): must be one of critical, warning, info, got "urgent"/],
    ['severity in capitals', `alerts:\n  rules:\n    - name: a\n      severity: Critical\n${R}`, /alerts\.rules\[0\]\.severity \(line 7\): must be one of/],
    ['no name', `alerts:\n  rules:\n    - duration: 0\n${R}`, /alerts\.rules\[0\]\.name .*must be a non-empty string/],
    ['name not a word', `alerts:\n  rules:\n    - name: "a b"\n${R}`, /alerts\.rules\[0\]\.name \(line 6\): must be a word of letters, digits, _, - and \., got "a b"/],
    ['long name', `alerts:\n  rules:\n    - name: ${'n'.repeat(101)}\n${R}`, /alerts\.rules\[0\]\.name \(line 6\): must be at most 100 characters/],
    ['name twice', `alerts:\n  rules:\n    - name: a\n${R}    - name: a\n${R}`, /alerts\.rules\[1\]\.name \(line 9\): the name 'a' is taken by alerts\.rules\[0\]/],
    ['name of an enabled built-in', `alerts:\n  rules:\n    - name: cpuHigh\n${R}`,
      /alerts\.rules\[0\]\.name \(line 6\): the name 'cpuHigh' is taken by the built-in rule \(turn it off with alerts\.builtin\.cpuHigh: false\)/],
    ['unknown network', `alerts:\n  rules:\n    - name: a\n      networks: [1, 7]\n${R}`, /alerts\.rules\[0\]\.networks\[1\] \(line 7\): no network has id 7; configured: 1, 2/],
    ['empty networks', `alerts:\n  rules:\n    - name: a\n      networks: []\n${R}`, /alerts\.rules\[0\]\.networks \(line 7\): must list at least one network id/],
    ['no input', 'alerts:\n  rules:\n    - name: a\n      condition: value > 1\n', /alerts\.rules\[0\]\.input \(in the block at line 6\): is required \(a SvcQL matching expression over the variables table\)/],
    ['blank condition', 'alerts:\n  rules:\n    - name: a\n      input: x = 1\n      condition: " "\n', /alerts\.rules\[0\]\.condition \(line 8\): must be a non-empty SvcQL matching expression/],
    ['input too long', `alerts:\n  rules:\n    - name: a\n      input: "${'x'.repeat(8193)}"\n      condition: value > 1\n`, /alerts\.rules\[0\]\.input \(line 7\): must be at most 8192 characters/],
    ['input does not parse', 'alerts:\n  rules:\n    - name: a\n      input: "variable ="\n      condition: value > 1\n',
      /^netmon\.yaml: alerts\.rules\[0\]\.input \(line 7\): not a valid input: SvcQL syntax error at 1:11: expected a value after '=' but found end of input$/],
    ['condition with a bad regexp', "alerts:\n  rules:\n    - name: a\n      input: x = 1\n      condition: \"device REGEXP '(?<=x)y'\"\n",
      /alerts\.rules\[0\]\.condition \(line 8\): not a valid condition: SvcQL regular expression error at 1:/],
    ['condition with an aggregate', 'alerts:\n  rules:\n    - name: a\n      input: x = 1\n      condition: count(*) > 1\n',
      /alerts\.rules\[0\]\.condition \(line 8\): not a valid condition: .*count\(\) combines rows/],
    ['negative duration', `alerts:\n  rules:\n    - name: a\n${R}      duration: -5\n`, /alerts\.rules\[0\]\.duration \(line 9\): must be/],
    ['duration not a duration', `alerts:\n  rules:\n    - name: a\n${R}      duration: soon\n`, /alerts\.rules\[0\]\.duration \(line 9\): must be a duration like 30s/],
    ['percentage 0', `alerts:\n  rules:\n    - name: a\n${R}      percentage: 0\n`, /alerts\.rules\[0\]\.percentage \(line 9\): must be an integer from 1 to 100, got 0/],
    ['percentage 101', `alerts:\n  rules:\n    - name: a\n${R}      percentage: 101\n`, /alerts\.rules\[0\]\.percentage \(line 9\): must be an integer from 1 to 100, got 101/],
    ['bad notificationTime', `alerts:\n  rules:\n    - name: a\n${R}      notificationTime: often\n`, /alerts\.rules\[0\]\.notificationTime \(line 9\): must be a duration/],
    ['fanOut not a boolean', `alerts:\n  rules:\n    - name: a\n${R}      fanOut: "yes"\n`, /alerts\.rules\[0\]\.fanOut \(line 9\): must be true or false/],
    ['notify not a list', `alerts:\n  rules:\n    - name: a\n${R}      notify: log\n`, /alerts\.rules\[0\]\.notify \(line 9\): must be a list/],
    ['notify with an empty name', `alerts:\n  rules:\n    - name: a\n${R}      notify: [log, ""]\n`, /alerts\.rules\[0\]\.notify\[1\] \(line 9\): must be a non-empty string/],
    ['notify names no stream', `alerts:\n  rules:\n    - name: a\n${R}      notify: [log, pager]\n`, /alerts\.rules\[0\]\.notify\[1\] \(line 9\): no notification stream is named 'pager'; configured: log/],
    ['description not a string', `alerts:\n  rules:\n    - name: a\n${R}      description: [x]\n`, /alerts\.rules\[0\]\.description \(line 9\): must be a non-empty string/],
  ];
  for (const [name, text, re] of cases) t.throws(() => load(`${NETS}${text}`), { code: 'CONFIG_INVALID', message: re }, name);
  t.doesNotThrow(() => loadConfig({ text: `${NETS}alerts:\n  rules:\n    - { name: a, input: "variable =", condition: value }\n`, env: {} }),
    'without a checker only the type and length are checked');
  t.doesNotThrow(() => load(`${NETS}alerts:\n  builtin: { cpuHigh: false }\n  rules:\n    - name: cpuHigh\n${R}`), 'a disabled built-in frees its name');
});
