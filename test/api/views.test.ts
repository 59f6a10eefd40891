/**
 * Map views through the router (docs/api.md "Map views"): the answers of every call
 * and their envelopes, every transition (share, unshare) with two users and a token over HTTP, each failure's
 * status and code, the list's `type`, formData byte for byte, the SvcQL error's position in the
 * 400, and the status call's tiles (order, visibility per caller, memoized bytes).
 */
import t from 'tap';
import { registerStatus } from '../../api/routes/v2/status.js';
import { registerViews } from '../../api/routes/v2/views.js';
import { loadConfig } from '../../core/config-load.js';
import { checkViewRule } from '../../services/views/view-record.js';
import { WHOLE_NETWORK_VIEW_NAME } from '../../services/views/views.js';
import { call } from '../fakes/call.js';
import { callerRouter } from '../fakes/caller-router.js';
import { fixture, NOW_MS, servicesOf } from '../fakes/fake-service.js';
import { ManualClock } from '../fakes/clock.js';

const VIEWS = '/v2/ui/net/1/views';
const CONFIG = `
networks:
  - { id: 1, name: lab, seeds: [10.0.0.10] }
  - { id: 2, name: empty, seeds: [10.0.0.20] }
views:
  - { network: 1, name: Core, devRule: "Role = 'Core'" }
`;

async function api() {
  const clock = new ManualClock(NOW_MS);
  const fake = fixture();
  fake.config = loadConfig({ text: CONFIG, env: {}, checkViewRule });
  const services = servicesOf(fake, clock);
  await services.views.start();
  const { as, router } = callerRouter(services, clock, (r, ctx) => { registerViews(r.group('/v2'), ctx); registerStatus(r.group('/v2'), ctx); });
  const create = async (who: string | undefined) => {
    const res = await as(who, 'POST', VIEWS);
    if (res.status !== 200) throw new Error(`create: ${res.status} ${res.text}`);
    return res.json.id as number;
  };
  const list = async (who: string | undefined, q = '') => (await as(who, 'GET', `${VIEWS}${q}`)).json as { id: number; name: string; shared: boolean }[];
  const sysId = (await list(undefined)).find((v) => v.name === WHOLE_NETWORK_VIEW_NAME)!.id;
  const coreId = (await list(undefined)).find((v) => v.name === 'Core')!.id;
  return { clock, as, router, create, list, sysId, coreId };
}

t.test('create, get, list: the answers', async (t) => {
  const { as, create, sysId, coreId } = await api();
  const res = await as('user:alice', 'POST', VIEWS, { ignored: 'a body is not read' });
  t.equal(res.status, 200);
  t.same(res.json, { status: 'ok', id: res.json.id }, '{status: "ok", id}');
  t.type(res.json.id, 'number');
  const id = res.json.id as number;
  const got = await as('user:alice', 'GET', `${VIEWS}/${id}`);
  t.equal(got.status, 200);
  t.same(got.json, [{
    id, name: `New view ${id}`, devRule: '', linkRule: '', type: 'INTERACTIVE', editable: true, updatedAt: NOW_MS,
    layoutUpdatedAt: NOW_MS, formData: '', adjacent: false, connecting: false, shared: false, owner: 'alice',
  }], 'an array of one view, every field of a view and the project\'s additions');
  const b = await create('user:bob');
  const ids = async (who: string | undefined, q = '') => ((await as(who, 'GET', `${VIEWS}${q}`)).json as { id: number }[]).map((v) => v.id);
  t.same(await ids('user:alice'), [sysId, coreId, id], 'alice: SYSTEM, SCRIPTED and hers');
  t.same(await ids('user:bob'), [sysId, coreId, b]);
  t.same(await ids(undefined), [sysId, coreId, id, b], 'anonymous (authentication off): all views');
  const typeCases: [string, number[] | string][] = [
    ['?type=SYSTEM', [sysId]], ['?type=SCRIPTED', [coreId]], ['?type=INTERACTIVE', [id]], ['?type=interactive', [id]], ['?type=', [sysId, coreId, id]],
    ['?type=OTHER', 'BAD_PARAMETER'], ["?type='SYSTEM'", 'BAD_PARAMETER'],
  ];
  for (const [q, want] of typeCases) {
    const r = await as('user:alice', 'GET', `${VIEWS}${q}`);
    if (typeof want === 'string') { t.equal(r.status, 400, q); t.equal(r.json.code, want, q); } else t.same(r.json.map((v: { id: number }) => v.id), want, q);
  }
  t.same((await as('user:alice', 'GET', '/v2/ui/net/2/views')).json.map((v: { type: string }) => v.type), ['SYSTEM'], 'network 2: its own SYSTEM view');
});

t.test('every transition (share, unshare) over HTTP with two users and a token; each failure is 400 or 404 with the error envelope', async (t) => {
  const { as, create, sysId, coreId } = await api();
  const ids: Record<string, number> = { A: await create('user:alice'), T: await create('token:ci'), S: sysId, C: coreId };
  const steps: [string | undefined, 'share' | 'unshare', string | number, number, string?, boolean?][] = [
    ['user:alice', 'share', 'A', 200, undefined, true],
    ['user:alice', 'share', 'A', 400, 'VIEW_REFUSED', true],
    ['user:bob', 'unshare', 'A', 400, 'VIEW_REFUSED', true],
    ['token:ci', 'unshare', 'A', 400, 'VIEW_REFUSED', true],
    ['user:alice', 'unshare', 'A', 200, undefined, false],
    ['user:alice', 'unshare', 'A', 400, 'VIEW_REFUSED', false],
    ['user:bob', 'share', 'A', 400, 'VIEW_REFUSED', false],
    ['admin:root', 'share', 'A', 400, 'VIEW_REFUSED', false],
    ['token:ci', 'share', 'A', 400, 'VIEW_REFUSED', false],
    ['token:ci', 'share', 'T', 200, undefined, true],
    ['user:bob', 'unshare', 'T', 400, 'VIEW_REFUSED', true],
    ['token:other', 'unshare', 'T', 400, 'VIEW_REFUSED', true],
    ['token:ci', 'unshare', 'T', 200, undefined, false],
    ['user:alice', 'share', 'S', 400, 'VIEW_REFUSED', true],
    ['user:alice', 'unshare', 'S', 400, 'VIEW_REFUSED', true],
    ['user:bob', 'share', 'C', 400, 'VIEW_REFUSED', true],
    ['token:ci', 'unshare', 'C', 400, 'VIEW_REFUSED', true],
    ['user:alice', 'share', 999, 400, 'VIEW_REFUSED'],
    ['user:alice', 'share', 'abc', 400, 'BAD_PARAMETER'],
    ['user:alice', 'unshare', '-1', 400, 'BAD_PARAMETER'],
  ];
  for (const [who, verb, v, status, code, shared] of steps) {
    const id = typeof v === 'string' && v in ids ? ids[v] : v;
    const res = await as(who, 'POST', `${VIEWS}/${id}/${verb}`);
    const what = `${who} ${verb} ${String(v)}`;
    t.equal(res.status, status, `${what}: ${status}`);
    if (status === 200) t.same(res.json, { status: 'ok' }, `${what}: {status: "ok"}`);
    else t.match(res.json, { status: 'error', error: String, code }, `${what}: ${code} in the error envelope`);
    if (shared !== undefined) t.equal((await as(undefined, 'GET', `${VIEWS}/${id}`)).json[0].shared, shared, `${what}: then ${shared ? 'shared' : 'private'}`);
  }
  const elsewhere = await as('user:alice', 'POST', `/v2/ui/net/2/views/${ids.A}/share`);
  t.same([elsewhere.status, elsewhere.json.code], [400, 'VIEW_REFUSED'], 'a view of network 1 is unknown in network 2: its share is refused');
  t.equal((await as('user:alice', 'POST', `/v2/ui/net/99/views/${ids.A}/share`)).json.code, 'UNKNOWN_NETWORK');
});

t.test('update, validate, delete over HTTP: answers, refusals, the SvcQL error with its position', async (t) => {
  const { as, create, sysId } = await api();
  const id = await create('user:alice');
  const url = `${VIEWS}/${id}`;
  const body = { id: 777, name: 'Edge', devRule: "Role = 'Edge'", linkRule: "ifRole = 'Uplink'", adjacent: 'true', connecting: 'false', formData: '{"k":"v"}' };
  const cases: [string, string | undefined, string, string, unknown, number, string?, RegExp?][] = [
    ['validate a good body', 'user:alice', 'POST', `${url}/validate`, body, 200],
    ['validate a bad devRule', 'user:alice', 'POST', `${url}/validate`, { devRule: "Vendor = 'Cisco' AND" }, 400, 'VIEW_REFUSED',
      /^'devRule' is not a matching expression over the devices table: SvcQL syntax error at 1:21: expected a column or value but found end of input$/],
    ['update with a bad linkRule', 'user:alice', 'POST', `${url}/update`, { linkRule: 'speed >> 5' }, 400, 'VIEW_REFUSED', /'linkRule'.*at 1:\d+: /],
    ['update with a bad flag', 'user:alice', 'POST', `${url}/update`, { adjacent: 'maybe' }, 400, 'BAD_REQUEST', /'adjacent'/],
    ['update of a SYSTEM view', 'user:alice', 'POST', `${VIEWS}/${sysId}/update`, body, 400, 'VIEW_REFUSED', /SYSTEM view/],
    ['delete of a SYSTEM view', undefined, 'DELETE', `${VIEWS}/${sysId}`, undefined, 400, 'VIEW_REFUSED'],
    ['update by bob: unknown to him, refused (400)', 'user:bob', 'POST', `${url}/update`, body, 400, 'VIEW_REFUSED', /^no view \d+ in network 1$/],
    ['delete by bob: unknown to him', 'user:bob', 'DELETE', url, undefined, 404, 'UNKNOWN_VIEW'],
    ['get by bob: unknown to him', 'user:bob', 'GET', url, undefined, 404, 'UNKNOWN_VIEW'],
    ['update with no body', 'user:alice', 'POST', `${url}/update`, undefined, 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['update with an array', 'user:alice', 'POST', `${url}/update`, [1], 400, 'BAD_REQUEST'],
    ['update of an unknown view', 'user:alice', 'POST', `${VIEWS}/999/update`, body, 400, 'VIEW_REFUSED'],
    ['update', 'user:alice', 'POST', `${url}/update`, body, 200],
  ];
  for (const [what, who, method, u, b, status, code, message] of cases) {
    const res = await as(who, method, u, b);
    t.equal(res.status, status, `${what}: ${status}`);
    if (status === 200 && u.endsWith('/validate')) t.same(Object.keys(res.json), ['status', 'warnings'], `${what}: {status, warnings}`);
    else if (status === 200) t.same(res.json, { status: 'ok' }, `${what}: {status: "ok"}`);
    else {
      t.match(res.json, { status: 'error', error: String, code }, `${what}: ${code}`);
      if (message) t.match(res.json.error, message, `${what}: says why`);
    }
  }
  t.match((await as('user:alice', 'GET', url)).json[0], { id, name: 'Edge', devRule: "Role = 'Edge'", adjacent: true, connecting: false, formData: '{"k":"v"}' },
    'the update applied; the body\'s id was ignored');
  const notJson = await call((await api()).router, 'POST', `${VIEWS}/1/update`, Buffer.from('{"name":'), { 'content-type': 'application/json' });
  t.equal(notJson.status, 400);
  t.equal(notJson.json.code, 'BAD_JSON');
  t.equal((await as('user:alice', 'DELETE', url)).status, 200);
  t.equal((await as('user:alice', 'GET', url)).status, 404, 'gone');
  t.equal((await as('user:alice', 'DELETE', VIEWS)).status, 405, 'DELETE on the list path');
});

t.test('validate: the rules\' unknown column names are warnings; the body stays valid', async (t) => {
  // The fixture's devices carry the facet Vendor (Vendor.NetSNMP), their interfaces ifRole.
  const { as, create } = await api();
  const id = await create('user:alice');
  const url = `${VIEWS}/${id}/validate`;
  const cases: [body: Record<string, unknown>, warnings: { field: string; column: string }[]][] = [
    [{ devRule: "name REGEXP 'core' AND Vendor = NetSNMP" }, []],
    [{ devRule: "Nmae REGEXP 'core'" }, [{ field: 'devRule', column: 'Nmae' }]],
    [{ devRule: "devic = 'x' OR vendor = 'y'" }, [{ field: 'devRule', column: 'devic' }]],
    [{ linkRule: "ifRole = 'Uplink'" }, []],
    [{ linkRule: "devic = 'x'" }, [{ field: 'linkRule', column: 'devic' }]],
    [{ devRule: "Rack = 'r1'", linkRule: "ifRoel = 'Uplink'" }, [{ field: 'devRule', column: 'Rack' }, { field: 'linkRule', column: 'ifRoel' }]],
    [{ name: 'only a name' }, []],
  ];
  for (const [body, warnings] of cases) {
    const res = await as('user:alice', 'POST', url, body);
    t.equal(res.status, 200, `${JSON.stringify(body)}: 200`);
    t.equal(res.json.status, 'ok');
    t.same(res.json.warnings.map((w: { field: string; column: string }) => ({ field: w.field, column: w.column })), warnings, `warnings: ${JSON.stringify(warnings)}`);
    for (const w of res.json.warnings) t.match(w.message, new RegExp(`^'${w.column}' is neither a column of the (devices|interfaces) table nor a tag facet`), 'the message names it');
  }
  const saved = await as('user:alice', 'POST', `${VIEWS}/${id}/update`, { devRule: "Nmae REGEXP 'core'" });
  t.same([saved.status, saved.json], [200, { status: 'ok' }], 'update still saves such a rule');
});

t.test('formData travels byte for byte', async (t) => {
  const { as, create, router } = await api();
  const id = await create(undefined);
  const forms = ['Grüße, 世界 🌍', '"quoted" \'single\' `back`', '{"json":true,"n":[1,2.5e3]}', '{broken json', '\\u00e9 is not é', ''];
  for (const [i, f] of forms.entries()) {
    const sent = Buffer.from(JSON.stringify({ formData: f }), 'utf8');
    t.equal((await call(router, 'POST', `${VIEWS}/${id}/update`, sent, { 'content-type': 'application/json' })).status, 200);
    const back = (await as(undefined, 'GET', `${VIEWS}/${id}`)).json[0].formData as string;
    t.ok(Buffer.from(back, 'utf8').equals(Buffer.from(f, 'utf8')), `form ${i}: the same bytes`);
  }
  const big = await as(undefined, 'POST', `${VIEWS}/${id}/update`, { formData: 'x'.repeat(256 * 1024 + 1) });
  t.equal(big.status, 413, 'over ui.viewFormDataMaxBytes: 413');
  t.equal(big.json.code, 'BODY_TOO_LARGE');
});

t.test('status tiles: ordered by id or name, the views the caller sees, memoized per caller', async (t) => {
  const { as, create, sysId, coreId, clock } = await api();
  const z = await create('user:alice');
  await as('user:alice', 'POST', `${VIEWS}/${z}/update`, { name: 'zz alice' });
  const b = await create('user:bob');
  await as('user:bob', 'POST', `${VIEWS}/${b}/update`, { name: 'aa bob' });
  const tiles = async (who: string | undefined, q = '') => ((await as(who, 'GET', `/v2/ui/net/1/status${q}`)).json.views as { id: number }[]).map((v) => v.id);
  const cases: [string | undefined, string, number[]][] = [
    ['user:alice', '', [sysId, coreId, z]],
    ['user:alice', '?s=id', [sysId, coreId, z]],
    ['user:alice', '?s=name', [coreId, sysId, z]],
    ['user:bob', '?s=name', [coreId, sysId, b]],
    ['token:ci', '?s=name', [coreId, sysId]],
    [undefined, '?s=name', [coreId, sysId, b, z]],
    [undefined, '', [sysId, coreId, z, b]],
  ];
  for (const [who, q, want] of cases) t.same(await tiles(who, q), want, `${who ?? 'anonymous'} ${q || '(default order)'}`);
  const first = await as(undefined, 'GET', '/v2/ui/net/1/status');
  const again = await as(undefined, 'GET', '/v2/ui/net/1/status');
  t.equal(again.text, first.text, 'an unchanged status: the same answer');
  t.same(first.json.views[2], { id: z, name: 'zz alice', type: 'INTERACTIVE', editable: false, shared: false, updatedAt: NOW_MS, layoutUpdatedAt: NOW_MS },
    'a tile: anonymous does not own alice\'s view');
  clock.now += 1000;
  await as('user:bob', 'POST', `${VIEWS}/${b}/share`);
  t.same(await tiles('user:alice', '?s=name'), [coreId, sysId, b, z], 'bob\'s shared view is on alice\'s tiles at once');
  t.not((await as(undefined, 'GET', '/v2/ui/net/1/status')).text, first.text, 'and the anonymous status changed');
  t.same(await tiles('user:bob', '?s=name'), [coreId, sysId, b]);
});
