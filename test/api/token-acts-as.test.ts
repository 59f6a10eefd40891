/**
 * A token acts as its own user, with its own role's rights (issue "Hard to break", round 3, case 5):
 * over the real router with authentication on and real accounts, a user-role token naming another
 * user in the filters' `user` parameter (or a silence body's `user`) is refused — it neither lists,
 * shares, unshares, deletes nor creates that user's filters — while it may name its own pseudo-user
 * `token:<name>`, and an administrator token may act for anyone. A table of cases, each followed by
 * the state of root's private filter.
 */
import t from 'tap';
import { buildRouter } from '../../api/routes/index.js';
import { loadConfig } from '../../core/config-load.js';
import { silentLogger } from '../../core/logger.js';
import { fixture, NOW_MS, servicesOf } from '../fakes/fake-service.js';

async function setup() {
  const fake = fixture();
  fake.config = loadConfig({ text: 'simulator: true\nauth: { enabled: true }\n', env: {} });
  const clock = { nowMs: () => NOW_MS };
  const services = servicesOf(fake, clock);
  await services.auth.start();
  const { router } = buildRouter({ services, clock, logger: silentLogger });
  await services.accounts.addUser('root', 'admin', 'root-password');
  await services.accounts.addUser('ann', 'user', 'ann-password');
  const ci = (await services.accounts.createToken('ci', 'user')).token;
  const ops = (await services.accounts.createToken('ops', 'admin')).token;
  const send = async (method: string, url: string, headers: Record<string, string>, body?: unknown) => {
    const q = url.indexOf('?');
    const res = await router.handle({
      method, path: q < 0 ? url : url.slice(0, q), params: {}, query: new URLSearchParams(q < 0 ? '' : url.slice(q + 1)),
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? Buffer.alloc(0) : Buffer.from(JSON.stringify(body)), remoteAddress: '192.0.2.1',
    });
    const text = res.body.toString('utf8');
    return { status: res.status, text, json: text === '' ? undefined : JSON.parse(text) };
  };
  const who = {
    ci: { authorization: `Bearer ${ci}` },
    ops: { 'x-nsg-auth-api-token': ops },
    root: { authorization: `Basic ${Buffer.from('root:root-password').toString('base64')}` },
    ann: { authorization: `Basic ${Buffer.from('ann:ann-password').toString('base64')}` },
  };
  return { send, who, services };
}

const LIST = '/v2/ui/net/1/filters/';

t.test('filters: a user-role token naming another user is refused; its own pseudo-user and administrator tokens are not', async (t) => {
  const { send, who } = await setup();
  t.equal((await send('POST', LIST, who.root, { name: 'root private', svcql: "Vendor = 'Cisco'" })).status, 200, 'root makes a private filter');
  const rootFilters = async () => (await send('GET', LIST, who.root)).json as { id: number; name: string; user: string; shared: boolean }[];
  const id = (await rootFilters()).find((f) => f.name === 'root private')!.id;

  type Case = [string, keyof typeof who, string, string, unknown, number, string | null];
  // [what, caller, method, url, body, status, code]
  const cases: Case[] = [
    ['user token lists root\'s filters', 'ci', 'GET', `${LIST}?user=root`, undefined, 400, 'FILTER_REFUSED'],
    ['user token shares root\'s filter', 'ci', 'POST', `${LIST}${id}/share?user=root`, undefined, 400, 'FILTER_REFUSED'],
    ['user token deletes root\'s filter', 'ci', 'DELETE', `${LIST}${id}?user=root`, undefined, 400, 'FILTER_REFUSED'],
    ['user token creates a filter owned by root', 'ci', 'POST', `${LIST}?user=root`, { name: 'planted', svcql: 'id = 1' }, 500, 'FILTER_REFUSED'],
    ['user token names another token\'s pseudo-user', 'ci', 'GET', `${LIST}?user=token:ops`, undefined, 400, 'FILTER_REFUSED'],
    ['user token names its own pseudo-user', 'ci', 'GET', `${LIST}?user=token:ci`, undefined, 200, null],
    ['user token creates for its own pseudo-user', 'ci', 'POST', `${LIST}?user=token:ci`, { name: 'own', svcql: 'id = 1' }, 200, null],
    ['a logged-in user names root (unchanged)', 'ann', 'GET', `${LIST}?user=root`, undefined, 400, 'FILTER_REFUSED'],
    ['admin token lists root\'s filters', 'ops', 'GET', `${LIST}?user=root`, undefined, 200, null],
  ];
  for (const [what, caller, method, url, body, status, code] of cases) {
    const a = await send(method, url, who[caller], body);
    t.equal(a.status, status, `${what}: ${status}`);
    if (code !== null) t.equal(a.json?.code, code, `${what}: ${code}`);
    if (caller === 'ci' && status !== 200) t.notOk(a.text.includes('root private'), `${what}: nothing of root's filter in the answer`);
    const mine = await rootFilters();
    t.same(mine.map((f) => [f.name, f.user, f.shared]), [['root private', 'root', false]], `${what}: root's filters unchanged`);
  }
  const adminList = (await send('GET', `${LIST}?user=root`, who.ops)).json as { name: string }[];
  t.same(adminList.map((f) => f.name), ['root private'], 'an administrator token acts for root');
  t.equal((await send('POST', `${LIST}${id}/share?user=root`, who.ops)).status, 200, 'and may share root\'s filter');
});

t.test('silences: a user-role token may not record a silence as another user', async (t) => {
  const { send, who } = await setup();
  const body = (user?: string) => ({ expirationTimeMs: 3_600_000, match: { key: 'x' }, ...(user === undefined ? {} : { user }) });
  const cases: [string, keyof typeof who, string | undefined, number, string | null][] = [
    ['user token, no user', 'ci', undefined, 200, 'token:ci'],
    ['user token naming itself', 'ci', 'token:ci', 200, 'token:ci'],
    ['user token naming root', 'ci', 'root', 400, null],
    ['admin token naming root', 'ops', 'root', 200, 'root'],
  ];
  for (const [what, caller, user, status, recorded] of cases) {
    const made = await send('POST', '/v2/alerts/net/1/silences', who[caller], body(user));
    t.equal(made.status, status, `${what}: ${status}`);
    if (recorded === null) continue;
    const read = await send('GET', `/v2/alerts/net/1/silences/${made.json.id}`, who[caller]);
    t.equal(read.json[0].user, recorded, `${what}: recorded as ${recorded}`);
  }
});
