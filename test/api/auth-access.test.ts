/**
 * Authentication on, over the real router and the real services (accounts in an in-memory metadata
 * store): every route of `router.table()` — so a route added later is covered without touching this
 * file — refuses calls without valid credentials (401, one body whatever was wrong) except the
 * documented public ones, answers a user-role caller 403 on administrator routes, and lets an
 * administrator through. Each credential transport works; filters see token and user callers.
 */
import t from 'tap';
import { alert, FakeAlertSource } from '../fakes/alert-fixture.js';
import type { Router } from '../../api/http/router.js';
import { buildRouter } from '../../api/routes/index.js';
import type { RouteInfo } from '../../api/http/http-types.js';
import { loadConfig } from '../../core/config-load.js';
import { silentLogger } from '../../core/logger.js';
import type { ServiceSources, Services } from '../../services/index.js';
import { fixture, NOW_MS, servicesOf, SMALL_SCRYPT_COST } from '../fakes/fake-service.js';

/** Routes anyone may call with authentication on, and why (docs/api.md "Authentication"). */
const PUBLIC = [
  'GET /', 'GET /ui/:file', // the web UI's page and static files: the login form loads before anyone is logged in
  'GET /api/metrics/ping', // liveness probes (load balancers, orchestrators) carry no credentials; answers `pong` only
  'POST /v2/login', // how credentials are obtained
  'POST /v2/logout', // its credential is the cookie it ends; an expired cookie must still be cleared
  'GET /v2/ping/net/:netid/test/:token', // older Grafana datasources send their token as the last path segment: the handler checks it (401 when wrong)
  'GET /v2/openapi.json', // the API's description, nothing of the network
];
/** Routes for administrators only. */
const ADMIN = [
  'GET /v2/svc/discovery/net/:id/start',
  'POST /v2/ui/net/:netid/devices', 'POST /v2/ui/net/:netid/devices/', 'PUT /v2/ui/net/:netid/devices/:dev_id', 'DELETE /v2/ui/net/:netid/devices/:ids',
  'POST /v2/ui/net/:netid/devices/blocking', 'POST /v2/ui/net/:netid/devices/blocking/', 'PUT /v2/ui/net/:netid/devices/blocking/:id',
  'DELETE /v2/ui/net/:netid/devices/blocking/:ids', 'POST /v2/ui/net/:netid/devices/test',
  // Users and API tokens (docs/api.md "Users and tokens").
  'GET /v2/admin/users', 'POST /v2/admin/users', 'PUT /v2/admin/users/:name', 'DELETE /v2/admin/users/:name',
  'GET /v2/admin/tokens', 'POST /v2/admin/tokens', 'DELETE /v2/admin/tokens/:name',
  // A network's SNMP credentials (docs/api.md "SNMP credentials").
  'GET /v2/admin/net/:netid/snmp', 'PUT /v2/admin/net/:netid/snmp',
  'POST /v2/svc/discovery/net/:netid/submit/:dev', 'POST /v2/svc/discovery/net/:netid/new_generation',
  'POST /v2/svc/discovery/net/:netid/pause', 'POST /v2/svc/discovery/net/:netid/resume',
  'POST /v2/tags/net/:netid/external', 'POST /v2/tags/:netcolon/external',
  'GET /api/ui/networks/:netid/discover',
  'GET /api/quit', // and only on a direct connection (its handler checks the peer and the headers)
  // The actions that change something (docs/api.md "Actions and settings"): GET and POST alike.
  ...['reload/devices', 'reload/config', 'make/variables', 'expire/variables', 'make/views', 'make/maps', 'alerts/purge/queue', 'dump', 'rebalance',
    'tsdb/reconnect', 'cache/clear', 'cache/refresh'].flatMap((a) => [`GET /v2/ui/net/:id/actions/${a}`, `POST /v2/ui/net/:id/actions/${a}`]),
];

interface Answer { status: number; headers: Record<string, string>; text: string }

async function send(router: Router, method: string, url: string, headers: Record<string, string> = {}, body?: string, remoteAddress = '192.0.2.1'): Promise<Answer> {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const query = new URLSearchParams(q < 0 ? '' : url.slice(q + 1));
  const b = body === undefined ? Buffer.alloc(0) : Buffer.from(body);
  const h = body === undefined ? headers : { 'content-type': 'application/json', ...headers };
  const res = await router.handle({ method, path, params: {}, query, headers: h, body: b, remoteAddress });
  return { status: res.status, headers: { ...res.headers }, text: res.body.toString('utf8') };
}

/** A concrete path for a route pattern: network 1, device 10, and a plausible value for anything else. */
const pathOf = (pattern: string): string => pattern.split('/').map((s) => {
  if (!s.startsWith(':')) return s;
  if (/^(id|netid)$/.test(s.slice(1))) return '1';
  if (s === ':devid') return '10';
  if (/triplets|varids/.test(s)) return 'ifInRate.10.1';
  return '1';
}).join('/');

const basic = (user: string, password: string) => ({ authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

// A small scrypt cost (test/fakes): the first test alone checks a wrong password and an unknown user on
// every route, ~400 scrypt runs; the test of checks sent at once keeps the production cost, so that
// those checks overlap as in service.
const SMALL_COST = SMALL_SCRYPT_COST;

async function setup(extraAuth = '', sources: ServiceSources = SMALL_COST) {
  const fake = fixture();
  // Many failed checks on purpose below: the failure limits out of the way unless a test sets them.
  const limit = extraAuth.includes('maxLoginFailures') ? '' : ', maxLoginFailures: 1000000, maxLoginFailuresPerUser: 1000000, maxLoginFailuresTotal: 1000000000';
  fake.config = loadConfig({ text: `simulator: true\nauth: { enabled: true${limit}${extraAuth} }\n`, env: {} });
  let nowMs = NOW_MS;
  const clock = { nowMs: () => nowMs };
  const services: Services = servicesOf(fake, clock, sources);
  await services.auth.start();
  const { router } = buildRouter({ services, clock, logger: silentLogger });
  await services.accounts.addUser('root', 'admin', 'root-password');
  await services.accounts.addUser('ann', 'user', 'ann-password');
  const userToken = (await services.accounts.createToken('ci', 'user')).token;
  const adminToken = (await services.accounts.createToken('ops', 'admin')).token;
  const login = async (user: string, password: string) => {
    const r = await send(router, 'POST', '/v2/login', {}, JSON.stringify({ user, password }));
    return /netmon_session=([^;]*)/.exec(r.headers['set-cookie'] ?? '')?.[1] ?? '';
  };
  return { router, services, userToken, adminToken, login, advance: (ms: number) => { nowMs += ms; } };
}

t.test('every route refuses calls without valid credentials, the same way whatever was wrong', async (t) => {
  const s = await setup();
  const table: readonly RouteInfo[] = s.router.table();
  t.ok(table.length >= 30, `${table.length} routes`);
  t.same(table.filter((r) => r.access === 'public').map((r) => `${r.method} ${r.pattern}`).sort(), [...PUBLIC].sort(), 'the public routes are the documented ones');
  t.same(table.filter((r) => r.access === 'admin').map((r) => `${r.method} ${r.pattern}`).sort(), [...ADMIN].sort(), 'the administrator routes are the documented ones');

  const expiredCookie = await s.login('ann', 'ann-password');
  s.advance(13 * 3_600_000); // past the default 12 h session lifetime
  const bad: [string, Record<string, string>][] = [
    ['no credentials', {}],
    ['unknown token (Bearer)', bearer('nmt_' + 'A'.repeat(43))],
    ['unknown token (X-NSG-Auth-API-Token)', { 'x-nsg-auth-api-token': 'nope' }],
    ['wrong password (Basic)', basic('ann', 'wrong-password')],
    ['unknown user (Basic)', basic('nobody', 'ann-password')],
    ['malformed Basic', { authorization: 'Basic %%%' }],
    ['unknown scheme', { authorization: 'Digest x' }],
    ['expired session cookie', { cookie: `netmon_session=${expiredCookie}` }],
    ['unknown session cookie', { cookie: 'other=1; netmon_session=forged' }],
  ];
  let first: string | undefined;
  for (const route of table) {
    const path = pathOf(route.pattern);
    const body = route.method === 'POST' ? '{}' : undefined;
    for (const [what, headers] of bad) {
      if (route.access === 'public') continue;
      const a = await send(s.router, route.method, path, headers, body);
      first ??= a.text;
      if (a.status !== 401 || a.text !== first || a.headers['www-authenticate'] !== 'Basic realm="netmon", charset="UTF-8"') {
        t.fail(`${route.method} ${route.pattern}, ${what}: ${a.status} ${a.text}`);
      }
    }
    const q = await send(s.router, route.method, `${path}?access_token=wrong`, {}, body);
    if (route.access !== 'public' && (q.status !== 401 || q.text !== first)) t.fail(`${route.method} ${route.pattern}, bad access_token: ${q.status}`);
  }
  t.match(JSON.parse(first!), { status: 'error', code: 'UNAUTHORIZED' }, 'one 401 body for every kind of bad credentials on every route');
  const ping = await send(s.router, 'GET', '/api/metrics/ping');
  t.equal(ping.status, 200, 'ping answers without credentials');
});

t.test('roles: a user-role caller gets 403 on administrator routes and passes elsewhere; an administrator passes everywhere', async (t) => {
  const s = await setup();
  const userCookie = await s.login('ann', 'ann-password');
  const adminCookie = await s.login('root', 'root-password');
  const callers: [string, Record<string, string>, 'admin' | 'user'][] = [
    ['user by token', bearer(s.userToken), 'user'],
    ['user by cookie', { cookie: `netmon_session=${userCookie}` }, 'user'],
    ['user by Basic', basic('ann', 'ann-password'), 'user'],
    ['admin by token', { 'x-nsg-auth-api-token': s.adminToken }, 'admin'],
    ['admin by cookie', { cookie: `netmon_session=${adminCookie}` }, 'admin'],
    ['admin by Basic', basic('root', 'root-password'), 'admin'],
  ];
  for (const route of s.router.table()) {
    if (route.access === 'public') continue;
    for (const [who, headers, role] of callers) {
      const a = await send(s.router, route.method, pathOf(route.pattern), headers, route.method === 'POST' ? '{}' : undefined);
      const want403 = route.access === 'admin' && role === 'user';
      // /api/quit refuses an admin too when the peer (here 192.0.2.1) is not a direct connection: its own 403 says so.
      const refusedByHandler = route.pattern === '/api/quit' && role === 'admin' && a.status === 403 && /direct connection/.test(a.text);
      if (refusedByHandler) continue;
      if (want403 ? a.status !== 403 || JSON.parse(a.text).code !== 'FORBIDDEN' : a.status === 401 || a.status === 403) {
        t.fail(`${route.method} ${route.pattern} as ${who}: ${a.status} ${a.text.slice(0, 200)}`);
      }
    }
  }
  t.pass('every non-public route checked with six callers');
});

t.test('every credential transport names its caller (whoami)', async (t) => {
  const s = await setup();
  const cookie = await s.login('ann', 'ann-password');
  const cases: [string, string, Record<string, string>, object][] = [
    ['session cookie', '/v2/whoami', { cookie: `a=b; netmon_session=${cookie}` }, { kind: 'user', name: 'ann', role: 'user' }],
    ['HTTP Basic', '/v2/whoami', basic('root', 'root-password'), { kind: 'user', name: 'root', role: 'admin' }],
    ['Bearer', '/v2/whoami', bearer(s.userToken), { kind: 'token', name: null, token: 'ci', role: 'user' }],
    ['X-NSG-Auth-API-Token', '/v2/whoami', { 'x-nsg-auth-api-token': s.adminToken }, { kind: 'token', name: null, token: 'ops', role: 'admin' }],
    ['access_token', `/v2/whoami?access_token=${encodeURIComponent(s.userToken)}`, {}, { kind: 'token', token: 'ci' }],
  ];
  for (const [what, url, headers, want] of cases) {
    const a = await send(s.router, 'GET', url, headers);
    t.equal(a.status, 200, what);
    t.match(JSON.parse(a.text), { authentication: 'on', ...want }, what);
  }
  const out = await send(s.router, 'POST', '/v2/logout', { cookie: `netmon_session=${cookie}` });
  t.match(out.headers['set-cookie'], /^netmon_session=; Max-Age=0; Path=\/; HttpOnly; SameSite=Strict$/, 'logout clears the cookie');
  t.equal((await send(s.router, 'GET', '/v2/whoami', { cookie: `netmon_session=${cookie}` })).status, 401, 'the session is over after logout');
});

t.test('browser credentials on a cross-site request are refused (CSRF); tokens and same-site requests pass', async (t) => {
  const s = await setup();
  const cookie = { cookie: `netmon_session=${await s.login('ann', 'ann-password')}` };
  const cases: [string, string, Record<string, string>, number][] = [
    ['cookie, cross-site POST', 'POST', { ...cookie, 'sec-fetch-site': 'cross-site' }, 403],
    ['cookie, cross-site GET', 'GET', { ...cookie, 'sec-fetch-site': 'cross-site' }, 403],
    ['Basic, cross-site POST', 'POST', { ...basic('ann', 'ann-password'), 'sec-fetch-site': 'cross-site' }, 403],
    ['cookie, same-origin POST', 'POST', { ...cookie, 'sec-fetch-site': 'same-origin' }, 200],
    ['cookie, no Sec-Fetch-Site (a script)', 'POST', cookie, 200],
    ['Basic, same-site POST', 'POST', { ...basic('ann', 'ann-password'), 'sec-fetch-site': 'same-site' }, 200],
    ['token, cross-site POST (a page cannot add it)', 'POST', { ...bearer(s.userToken), 'sec-fetch-site': 'cross-site' }, 200],
  ];
  for (const [what, method, headers, want] of cases) {
    const path = method === 'POST' ? '/v2/ui/net/1/views' : '/v2/whoami';
    const a = await send(s.router, method, path, headers);
    t.equal(a.status, want, what);
    if (want === 403) t.match(JSON.parse(a.text), { status: 'error', code: 'FORBIDDEN' }, `${what}: the error envelope`);
  }
});

t.test('password checks sent at once from one address are limited like checks one after another', async (t) => {
  const s = await setup(', maxLoginFailures: 3', {}); // the production scrypt cost
  const burst = await Promise.all(Array.from({ length: 8 }, () => send(s.router, 'GET', '/v2/whoami', basic('ann', 'wrong-password'))));
  const statuses = burst.map((a) => a.status).sort();
  t.same(statuses, [401, 401, 401, 429, 429, 429, 429, 429], 'three checked, five refused unchecked');
  t.equal((await send(s.router, 'GET', '/v2/whoami', basic('ann', 'ann-password'))).status, 429, 'the address stays limited, even for the right password');
});

t.test('the login call: cookie attributes, bad logins alike, malformed bodies 400', async (t) => {
  const s = await setup(', secureCookie: true, sessionLifetime: 1h');
  const ok = await send(s.router, 'POST', '/v2/login', {}, JSON.stringify({ user: 'ann', password: 'ann-password' }));
  t.equal(ok.status, 200);
  t.match(ok.headers['set-cookie'], /^netmon_session=[A-Za-z0-9_-]{43}; Max-Age=3600; Path=\/; HttpOnly; SameSite=Strict; Secure$/);
  t.match(JSON.parse(ok.text), { status: 'ok', kind: 'user', name: 'ann', role: 'user' });
  const wrong = await send(s.router, 'POST', '/v2/login', {}, JSON.stringify({ user: 'ann', password: 'nope-nope' }));
  const unknown = await send(s.router, 'POST', '/v2/login', {}, JSON.stringify({ user: 'zed', password: 'ann-password' }));
  t.equal(wrong.status, 401);
  t.equal(wrong.text, unknown.text, 'a wrong password and an unknown user answer alike');
  t.notOk(wrong.headers['set-cookie'], 'no cookie on a failed login');
  for (const body of ['{}', '[]', '{"user":1,"password":"x"}', 'null']) {
    const a = await send(s.router, 'POST', '/v2/login', {}, body);
    t.equal(a.status, 400, `body ${body}`);
  }
  const form = await s.router.handle({ method: 'POST', path: '/v2/login', params: {}, query: new URLSearchParams(), headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: Buffer.from('user=ann&password=ann-password') });
  t.equal(form.status, 415, 'a form body is refused (JSON only: no cross-site form posts)');
});

t.test('password change and user removal void sessions and Basic at once; tokens revoked at once', async (t) => {
  const s = await setup();
  const cookie = { cookie: `netmon_session=${await s.login('ann', 'ann-password')}` };
  t.equal((await send(s.router, 'GET', '/v2/whoami', basic('ann', 'ann-password'))).status, 200, 'Basic passes (and is remembered)');
  await s.services.accounts.setPassword('ann', 'new-ann-password');
  t.equal((await send(s.router, 'GET', '/v2/whoami', cookie)).status, 401, 'the session ends with the password change');
  t.equal((await send(s.router, 'GET', '/v2/whoami', basic('ann', 'ann-password'))).status, 401, 'the old password no longer passes, remembered or not');
  t.equal((await send(s.router, 'GET', '/v2/whoami', basic('ann', 'new-ann-password'))).status, 200);
  await s.services.accounts.removeUser('ann');
  t.equal((await send(s.router, 'GET', '/v2/whoami', basic('ann', 'new-ann-password'))).status, 401, 'a removed user is refused at once');
  await s.services.accounts.revokeToken('ci');
  t.equal((await send(s.router, 'GET', '/v2/whoami', bearer(s.userToken))).status, 401, 'a revoked token is refused at once');
});

t.test('view filters act as the real token and user callers', async (t) => {
  const s = await setup();
  const create = (headers: Record<string, string>, name: string) =>
    send(s.router, 'POST', '/v2/ui/net/1/filters', headers, JSON.stringify({ name, svcql: "Vendor = 'Cisco'" }));
  t.equal((await create(bearer(s.userToken), 'by token')).status, 200);
  t.equal((await create(basic('ann', 'ann-password'), 'by ann')).status, 200);
  const byToken = JSON.parse((await send(s.router, 'GET', '/v2/ui/net/1/filters', bearer(s.userToken))).text);
  const byAnn = JSON.parse((await send(s.router, 'GET', '/v2/ui/net/1/filters', basic('ann', 'ann-password'))).text);
  t.same(byToken.map((f: { name: string; user: string }) => [f.name, f.user]), [['by token', 'token:ci']], "a token's filter belongs to the pseudo-user token:<name>");
  t.same(byAnn.map((f: { name: string; user: string }) => [f.name, f.user]), [['by ann', 'ann']], "a user's filter is the user's");
  const other = await send(s.router, 'GET', '/v2/ui/net/1/filters?user=root', basic('ann', 'ann-password'));
  t.equal(other.status, 400, 'a user may not act for another user');
});

t.test('the ping with the token in its path (older Grafana datasources): a valid token passes, any other is 401', async (t) => {
  const s = await setup();
  const cases: [string, string, number][] = [
    ['a user token', `/v2/ping/net/1/test/${s.userToken}`, 200],
    ['an unknown token', '/v2/ping/net/1/test/nmt_nope', 401],
    ['no token (empty segment), no header', '/v2/ping/net/1/test/', 401],
  ];
  for (const [what, url, status] of cases) t.equal((await send(s.router, 'GET', url)).status, status, `${what}: ${status}`);
  t.equal((await send(s.router, 'GET', '/v2/ping/net/1/test/', bearer(s.userToken))).status, 200, 'the empty-segment form with the token in a header: 200');
});

t.test('acknowledging an alert (ours): refused without credentials and cross-site; its author is the real user or token', async (t) => {
  const source = new FakeAlertSource(new Map([[1, [alert({ key: 'k-ack', active: true })]]]));
  const s = await setup('', { ...SMALL_COST, alertSource: source });
  const cookie = { cookie: `netmon_session=${await s.login('ann', 'ann-password')}` };
  const json = { 'content-type': 'application/json' };
  const ack = (headers: Record<string, string>, method = 'POST') =>
    send(s.router, method, '/v2/alerts/net/1/alerts/k-ack/ack', { ...json, ...headers }, method === 'POST' ? JSON.stringify({ comment: 'on it' }) : undefined);
  const cases: [string, Record<string, string>, string, number, string][] = [
    ['no credentials', {}, 'POST', 401, ''],
    ['a bad token', bearer('nmt_wrong'), 'POST', 401, ''],
    ['cookie, cross-site', { ...cookie, 'sec-fetch-site': 'cross-site' }, 'POST', 403, ''],
    ['cookie, cross-site withdrawal', { ...cookie, 'sec-fetch-site': 'cross-site' }, 'DELETE', 403, ''],
    ['the user by cookie', { ...cookie, 'sec-fetch-site': 'same-origin' }, 'POST', 200, 'ann'],
    ['the user by Basic', basic('ann', 'ann-password'), 'POST', 200, 'ann'],
    ['a user-role token', bearer(s.userToken), 'POST', 200, 'token:ci'],
    ['an administrator', basic('root', 'root-password'), 'POST', 200, 'root'],
  ];
  let author = '';
  for (const [what, headers, method, want, by] of cases) {
    const a = await ack(headers, method);
    t.equal(a.status, want, `${what}: ${want}`);
    if (want === 200) { t.equal(JSON.parse(a.text).acknowledgedBy, by, `${what}: acknowledged by ${by}`); author = by; }
    else t.equal(source.get(1, 'k-ack')?.acknowledgedBy, author, `${what}: nothing changed`);
  }
  t.equal((await ack(bearer(s.userToken), 'DELETE')).status, 200, 'a user-role token withdraws it');
});
