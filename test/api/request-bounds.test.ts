/**
 * Bounds of one request (services/request-limits.ts, docs/api.md "Request bounds"): hostile
 * regular expressions are refused by the check; a query the check lets through is stopped by the
 * time budget; targets, rows, points and answer bytes are bounded with a 400 that names the bound.
 * Every case is decided by the answer, never by how long it took.
 */
import t from 'tap';
import type { Test } from 'tap';
import { silentLogger } from '../../core/logger.js';
import type { SeriesPoints, VariableInstance } from '../../core/types.js';
import { buildRouter } from '../../api/routes/index.js';
import { CatalogService } from '../../services/catalog/catalog.js';
import { createServices, type Services } from '../../services/index.js';
import type { ServiceDeps } from '../../services/deps.js';
import { QueryService } from '../../services/query/query.js';
import { SeriesService } from '../../services/series/series.js';
import { NetworkTablesCache } from '../../services/svcql-tables.js';
import { REQUEST_LIMITS } from '../../services/request-limits.js';
import type { SeriesStore, SlotRollups } from '../../store/series/series.js';
import { enableRegexpSafety } from '../../svcql/index.js';
import { apiFor, call } from '../fakes/call.js';
import { fixedClock } from '../fakes/clock.js';
import { device, fixture, iface, NOW_MS, variable, type FakeService } from '../fakes/fake-service.js';

enableRegexpSafety();

/** The standard fixture with network 1's variables replaced by `count` generated ones. */
function inventory(count: number, extra: (i: number) => Partial<VariableInstance> = () => ({})): FakeService {
  const s = fixture();
  const vars: VariableInstance[] = [];
  for (let i = 0; i < count; i++) {
    vars.push(variable(i, i % 2 ? 'ifInRate' : 'ifOutRate', 10 + (i % 50), 1 + Math.floor(i / 50), 'bit/s', extra(i)));
  }
  s.vars.set(1, vars);
  return s;
}

function api(svc: FakeService) {
  const a = apiFor(svc, NOW_MS);
  const query = (body: unknown) => call(a.router, 'POST', '/v2/query/net/1/data/', Buffer.from(JSON.stringify(body)), { 'content-type': 'application/json' });
  return { ...a, query };
}

/** The real services over `svc`, with `replace` given their dependencies and the networks service. */
function servicesWith(svc: FakeService, replace: (deps: ServiceDeps, networks: Services['networks']) => Partial<Services>) {
  const clock = fixedClock(NOW_MS);
  const deps: ServiceDeps = { collector: svc, series: svc.series, meta: svc.meta, config: () => svc.config, clock, logger: silentLogger };
  const base = createServices(deps);
  const services = { ...base, ...replace(deps, base.networks) };
  return buildRouter({ services, clock, logger: silentLogger }).router;
}

/** Like api(), with the query's time budget never spent (its clock stands still): a case about rows
 *  or bytes is decided by them, however slowly a loaded machine builds the rows. */
function apiUntimed(svc: FakeService) {
  const router = servicesWith(svc, (deps, networks) => ({ query: new QueryService(deps, networks, new NetworkTablesCache(deps), () => 0) }));
  const query = (body: unknown) => call(router, 'POST', '/v2/query/net/1/data/', Buffer.from(JSON.stringify(body)), { 'content-type': 'application/json' });
  return { query };
}

/** Each case: the URL, its status, and for a refusal the REQUEST_LIMIT message it must match. */
async function checkBoundCases(
  t: Test, get: (url: string) => Promise<{ status: number; json: any }>, cases: readonly [string, number, RegExp | null][],
): Promise<void> {
  for (const [url, status, message] of cases) {
    const r = await get(url);
    t.equal(r.status, status, url);
    if (message) {
      t.same([r.json.status, r.json.code], ['error', 'REQUEST_LIMIT'], url);
      t.match(r.json.error, message, url);
    }
  }
}

t.test('hostile regexps are refused by the check: SvcQL and structured targets', async (t) => {
  // If the check let one through, it would run for minutes over these rows (tap's timeout fails the test).
  const { query } = api(inventory(5_000, () => ({ description: 'a'.repeat(60), componentName: 'a'.repeat(60) })));
  const zeros = '0'.repeat(40);
  const cases: [string, RegExp][] = [
    [`^(.|.|.|.|.){${zeros}050}Z`, /repeats a part more than 16 times/],
    [`(.|.){${zeros}050}Z`, /repeats a part more than 16 times/],
    ['(.|.){0050}Z', /repeats a part more than 16 times/],
    ['(.|.){1,0000000000000000000050}Z', /repeats a part more than 16 times/],
    ['((.|.){4}){5}Z', /repeats a part more than 16 times/],
    ['(a|aa){99999999999999999999}Z', /repeats a part more than 16 times/],
    ['(a*)\\1Z', /backreferences/],
    ['(?<=a)Z', /lookahead and lookbehind/],
  ];
  for (const [p, message] of cases) {
    const r = await query({ targets: [
      { id: 'S', svcql: `SELECT variable FROM variables WHERE description REGEXP '${p}'`, format: 'table' },
      { id: 'D', description: `/${p}/`, format: 'table' },
      { id: 'C', component: `/${p}/`, format: 'table' },
    ] });
    t.equal(r.status, 200, `${p}: a refused pattern is its target's error (docs/api.md "Query body")`);
    t.same(r.json.map((e: any) => [e.id, e.code]), [['S', 'SVCQL_REGEXP'], ['D', 'SVCQL_REGEXP'], ['C', 'SVCQL_REGEXP']], p);
    for (const e of r.json) t.match(e.error, message, `${p} (${e.id})`);
  }
});

t.test('the time budget stops a query that passes the check', async (t) => {
  // 20,000 descriptions of 200 characters and a pattern the check accepts that takes tens of ms per
  // row (bench/svcql/regexp-cost.ts): minutes of work without the budget.
  const slow = `(?:${'.*a'.repeat(16)}){16}$`;
  const many = api(inventory(20_000, () => ({ description: `${'a'.repeat(200)}!` })));
  // One value of 200,000 characters: one test of it takes minutes and only the watchdog can stop it.
  const one = api(inventory(3, (i) => ({ description: i === 1 ? `${'a'.repeat(200_000)}!` : 'x' })));
  const cases: [string, ReturnType<typeof api>, Record<string, unknown>][] = [
    ['SvcQL, many rows', many, { id: 'A', svcql: `SELECT variable FROM variables WHERE description REGEXP '${slow}'`, format: 'table' }],
    ['structured, many rows', many, { id: 'B', description: `/${slow}/`, format: 'table' }],
    ['SvcQL, one long value', one, { id: 'C', svcql: `SELECT variable FROM variables WHERE description REGEXP '${slow}'`, format: 'list' }],
  ];
  for (const [name, a, target] of cases) {
    const r = await a.query({ targets: [{ id: 'ok', svcql: 'SELECT variable FROM variables LIMIT 1', format: 'list' }, target] });
    t.equal(r.status, 400, name);
    t.equal(r.json.code, 'TIME_BUDGET', name);
    t.match(r.json.error, new RegExp(`^target '${target.id}': the request ran past its time budget of ${REQUEST_LIMITS.queryTimeBudgetMs} ms`), name);
    // The server answers the next request.
    const next = await a.query({ targets: [{ svcql: 'SELECT count(*) AS n FROM variables', format: 'table' }] });
    t.equal(next.status, 200, `${name}: the next request`);
  }
});

t.test('rows per target, rows per request and answer bytes', async (t) => {
  // Rows: structured targets make rows cheaply (one per variable, no expansion), so the bounds are
  // reached long before the time budget; SvcQL targets are metered the same way (test/svcql/budget.test.ts).
  const rows = apiUntimed(inventory(120_000));
  const wordy = apiUntimed(inventory(1_500, (i) => ({ description: `${i}`.padEnd(12_000, 'x') }))); // 18 MB of descriptions
  const table = (id: string, variable: string) => ({ id, format: 'table', columns: 'device,component', variable });
  const svcql = (n: number, q: string, format = 'table') => ({ targets: Array.from({ length: n }, (_, i) => ({ id: `T${i}`, svcql: q, format })) });
  const cases: [string, ReturnType<typeof apiUntimed>, unknown, number, RegExp | null][] = [
    ['one target of 60,000 rows', rows, { targets: [table('A', 'ifInRate')] }, 200, null],
    ['one target of 120,000 rows', rows, { targets: [{ id: 'A', format: 'table', columns: 'device', tags: '!Nope' }] }, 400,
      /^target 'A': the target answers more than 100000 rows \(rows per target\); narrow the targets/],
    ['a list of 120,000 values', rows, { targets: [{ id: 'L', format: 'list', columns: 'triplet', tags: '!Nope' }] }, 400, /rows per target/],
    ['9 targets of 60,000 rows', rows, { targets: [1, 2, 3, 4, 5, 6, 7, 8, 9].map((k) => table(`T${k}`, k % 2 ? 'ifInRate' : 'ifOutRate')) }, 400,
      /^target 'T9': the answer has more than 500000 rows \(rows per request\)/],
    ['SvcQL: a table of 20,000 rows', rows, svcql(1, 'SELECT device FROM variables WHERE index <= 400'), 200, null],
    ['an answer of 18 MB', wordy, svcql(1, 'SELECT description FROM variables'), 200, null],
    ['an answer of 36 MB', wordy, svcql(2, 'SELECT description FROM variables'), 400,
      /^target 'T1': the answer would take more than 33554432 bytes of JSON \(answer bytes per request\)/],
    ['a list of 36 MB', wordy, svcql(2, 'SELECT description FROM variables', 'list'), 400, /answer bytes per request/],
    ['structured: an answer of 36 MB', wordy, { targets: [{ id: 'A', format: 'table', columns: 'description', variable: 'ifInRate' },
      { id: 'B', format: 'table', columns: 'description', variable: 'ifOutRate' }, { id: 'C', format: 'list', columns: 'description', device: 'dev10' },
      { id: 'D', format: 'table', columns: 'description,device', tags: '!Nope' }] }, 400, /^target 'D': the answer would take more than 33554432 bytes/],
  ];
  for (const [name, a, body, status, message] of cases) {
    const r = await a.query(body);
    t.equal(r.status, status, name);
    if (message) {
      t.same([r.json.status, r.json.code], ['error', 'REQUEST_LIMIT'], name);
      t.match(r.json.error, message, name);
    } else {
      t.ok(Array.isArray(r.json) && r.json.length > 0 && r.json.every((e: any) => e.error === undefined), `${name}: answered`);
    }
  }
});

t.test('the reproducer over a large inventory: 100 cross-product targets are stopped, not answered', async (t) => {
  // `tag, tagFacet` expands each of 5,000 variables into 6 tags × 3 facets = 18 rows: 90,000 rows per
  // target, 9 M for the request. Whichever bound comes first stops it: the rows of the request or
  // the time budget (it depends on the machine's speed), each a 400 that names it.
  const tags = ['Role.Core', 'Role.Edge', 'Vendor.Cisco', 'Vendor.Juniper', 'Site.A', 'Site.B'];
  const a = api(inventory(5_000, () => ({ tags })));
  const svcql = 'SELECT tag, tagFacet, tag AS t2, tagFacet AS f2 FROM variables';
  const r = await a.query({ targets: Array.from({ length: 100 }, (_, i) => ({ refId: `A${i}`, svcql, format: 'table' })) });
  t.equal(r.status, 400);
  t.ok(['REQUEST_LIMIT', 'TIME_BUDGET'].includes(r.json.code), r.json.code);
  t.match(r.json.error, /\(rows per request\)|time budget of 2000 ms/);
  const next = await a.query({ targets: [{ svcql: `${svcql} WHERE device = 'dev10' LIMIT 10`, format: 'table' }] });
  t.equal(next.status, 200, 'the next request is answered');
  t.equal(next.json[0].rows.length, 10);
});

t.test('catalog and workbench answers are bounded in bytes', async (t) => {
  // 3,000 variables with descriptions of 12,000 characters: 36 MB in every call that lists them.
  const { get } = api(inventory(3_000, (i) => ({ description: `${i}`.padEnd(12_000, 'x') })));
  const cases: [string, number, RegExp | null][] = [
    ['/api/monitor/networks/1/catalog/', 400, /answer bytes per request\); ask for the entries of some variables: \/catalog\/<triplets>/],
    ['/api/monitor/networks/1/catalog/ifInRate.10.1,ifInRate.11.1', 200, null],
    ['/v2/ui/net/1/gw/variables?name=ifInRate,ifOutRate', 400, /answer bytes per request\); narrow the rule .* limit, start and count/],
    ['/v2/ui/net/1/gw/variables?name=ifInRate,ifOutRate&limit=100', 200, null],
    ['/api/monitor/networks/1/gw?name=ifInRate,ifOutRate', 400, /answer bytes per request/],
    ['/api/monitor/networks/1/gw?name=ifInRate,ifOutRate&count=100', 200, null],
    ['/api/monitor/networks/1/gw/', 200, null], // the summary lists names, devices, components, tags: small
  ];
  await checkBoundCases(t, get, cases);
});

/** Points every `stepMs` on the grid in any window, for every slot, made when read (rollups computed). */
class GridSeries implements SeriesStore {
  constructor(private readonly stepMs: number) {}
  private span(fromMs: number, toMs: number): { first: number; n: number } {
    const first = Math.ceil(fromMs / this.stepMs) * this.stepMs;
    return { first, n: toMs < first ? 0 : Math.floor((toMs - first) / this.stepMs) + 1 };
  }
  read(slot: number, fromMs: number, toMs: number): SeriesPoints {
    const { first, n } = this.span(fromMs, toMs);
    const tsMs = new Float64Array(n);
    const values = new Float64Array(n);
    for (let i = 0; i < n; i++) { tsMs[i] = first + i * this.stepMs; values[i] = slot + (i % 100) / 7; }
    return { tsMs, values };
  }
  last(slot: number, fromMs: number, toMs: number): { tsMs: number; value: number } | null {
    const { first, n } = this.span(fromMs, toMs);
    return n === 0 ? null : { tsMs: first + (n - 1) * this.stepMs, value: slot };
  }
  rollup(slots: ArrayLike<number>, fromMs: number, toMs: number): SlotRollups {
    const k = slots.length;
    const r = { count: new Float64Array(k), min: new Float64Array(k), max: new Float64Array(k), sum: new Float64Array(k), last: new Float64Array(k), lastTsMs: new Float64Array(k) };
    const { first, n } = this.span(fromMs, toMs);
    for (let i = 0; i < k; i++) {
      r.count[i] = n; r.min[i] = slots[i]!; r.max[i] = slots[i]! + 14; r.sum[i] = n * slots[i]!;
      r.last[i] = slots[i]!; r.lastTsMs[i] = first + (n - 1) * this.stepMs;
    }
    return r;
  }
  appendStep(): void {}
  async flush(): Promise<void> {}
  async close(): Promise<void> {}
}

t.test('graph and data calls are bounded in points read and answer bytes', async (t) => {
  const svc = inventory(20);
  const clock = fixedClock(NOW_MS);
  const { router } = buildRouter({ services: createServices({ collector: svc, series: new GridSeries(1_000), meta: svc.meta, config: () => svc.config, clock, logger: silentLogger }), clock, logger: silentLogger });
  const ids = (n: number) => svc.vars.get(1)!.slice(0, n).map((v) => `${v.name}.${v.deviceId}.${v.index}`).join(',');
  const cases: [string, number, RegExp | null][] = [
    // 3 variables × 1,000 h of 1-s points: 10.8 M points, refused from one rollup before any read.
    [`/v2/ui/net/1/graph/${ids(3)}?intervalHr=1000`, 400, /reads 10800003 points, more than 10000000 \(points per request\); narrow the window/],
    [`/v2/ui/net/1/data/${ids(3)}?intervalHr=1000`, 400, /points per request/],
    ['/api/monitor/networks/1/graph/?name=ifInRate&intervalHr=1000', 400, /points per request/],
    // 10 variables × 48 h: 1.7 M points, about 48 MB of graph.
    [`/v2/ui/net/1/graph/${ids(10)}?intervalHr=48`, 400, /the graph has 1728010 points, .* \(answer bytes per request\); .* reduce each series with length/],
    [`/v2/ui/net/1/graph/${ids(10)}?intervalHr=48&length=1000`, 200, null],
    [`/v2/ui/net/1/graph/${ids(10)}?intervalHr=24`, 200, null],
    [`/v2/ui/net/1/data/${ids(10)}?intervalHr=48`, 400, /answer bytes per request/],
    [`/v2/ui/net/1/data/${ids(10)}?intervalHr=12`, 200, null],
  ];
  for (const [url, status, message] of cases) {
    const r = await call(router, 'GET', url);
    t.equal(r.status, status, url);
    if (message) {
      t.equal(r.json.code, 'REQUEST_LIMIT', url);
      t.match(r.json.error, message, url);
    }
  }
});

t.test('calls over the inventory have a time budget: catalog, workbench, last values, graph by rule', async (t) => {
  // Time is a counting clock: each reading is 10 ms later, so the 2,000 ms budget is 200 readings,
  // about 200 × 1,024 units of work (an instance tested, a sort comparison, an answer item). 60,000
  // variables with descriptions in shuffled order: a selection without sortBy costs 60,000 units,
  // one sorted by a text column ≈ 30,000 × 15 comparisons more.
  const svc = inventory(60_000, (i) => ({ description: `d${(i * 7919) % 60_000}` }));
  let reads = 0;
  const monotonicMs = () => reads++ * 10;
  const router = servicesWith(svc, (deps, networks) => ({
    catalog: new CatalogService(deps, networks, new NetworkTablesCache(deps), monotonicMs),
    series: new SeriesService(deps, networks, monotonicMs),
  }));
  const cases: [string, number, RegExp | null][] = [
    ['/v2/ui/net/1/gw/variables?name=ifInRate&limit=10', 200, null],
    ['/v2/ui/net/1/gw/variables?name=ifInRate&sortBy=description&limit=10', 400, /time budget of 2000 ms .*; narrow it: narrow the rule/],
    ['/v2/ui/net/1/gw/variables?tags=!Nope&sortBy=description.desc&limit=10', 400, /time budget/],
    // No points in the window: every max is missing, the order is kept (one comparison per instance).
    ['/v2/ui/net/1/gw/variables?tags=!Nope&sortBy=max.desc&limit=10', 200, null],
    ['/api/monitor/networks/1/gw?name=ifInRate,ifOutRate&count=100', 200, null],
    ['/api/monitor/networks/1/gw?name=ifInRate,ifOutRate&sortBy=devices.desc&count=100', 400, /time budget/],
    ['/api/monitor/networks/1/vars?name=ifInRate&sortBy=devices&limit=5', 400, /time budget/],
    ['/api/monitor/networks/1/vars/ifInRate', 400, /time budget .*; narrow it: use the rule form/],
    ['/api/monitor/networks/1/catalog/', 200, null],
    ['/api/monitor/networks/1/gw/', 200, null],
    ['/v2/ui/net/1/gw/catalog/variables/ifInRate,ifOutRate', 200, null],
    ['/api/monitor/networks/1/graph/?name=ifInRate', 200, null],
    ['/api/monitor/networks/1/graph/?name=ifInRate&sortBy=description', 400, /time budget .*; narrow it: narrow the rule .* or leave out sortBy/],
  ];
  for (const [url, status, message] of cases) {
    reads = 0;
    const r = await call(router, 'GET', url);
    t.equal(r.status, status, url);
    if (message) {
      t.same([r.json.status, r.json.code], ['error', 'TIME_BUDGET'], url);
      t.match(r.json.error, message, url);
    }
  }
});

t.test('discovery topology and devices answers are bounded in bytes', async (t) => {
  // 3,000 devices: with descriptions of 12,000 characters both answers are 36 MB; with contacts of
  // 12,000 characters only the devices answer is (the topology leaves contacts out).
  const gen = (number: number, completedAtMs: number, big: 'sysDescr' | 'sysContact' | null) => ({
    networkId: 1, number, status: 'completed' as const, startedAtMs: completedAtMs - 500, completedAtMs, links: [], errors: [],
    devices: Array.from({ length: big === null ? 3 : 3_000 }, (_, i) => {
      const d = device(100 + i, `sw${100 + i}`, [iface(1, 'eth1')]);
      return big === null ? d : { ...d, [big]: `${i}`.padEnd(12_000, 'x') };
    }),
  });
  const svc = fixture();
  svc.gens.set(1, [gen(1, 1000, null), gen(2, 2000, 'sysContact'), gen(3, 3000, 'sysDescr')]);
  const { get } = apiFor(svc, NOW_MS);
  const cases: [string, number, RegExp | null][] = [
    ['/v2/discovery/net/1/devices', 400, /answer bytes per request\); ask for devices one at a time: \/v2\/discovery\/net\/:id\/devices\/:devid/],
    ['/v2/discovery/net/1/devices', 400, /answer bytes per request/], // again: the generation's size is remembered
    ['/v2/discovery/net/1/topo', 400, /answer bytes per request\); ask for devices one at a time: .*SELECT id FROM devices/],
    ['/v2/discovery/net/1/devices/100', 200, null],
    ['/v2/discovery/net/1/topo?generation=2', 200, null],
    ['/v2/discovery/net/1/devices?generation=2', 400, /answer bytes per request/],
    ['/v2/discovery/net/1/devices?generation=1', 200, null],
    ['/v2/discovery/net/1/topo?generation=1', 200, null],
    ['/v2/discovery/net/2/devices', 200, null], // nothing discovered
  ];
  await checkBoundCases(t, get, cases);
});
