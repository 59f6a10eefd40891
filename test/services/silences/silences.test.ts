/**
 * The silence service (services/silences/silences.ts): create, update, list and get; the user from the
 * caller; body checks; expiry by the clock of each call (a fake clock); the SilenceLookup; pruning of
 * long-expired silences; persistence over a reopened LMDB metadata store.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import type { Caller } from '../../../core/caller.js';
import { silentLogger } from '../../../core/logger.js';
import type { ServiceDeps } from '../../../services/deps.js';
import { MAX_SILENCE_MS } from '../../../services/silences/silence-record.js';
import { PRUNE_AFTER_MS, PRUNE_INTERVAL_MS, SilenceService } from '../../../services/silences/silences.js';
import { openStoreEnv } from '../../../store/lmdb-env.js';
import { LmdbMetaStore } from '../../../store/meta/lmdb-meta.js';
import { MemoryMetaStore } from '../../../store/meta/memory-meta.js';
import type { MetaStore } from '../../../store/meta/meta.js';
import { fixture, NOW_MS } from '../../fakes/fake-service.js';
import { alert } from '../../fakes/alert-fixture.js';
import { ManualClock } from '../../fakes/clock.js';

const alice: Caller = { kind: 'user', name: 'alice', role: 'user' };
const root: Caller = { kind: 'user', name: 'root', role: 'admin' };
const ci: Caller = { kind: 'token', tokenId: 'id-ci', tokenName: 'ci', role: 'user' };
const ops: Caller = { kind: 'token', tokenId: 'id-ops', tokenName: 'ops', role: 'admin' };
const anon: Caller = { kind: 'anonymous' };
const HOUR = 3_600_000;

function service(meta: MetaStore = new MemoryMetaStore(), maxActive?: number) {
  const clock = new ManualClock(NOW_MS);
  const fake = fixture();
  const deps: ServiceDeps = { collector: fake, series: fake.series, meta, config: () => fake.config, clock, logger: silentLogger };
  return { s: new SilenceService(deps, maxActive), clock, meta };
}

t.test('create: absolute expiry, every field, user from the caller', async (t) => {
  const { s, clock } = service();
  const a = await s.create(1, alice, { expirationTimeMs: HOUR, match: { deviceName: 'sw1' }, reason: 'maintenance' });
  t.same(a, {
    id: a.id, createdAt: NOW_MS, updatedAt: NOW_MS, expirationTimeMs: NOW_MS + HOUR, user: 'alice', reason: 'maintenance',
    match: { key: '', varName: '', deviceId: 0, deviceName: 'sw1', index: 0, tags: '' },
  });
  t.ok(a.id > 0);
  const users: [Caller, string | undefined, string][] = [
    [alice, undefined, 'alice'], [alice, 'alice', 'alice'], [root, 'bob', 'bob'], [ci, undefined, 'token:ci'], [ci, 'token:ci', 'token:ci'], [ops, 'carol', 'carol'],
    [anon, undefined, 'anonymous'], [anon, 'dave', 'dave'], [anon, '', 'anonymous'],
  ];
  for (const [caller, user, want] of users) {
    const made = await s.create(1, caller, { expirationTimeMs: 1, match: {}, ...(user === undefined ? {} : { user }) });
    t.equal(made.user, want, `${caller.kind} naming ${JSON.stringify(user)} → ${want}`);
  }
  await t.rejects(s.create(1, alice, { expirationTimeMs: 1, match: {}, user: 'bob' }), { code: 'BAD_REQUEST' }, 'a user may not name another');
  await t.rejects(s.create(1, ci, { expirationTimeMs: 1, match: {}, user: 'carol' }), { code: 'BAD_REQUEST' }, 'a user-role token may not name another user');
  t.equal(s.list(1).length, 10, 'all active while the clock stands still');
  clock.now += 1;
  t.same(s.list(1).map((x) => x.id), [a.id], 'the 1 ms silences expired 1 ms later');
  t.equal(s.list(2).length, 0, 'networks apart');
});

t.test('bodies: types, bounds, unknown fields', async (t) => {
  const { s } = service();
  const bad: [string, unknown][] = [
    ['not an object', [1]], ['null', null], ['no expiration', { match: {} }], ['no match', { expirationTimeMs: 1 }],
    ['zero interval', { expirationTimeMs: 0, match: {} }], ['negative', { expirationTimeMs: -5, match: {} }],
    ['fraction', { expirationTimeMs: 1.5, match: {} }], ['string interval', { expirationTimeMs: '100', match: {} }],
    ['over 10 years', { expirationTimeMs: MAX_SILENCE_MS + 1, match: {} }], ['absolute time', { expirationTimeMs: NOW_MS + HOUR, match: {} }],
    ['match array', { expirationTimeMs: 1, match: [] }], ['unknown match field', { expirationTimeMs: 1, match: { device: 'x' } }],
    ['deviceId string', { expirationTimeMs: 1, match: { deviceId: '10' } }], ['index negative', { expirationTimeMs: 1, match: { index: -1 } }],
    ['index unsafe', { expirationTimeMs: 1, match: { index: 2 ** 60 } }], ['key number', { expirationTimeMs: 1, match: { key: 5 } }],
    ['key null', { expirationTimeMs: 1, match: { key: null } }], ['control chars', { expirationTimeMs: 1, match: { deviceName: 'a\u0000' } }],
    ['long tags', { expirationTimeMs: 1, match: { tags: 'x'.repeat(1001) } }], ['bang alone', { expirationTimeMs: 1, match: { tags: 'Role.Core,!' } }],
    ['unknown field', { expirationTimeMs: 1, match: {}, extra: 1 }], ['reason number', { expirationTimeMs: 1, match: {}, reason: 5 }],
    ['long reason', { expirationTimeMs: 1, match: {}, reason: 'r'.repeat(2001) }], ['user object', { expirationTimeMs: 1, match: {}, user: {} }],
  ];
  for (const [what, body] of bad) await t.rejects(s.create(1, alice, body), { code: 'BAD_REQUEST' }, what);
  const ok = await s.create(1, alice, { id: 99, createdAt: 1, updatedAt: 2, expirationTimeMs: MAX_SILENCE_MS, match: { tags: '!Role.Core' } });
  t.not(ok.id, 99, 'id, createdAt and updatedAt of a body are ignored');
  t.equal(ok.createdAt, NOW_MS);
  t.equal(s.list(1).length, 1, 'nothing but the good one was stored');
});

t.test('update: fields given replace, others stay; unknown and expired ids; the interval is from the update', async (t) => {
  const { s, clock } = service();
  const a = await s.create(1, alice, { expirationTimeMs: HOUR, match: { key: 'k-1' }, reason: 'first' });
  clock.now += 1000;
  const u = await s.update(1, ci, a.id, { reason: 'second' });
  t.same(u, { ...a, reason: 'second', user: 'token:ci', updatedAt: NOW_MS + 1000 }, 'reason and user changed, expiry and match kept');
  const v = await s.update(1, alice, a.id, { expirationTimeMs: 2 * HOUR, user: 'alice', reason: '', match: { deviceId: 10 } });
  t.same(v, { ...u, user: 'alice', reason: '', updatedAt: NOW_MS + 1000, expirationTimeMs: NOW_MS + 1000 + 2 * HOUR,
    match: { key: '', varName: '', deviceId: 10, deviceName: '', index: 0, tags: '' } }, 'the whole body of a creation');
  t.same(s.get(1, a.id), [v], 'get answers the updated silence');
  await t.rejects(s.update(1, alice, a.id, {}), { code: 'BAD_REQUEST' }, 'an update that gives nothing');
  await t.rejects(s.update(1, alice, 999, { reason: 'x' }), { code: 'UNKNOWN_SILENCE' }, 'unknown id');
  await t.rejects(s.update(2, alice, a.id, { reason: 'x' }), { code: 'UNKNOWN_SILENCE' }, 'another network\'s id');
  await t.rejects(s.update(1, alice, 0, { reason: 'x' }), { code: 'UNKNOWN_SILENCE' }, 'id 0');
  clock.now = v.expirationTimeMs;
  await t.rejects(s.update(1, alice, a.id, { expirationTimeMs: HOUR }), { code: 'UNKNOWN_SILENCE' }, 'an expired silence cannot be revived');
});

t.test('expiry on time: list, get and the lookup follow the clock', async (t) => {
  const { s, clock } = service();
  const a = await s.create(1, alice, { expirationTimeMs: HOUR, match: { deviceName: 'sw1' } });
  const b = await s.create(1, alice, { expirationTimeMs: 2 * HOUR, match: { key: 'k-1' } });
  const empty = await s.create(1, alice, { expirationTimeMs: 2 * HOUR, match: {} });
  const A = alert();
  t.equal(s.matching(1, A, clock.now), a.id, 'the lowest matching id');
  t.equal(s.matching(2, A, clock.now), 0, 'another network has none');
  t.equal(s.matching(1, alert({ key: 'x', deviceName: 'x' }), clock.now), 0, 'the empty silence matches nothing');
  t.same(s.list(1).map((x) => x.id), [a.id, b.id, empty.id], 'all active, in id order');
  clock.now = NOW_MS + HOUR - 1;
  t.same(s.get(1, a.id).map((x) => x.id), [a.id], 'active 1 ms before its expiry');
  clock.now = NOW_MS + HOUR;
  t.same(s.get(1, a.id), [], 'expired at its expiry time');
  t.same(s.list(1).map((x) => x.id), [b.id, empty.id], 'and left out of the list');
  t.equal(s.matching(1, A, clock.now), b.id, 'the lookup moves to the next silence');
  t.equal(s.matching(1, A, NOW_MS), a.id, 'a lookup for an earlier time still sees what was active then');
  t.same(s.get(1, 424242), [], 'unknown id: empty array');
  const c = await s.create(1, alice, { expirationTimeMs: HOUR, match: { tags: 'Role.Core' } });
  t.equal(s.matching(1, A, clock.now), b.id, 'a new silence is seen at once (b is still the lowest)');
  await s.update(1, alice, b.id, { match: { key: 'other' } });
  t.equal(s.matching(1, A, clock.now), c.id, 'an update is seen at once');
});

t.test('pruning: silences expired for over a week go, at most once an hour', async (t) => {
  const { s, clock, meta } = service();
  const old = await s.create(1, alice, { expirationTimeMs: 1000, match: { key: 'a' } });
  const keep = await s.create(1, alice, { expirationTimeMs: 30 * 24 * HOUR, match: { key: 'b' } });
  clock.now = NOW_MS + 1000 + PRUNE_AFTER_MS;
  t.equal(await s.prune(clock.now), 0, 'not yet: expired exactly a week ago');
  clock.now += 1;
  t.equal(await s.prune(clock.now), 1, 'past a week: removed');
  t.same(s.list(1).map((x) => x.id), [keep.id]);
  t.equal(meta.get('alertSilences', old.id), undefined, 'gone from the store');
  // A write starts a pass by itself once the interval has passed since the last.
  const gone = await s.create(1, alice, { expirationTimeMs: 1, match: { key: 'c' } });
  clock.now += PRUNE_AFTER_MS + PRUNE_INTERVAL_MS;
  await s.create(1, alice, { expirationTimeMs: HOUR, match: { key: 'd' } });
  await new Promise((r) => setImmediate(r));
  t.equal(meta.get('alertSilences', gone.id), undefined, 'pruned after a write');
  t.not(meta.get('alertSilences', keep.id), undefined, 'the unexpired one stays');
});

t.test('persistence: silences survive a reopened LMDB store', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'netmon-silences-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const open = () => { const env = openStoreEnv(dir); return { env, meta: new LmdbMetaStore(env) }; };
  const first = open();
  const { s } = service(first.meta);
  const a = await s.create(1, alice, { expirationTimeMs: HOUR, match: { deviceId: 10, tags: 'Role.Core' }, reason: 'r' });
  const b = await s.create(3, ci, { expirationTimeMs: HOUR, match: { varName: 'cpuUtil' } });
  await s.update(1, root, a.id, { reason: 'changed' });
  const before = [s.list(1), s.list(3)];
  await first.meta.close(); await first.env.close();
  const second = open();
  t.teardown(async () => { await second.meta.close(); await second.env.close(); });
  const { s: again } = service(second.meta);
  t.same([again.list(1), again.list(3)], before, 'the same silences, every field');
  t.equal(again.matching(1, alert(), NOW_MS), a.id, 'the lookup reads them');
  const c = await again.create(1, alice, { expirationTimeMs: HOUR, match: { key: 'x' } });
  t.ok(c.id > b.id, 'ids are not handed out twice');
});

t.test('a network keeps a bounded number of active silences; expired ones make room', async (t) => {
  const { s, clock } = service(new MemoryMetaStore(), 3);
  for (let i = 0; i < 3; i++) await s.create(1, alice, { expirationTimeMs: (i + 1) * HOUR, match: { deviceId: i + 1 } });
  await t.rejects(s.create(1, alice, { expirationTimeMs: HOUR, match: { deviceId: 9 } }), { code: 'REQUEST_LIMIT', message: /3 active silences, the most it keeps \(3\)/ });
  await s.create(2, alice, { expirationTimeMs: HOUR, match: { deviceId: 9 } });
  t.pass('another network has its own bound');
  clock.now += HOUR;
  await s.create(1, alice, { expirationTimeMs: HOUR, match: { deviceId: 9 } });
  t.equal(s.list(1).length, 3, 'the first expired: room for one more');
});
