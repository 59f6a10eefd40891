/**
 * The onboarding calls of issue 26.3 over the real router and services (the in-memory DevicesPort of
 * test/fakes/fake-devices.ts): users and API tokens for administrators, a device's own community
 * (write-only) and the test poll of an address. Tables of requests and what each answer must be;
 * then the secrets: no answer of any GET and no log line carries a password, a token's secret or a
 * community.
 */
import t, { type Test } from 'tap';
import { buildRouter } from '../../api/routes/index.js';
import { createServices } from '../../services/index.js';
import { fixture, SMALL_SCRYPT_COST, type FakeService } from '../fakes/fake-service.js';
import { call, memoryLogger, type CallResult } from '../fakes/call.js';
import { fixedClock } from '../fakes/clock.js';

const PASSWORD = 'pw-Secret-4711';
const COMMUNITY = 'comm-Secret-0815';

function setup(): { fake: FakeService; lines: string[]; send: (method: string, url: string, body?: unknown) => Promise<CallResult> } {
  const fake = fixture();
  fake.devices.seed(1, { id: 10, name: 'sw10', address: '10.0.0.10', origin: 'api' });
  fake.devices.agents.set('10.0.0.20', { community: COMMUNITY, sysName: 'edge20', sysObjectID: '1.3.6.1.4.1.8072.3.2.10' });
  const { logger, lines } = memoryLogger();
  const clock = fixedClock(1_700_000_000_000);
  const services = createServices({ collector: fake, series: fake.series, meta: fake.meta, config: () => fake.config, clock, logger }, SMALL_SCRYPT_COST);
  const { router } = buildRouter({ services, clock, logger });
  const send = (method: string, url: string, body?: unknown) => call(router, method, url,
    body === undefined ? Buffer.alloc(0) : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
    body === undefined ? {} : { 'content-type': 'application/json' });
  return { fake, lines, send };
}

type Row = [what: string, method: string, url: string, body: unknown, status: number, check?: (j: any) => unknown];

/** Each row on a fixture with the users `root` (admin) and `ann` (user) and the token `ci`. */
async function runTable(t: Test, rows: readonly Row[]): Promise<void> {
  for (const [what, method, url, body, status, check] of rows) {
    const { send } = setup();
    await send('POST', '/v2/admin/users', { name: 'root', role: 'admin', password: PASSWORD });
    await send('POST', '/v2/admin/users', { name: 'ann', role: 'user', password: PASSWORD });
    await send('POST', '/v2/admin/tokens', { name: 'ci', role: 'user' });
    const a = await send(method, url, body);
    t.equal(a.status, status, `${what}: ${method} ${url} → ${status}${a.status !== status ? ` (got ${a.text.slice(0, 200)})` : ''}`);
    if (a.status >= 400) t.match(a.json, { status: 'error', code: String, error: String }, `${what}: the error envelope`);
    if (check) t.ok(check(a.json), `${what}: ${check.toString().replace(/\s+/g, ' ').slice(0, 120)}`);
  }
}

const code = (c: string) => (j: any) => j.code === c;
const U = '/v2/admin/users';
const T = '/v2/admin/tokens';

t.test('users: list, add, change role or password, remove; never the last administrator', async (t) => {
  await runTable(t, [
    ['the list, by name, no password', 'GET', U, undefined, 200, (j) => j.users.map((u: any) => `${u.name}:${u.role}`).join() === 'ann:user,root:admin' && j.users.every((u: any) => !('password' in u))],
    ['add', 'POST', U, { name: 'bob', role: 'user', password: 'long-enough' }, 200, (j) => j.user.name === 'bob' && j.user.role === 'user' && !('password' in j.user)],
    ['add: name taken', 'POST', U, { name: 'ann', role: 'user', password: 'long-enough' }, 409, code('CONFLICT')],
    ['add: password too short', 'POST', U, { name: 'bob', role: 'user', password: 'short' }, 400, code('BAD_PARAMETER')],
    ['add: unknown role', 'POST', U, { name: 'bob', role: 'root', password: 'long-enough' }, 400, code('BAD_PARAMETER')],
    ['add: bad name', 'POST', U, { name: 'a b', role: 'user', password: 'long-enough' }, 400, code('BAD_PARAMETER')],
    ['add: a field missing', 'POST', U, { name: 'bob', role: 'user' }, 400, (j) => /password/.test(j.error)],
    ['add: an unknown field', 'POST', U, { name: 'bob', role: 'user', password: 'long-enough', admin: true }, 400, (j) => /unknown field 'admin'/.test(j.error)],
    ['add: not an object', 'POST', U, [1], 400, code('BAD_PARAMETER')],
    ['add: a number for a string', 'POST', U, { name: 'bob', role: 'user', password: 12345678 }, 400, (j) => /password/.test(j.error)],
    ['promote', 'PUT', `${U}/ann`, { role: 'admin' }, 200, (j) => j.user.role === 'admin'],
    ['reset a password', 'PUT', `${U}/ann`, { password: 'another-one' }, 200, (j) => j.user.name === 'ann'],
    ['change: nothing named', 'PUT', `${U}/ann`, {}, 400, code('BAD_PARAMETER')],
    ['change: unknown user', 'PUT', `${U}/nobody`, { role: 'user' }, 404, code('NOT_FOUND')],
    ['demote the last administrator', 'PUT', `${U}/root`, { role: 'user' }, 409, (j) => /last administrator/.test(j.error)],
    ['remove', 'DELETE', `${U}/ann`, undefined, 200, (j) => j.removed === 'ann'],
    ['remove: unknown user', 'DELETE', `${U}/nobody`, undefined, 404, code('NOT_FOUND')],
    ['remove the last administrator', 'DELETE', `${U}/root`, undefined, 409, (j) => /last administrator/.test(j.error)],
  ]);
});

t.test('tokens: create (the secret once), list (never the secret), revoke', async (t) => {
  await runTable(t, [
    ['the list: no secret nor digest', 'GET', T, undefined, 200, (j) => j.tokens.length === 1 && j.tokens[0].name === 'ci' && !('token' in j.tokens[0]) && !('digest' in j.tokens[0])],
    ['create: the secret in the answer', 'POST', T, { name: 'grafana', role: 'user' }, 200, (j) => typeof j.token === 'string' && j.token.length >= 20 && j.info.name === 'grafana'],
    ['create: name taken', 'POST', T, { name: 'ci', role: 'user' }, 409, code('CONFLICT')],
    ['create: bad role', 'POST', T, { name: 'x', role: 'superuser' }, 400, code('BAD_PARAMETER')],
    ['create: a field missing', 'POST', T, { name: 'x' }, 400, (j) => /role/.test(j.error)],
    ['revoke', 'DELETE', `${T}/ci`, undefined, 200, (j) => j.revoked === 'ci'],
    ['revoke: unknown', 'DELETE', `${T}/nope`, undefined, 404, code('NOT_FOUND')],
  ]);
});

const D = '/v2/ui/net/1/devices';

t.test('a device\'s own community and the test poll', async (t) => {
  await runTable(t, [
    ['set a device\'s community', 'PUT', `${D}/10`, { community: COMMUNITY }, 200, (j) => j.device.id === 10 && !JSON.stringify(j).includes(COMMUNITY)],
    ['drop it', 'PUT', `${D}/10`, { community: null }, 200, (j) => j.device.id === 10],
    ['an empty community', 'PUT', `${D}/10`, { community: '' }, 400, code('BAD_PARAMETER')],
    ['a number for a community', 'PUT', `${D}/10`, { community: 5 }, 400, code('BAD_PARAMETER')],
    ['test: the agent answers its community', 'POST', `${D}/test`, { address: '10.0.0.20', community: COMMUNITY }, 200, (j) => j.answered === true && j.sysName === 'edge20' && !JSON.stringify(j).includes(COMMUNITY)],
    ['test: a wrong community, with why', 'POST', `${D}/test`, { address: '10.0.0.20', community: 'wrong' }, 200, (j) => j.answered === false && j.reasonKind === 'timeout' && /10\.0\.0\.20/.test(j.reason)],
    ['test: the network\'s credentials', 'POST', `${D}/test`, { address: '10.0.0.20' }, 200, (j) => j.answered === true],
    ['test: no address', 'POST', `${D}/test`, { community: 'x' }, 400, (j) => /address/.test(j.error)],
    ['test: not an address', 'POST', `${D}/test`, { address: 'not an address' }, 400, code('BAD_PARAMETER')],
    ['test: both community and v3 user', 'POST', `${D}/test`, { address: '10.0.0.20', community: 'a', v3User: 'b' }, 400, (j) => /not both/.test(j.error)],
    ['test: a bad port', 'POST', `${D}/test`, { address: '10.0.0.20', port: 70000 }, 400, (j) => /port/.test(j.error)],
    ['test: unknown network', 'POST', '/v2/ui/net/9/devices/test', { address: '10.0.0.20' }, 404, code('UNKNOWN_NETWORK')],
  ]);
  const { fake, send } = setup();
  await send('PUT', `${D}/10`, { community: COMMUNITY });
  t.equal(fake.devices.communities.get(10), COMMUNITY, 'the community reached the inventory');
});

t.test('secrets: in no GET answer and no log line', async (t) => {
  const { send, lines, fake } = setup();
  await send('POST', U, { name: 'root', role: 'admin', password: PASSWORD });
  await send('PUT', `${U}/root`, { password: `${PASSWORD}-2` });
  const created = await send('POST', T, { name: 'ci', role: 'admin' });
  const secret = created.json.token as string;
  t.equal(created.headers['cache-control'], 'no-store', 'the answer with the secret is not cached');
  await send('PUT', `${D}/10`, { community: COMMUNITY });
  await send('POST', `${D}/test`, { address: '10.0.0.20', community: COMMUNITY });
  const secrets = [PASSWORD, secret, COMMUNITY];
  for (const url of [U, T, D, `${D}/10`, '/v2/ui/net/1/settings']) {
    const a = await send('GET', url);
    t.equal(a.status, 200, `GET ${url}`);
    t.same(secrets.filter((s) => a.text.includes(s)), [], `GET ${url} carries no secret`);
  }
  t.ok(lines.some((l) => /user changed through the API/.test(l)), 'the changes are logged');
  t.same(lines.filter((l) => secrets.some((s) => l.includes(s))), [], 'no log line carries a secret');
});

t.test('two administrators removed at once: one stays', async (t) => {
  const { send } = setup();
  await send('POST', U, { name: 'root', role: 'admin', password: PASSWORD });
  await send('POST', U, { name: 'rita', role: 'admin', password: PASSWORD });
  const answers = await Promise.all([send('DELETE', `${U}/root`), send('DELETE', `${U}/rita`)]);
  t.same(answers.map((a) => a.status).sort(), [200, 409], 'one removed, the other refused');
  t.equal((await send('GET', U)).json.users.filter((u: any) => u.role === 'admin').length, 1, 'an administrator is left');
});
