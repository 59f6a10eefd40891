/**
 * The map views service (services/views/views.ts) on the in-memory metadata store: every transition
 * (docs/api.md "Map views") and each failure with two users, an administrator, tokens and the anonymous caller;
 * visibility; update, validate and delete rules; SYSTEM and SCRIPTED views kept in step with the
 * configuration; the maps' contract (forMap, markLayout, coordinates removed with the view);
 * concurrent writes.
 */
import t from 'tap';
import type { Caller } from '../../../core/caller.js';
import { loadConfig } from '../../../core/config-load.js';
import { NS_MAP_COORDINATES } from '../../../services/views/map-view-source.js';
import { checkViewRule, decodeViewData } from '../../../services/views/view-record.js';
import { NS_VIEWS, WHOLE_NETWORK_VIEW_NAME } from '../../../services/views/views.js';
import { Repository } from '../../../store/meta/repository.js';
import { callerOf } from '../../fakes/caller-router.js';
import { fixture, NOW_MS, servicesOf } from '../../fakes/fake-service.js';
import { ManualClock } from '../../fakes/clock.js';

/** Networks 1 and 2 (as the fixture's collector has them) and one SCRIPTED view in network 1. */
const CONFIG = `
networks:
  - { id: 1, name: lab, seeds: [10.0.0.10] }
  - { id: 2, name: empty, seeds: [10.0.0.20] }
views:
  - network: 1
    name: Core
    devRule: "Role = 'Core'"
    linkRule: "ifRole = 'Uplink'"
    adjacent: true
`;

const who = (w: string | undefined): Caller => callerOf(w);
const alice = who('user:alice'), bob = who('user:bob'), root = who('admin:root'), ci = who('token:ci'), anon = who(undefined);

async function setup(configText = CONFIG) {
  const clock = new ManualClock(NOW_MS);
  const fake = fixture();
  fake.config = loadConfig({ text: configText, env: {}, checkViewRule });
  const services = servicesOf(fake, clock);
  await services.views.start();
  const views = services.views;
  const byName = (name: string, net = 1) => views.list(net, anon, null).find((v) => v.name === name)!;
  return { clock, fake, views, services, byName, repo: new Repository(fake.meta, NS_VIEWS, { decode: decodeViewData }) };
}

t.test('start: a SYSTEM view per configured network, the SCRIPTED views of the configuration', async (t) => {
  const { views, byName } = await setup();
  const all = views.list(1, anon, null);
  t.same(all.map((v) => [v.name, v.type, v.shared, v.editable, v.owner]), [
    [WHOLE_NETWORK_VIEW_NAME, 'SYSTEM', true, false, null],
    ['Core', 'SCRIPTED', true, false, null],
  ]);
  t.same(views.list(2, anon, null).map((v) => [v.name, v.type]), [[WHOLE_NETWORK_VIEW_NAME, 'SYSTEM']], 'network 2 has its own');
  const sys = byName(WHOLE_NETWORK_VIEW_NAME);
  t.same({ devRule: sys.devRule, linkRule: sys.linkRule, adjacent: sys.adjacent, connecting: sys.connecting }, { devRule: '', linkRule: '', adjacent: false, connecting: false }, 'the whole network');
  const core = byName('Core');
  t.same({ devRule: core.devRule, linkRule: core.linkRule, adjacent: core.adjacent, connecting: core.connecting, formData: core.formData },
    { devRule: "Role = 'Core'", linkRule: "ifRole = 'Uplink'", adjacent: true, connecting: false, formData: '' }, 'as configured');
  const version = views.version;
  await views.start();
  t.same(views.list(1, anon, null).map((v) => v.id), all.map((v) => v.id), 'a second start makes nothing new');
  t.equal(views.version, version, 'and writes nothing (no transaction: a restart on a full disk is not held up)');
});

t.test('create: a blank private INTERACTIVE view of the acting user', async (t) => {
  const { views, clock } = await setup();
  const cases: [string, Caller, string][] = [['alice', alice, 'alice'], ['an admin', root, 'root'], ['a token', ci, 'token:ci'], ['anonymous', anon, 'anonymous']];
  for (const [what, caller, owner] of cases) {
    clock.now += 1000;
    const id = await views.create(1, caller);
    t.same(views.get(1, caller, id), {
      id, name: `New view ${id}`, devRule: '', linkRule: '', type: 'INTERACTIVE', editable: true,
      updatedAt: clock.now, layoutUpdatedAt: clock.now, formData: '', adjacent: false, connecting: false, shared: false, owner,
    }, `${what}: owned by ${owner}, every field`);
  }
});

t.test('every transition (share, unshare) with two users, an admin, tokens and anonymous; each failure leaves the state', async (t) => {
  const { views, byName } = await setup();
  const ids = {
    A: await views.create(1, alice), B: await views.create(1, bob), T: await views.create(1, ci), N: await views.create(1, anon),
    S: byName(WHOLE_NETWORK_VIEW_NAME).id, C: byName('Core').id,
  };
  type Step = [string, Caller, 'share' | 'unshare', keyof typeof ids | number, string | null, boolean | null, number?];
  const name = (c: Caller) => (c.kind === 'anonymous' ? 'anonymous' : c.kind === 'user' ? c.name : `token ${c.tokenName}`);
  const steps: Step[] = [
    // [why, caller, call, view, failure code (null: 200), shared afterwards]
    ['the creator shares her private view', alice, 'share', 'A', null, true],
    ['sharing a shared view is refused', alice, 'share', 'A', 'VIEW_REFUSED', true],
    ['another user may not share it', bob, 'share', 'A', 'VIEW_REFUSED', true],
    ['another user may not unshare it', bob, 'unshare', 'A', 'VIEW_REFUSED', true],
    ['a token may not unshare a user\'s view', ci, 'unshare', 'A', 'VIEW_REFUSED', true],
    ['nor may anonymous', anon, 'unshare', 'A', 'VIEW_REFUSED', true],
    ['nor an administrator', root, 'unshare', 'A', 'VIEW_REFUSED', true],
    ['the creator unshares it', alice, 'unshare', 'A', null, false],
    ['unsharing a private view is refused', alice, 'unshare', 'A', 'VIEW_REFUSED', false],
    ['another user\'s private view is unknown to bob', bob, 'share', 'A', 'UNKNOWN_VIEW', false],
    ['… to an administrator', root, 'share', 'A', 'UNKNOWN_VIEW', false],
    ['… to a token', ci, 'unshare', 'A', 'UNKNOWN_VIEW', false],
    ['anonymous sees it (authentication off) but does not own it', anon, 'share', 'A', 'VIEW_REFUSED', false],
    ['a token shares its pseudo-user\'s view', ci, 'share', 'T', null, true],
    ['another token may not unshare it', who('token:other'), 'unshare', 'T', 'VIEW_REFUSED', true],
    ['a user may not unshare a token\'s view', alice, 'unshare', 'T', 'VIEW_REFUSED', true],
    ['the token unshares it', ci, 'unshare', 'T', null, false],
    ['anonymous shares a view made with authentication off', anon, 'share', 'N', null, true],
    ['… and unshares it', anon, 'unshare', 'N', null, false],
    ['a SYSTEM view cannot be shared by the call', alice, 'share', 'S', 'VIEW_REFUSED', true],
    ['nor unshared', alice, 'unshare', 'S', 'VIEW_REFUSED', true],
    ['not even by anonymous', anon, 'unshare', 'S', 'VIEW_REFUSED', true],
    ['nor by an administrator', root, 'unshare', 'S', 'VIEW_REFUSED', true],
    ['a SCRIPTED view (shared from the start) cannot be shared by the call', alice, 'share', 'C', 'VIEW_REFUSED', true],
    ['nor unshared', bob, 'unshare', 'C', 'VIEW_REFUSED', true],
    ['not even by anonymous', anon, 'unshare', 'C', 'VIEW_REFUSED', true],
    ['bob shares his view', bob, 'share', 'B', null, true],
    ['no such view', alice, 'share', 999, 'UNKNOWN_VIEW', null],
    ['no such view', anon, 'unshare', 999, 'UNKNOWN_VIEW', null],
    ['a view of network 1 is unknown in network 2', alice, 'share', 'A', 'UNKNOWN_VIEW', false, 2],
    ['… even to anonymous', anon, 'unshare', 'N', 'UNKNOWN_VIEW', false, 2],
  ];
  for (const [why, caller, verb, v, code, after, net = 1] of steps) {
    const id = typeof v === 'number' ? v : ids[v];
    const what = `${name(caller)} ${verb} ${String(v)}: ${why}`;
    const run = views.setShared(net, caller, id, verb === 'share');
    if (code === null) await t.resolves(run, what);
    else await t.rejects(run, { code }, what);
    if (after !== null) t.equal(views.get(1, anon, id).shared, after, `${what}: then ${after ? 'shared' : 'private'}`);
  }
  t.same(views.list(1, alice, null).map((v) => v.id), [ids.S, ids.C, ids.A, ids.B], 'alice: SYSTEM, SCRIPTED, her own, bob\'s shared one');
  t.same(views.list(1, bob, null).map((v) => v.id), [ids.S, ids.C, ids.B]);
  t.same(views.list(1, ci, null).map((v) => v.id), [ids.S, ids.C, ids.B, ids.T], 'a token: the shared ones and its pseudo-user\'s');
  t.same(views.list(1, root, null).map((v) => v.id), [ids.S, ids.C, ids.B], 'an administrator: its own and the shared ones');
  t.same(views.list(1, anon, null).map((v) => v.id), [ids.S, ids.C, ids.A, ids.B, ids.T, ids.N], 'anonymous (authentication off): every view');
  t.same(views.list(1, anon, 'INTERACTIVE').map((v) => v.id), [ids.A, ids.B, ids.T, ids.N], 'by type');
  t.same(views.list(1, alice, 'SCRIPTED').map((v) => v.id), [ids.C]);
  t.same(views.list(1, alice, 'SYSTEM').map((v) => v.id), [ids.S]);
  t.same(views.list(1, alice, null).map((v) => v.editable), [false, false, true, false], 'editable: her own INTERACTIVE view only');
});

t.test('update, validate and delete: who may, on which views', async (t) => {
  const { views, byName, fake } = await setup();
  const A = await views.create(1, alice);
  const S = byName(WHOLE_NETWORK_VIEW_NAME).id, C = byName('Core').id;
  const good = { name: 'Edge', devRule: "Role = 'Edge'", linkRule: '', adjacent: 'true', connecting: 'false', formData: 'f' };
  const bad = { devRule: "Vendor = 'Cisco' AND" };
  type Case = [string, () => Promise<unknown> | unknown, string | null];
  const cases: Case[] = [
    ['bob updates alice\'s private view: unknown to him', () => views.update(1, bob, A, good), 'UNKNOWN_VIEW'],
    ['bob validates it: unknown to him', () => views.validate(1, bob, A, good), 'UNKNOWN_VIEW'],
    ['bob deletes it: unknown to him', () => views.remove(1, bob, A), 'UNKNOWN_VIEW'],
    ['alice validates a body', () => views.validate(1, alice, A, good), null],
    ['alice validates a bad rule', () => views.validate(1, alice, A, bad), 'VIEW_REFUSED'],
    ['alice updates with a bad rule', () => views.update(1, alice, A, bad), 'VIEW_REFUSED'],
    ['alice updates her view', () => views.update(1, alice, A, good), null],
    ['alice shares it', () => views.setShared(1, alice, A, true), null],
    ['bob updates it, shared: not his', () => views.update(1, bob, A, good), 'VIEW_REFUSED'],
    ['bob validates a body against it: it is visible to him', () => views.validate(1, bob, A, good), null],
    ['bob deletes it, shared: not his', () => views.remove(1, bob, A), 'VIEW_REFUSED'],
    ['an admin deletes it: not its', () => views.remove(1, root, A), 'VIEW_REFUSED'],
    ['anonymous updates it: not its', () => views.update(1, anon, A, good), 'VIEW_REFUSED'],
    ['the SYSTEM view refuses an update', () => views.update(1, anon, S, good), 'VIEW_REFUSED'],
    ['… and a delete', () => views.remove(1, anon, S), 'VIEW_REFUSED'],
    ['a body may be validated against it', () => views.validate(1, alice, S, good), null],
    ['… and is checked', () => views.validate(1, alice, S, bad), 'VIEW_REFUSED'],
    ['the SCRIPTED view refuses an update', () => views.update(1, alice, C, good), 'VIEW_REFUSED'],
    ['… and a delete', () => views.remove(1, alice, C), 'VIEW_REFUSED'],
    ['a body too large', () => views.validate(1, alice, A, { formData: 'x'.repeat(fake.config.ui.viewFormDataMaxBytes + 1) }), 'BODY_TOO_LARGE'],
    ['alice deletes her view', () => views.remove(1, alice, A), null],
    ['then it is unknown', () => views.remove(1, alice, A), 'UNKNOWN_VIEW'],
  ];
  for (const [what, run, code] of cases) {
    if (code === null) await t.resolves(Promise.resolve().then(run), what);
    else await t.rejects(Promise.resolve().then(run), { code }, what);
    if (what === 'alice updates her view') {
      t.match(views.get(1, alice, A), { name: 'Edge', devRule: "Role = 'Edge'", linkRule: '', adjacent: true, connecting: false, formData: 'f' }, 'the body applied');
    }
  }
  t.same(views.list(1, anon, null).map((v) => v.type), ['SYSTEM', 'SCRIPTED'], 'SYSTEM and SCRIPTED views are still there');
});

t.test('update bodies (docs/api.md "Map views"): fields, flags as strings or booleans, omitted fields kept, id ignored, errors', async (t) => {
  const { views } = await setup();
  const A = await views.create(1, alice);
  await views.update(1, alice, A, { id: 12345, name: 'n1', devRule: 'WHERE id = 10', linkRule: "interface = 'eth1'", adjacent: true, connecting: 'true', formData: 'x', type: 'SYSTEM', editable: false, unknown: 1 });
  t.match(views.get(1, alice, A), { id: A, name: 'n1', devRule: 'WHERE id = 10', linkRule: "interface = 'eth1'", adjacent: true, connecting: true, formData: 'x', type: 'INTERACTIVE' },
    'an id in the body is ignored; unknown and read-only fields too');
  await views.update(1, alice, A, { adjacent: 'false' });
  t.match(views.get(1, alice, A), { name: 'n1', adjacent: false, connecting: true, formData: 'x' }, 'fields left out keep their values');
  const cases: [string, unknown, string, RegExp?][] = [
    ['an array', [], 'BAD_REQUEST'],
    ['a string', 'name', 'BAD_REQUEST'],
    ['null', null, 'BAD_REQUEST'],
    ['a blank name', { name: '  ' }, 'BAD_REQUEST', /'name'/],
    ['a long name', { name: 'n'.repeat(201) }, 'BAD_REQUEST', /200 characters/],
    ['a control character in the name', { name: 'a\nb' }, 'BAD_REQUEST'],
    ['a rule not a string', { devRule: 5 }, 'BAD_REQUEST', /'devRule'/],
    ['a flag not true or false', { adjacent: 'yes' }, 'BAD_REQUEST', /'adjacent'/],
    ['a flag as a number', { connecting: 1 }, 'BAD_REQUEST', /'connecting'/],
    ['formData not a string', { formData: { a: 1 } }, 'BAD_REQUEST', /'formData'/],
    ['a devRule that does not parse', { devRule: "Vendor = 'Cisco' AND" }, 'VIEW_REFUSED', /^'devRule' is not a matching expression over the devices table: SvcQL syntax error at 1:21: /],
    ['a linkRule that does not parse', { linkRule: 'speed >' }, 'VIEW_REFUSED', /^'linkRule' is not a matching expression over the interfaces table: SvcQL syntax error at 1:8: /],
    ['a SELECT statement', { devRule: 'SELECT id FROM devices' }, 'VIEW_REFUSED', /at 1:1: /],
    ['a bad regular expression', { devRule: "name REGEXP '(a)\\\\1'" }, 'VIEW_REFUSED', /SvcQL regular expression error at 1:13/],
    ['an unknown function', { devRule: 'nope(id) = 1' }, 'VIEW_REFUSED', /unknown function 'nope'/],
    ['a bad subnet', { linkRule: 'address << 10.0.0.0/33' }, 'VIEW_REFUSED', /at 1:12/],
    ['a rule over the bound', { devRule: `id = ${'1'.repeat(8200)}` }, 'VIEW_REFUSED', /at most 8192 characters/],
    ['a rule over SvcQL\'s depth', { devRule: `${'('.repeat(100)}id = 1${')'.repeat(100)}` }, 'VIEW_REFUSED', /SvcQL limit exceeded/],
  ];
  const before = views.get(1, alice, A);
  for (const [what, body, code, message] of cases) {
    for (const call of ['update', 'validate'] as const) {
      const run = Promise.resolve().then(async () => { await (call === 'update' ? views.update(1, alice, A, body) : views.validate(1, alice, A, body)); });
      await t.rejects(run, { code, ...(message ? { message } : {}) }, `${call}: ${what}: ${code}`);
    }
  }
  t.same(views.get(1, alice, A), before, 'no failed update changed the view');
  await views.update(1, alice, A, { devRule: '', linkRule: '   ' });
  t.match(views.get(1, alice, A), { devRule: '', linkRule: '   ' }, 'empty rules: every device, every interface');
});

t.test('formData is kept as it was sent', async (t) => {
  const { views } = await setup();
  const A = await views.create(1, alice);
  const forms = [
    'Zürich — 東京 🚀 ñ', `quotes " ' \` and \\ backslashes`, '{"a":[1,2,{"b":"c"}],"n":null}', '{not: json', '', ' leading and trailing ',
    'line\nbreaks\r\nand\ttabs\u0000nul', '<script>alert(1)</script>', '\u2028\u2029', 'x'.repeat(100_000),
  ];
  for (const [i, f] of forms.entries()) {
    await views.update(1, alice, A, { formData: f });
    const back = views.get(1, alice, A).formData;
    // (the message names the case by number: a U+2028 in a TAP line would end it)
    t.ok(Buffer.from(back, 'utf8').equals(Buffer.from(f, 'utf8')), `byte for byte: form ${i}`);
  }
});

t.test('the configuration\'s views follow a reload: added, changed, removed; ids kept by network and name', async (t) => {
  const { views, fake, byName, clock } = await setup();
  const core = byName('Core');
  const sys = byName(WHOLE_NETWORK_VIEW_NAME);
  const mine = await views.create(1, alice);
  await fake.meta.put(NS_MAP_COORDINATES, [core.id, 10], { x: 1, y: 2 });
  clock.now += 5000;
  fake.config = loadConfig({ text: `${CONFIG}    connecting: true\n  - { network: 2, name: Edge, devRule: "Role = 'Edge'", formData: '{"f":1}' }\n`, env: {}, checkViewRule });
  await views.syncConfig();
  const core2 = byName('Core');
  t.equal(core2.id, core.id, 'a changed view keeps its id');
  t.match(core2, { connecting: true, adjacent: true, updatedAt: clock.now }, 'and takes the new definition');
  const edge = byName('Edge', 2);
  t.match(edge, { type: 'SCRIPTED', shared: true, devRule: "Role = 'Edge'", formData: '{"f":1}' }, 'an added view');
  clock.now += 5000;
  fake.config = loadConfig({ text: `${CONFIG}    connecting: true\n  - { network: 2, name: Edge, devRule: "Role = 'Edge'", formData: '{"f":1}' }\n`, env: {}, checkViewRule });
  await views.syncConfig();
  t.equal(byName('Core').updatedAt, core2.updatedAt, 'an unchanged view is not written');
  fake.config = loadConfig({ text: 'networks:\n  - { id: 1, seeds: [10.0.0.10] }\nviews:\n  - { network: 1, name: Edge }\n', env: {}, checkViewRule });
  await views.syncConfig();
  t.same(views.list(1, anon, null).map((v) => v.name).sort(), [WHOLE_NETWORK_VIEW_NAME, 'Edge', `New view ${mine}`].sort(),
    'Core is gone (no longer declared); the SYSTEM view and alice\'s stay');
  t.not(byName('Edge').id, edge.id, 'Edge of network 1 is another view than Edge of network 2');
  t.same(views.list(2, anon, null).map((v) => v.name), [WHOLE_NETWORK_VIEW_NAME], 'Edge of network 2 is gone; network 2 keeps its SYSTEM view');
  t.same([...fake.meta.range(NS_MAP_COORDINATES)], [], 'the removed view\'s coordinates went with it');
  t.equal(byName(WHOLE_NETWORK_VIEW_NAME).id, sys.id, 'the SYSTEM view keeps its id');
});

t.test('a configured rule that does not parse: the load fails naming the key and line; the service refuses it too', async (t) => {
  const text = 'networks:\n  - { id: 1, seeds: [10.0.0.10] }\nviews:\n  - network: 1\n    name: x\n    devRule: "Role = "\n';
  t.throws(() => loadConfig({ text, env: {}, checkViewRule }), {
    code: 'CONFIG_INVALID', message: /^config: views\[0\]\.devRule \(line 6\): not a matching expression over the devices table: SvcQL syntax error at 1:8: /,
  });
  const { views, fake } = await setup();
  fake.config = loadConfig({ text, env: {} });
  await t.rejects(views.syncConfig(), { code: 'VIEW_REFUSED', message: /^views\[0\]\.devRule: / }, 'loaded without the checker: the sync refuses it');
  t.same(views.list(1, anon, null).map((v) => v.name), [WHOLE_NETWORK_VIEW_NAME, 'Core'], 'and changes nothing');
});

t.test('the maps\' contract: forMap, markLayout, coordinates removed with the view', async (t) => {
  const { views, fake, clock } = await setup();
  const A = await views.create(1, alice), B = await views.create(1, bob);
  await views.update(1, alice, A, { devRule: 'id = 10', adjacent: 'true' });
  t.same(views.forMap(1, A, alice), { id: A, networkId: 1, devRule: 'id = 10', linkRule: '', adjacent: true, connecting: false });
  t.throws(() => views.forMap(1, A, bob), { code: 'UNKNOWN_VIEW' }, 'a private view of another user');
  t.throws(() => views.forMap(2, A, alice), { code: 'UNKNOWN_VIEW' }, 'another network');
  t.throws(() => views.forMap(1, 999, anon), { code: 'UNKNOWN_VIEW' });
  const updatedAt = views.get(1, alice, A).updatedAt;
  await views.markLayout(1, A, clock.now + 7);
  t.match(views.get(1, alice, A), { layoutUpdatedAt: clock.now + 7, updatedAt }, 'layoutUpdatedAt moves, updatedAt does not');
  await t.rejects(views.markLayout(2, A, 1), { code: 'UNKNOWN_VIEW' });
  for (const [v, d] of [[A, 10], [A, 11], [B, 10], [A + 100, 1]]) await fake.meta.put(NS_MAP_COORDINATES, [v, d], { x: d, y: v });
  await views.remove(1, alice, A);
  t.same([...fake.meta.range(NS_MAP_COORDINATES)].map((e) => e.key), [[B, 10], [A + 100, 1]], 'only the deleted view\'s coordinates are gone');
  // A layout change runs in the view's transaction: with the view, or not at all.
  await views.markLayout(1, B, 99, (tx) => tx.put(NS_MAP_COORDINATES, [B, 11], { x: 1, y: 2 }));
  t.equal(views.get(1, bob, B).layoutUpdatedAt, 99, 'the coordinates and layoutUpdatedAt written together');
  t.same(fake.meta.get(NS_MAP_COORDINATES, [B, 11]), { x: 1, y: 2 });
  await t.rejects(views.markLayout(1, A, 100, (tx) => tx.put(NS_MAP_COORDINATES, [A, 12], { x: 1, y: 2 })), { code: 'UNKNOWN_VIEW' },
    'a layout change of a deleted view is refused');
  t.equal(fake.meta.get(NS_MAP_COORDINATES, [A, 12]), undefined, 'and writes no coordinates under the deleted view');
});

t.test('concurrent writes to one view: none lost', async (t) => {
  const { views, repo } = await setup();
  const A = await views.create(1, alice);
  const names = Array.from({ length: 40 }, (_, i) => `name ${i}`);
  await Promise.all(names.map((name) => views.update(1, alice, A, { name })));
  t.ok(names.includes(views.get(1, alice, A).name), 'the end state is one of the writes');
  t.equal(repo.get(A)!.version, 1 + names.length, 'the record\'s version counts every write');
  await Promise.all([
    views.update(1, alice, A, { name: 'final' }), views.update(1, alice, A, { devRule: 'id = 1' }),
    views.update(1, alice, A, { formData: 'form' }), views.setShared(1, alice, A, true), views.markLayout(1, A, 42),
  ]);
  t.match(views.get(1, alice, A), { name: 'final', devRule: 'id = 1', formData: 'form', shared: true, layoutUpdatedAt: 42 },
    'writes of different fields at once all stay');
  const shares = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => views.setShared(1, alice, A, i % 2 === 1)));
  t.equal(shares.filter((s) => s.status === 'fulfilled').length, 10, 'share, unshare, … in turn: each sees the state the previous left');
});

t.test('tiles: the views the caller sees, by id or by name; the same array until a view changes', async (t) => {
  const { views } = await setup();
  const z = await views.create(1, alice);
  await views.update(1, alice, z, { name: 'zebra' });
  const a = await views.create(1, bob);
  await views.update(1, bob, a, { name: 'aardvark' });
  const ids = (c: Caller, order: 'id' | 'name') => views.tiles(1, c, order).map((v) => v.name);
  t.same(ids(alice, 'id'), [WHOLE_NETWORK_VIEW_NAME, 'Core', 'zebra']);
  t.same(ids(alice, 'name'), ['Core', WHOLE_NETWORK_VIEW_NAME, 'zebra']);
  t.same(ids(bob, 'name'), ['Core', WHOLE_NETWORK_VIEW_NAME, 'aardvark'], 'upper case sorts before lower case (code-unit order)');
  t.same(ids(anon, 'name'), ['Core', WHOLE_NETWORK_VIEW_NAME, 'aardvark', 'zebra'], 'anonymous: every view');
  t.same(views.tiles(1, alice, 'id')[2], { id: z, name: 'zebra', type: 'INTERACTIVE', editable: true, shared: false, updatedAt: NOW_MS, layoutUpdatedAt: NOW_MS });
  const first = views.tiles(1, anon, 'id');
  t.equal(views.tiles(1, anon, 'id'), first, 'the same array again');
  const v = views.version;
  await views.setShared(1, bob, a, true);
  t.ok(views.version > v, 'a change moves the version');
  t.not(views.tiles(1, anon, 'id'), first, 'and the tiles are made again');
  t.same(ids(alice, 'name'), ['Core', WHOLE_NETWORK_VIEW_NAME, 'aardvark', 'zebra'], 'bob\'s shared view is alice\'s tile now');
});

t.test('validate: the warnings of each rule the body gives, over the network\'s latest devices and interfaces', async (t) => {
  // The fixture's network 1: devices tagged Vendor.NetSNMP, their interfaces ifRole.Uplink; network 2 has no generation.
  const { views } = await setup();
  const A = await views.create(1, alice);
  const B = await views.create(2, alice);
  const cases: [net: number, view: number, body: Record<string, unknown>, warned: [string, string][]][] = [
    [1, A, { devRule: "vendor = 'NetSNMP' AND name LIKE 'sw%'" }, []],
    [1, A, { devRule: "Nmae REGEXP 'core'" }, [['devRule', 'Nmae']]],
    [1, A, { devRule: "Nmae = 'a' OR Nmae = 'b'" }, [['devRule', 'Nmae']]],                       // once
    [1, A, { linkRule: "ifRole = Uplink AND devic = 'sw1'" }, [['linkRule', 'devic']]],
    [1, A, { devRule: "Role = 'Core'", linkRule: "Vendor = NetSNMP" }, [['devRule', 'Role']]],      // interfaces see their device's tags
    [1, A, { devRule: '', linkRule: '   ' }, []],
    [1, A, { name: 'no rule given' }, []],
    [2, B, { devRule: "Role = 'Core'" }, [['devRule', 'Role']]],                                    // no device yet: every facet unknown
    [2, B, { devRule: "Vendor = 'NetSNMP'" }, []],                                                   // the column vendor, without case
    [2, B, { devRule: "name = 'x' AND address << 10.0.0.0/8" }, []],                                  // columns are always known
  ];
  for (const [net, view, body, warned] of cases) {
    const got = views.validate(net, alice, view, body).warnings.map((w) => [w.field, w.column]);
    t.same(got, warned, `network ${net} ${JSON.stringify(body)}: ${JSON.stringify(warned)}`);
  }
});
