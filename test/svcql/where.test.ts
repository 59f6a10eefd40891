import t from 'tap';
import { compileMatcher, devicesSource, interfacesSource, variablesSource, alertsSource, enableRegexpSafety } from '../../svcql/index.js';
import { alerts, devices, instances, latest, links } from './fixtures.js';

enableRegexpSafety();

const devs = devicesSource(devices);
const ifs = interfacesSource(devices, links);
const vars = variablesSource(instances, latest, { devices });
const als = alertsSource(alerts);

const ids = (expr: string): number[] => {
  const m = compileMatcher(expr, devs);
  return devices.filter(m).map((d) => d.id);
};

t.test('operators on devices', async (t) => {
  const cases: [string, number[]][] = [
    ['id = 1', [1]],
    ['id == 1', [1]],
    ['id != 1', [2, 3, 4]],
    ['id <> 1', [2, 3, 4]],
    ['id < 3', [1, 2]],
    ['id <= 3', [1, 2, 3]],
    ['id > 3', [4]],
    ['id >= 3', [3, 4]],
    ["id = '2'", [2]],
    ['id = 2.0', [2]],
    ['id IN (1, 4)', [1, 4]],
    ['id NOT IN (1, 4)', [2, 3]],
    ["name IN ('sjc1-sw02', core-v6)", [2, 4]],
    ['id BETWEEN 2 AND 3', [2, 3]],
    ['id NOT BETWEEN 2 AND 3', [1, 4]],
    ["name LIKE 'DFW%'", [1]],
    ["name LIKE '%sw0_'", [2]],
    ["name LIKE 'core-v6'", [4]],
    ["name LIKE '%-%-%'", [1]],
    ["name NOT LIKE '%-%'", [3]],
    ["name LIKE 'lab\\.router%'", [3]],
    ["name REGEXP '^[a-z]{3}[0-9]-'", [1, 2]],
    ["name REGEXP 'DFW'", []],
    ["name REGEXP '[Dd][Ff][Ww]'", [1]],
    ["name NOT REGEXP 'r'", [2]],
    ["name REGEXP 'sw'", [2]],
    // barewords with - . / :
    ['name = dfw3-dr01-re0', [1]],
    ['name = lab.router:3', [3]],
    ["name = 'lab.router:3'", [3]],
    ['name = "core-v6"', [4]],
    // case: = is case-sensitive, LIKE is not
    ['name = DFW3-DR01-RE0', []],
    ["name LIKE 'DFW3-DR01-RE0'", [1]],
    // columns: case-insensitive unique match
    ['NAME = sjc1-sw02', [2]],
    ['vendor = Cisco', [1]],
    ["Vendor = ''", [3]],
    // subnets, v4 and v6
    ['address << 10.0.0.0/8', [1, 2]],
    ['address << 10.1.0.0/16', [1]],
    ["address << '192.168.7.3'", [3]],
    ['address << 2001:db8::/32', [4]],
    ['address << 2001:db8:2::/48', []],
    ['address << 0.0.0.0/0', [1, 2, 3]],
    ['address << ::/0', [4]],
    ['address << ::ffff:10.0.0.0/104', [1, 2]],
    // multi-valued facets
    ['Role = Core', [1, 4]],
    ['Role = Edge', [1]],
    ['Role != Core', [2, 3]],
    ['NOT Role = Core', [2, 3]],
    ['Role IN (Edge, Access)', [1, 2]],
    ['Role NOT IN (Edge, Access)', [3, 4]],
    ["Role LIKE 'c%'", [1, 4]],
    ["Role NOT LIKE 'c%'", [2, 3]],
    ["Role REGEXP '^E'", [1]],
    ['Role IS NULL', [3]],
    ['Role ISNULL', [3]],
    ['Role IS NOT NULL', [1, 2, 4]],
    ['Role NOTNULL', [1, 2, 4]],
    ['Role NOT NULL', [1, 2, 4]],
    ['Site = DFW', [1]],
    ['Nonexistent = x', []],
    ['Nonexistent IS NULL', [1, 2, 3, 4]],
    ['tag = Role.Core', [1, 4]],
    ['tagFacet = Site', [1]],
    ['tagFacet != Role', [3]],
    // precedence: NOT > AND > OR
    ['id = 1 OR id = 2 AND id = 3', [1]],
    ['(id = 1 OR id = 2) AND id = 2', [2]],
    ['NOT id = 1 AND id < 3', [2]],
    ['NOT (id = 1 AND id < 3)', [2, 3, 4]],
    ['NOT NOT id = 1', [1]],
    ['id = 1 OR NOT Role = Core AND id > 2', [1, 3]],
    // functions in WHERE
    ["ifnull(Vendor, 'none') = Cisco", [1]],
    ["ifnull(Role, 'none') = none", [3]],
    ["ifnull(Role, 'none') != none", [1, 2, 4]],
    ['to_long(id) = 2', [2]],
    // two columns
    ['name = `name`', [1, 2, 3, 4]],
    ['id < `discoveryTime`', [1, 2, 3, 4]],
    ['WHERE id = 3', [3]],
  ];
  for (const [q, want] of cases) t.same(ids(q), want, q);
});

t.test('interfaces: status names, neighbours, addresses, device tags', async (t) => {
  const names = (q: string): string[] => {
    const m = compileMatcher(q, ifs);
    return ifs.rows().filter(m).map((r) => `${r.device.name}:${r.intf.name}`);
  };
  const cases: [string, string[]][] = [
    ['operStatus = down', ['dfw3-dr01-re0:Gi0/2']],
    ['neighbor = sjc1-sw02', ['dfw3-dr01-re0:Gi0/1']],
    ['neighbor IS NOT NULL', ['dfw3-dr01-re0:Gi0/1', 'sjc1-sw02:ge-0/0/5']],
    ['address << 10.1.1.0/24', ['dfw3-dr01-re0:Gi0/1']],
    ['address << 2001:db8::/64', ['dfw3-dr01-re0:Gi0/2']],
    ['ifRole = Uplink', ['dfw3-dr01-re0:Gi0/1']],
    ['Role = Access', ['sjc1-sw02:ge-0/0/5']],
    ["description = 'uplink to sjc'", ['dfw3-dr01-re0:Gi0/1']],
    ["description = 'ge-0/0/5 port'", ['sjc1-sw02:ge-0/0/5']],
    ['interface = ge-0/0/5 AND index = 5', ['sjc1-sw02:ge-0/0/5']],
  ];
  for (const [q, want] of cases) t.same(names(q), want, q);
});

t.test('variables: metric, facets, other variables as columns', async (t) => {
  const slots = (q: string): number[] => {
    const m = compileMatcher(q, vars);
    return instances.filter(m).map((v) => v.slot);
  };
  const cases: [string, number[]][] = [
    ['metric > 9', [0, 1, 3, 6]],
    ['metric IS NULL', [5]],
    ["variable REGEXP '^if' AND Role = Core AND metric > 9", [0, 1, 6]],
    ['ifOutRate = 100', [0, 6]],
    ['cpuLoad > 10', [3]],
    ["triplet = 'ifInRate.2.5'", [2]],
    ['address << 10.2.0.0/16', [2, 4]],
    ['ifRole = Uplink', [0, 6]],
    ['category = System AND unit = %', [3, 4, 5]],
  ];
  for (const [q, want] of cases) t.same(slots(q), want, q);
});

t.test('alerts', async (t) => {
  const keys = (q: string): string[] => alerts.filter(compileMatcher(q, als)).map((a) => a.key);
  t.same(keys('active = true'), ['a1']);
  t.same(keys('silenced = true AND matchingSilenceId = 3'), ['a2']);
  t.same(keys('Role = Core'), ['a1']);
  t.same(keys("inputVariable LIKE 'cpu%'"), ['a1']);
});

t.test('unknown columns of sources without tags are errors', async (t) => {
  const { tagsSource } = await import('../../svcql/index.js');
  const src = tagsSource(['Role.Core']);
  t.throws(() => compileMatcher('nope = 1', src), { code: 'SVCQL_EVAL' });
  t.same(src.rows().filter(compileMatcher('facet = Role AND word = Core', src)), ['Role.Core']);
});
