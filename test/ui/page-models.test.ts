import t from 'tap';

/**
 * The arithmetic behind the port page, the map's alert colours and link widths, and the SvcQL
 * console's units (ui/src/port-data.ts, map-model.ts, console-units.ts), in their built form: tables
 * of cases, no browser.
 */
const load = async <T>(file: string): Promise<T> => await import(new URL(`../../ui/${file}`, import.meta.url).href) as T;
const port = await load<typeof import('../../ui/src/port-data.js')>('port-data.js');
const map = await load<typeof import('../../ui/src/map-model.js')>('map-model.js');
const units = await load<typeof import('../../ui/src/console-units.js')>('console-units.js');

t.test('95th percentile by nearest rank', async (t) => {
  const hundred = Array.from({ length: 100 }, (_, i) => i + 1); // 1…100
  const cases: [string, number[], number | null][] = [
    ['no samples', [], null],
    ['one sample', [7], 7],
    ['1…100: the 95th', hundred, 95],
    ['1…100 shuffled: the 95th', [...hundred].reverse(), 95],
    ['20 samples: the 19th (the top one dropped)', Array.from({ length: 20 }, (_, i) => (i + 1) * 10), 190],
    ['19 samples: the top one (⌈18.05⌉ = 19)', Array.from({ length: 19 }, (_, i) => i + 1), 19],
    ['a burst above 5 % is seen', [...Array<number>(90).fill(1), ...Array<number>(10).fill(1000)], 1000],
    ['a burst within 5 % is not', [...Array<number>(95).fill(1), ...Array<number>(5).fill(1000)], 1],
  ];
  for (const [what, values, want] of cases) t.equal(port.percentile95(values), want, what);
});

t.test('a data series as points', async (t) => {
  const m = port.pointsOf(['timestamp,ifInRate.1.1', '1000,5', '2000,x', 'bad', '3000,7.5']);
  t.same([...m.entries()], [[1000, 5], [3000, 7.5]], 'the header and lines that do not parse are left out');
  t.same([...port.pointsOf(undefined).entries()], [], 'no series: no points');
});

t.test('packet charts mirrored: the ifOut… series negated, the lowest value drawn', async (t) => {
  const series = (n: number) => Array.from({ length: n }, (_, i) => ({ label: `s${i}`, unit: 'pkt/s', axisSide: 'left' as const }));
  const cases: [string, string[], (number | null)[][], (number | null)[][], number][] = [
    ['in kept, out below zero', ['ifInMulticastPkts', 'ifOutMulticastPkts'], [[1, 2], [3, null]], [[1, 2], [-3, null]], -3],
    ['every out series, whatever its place', ['ifOutBroadcastPkts', 'ifInBroadcastPkts', 'ifOutMulticastPkts'], [[4, 0], [5, 6], [1, 9]], [[-4, -0], [5, 6], [-1, -9]], -9],
    ['no outbound points: lowest 0', ['ifInUcastPkts', 'ifOutUcastPkts'], [[2, 3], [null, null]], [[2, 3], [null, null]], 0],
    ['no outbound series', ['ifInUcastPkts'], [[2, 3]], [[2, 3]], 0],
  ];
  for (const [what, names, values, want, minOut] of cases) {
    const data = { times: [1, 2], values, series: series(names.length) };
    const got = port.mirrorOut(data, names);
    t.same(got.data.values, want, `${what}: values`);
    t.equal(got.minOut, minOut, `${what}: lowest ${minOut}`);
    t.same(data.values, values, `${what}: the input left alone`);
  }
});

t.test('map: link width by speed, link speed, worst alert', async (t) => {
  const widths: [number | null, number][] = [[null, 2.5], [0, 2.5], [1e3, 1], [10e6, 1.8], [100e6, 2.6], [1e9, 3.4], [10e9, 4.2], [100e9, 5], [1e13, 6]];
  for (const [bps, w] of widths) t.equal(map.speedWidth(bps), w, `${bps} bit/s → ${w}`);
  const speeds: [number | null, number | null, number | null][] = [[1e9, 1e8, 1e8], [null, 1e9, 1e9], [1e9, null, 1e9], [0, 1e9, 1e9], [null, null, null]];
  for (const [a, b, want] of speeds) t.equal(map.linkSpeed(a, b), want, `ends ${a} and ${b}: ${want}`);

  const sev: [string, { deviceId: number; severity?: unknown }[], [number, string][]][] = [
    ['no alerts', [], []],
    ['an alert without severity counts as critical', [{ deviceId: 1 }], [[1, 'critical']]],
    ['the worst of a device\'s alerts', [{ deviceId: 1, severity: 'info' }, { deviceId: 1, severity: 'warning' }, { deviceId: 2, severity: 'info' }], [[1, 'warning'], [2, 'info']]],
    ['critical beats warning whatever the order', [{ deviceId: 3, severity: 'critical' }, { deviceId: 3, severity: 'warning' }], [[3, 'critical']]],
    ['an unknown severity counts as critical', [{ deviceId: 4, severity: 'page' }, { deviceId: 4, severity: 'info' }], [[4, 'critical']]],
  ];
  for (const [what, alerts, want] of sev) t.same([...map.worstSeverity(alerts).entries()].sort(), want, what);
});

t.test('console: the columns that carry the FROM variable\'s unit', async (t) => {
  const cases: [string, number, string | null, string[]][] = [
    ['SELECT device, component, metric FROM ifInRate ORDER BY metric DESC LIMIT 10', 3, 'bit/s', ['', '', 'bit/s']],
    ['SELECT device, max(tsmax(metric)) AS peak FROM ifInRate GROUP BY device', 2, 'bit/s', ['', 'bit/s']],
    ['select device, count(metric) as n from ifInRate group by device', 2, 'bit/s', ['', '']],
    ["SELECT device, interface, operStatus FROM interfaces WHERE operStatus != 'up'", 3, null, ['', '', '']],
    ['SELECT * FROM cpuUtil', 4, '%', ['', '', '', '']],
    ['SELECT device, metric FROM sysUpTime', 2, '', ['', '']],
    ["SELECT device, metric, 'a,b' AS x FROM cpuUtil", 3, '%', ['', '%', '']],
    ['SELECT device, metric FROM cpuUtil', 3, '%', ['', '', '']],
  ];
  for (const [svcql, columns, unit, want] of cases) t.same(units.columnUnits(units.statementShape(svcql), columns, unit), want, svcql);
  t.same(units.statements("SELECT a FROM x; SELECT ';' AS b FROM y ;"), ['SELECT a FROM x', "SELECT ';' AS b FROM y"], 'statements split at ; outside quotes');
});
