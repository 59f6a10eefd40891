import t from 'tap';
import {
  answerSvcqlTarget, enableRegexpSafety, executeQuery, executeStatement, formatResult, parseStatement, type SelectResult,
} from '../../svcql/index.js';
import { catalog, MIN, NOW, T0 } from './fixtures.js';

enableRegexpSafety();
const cat = catalog();
const run = (q: string): SelectResult => executeStatement(parseStatement(q), cat, { nowMs: NOW });
/** Table format rows, numbers rounded to 1e-9 so that hand-computed values compare exactly. */
const rows = (q: string): unknown[][] =>
  (formatResult(run(q), 'table')[0]!.rows as unknown[][]).map((r) => r.map((v) => (typeof v === 'number' ? Math.round(v * 1e9) / 1e9 : v)));
const r9 = (x: number): number => Math.round(x * 1e9) / 1e9;
/** time_series datapoints of the first entry, as [minute after T0, value]. */
const series = (q: string, entry = 0): [number, number | null][] =>
  formatResult(run(q), 'time_series')[entry]!.datapoints.map(([v, ts]) => [(ts - T0) / MIN, v === null ? null : r9(v)]);

t.test('reductions over time, hand-computed', async (t) => {
  t.same(rows(
    'SELECT component, tslast(metric) AS last, tsmin(metric), tsmax(metric), tsavg(metric), tsmedian(metric), ' +
    'tspercentile95(metric), tspercentile(50, metric), tspercentile(0, metric), tspercentile(100, metric) FROM ifInRate ORDER BY component'), [
    ['Gi0/1', 10, 1, 10, 5.5, 5.5, 9.55, 5.5, 1, 10],
    ['Gi0/2', 10, 10, 10, 10, 10, 10, 10, 10, 10],
    ['ge-0/0/5', 1, 1, 8, 4.25, 4, 7.55, 4, 1, 8],
  ]);
  t.same(rows('SELECT component, to_long(tsavg(metric)) FROM ifInRate ORDER BY component'), [['Gi0/1', 5], ['Gi0/2', 10], ['ge-0/0/5', 4]]);
  t.same(rows('SELECT device, ifnull(tslast(metric), -1) AS v FROM cpuLoad ORDER BY device'), [['core-v6', -1], ['dfw3-dr01-re0', 42], ['sjc1-sw02', 7.5]]);
  t.same(rows('SELECT device, ifnan(metric, 0) FROM variables WHERE variable = cpuLoad ORDER BY device'), [['core-v6', 0], ['dfw3-dr01-re0', 42], ['sjc1-sw02', 7.5]]);
  t.same(rows('SELECT avg(tsmax(metric)) AS avg_max FROM ifInRate'), [[r9(28 / 3)]]);
});

t.test('series transforms, hand-computed', async (t) => {
  t.same(series("SELECT sma(metric, 3) FROM ifInRate WHERE component = 'Gi0/1'"), [[2, 2], [3, 3], [4, 4], [5, 5], [6, 6], [7, 7], [8, 8], [9, 9]]);
  t.same(series('SELECT sma(metric, 3) FROM ifInRate WHERE component = ge-0/0/5'), [[8, r9(16 / 3)], [9, 4]]);
  t.same(series('SELECT sma(metric, 5) FROM ifInRate WHERE component = ge-0/0/5'), []);
  t.same(series('SELECT cumulative_sum(metric) FROM ifInRate WHERE component = ge-0/0/5'), [[6, 5], [7, 8], [8, 16], [9, 17]]);
  t.same(series('SELECT tslinear(metric) FROM ifInRate WHERE component = ge-0/0/5'), [[6, 5.3], [7, 4.6], [8, 3.9], [9, 3.2]]);
  t.same(series("SELECT tslinear(metric) FROM ifInRate WHERE component = 'Gi0/1'").map((p) => p[1]), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  t.same(rows('SELECT tsmax(cumulative_sum(metric)) FROM ifInRate WHERE component = ge-0/0/5'), [[17]]);
  t.same(series('SELECT to_long(tslinear(metric)) FROM ifInRate WHERE component = ge-0/0/5'), [[6, 5], [7, 4], [8, 3], [9, 3]]);
  t.throws(() => run('SELECT sma(metric, 0) FROM ifInRate'), { code: 'SVCQL_EVAL' });
  t.throws(() => run('SELECT tspercentile(101, metric) FROM ifInRate'), { code: 'SVCQL_EVAL' });
});

t.test('aggregates across series, per time stamp', async (t) => {
  const avg = [0, 1, 2, 3, 4, 5].map((m) => [m, (m + 1 + 10) / 2]).concat([[6, r9(22 / 3)], [7, 7], [8, 9], [9, 7]]);
  t.same(series('SELECT avg(metric) FROM ifInRate'), avg);
  t.same(series('SELECT sum(metric) FROM ifInRate').slice(-2), [[8, 27], [9, 21]]);
  t.same(series('SELECT count(metric) FROM ifInRate').map((p) => p[1]), [2, 2, 2, 2, 2, 2, 3, 3, 3, 3]);
  t.same(series('SELECT max(metric) FROM ifInRate').slice(-1), [[9, 10]]);
  t.same(series('SELECT min(metric) FROM ifInRate').slice(-1), [[9, 1]]);
  t.same(series('SELECT median(metric) FROM ifInRate').slice(6, 7), [[6, 7]]);
  const byDevice = run('SELECT device, sum(metric) AS total FROM ifInRate GROUP BY device ORDER BY device');
  const ts = formatResult(byDevice, 'time_series');
  t.same(ts.map((e) => e.target), ['ifInRate:dfw3-dr01-re0:*', 'ifInRate:sjc1-sw02:ge-0/0/5']);
  t.same(ts[0]!.datapoints.map((d) => d[0]), [11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
  t.same(ts[0]!.tags, { Vendor: 'Cisco', Role: 'Core', Site: 'DFW' }, 'a group keeps the tags its members share');
  t.same(rows('SELECT device, count(*) FROM ifInRate GROUP BY device ORDER BY device'), [['dfw3-dr01-re0', 2], ['sjc1-sw02', 1]]);
});

t.test('GROUP BY time buckets', async (t) => {
  t.same(series("SELECT metric FROM ifInRate WHERE component = 'Gi0/1' GROUP BY time(5m)"), [[0, 3], [5, 8]]);
  t.same(series('SELECT avg(metric) FROM ifInRate GROUP BY time(5m)'), [[0, 6.5], [5, r9(22.25 / 3)]]);
  t.same(series('SELECT sum(metric) FROM ifInRate GROUP BY time(5m)'), [[0, 13], [5, 22.25]]);
  t.same(series('SELECT count(metric) FROM ifInRate GROUP BY time(5m)'), [[0, 2], [5, 3]]);
  t.same(series("SELECT metric FROM ifInRate WHERE component = 'Gi0/1' GROUP BY time(2m)"), [[0, 1.5], [2, 3.5], [4, 5.5], [6, 7.5], [8, 9.5]]);
  const tbl = rows('SELECT time, avg(metric) FROM ifInRate GROUP BY time(5m)');
  t.same(tbl, [[T0, 6.5], [T0 + 5 * MIN, r9(22.25 / 3)]], 'table format with time: one row per bucket');
  t.throws(() => run('SELECT avg(metric) FROM ifInRate GROUP BY time(1ms)'), { code: 'SVCQL_LIMIT' });
  t.throws(() => run('SELECT count(*) FROM devices GROUP BY time(5m)'), { code: 'SVCQL_EVAL' });
});

t.test('time conditions', async (t) => {
  const tsavg = (where: string): unknown[][] => rows(`SELECT component, tsavg(metric) FROM ifInRate WHERE ${where} ORDER BY component`);
  t.same(tsavg("time > now-3m AND component = 'Gi0/1'"), [['Gi0/1', 9.5]]);
  t.same(tsavg(`time >= ${T0 + 8 * MIN} AND component = 'Gi0/1'`), [['Gi0/1', 9.5]]);
  t.same(tsavg(`time BETWEEN ${T0 + 6 * MIN} AND ${T0 + 7 * MIN}`), [['Gi0/1', 7.5], ['Gi0/2', 10], ['ge-0/0/5', 4]]);
  t.same(tsavg(`time BETWEEN '${new Date(T0 + 6 * MIN).toISOString()}' AND '${new Date(T0 + 7 * MIN).toISOString()}' AND component = ge-0/0/5`), [['ge-0/0/5', 4]]);
  t.same(tsavg(`time < ${T0 + 2 * MIN} AND time > now-1d AND component = 'Gi0/1'`), [['Gi0/1', 1.5]]);
  t.same(tsavg('time > now-30s'), [['Gi0/1', null], ['Gi0/2', null], ['ge-0/0/5', null]], 'empty range: series with no points');
  const withDefault = executeStatement(parseStatement("SELECT tsavg(metric) FROM ifInRate WHERE component = 'Gi0/1'"), cat,
    { nowMs: NOW, defaultRange: { fromMs: T0 + 8 * MIN, toMs: T0 + 9 * MIN } });
  t.same(withDefault.rows.map((r) => r.values), [[9.5]], 'the request range applies when WHERE sets none');
  const lowerOnly = executeStatement(parseStatement(`SELECT tsavg(metric) FROM ifInRate WHERE component = 'Gi0/1' AND time >= ${T0 + 7 * MIN}`), cat,
    { nowMs: NOW, defaultRange: { fromMs: T0, toMs: T0 + 8 * MIN } });
  t.same(lowerOnly.rows.map((r) => r.values), [[8.5]], 'WHERE bounds win over the request range');
  const res = run('SELECT metric FROM ifInRate');
  t.same(res.range, { fromMs: NOW - 3_600_000, toMs: NOW }, 'default range is the last hour');
  t.throws(() => run("SELECT metric FROM ifInRate WHERE time > now-1h OR component = 'x'"), { code: 'SVCQL_EVAL', message: /joined .* by AND/ });
  t.throws(() => run("SELECT metric FROM ifInRate WHERE time > 'yesterday'"), { code: 'SVCQL_EVAL', message: /not a time/ });
  t.throws(() => run('SELECT metric FROM ifInRate WHERE time > now-6x'), { code: 'SVCQL_EVAL' });
});

t.test('series tables: metric selects whole series, other variables are columns', async (t) => {
  t.same(rows('SELECT component, tsmax(metric) FROM ifInRate WHERE metric < 5'), [['ge-0/0/5', 8]], 'metric filters series, never trims points');
  t.same(rows('SELECT component, ifOutRate FROM ifInRate WHERE ifOutRate IS NOT NULL'), [['Gi0/1', 100]]);
  t.same(rows('SELECT device, cpuLoad, address, boxDescr FROM ifInRate WHERE component = ge-0/0/5'), [['sjc1-sw02', null, '10.2.0.2', 'box sjc1-sw02']]);
  t.same(rows("FROM ifInRate WHERE component = 'Gi0/2'"), [['ifInRate', 'dfw3-dr01-re0', 'Gi0/2', 'ifInRate of dfw3-dr01-re0 Gi0/2', 10]]);
  t.same(rows("SELECT component, tsmax(metric) FROM ifInRate WHERE tsmin(metric) >= 5"), [['Gi0/2', 10]], 'reductions work in WHERE');
  t.same(rows("SELECT component, metric FROM ifinrate WHERE Role = Access"), [['ge-0/0/5', 1]], 'table names: unique case-insensitive match');
});

t.test('row tables: multi-valued facets, grouping, DISTINCT, ORDER BY, LIMIT', async (t) => {
  t.same(rows('SELECT name, Role FROM devices ORDER BY name'), [
    ['core-v6', 'Core'], ['dfw3-dr01-re0', 'Core'], ['dfw3-dr01-re0', 'Edge'], ['lab.router:3', null], ['sjc1-sw02', 'Access'],
  ]);
  t.same(rows('SELECT name, Role, Site FROM devices WHERE id = 1'), [['dfw3-dr01-re0', 'Core', 'DFW'], ['dfw3-dr01-re0', 'Edge', 'DFW']]);
  t.same(rows('SELECT Role, count(*) AS n FROM devices GROUP BY Role ORDER BY n DESC, Role'), [['Core', 2], ['Access', 1], ['Edge', 1], [null, 1]]);
  t.same(rows('SELECT count(*), max(id), min(name), max(name), sum(id), avg(id), median(id) FROM devices'), [[4, 4, 'core-v6', 'sjc1-sw02', 10, 2.5, 2.5]]);
  // Naming a multi-valued column expands the rows first (a join): dfw3 counts once per Role word.
  t.same(rows('SELECT count(*), count(Role), sum(id) FROM devices'), [[5, 4, 11]]);
  t.same(rows('SELECT count(*) FROM devices WHERE id > 100'), [[0]]);
  t.same(rows('SELECT DISTINCT device FROM variables ORDER BY device'), [['core-v6'], ['dfw3-dr01-re0'], ['sjc1-sw02']]);
  t.same(rows('SELECT DISTINCT category, unit FROM variables ORDER BY category DESC'), [['System', '%'], ['Interface', 'bps']]);
  t.same(rows('SELECT id FROM devices ORDER BY id DESC LIMIT 2, 1'), [[3], [2]]);
  t.same(rows('SELECT id FROM devices ORDER BY id LIMIT 2 OFFSET 3'), [[4]]);
  t.same(rows('SELECT id FROM devices ORDER BY id LIMIT -1, 1'), [[2], [3], [4]]);
  t.same(rows("SELECT name AS 'n' FROM devices ORDER BY 'n' LIMIT 1"), [['core-v6']]);
  t.same(rows('SELECT name AS `the name` FROM devices ORDER BY `the name` DESC LIMIT 1'), [['sjc1-sw02']]);
  t.same(rows('SELECT name FROM devices ORDER BY address LIMIT 2'), [['dfw3-dr01-re0'], ['sjc1-sw02']], 'ORDER BY a column not selected');
  t.same(rows('SELECT name FROM devices ORDER BY Vendor DESC'), [['sjc1-sw02'], ['dfw3-dr01-re0'], ['core-v6'], ['lab.router:3']]);
  t.same(rows('SELECT * FROM tags WHERE facet = Role'), [['Role', 'Access', 'Role.Access'], ['Role', 'Core', 'Role.Core'], ['Role', 'Edge', 'Role.Edge']]);
  t.same(rows('SELECT device, interface, neighbor FROM interfaces WHERE neighbor IS NOT NULL ORDER BY device'), [['dfw3-dr01-re0', 'Gi0/1', 'sjc1-sw02'], ['sjc1-sw02', 'ge-0/0/5', 'dfw3-dr01-re0']]);
  t.same(rows('SELECT key, name FROM alerts WHERE active = false'), [['a2', 'linkDown']]);
  t.same(rows("SELECT 'x' AS k, 3 FROM devices WHERE id = 1"), [['x', 3]]);
  t.same(run('SELECT * FROM devices LIMIT 1').columns.map((c) => c.name).slice(0, 4), ['id', 'name', 'address', 'Vendor']);
});

t.test('evaluation errors say where', async (t) => {
  const cases: [string, RegExp][] = [
    ['SELECT * FROM nope', /^SvcQL error at 1:15: unknown table 'nope'/],
    ['SELECT * FROM devices WHERE avg(id) > 1', /^SvcQL error at 1:29: avg\(\) combines rows and cannot be used in WHERE$/],
    ['SELECT * FROM tags WHERE nope = 1', /^SvcQL error at 1:26: unknown column 'nope' in table tags$/],
    ['SELECT word FROM tags\nWHERE facet = `nope`', /^SvcQL error at 2:15: unknown column 'nope'/],
    ['SELECT metric FROM ifInRate WHERE time > now-1h OR device = x', /^SvcQL error at 1:35: time conditions must be joined/],
    ["SELECT metric FROM ifInRate WHERE time > 'yesterday'", /^SvcQL error at 1:42: 'yesterday' is not a time/],
    ['SELECT sma(metric, 0) FROM ifInRate', /^SvcQL error at 1:20: sma\(\) window must be an integer/],
    ['SELECT tspercentile(101, metric) FROM ifInRate', /^SvcQL error at 1:21: tspercentile\(\) percentile must be/],
    ['SELECT count(*) FROM devices GROUP BY time(5m)', /^SvcQL error at 1:39: GROUP BY time\(\) needs a series table/],
    ['SELECT count(*) FROM ifInRate GROUP BY time(5m), time(1h)', /^SvcQL error at 1:50: GROUP BY may name time\(\) once/],
  ];
  for (const [q, re] of cases) t.throws(() => run(q), { code: 'SVCQL_EVAL', message: re }, q);
});

t.test('several statements answer separately', async (t) => {
  const out = executeQuery('SELECT count(*) FROM devices; SELECT * FROM nope; SELECT count(*) FROM interfaces', cat, { nowMs: NOW });
  t.same(out.map((o) => o.ok), [true, false, true]);
  t.same(out[0]!.ok && out[0]!.result.rows[0]!.values, [4]);
  t.same(!out[1]!.ok && out[1]!.error.code, 'SVCQL_EVAL');
  t.same(out[2]!.ok && out[2]!.result.rows[0]!.values, [3]);
  t.throws(() => executeQuery('SELECT count(*) FROM devices; SELECT FROM', cat, { nowMs: NOW }), { code: 'SVCQL_SYNTAX' });
});

t.test('output formats', async (t) => {
  const ts = formatResult(run('SELECT metric FROM ifInRate WHERE component = ge-0/0/5'), 'time_series', { id: 'A' });
  t.same(ts, [{
    id: 'A', target: 'ifInRate:sjc1-sw02:ge-0/0/5', name: 'metric', variable: 'ifInRate', device: 'sjc1-sw02', component: 'ge-0/0/5',
    description: 'ifInRate of sjc1-sw02 ge-0/0/5', tags: { Vendor: 'Juniper', Role: 'Access' },
    datapoints: [[5, T0 + 6 * MIN], [3, T0 + 7 * MIN], [8, T0 + 8 * MIN], [1, T0 + 9 * MIN]],
  }]);
  const tbl = formatResult(run('SELECT time, device, metric FROM ifInRate WHERE component = ge-0/0/5'), 'table', { id: 'B' });
  t.same(tbl, [{
    type: 'table', id: 'B', columns: [{ text: 'time' }, { text: 'device' }, { text: 'metric' }],
    rows: [6, 7, 8, 9].map((m, i) => [T0 + m * MIN, 'sjc1-sw02', [5, 3, 8, 1][i]]),
  }]);
  t.same(formatResult(run('SELECT time, metric, sma(metric, 2) FROM ifInRate WHERE component = ge-0/0/5'), 'table')[0]!.rows, [
    [T0 + 6 * MIN, 5, null], [T0 + 7 * MIN, 3, 4], [T0 + 8 * MIN, 8, 5.5], [T0 + 9 * MIN, 1, 4.5],
  ], 'time rows: the union of the series time stamps, null where a series has no point');
  t.same(formatResult(run('SELECT device, metric FROM ifInRate ORDER BY component'), 'table')[0]!.rows, [
    ['dfw3-dr01-re0', 10], ['dfw3-dr01-re0', 10], ['sjc1-sw02', 1],
  ]);
  t.same(formatResult(run('SELECT device FROM variables'), 'list'), ['dfw3-dr01-re0', 'sjc1-sw02', 'core-v6']);
  t.same(formatResult(run('SELECT device, component FROM variables'), 'list', { unique: 'component' }), ['Gi0/1', 'Gi0/2', 'ge-0/0/5', '']);
  t.same(formatResult(run('SELECT tsmax(metric) AS m FROM ifInRate WHERE component = ge-0/0/5'), 'time_series').map((e) => e.datapoints), [[[8, NOW]]]);
  t.same(answerSvcqlTarget({ svcql: 'SELECT FROM', format: 'table', id: 'C' }, cat, { nowMs: NOW }), [{
    id: 'C', error: "SvcQL syntax error at 1:8: expected a column, value or function to select but found 'FROM'", code: 'SVCQL_SYNTAX',
  }]);
  t.same(answerSvcqlTarget({ svcql: 'SELECT name FROM devices WHERE id < 3; SELECT name FROM devices WHERE id = 4', format: 'list' }, cat, { nowMs: NOW }),
    ['dfw3-dr01-re0', 'sjc1-sw02', 'core-v6']);
  t.match(answerSvcqlTarget({ svcql: 'SELECT 1 FROM devices', format: 'csv' }, cat, { nowMs: NOW }), [{ code: 'BAD_PARAMETER' }]);
});
