/**
 * Failed logins per client address: the limiter's table (unit), then the login call and HTTP Basic
 * over the real router — 429 LOGIN_RATE_LIMITED with Retry-After past the limit, even for the right
 * password, other addresses unaffected, allowed again once the window has passed.
 */
import t from 'tap';
import { buildRouter } from '../../api/routes/index.js';
import { loadConfig } from '../../core/config-load.js';
import { silentLogger } from '../../core/logger.js';
import { LoginLimiter } from '../../services/accounts/login-limiter.js';
import { fixture, NOW_MS, servicesOf } from '../fakes/fake-service.js';

t.test('LoginLimiter: a table of failures and what the address may do next', async (t) => {
  // Each step: [address, 'fail' | 'ok' | 'check', at ms, expected retryAfterS after the step]
  type Step = [string, 'fail' | 'ok' | 'check', number, number];
  const cases: [string, Step[]][] = [
    ['below the limit: may try', [['a', 'fail', 0, 0], ['a', 'fail', 1000, 0]]],
    ['at the limit: refused until the window (from the first failure) ends', [['a', 'fail', 0, 0], ['a', 'fail', 1000, 0], ['a', 'fail', 2000, 58], ['a', 'check', 59_500, 1]]],
    ['the window ends: may try again, counting from zero', [['a', 'fail', 0, 0], ['a', 'fail', 0, 0], ['a', 'fail', 0, 60], ['a', 'check', 60_000, 0], ['a', 'fail', 60_001, 0]]],
    ['a success clears the address', [['a', 'fail', 0, 0], ['a', 'fail', 0, 0], ['a', 'ok', 0, 0], ['a', 'fail', 0, 0]]],
    ['addresses are apart', [['a', 'fail', 0, 0], ['a', 'fail', 0, 0], ['a', 'fail', 0, 60], ['b', 'check', 0, 0]]],
  ];
  for (const [name, steps] of cases) {
    const l = new LoginLimiter(3, 60_000);
    steps.forEach(([addr, what, at, want], i) => {
      if (what === 'fail') l.failed(addr, at);
      if (what === 'ok') l.succeeded(addr);
      t.equal(l.retryAfterS(addr, at), want, `${name}: step ${i + 1}`);
    });
  }
  const small = new LoginLimiter(1, 60_000, 100);
  for (let i = 0; i < 1000; i++) small.failed(`10.0.${i >> 8}.${i & 255}`, i);
  t.ok(small.size() <= 100, `the table stays bounded: ${small.size()} addresses after 1000`);
  t.equal(small.retryAfterS('10.0.3.231', 999), 60, 'the newest address is still limited');
});

t.test('the login call and HTTP Basic: 429 with Retry-After past the limit, per address', async (t) => {
  const fake = fixture();
  fake.config = loadConfig({ text: 'simulator: true\nauth: { enabled: true, maxLoginFailures: 3, loginFailureWindow: 1m }\n', env: {} });
  let nowMs = NOW_MS;
  const clock = { nowMs: () => nowMs };
  const services = servicesOf(fake, clock);
  await services.auth.start();
  await services.accounts.addUser('ann', 'user', 'ann-password');
  const { router } = buildRouter({ services, clock, logger: silentLogger });
  const login = (password: string, remoteAddress: string) => router.handle({
    method: 'POST', path: '/v2/login', params: {}, query: new URLSearchParams(), remoteAddress,
    headers: { 'content-type': 'application/json' }, body: Buffer.from(JSON.stringify({ user: 'ann', password })),
  });
  const basicCall = (password: string, remoteAddress: string) => router.handle({
    method: 'GET', path: '/v2/whoami', params: {}, query: new URLSearchParams(), remoteAddress, body: Buffer.alloc(0),
    headers: { authorization: `Basic ${Buffer.from(`ann:${password}`).toString('base64')}` },
  });
  const steps: [string, () => ReturnType<typeof login>, number][] = [
    ['1st bad login', () => login('bad-1', '192.0.2.7'), 401],
    ['2nd bad try, by Basic', () => basicCall('bad-2', '192.0.2.7'), 401],
    ['3rd bad login', () => login('bad-3', '192.0.2.7'), 401],
    ['the right password, while limited', () => login('ann-password', '192.0.2.7'), 429],
    ['Basic with the right password, while limited', () => basicCall('ann-password', '192.0.2.7'), 429],
    ['another address', () => login('ann-password', '192.0.2.8'), 200],
  ];
  for (const [what, run, status] of steps) {
    const a = await run();
    t.equal(a.status, status, what);
    if (status === 429) {
      t.equal(a.headers['retry-after'], '60', `${what}: Retry-After`);
      t.equal(JSON.parse(a.body.toString()).code, 'LOGIN_RATE_LIMITED', `${what}: code`);
    }
  }
  nowMs += 60_000;
  t.equal((await login('ann-password', '192.0.2.7')).status, 200, 'allowed again once the window has passed');
});
