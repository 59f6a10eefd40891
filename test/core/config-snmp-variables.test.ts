/**
 * The configuration's `variables.snmp:` list: every key with its default, and one message naming the
 * key and its line for each mistake (the device rule checked by main.ts's view rule checker).
 */
import t from 'tap';
import { loadConfig } from '../../core/config-load.js';
import { BUILTIN_VARIABLE_NAMES } from '../../core/config-snmp-variables.js';
import { configuredDefinitions } from '../../core/config-variables.js';
import { BUILTIN_VARIABLES } from '../../collector/inventory/variables-builtin.js';
import { checkViewRule } from '../../services/views/view-record.js';

const NETS = 'networks:\n  - { id: 1, seeds: [10.0.0.1] }\n';
const load = (vars: string) => loadConfig({ text: `${NETS}variables:\n  snmp:\n${vars}`, path: 'netmon.yaml', env: {}, checkViewRule });

t.test('the built-in names core refuses are the collector\'s built-in variables', async (t) => {
  t.same([...BUILTIN_VARIABLE_NAMES].sort(), BUILTIN_VARIABLES.map((v) => v.name).sort());
});

t.test('good variables, with defaults', async (t) => {
  const c = load(`    - { name: ifMtuX, oid: 1.3.6.1.2.1.2.2.1.4, index: interface }
    - name: storUsed
      oid: .1.3.6.1.2.1.25.2.3.1.6
      index: table
      nameOid: 1.3.6.1.2.1.25.2.3.1.3
      type: gauge
      unit: B
      scale: 4096
      category: Storage
      description: Storage in use
      devices: "Vendor = 'Linux' OR tag = 'Role.Core'"
      thresholds: { warning: 80, critical: 90 }
    - { name: inBc, oid: 1.3.6.1.2.1.31.1.1.1.9, index: interface, type: counter64, scale: 1 }
    - { name: state, oid: 1.3.6.1.4.1.9.9.1.0, type: enum, enumValues: { 1: ok, 2: warn, "10": bad } }
`);
  const v = c.variables.snmp;
  t.same(v[0], {
    name: 'ifMtuX', oid: '1.3.6.1.2.1.2.2.1.4', index: 'interface', type: 'gauge', enumValues: {}, nameOid: '', unit: '', scale: 1,
    category: 'Custom', description: 'ifMtuX', devices: '', thresholds: null,
  }, 'defaults');
  t.same(v[1], {
    name: 'storUsed', oid: '1.3.6.1.2.1.25.2.3.1.6', index: 'table', type: 'gauge', enumValues: {}, nameOid: '1.3.6.1.2.1.25.2.3.1.3', unit: 'B',
    scale: 4096, category: 'Storage', description: 'Storage in use', devices: "Vendor = 'Linux' OR tag = 'Role.Core'",
    thresholds: { direction: 'above', warning: 80, critical: 90 },
  }, 'every key; the leading dot dropped');
  t.equal(v[2]!.type, 'counter64');
  t.same(v[3]!.enumValues, { 1: 'ok', 2: 'warn', 10: 'bad' });
  t.equal(v[3]!.index, 'scalar', 'index defaults to scalar');
  t.same(configuredDefinitions(c.variables).map((d) => [d.name, d.type, d.scope, d.description]), [
    ['ifMtuX', 'gauge', 'interface', 'ifMtuX'],
    ['storUsed', 'gauge', 'component', 'Storage in use'],
    ['inBc', 'counter', 'interface', 'inBc'],
    ['state', 'enum', 'device', 'state (1 ok, 2 warn, 10 bad)'],
  ], 'definitions: counters are rates, enum value names follow the description');
});

const bad: [string, string, RegExp][] = [
  ['no name', '    - { oid: 1.3.6.1.2.1.1.3.0 }', /variables\.snmp\[0\]\.name \(in the block at line 5\): must be a non-empty string/],
  ['bad name', '    - { name: 9x, oid: 1.3.6.1.2.1.1.3.0 }', /variables\.snmp\[0\]\.name \(line 5\): must be a letter/],
  ['built-in name', '    - { name: ifInRate, oid: 1.3.6.1.2.1.1.3.0 }', /variables\.snmp\[0\]\.name \(line 5\): 'ifInRate' is a built-in variable/],
  ['alert state name', '    - { name: alertState, oid: 1.3.6.1.2.1.1.3.0 }', /variables\.snmp\[0\]\.name \(line 5\): 'alertState' is a variable the server defines/],
  ['twice', '    - { name: a1, oid: 1.3.6.1.2.1.1.3.0 }\n    - { name: a1, oid: 1.3.6.1.2.1.1.5.0 }', /variables\.snmp\[1\]\.name \(line 6\): 'a1' is already defined by variables\.snmp\[0\]/],
  ['named OID', '    - { name: a1, oid: sysUpTime.0 }', /variables\.snmp\[0\]\.oid \(line 5\): must be a numeric OID/],
  ['one arc', '    - { name: a1, oid: "1" }', /\.oid \(line 5\): must be a numeric OID/],
  ['huge arc', '    - { name: a1, oid: 1.3.99999999999 }', /\.oid \(line 5\): arcs must be at most/],
  ['bad type', '    - { name: a1, oid: 1.3.6.1.2.1.1.3.0, type: counter }', /\.type \(line 5\): must be one of gauge, counter32, counter64, enum/],
  ['bad index', '    - { name: a1, oid: 1.3.6.1.2.1.1.3.0, index: column }', /\.index \(line 5\): must be one of scalar, interface, table/],
  ['enumValues without enum', '    - { name: a1, oid: 1.3.6.1.2.1.1.3.0, enumValues: { 1: up } }', /\.enumValues \(line 5\): only with type enum/],
  ['enum key not integer', '    - { name: a1, oid: 1.3.6.1.2.1.1.3.0, type: enum, enumValues: { up: 1 } }', /\.enumValues\.up \(line 5\): keys must be integers/],
  ['nameOid without table', '    - { name: a1, oid: 1.3.6.1.2.1.2.2.1.4, index: interface, nameOid: 1.3.6.1.2.1.2.2.1.2 }', /\.nameOid \(line 5\): only with index table/],
  ['bad nameOid', '    - { name: a1, oid: 1.3.6.1.2.1.25.2.3.1.6, index: table, nameOid: hrStorageDescr }', /\.nameOid \(line 5\): must be a numeric OID/],
  ['scale 0', '    - { name: a1, oid: 1.3.6.1.2.1.1.3.0, scale: 0 }', /\.scale \(line 5\): must be a non-zero number/],
  ['scale text', '    - { name: a1, oid: 1.3.6.1.2.1.1.3.0, scale: big }', /\.scale \(line 5\): must be a non-zero number/],
  ['unknown key', '    - { name: a1, oid: 1.3.6.1.2.1.1.3.0, colour: red }', /variables\.snmp\[0\]\.colour .*unknown key 'colour'/],
  ['bad devices rule', '    - { name: a1, oid: 1.3.6.1.2.1.1.3.0, devices: "Vendor = " }', /\.devices \(line 5\): not a matching expression over the devices table: .*SvcQL/],
  ['devices not text', '    - { name: a1, oid: 1.3.6.1.2.1.1.3.0, devices: [a] }', /\.devices \(line 5\): must be a SvcQL matching expression/],
  ['thresholds without level', '    - { name: a1, oid: 1.3.6.1.2.1.1.3.0, thresholds: { direction: below } }', /\.thresholds \(line 5\): give warning, critical or both/],
  ['unit with control char', '    - { name: a1, oid: 1.3.6.1.2.1.1.3.0, unit: "a\\tb" }', /\.unit \(line 5\): must be at most 200 characters without control characters/],
  ['not a list', '    name: a1', /variables\.snmp \(line 5\): must be a list/],
];
t.test('mistakes: one message naming the key and its line', async (t) => {
  for (const [what, text, re] of bad) t.throws(() => load(text + '\n'), { code: 'CONFIG_INVALID', message: re }, what);
});
