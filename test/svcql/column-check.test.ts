import t from 'tap';
import { devicesSource, interfacesSource, unknownColumns } from '../../svcql/index.js';
import { devices, links } from './fixtures.js';

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
