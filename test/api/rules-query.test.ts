/** Dashboard-tool query API (docs/api.md "Query body"): structured and SvcQL targets, per-target errors. */
import t from 'tap';
import { apiFor, call } from '../fakes/call.js';
import { NOW_MS, ruleFixture, variable } from '../fakes/fake-service.js';

const MIN = 60_000;

function api() {
  const svc = ruleFixture();
  const a = apiFor(svc, NOW_MS);
  const post = (url: string, body: unknown, raw?: string) =>
    call(a.router, 'POST', url, Buffer.from(raw ?? JSON.stringify(body)), { 'content-type': 'application/json' });
  const query = async (body: unknown) => (await post('/v2/query/net/1/data/', body)).json;
  return { svc, ...a, post, query };
}

/** The rows of a one-target table answer, or the error entry. */
async function table(query: (b: unknown) => Promise<any>, target: Record<string, unknown>, from = 'now-1h') {
  const out = await query({ from, until: 'now', targets: [{ id: 'A', format: 'table', ...target }] });
  return out[0].error !== undefined ? out[0] : out[0].rows;
}

t.test('categories and variables', async (t) => {
  const { post } = api();
  const cases: [string, string, number, unknown][] = [
    ['/v2/query/net/1/categories/', '', 200, ['System', 'Traffic']],
    ['/v2/query/net/1/categories/', '{}', 200, ['System', 'Traffic']],
    ['/v2/query/net/1/variables/System', '', 200, ['cpuLoad', 'hr.storage.used']],
    ['/v2/query/net/1/variables/Nope', '', 200, []],
    ['/v2/query/net/9/categories/', '', 404, undefined],
  ];
  for (const [url, body, status, want] of cases) {
    const r = await post(url, undefined, body);
    t.equal(r.status, status, url);
    if (want !== undefined) t.same(r.json, want, url);
  }
  const { get } = api();
  t.equal((await get('/v2/query/net/1/categories/')).status, 405, 'GET is not a query');
});

t.test('structured targets: selection, selector, sorting, unique, limit, columns', async (t) => {
  const { query } = api();
  const cases: [string, Record<string, unknown>, unknown][] = [
    ['variable, default columns', { variable: 'ifInRate' }, [
      ['ifInRate', 'sw10', 'eth1', 120e6], ['ifInRate', 'sw10', 'eth2', 5e6], ['ifInRate', 'sw11', 'eth1', 81e6]]],
    ['sort by metric', { variable: 'ifInRate', sortByEl: 'metric:descending' }, [
      ['ifInRate', 'sw10', 'eth1', 120e6], ['ifInRate', 'sw11', 'eth1', 81e6], ['ifInRate', 'sw10', 'eth2', 5e6]]],
    ['selector min', { variable: 'ifInRate', selector: 'min', sortByEl: 'metric:ascending' }, [
      ['ifInRate', 'sw10', 'eth2', 5e6], ['ifInRate', 'sw10', 'eth1', 60e6], ['ifInRate', 'sw11', 'eth1', 81e6]]],
    ['selector max', { variable: 'ifInRate', device: 'sw11', selector: 'max' }, [['ifInRate', 'sw11', 'eth1', 141e6]]],
    ['sort none keeps inventory order', { variable: 'ifInRate', sortByEl: 'metric:none' }, [
      ['ifInRate', 'sw10', 'eth1', 120e6], ['ifInRate', 'sw10', 'eth2', 5e6], ['ifInRate', 'sw11', 'eth1', 81e6]]],
    ['component regex', { component: '/^eth2$/' }, [['hr.storage.used', 'sw11', 'eth2', null], ['ifInRate', 'sw10', 'eth2', 5e6]]],
    ['component literal is not a regex', { component: 'eth.' }, []],
    ['description regex is case-sensitive', { description: '/rate/', columns: 'variable,device,component' }, [
      ['ifInRate', 'sw10', 'eth1'], ['ifOutRate', 'sw10', 'eth1'], ['ifInRate', 'sw10', 'eth2'], ['ifInRate', 'sw11', 'eth1']]],
    ['variable is literal', { variable: 'ifIn.*' }, []],
    ['device and negated facet', { device: 'sw11', tags: '!Role', columns: 'variable' }, [['hr.storage.used'], ['ifInRate']]],
    ['tag rules AND', { tags: 'ifRole.Uplink,!Vendor', columns: 'variable,device' }, [['ifInRate', 'sw11']]],
    ['unique device', { tags: 'ifRole.Uplink', unique: 'device', columns: 'device,variable' }, [['sw10', 'ifInRate'], ['sw11', 'ifInRate']]],
    ['limit after sorting', { variable: 'ifInRate', sortByEl: 'metric:descending', limit: 1, columns: 'component,metric' }, [['eth1', 120e6]]],
    ['limit -1 is unlimited', { variable: 'cpuLoad', limit: -1, columns: 'device' }, [['sw10'], ['sw11']]],
    ['facet and time columns; nulls sort last', { variable: 'cpuLoad', columns: 'device,Vendor,Role,time,metric', sortByEl: 'metric:ascending' }, [
      ['sw10', 'NetSNMP', 'Core', NOW_MS, 129], ['sw11', null, 'Edge', null, null]]],
    ['sort by a text column', { variable: 'cpuLoad', sortByEl: 'device:descending', columns: 'device' }, [['sw11'], ['sw10']]],
  ];
  for (const [name, target, want] of cases) t.same(await table(query, target), want, name);
});

t.test('structured targets: list and time_series', async (t) => {
  const { query } = api();
  const list = await query({ targets: [
    { format: 'list', variable: 'ifInRate', columns: 'device' },
    { format: 'list', variable: 'ifInRate', unique: 'component' },
    { format: 'list', tags: 'Role' },
  ] });
  t.same(list, ['sw10', 'sw11', 'eth1', 'eth2', 'cpuLoad']);

  const ts = await query({ from: 'now-5m', targets: [{ id: 'B', variable: 'cpuLoad', device: 'sw10' }] });
  t.same(ts, [{
    id: 'B', target: 'cpuLoad:sw10:', name: 'metric', variable: 'cpuLoad', device: 'sw10', component: '', description: 'CPU load',
    tags: { Role: 'Core', Vendor: 'NetSNMP' },
    datapoints: [124, 125, 126, 127, 128, 129].map((v, i) => [v, NOW_MS - (5 - i) * MIN]),
  }]);

  // groupByTime: the mean per 2-minute bucket, stamped at the bucket's start (NOW_MS is 80 s into a bucket).
  const b = NOW_MS - 80_000;
  const grouped = await query({ from: 'now-5m', groupByTime: '2m', targets: [{ variable: 'cpuLoad', device: 'sw10' }] });
  t.same(grouped[0].datapoints, [[124.5, b - 240_000], [126.5, b - 120_000], [128.5, b]]);

  const two = await query({ from: `${NOW_MS - MIN}`, until: `${NOW_MS}`, targets: [{ refId: 'C', variable: 'ifInRate', sortByEl: 'metric:ascending', limit: 2 }] });
  t.same(two.map((e: any) => [e.id, e.target, e.datapoints.length]), [['C', 'ifInRate:sw10:eth2', 2], ['C', 'ifInRate:sw11:eth1', 2]]);
});

t.test('SvcQL targets use the network tables and the body range', async (t) => {
  const { query } = api();
  const out = await query({ from: 'now-2m', targets: [
    { id: 'T', svcql: "SELECT device, metric FROM variables WHERE variable = 'cpuLoad'", format: 'table' },
    { id: 'S', svcql: "SELECT metric FROM cpuLoad WHERE device = 'sw10'" },
    { id: 'L', svcql: 'SELECT DISTINCT device FROM interfaces ORDER BY device', format: 'list' },
    { id: 'N', svcql: "SELECT name FROM devices WHERE Vendor = 'Net-SNMP' AND address << 10.0.0.0/24", format: 'list' },
  ] });
  t.same(out[0], { type: 'table', id: 'T', columns: [{ text: 'device' }, { text: 'metric' }], rows: [['sw10', 55], ['sw11', null]] },
    'metric of the variables table: the ring first (55), NULL without a value');
  t.same(out[1].datapoints, [[127, NOW_MS - 2 * MIN], [128, NOW_MS - MIN], [129, NOW_MS]], 'series over the body range');
  t.same(out.slice(2), ['sw10', 'sw11', 'sw10', 'sw11']);
});

t.test('a table target whose WHERE names an unknown column: its rows and a warning, no error', async (t) => {
  const { query } = api();
  const out = await query({ targets: [
    { id: 'W', svcql: "SELECT device FROM interfaces WHERE devic = 'sw10'", format: 'table' },
    { id: 'K', svcql: "SELECT device FROM interfaces WHERE device = 'sw10' LIMIT 1", format: 'table' },
  ] });
  t.same(out.map((e: any) => [e.id, e.type, e.rows.length]), [['W', 'table', 0], ['K', 'table', 1]], 'both answer tables');
  t.match(out[0].warnings, [/^'devic' is neither a column of the interfaces table nor a tag facet of any of its rows/], 'the misspelt one warns');
  t.notOk('warnings' in out[1], 'the other has no warnings');
});

t.test('errors are per target; a bad body is a 400', async (t) => {
  const { query, post } = api();
  const out = await query({ targets: [
    { id: 'a', variable: 'cpuLoad', format: 'graph' },
    { id: 'b', variable: 'cpuLoad', selector: 'avg' },
    { id: 'c', variable: 'cpuLoad', format: 'list', columns: 'device' },
    { id: 'd', variable: 'cpuLoad', limit: 'many' },
    { id: 'e', component: '/(a)\\1/' },
    { id: 'f', variable: 'cpuLoad', sortByEl: 'metric:up' },
    42,
    { id: 'g', svcql: 'SELECT FROM' },
    { id: 'h', svcql: 'SELECT * FROM nosuchtable' },
    { id: 'i', svcql: 17 },
    { id: 'j', tags: '!' },
    { id: 'k', variable: 'cpuLoad', hide: true },
    { id: 'l', svcql: 'SELECT device FROM variables', format: 'graph' },
    { id: 'm' },
    { id: 'n', format: 'list', columns: 'category' },
  ] });
  t.same(out.map((e: any) => (typeof e === 'string' ? e : [e.id, e.code])), [
    ['a', 'BAD_PARAMETER'], ['b', 'BAD_PARAMETER'], 'sw10', 'sw11', ['d', 'BAD_PARAMETER'], ['e', 'SVCQL_REGEXP'],
    ['f', 'BAD_PARAMETER'], ['', 'BAD_PARAMETER'], ['g', 'SVCQL_SYNTAX'], ['h', 'SVCQL_EVAL'], ['i', 'BAD_PARAMETER'], ['j', 'BAD_PARAMETER'],
    ['l', 'BAD_PARAMETER'], 'Traffic', 'System',
  ]);
  t.notOk(out.some((e: any) => e.id === 'm'), 'a time_series target that selects nothing answers no series (docs/grafana.md)');
  t.match(out[0].error, "unknown format 'graph'");
  t.match(out[5].error, 'backreference');

  const bodies: [string, number, string][] = [
    ['{"targets": [', 400, 'BAD_JSON'],
    ['', 400, 'BAD_JSON'],
    ['[]', 400, 'BAD_REQUEST'],
    ['{}', 400, 'BAD_REQUEST'],
    ['{"targets": {}}', 400, 'BAD_REQUEST'],
    ['{"targets": [], "from": "yesterday"}', 400, 'BAD_PARAMETER'],
    ['{"targets": [], "from": "now", "until": "now-1h"}', 400, 'BAD_PARAMETER'],
    ['{"targets": [], "groupByTime": "often"}', 400, 'BAD_PARAMETER'],
    ['{"targets": [], "groupByTime": 60}', 400, 'BAD_PARAMETER'],
    ['{"targets": []}', 200, ''],
  ];
  for (const [raw, status, code] of bodies) {
    const r = await post('/v2/query/net/1/data/', undefined, raw);
    t.equal(r.status, status, raw);
    if (code) t.same([r.json.status, r.json.code], ['error', code], raw);
  }
  const unknown = await post('/v2/query/net/9/data/', { targets: [] });
  t.same([unknown.status, unknown.json.code], [404, 'UNKNOWN_NETWORK']);
});

t.test('the SvcQL tables follow the inventory', async (t) => {
  const { svc, query } = api();
  const count = async () => (await query({ targets: [{ svcql: 'SELECT count(variable) AS n FROM variables', format: 'table' }] }))[0].rows;
  const before = await count();
  svc.vars.set(1, [...svc.catalog.instances(1), variable(7, 'memUtil', 10, 0, '%', { deviceName: 'sw10' })]);
  const after = await count();
  t.same([before, after], [[[7]], [[8]]]);
  const names = await query({ targets: [{ svcql: 'SELECT device FROM memUtil', format: 'list' }] });
  t.same(names, ['sw10'], 'a new variable is a new series table');
});
