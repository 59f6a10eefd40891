/** Legacy view manipulation (docs/api.md "Legacy view manipulation"): declared not implemented, a 501 naming the v2 call. */
import t from 'tap';
import { apiFor, call } from '../fakes/call.js';
import { fixture, NOW_MS } from '../fakes/fake-service.js';

t.test('each legacy view call is a 501 NOT_IMPLEMENTED naming the v2 call to use', async (t) => {
  const { router } = apiFor(fixture(), NOW_MS);
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  const cases: { method: string; url: string; body?: string; instead: string }[] = [
    { method: 'POST', url: '/api/networks/1/views', body: 'name=core&parent_type=network&parent_id=1&rule=x', instead: 'POST /v2/ui/net/:id/views' },
    { method: 'PUT', url: '/api/networks/1/views/7', body: 'name=core', instead: 'POST /v2/ui/net/:id/views/:view_id/update' },
    { method: 'PUT', url: '/api/networks/1/views/7?validate', body: 'rule=x', instead: 'POST /v2/ui/net/:id/views/:view_id/validate' },
    { method: 'PUT', url: '/api/networks/1/views/7?validate=true', instead: 'POST /v2/ui/net/:id/views/:view_id/validate' },
    { method: 'DELETE', url: '/api/networks/1/views/7', instead: 'DELETE /v2/ui/net/:id/views/:view_id' },
    { method: 'DELETE', url: '/api/networks/99/views/abc', instead: 'DELETE /v2/ui/net/:id/views/:view_id' },
  ];
  for (const c of cases) {
    const res = await call(router, c.method, c.url, Buffer.from(c.body ?? ''), c.body ? form : {});
    t.equal(res.status, 501, `${c.method} ${c.url}: 501`);
    t.equal(res.headers['content-type'], 'application/json; charset=utf-8');
    t.equal(res.json.status, 'error');
    t.equal(res.json.code, 'NOT_IMPLEMENTED', `${c.method} ${c.url}: NOT_IMPLEMENTED`);
    t.ok(res.json.error.includes(`use ${c.instead}`), `${c.method} ${c.url}: names ${c.instead}`);
  }
  const get = await call(router, 'GET', '/api/networks/1/views/7');
  t.equal(get.status, 405, 'other methods: 405');
  t.equal(get.headers.allow, 'DELETE, PUT');
});
