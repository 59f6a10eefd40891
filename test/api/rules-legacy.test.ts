/**
 * Every API call that takes a matching rule (docs/api.md "The variable matching rule") selects the same instances, in the same
 * order; then the shapes of the legacy workbench, vars and catalog calls (docs/api.md "Workbench and catalog (legacy)").
 */
import t from 'tap';
import { apiFor } from '../fakes/call.js';
import { FakeService, NOW_MS, ruleFixture, variable } from '../fakes/fake-service.js';
import type { VariableInstance } from '../../core/types.js';

const MIN = 60_000;
const tripletOf = (v: VariableInstance) => `${v.name}.${v.deviceId}.${v.index}`;

// [query, triplets selected, in order]
const RULE_CASES: [string, string[]][] = [
  ['name=ifInRate', ['ifInRate.10.1', 'ifInRate.10.2', 'ifInRate.11.1']],
  ['name=ifInRate,cpuLoad&devices=sw11', ['ifInRate.11.1', 'cpuLoad.11.0']],
  ['devices=sw11', ['hr.storage.used.11.2', 'ifInRate.11.1', 'cpuLoad.11.0']],
  ['components=eth1', ['ifInRate.10.1', 'ifOutRate.10.1', 'ifInRate.11.1']],
  ['tags=ifRole.Uplink', ['ifInRate.10.1', 'ifOutRate.10.1', 'ifInRate.11.1']],
  ['tags=ifRole.Uplink,Vendor.NetSNMP', ['ifInRate.10.1', 'ifOutRate.10.1']],
  ['tags=ifRole.Uplink,Role.Core&tagMatch=OR', ['ifInRate.10.1', 'ifOutRate.10.1', 'cpuLoad.10.0', 'ifInRate.11.1']],
  ['tags=!Vendor.NetSNMP', ['ifInRate.11.1', 'cpuLoad.11.0']],
  ['tags=Role', ['cpuLoad.10.0', 'cpuLoad.11.0']],
  ['tags=ifRole.Uplink&tagMatch=NOT_OR', ['cpuLoad.10.0', 'hr.storage.used.11.2', 'ifInRate.10.2', 'cpuLoad.11.0']],
  ['name=ifInRate&tags=ifRole.Uplink,Vendor.NetSNMP&tagMatch=NOT_AND', ['ifInRate.10.2', 'ifInRate.11.1']],
  ['', []],
  ['sortBy=curr.desc', []],
  ['name=nope', []],
  // curr/min/max over the last hour (no window given): curr 120e6, 5e6, 81e6; min 60e6, 5e6, 81e6
  ['name=ifInRate&sortBy=curr.desc', ['ifInRate.10.1', 'ifInRate.11.1', 'ifInRate.10.2']],
  ['name=ifInRate&sortBy=min.asc', ['ifInRate.10.2', 'ifInRate.10.1', 'ifInRate.11.1']],
  ['name=ifInRate&sortBy=max.desc', ['ifInRate.11.1', 'ifInRate.10.1', 'ifInRate.10.2']],
  // over the request's 2 h: min 1e6, 5e6, 81e6
  ['name=ifInRate&sortBy=min.asc&intervalHr=2', ['ifInRate.10.1', 'ifInRate.10.2', 'ifInRate.11.1']],
  // an instance without points sorts last, whatever the direction
  ['name=ifInRate,cpuLoad&sortBy=curr.asc', ['cpuLoad.10.0', 'ifInRate.10.2', 'ifInRate.11.1', 'ifInRate.10.1', 'cpuLoad.11.0']],
  ['name=ifInRate,cpuLoad&sortBy=curr.desc', ['ifInRate.10.1', 'ifInRate.11.1', 'ifInRate.10.2', 'cpuLoad.10.0', 'cpuLoad.11.0']],
  ['name=cpuLoad&sortBy=devices.desc', ['cpuLoad.11.0', 'cpuLoad.10.0']],
  ['name=ifInRate&sortBy=component', ['ifInRate.10.1', 'ifInRate.11.1', 'ifInRate.10.2']],
  ['name=ifInRate&sortBy=component.sideways', ['ifInRate.10.1', 'ifInRate.11.1', 'ifInRate.10.2']],
  ['devices=sw10&sortBy=description.desc', ['ifOutRate.10.1', 'ifInRate.10.1', 'ifInRate.10.2', 'cpuLoad.10.0']],
  ['name=ifInRate&limit=2', ['ifInRate.10.1', 'ifInRate.10.2']],
  ['name=ifInRate&limit=-1', ['ifInRate.10.1', 'ifInRate.10.2', 'ifInRate.11.1']],
  ['name=ifInRate&sortBy=curr.desc&limit=1', ['ifInRate.10.1']],
  ['name=ifInRate&count=2', ['ifInRate.10.1', 'ifInRate.10.2']],
];

/** How each rule call's answer names what it selected. */
const CALLS: [string, string, (body: any, all: readonly VariableInstance[]) => string[]][] = [
  ['v2 gw/variables', '/v2/ui/net/1/gw/variables', (b) => b.map((i: any) => i.triplet)],
  ['legacy gw', '/api/monitor/networks/1/gw', (b) => b.map((i: any) => `${i.name}.${i.devId}.${i.index}`)],
  ['legacy graph/', '/api/monitor/networks/1/graph/', (b) => b.info.map((i: any) => i.varId)],
  ['legacy data/', '/api/monitor/networks/1/data/', (b) => b.info.map((i: any) => `${i.varName}.${i.deviceId}.${i.index}`)],
  // vars items name no variable: compare device and component
  ['legacy vars', '/api/monitor/networks/1/vars', (b) => b.map((i: any) => `${i.device}|${i.component}`)],
];

t.test('matching rule: one selection for every call that takes a rule', async (t) => {
  const svc = ruleFixture();
  const all = svc.catalog.instances(1);
  const byTriplet = new Map(all.map((v) => [tripletOf(v), v]));
  const { get } = apiFor(svc, NOW_MS);
  for (const [name, path, names] of CALLS) {
    for (const [query, expected] of RULE_CASES) {
      const url = `${path}?${query}`;
      const r = await get(url);
      t.equal(r.status, 200, `${name}: ${url}`);
      const want = name === 'legacy vars'
        ? expected.map((x) => { const v = byTriplet.get(x)!; return `${v.deviceName}|${v.componentName}`; })
        : expected;
      t.same(names(r.json, all), want, `${name}: ${url}`);
    }
  }
});

t.test('matching rule: bad parameters are a 400 on every call', async (t) => {
  const cases = ['name=x&sortBy=bogus.asc', 'name=x&limit=ten', 'name=x&limit=-2', 'name=x&count=-1', 'tags=a.b&tagMatch=XOR', 'tags=!',
    'name=x&sortBy=curr&intervalHr=0', 'name=x&sortBy=max&end=yesterday'];
  const { get } = apiFor(ruleFixture(), NOW_MS);
  for (const [name, path] of CALLS) {
    for (const q of cases) {
      const r = await get(`${path}?${q}`);
      t.equal(r.status, 400, `${name}: ${q}`);
      t.equal(r.json.code, 'BAD_PARAMETER', `${name}: ${q}`);
    }
    const unknown = await get(`${path.replace('/1/', '/9/')}?name=x`);
    t.same([unknown.status, unknown.json.code], [404, 'UNKNOWN_NETWORK'], `${name}: unknown network`);
  }
});

t.test('matching rule: `start` pages the workbench calls but is the window start of graph/ and data/', async (t) => {
  const { get } = apiFor(ruleFixture(), NOW_MS);
  const gw = await get('/api/monitor/networks/1/gw?name=ifInRate&start=1&count=1');
  t.same(gw.json.map((i: any) => `${i.name}.${i.devId}.${i.index}`), ['ifInRate.10.2']);
  const v2 = await get('/v2/ui/net/1/gw/variables?name=ifInRate&start=2');
  t.same(v2.json.map((i: any) => i.triplet), ['ifInRate.11.1']);
  const data = await get(`/api/monitor/networks/1/data/?name=ifInRate&start=${NOW_MS - 2 * MIN}&count=1`);
  t.equal(data.status, 200);
  t.same(data.json.info.map((i: any) => i.timeseries), [[
    'timestamp,ifInRate.10.1', `${NOW_MS - 2 * MIN},118000000`, `${NOW_MS - MIN},119000000`, `${NOW_MS},120000000`,
  ]]);
  // sortBy statistics over the request's window [start, end]: the last 2 min of slot 0 vs slot 5
  const sorted = await get(`/api/monitor/networks/1/graph/?name=ifInRate&sortBy=min.asc&start=${NOW_MS - 2 * MIN}`);
  t.same(sorted.json.info.map((i: any) => i.varId), ['ifInRate.10.2', 'ifInRate.11.1', 'ifInRate.10.1']);
});

t.test('graph/ and data/ by rule: shapes, window, monitor buffer, warnings and the cap', async (t) => {
  const { get } = apiFor(ruleFixture(), NOW_MS);
  const g = await get('/api/monitor/networks/1/graph/?name=ifInRate&intervalHr=1');
  t.same([g.json.errors, g.json.warnings, g.json.info.length], ['', '', 3]);
  const first = g.json.info[0];
  t.same({ ...first, timeseries: first.timeseries.length }, {
    // the definition's description names the variable, the instance's (the interface's) follows
    // its name; ifInRate.11.1 is also on an eth1, so the legend names the device too
    varName: 'ifInRate', legend: 'sw10 Inbound traffic rate eth1 (Inbound rate)', legendEmbedded: 'sw10 Inbound traffic rate eth1 (Inbound rate)',
    index: 1, varId: 'ifInRate.10.1', unit: 'Mb/s', range: [60, 120], significantFigures: 3, scale: 1e6, axisSide: 'left', timeseries: 62,
  });
  const reduced = await get('/api/monitor/networks/1/graph/?name=cpuLoad&devices=sw10&length=4&intervalHr=2');
  t.equal(reduced.json.info[0].timeseries.length, 5, 'length reduces as in the call by ids');

  const empty = await get('/api/monitor/networks/1/graph/');
  t.same(empty.json, { info: [], warnings: 'empty matching rule: give name, devices, components or tags', errors: '' });

  const monitor = await get('/api/monitor/networks/1/data/?name=cpuLoad&devices=sw10&monitor&forceDb');
  t.same(monitor.json.info, [{
    varName: 'cpuLoad', deviceId: 10, index: 0, device: 'sw10', component: '', unit: '%', timeseries: ['timestamp,cpuLoad.10.0', `${NOW_MS - 1000},55`],
  }]);
  t.equal(monitor.json.warnings, "'monitor' given: 'forceDb' ignored");

  const big = new FakeService();
  big.nets.push({ id: 1, name: 'big', pollIntervalMs: 60_000, discoveryIntervalMs: 3_600_000, seeds: [], ranges: [] });
  big.vars.set(1, Array.from({ length: 150 }, (_, i) => variable(i, 'x', 1, i, 'B')));
  const capped = apiFor(big, NOW_MS);
  for (const kind of ['graph', 'data']) {
    const r = await capped.get(`/api/monitor/networks/1/${kind}/?name=x`);
    t.equal(r.json.info.length, 100, `${kind}: capped`);
    t.match(r.json.warnings, 'the rule selected 150 variables; answered the first 100', `${kind}: cap reported`);
    const paged = await capped.get(`/api/monitor/networks/1/${kind}/?name=x&limit=20`);
    t.same([paged.json.info.length, paged.json.warnings], [20, ''], `${kind}: under the cap`);
  }
});

t.test('legacy gw/: one summary item per variable', async (t) => {
  const { get } = apiFor(ruleFixture(), NOW_MS);
  const r = await get('/api/monitor/networks/1/gw/');
  t.equal(r.status, 200);
  t.same(r.json, [
    { name: 'cpuLoad', devices: ['sw10', 'sw11'], components: [], tags: ['Role.Core', 'Role.Edge', 'Vendor.NetSNMP'] },
    { name: 'hr.storage.used', devices: ['sw11'], components: ['eth2'], tags: ['Vendor.NetSNMP'] },
    { name: 'ifInRate', devices: ['sw10', 'sw11'], components: ['eth1', 'eth2'], tags: ['ifRole.Access', 'ifRole.Uplink', 'Vendor.NetSNMP'] },
    { name: 'ifOutRate', devices: ['sw10'], components: ['eth1'], tags: ['ifRole.Uplink', 'Vendor.NetSNMP'] },
  ]);
  const none = await get('/api/monitor/networks/2/gw/');
  t.same([none.status, none.json], [200, []]);
});

t.test('legacy gw: instance items', async (t) => {
  const { get } = apiFor(ruleFixture(), NOW_MS);
  const r = await get('/api/monitor/networks/1/gw?name=cpuLoad');
  t.same(r.json, [
    { name: 'cpuLoad', component: '', device: 'sw10', devId: 10, index: 0, description: 'CPU load' },
    { name: 'cpuLoad', component: '', device: 'sw11', devId: 11, index: 0, description: 'CPU load' },
  ]);
});

t.test('legacy vars: last values (ring first, else the store), scaled', async (t) => {
  const { get } = apiFor(ruleFixture(), NOW_MS);
  const cases: [string, unknown[]][] = [
    ['/api/monitor/networks/1/vars/ifInRate', [
      { device: 'sw10', address: '10.0.0.10', component: 'eth1', color: '#2e7d32', colorLevel: 'normal', value: '120000000', scaledValue: '120', unit: 'bit/s', scaledUnit: 'Mb/s', tags: 'ifRole.Uplink,Vendor.NetSNMP' },
      { device: 'sw10', address: '10.0.0.10', component: 'eth2', color: '#2e7d32', colorLevel: 'normal', value: '5000000', scaledValue: '5', unit: 'bit/s', scaledUnit: 'Mb/s', tags: 'ifRole.Access,Vendor.NetSNMP' },
      { device: 'sw11', address: '10.0.0.11', component: 'eth1', color: '#2e7d32', colorLevel: 'normal', value: '81000000', scaledValue: '81', unit: 'bit/s', scaledUnit: 'Mb/s', tags: 'ifRole.Uplink' },
    ]],
    ['/api/monitor/networks/1/vars/cpuLoad', [
      { device: 'sw10', address: '10.0.0.10', component: '', color: '#2e7d32', colorLevel: 'normal', value: '55', scaledValue: '55', unit: '%', scaledUnit: '%', tags: 'Role.Core,Vendor.NetSNMP' },
      { device: 'sw11', address: '10.0.0.11', component: '', color: '#9e9e9e', colorLevel: 'none', value: '', scaledValue: '', unit: '%', scaledUnit: '%', tags: 'Role.Edge' },
    ]],
    ['/api/monitor/networks/1/vars/nope', []],
    ['/api/monitor/networks/1/vars/hr.storage.used', [
      { device: 'sw11', address: '10.0.0.11', component: 'eth2', color: '#9e9e9e', colorLevel: 'none', value: '', scaledValue: '', unit: 'B', scaledUnit: 'B', tags: 'Vendor.NetSNMP' },
    ]],
    ['/api/monitor/networks/1/vars?name=ifOutRate', [
      { device: 'sw10', address: '10.0.0.10', component: 'eth1', color: '#2e7d32', colorLevel: 'normal', value: '60000000', scaledValue: '60', unit: 'bit/s', scaledUnit: 'Mb/s', tags: 'ifRole.Uplink,Vendor.NetSNMP' },
    ]],
  ];
  for (const [url, want] of cases) {
    const r = await get(url);
    t.equal(r.status, 200, url);
    t.same(r.json, want, url);
  }
});

t.test('legacy vars: a value that is not current is stale (amber), keeping its value (table)', async (t) => {
  // Network 1 polls every 60 s (stale past 150 s). cpuLoad.10.0: ring observation (55) at NOW − age;
  // ifInRate.10.1: store points to NOW_MS. Device 10 failing since NOW − failingForMs, or answering.
  const cases: [string, number, number | null, string, string][] = [
    ['fresh, device answering', 1_000, null, 'normal', '#2e7d32'],
    ['2 intervals old', 120_000, null, 'normal', '#2e7d32'],
    ['older than 2.5 intervals', 151_000, null, 'stale', '#f9a825'],
    ['fresh but the device fails since after it', 1_000, 500, 'stale', '#f9a825'],
    ['newer than the failure (a value written since)', 1_000, 5_000, 'normal', '#2e7d32'],
  ];
  for (const [what, ageMs, failingForMs, level, color] of cases) {
    const svc = ruleFixture();
    svc.ring.write(2, NOW_MS - ageMs, 55);
    svc.pollStates.set(1, [{
      deviceId: 10, name: 'sw10', address: '10.0.0.10', failing: failingForMs !== null, consecutiveFailures: failingForMs === null ? 0 : 1,
      failingSinceMs: failingForMs === null ? null : NOW_MS - failingForMs, reason: failingForMs === null ? '' : 'timeout', lastSuccessMs: null,
    }]);
    const { get } = apiFor(svc, NOW_MS);
    const cpu = (await get('/api/monitor/networks/1/vars/cpuLoad')).json[0];
    t.same([cpu.device, cpu.value, cpu.colorLevel, cpu.color], ['sw10', '55', level, color], what);
    const rate = (await get('/api/monitor/networks/1/vars/ifInRate')).json[0];
    t.equal(rate.colorLevel, 'normal', `${what}: a store point at NOW_MS (not before the failure) is current`);
  }
});

t.test('legacy catalog: keyed by triplet', async (t) => {
  const { get } = apiFor(ruleFixture(), NOW_MS);
  const all = await get('/api/monitor/networks/1/catalog/');
  t.same(Object.keys(all.json), ['ifInRate.10.1', 'ifOutRate.10.1', 'cpuLoad.10.0', 'hr.storage.used.11.2', 'ifInRate.10.2', 'ifInRate.11.1', 'cpuLoad.11.0']);
  const cases: [string, number, unknown][] = [
    ['ifInRate.10.1,cpuLoad.10.0', 200, {
      'ifInRate.10.1': { category: 'Traffic', varDescription: 'Inbound traffic rate', device: 'sw10', component: 'eth1', componentDescription: 'eth1', unit: 'bit/s' },
      'cpuLoad.10.0': { category: 'System', varDescription: 'CPU load', device: 'sw10', component: '', componentDescription: '', unit: '%' },
    }],
    ['hr.storage.used.11.2,nope.1.1', 200, {
      'hr.storage.used.11.2': { category: 'System', varDescription: 'Storage used', device: 'sw11', component: 'eth2', componentDescription: '', unit: 'B' },
    }],
    ['nope.1.1', 200, {}],
    ['ifInRate.10.1,garbage', 400, undefined],
  ];
  for (const [ids, status, want] of cases) {
    const r = await get(`/api/monitor/networks/1/catalog/${ids}`);
    t.equal(r.status, status, ids);
    if (want !== undefined) t.same(r.json, want, ids);
    else t.equal(r.json.code, 'BAD_TRIPLET', ids);
  }
});
