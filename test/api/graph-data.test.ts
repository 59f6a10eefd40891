import t from 'tap';
import { apiFor } from '../fakes/call.js';
import { fixture, NOW_MS, variable } from '../fakes/fake-service.js';

const MIN = 60_000;
const tsOf = (i: number) => NOW_MS - (119 - i) * MIN; // the fixture's i-th point

t.test('graph: shapes, scaling, legends, axes', async (t) => {
  const { get } = apiFor(fixture(), NOW_MS);
  const r = await get('/v2/ui/net/1/graph/ifInRate.10.1,ifOutRate.10.1,cpuLoad.10.0');
  t.equal(r.status, 200);
  t.equal(r.json.errors, '');
  t.equal(r.json.warnings, '');
  t.equal(r.json.info.length, 3);
  const [inRate, outRate, cpu] = r.json.info;
  t.same({ ...inRate, timeseries: undefined }, {
    varName: 'ifInRate', legend: 'Inbound rate eth1', legendEmbedded: 'dev10 Inbound rate eth1', index: 1, varId: 'ifInRate.10.1',
    unit: 'Mb/s', range: [1, 120], significantFigures: 3, scale: 1e6, axisSide: 'left', timeseries: undefined,
  });
  t.equal(inRate.timeseries.length, 121);
  t.equal(inRate.timeseries[0], 'timestamp,ifInRate.10.1');
  t.equal(inRate.timeseries[1], `${tsOf(0)},1`);
  t.equal(inRate.timeseries[120], `${NOW_MS},120`);
  // Same raw unit → same scale and axis, even though its own values are smaller.
  t.same([outRate.legend, outRate.unit, outRate.scale, outRate.axisSide, outRate.range], ['ifOutRate eth1', 'Mb/s', 1e6, 'left', [0.5, 60]]);
  t.equal(outRate.timeseries[1], `${tsOf(0)},0.5`);
  t.same([cpu.legend, cpu.legendEmbedded, cpu.unit, cpu.scale, cpu.axisSide, cpu.range, cpu.index], ['cpuLoad', 'dev10 cpuLoad', '%', 1, 'right', [10, 129], 0]);
});

t.test('graph: bit rate scale by magnitude', async (t) => {
  const cases: [number, string, number, string][] = [
    [999, 'bit/s', 1, '999'],
    [1000, 'kb/s', 1e3, '1'],
    [5e3, 'kb/s', 1e3, '5'],
    [2.5e6, 'Mb/s', 1e6, '2.5'],
    [3.2e9, 'Gb/s', 1e9, '3.2'],
    [4e12, 'Gb/s', 1e9, '4000'],
  ];
  for (const [value, unit, scale, shown] of cases) {
    const svc = fixture();
    svc.series.set(1, [NOW_MS - MIN, NOW_MS], [value / 2, value]);
    const { get } = apiFor(svc, NOW_MS);
    const r = await get('/v2/ui/net/1/graph/ifOutRate.10.1');
    const info = r.json.info[0];
    t.same([info.unit, info.scale], [unit, scale], `${value} bit/s`);
    t.equal(info.timeseries[2], `${NOW_MS},${shown}`, `${value} bit/s shown`);
  }
});

t.test('graph and data: per-id errors answer 200 with the valid ids', async (t) => {
  const eleven = Array(11).fill('cpuLoad.10.0').join(',');
  const cases: [string, string[], string[]][] = [
    // [ids, varIds answered, error fragments]
    ['ifInRate.10.1,nope.10.1', ['ifInRate.10.1'], ["unknown variable 'nope.10.1' in network 1"]],
    ['foo,cpuLoad.10.0', ['cpuLoad.10.0'], ["'foo' is not a triplet"]],
    ['ifInRate.10.x', [], ["component index 'x' is not a non-negative integer"]],
    ['ifInRate.10.1,ifInRate..1', ['ifInRate.10.1'], ["'ifInRate..1': device id '' is not a non-negative integer"]],
    ['hr.storage.used.11.2', ['hr.storage.used.11.2'], []],
    ['cpuLoad.11.0', [], ["unknown variable 'cpuLoad.11.0'"]],
    [eleven, Array(10).fill('cpuLoad.10.0'), ["'cpuLoad.10.0' not answered: at most 10 variables per call"]],
    [`${Array(10).fill('cpuLoad.10.0').join(',')},foo,nope.1.1`, Array(10).fill('cpuLoad.10.0'),
      ["'foo' not answered: at most 10", "'nope.1.1' not answered: at most 10"]],
    ['cpuLoad.10.0,', ['cpuLoad.10.0'], []],
    [',', [], ['no variable ids given']],
    ['cpuLoad%2E10%2E0', ['cpuLoad.10.0'], []],
  ];
  for (const kind of ['graph', 'data']) {
    for (const prefix of ['/v2/ui/net/1', '/api/monitor/networks/1']) {
      for (const [ids, answered, errors] of cases) {
        const { get } = apiFor(fixture(), NOW_MS);
        const url = `${prefix}/${kind}/${ids}`;
        const r = await get(url);
        t.equal(r.status, 200, url);
        const got = r.json.info.map((i: { varId?: string; varName: string; deviceId?: number; index: number }) =>
          i.varId ?? `${i.varName}.${i.deviceId}.${i.index}`);
        t.same(got, answered, `${url} answered`);
        if (errors.length === 0) t.equal(r.json.errors, '', `${url} no errors`);
        for (const e of errors) t.match(r.json.errors, e, `${url} errors`);
        t.equal(r.json.errors.split('; ').length, Math.max(errors.length, r.json.errors === '' ? 1 : 0), `${url} one line per failure`);
      }
    }
  }
});

t.test('graph and data: whole-call failures', async (t) => {
  const cases: [string, number, string][] = [
    ['/v2/ui/net/9/graph/cpuLoad.10.0', 404, 'UNKNOWN_NETWORK'],
    ['/v2/ui/net/9/data/cpuLoad.10.0', 404, 'UNKNOWN_NETWORK'],
    ['/api/monitor/networks/9/graph/cpuLoad.10.0', 404, 'UNKNOWN_NETWORK'],
    ['/api/monitor/networks/abc/data/cpuLoad.10.0', 400, 'BAD_PARAMETER'],
    ['/v2/ui/net/1/graph/cpuLoad.10.0?length=1', 400, 'BAD_PARAMETER'],
    ['/v2/ui/net/1/graph/cpuLoad.10.0?length=ten', 400, 'BAD_PARAMETER'],
    ['/v2/ui/net/1/data/cpuLoad.10.0?forceDb&forceMem', 400, 'BAD_PARAMETER'],
    ['/v2/ui/net/1/data/cpuLoad.10.0?monitor=maybe', 400, 'BAD_PARAMETER'],
    ['/api/monitor/networks/1/graph/?name=cpuLoad&sortBy=bogus', 400, 'BAD_PARAMETER'],
    ['/api/monitor/networks/1/data/?tagMatch=XOR&tags=a.b', 400, 'BAD_PARAMETER'],
    ['/api/monitor/networks/9/data/', 404, 'UNKNOWN_NETWORK'],
    ['/v2/ui/net/1/graph/', 404, 'NOT_FOUND'],
  ];
  const { get } = apiFor(fixture(), NOW_MS);
  for (const [url, status, code] of cases) {
    const r = await get(url);
    t.equal(r.status, status, url);
    t.equal(r.json.code, code, url);
    t.equal(r.json.status, 'error', url);
  }
});

t.test('time window: intervalHr, start, end as ms or ISO 8601', async (t) => {
  const iso = (ms: number) => new Date(ms).toISOString();
  const enc = encodeURIComponent;
  // [query, number of points of the 120 one-minute points, first point index]
  const cases: [string, number, number][] = [
    ['', 120, 0],
    ['intervalHr=1', 61, 59],
    ['intervalHr=0.5', 31, 89],
    [`start=${NOW_MS - 10 * MIN}`, 11, 109],
    [`start=${NOW_MS - 10 * MIN}&end=${NOW_MS - 5 * MIN}`, 6, 109],
    [`end=${NOW_MS - 60 * MIN}&intervalHr=0.25`, 16, 44],
    [`start=${enc(iso(NOW_MS - 10 * MIN))}`, 11, 109],
    [`start=${enc(iso(NOW_MS - 10 * MIN).replace('Z', ''))}`, 11, 109],                  // no zone: UTC
    [`start=${enc(iso(NOW_MS - 10 * MIN).replace('.000Z', ''))}`, 11, 109],
    [`start=${enc(iso(NOW_MS + 50 * MIN).replace('Z', '+01:00'))}`, 11, 109],          // same instant, +01:00
    [`start=${iso(NOW_MS + 50 * MIN).replace('Z', '+01:00')}`, 11, 109],              // '+' not encoded
    [`start=${enc(iso(NOW_MS - 10 * MIN))}&intervalHr=100`, 11, 109],                 // start wins over intervalHr
    [`start=${NOW_MS + MIN}&end=${NOW_MS + 2 * MIN}`, 0, 0],
  ];
  for (const [query, n, first] of cases) {
    const { get } = apiFor(fixture(), NOW_MS);
    const r = await get(`/v2/ui/net/1/data/cpuLoad.10.0?${query}`);
    t.equal(r.status, 200, query);
    const ts: string[] = r.json.info[0].timeseries;
    t.equal(ts.length - 1, n, `${query}: points`);
    if (n > 0) t.equal(ts[1], `${tsOf(first)},${10 + first}`, `${query}: first point`);
  }
  const bad = [
    'intervalHr=0', 'intervalHr=-1', 'intervalHr=abc', 'intervalHr=', 'intervalHr=1e3', 'start=yesterday', 'start=',
    'end=2023-13-01', 'end=2023-02-30T00:00:00Z', 'start=2023-01-01T25:00', `start=${NOW_MS}&end=${NOW_MS - 1}`,
    'start=-5', 'end=12.5',
  ];
  for (const query of bad) {
    for (const kind of ['graph', 'data']) {
      const { get } = apiFor(fixture(), NOW_MS);
      const r = await get(`/v2/ui/net/1/${kind}/cpuLoad.10.0?${query}`);
      t.equal(r.status, 400, `${kind} ${query}`);
      t.equal(r.json.code, 'BAD_PARAMETER', `${kind} ${query}`);
    }
  }
});

t.test('graph: length reduction', async (t) => {
  const start = `start=${NOW_MS - 119 * MIN}`;
  const cases: [string, number][] = [
    [`${start}&length=10`, 10],
    [`${start}&length=11`, 10],
    [`${start}&length=2`, 2],
    [`${start}&length=120`, 120],
    [`${start}&length=500`, 120],
    ['length=10', 2], // 24 h window: every point falls in the last of 5 chunks
  ];
  for (const [query, n] of cases) {
    const { get } = apiFor(fixture(), NOW_MS);
    const r = await get(`/v2/ui/net/1/graph/ifInRate.10.1?${query}`);
    t.equal(r.status, 200, query);
    const ts: string[] = r.json.info[0].timeseries.slice(1);
    t.equal(ts.length, n, `${query}: points`);
    t.equal(ts[0], `${tsOf(0)},1`, `${query}: keeps the minimum`);
    t.equal(ts[ts.length - 1], `${NOW_MS},120`, `${query}: keeps the maximum`);
    const times = ts.map((s) => Number(s.split(',')[0]));
    t.same(times, [...times].sort((a, b) => a - b), `${query}: in time order`);
  }
});

t.test('data: shape, unscaled values, monitor ring buffer, forceDb/forceMem', async (t) => {
  const svc = fixture();
  // Six raw polls of slot 0 at uneven times; the ring keeps the last four.
  const polls = [1, 2, 3, 4, 5, 6].map((k) => NOW_MS - 60_000 + k * 7_013);
  polls.forEach((ts, k) => svc.ring.write(0, ts, (k + 1) * 1e6 + 0.25));
  svc.ring.write(2, NOW_MS - 5_000, NaN); // a poll without a value
  svc.ring.write(2, NOW_MS - 1_000, 42);
  const { get } = apiFor(svc, NOW_MS);

  const plain = await get('/v2/ui/net/1/data/ifInRate.10.1');
  t.same({ ...plain.json.info[0], timeseries: undefined }, {
    varName: 'ifInRate', deviceId: 10, index: 1, device: 'dev10', component: 'eth1', unit: 'bit/s', timeseries: undefined,
  });
  t.equal(plain.json.info[0].timeseries[120], `${NOW_MS},120000000`, 'unscaled');
  t.equal(plain.json.warnings, '');

  const cases: [string, string[]][] = [
    ['/v2/ui/net/1/data/ifInRate.10.1?monitor=true', polls.slice(2).map((ts, k) => `${ts},${(k + 3) * 1e6 + 0.25}`)],
    ['/api/monitor/networks/1/data/ifInRate.10.1?monitor', polls.slice(2).map((ts, k) => `${ts},${(k + 3) * 1e6 + 0.25}`)],
    ['/api/monitor/networks/1/data/ifInRate.10.1?monitor=1&intervalHr=0.001', polls.slice(2).map((ts, k) => `${ts},${(k + 3) * 1e6 + 0.25}`)],
    ['/api/monitor/networks/1/data/cpuLoad.10.0?monitor=true', [`${NOW_MS - 1_000},42`]],
    ['/api/monitor/networks/1/data/ifOutRate.10.1?monitor=true', []],
  ];
  for (const [url, points] of cases) {
    const r = await get(url);
    t.equal(r.status, 200, url);
    t.same(r.json.info[0].timeseries.slice(1), points, url);
    t.ok(r.json.info[0].timeseries.length - 1 <= 4, `${url}: at most 4 observations`);
  }

  const db = await get('/v2/ui/net/1/data/cpuLoad.10.0?forceDb=true');
  t.equal(db.json.info[0].timeseries.length, 121);
  t.equal(db.json.warnings, '');
  const mem = await get('/v2/ui/net/1/data/cpuLoad.10.0?forceMem=true');
  t.equal(mem.json.info[0].timeseries.length, 121);
  t.match(mem.json.warnings, 'forceMem');
  const both = await get('/v2/ui/net/1/data/cpuLoad.10.0?monitor&forceDb');
  t.match(both.json.warnings, "'forceDb' ignored");
});

t.test('graph of a variable with an unknown unit and no points', async (t) => {
  const svc = fixture();
  svc.vars.get(1)!.push(variable(9, 'temp', 11, 0, 'C', { description: 'Temperature', deviceName: 'sw11' }));
  const { get } = apiFor(svc, NOW_MS);
  const r = await get('/v2/ui/net/1/graph/temp.11.0');
  t.same(r.json.info[0], {
    varName: 'temp', legend: 'Temperature', legendEmbedded: 'sw11 Temperature', index: 0, varId: 'temp.11.0',
    unit: 'C', range: [0, 0], significantFigures: 3, scale: 1, axisSide: 'left', timeseries: ['timestamp,temp.11.0'],
  });
});
