/**
 * The server's route table, whole: every route the router registers (method, full pattern, access
 * level) and the middleware composed into each. The expected table was taken from the router before
 * the route modules moved to route groups (v2 modules relative to `/v2`, legacy ones to `/api`), so
 * the groups are shown to answer exactly the same routes with the same chain. A route added, removed
 * or moved shows up here: update the table with docs/openapi.yaml and docs/api.md.
 */
import t from 'tap';
import { buildRouter } from '../../api/routes/index.js';
import type { Router } from '../../api/http/router.js';
import { loadConfig } from '../../core/config-load.js';
import { silentLogger } from '../../core/logger.js';
import { fixture, servicesOf } from '../fakes/fake-service.js';
import { call } from '../fakes/call.js';

/** `METHOD pattern access`, sorted by pattern, then method. */
const EXPECTED = [
  'GET / public',
  'GET /api/alerts/networks/:netid/alerts user',
  'GET /api/alerts/networks/:netid/alerts/ user',
  'GET /api/alerts/networks/:netid/alerts/:alertKey user',
  'GET /api/alerts/networks/:netid/silences user',
  'POST /api/alerts/networks/:netid/silences user',
  'GET /api/alerts/networks/:netid/silences/ user',
  'POST /api/alerts/networks/:netid/silences/ user',
  'GET /api/alerts/networks/:netid/silences/:id user',
  'POST /api/alerts/networks/:netid/silences/:id user',
  'GET /api/metrics/healthcheck user',
  'GET /api/metrics/metrics user',
  'GET /api/metrics/ping public',
  'GET /api/monitor/networks/:netid/catalog/ user',
  'GET /api/monitor/networks/:netid/catalog/:triplets user',
  'GET /api/monitor/networks/:netid/data/ user',
  'GET /api/monitor/networks/:netid/data/:varids user',
  'GET /api/monitor/networks/:netid/graph/ user',
  'GET /api/monitor/networks/:netid/graph/:varids user',
  'GET /api/monitor/networks/:netid/gw user',
  'GET /api/monitor/networks/:netid/gw/ user',
  'GET /api/monitor/networks/:netid/nodes/:nodeid user',
  'GET /api/monitor/networks/:netid/nodes/:nodeid/brief user',
  'GET /api/monitor/networks/:netid/nodes/:nodeid/interfaces/:ifIndex/linkSummary user',
  'GET /api/monitor/networks/:netid/nodes/:nodeid/interfaces/:ifIndex/popupGraph user',
  'GET /api/monitor/networks/:netid/nodes/:nodeid/popupGraph user',
  'GET /api/monitor/networks/:netid/vars user',
  'GET /api/monitor/networks/:netid/vars/:varname user',
  'GET /api/monitor/networks/:netid/views/:view_id/linkVar/:intfvarName/nodeVar/:nodevarName user',
  'POST /api/networks/:netid/views user',
  'DELETE /api/networks/:netid/views/:view_id user',
  'PUT /api/networks/:netid/views/:view_id user',
  'GET /api/quit admin',
  'GET /api/ui/networks user',
  'GET /api/ui/networks/:netid/discover admin',
  'GET /api/ui/networks/:netid/full user',
  'GET /api/ui/networks/:netid/generations user',
  'GET /api/ui/networks/:netid/generations/:gen user',
  'GET /api/ui/networks/:netid/icons user',
  'POST /api/ui/networks/:netid/keyvalue user',
  'GET /api/ui/networks/:netid/keyvalue/:handle user',
  'POST /api/ui/networks/:netid/keyvalue/:handle user',
  'GET /api/ui/networks/:netid/nodes user',
  'GET /api/ui/networks/:netid/nodes/ user',
  'GET /api/ui/networks/:netid/nodes/:nodeid user',
  'GET /api/ui/networks/:netid/nodes/:nodeid/summary user',
  'GET /api/ui/networks/:netid/reports user',
  'GET /api/ui/networks/:netid/tiles user',
  'GET /api/ui/networks/:netid/topo user',
  'GET /api/ui/networks/:netid/topo/:gen user',
  'GET /api/ui/networks/:netid/views/:viewid/map user',
  'PUT /api/ui/networks/:netid/views/:viewid/nodes/coordinates user',
  'GET /api/ui/status user',
  'GET /api/v1/label/:name/values user',
  'GET /api/v1/labels user',
  'POST /api/v1/labels user',
  'GET /api/v1/query user',
  'POST /api/v1/query user',
  'GET /api/v1/query_range user',
  'POST /api/v1/query_range user',
  'GET /api/v1/series user',
  'POST /api/v1/series user',
  'GET /metrics user',
  'GET /reports user',
  'GET /reports/:report_file user',
  'GET /ui/:file public',
  'GET /v2/admin/net/:netid/snmp admin',
  'PUT /v2/admin/net/:netid/snmp admin',
  'GET /v2/admin/tokens admin',
  'POST /v2/admin/tokens admin',
  'DELETE /v2/admin/tokens/:name admin',
  'GET /v2/admin/users admin',
  'POST /v2/admin/users admin',
  'DELETE /v2/admin/users/:name admin',
  'PUT /v2/admin/users/:name admin',
  'GET /v2/alerts/net/:netid/alerts user',
  'GET /v2/alerts/net/:netid/alerts/ user',
  'GET /v2/alerts/net/:netid/alerts/:alertKey user',
  'DELETE /v2/alerts/net/:netid/alerts/:alertKey/ack user',
  'POST /v2/alerts/net/:netid/alerts/:alertKey/ack user',
  'GET /v2/alerts/net/:netid/history user',
  'GET /v2/alerts/net/:netid/rules user',
  'GET /v2/alerts/net/:netid/silences user',
  'POST /v2/alerts/net/:netid/silences user',
  'GET /v2/alerts/net/:netid/silences/ user',
  'POST /v2/alerts/net/:netid/silences/ user',
  'GET /v2/alerts/net/:netid/silences/:id user',
  'POST /v2/alerts/net/:netid/silences/:id user',
  'GET /v2/discovery/net/:id/devices user',
  'GET /v2/discovery/net/:id/devices/:devid user',
  'GET /v2/discovery/net/:id/topo user',
  'POST /v2/external/net/:id/extsvc/:call user',
  'POST /v2/login public',
  'POST /v2/logout public',
  'GET /v2/openapi.json public',
  'GET /v2/ping/net/:netid user',
  'GET /v2/ping/net/:netid/ user',
  'GET /v2/ping/net/:netid/se user',
  'GET /v2/ping/net/:netid/se/ user',
  'GET /v2/ping/net/:netid/test user',
  'GET /v2/ping/net/:netid/test/ user',
  'GET /v2/ping/net/:netid/test/:token public',
  'POST /v2/query/net/:id/categories/ user',
  'POST /v2/query/net/:id/data/ user',
  'POST /v2/query/net/:id/variables/:category user',
  'GET /v2/svc/discovery/net/:id/start admin',
  'POST /v2/svc/discovery/net/:netid/new_generation admin',
  'POST /v2/svc/discovery/net/:netid/pause admin',
  'GET /v2/svc/discovery/net/:netid/queue user',
  'POST /v2/svc/discovery/net/:netid/resume admin',
  'POST /v2/svc/discovery/net/:netid/submit/:dev admin',
  'GET /v2/tags/:netcolon/external user',
  'POST /v2/tags/:netcolon/external admin',
  'GET /v2/tags/net/:netid/external user',
  'POST /v2/tags/net/:netid/external admin',
  'GET /v2/ui/net/:id/actions/alerts/purge/queue admin',
  'POST /v2/ui/net/:id/actions/alerts/purge/queue admin',
  'GET /v2/ui/net/:id/actions/cache/clear admin',
  'POST /v2/ui/net/:id/actions/cache/clear admin',
  'GET /v2/ui/net/:id/actions/cache/list user',
  'POST /v2/ui/net/:id/actions/cache/list user',
  'GET /v2/ui/net/:id/actions/cache/refresh admin',
  'POST /v2/ui/net/:id/actions/cache/refresh admin',
  'GET /v2/ui/net/:id/actions/dump admin',
  'POST /v2/ui/net/:id/actions/dump admin',
  'GET /v2/ui/net/:id/actions/expire/variables admin',
  'POST /v2/ui/net/:id/actions/expire/variables admin',
  'GET /v2/ui/net/:id/actions/make/maps admin',
  'POST /v2/ui/net/:id/actions/make/maps admin',
  'GET /v2/ui/net/:id/actions/make/variables admin',
  'POST /v2/ui/net/:id/actions/make/variables admin',
  'GET /v2/ui/net/:id/actions/make/views admin',
  'POST /v2/ui/net/:id/actions/make/views admin',
  'GET /v2/ui/net/:id/actions/rebalance admin',
  'POST /v2/ui/net/:id/actions/rebalance admin',
  'GET /v2/ui/net/:id/actions/reload/config admin',
  'POST /v2/ui/net/:id/actions/reload/config admin',
  'GET /v2/ui/net/:id/actions/reload/devices admin',
  'POST /v2/ui/net/:id/actions/reload/devices admin',
  'GET /v2/ui/net/:id/actions/tsdb/reconnect admin',
  'POST /v2/ui/net/:id/actions/tsdb/reconnect admin',
  'GET /v2/ui/net/:id/dashboards/device/:devid user',
  'GET /v2/ui/net/:id/data/:triplets user',
  'GET /v2/ui/net/:id/data/device/:devid user',
  'GET /v2/ui/net/:id/filters user',
  'POST /v2/ui/net/:id/filters user',
  'GET /v2/ui/net/:id/filters/ user',
  'POST /v2/ui/net/:id/filters/ user',
  'DELETE /v2/ui/net/:id/filters/:filter_id user',
  'POST /v2/ui/net/:id/filters/:filter_id/share user',
  'POST /v2/ui/net/:id/filters/:filter_id/unshare user',
  'GET /v2/ui/net/:id/graph/:triplets user',
  'GET /v2/ui/net/:id/gw/catalog/categories/:category user',
  'GET /v2/ui/net/:id/gw/catalog/categories/list user',
  'GET /v2/ui/net/:id/gw/catalog/tags/facets/list user',
  'GET /v2/ui/net/:id/gw/catalog/variables/:names user',
  'GET /v2/ui/net/:id/gw/catalog/variables/:names/devices/:devices user',
  'GET /v2/ui/net/:id/gw/variables user',
  'POST /v2/ui/net/:id/keyvalue user',
  'GET /v2/ui/net/:id/keyvalue/:handle user',
  'POST /v2/ui/net/:id/keyvalue/:handle user',
  'GET /v2/ui/net/:id/popup/device/:devid user',
  'GET /v2/ui/net/:id/popup/device/:devid/hwcomp/:idx user',
  'GET /v2/ui/net/:id/popup/device/:devid/intf/:ifIndex user',
  'GET /v2/ui/net/:id/settings user',
  'GET /v2/ui/net/:id/status user',
  'GET /v2/ui/net/:id/views user',
  'POST /v2/ui/net/:id/views user',
  'DELETE /v2/ui/net/:id/views/:view_id user',
  'GET /v2/ui/net/:id/views/:view_id user',
  'PUT /v2/ui/net/:id/views/:view_id/coordinates user',
  'GET /v2/ui/net/:id/views/:view_id/linkGraphVars user',
  'GET /v2/ui/net/:id/views/:view_id/linkVar/:lv/nodeVar/:nv user',
  'GET /v2/ui/net/:id/views/:view_id/map user',
  'GET /v2/ui/net/:id/views/:view_id/preview user',
  'POST /v2/ui/net/:id/views/:view_id/share user',
  'POST /v2/ui/net/:id/views/:view_id/unshare user',
  'POST /v2/ui/net/:id/views/:view_id/update user',
  'POST /v2/ui/net/:id/views/:view_id/validate user',
  'GET /v2/ui/net/:netid/devices user',
  'POST /v2/ui/net/:netid/devices admin',
  'GET /v2/ui/net/:netid/devices/ user',
  'POST /v2/ui/net/:netid/devices/ admin',
  'PUT /v2/ui/net/:netid/devices/:dev_id admin',
  'GET /v2/ui/net/:netid/devices/:devid user',
  'DELETE /v2/ui/net/:netid/devices/:ids admin',
  'GET /v2/ui/net/:netid/devices/blocking user',
  'POST /v2/ui/net/:netid/devices/blocking admin',
  'GET /v2/ui/net/:netid/devices/blocking/ user',
  'POST /v2/ui/net/:netid/devices/blocking/ admin',
  'PUT /v2/ui/net/:netid/devices/blocking/:id admin',
  'DELETE /v2/ui/net/:netid/devices/blocking/:ids admin',
  'POST /v2/ui/net/:netid/devices/test admin',
  'GET /v2/ui/net/:netid/reports/:category/:report_name_or_id user',
  'GET /v2/ui/net/:netid/reports/:category/count user',
  'GET /v2/ui/net/:netid/reports/:category/list user',
  'POST /v2/ui/net/:netid/reports/:category/run user',
  'GET /v2/ui/net/:netid/tasks user',
  'GET /v2/ui/net/:netid/tasks/ user',
  'GET /v2/ui/net/:netid/tasks/:taskid user',
  'GET /v2/whoami user',
];

function build(auth: boolean): Router {
  const fake = fixture();
  if (auth) fake.config = loadConfig({ text: 'simulator: true\nauth: { enabled: true }\n', env: {} });
  return buildRouter({ services: servicesOf(fake), clock: { nowMs: () => 0 }, logger: silentLogger }).router;
}

const byPatternThenMethod = (a: string[], b: string[]): number =>
  (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
const sorted = (router: Router): string[] => router.describe()
  .map((r) => [r.method, r.pattern, r.access])
  .sort(byPatternThenMethod)
  .map((r) => r.join(' '));

t.test('the routes answered: method, full pattern and access level, as before route groups', async (t) => {
  for (const auth of [false, true]) t.same(sorted(build(auth)), EXPECTED, `authentication ${auth ? 'on' : 'off'}`);
});

t.test('the middleware of every route: authentication on every route when on, nothing when off', async (t) => {
  const on = build(true).describe();
  const auth = on[0]!.middleware[0];
  t.type(auth, 'function', 'authentication on: the first route has a middleware');
  t.same(on.filter((r) => r.middleware.length !== 1 || r.middleware[0] !== auth).map((r) => `${r.method} ${r.pattern}`), [],
    'every route runs the one authentication middleware and nothing else (it lets the public routes through itself)');
  t.same(build(false).describe().filter((r) => r.middleware.length !== 0).map((r) => `${r.method} ${r.pattern}`), [],
    'authentication off: no middleware on any route');
});

// Which route answers a path depends on the patterns only, not on the order the routes were added,
// as long as no two routes of one method differ in their parameter names only (of such a pair the
// router would take the first added).
t.test('no two routes of one method have the same shape', async (t) => {
  const shapes = new Map<string, string[]>();
  for (const r of build(false).table()) {
    const shape = `${r.method} ${r.pattern.replace(/:[^/]+/g, ':')}`;
    shapes.set(shape, [...shapes.get(shape) ?? [], r.pattern]);
  }
  t.same([...shapes.values()].filter((p) => p.length > 1), []);
});

t.test('unknown paths and methods: 404 and 405, inside and outside the groups', async (t) => {
  const router = build(true);
  const cases: [string, string, number, string?][] = [
    ['GET', '/v2', 404], ['GET', '/v2/', 404], ['GET', '/api', 404], ['GET', '/api/', 404],
    ['GET', '/login', 404], ['GET', '/metrics/ping', 404], ['GET', '/ui/net/1/status', 404], ['GET', '/v2/api/metrics/ping', 404],
    ['GET', '/api/v1', 404], ['GET', '/v2/ui/net/1/status/', 404], ['GET', '/reports/x/y', 404],
    ['PUT', '/v2/ui/net/1/status', 405, 'GET'], ['GET', '/v2/login', 405, 'POST'],
    ['DELETE', '/api/metrics/ping', 405, 'GET'], ['DELETE', '/api/v1/query', 405, 'GET, POST'],
    ['PATCH', '/v2/ui/net/1/devices/7', 405, 'DELETE, GET, PUT'],
  ];
  for (const [method, path, status, allow] of cases) {
    const res = await call(router, method, path);
    t.equal(res.status, status, `${method} ${path}`);
    if (allow !== undefined) t.equal(res.headers.allow, allow, `${method} ${path}: Allow`);
  }
  t.equal((await call(router, 'GET', '/api/metrics/ping')).text, 'pong', 'a public route of the /api group answers without credentials');
  t.equal((await call(router, 'GET', '/v2/ui/net/1/status')).status, 401, 'a user route of the /v2 group asks for credentials');
});
