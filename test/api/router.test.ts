import t from 'tap';
import { AppError } from '../../core/errors.js';
import { encodeResponse, type Middleware } from '../../api/http/http-types.js';
import { Router, listParam } from '../../api/http/router.js';
import { call, memoryLogger } from '../fakes/call.js';

function testRouter() {
  const { logger, lines } = memoryLogger();
  const r = new Router({ logger });
  r.get('/a/:x', (req) => ({ status: 200, body: { route: 'param', x: req.params.x } }));
  r.get('/a/b', () => ({ status: 200, body: { route: 'literal' } }));
  r.post('/a/b', (req) => ({ status: 201, body: { got: req.body.toString() } }));
  r.get('/list/:ids', (req) => ({ status: 200, body: listParam(req.params.ids) }));
  r.get('/text', () => ({ status: 200, body: 'pong' }));
  r.get('/empty', () => ({ status: 204, body: null }));
  r.get('/pretty', () => ({ status: 200, headers: { 'Content-Type': 'application/json' }, body: '{"a": 1}' }));
  r.get('/app-error', () => { throw new AppError('UNKNOWN_DEVICE', 'device 7 is not known'); });
  r.get('/bug', () => { throw new TypeError('cannot read x of undefined'); });
  r.get('/async-bug', async () => { await Promise.resolve(); throw new Error('late failure'); });
  r.get('/bigint', () => ({ status: 200, body: { n: 1n } }));
  r.get('/trailing/', () => ({ status: 200, body: 'slash' }));
  return { r, lines };
}

t.test('status codes and bodies', async (t) => {
  const { r, lines } = testRouter();
  const cases: { method: string; url: string; status: number; json?: unknown; text?: string; type?: string; allow?: string }[] = [
    { method: 'GET', url: '/a/b', status: 200, json: { route: 'literal' } },
    { method: 'GET', url: '/a/zz', status: 200, json: { route: 'param', x: 'zz' } },
    { method: 'GET', url: '/a/x%2Fy%20z', status: 200, json: { route: 'param', x: 'x/y z' } },
    { method: 'GET', url: '/list/a.1.1,b.2.2,', status: 200, json: ['a.1.1', 'b.2.2'] },
    { method: 'POST', url: '/a/b', status: 201, json: { got: '' } },
    { method: 'GET', url: '/text', status: 200, text: 'pong', type: 'text/plain; charset=utf-8' },
    { method: 'GET', url: '/empty', status: 204, text: '' },
    { method: 'GET', url: '/pretty', status: 200, text: '{"a": 1}', type: 'application/json' },
    { method: 'GET', url: '/trailing/', status: 200, text: 'slash' },
    { method: 'GET', url: '/trailing', status: 404, json: { status: 'error', error: 'no such resource: GET /trailing', code: 'NOT_FOUND' } },
    { method: 'GET', url: '/nowhere', status: 404, json: { status: 'error', error: 'no such resource: GET /nowhere', code: 'NOT_FOUND' } },
    { method: 'GET', url: '/', status: 404 },
    { method: 'GET', url: '/a', status: 404 },
    { method: 'GET', url: '/a/', status: 404 },
    { method: 'DELETE', url: '/a/b', status: 405, allow: 'GET, POST' },
    { method: 'PUT', url: '/text', status: 405, allow: 'GET' },
    { method: 'HEAD', url: '/text', status: 200, text: 'pong' },      // the GET route; uws drops the body
    { method: 'HEAD', url: '/a/b', status: 200, json: { route: 'literal' } },
    { method: 'HEAD', url: '/nowhere', status: 404 },
    { method: 'GET', url: '/a/%E0%A4%A', status: 400, json: { status: 'error', error: "path segment '%E0%A4%A' is not valid percent-encoding", code: 'BAD_PARAMETER' } },
    { method: 'GET', url: '/app-error', status: 404, json: { status: 'error', error: 'device 7 is not known', code: 'UNKNOWN_DEVICE' } },
    { method: 'GET', url: '/bug', status: 500, json: { status: 'error', error: 'internal error', code: 'INTERNAL' } },
    { method: 'GET', url: '/async-bug', status: 500, json: { status: 'error', error: 'internal error', code: 'INTERNAL' } },
    { method: 'GET', url: '/bigint', status: 500, json: { status: 'error', error: 'internal error', code: 'INTERNAL' } },
  ];
  for (const c of cases) {
    const res = await call(r, c.method, c.url);
    t.equal(res.status, c.status, `${c.method} ${c.url} status`);
    if (c.json !== undefined) t.same(res.json, c.json, `${c.method} ${c.url} body`);
    if (c.text !== undefined) t.equal(res.text, c.text, `${c.method} ${c.url} text`);
    if (c.type !== undefined) t.equal(res.headers['content-type'], c.type, `${c.method} ${c.url} type`);
    if (c.allow !== undefined) {
      t.equal(res.headers.allow, c.allow, `${c.method} ${c.url} Allow`);
      t.equal(res.json.code, 'METHOD_NOT_ALLOWED');
      t.equal(res.json.status, 'error');
    }
    if (c.status >= 400 && c.json === undefined && c.allow === undefined) t.equal(res.json?.status, 'error', `${c.method} ${c.url} error body`);
  }
  // Bugs are logged with their cause; client errors are not.
  t.equal(lines.filter((l) => l.includes('ERROR')).length, 3, 'three bugs logged');
  t.ok(lines.some((l) => l.includes('cannot read x of undefined')), 'the TypeError text is in the log');
  t.ok(lines.some((l) => l.includes('late failure')));
});

t.test('request counters', async (t) => {
  const { r } = testRouter();
  await call(r, 'GET', '/a/b');
  await call(r, 'GET', '/a/b');
  await call(r, 'GET', '/a/q');
  await call(r, 'GET', '/nowhere');
  await call(r, 'PATCH', '/a/b');
  await call(r, 'GET', '/bug');
  r.recordRejected(413);
  const s = r.stats();
  t.equal(s.requests, 7);
  t.same(s.byStatusClass, { '2xx': 3, '4xx': 3, '5xx': 1 });
  t.equal(s.notFound, 1);
  t.equal(s.methodNotAllowed, 1);
  t.equal(s.rejectedBeforeRouting, 1);
  t.equal(s.routes['GET /a/b'].count, 2);
  t.equal(s.routes['GET /a/:x'].count, 1);
  t.equal(s.routes['GET /bug'].errors, 1);
});

t.test('route table misuse fails loudly', async (t) => {
  const { r } = testRouter();
  t.throws(() => r.get('/a/b', () => ({ status: 200, body: null })), /duplicate route/);
  t.throws(() => r.get('no-slash', () => ({ status: 200, body: null })), /must start with/);
});

t.test('remembered matches: repeated paths answer as the first time; a route added later is seen', async (t) => {
  const { r } = testRouter();
  const cases: { url: string; status: number; json?: unknown }[] = [
    { url: '/a/zz', status: 200, json: { route: 'param', x: 'zz' } },
    { url: '/a/x%2Fy', status: 200, json: { route: 'param', x: 'x/y' } },
    { url: '/a/b', status: 200, json: { route: 'literal' } },
    { url: '/a/%E0%A4%A', status: 400 },
    { url: '/nowhere', status: 404 },
  ];
  for (let round = 0; round < 3; round++) {
    for (const c of cases) {
      const res = await call(r, 'GET', c.url);
      t.equal(res.status, c.status, `round ${round}: ${c.url} status`);
      if (c.json !== undefined) t.same(res.json, c.json, `round ${round}: ${c.url} body`);
    }
  }
  t.equal((await call(r, 'DELETE', '/a/b')).headers.allow, 'GET, POST');
  t.equal((await call(r, 'DELETE', '/a/b')).headers.allow, 'GET, POST', 'Allow again');
  r.get('/nowhere', () => ({ status: 200, body: 'now here' }));
  t.equal((await call(r, 'GET', '/nowhere')).text, 'now here', 'a route added after a 404 of its path');
  for (let i = 0; i < 5000; i++) await call(r, 'GET', `/a/p${i}`);
  t.same((await call(r, 'GET', '/a/p1')).json, { route: 'param', x: 'p1' }, 'after more paths than are remembered');
});

t.test('middleware: in order, before each handler, with the route and the caller', async (t) => {
  const { logger } = memoryLogger();
  const r = new Router({ logger });
  const seen: string[] = [];
  r.use((req, route, next) => { seen.push(`first ${route.method} ${route.pattern} ${route.access}`); return next(req); });
  r.use((req, route, next) => {
    seen.push(`second ${req.caller.kind}`);
    if (req.query.get('deny') === '1') return { status: 403, body: { status: 'error', error: 'not allowed', code: 'FORBIDDEN' } };
    req.caller = { kind: 'user', name: 'ann', role: route.access === 'admin' ? 'admin' : 'user' };
    return next(req);
  });
  r.get('/who/:x', (req) => ({ status: 200, body: { caller: req.caller, x: req.params.x } }));
  r.get('/admin', (req) => ({ status: 200, body: req.caller }), { access: 'admin' });
  r.get('/open', () => ({ status: 200, body: 'ok' }), { access: 'public' });
  t.throws(() => r.use((req, _route, next) => next(req)), /before the routes/, 'middleware after routes is refused');

  const cases: { url: string; status: number; json?: unknown; seen: string[] }[] = [
    { url: '/who/7', status: 200, json: { caller: { kind: 'user', name: 'ann', role: 'user' }, x: '7' }, seen: ['first GET /who/:x user', 'second anonymous'] },
    { url: '/admin', status: 200, json: { kind: 'user', name: 'ann', role: 'admin' }, seen: ['first GET /admin admin', 'second anonymous'] },
    { url: '/open', status: 200, seen: ['first GET /open public', 'second anonymous'] },
    { url: '/who/7?deny=1', status: 403, json: { status: 'error', error: 'not allowed', code: 'FORBIDDEN' }, seen: ['first GET /who/:x user', 'second anonymous'] },
    { url: '/nowhere', status: 404, seen: [] },
  ];
  for (const c of cases) {
    seen.length = 0;
    const res = await call(r, 'GET', c.url);
    t.equal(res.status, c.status, `${c.url}: status`);
    if (c.json !== undefined) t.same(res.json, c.json, `${c.url}: body`);
    t.same(seen, c.seen, `${c.url}: middleware calls`);
  }
  t.same(r.table(), [
    { method: 'GET', pattern: '/who/:x', access: 'user' },
    { method: 'GET', pattern: '/admin', access: 'admin' },
    { method: 'GET', pattern: '/open', access: 'public' },
  ], 'the route table with access levels');
});

t.test('route groups: full patterns, group middleware after the router\'s, the same 404 and 405', async (t) => {
  const { logger } = memoryLogger();
  const r = new Router({ logger });
  const seen: string[] = [];
  const mw = (name: string): Middleware => (req, route, next) => { seen.push(`${name} ${route.method} ${route.pattern}`); return next(req); };
  const outer = mw('outer');
  const inner = mw('inner');
  r.use(mw('router'));
  const v2 = r.group('/v2', { middleware: [outer] });
  const net = v2.group('/net/:id', { middleware: [inner] });
  t.equal(v2.base, '/v2');
  t.equal(net.base, '/v2/net/:id');
  v2.get('/ping', () => ({ status: 200, body: 'pong' }), { access: 'public' });
  net.get('', (req) => ({ status: 200, body: { net: req.params.id } }));
  net.get('/items/:item', (req) => ({ status: 200, body: { net: req.params.id, item: req.params.item } }));
  net.post('/items/:item', () => ({ status: 201, body: null }), { access: 'admin' });
  net.add('DELETE', '/items/:item', () => ({ status: 204, body: null }), { access: 'admin' });
  r.get('/plain', () => ({ status: 200, body: 'plain' }));

  t.same(r.table(), [
    { method: 'GET', pattern: '/v2/ping', access: 'public' },
    { method: 'GET', pattern: '/v2/net/:id', access: 'user' },
    { method: 'GET', pattern: '/v2/net/:id/items/:item', access: 'user' },
    { method: 'POST', pattern: '/v2/net/:id/items/:item', access: 'admin' },
    { method: 'DELETE', pattern: '/v2/net/:id/items/:item', access: 'admin' },
    { method: 'GET', pattern: '/plain', access: 'user' },
  ], 'the table holds full patterns, in the order added');
  const chains = new Map(r.describe().map((d) => [`${d.method} ${d.pattern}`, d.middleware.length]));
  t.same(Object.fromEntries(chains), {
    'GET /v2/ping': 2, 'GET /v2/net/:id': 3, 'GET /v2/net/:id/items/:item': 3, 'POST /v2/net/:id/items/:item': 3,
    'DELETE /v2/net/:id/items/:item': 3, 'GET /plain': 1,
  }, 'each route\'s chain: the router\'s middleware, then its groups\'');
  t.ok(r.describe().filter((d) => d.pattern.startsWith('/v2/net/')).every((d) => d.middleware[1] === outer && d.middleware[2] === inner), 'outer group first');

  const cases: { method: string; url: string; status: number; json?: unknown; seen: string[]; allow?: string }[] = [
    { method: 'GET', url: '/v2/ping', status: 200, seen: ['router GET /v2/ping', 'outer GET /v2/ping'] },
    { method: 'GET', url: '/v2/net/4', status: 200, json: { net: '4' }, seen: ['router GET /v2/net/:id', 'outer GET /v2/net/:id', 'inner GET /v2/net/:id'] },
    { method: 'GET', url: '/v2/net/4/items/x', status: 200, json: { net: '4', item: 'x' },
      seen: ['router GET /v2/net/:id/items/:item', 'outer GET /v2/net/:id/items/:item', 'inner GET /v2/net/:id/items/:item'] },
    { method: 'GET', url: '/plain', status: 200, seen: ['router GET /plain'] },
    { method: 'GET', url: '/ping', status: 404, seen: [] },
    { method: 'GET', url: '/v2', status: 404, seen: [] },
    { method: 'GET', url: '/v2/net/4/', status: 404, seen: [] },
    { method: 'PUT', url: '/v2/net/4/items/x', status: 405, seen: [], allow: 'DELETE, GET, POST' },
    { method: 'POST', url: '/v2/ping', status: 405, seen: [], allow: 'GET' },
  ];
  for (const c of cases) {
    seen.length = 0;
    const res = await call(r, c.method, c.url);
    t.equal(res.status, c.status, `${c.method} ${c.url}: status`);
    if (c.json !== undefined) t.same(res.json, c.json, `${c.method} ${c.url}: body`);
    if (c.allow !== undefined) t.equal(res.headers.allow, c.allow, `${c.method} ${c.url}: Allow`);
    t.same(seen, c.seen, `${c.method} ${c.url}: middleware calls`);
  }

  t.throws(() => v2.get('ping2', () => ({ status: 200, body: null })), /must be '' or start with '\/'/, 'a relative pattern starts with /');
  t.throws(() => v2.get('/ping', () => ({ status: 200, body: null })), /duplicate route GET \/v2\/ping/, 'duplicates are found on the full pattern');
  t.throws(() => r.get('', () => ({ status: 200, body: null })), /must start with '\/'/, 'the router itself has no base to stand for');
  for (const bad of ['', 'v2', '/v2/', '//v2', '/v2//x']) t.throws(() => r.group(bad), /route group base/, `group base '${bad}' is refused`);
  t.throws(() => v2.group('/'), /route group base/, 'a nested group base is checked too');
});

t.test('the server route table: every route once, with its access level', async (t) => {
  const { buildRouter } = await import('../../api/routes/index.js');
  const { fixture, servicesOf } = await import('../fakes/fake-service.js');
  const { router } = buildRouter({ services: servicesOf(fixture()), clock: { nowMs: () => 0 }, logger: memoryLogger().logger });
  const table = router.table();
  t.equal(new Set(table.map((r) => `${r.method} ${r.pattern}`)).size, table.length, 'no duplicates');
  t.same(table.filter((r) => r.access === 'public').map((r) => `${r.method} ${r.pattern}`).sort(),
    ['GET /', 'GET /api/metrics/ping', 'GET /ui/:file', 'GET /v2/openapi.json', 'GET /v2/ping/net/:netid/test/:token', 'POST /v2/login', 'POST /v2/logout'],
    'only the web UI files, ping, the OpenAPI document, login, logout and the token-in-path ping (its handler checks the token) are public (docs/api.md "Authentication")');
  // docs/api.md "Authentication": discovery control and the inventory's writes are the administrator's.
  const isInventoryWrite = (method: string, pattern: string) => method !== 'GET'
    && /^\/v2\/(ui\/net\/:netid\/devices|svc\/discovery\/net\/:netid\/|tags\/)/.test(pattern);
  // the actions that change something (docs/api.md "Actions and settings"): all but cache/list
  const isChangingAction = (pattern: string) => pattern.startsWith('/v2/ui/net/:id/actions/') && !pattern.endsWith('/cache/list');
  // users and tokens (docs/api.md "Users and tokens"): every call, reads included
  const isAccounts = (pattern: string) => pattern.startsWith('/v2/admin/');
  const wantAdmin = table.filter((r) => isInventoryWrite(r.method, r.pattern) || isChangingAction(r.pattern) || isAccounts(r.pattern)
    || ['GET /v2/svc/discovery/net/:id/start', 'GET /api/ui/networks/:netid/discover', 'GET /api/quit'].includes(`${r.method} ${r.pattern}`));
  t.ok(wantAdmin.length >= 15, `the inventory's writes are in the table (${wantAdmin.length})`);
  t.same(table.filter((r) => r.access === 'admin').map((r) => `${r.method} ${r.pattern}`).sort(),
    wantAdmin.map((r) => `${r.method} ${r.pattern}`).sort(), 'discovery control, the inventory\'s writes, the actions that change something, users and tokens and /api/quit, and nothing else, are for administrators');
  const anon = await call(router, 'GET', '/v2/ui/net/1/status');
  t.equal(anon.status, 200, 'with authentication off the anonymous caller is allowed');
});

t.test('encodeResponse: header names in lower case, a content-type; frozen wire-ready headers are used as they are', async (t) => {
  const wire = Object.freeze({ 'content-type': 'application/json; charset=utf-8', 'x-a': '1' });
  const body = Buffer.from('{}');
  const cases: [string, Readonly<Record<string, string>> | undefined, unknown, Record<string, string>, boolean][] = [
    ['no headers, a Buffer', undefined, body, { 'content-type': 'application/octet-stream' }, false],
    ['no headers, JSON', undefined, { a: 1 }, { 'content-type': 'application/json; charset=utf-8' }, false],
    ['frozen, lower case, content-type', wire, body, { ...wire }, true],
    ['frozen, lower case, content-type, again', wire, { a: 1 }, { ...wire }, true],
    ['frozen, upper case', Object.freeze({ 'Content-Type': 'text/csv' }), body, { 'content-type': 'text/csv' }, false],
    ['frozen, no content-type', Object.freeze({ 'x-a': '1' }), 'text', { 'x-a': '1', 'content-type': 'text/plain; charset=utf-8' }, false],
    ['not frozen', { 'content-type': 'text/csv' }, body, { 'content-type': 'text/csv' }, false],
  ];
  for (const [name, headers, b, expected, same] of cases) {
    const e = encodeResponse({ status: 200, body: b, ...(headers ? { headers } : {}) });
    t.same(e.headers, expected, name);
    t.equal(e.headers === headers, same, `${name}: ${same ? 'the same object' : 'a copy'}`);
  }
});
