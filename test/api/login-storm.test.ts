/**
 * Login storms (issue "Hard to break", round 3, case 4), over the real router with authentication
 * on: failures counted per address group (an IPv6 /64 as one, an IPv4-mapped IPv6 address as its
 * IPv4 address), per user name from any address, and in all; the password checks admitted by a
 * bounded pool (past its queue 503 SERVER_BUSY, past an address's share 429 RATE_LIMITED, at once and
 * without hashing). Tables of steps; no timing is asserted (each check costs one scrypt, ≈ 50–100 ms).
 */
import t, { type Test } from 'tap';
import { buildRouter } from '../../api/routes/index.js';
import { loadConfig } from '../../core/config-load.js';
import { silentLogger } from '../../core/logger.js';
import { addressGroup } from '../../services/accounts/login-limiter.js';
import type { ServiceSources } from '../../services/index.js';
import { fixture, NOW_MS, servicesOf, SMALL_SCRYPT_COST } from '../fakes/fake-service.js';

// The limits' tables check hundreds of passwords: at the production scrypt cost a minute of CPU. The
// pool's test keeps the production cost (its checks must still be running when the burst's last arrives).
async function setup(auth: string, sources: ServiceSources = SMALL_SCRYPT_COST) {
  const fake = fixture();
  fake.config = loadConfig({ text: `simulator: true\nauth: { enabled: true, ${auth} }\n`, env: {} });
  let nowMs = NOW_MS;
  const clock = { nowMs: () => nowMs };
  const services = servicesOf(fake, clock, sources);
  await services.auth.start();
  await services.accounts.addUser('ann', 'user', 'ann-password');
  await services.accounts.addUser('root', 'admin', 'root-password');
  const { router } = buildRouter({ services, clock, logger: silentLogger });
  const login = async (user: string, password: string, remoteAddress: string) => {
    const a = await router.handle({
      method: 'POST', path: '/v2/login', params: {}, query: new URLSearchParams(), remoteAddress,
      headers: { 'content-type': 'application/json' }, body: Buffer.from(JSON.stringify({ user, password })),
    });
    const text = a.body.toString();
    return { status: a.status, headers: a.headers, code: a.status === 200 ? 'ok' : (JSON.parse(text) as { code: string }).code, text };
  };
  return { services, login, advance: (ms: number) => { nowMs += ms; } };
}

/** Each step: [what, user, password, address, status, code]. */
type Step = [string, string, string, string, number, string];

async function runSteps(t: Test, login: Awaited<ReturnType<typeof setup>>['login'], steps: Step[]) {
  for (const [what, user, password, address, status, code] of steps) {
    const a = await login(user, password, address);
    t.equal(a.status, status, `${what}: ${status}`);
    t.equal(a.code, code, `${what}: ${code}`);
    if (status === 429 && code === 'LOGIN_RATE_LIMITED') t.match(a.headers['retry-after'], /^[1-9][0-9]*$/, `${what}: Retry-After`);
  }
}

t.test('addressGroup: IPv4 as it is, IPv4-mapped as IPv4, IPv6 by its /64', async (t) => {
  const cases: [string, string][] = [
    ['192.0.2.7', '192.0.2.7'],
    ['::ffff:192.0.2.7', '192.0.2.7'],
    ['0000:0000:0000:0000:0000:ffff:c000:0207', '192.0.2.7'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:0000:0000:0000:0009', '2001:db8:1:2::/64'],
    ['2001:db8:1:3::1', '2001:db8:1:3::/64'],
    ['::1', '0:0:0:0::/64'],
    ['', ''],
    ['not an address', 'not an address'],
  ];
  for (const [address, group] of cases) t.equal(addressGroup(address), group, `${JSON.stringify(address)} → ${group}`);
});

t.test('per address group: the addresses of one IPv6 /64 share a limit; an IPv4-mapped address counts as its IPv4 address', async (t) => {
  const { login } = await setup('maxLoginFailures: 3');
  await runSteps(t, login, [
    ['1st failure from one /64', 'ann', 'wrong-1', '2001:db8:1:2::1', 401, 'UNAUTHORIZED'],
    ['2nd, another address of the /64', 'ann', 'wrong-2', '2001:db8:1:2::2', 401, 'UNAUTHORIZED'],
    ['3rd, a third address of the /64', 'ann', 'wrong-3', '2001:db8:1:2:aaaa::3', 401, 'UNAUTHORIZED'],
    ['a fourth address of the /64, right password', 'ann', 'ann-password', '2001:db8:1:2::ffff', 429, 'LOGIN_RATE_LIMITED'],
    ['the next /64', 'ann', 'ann-password', '2001:db8:1:3::1', 200, 'ok'],
    ['IPv4 1st failure', 'ann', 'wrong-1', '192.0.2.7', 401, 'UNAUTHORIZED'],
    ['2nd, IPv4-mapped', 'ann', 'wrong-2', '::ffff:192.0.2.7', 401, 'UNAUTHORIZED'],
    ['3rd, IPv4-mapped, long form', 'ann', 'wrong-3', '0:0:0:0:0:ffff:c000:207', 401, 'UNAUTHORIZED'],
    ['the IPv4 address, right password', 'ann', 'ann-password', '192.0.2.7', 429, 'LOGIN_RATE_LIMITED'],
    ['another IPv4 address', 'ann', 'ann-password', '192.0.2.8', 200, 'ok'],
  ]);
});

t.test('per user name: failures on one name from many addresses limit that name only (default 30 per window)', async (t) => {
  const { login, advance } = await setup('maxLoginFailures: 1000000');
  const steps: Step[] = [];
  for (let i = 1; i <= 30; i++) steps.push([`failure ${i} on ann from its own address`, 'ann', `wrong-${i}`, `198.51.100.${i}`, 401, 'UNAUTHORIZED']);
  steps.push(
    ['ann, right password, a fresh address', 'ann', 'ann-password', '198.51.100.200', 429, 'LOGIN_RATE_LIMITED'],
    ['root from a fresh address', 'root', 'root-password', '198.51.100.201', 200, 'ok'],
  );
  await runSteps(t, login, steps);
  t.match((await login('ann', 'ann-password', '198.51.100.202')).text, /for this user name/, 'the message names the user-name limit');
  advance(5 * 60_000);
  t.equal((await login('ann', 'ann-password', '198.51.100.203')).status, 200, 'the window over: ann logs in');
});

t.test('in all: failures of many names from many addresses close password checks for everyone until the window ends', async (t) => {
  const { login, advance } = await setup('maxLoginFailures: 1000000, maxLoginFailuresPerUser: 1000000, maxLoginFailuresTotal: 5, loginFailureWindow: 1m');
  const steps: Step[] = [];
  for (let i = 1; i <= 5; i++) steps.push([`failure ${i}: name u${i}, address ${i}`, `u${i}`, 'wrong-password', `203.0.113.${i}`, 401, 'UNAUTHORIZED']);
  steps.push(
    ['ann, right password, a fresh address', 'ann', 'ann-password', '203.0.113.100', 429, 'LOGIN_RATE_LIMITED'],
    ['root, right password, another fresh address', 'root', 'root-password', '2001:db8:9::1', 429, 'LOGIN_RATE_LIMITED'],
  );
  await runSteps(t, login, steps);
  t.match((await login('ann', 'ann-password', '203.0.113.101')).text, /on this server/, 'the message names the limit of all failures');
  advance(60_000);
  t.equal((await login('ann', 'ann-password', '203.0.113.102')).status, 200, 'the window over: logins pass again');
});

t.test('a success takes back its own count only: others\' failures on the name keep counting', async (t) => {
  const { login } = await setup('maxLoginFailures: 1000000, maxLoginFailuresPerUser: 3');
  await runSteps(t, login, [
    ['failure 1 on ann', 'ann', 'wrong-1', '192.0.2.1', 401, 'UNAUTHORIZED'],
    ['failure 2 on ann', 'ann', 'wrong-2', '192.0.2.2', 401, 'UNAUTHORIZED'],
    ['ann logs in', 'ann', 'ann-password', '192.0.2.3', 200, 'ok'],
    ['ann logs in again (her successes do not count)', 'ann', 'ann-password', '192.0.2.3', 200, 'ok'],
    ['failure 3 on ann', 'ann', 'wrong-3', '192.0.2.4', 401, 'UNAUTHORIZED'],
    ['ann: the name is at its limit', 'ann', 'ann-password', '192.0.2.3', 429, 'LOGIN_RATE_LIMITED'],
  ]);
});

t.test('the password pool: past its queue 503 SERVER_BUSY, past an address\'s share 429 RATE_LIMITED, at once and unchecked', async (t) => {
  const unlimited = 'maxLoginFailures: 1000000, maxLoginFailuresPerUser: 1000000, maxLoginFailuresTotal: 1000000';
  // 1 thread, 2 waiting: of 10 checks sent at once from 10 addresses, 3 are checked, 7 refused.
  const s1 = await setup(`${unlimited}, passwordThreads: 1, passwordQueue: 2, passwordChecksPerAddress: 100`, {});
  const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => s1.login('ann', 'wrong-password', `192.0.2.${10 + i}`)));
  t.same(burst.map((a) => a.code).sort(), [...Array(7).fill('SERVER_BUSY'), ...Array(3).fill('UNAUTHORIZED')].sort(), '3 checked (401), 7 refused (503)');
  for (const a of burst.filter((x) => x.status === 503)) t.equal(a.headers['retry-after'], '1', '503 with Retry-After');
  const st = s1.services.auth.passwordStats();
  t.equal(st.refusedFull, 7, 'the pool counted 7 refusals (queue full)');
  t.equal(st.threads, 1, 'one password thread started');
  t.same([st.running, st.queued], [0, 0], 'nothing left running or waiting');
  t.equal((await s1.login('ann', 'ann-password', '192.0.2.10')).status, 200, 'the pool free again: the right password passes');

  // One address's share: 2 running or waiting; 5 sent at once from one address: 2 checked, 3 refused (429), not counted as failures.
  const s2 = await setup('maxLoginFailures: 5, maxLoginFailuresPerUser: 1000000, maxLoginFailuresTotal: 1000000, passwordThreads: 1, passwordQueue: 100, passwordChecksPerAddress: 2', {});
  const one = await Promise.all(Array.from({ length: 5 }, () => s2.login('ann', 'wrong-password', '192.0.2.50')));
  t.same(one.map((a) => a.code).sort(), ['RATE_LIMITED', 'RATE_LIMITED', 'RATE_LIMITED', 'UNAUTHORIZED', 'UNAUTHORIZED'], '2 checked (401), 3 refused (429 RATE_LIMITED)');
  t.equal(s2.services.auth.passwordStats().refusedCaller, 3, 'the pool counted 3 refusals (the address\'s share)');
  // 5 failures allowed: the 5 sent at once passed the failure limit, but only the 2 checked count.
  const after = [];
  for (let i = 0; i < 4; i++) after.push((await s2.login('ann', 'wrong-password', '192.0.2.50')).code);
  t.same(after, ['UNAUTHORIZED', 'UNAUTHORIZED', 'UNAUTHORIZED', 'LOGIN_RATE_LIMITED'], 'the refused checks were not counted as failures: 3 more are checked, then the limit');
});

t.test('HTTP Basic takes the same limits and the same pool', async (t) => {
  const { services } = await setup('maxLoginFailures: 1000000, maxLoginFailuresPerUser: 2');
  const { router } = buildRouter({ services, clock: { nowMs: () => NOW_MS }, logger: silentLogger });
  const basic = async (password: string, remoteAddress: string) => (await router.handle({
    method: 'GET', path: '/v2/whoami', params: {}, query: new URLSearchParams(), remoteAddress, body: Buffer.alloc(0),
    headers: { authorization: `Basic ${Buffer.from(`ann:${password}`).toString('base64')}` },
  })).status;
  t.same([await basic('wrong-1', '192.0.2.1'), await basic('wrong-2', '2001:db8::1'), await basic('ann-password', '192.0.2.9')], [401, 401, 429],
    'two failures on ann from two addresses, then ann is limited by name');
});
