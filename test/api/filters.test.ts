/**
 * View filters through the router (docs/api.md "View filters"): owner rules for users,
 * administrators, tokens and anonymous callers; every transition (share, unshare) and each failure; the
 * list's visibility and shape; creation failures as 500; both path spellings; networks apart;
 * concurrent calls.
 */
import t from 'tap';
import { registerFilters } from '../../api/routes/v2/filters.js';
import { call } from '../fakes/call.js';
import { callerRouter } from '../fakes/caller-router.js';
import { fixture, NOW_MS, servicesOf } from '../fakes/fake-service.js';
import { ManualClock } from '../fakes/clock.js';

const LIST = '/v2/ui/net/1/filters/';

function api() {
  const clock = new ManualClock(NOW_MS);
  const fake = fixture();
  const services = servicesOf(fake, clock);
  const { as } = callerRouter(services, clock, (r, ctx) => registerFilters(r.group('/v2'), ctx));
  /** Creates a filter named `name`; resolves with its id (read back from the owner's list). */
  const create = async (who: string | undefined, name: string, query = '', svcql = "Vendor = 'Cisco'") => {
    const res = await as(who, 'POST', `${LIST}${query}`, { name, svcql, formData: `{"form":"${name}"}` });
    if (res.status !== 200) throw new Error(`create ${name}: ${res.status} ${res.text}`);
    const mine = (await as(who, 'GET', `${LIST}${query}`)).json as { id: number; name: string }[];
    return mine.find((f) => f.name === name)!.id;
  };
  return { clock, as, create };
}

t.test('owner rules: who owns a new filter', async (t) => {
  const { as, create } = api();
  const cases: { who: string | undefined; user?: string; owner?: string; refused?: string }[] = [
    { who: 'user:alice', owner: 'alice' },
    { who: 'user:alice', user: 'alice', owner: 'alice' },
    { who: 'user:alice', user: '', owner: 'alice' },
    { who: 'user:alice', user: 'bob', refused: 'FILTER_REFUSED' },
    { who: 'admin:root', owner: 'root' },
    { who: 'admin:root', user: 'bob', owner: 'bob' },
    { who: 'token:ci', owner: 'token:ci' },
    { who: 'token:ci', user: 'token:ci', owner: 'token:ci' },
    { who: 'token:ci', user: 'carol', refused: 'FILTER_REFUSED' }, // a user-role token acts as token:ci only
    { who: 'admintoken:ops', owner: 'token:ops' },
    { who: 'admintoken:ops', user: 'carol', owner: 'carol' },
    { who: undefined, owner: 'anonymous' },
    { who: undefined, user: 'dave', owner: 'dave' },
    { who: undefined, user: 'x'.repeat(101), refused: 'BAD_PARAMETER' },
    { who: undefined, user: 'tab\there', refused: 'BAD_PARAMETER' },
  ];
  for (const [i, c] of cases.entries()) {
    const what = `${c.who ?? 'anonymous'} with user=${JSON.stringify(c.user)}`;
    const q = c.user === undefined ? '' : `?user=${encodeURIComponent(c.user)}`;
    if (c.refused) {
      const res = await as(c.who, 'POST', `${LIST}${q}`, { name: `f${i}`, svcql: 'id = 1', formData: '' });
      t.equal(res.status, 500, `${what}: creation fails (500)`);
      t.equal(res.json.code, c.refused, `${what}: ${c.refused}`);
      t.type(res.json.error, 'string');
      continue;
    }
    const id = await create(c.who, `f${i}`, q);
    const mine = (await as(c.who, 'GET', `${LIST}${q}`)).json as { id: number; user: string }[];
    t.equal(mine.find((f) => f.id === id)?.user, c.owner, `${what}: owned by ${c.owner}`);
  }
});

t.test('every transition (share, unshare), with two users and a token', async (t) => {
  const { as, create } = api();
  const ids = {
    a: await create('user:alice', 'mine'),
    b: await create('user:bob', 'mine'),
    t: await create('token:ci', 'nightly'),
    c: await create('admintoken:ops', 'for carol', '?user=carol'),
  };
  /** The filter as its owner's list shows it (an admin acting as the owner), or undefined when gone. */
  const state = async (id: number, owner: string) =>
    ((await as('admin:root', 'GET', `${LIST}?user=${encodeURIComponent(owner)}`)).json as { id: number; shared: boolean }[]).find((f) => f.id === id);
  t.same(await Promise.all([state(ids.a, 'alice'), state(ids.b, 'bob'), state(ids.t, 'token:ci'), state(ids.c, 'carol')]).then((s) => s.map((f) => f?.shared)),
    [false, false, false, false], 'a new filter is private');

  type Step = { who: string | undefined; call: 'share' | 'unshare' | 'delete'; f: keyof typeof ids | number | string; user?: string;
    status: number; code?: string; shared?: boolean | 'gone' };
  const owners: Record<keyof typeof ids, string> = { a: 'alice', b: 'bob', t: 'token:ci', c: 'carol' };
  const steps: Step[] = [
    { who: 'user:alice', call: 'share', f: 'a', status: 200, shared: true },                 // private → shared
    { who: 'user:alice', call: 'share', f: 'a', status: 400, code: 'FILTER_REFUSED', shared: true }, // already shared: failure, unchanged
    { who: 'user:bob', call: 'unshare', f: 'a', status: 400, code: 'FILTER_REFUSED', shared: true }, // not the owner
    { who: 'user:bob', call: 'unshare', f: 'a', user: 'alice', status: 400, code: 'FILTER_REFUSED', shared: true }, // naming the owner does not help a user
    { who: 'token:ci', call: 'unshare', f: 'a', status: 400, code: 'FILTER_REFUSED', shared: true }, // a token acts as token:ci
    { who: 'user:alice', call: 'unshare', f: 'a', status: 200, shared: false },              // shared → private
    { who: 'user:alice', call: 'unshare', f: 'a', status: 400, code: 'FILTER_REFUSED', shared: false }, // already private
    { who: 'user:bob', call: 'share', f: 'a', status: 400, code: 'FILTER_REFUSED', shared: false }, // not the owner
    { who: 'token:ci', call: 'share', f: 'a', user: 'alice', status: 400, code: 'FILTER_REFUSED', shared: false }, // a user-role token may not act for alice
    { who: 'admintoken:ops', call: 'share', f: 'a', user: 'alice', status: 200, shared: true }, // an administrator token may
    { who: 'admin:root', call: 'unshare', f: 'a', status: 400, code: 'FILTER_REFUSED', shared: true }, // an admin acts as itself…
    { who: 'admin:root', call: 'unshare', f: 'a', user: 'alice', status: 200, shared: false }, // …or as the user it names
    { who: 'token:ci', call: 'share', f: 't', status: 200, shared: true },                  // the pseudo-user's own filter
    { who: 'token:other', call: 'unshare', f: 't', status: 400, code: 'FILTER_REFUSED', shared: true }, // another token's pseudo-user
    { who: 'admintoken:ops', call: 'share', f: 'c', status: 400, code: 'FILTER_REFUSED', shared: false }, // carol's, though the token made it
    { who: 'admintoken:ops', call: 'share', f: 'c', user: 'carol', status: 200, shared: true },
    { who: 'user:bob', call: 'share', f: 'b', status: 200, shared: true },
    { who: 'user:alice', call: 'delete', f: 'b', status: 400, code: 'FILTER_REFUSED', shared: true }, // a shared filter is still bob's
    { who: 'user:bob', call: 'delete', f: 'b', status: 200, shared: 'gone' },
    { who: 'user:bob', call: 'delete', f: 'b', status: 400, code: 'UNKNOWN_FILTER', shared: 'gone' }, // deleted
    { who: 'user:bob', call: 'share', f: 'b', status: 400, code: 'UNKNOWN_FILTER', shared: 'gone' },
    { who: 'user:bob', call: 'unshare', f: 'b', status: 400, code: 'UNKNOWN_FILTER', shared: 'gone' },
    { who: 'user:alice', call: 'share', f: 999, status: 400, code: 'UNKNOWN_FILTER' },
    { who: 'user:alice', call: 'unshare', f: 999, status: 400, code: 'UNKNOWN_FILTER' },
    { who: 'user:alice', call: 'delete', f: 999, status: 400, code: 'UNKNOWN_FILTER' },
    { who: 'user:alice', call: 'share', f: 'abc', status: 400, code: 'BAD_PARAMETER' },
    { who: 'user:alice', call: 'delete', f: '-1', status: 400, code: 'BAD_PARAMETER' },
  ];
  for (const s of steps) {
    const id = typeof s.f === 'string' && s.f in ids ? ids[s.f as keyof typeof ids] : s.f;
    const q = s.user === undefined ? '' : `?user=${s.user}`;
    const url = s.call === 'delete' ? `${LIST}${id}${q}` : `${LIST}${id}/${s.call}${q}`;
    const res = await as(s.who, s.call === 'delete' ? 'DELETE' : 'POST', url);
    const what = `${s.who} ${s.call} ${String(s.f)}${q}`;
    t.equal(res.status, s.status, `${what}: ${s.status}`);
    if (s.status === 200) t.equal(res.text, '', `${what}: empty body`);
    else {
      t.equal(res.json?.code, s.code, `${what}: ${s.code}`);
      t.type(res.json?.error, 'string', `${what}: {error}`);
    }
    if (s.shared !== undefined && typeof s.f === 'string' && s.f in ids) {
      const now = await state(id as number, owners[s.f as keyof typeof ids]);
      t.same(now === undefined ? 'gone' : now.shared, s.shared, `${what}: then ${String(s.shared)}`);
    }
  }
});

t.test('a list: the acting user\'s filters and every shared one, each with every field of a filter', async (t) => {
  const { clock, as, create } = api();
  const a1 = await create('user:alice', 'private one');
  clock.now += 1000;
  const a2 = await create('user:alice', 'shared one');
  const b1 = await create('user:bob', 'bob private');
  const b2 = await create('user:bob', 'bob shared');
  clock.now += 1000;
  await as('user:alice', 'POST', `${LIST}${a2}/share`);
  await as('user:bob', 'POST', `${LIST}${b2}/share`);
  const ids = async (who: string | undefined, q = '') => ((await as(who, 'GET', `${LIST}${q}`)).json as { id: number }[]).map((f) => f.id);
  t.same(await ids('user:alice'), [a1, a2, b2], 'alice: her own and the shared ones, by id');
  t.same(await ids('user:bob'), [a2, b1, b2], 'bob: his own and the shared ones');
  t.same(await ids('token:ci'), [a2, b2], 'a token with no filters: the shared ones');
  t.same(await ids(undefined), [a2, b2], 'anonymous: the shared ones');
  t.same(await ids('admintoken:ops', '?user=bob'), [a2, b1, b2], 'an administrator token naming bob: bob\'s list');
  t.equal((await as('token:ci', 'GET', `${LIST}?user=bob`)).json.code, 'FILTER_REFUSED', 'a user-role token naming bob: refused');
  t.same(await ids('admin:root', '?user=alice'), [a1, a2, b2], 'an admin naming alice: alice\'s list');
  const refused = await as('user:bob', 'GET', `${LIST}?user=alice`);
  t.equal(refused.status, 400, 'a user may not list another user\'s filters');
  t.equal(refused.json.code, 'FILTER_REFUSED');

  const [first, second] = (await as('user:alice', 'GET', LIST)).json;
  t.same(first, {
    id: a1, user: 'alice', deleted: false, createdAt: NOW_MS, updatedAt: NOW_MS,
    name: 'private one', formData: '{"form":"private one"}', svcql: "Vendor = 'Cisco'", shared: false,
  }, 'every field of a filter');
  t.same(second, {
    id: a2, user: 'alice', deleted: false, createdAt: NOW_MS + 1000, updatedAt: NOW_MS + 2000,
    name: 'shared one', formData: '{"form":"shared one"}', svcql: "Vendor = 'Cisco'", shared: true,
  }, 'sharing sets updatedAt');
});

t.test('names: the same name for two users; unique per user and network; free again after delete', async (t) => {
  const { as, create } = api();
  const a = await create('user:alice', 'core');
  const b = await create('user:bob', 'core');
  t.not(a, b, 'alice and bob each have a filter named core');
  const again = await as('user:alice', 'POST', LIST, { name: 'core', svcql: 'id = 2', formData: '' });
  t.equal(again.status, 500, 'a second "core" of alice: creation fails');
  t.equal(again.json.code, 'CONFLICT');
  t.match(again.json.error, /already has a filter named 'core'/);
  const other = await as('user:alice', 'POST', '/v2/ui/net/2/filters/', { name: 'core', svcql: 'id = 2', formData: '' });
  t.equal(other.status, 200, 'the same name in another network');
  t.equal((await as('user:alice', 'DELETE', `${LIST}${a}`)).status, 200);
  const reused = await create('user:alice', 'core');
  t.ok(reused > b, 'the name is free again; the new filter gets a new id');
});

t.test('creation failures: 500 with the error body, the cause\'s code kept', async (t) => {
  const { as } = api();
  const json = { 'content-type': 'application/json' };
  const cases: { what: string; body: string; headers?: Record<string, string>; code: string; error?: RegExp }[] = [
    { what: 'no name', body: '{"svcql":"id = 1","formData":""}', code: 'BAD_REQUEST', error: /'name'/ },
    { what: 'blank name', body: '{"name":"  ","svcql":"id = 1"}', code: 'BAD_REQUEST' },
    { what: 'name not a string', body: '{"name":5,"svcql":"id = 1"}', code: 'BAD_REQUEST' },
    { what: 'name too long', body: JSON.stringify({ name: 'n'.repeat(201), svcql: 'id = 1' }), code: 'BAD_REQUEST' },
    { what: 'control character in name', body: JSON.stringify({ name: 'a\u0000b', svcql: 'id = 1' }), code: 'BAD_REQUEST' },
    { what: 'no svcql', body: '{"name":"x"}', code: 'BAD_REQUEST', error: /'svcql'/ },
    { what: 'svcql that does not parse', body: '{"name":"x","svcql":"Vendor = "}', code: 'SVCQL_SYNTAX', error: /SvcQL syntax error at 1:/ },
    { what: 'a SELECT statement, not a matching expression', body: '{"name":"x","svcql":"SELECT id FROM devices"}', code: 'SVCQL_SYNTAX' },
    { what: 'svcql over the bounds', body: JSON.stringify({ name: 'x', svcql: `${'('.repeat(100)}id = 1${')'.repeat(100)}` }), code: 'SVCQL_LIMIT' },
    { what: 'formData not a string', body: '{"name":"x","svcql":"id = 1","formData":{"a":1}}', code: 'BAD_REQUEST', error: /'formData'/ },
    { what: 'a JSON array', body: '[]', code: 'BAD_REQUEST' },
    { what: 'not JSON', body: '{"name":', code: 'BAD_JSON' },
    { what: 'an empty body', body: '', code: 'BAD_JSON' },
    { what: 'no JSON content type', body: '{"name":"x","svcql":"id = 1"}', headers: { 'content-type': 'text/plain' }, code: 'UNSUPPORTED_MEDIA_TYPE' },
  ];
  const { router } = callerRouter(servicesOf(fixture()), { nowMs: () => NOW_MS }, (r, ctx) => registerFilters(r.group('/v2'), ctx));
  for (const c of cases) {
    const res = await call(router, 'POST', LIST, Buffer.from(c.body), c.headers ?? json);
    t.equal(res.status, 500, `${c.what}: 500`);
    t.equal(res.json.code, c.code, `${c.what}: ${c.code}`);
    t.equal(res.json.status, 'error');
    if (c.error) t.match(res.json.error, c.error, `${c.what}: says why`);
  }
  t.same((await as(undefined, 'GET', LIST)).json, [], 'nothing was created');
  const unknownNet = await as(undefined, 'POST', '/v2/ui/net/99/filters/', { name: 'x', svcql: 'id = 1' });
  t.equal(unknownNet.status, 404, 'an unknown network stays a 404');
  t.equal(unknownNet.json.code, 'UNKNOWN_NETWORK');
  const ok = await as(undefined, 'POST', LIST, { name: 'no form', svcql: 'WHERE Role = Core AND address << 10.0.0.0/8' });
  t.equal(ok.status, 200, 'formData may be left out; a leading WHERE is accepted');
  t.equal((await as(undefined, 'GET', LIST)).json[0].formData, '');
});

t.test('both spellings of the list and create paths; networks apart', async (t) => {
  const { as, create } = api();
  t.equal((await as('user:alice', 'POST', '/v2/ui/net/1/filters', { name: 'no slash', svcql: 'id = 1' })).status, 200);
  const id = await create('user:alice', 'slash');
  const names = async (path: string) => ((await as('user:alice', 'GET', path)).json as { name: string }[]).map((f) => f.name);
  t.same(await names('/v2/ui/net/1/filters'), ['no slash', 'slash']);
  t.same(await names('/v2/ui/net/1/filters/'), ['no slash', 'slash']);
  t.same(await names('/v2/ui/net/2/filters/'), [], 'network 2 has none');
  const elsewhere = await as('user:alice', 'POST', `/v2/ui/net/2/filters/${id}/share`);
  t.equal(elsewhere.status, 400, 'a filter of network 1 is unknown in network 2');
  t.equal(elsewhere.json.code, 'UNKNOWN_FILTER');
  t.equal((await as('user:alice', 'GET', '/v2/ui/net/99/filters/')).status, 404, 'an unknown network');
  t.equal((await as('user:alice', 'DELETE', LIST)).status, 405, 'DELETE on the list path');
});

t.test('concurrent calls on one filter: each checked against the state the others left', async (t) => {
  const { as, create } = api();
  const shares = await Promise.all(Array.from({ length: 10 }, () => as('user:alice', 'POST', `${LIST}1/share`)));
  t.equal(shares[0].status, 400, 'no filter 1 yet');
  const id = await create('user:alice', 'raced');
  const results = await Promise.all(Array.from({ length: 10 }, () => as('user:alice', 'POST', `${LIST}${id}/share`)));
  t.same(results.map((r) => r.status).sort(), [200, ...Array(9).fill(400)], 'exactly one share succeeds');
  const creates = await Promise.all(Array.from({ length: 10 }, () => as('user:bob', 'POST', LIST, { name: 'same', svcql: 'id = 1' })));
  t.same(creates.map((r) => r.status).sort(), [200, ...Array(9).fill(500)], 'exactly one of ten creates of one name succeeds');
  const mixed = await Promise.all([
    as('user:alice', 'POST', `${LIST}${id}/unshare`), as('user:alice', 'DELETE', `${LIST}${id}`), as('user:alice', 'POST', `${LIST}${id}/share`),
  ]);
  t.same(mixed.map((r) => r.status), [200, 200, 400], 'unshare, delete, then a share of the deleted filter, in order');
});
