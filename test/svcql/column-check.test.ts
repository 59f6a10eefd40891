import t from 'tap';
import { answerSvcqlTarget, devicesSource, interfacesSource, unknownColumns } from '../../svcql/index.js';
import { catalog, devices, links, NOW } from './fixtures.js';

/**
 * unknownColumns: the names of a valid matching expression that its table knows neither as a
 * column nor as a tag facet of some row (compared without case, as columns are resolved).
 * The fixtures' devices carry the facets Vendor, Role and Site; their interfaces ifRole.
 */
const cases: [table: 'devices' | 'interfaces', rule: string, unknown: string[]][] = [
  ['devices', "name REGEXP 'core'", []],
  ['devices', "Nmae REGEXP 'core'", ['Nmae']],
  ['devices', "devic = 'x'", ['devic']],
  ['devices', "NAME = 'core-v6'", []],                               // case-insensitive, as columns resolve
  ['devices', "Role = 'Core' AND Site = DFW", []],                   // facets some device carries
  ['devices', "role = 'core'", []],                                  // a facet, without case
  ['devices', "Rack = 'r1'", ['Rack']],                              // a facet no device carries
  ['devices', "Nmae = 'a' OR (addres << 10.0.0.0/8 AND Nmae LIKE 'b%')", ['Nmae', 'addres']],  // each once, in order
  ['devices', "NOT vendorr IN ('Cisco', 'Juniper')", ['vendorr']],
  ['devices', "to_long(idd) > 2", ['idd']],                           // inside a function call
  ['devices', "tag = 'Role.Core' AND tagFacet = 'Site'", []],
  ['interfaces', "ifRole = 'Uplink' AND device = 'sjc1-sw02'", []],
  ['interfaces', "devic = 'sjc1-sw02'", ['devic']],
  ['interfaces', "operStatus = 'up' AND ifRoel = 'Uplink'", ['ifRoel']],
];

for (const [table, rule, unknown] of cases) {
  t.test(`${table}: ${rule}`, async (t) => {
    const got = table === 'devices' ? unknownColumns(rule, devicesSource(devices)) : unknownColumns(rule, interfacesSource(devices, links));
    t.same(got, unknown, unknown.length ? `unknown: ${unknown.join(', ')}` : 'every name known');
  });
}

t.test('over a network without devices every facet is unknown, every column known', async (t) => {
  t.same(unknownColumns("Role = 'Core' AND name = 'x'", devicesSource([])), ['Role']);
});

/**
 * The `table` answer's warnings (the SvcQL console shows them): the statement's WHERE names that
 * its table does not know; none for the other formats, none when every name is known.
 */
const cat = catalog();
const answerCases: [svcql: string, format: string, warned: string[]][] = [
  ["SELECT name FROM devices WHERE Nmae REGEXP 'core'", 'table', ['Nmae']],
  ["SELECT name FROM devices WHERE name REGEXP 'core'", 'table', []],
  ["SELECT device FROM interfaces WHERE devic = 'x' AND ifRole = 'Uplink'", 'table', ['devic']],
  ["SELECT device, metric FROM ifInRate WHERE time > now-1h AND devic = 'x'", 'table', ['devic']],   // a series table; time is no column
  ["SELECT device, metric FROM ifInRate WHERE time > now-1h AND Role = Core", 'table', []],
  ["SELECT name FROM devices WHERE Nmae REGEXP 'core'", 'list', []],
  ["SELECT name FROM devices", 'table', []],
];
for (const [svcql, format, warned] of answerCases) {
  t.test(`answer ${format}: ${svcql}`, async (t) => {
    const entries = answerSvcqlTarget({ id: 'A', svcql, format }, cat, { nowMs: NOW }) as Record<string, unknown>[];
    t.notOk(entries.some((e) => 'error' in e), 'no error');
    const warnings = entries.flatMap((e) => (Array.isArray(e.warnings) ? e.warnings as string[] : []));
    t.equal(warnings.length, warned.length, `${warned.length} warning(s)`);
    warned.forEach((name, i) => t.match(warnings[i], new RegExp(`^'${name}' is neither a column of the \\w+ table nor a tag facet`), `names '${name}'`));
    if (!warned.length) t.notOk(entries.some((e) => 'warnings' in e), 'no warnings field');
  });
}
