/**
 * Maps of views through the router (v2 and legacy; docs/api.md "Maps of views") over a
 * hand-made generation (map-fixture.ts) and a fake view source: rules and flags, preview and hide,
 * coordinates, layouts (deterministic auto, fit, reset), linkGraphVars, link and node values,
 * visibility and bad input.
 */
import t from 'tap';
import type { Router } from '../../api/http/router.js';
import type { ApiContext } from '../../api/routes/context.js';
import { registerLegacyMaps } from '../../api/routes/legacy/maps.js';
import { registerMaps } from '../../api/routes/v2/maps.js';
import { callerRouter } from '../fakes/caller-router.js';
import { NOW_MS } from '../fakes/fake-service.js';
import { FakeMapViews, mapCollector, mapServices, type FakeView } from '../fakes/map-fixture.js';

const register = (router: Router, ctx: ApiContext) => { registerMaps(router.group('/v2'), ctx); registerLegacyMaps(router.group('/api'), ctx); };

function api(views: (Partial<FakeView> & { id: number })[] = []) {
  const fake = mapCollector();
  const source = new FakeMapViews();
  for (const v of views) source.set(v);
  const clock = { nowMs: () => NOW_MS };
  const { as } = callerRouter(mapServices(fake, source, clock), clock, register);
  return { fake, source, as };
}

interface Shown { id: number; matching: boolean; adjacent: boolean; connecting: boolean; x: number | null; y: number | null }
interface ShownLink { a: { deviceId: number }; b: { deviceId: number }; matching: boolean; adjacent: boolean; connecting: boolean }
const ids = (devs: Shown[], flag?: 'matching' | 'adjacent' | 'connecting') => devs.filter((d) => !flag || d[flag]).map((d) => d.id).sort((a, b) => a - b);
const pairs = (links: ShownLink[], flag?: 'matching' | 'adjacent' | 'connecting') =>
  links.filter((l) => !flag || l[flag]).map((l) => `${l.a.deviceId}-${l.b.deviceId}`).sort();

const CORE = "Role = 'Core'"; // sw1 and sw4: not adjacent

t.test('rules and flags select devices and links, each saying why it is shown', async (t) => {
  const cases: {
    name: string; view: Partial<FakeView>;
    devices: number[]; matching: number[]; adjacent?: number[]; connecting?: number[];
    links: string[]; matchingLinks?: string[];
  }[] = [
    { name: 'two non-adjacent devices, no flags', view: { devRule: CORE }, devices: [1, 4], matching: [1, 4], links: [] },
    {
      name: 'connecting: both shortest paths of the ring', view: { devRule: CORE, connecting: true },
      devices: [1, 2, 3, 4, 5, 6], matching: [1, 4], connecting: [2, 3, 5, 6], links: ['1-2', '1-6', '2-3', '3-4', '4-5', '5-6'],
    },
    {
      name: 'adjacent: one hop from sw1 and sw4', view: { devRule: CORE, adjacent: true },
      devices: [1, 2, 3, 4, 5, 6, 7], matching: [1, 4], adjacent: [2, 3, 5, 6, 7], connecting: [], links: ['1-2', '1-6', '1-7', '3-4', '4-5'],
    },
    {
      name: 'link rule leaves out sw4–sw5: one shortest path is left', view: { devRule: CORE, connecting: true, linkRule: "ifRole = 'Uplink'" },
      devices: [1, 2, 3, 4], matching: [1, 4], connecting: [2, 3], links: ['1-2', '2-3', '3-4'],
    },
    {
      name: 'every device matches: nothing added, every link matching', view: { devRule: '', connecting: true, adjacent: true },
      devices: [1, 2, 3, 4, 5, 6, 7, 8], matching: [1, 2, 3, 4, 5, 6, 7, 8], connecting: [], adjacent: [],
      links: ['1-2', '1-6', '1-7', '2-3', '3-4', '4-5', '5-6'], matchingLinks: ['1-2', '1-6', '1-7', '2-3', '3-4', '4-5', '5-6'],
    },
    {
      name: 'a link rule selects matching links only', view: { devRule: "id IN (4, 5, 6)", linkRule: "ifRole = 'Backup'" },
      devices: [4, 5, 6], matching: [4, 5, 6], links: ['4-5'], matchingLinks: ['4-5'],
    },
    { name: 'an isolated device', view: { devRule: "name = 'sw8'", connecting: true, adjacent: true }, devices: [8], matching: [8], links: [] },
    { name: 'nothing matches', view: { devRule: "name = 'nope'", connecting: true, adjacent: true }, devices: [], matching: [], links: [] },
  ];
  for (const c of cases) {
    const { as } = api([{ id: 7, ...c.view }]);
    const r = await as(undefined, 'GET', '/v2/ui/net/1/views/7/map');
    t.equal(r.status, 200, c.name);
    t.same(ids(r.json.devices), c.devices, `${c.name}: devices`);
    t.same(ids(r.json.devices, 'matching'), c.matching, `${c.name}: matching`);
    if (c.adjacent) t.same(ids(r.json.devices, 'adjacent'), c.adjacent, `${c.name}: adjacent`);
    if (c.connecting) t.same(ids(r.json.devices, 'connecting'), c.connecting, `${c.name}: connecting`);
    t.same(pairs(r.json.links), c.links, `${c.name}: links`);
    if (c.matchingLinks) t.same(pairs(r.json.links, 'matching'), c.matchingLinks, `${c.name}: matching links`);
    t.ok(r.json.devices.every((d: Shown) => Number.isFinite(d.x) && Number.isFinite(d.y)), `${c.name}: a new view's map places every device`);
    t.match(r.json, { networkId: 1, viewId: 7, generation: 1, completedAtMs: 2000, rules: { devRule: c.view.devRule ?? '' } });
  }
});

t.test('preview: rules and flags from the query, every device and link with matching; hide drops the rest', async (t) => {
  const { as } = api([{ id: 3, devRule: "name = 'sw2'", adjacent: true }]);
  const all = await as(undefined, 'GET', `/v2/ui/net/1/views/3/preview?devRule=${encodeURIComponent(CORE)}&connecting=true`);
  t.equal(all.status, 200);
  t.equal(all.json.devices.length, 8, 'every device of the generation without hide');
  t.equal(all.json.links.length, 7, 'every link');
  t.same(ids(all.json.devices, 'matching'), [1, 4]);
  t.same(ids(all.json.devices, 'connecting'), [2, 3, 5, 6], 'connecting from the query');
  t.same(ids(all.json.devices, 'adjacent'), [2, 3, 5, 6, 7], "absent flags are the view's (adjacent true)");
  t.same(all.json.hide, false);
  t.same(pairs(all.json.links, 'matching'), [], 'no link joins two matching devices');
  const hidden = await as(undefined, 'GET', `/v2/ui/net/1/views/3/preview?devRule=${encodeURIComponent(CORE)}&hide=true&adjacent=false`);
  t.same(ids(hidden.json.devices), [1, 4], 'hide: only what the map shows');
  const viewRules = await as(undefined, 'GET', '/v2/ui/net/1/views/3/preview?hide=true');
  t.same(ids(viewRules.json.devices), [1, 2, 3], "no rules in the query: the view's");
  const bad = await as(undefined, 'GET', `/v2/ui/net/1/views/3/preview?devRule=${encodeURIComponent('name = ')}`);
  t.equal(bad.status, 400);
  t.equal(bad.json.code, 'SVCQL_SYNTAX');
  t.match(bad.json.error, /1:\d+/, 'the error gives the position');
  const badLink = await as(undefined, 'GET', `/v2/ui/net/1/views/3/preview?linkRule=${encodeURIComponent("ifRole = 'x' AND")}`);
  t.equal(badLink.status, 400);
});

t.test('coordinates: PUT stores, the map shows them, bad bodies store nothing', async (t) => {
  const { as, source } = api([{ id: 1, devRule: CORE, connecting: true }]);
  const put = await as(undefined, 'PUT', '/v2/ui/net/1/views/1/coordinates', [{ id: 1, x: 10.5, y: -20 }, { id: 4, x: 300, y: 40 }]);
  t.equal(put.status, 200, put.text);
  t.same(put.json, { status: 'ok', stored: 2 });
  t.same(source.marks, [{ networkId: 1, viewId: 1, atMs: NOW_MS }], 'the view layout is marked changed');
  const map = (await as(undefined, 'GET', '/v2/ui/net/1/views/1/map')).json;
  const at = (id: number) => map.devices.find((d: Shown) => d.id === id);
  t.match(at(1), { x: 10.5, y: -20 });
  t.match(at(4), { x: 300, y: 40 });
  t.ok(map.devices.every((d: Shown) => Number.isFinite(d.x) && Number.isFinite(d.y)), 'the others are placed by the map call');
  const legacy = await as(undefined, 'PUT', '/api/ui/networks/1/views/1/nodes/coordinates', [{ id: 2, x: 1, y: 2 }]);
  t.equal(legacy.status, 200, 'the legacy form');
  t.match((await as(undefined, 'GET', '/api/ui/networks/1/views/1/map')).json.devices.find((d: Shown) => d.id === 2), { x: 1, y: 2 });

  const bad: [string, unknown, number][] = [
    ['not an array', { id: 1, x: 1, y: 1 }, 400],
    ['entry not an object', [5], 400],
    ['id not an integer', [{ id: 1.5, x: 1, y: 1 }], 400],
    ['negative id', [{ id: -1, x: 1, y: 1 }], 400],
    ['x a string', [{ id: 1, x: '1', y: 1 }], 400],
    ['y too large', [{ id: 1, x: 1, y: 1e300 }], 400],
    ['y missing', [{ id: 1, x: 1 }], 400],
    ['a device not in the generation', [{ id: 1, x: 0, y: 0 }, { id: 99, x: 1, y: 1 }], 400],
    ['too many entries', Array.from({ length: 10_001 }, (_, i) => ({ id: i, x: 0, y: 0 })), 400],
  ];
  for (const [name, body, status] of bad) {
    const r = await as(undefined, 'PUT', '/v2/ui/net/1/views/1/coordinates', body);
    t.equal(r.status, status, name);
    t.equal(r.json.status, 'error', `${name}: error body`);
  }
  t.match((await as(undefined, 'GET', '/v2/ui/net/1/views/1/map')).json.devices.find((d: Shown) => d.id === 1), { x: 10.5, y: -20 }, 'nothing stored by refused calls');
});

t.test('layouts: auto is deterministic and stored, fit maps the bounding box into the viewport, reset lays out anew', async (t) => {
  const run = async () => {
    const { as } = api([{ id: 2, devRule: CORE, connecting: true, adjacent: true }]);
    const r = await as(undefined, 'GET', '/v2/ui/net/1/views/2/map?layout=auto');
    t.equal(r.status, 200, r.text);
    return { as, map: r.json };
  };
  const first = await run();
  const second = await run();
  const pos = (m: { devices: Shown[] }) => m.devices.map((d) => [d.id, d.x, d.y]);
  t.same(pos(first.map), pos(second.map), 'same input, same positions');
  t.ok(first.map.devices.every((d: Shown) => Number.isFinite(d.x) && Number.isFinite(d.y)), 'every device on the map placed');
  t.equal(new Set(first.map.devices.map((d: Shown) => `${d.x},${d.y}`)).size, first.map.devices.length, 'no two devices at one place');
  const again = (await first.as(undefined, 'GET', '/v2/ui/net/1/views/2/map')).json;
  t.same(pos(again), pos(first.map), 'stored');

  const { as, source } = api([{ id: 5, devRule: CORE, connecting: true }]);
  // Every device of the map (1–6) within the box of 1 and 4; 8 is not on the map (its position is not fitted).
  await as(undefined, 'PUT', '/v2/ui/net/1/views/5/coordinates', [
    { id: 1, x: 0, y: 0 }, { id: 4, x: 100, y: 50 }, { id: 2, x: 25, y: 10 }, { id: 3, x: 50, y: 20 }, { id: 5, x: 75, y: 40 }, { id: 6, x: 10, y: 45 },
    { id: 8, x: 5000, y: 5000 },
  ]);
  const cases: [string, string, Record<number, [number, number]>][] = [
    ['default viewport 1000×1000, margin 20', '', { 1: [20, 260], 4: [980, 740] }],
    ['width, height, no margin', '&width=2000&height=500&margin=0', { 1: [500, 0], 4: [1500, 500] }],
  ];
  for (const [name, q, want] of cases) {
    const r = await as(undefined, 'GET', `/v2/ui/net/1/views/5/map?layout=fit${q}`);
    t.equal(r.status, 200, name);
    for (const [id, [x, y]] of Object.entries(want)) t.match(r.json.devices.find((d: Shown) => d.id === Number(id)), { x, y }, `${name}: device ${id}`);
    t.ok(r.json.devices.every((d: Shown) => d.x! >= 0 && d.y! >= 0), `${name}: every device of the map within the viewport`);
  }
  const legacyFit = await as(undefined, 'GET', '/api/ui/networks/1/views/5/map?fit&zoom=0.5&viewBox=0,0,1000,1000');
  t.match(legacyFit.json.devices.find((d: Shown) => d.id === 1), { x: 250, y: 375 }, 'legacy fit: viewBox scaled by zoom about its centre');
  t.match(legacyFit.json.devices.find((d: Shown) => d.id === 4), { x: 750, y: 625 });
  const reset = await as(undefined, 'GET', '/v2/ui/net/1/views/5/map?layout=reset');
  t.ok(reset.json.devices.every((d: Shown) => Number.isFinite(d.x) && Number.isFinite(d.y)), 'reset: every device placed again');
  const legacyAuto = await as(undefined, 'GET', '/api/ui/networks/1/views/5/map?layout');
  t.ok(legacyAuto.json.devices.every((d: Shown) => d.x !== null), 'legacy ?layout runs the auto layout');
  t.same(pos(reset.json), pos(legacyAuto.json), 'reset lays the map out as a new view: the auto layout\'s positions');
  t.equal(source.marks.length, 6, 'every layout and PUT marks the view');
});

t.test('linkGraphVars and values on the map', async (t) => {
  const { as, fake } = api([{ id: 1, devRule: CORE, connecting: true }]);
  const vars = await as(undefined, 'GET', '/v2/ui/net/1/views/1/linkGraphVars');
  t.equal(vars.status, 200);
  t.same(vars.json.map((v: { name: string }) => v.name), ['ifInRate', 'ifOutRate', 'ifInUtil', 'ifOutUtil', 'ifInErrors', 'ifOutErrors'], 'the default list');
  t.match(vars.json[0], { name: 'ifInRate', defined: true, unit: 'bit/s' });
  t.match(vars.json[2], { name: 'ifInUtil', defined: false });
  const { loadConfig } = await import('../../core/config-load.js');
  fake.config = loadConfig({ text: 'simulator: true\ndeviceDetailsComponents:\n  Interface: [ifOutRate]\n', env: {} });
  t.same((await as(undefined, 'GET', '/v2/ui/net/1/views/1/linkGraphVars')).json.map((v: { name: string }) => v.name), ['ifOutRate'], 'read per call');

  const r = await as(undefined, 'GET', '/v2/ui/net/1/views/1/linkVar/ifInRate/nodeVar/cpuUtil');
  t.equal(r.status, 200, r.text);
  t.same(r.json.devices.map((d: { id: number; value: number }) => [d.id, d.value]), [[1, 10], [2, 20], [3, 30], [4, 40], [5, 50], [6, 60]]);
  const l12 = r.json.links.find((l: ShownLink) => l.a.deviceId === 1 && l.b.deviceId === 2);
  t.match(l12, { a: { deviceId: 1, ifIndex: 1, value: 9 }, b: { deviceId: 2, ifIndex: 2, value: 13 } });
  t.match(r.json, { linkVar: { name: 'ifInRate', unit: 'bit/s' }, nodeVar: { name: 'cpuUtil' }, timestampMs: null });
  const past = await as(undefined, 'GET', `/v2/ui/net/1/views/1/linkVar/ifInRate/nodeVar/cpuUtil?timestamp=${NOW_MS - 30 * 60_000}`);
  t.ok(past.json.devices.every((d: { value: number | null }) => d.value === null), 'at a time before every point: no values');
  const legacy = await as(undefined, 'GET', '/api/monitor/networks/1/views/1/linkVar/ifInRate/nodeVar/cpuUtil');
  t.same(legacy.json, r.json, 'the legacy form answers the same');
  for (const [url, code] of [
    ['/v2/ui/net/1/views/1/linkVar/nope/nodeVar/cpuUtil', 'UNKNOWN_VARIABLE'],
    ['/v2/ui/net/1/views/1/linkVar/ifInRate/nodeVar/nope', 'UNKNOWN_VARIABLE'],
    ['/v2/ui/net/1/views/1/linkVar/cpuUtil/nodeVar/cpuUtil', 'BAD_PARAMETER'],
    ['/v2/ui/net/1/views/1/linkVar/a%20b/nodeVar/cpuUtil', 'BAD_PARAMETER'],
  ] as const) t.equal((await as(undefined, 'GET', url)).json.code, code, url);
});

t.test('visibility and bad parameters: 4xx error bodies, never a 500', async (t) => {
  const { as } = api([{ id: 1 }, { id: 2, owner: 'alice' }]);
  const cases: [string | undefined, string, string, number, string?][] = [
    [undefined, 'GET', '/v2/ui/net/1/views/9/map', 404, 'UNKNOWN_VIEW'],
    ['user:bob', 'GET', '/v2/ui/net/1/views/2/map', 404, 'UNKNOWN_VIEW'],
    ['user:alice', 'GET', '/v2/ui/net/1/views/2/map', 200],
    ['user:bob', 'PUT', '/v2/ui/net/1/views/2/coordinates', 404, 'UNKNOWN_VIEW'],
    ['user:bob', 'GET', '/v2/ui/net/1/views/2/map?layout=reset', 404, 'UNKNOWN_VIEW'],
    [undefined, 'GET', '/v2/ui/net/5/views/1/map', 404, 'UNKNOWN_NETWORK'],
    [undefined, 'GET', '/v2/ui/net/1/views/x/map', 400, 'BAD_PARAMETER'],
    [undefined, 'GET', '/v2/ui/net/1/views/1/map?layout=spiral', 400, 'BAD_PARAMETER'],
    [undefined, 'GET', '/v2/ui/net/1/views/1/map?layout=fit&width=0', 400, 'BAD_PARAMETER'],
    [undefined, 'GET', '/v2/ui/net/1/views/1/map?layout=fit&width=100&height=100&margin=50', 400, 'BAD_PARAMETER'],
    [undefined, 'GET', '/v2/ui/net/1/views/1/map?timestamp=-5', 400, 'BAD_PARAMETER'],
    [undefined, 'GET', '/v2/ui/net/1/views/1/map?timestamp=1500', 404, 'UNKNOWN_GENERATION'],
    [undefined, 'GET', '/v2/ui/net/1/views/1/map?timestamp=3000', 200],
    [undefined, 'GET', '/v2/ui/net/1/views/1/preview?hide=maybe', 400, 'BAD_PARAMETER'],
    [undefined, 'GET', '/api/ui/networks/1/views/1/map?fit&zoom=0', 400, 'BAD_PARAMETER'],
    [undefined, 'GET', '/api/ui/networks/1/views/1/map?fit&viewBox=0,0,1000', 400, 'BAD_PARAMETER'],
    [undefined, 'GET', '/api/ui/networks/1/views/1/map?fit&viewBox=0,0,-5,10', 400, 'BAD_PARAMETER'],
    [undefined, 'GET', '/api/ui/networks/1/views/1/map?reset&fit', 400, 'BAD_PARAMETER'],
    [undefined, 'GET', '/api/ui/networks/1/views/1/map?layout=spiral', 400, 'BAD_PARAMETER'],
    [undefined, 'GET', '/api/ui/networks/1/views/1/map?layout=reset', 200],
    [undefined, 'GET', '/api/ui/networks/1/views/1/map?generation=1', 200],
    [undefined, 'GET', '/api/ui/networks/1/views/1/map?generation=7', 404, 'UNKNOWN_GENERATION'],
  ];
  for (const [who, method, url, status, code] of cases) {
    const r = await as(who, method, url, method === 'PUT' ? [] : undefined);
    t.equal(r.status, status, `${who ?? 'anonymous'} ${method} ${url}`);
    if (code) t.match(r.json, { status: 'error', code }, `${url}: ${code}`);
  }
});

t.test('seeded walk of the map routes with hostile parameters and bodies: 4xx error bodies or 200, never a 5xx', async (t) => {
  const { rng } = await import('../fakes/rng.js');
  const r = rng(Number(process.env.FUZZ_SEED ?? 20261125));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const { as } = api([{ id: 1, devRule: CORE, connecting: true, adjacent: true }, { id: 2, owner: 'alice' }]);
  const ids = ['1', '2', '0', '-1', 'x', '99999999999999999999', '1.5', '%20'];
  const vars = ['ifInRate', 'cpuUtil', 'nope', 'a%20b', 'x'.repeat(300), '..'];
  const routes = [
    (v: string) => `/v2/ui/net/${pick(ids)}/views/${v}/map`, (v: string) => `/v2/ui/net/1/views/${v}/preview`,
    (v: string) => `/v2/ui/net/1/views/${v}/linkGraphVars`, (v: string) => `/v2/ui/net/1/views/${v}/linkVar/${pick(vars)}/nodeVar/${pick(vars)}`,
    (v: string) => `/api/ui/networks/1/views/${v}/map`, (v: string) => `/api/monitor/networks/1/views/${v}/linkVar/${pick(vars)}/nodeVar/${pick(vars)}`,
  ];
  const keys = ['layout', 'width', 'height', 'margin', 'zoom', 'viewBox', 'fit', 'reset', 'devRule', 'linkRule', 'hide', 'adjacent', 'connecting', 'timestamp', 'generation'];
  const values = ['auto', 'fit', 'reset', '', '0', '-1', '1e9', 'NaN', 'true', 'maybe', '0,0,1000,1000', '1,2,3', 'x,y,1,1', "Role = 'Core'",
    "name REGEXP '(a+)+$'", 'name = ', '(((((', "ifRole = 'Uplink'", '3000', '9'.repeat(30), 'a'.repeat(5000)];
  const bodies: unknown[] = [[], [{ id: 1, x: 1, y: 1 }], [{ id: 1, x: 'a', y: 1 }], {}, null, 'text', [[1, 2, 3]], [{ id: 99, x: 0, y: 0 }]];
  let fiveXX = 0, badBodies = 0, n = 0;
  for (; n < 600; n++) {
    const put = r() < 0.15;
    const view = pick(ids);
    const q = Array.from({ length: Math.floor(r() * 4) }, () => `${pick(keys)}=${encodeURIComponent(pick(values))}`).join('&');
    const url = put ? `${pick(['/v2/ui/net/1/views/', '/api/ui/networks/1/views/'])}${view}/${r() < 0.5 ? 'coordinates' : 'nodes/coordinates'}`
      : `${pick(routes)(view)}${q ? `?${q}` : ''}`;
    const res = await as(pick([undefined, 'user:bob', 'user:alice']), put ? 'PUT' : 'GET', url, put ? pick(bodies) : undefined);
    if (res.status >= 500) { fiveXX++; t.fail(`${url}: ${res.status} ${res.text.slice(0, 200)}`); }
    if (res.status >= 400 && !(res.json && res.json.status === 'error' && typeof res.json.code === 'string')) badBodies++;
  }
  t.equal(fiveXX, 0, `${n} requests: no 5xx`);
  t.equal(badBodies, 0, 'every refusal is the JSON error envelope');
});
