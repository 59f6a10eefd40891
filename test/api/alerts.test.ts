/**
 * Alerts and silences through the router (docs/api.md "Alerts and silences (v2 and legacy)"):
 * every route under both prefixes and both spellings, the silence result objects, the user from the caller,
 * the `active` filter, the matching rule and their combination, `silenced` at the call, 404s, and
 * hostile bodies answered with the 2.6 shape plus the error envelope's fields.
 */
import t from 'tap';
import { registerLegacyAlerts } from '../../api/routes/legacy/alerts.js';
import { registerAlerts } from '../../api/routes/v2/alerts.js';
import { SILENCE_BODY_MAX_BYTES } from '../../api/routes/alert-calls.js';
import { silentLogger } from '../../core/logger.js';
import { createServices } from '../../services/index.js';
import { alert, FakeAlertSource } from '../fakes/alert-fixture.js';
import { call } from '../fakes/call.js';
import { callerRouter } from '../fakes/caller-router.js';
import { fixture, NOW_MS } from '../fakes/fake-service.js';
import { ManualClock } from '../fakes/clock.js';

const HOUR = 3_600_000;
const PREFIXES = [
  { name: 'v2', alerts: '/v2/alerts/net/1/alerts', silences: '/v2/alerts/net/1/silences', net: (n: number | string) => `/v2/alerts/net/${n}` },
  { name: 'legacy', alerts: '/api/alerts/networks/1/alerts', silences: '/api/alerts/networks/1/silences', net: (n: number | string) => `/api/alerts/networks/${n}` },
];

const down = alert({ key: 'k-down', name: 'ifDown', inputVariable: 'ifOperStatus.10.1', deviceName: 'sw10', deviceId: 10, componentName: 'eth1',
  componentIndex: 1, tags: ['Role.Core', 'Vendor.Cisco'], active: true, value: '2', description: 'eth1 down' });
const cpu = alert({ key: 'k-cpu', name: 'cpuHigh', inputVariable: 'cpuUtil.11.0', variable: 'cpuHigh.11.0', deviceName: 'sw11', deviceId: 11,
  componentName: '', componentIndex: 0, tags: ['Role.Edge'], active: false, value: '95', description: 'cpu high' });
const util = alert({ key: 'k-util', name: 'ifUtilHigh', inputVariable: 'ifInUtil.10.2', variable: 'ifUtilHigh.10.2', deviceName: 'sw10', deviceId: 10,
  componentName: 'eth2', componentIndex: 2, tags: ['Role.Core'], active: true, value: '91.5', description: 'eth2 busy' });

function api() {
  const clock = new ManualClock(NOW_MS);
  const fake = fixture();
  const source = new FakeAlertSource(new Map([[1, [down, cpu, util]]]));
  const services = createServices({ collector: fake, series: fake.series, meta: fake.meta, config: () => fake.config, clock, logger: silentLogger },
    { alertSource: source });
  const { as, router } = callerRouter(services, clock, (r, ctx) => { registerAlerts(r.group('/v2'), ctx); registerLegacyAlerts(r.group('/api'), ctx); });
  const keys = async (url: string) => {
    const res = await as('user:alice', 'GET', url);
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${res.text}`);
    return (res.json as { key: string }[]).map((a) => a.key);
  };
  return { clock, as, router, keys, services };
}

t.test('every route under both prefixes and both spellings', async (t) => {
  const { as, keys } = api();
  let cpuSilence = 0;
  for (const p of PREFIXES) {
    t.same(await keys(p.alerts), ['k-down', 'k-cpu', 'k-util'], `${p.name}: the list, active and cleared, in the source's order`);
    t.same(await keys(`${p.alerts}/`), ['k-down', 'k-cpu', 'k-util'], `${p.name}: with a trailing slash`);
    const one = await as('user:alice', 'GET', `${p.alerts}/k-cpu`);
    t.equal(one.status, 200);
    t.same(one.json, { ...cpu, silenced: cpuSilence !== 0, matchingSilenceId: cpuSilence },
      `${p.name}: get answers the alert object, every field (silenced by the v2 round's silence in the legacy round)`);
    const made = await as('user:alice', 'POST', p.silences, { expirationTimeMs: HOUR, match: { key: 'k-cpu' } });
    cpuSilence ||= made.json.id;
    t.equal(made.status, 200);
    t.match(made.json, { id: Number, status: 'success', message: '' }, `${p.name}: create answers the result object`);
    t.same(Object.keys(made.json).sort(), ['id', 'message', 'status'], 'exactly the fields of the result object');
    const made2 = await as('user:alice', 'POST', `${p.silences}/`, { expirationTimeMs: HOUR, match: { deviceId: 99 }, reason: 'slash' });
    t.equal(made2.json.status, 'success', `${p.name}: create with a trailing slash`);
    const upd = await as('user:alice', 'POST', `${p.silences}/${made2.json.id}`, { expirationTimeMs: 2 * HOUR, user: 'alice', reason: 'later', match: { deviceId: 98 } });
    t.same(upd.json, { id: made2.json.id, status: 'success', message: '' }, `${p.name}: update answers the result object`);
    for (const list of [p.silences, `${p.silences}/`]) {
      const l = await as('user:alice', 'GET', list);
      t.equal(l.status, 200);
      t.ok((l.json as { id: number }[]).some((s) => s.id === made.json.id), `${p.name}: ${list} lists the silence`);
    }
    const got = await as('user:alice', 'GET', `${p.silences}/${made2.json.id}`);
    t.same(got.json, [{ id: made2.json.id, createdAt: NOW_MS, updatedAt: NOW_MS, expirationTimeMs: NOW_MS + 2 * HOUR, user: 'alice', reason: 'later',
      match: { key: '', varName: '', deviceId: 98, deviceName: '', index: 0, tags: '' } }], `${p.name}: get answers an array of the silence, 2.5 fields`);
  }
  const v2 = await keys(PREFIXES[0]!.silences);
  const legacy = await keys(PREFIXES[1]!.silences);
  t.same(v2, legacy, 'both prefixes read the same silences');
});

t.test('silenced and matchingSilenceId are computed at the call', async (t) => {
  const { as, clock } = api();
  const p = PREFIXES[0]!;
  const a = (await as('user:alice', 'POST', p.silences, { expirationTimeMs: HOUR, match: { deviceName: 'sw10', tags: 'Role.Core,!Vendor.Cisco' } })).json.id;
  const b = (await as('user:alice', 'POST', p.silences, { expirationTimeMs: 2 * HOUR, match: { varName: 'ifOperStatus' } })).json.id;
  const state = async () => ((await as('user:alice', 'GET', p.alerts)).json as { key: string; silenced: boolean; matchingSilenceId: number }[])
    .map((x) => [x.key, x.silenced, x.matchingSilenceId]);
  t.same(await state(), [['k-down', true, b], ['k-cpu', false, 0], ['k-util', true, a]]);
  t.same((await as('user:alice', 'GET', `${p.alerts}/k-util`)).json.matchingSilenceId, a, 'get too');
  clock.now = NOW_MS + HOUR;
  t.same(await state(), [['k-down', true, b], ['k-cpu', false, 0], ['k-util', false, 0]], 'silence a expired at its time');
  t.same((await as('user:alice', 'GET', `${p.silences}/${a}`)).json, [], 'get of an expired silence: empty array');
  t.same(((await as('user:alice', 'GET', p.silences)).json as { id: number }[]).map((s) => s.id), [b], 'the list leaves it out');
  const upd = await as('user:alice', 'POST', `${p.silences}/${a}`, { expirationTimeMs: HOUR });
  t.equal(upd.status, 404);
  t.same(upd.json, { id: a, status: 'error', message: upd.json.message, error: upd.json.message, code: 'UNKNOWN_SILENCE' }, 'an expired silence cannot be updated');
  t.match(upd.json.message, /expired/);
  const empty = (await as('user:alice', 'POST', p.silences, { expirationTimeMs: HOUR, match: {} })).json;
  t.equal(empty.status, 'success', 'an empty match is accepted');
  t.same((await state()).map((x) => x[2]), [b, 0, 0], 'and matches nothing');
});

t.test('the user of a silence comes from the caller', async (t) => {
  const { as } = api();
  const p = PREFIXES[1]!;
  const cases: [string | undefined, unknown, string | null][] = [
    ['user:alice', undefined, 'alice'], ['user:alice', 'alice', 'alice'], ['user:alice', 'bob', null], ['admin:root', 'bob', 'bob'],
    ['token:ci', undefined, 'token:ci'], ['token:ci', 'token:ci', 'token:ci'], ['token:ci', 'carol', null], ['admintoken:ops', 'carol', 'carol'], [undefined, undefined, 'anonymous'], [undefined, 'dave', 'dave'],
  ];
  for (const [who, user, want] of cases) {
    const body = { expirationTimeMs: HOUR, match: { key: 'x' }, ...(user === undefined ? {} : { user }) };
    const made = await as(who, 'POST', p.silences, body);
    const what = `${who ?? 'anonymous'} naming ${JSON.stringify(user)}`;
    if (want === null) {
      t.equal(made.status, 400, `${what}: refused`);
      t.match(made.json, { id: 0, status: 'error', code: 'BAD_REQUEST', message: /may not record/ });
      continue;
    }
    t.same((await as(who, 'GET', `${p.silences}/${made.json.id}`)).json[0].user, want, `${what} → ${want}`);
    const upd = await as('token:ops', 'POST', `${p.silences}/${made.json.id}`, { reason: 'checked' });
    t.equal(upd.json.status, 'success');
    t.same((await as(who, 'GET', `${p.silences}/${made.json.id}`)).json[0].user, 'token:ops', 'an update records who made it');
  }
});

t.test('the active filter, the rule and their combination', async (t) => {
  const { keys, as } = api();
  for (const p of PREFIXES) {
    const cases: [string, string[]][] = [
      ['active=true', ['k-down', 'k-util']],
      ['active=false', ['k-cpu']],
      ['active=TRUE', ['k-down', 'k-util']],
      ['active=', ['k-down', 'k-cpu', 'k-util']],
      ['name=ifOperStatus', ['k-down']],
      ['name=cpuHigh', ['k-cpu']],
      ['name=ifDown,cpuUtil', ['k-down', 'k-cpu']],
      ['name=nothing', []],
      ['devices=sw10', ['k-down', 'k-util']],
      ['components=eth2', ['k-util']],
      ['tags=Role.Core', ['k-down', 'k-util']],
      ['tags=!Role.Core', ['k-cpu']],
      ['tags=Role.Core,Vendor.Cisco', ['k-down']],
      ['tags=Role.Edge,Vendor.Cisco&tagMatch=OR', ['k-down', 'k-cpu']],
      ['tags=Role.Core&tagMatch=NOT_AND', ['k-cpu']],
      ['sortBy=curr.desc', ['k-cpu', 'k-util', 'k-down']],
      ['sortBy=devices.desc', ['k-cpu', 'k-down', 'k-util']],
      ['sortBy=description', ['k-cpu', 'k-down', 'k-util']],
      ['sortBy=curr.desc&limit=1', ['k-cpu']],
      ['sortBy=curr.asc&start=1&count=1', ['k-util']],
      ['active=true&sortBy=curr.desc&limit=1', ['k-util']],
      ['active=true&devices=sw10&tags=Vendor.Cisco', ['k-down']],
      ['active=false&devices=sw10', []],
      ['active=true&name=ifInUtil,ifOperStatus&sortBy=component.desc', ['k-util', 'k-down']],
      ['unknownKey=1', ['k-down', 'k-cpu', 'k-util']],
    ];
    for (const [q, want] of cases) t.same(await keys(`${p.alerts}?${q}`), want, `${p.name} ?${q}`);
    for (const q of ['active=maybe', 'sortBy=nope.asc', 'limit=x', 'tagMatch=XOR&tags=Role.Core', 'count=-1', 'tags=!']) {
      const res = await as('user:alice', 'GET', `${p.alerts}?${q}`);
      t.equal(res.status, 400, `${p.name} ?${q}: 400`);
      t.match(res.json, { status: 'error', code: 'BAD_PARAMETER', error: String });
    }
  }
});

t.test('404s and malformed ids', async (t) => {
  const { as } = api();
  for (const p of PREFIXES) {
    const gone = await as('user:alice', 'GET', `${p.alerts}/nope`);
    t.equal(gone.status, 404);
    t.match(gone.json, { status: 'error', code: 'UNKNOWN_ALERT' }, `${p.name}: unknown alert key`);
    const enc = await as('user:alice', 'GET', `${p.alerts}/${encodeURIComponent('k-down')}`);
    t.equal(enc.status, 200);
    for (const [method, path, body] of [
      ['GET', '/alerts', undefined], ['GET', '/alerts/', undefined], ['GET', '/alerts/k-down', undefined], ['GET', '/silences', undefined],
      ['GET', '/silences/', undefined], ['GET', '/silences/1', undefined],
      ['POST', '/silences', { expirationTimeMs: 1, match: {} }], ['POST', '/silences/1', { reason: 'x' }],
    ] as const) {
      const res = await as('user:alice', method, `${p.net(9)}${path}`, body);
      t.equal(res.status, 404, `${p.name} ${method} ${path} of an unknown network: 404`);
      t.equal(res.json.code, 'UNKNOWN_NETWORK');
      if (method === 'POST') t.match(res.json, { id: Number, status: 'error', message: String }, 'in the 2.6 shape');
      const bad = await as('user:alice', method, `${p.net('x')}${path}`, body);
      t.equal(bad.status, 400, `${p.name} ${method} ${path} of a malformed network id: 400`);
    }
    t.same((await as('user:alice', 'GET', `${p.silences}/77`)).json, [], 'get of an unknown silence: []');
    const badGet = await as('user:alice', 'GET', `${p.silences}/abc`);
    t.equal(badGet.status, 400, 'get of a malformed id: 400');
    const unknown = await as('user:alice', 'POST', `${p.silences}/77`, { reason: 'x' });
    t.equal(unknown.status, 404);
    t.match(unknown.json, { id: 77, status: 'error', code: 'UNKNOWN_SILENCE', message: /no silence 77/ });
    const malformed = await as('user:alice', 'POST', `${p.silences}/abc`, { reason: 'x' });
    t.equal(malformed.status, 400);
    t.match(malformed.json, { id: 0, status: 'error', code: 'BAD_PARAMETER' });
    t.match((await as('user:alice', 'POST', `${p.silences}/007`, { reason: 'x' })).json, { id: 0, code: 'BAD_PARAMETER' }, 'leading zeros: malformed, id 0');
    const other = (await as('user:alice', 'POST', '/v2/alerts/net/2/silences', { expirationTimeMs: HOUR, match: { key: 'x' } })).json.id;
    const cross = await as('user:alice', 'POST', `${p.silences}/${other}`, { reason: 'x' });
    t.equal(cross.json.code, 'UNKNOWN_SILENCE', 'a silence of network 2 is unknown in network 1');
    t.same((await as('user:alice', 'GET', `${p.silences}/${other}`)).json, [], 'and get answers []');
  }
});

t.test('hostile bodies: clear 4xx in the 2.6 shape, nothing stored', async (t) => {
  const { as, router } = api();
  for (const p of PREFIXES) {
    const ok = (await as('user:alice', 'POST', p.silences, { expirationTimeMs: HOUR, match: { key: 'keep' } })).json.id;
    const raw = async (path: string, body: string | Buffer, type: string | undefined) =>
      call(router, 'POST', path, Buffer.isBuffer(body) ? body : Buffer.from(body), { 'x-test-caller': 'user:alice', ...(type ? { 'content-type': type } : {}) });
    const cases: [string, string | Buffer, string | undefined, number, string][] = [
      ['malformed JSON', '{"expirationTimeMs": 1,', 'application/json', 400, 'BAD_JSON'],
      ['empty', '', 'application/json', 400, 'BAD_JSON'],
      ['no content type', '{"expirationTimeMs":1,"match":{}}', undefined, 415, 'UNSUPPORTED_MEDIA_TYPE'],
      ['text type', '{"expirationTimeMs":1,"match":{}}', 'text/plain', 415, 'UNSUPPORTED_MEDIA_TYPE'],
      ['oversized', JSON.stringify({ expirationTimeMs: 1, match: {}, reason: 'r'.repeat(SILENCE_BODY_MAX_BYTES) }), 'application/json', 413, 'BODY_TOO_LARGE'],
      ['deep', '['.repeat(5000) + ']'.repeat(5000), 'application/json', 400, 'BAD_REQUEST'],
      ['binary', Buffer.from([0, 0xff, 0xc3, 0x28]), 'application/json', 400, 'BAD_JSON'],
      ['a number', '5', 'application/json', 400, 'BAD_REQUEST'],
      ['wrong types', '{"expirationTimeMs":"1h","match":"all"}', 'application/json', 400, 'BAD_REQUEST'],
      ['unknown match field', '{"expirationTimeMs":1,"match":{"regex":".*"}}', 'application/json', 400, 'BAD_REQUEST'],
      ['huge integer', '{"expirationTimeMs":1e400,"match":{}}', 'application/json', 400, 'BAD_REQUEST'],
      ['__proto__', '{"expirationTimeMs":1,"match":{"__proto__":{"key":"x"}}}', 'application/json', 400, 'BAD_REQUEST'],
      ['a filter body', '{"name":"x","svcql":"id = 1","formData":""}', 'application/json', 400, 'BAD_REQUEST'],
    ];
    for (const path of [p.silences, `${p.silences}/`, `${p.silences}/${ok}`]) {
      for (const [what, body, type, status, code] of cases) {
        const res = await raw(path, body, type);
        const id = path.endsWith(`/${ok}`) ? ok : 0;
        t.equal(res.status, status, `${p.name} ${path} ${what}: ${status}`);
        t.match(res.json, { id, status: 'error', message: String, error: String, code }, `${what}: 2.6 shape with ${code}`);
      }
    }
    const list = (await as('user:alice', 'GET', p.silences)).json as { id: number; match: { key: string } }[];
    t.same(list.filter((s) => s.match.key !== 'keep'), [], `${p.name}: nothing but the good silences stored`);
    t.same((await as('user:alice', 'GET', `${p.silences}/${ok}`)).json[0].match.key, 'keep', 'the updated-at silence is unchanged');
  }
});
