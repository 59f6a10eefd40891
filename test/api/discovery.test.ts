import t from 'tap';
import type { DevicePollState } from '../../core/ports/networks.js';
import { apiFor } from '../fakes/call.js';
import { fixture, NOW_MS } from '../fakes/fake-service.js';

t.test('status', async (t) => {
  const svc = fixture();
  const { get } = apiFor(svc, NOW_MS);
  const ok = await get('/v2/ui/net/1/status');
  t.equal(ok.status, 200);
  t.same(ok.json, {
    network: { id: 1, name: 'lab', pollIntervalMs: 60000, discoveryIntervalMs: 3600000, seeds: ['10.0.0.10'], ranges: [{ cidr: '10.0.0.0/24', sweep: false }] },
    latestDiscovery: { number: 2, status: 'completed', startedAtMs: 3000, completedAtMs: 4000, devices: 2, links: 1 },
    ongoingDiscovery: { number: 3, status: 'running', startedAtMs: 5000, completedAtMs: null, devices: 0, links: 0, probed: 1, queued: 4 },
    generations: 3,
    failingSeeds: [],
    polling: { cycles: 3, lastCycleStartMs: 1000, lastCycleDurationMs: 20, devicesPolled: 2, devicesFailed: 0, variables: 4, devicesFailing: 0, failing: [] },
    views: [],
    viewsOrder: 'id',
  });
  const empty = await get('/v2/ui/net/2/status?s=name');
  t.equal(empty.status, 200);
  t.equal(empty.json.latestDiscovery, null);
  t.equal(empty.json.ongoingDiscovery, null);
  t.equal(empty.json.viewsOrder, 'name');

  const cases: [string, number, string][] = [
    ['/v2/ui/net/9/status', 404, 'UNKNOWN_NETWORK'],
    ['/v2/ui/net/x/status', 400, 'BAD_PARAMETER'],
    ['/v2/ui/net/-1/status', 400, 'BAD_PARAMETER'],
    ['/v2/ui/net/1/status?s=date', 400, 'BAD_PARAMETER'],
  ];
  for (const [url, status, code] of cases) {
    const r = await get(url);
    t.equal(r.status, status, url);
    t.equal(r.json.code, code, url);
    t.equal(r.json.status, 'error', url);
    t.type(r.json.error, 'string', url);
  }
});

t.test('start discovery', async (t) => {
  const svc = fixture();
  const { get } = apiFor(svc, NOW_MS);
  const running = await get('/v2/svc/discovery/net/1/start');
  t.same(running.json, { status: 'ok', started: false, generation: 3, message: 'discovery 3 is already running' });
  const started = await get('/v2/svc/discovery/net/2/start');
  t.same(started.json, { status: 'ok', started: true, generation: 1, message: 'discovery 1 started' });
  t.same(svc.startCalls, [1, 2]);
  t.equal((await get('/v2/svc/discovery/net/5/start')).status, 404);
  t.same(svc.startCalls, [1, 2], 'unknown network never reaches the service');
});

t.test('selection rules of 4.1.1 on topo, devices and device', async (t) => {
  // [query, expected selector passed to the service, expected status, expected generation]
  const cases: [string, object | null, number, number | null][] = [
    ['', {}, 200, 2],                                            // rule 3: both missing → latest
    ['?timestamp=0&generation=-1', {}, 200, 2],                  // rule 3, explicit
    ['?timestamp=0', {}, 200, 2],
    ['?generation=-1', {}, 200, 2],
    ['?generation=0', {}, 200, 2],
    ['?timestamp=3500', { timestampMs: 3500 }, 200, 1],          // rule 1: latest completed before 3500
    ['?timestamp=4001', { timestampMs: 4001 }, 200, 2],
    ['?timestamp=4000', { timestampMs: 4000 }, 200, 1],          // "before": strictly
    ['?generation=1', { generation: 1 }, 200, 1],                // rule 2
    ['?generation=2', { generation: 2 }, 200, 2],
    ['?generation=2&timestamp=2500', { timestampMs: 2500 }, 200, 1], // rule 4: timestamp wins
    ['?timestamp=1500', { timestampMs: 1500 }, 404, null],       // nothing completed before
    ['?generation=7', { generation: 7 }, 404, null],             // unknown generation
    ['?generation=abc', null, 400, null],
    ['?generation=', null, 400, null],
    ['?timestamp=1.5', null, 400, null],
    ['?timestamp=1e3', null, 400, null],
    ['?timestamp=-5', null, 400, null],
    ['?generation=-2', null, 400, null],
    ['?timestamp=99999999999999999999', null, 400, null],
  ];
  for (const path of ['topo', 'devices', 'devices/10']) {
    for (const [query, selector, status, generation] of cases) {
      const svc = fixture();
      const { get } = apiFor(svc, NOW_MS);
      const url = `/v2/discovery/net/1/${path}${query}`;
      const r = await get(url);
      t.equal(r.status, status, `${url} status`);
      if (selector === null) t.same(svc.selectors, [], `${url}: the service is not asked`);
      else t.same(svc.selectors, [{ netId: 1, sel: selector }], `${url}: selector`);
      if (status === 404) t.equal(r.json.code, 'UNKNOWN_GENERATION', url);
      if (status === 400) t.equal(r.json.code, 'BAD_PARAMETER', url);
      if (status === 200 && path !== 'devices/10') t.equal(r.json.generation, generation, `${url} generation`);
    }
  }
});

t.test('topology shape', async (t) => {
  const { get } = apiFor(fixture(), NOW_MS);
  const r = await get('/v2/discovery/net/1/topo');
  t.equal(r.status, 200);
  t.same(r.json, {
    networkId: 1, generation: 2, startedAtMs: 3000, completedAtMs: 4000,
    devices: [10, 11].map((id) => ({
      id, name: `sw${id}`, address: `10.0.0.${id}`, vendor: 'Net-SNMP', model: 'linux', sysObjectID: '1.3.6.1.4.1.8072.3.2.10',
      boxDescr: `Linux sw${id}`, tags: ['Vendor.NetSNMP'],
      interfaces: (id === 10 ? [[1, 'eth1'], [2, 'eth2']] : [[1, 'eth1']]).map(([index, name]) => ({
        index, name, descr: name, alias: '', speedBps: 1e9, adminStatus: 1, operStatus: 1, mac: `02:00:00:00:00:0${index}`, addresses: [],
      })),
    })),
    links: [{ a: { deviceId: 10, ifIndex: 1, ifName: 'eth1' }, b: { deviceId: 11, ifIndex: 1, ifName: 'eth1' }, protocol: 'lldp' }],
  });
  const g1 = await get('/v2/discovery/net/1/topo?generation=1');
  t.same(g1.json.devices.map((d: { id: number }) => d.id), [10]);
  t.same(g1.json.links, []);
});

t.test('before the first discovery completes', async (t) => {
  const { get } = apiFor(fixture(), NOW_MS);
  const topo = await get('/v2/discovery/net/2/topo');
  t.equal(topo.status, 200);
  t.same(topo.json, { networkId: 2, generation: null, startedAtMs: null, completedAtMs: null, devices: [], links: [] });
  const devs = await get('/v2/discovery/net/2/devices');
  t.equal(devs.status, 200);
  t.same(devs.json, { networkId: 2, generation: null, startedAtMs: null, completedAtMs: null, devices: [] });
  const dev = await get('/v2/discovery/net/2/devices/10');
  t.equal(dev.status, 404);
  t.equal(dev.json.code, 'UNKNOWN_DEVICE');
  const explicit = await get('/v2/discovery/net/2/topo?generation=1');
  t.equal(explicit.status, 404);
  t.equal(explicit.json.code, 'UNKNOWN_GENERATION');
});

t.test('status names the failing devices, at most 100, with their count', async (t) => {
  const svc = fixture();
  const { get } = apiFor(svc, NOW_MS);
  const failing = (id: number): DevicePollState => ({
    deviceId: id, name: `dev${id}`, address: `10.0.${id >> 8}.${id & 255}`, failing: true, consecutiveFailures: 3,
    failingSinceMs: NOW_MS - 6000, reason: `10.0.0.${id}:161: timeout`, lastSuccessMs: id % 2 === 0 ? NOW_MS - 8000 : null,
  });
  const ok = (id: number): DevicePollState => ({ ...failing(id), failing: false, consecutiveFailures: 0, failingSinceMs: null, reason: '', lastSuccessMs: NOW_MS - 1000 });
  const cases: [string, DevicePollState[], number, number[]][] = [
    ['none', [ok(10), ok(11)], 0, []],
    ['one', [ok(10), failing(11)], 1, [11]],
    ['150 of 200: the first 100 by id', Array.from({ length: 200 }, (_, i) => (i % 4 === 0 ? ok(i + 1) : failing(i + 1))), 150,
      Array.from({ length: 200 }, (_, i) => i + 1).filter((id) => id % 4 !== 1).slice(0, 100)],
  ];
  for (const [what, states, count, ids] of cases) {
    svc.pollStates.set(1, states);
    const r = await get('/v2/ui/net/1/status');
    t.equal(r.json.polling.devicesFailing, count, `${what}: count`);
    const listed = r.json.polling.failing as { id: number }[];
    t.equal(listed.length, Math.min(count, 100), `${what}: listed`);
    if (ids.length > 0) t.same(listed.map((d) => d.id), ids, `${what}: ids`);
  }
  svc.pollStates.set(1, [ok(10), failing(11)]);
  const r = await get('/v2/ui/net/1/status');
  // A collector that predates reachability: read as unreachable, its reason as the summary.
  t.same(r.json.polling.failing, [{
    id: 11, name: 'dev11', address: '10.0.0.11', failingSinceMs: NOW_MS - 6000, consecutiveFailures: 3, reason: '10.0.0.11:161: timeout', lastSuccessMs: null,
    reachability: 'unreachable', reasonKind: null, summary: '10.0.0.11:161: timeout',
  }]);
  svc.pollStates.set(1, [{ ...failing(12), reachability: 'neverAnswered', reasonKind: 'timeout', summary: 'never answered: timeout' }]);
  t.match((await get('/v2/ui/net/1/status')).json.polling.failing, [{ id: 12, reachability: 'neverAnswered', reasonKind: 'timeout', summary: 'never answered: timeout' }],
    'a device that never answered is named as such');
});

t.test('device records carry their poll state', async (t) => {
  const svc = fixture();
  const { get } = apiFor(svc, NOW_MS);
  const unknown = { state: 'unknown', failingSinceMs: null, consecutiveFailures: 0, reason: '', lastSuccessMs: null, reachability: null, reasonKind: null, summary: '' };
  let all = await get('/v2/discovery/net/1/devices');
  t.same(all.json.devices.map((d: { pollState: unknown }) => d.pollState), [unknown, unknown], 'unknown before any poll');
  svc.pollStates.set(1, [
    { deviceId: 10, name: 'sw10', address: '10.0.0.10', failing: false, consecutiveFailures: 0, failingSinceMs: null, reason: '', lastSuccessMs: NOW_MS - 1000 },
    { deviceId: 11, name: 'sw11', address: '10.0.0.11', failing: true, consecutiveFailures: 2, failingSinceMs: NOW_MS - 4000, reason: '10.0.0.11:161: timeout', lastSuccessMs: NOW_MS - 6000 },
  ]);
  all = await get('/v2/discovery/net/1/devices');
  const want = [
    { state: 'ok', failingSinceMs: null, consecutiveFailures: 0, reason: '', lastSuccessMs: NOW_MS - 1000, reachability: 'answering', reasonKind: null, summary: 'answering' },
    {
      state: 'failing', failingSinceMs: NOW_MS - 4000, consecutiveFailures: 2, reason: '10.0.0.11:161: timeout', lastSuccessMs: NOW_MS - 6000,
      reachability: 'unreachable', reasonKind: null, summary: '10.0.0.11:161: timeout',
    },
  ];
  t.same(all.json.devices.map((d: { pollState: unknown }) => d.pollState), want);
  t.same((await get('/v2/discovery/net/1/devices/11')).json.pollState, want[1], 'one device');
  t.same((await get('/v2/discovery/net/1/devices/10?generation=1')).json.pollState, want[0], 'the state now, whichever generation');
});

t.test('devices and one device', async (t) => {
  const { get } = apiFor(fixture(), NOW_MS);
  const all = await get('/v2/discovery/net/1/devices');
  t.equal(all.status, 200);
  t.equal(all.json.generation, 2);
  t.same(all.json.devices.map((d: { id: number }) => d.id), [10, 11]);
  t.equal(all.json.devices[0].neighbors.length, 1, 'neighbours are included');
  t.equal(all.json.devices[0].sysContact, '', 'full records');
  t.notMatch(all.text, 'secret-community', 'poll settings (credentials) never leave the server');
  t.equal(all.json.devices[0].poll, undefined);

  const cases: [string, number, string | number][] = [
    ['/v2/discovery/net/1/devices/11', 200, 11],
    ['/v2/discovery/net/1/devices/10?generation=1', 200, 10],
    ['/v2/discovery/net/1/devices/11?generation=1', 404, 'UNKNOWN_DEVICE'],   // not in that generation
    ['/v2/discovery/net/1/devices/12', 404, 'UNKNOWN_DEVICE'],
    ['/v2/discovery/net/1/devices/abc', 400, 'BAD_PARAMETER'],
    ['/v2/discovery/net/3/devices/10', 404, 'UNKNOWN_NETWORK'],
    ['/v2/discovery/net/3/devices', 404, 'UNKNOWN_NETWORK'],
    ['/v2/discovery/net/3/topo', 404, 'UNKNOWN_NETWORK'],
  ];
  for (const [url, status, want] of cases) {
    const r = await get(url);
    t.equal(r.status, status, url);
    if (status === 200) {
      t.equal(r.json.id, want, url);
      t.notMatch(r.text, 'secret-community', url);
    } else t.equal(r.json.code, want, url);
  }
});
