import t from 'tap';
import { buildRouter } from '../../api/routes/index.js';
import { isLoopbackAddress } from '../../api/routes/self-observation.js';
import { silentLogger } from '../../core/logger.js';
import { call } from '../fakes/call.js';
import { fixture, NOW_MS, servicesOf } from '../fakes/fake-service.js';

t.test('loopback peers', async (t) => {
  const cases: [string, boolean][] = [
    ['127.0.0.1', true], ['127.3.2.1', true], ['::1', true], ['0000:0000:0000:0000:0000:0000:0000:0001', true],
    ['::ffff:127.0.0.1', true], ['10.0.0.1', false], ['::ffff:10.0.0.1', false], ['', false], ['1127.0.0.1', false], ['fe80::1', false],
    // uWS on an IPv6 socket (host '::') writes an IPv4 client's address mapped, in full groups
    ['0000:0000:0000:0000:0000:ffff:7f00:0001', true], ['0000:0000:0000:0000:0000:ffff:0a00:0001', false], ['::ffff:7f00:1', true],
    ['1::1', false], [':::1', false], ['::1::', false], ['not an address', false], ['127.0.0.1.5', false], ['::ffff:127.0.0.300', false],
  ];
  for (const [a, want] of cases) t.equal(isLoopbackAddress(a), want, a || '(empty)');
});

t.test('/api/quit: accepted only on a direct connection, then asks the process to stop once', async (t) => {
  const cases: { name: string; peer: string; headers?: Record<string, string>; status: number; error?: RegExp }[] = [
    { name: 'loopback, no proxy header', peer: '127.0.0.1', status: 202 },
    { name: 'IPv6 loopback', peer: '::1', status: 202 },
    { name: 'a remote peer', peer: '192.0.2.7', status: 403, error: /peer 192\.0\.2\.7 is not a loopback address/ },
    { name: 'unknown peer', peer: '', status: 403, error: /peer \(unknown\)/ },
    { name: 'X-Forwarded-For', peer: '127.0.0.1', headers: { 'x-forwarded-for': '198.51.100.1' }, status: 403, error: /through a proxy \(x-forwarded-for\)/ },
    { name: 'Forwarded', peer: '127.0.0.1', headers: { forwarded: 'for=198.51.100.1' }, status: 403, error: /through a proxy \(forwarded\)/ },
    { name: 'X-Real-IP', peer: '127.0.0.1', headers: { 'x-real-ip': '198.51.100.1' }, status: 403, error: /x-real-ip/ },
    { name: 'Via', peer: '127.0.0.1', headers: { via: '1.1 proxy' }, status: 403, error: /\(via\)/ },
    { name: 'a web page (Origin)', peer: '127.0.0.1', headers: { origin: 'http://evil.example' }, status: 403, error: /web page \(Origin\)/ },
    { name: 'a cross-site navigation', peer: '127.0.0.1', headers: { 'sec-fetch-site': 'cross-site' }, status: 403, error: /Sec-Fetch-Site: cross-site/ },
    { name: 'typed in the address bar', peer: '127.0.0.1', headers: { 'sec-fetch-site': 'none' }, status: 202 },
  ];
  for (const c of cases) {
    let quits = 0;
    const { router } = buildRouter({
      services: servicesOf(fixture()), clock: { nowMs: () => NOW_MS }, logger: silentLogger,
      process: { eventLoopLag: () => ({ meanSeconds: 0, p99Seconds: 0, maxSeconds: 0, windowSeconds: 1 }), quit: () => { quits++; } },
    });
    const res = await router.handle({ method: 'GET', path: '/api/quit', params: {}, query: new URLSearchParams(), headers: c.headers ?? {}, body: Buffer.alloc(0), remoteAddress: c.peer });
    const body = JSON.parse(res.body.toString());
    t.equal(res.status, c.status, c.name);
    await new Promise((r) => setImmediate(r));
    t.equal(quits, c.status === 202 ? 1 : 0, `${c.name}: the stop was asked ${c.status === 202 ? 'once' : 'never'}`);
    if (c.error) { t.equal(body.code, 'FORBIDDEN'); t.match(body.error, c.error, c.name); } else t.same(body, { status: 'stopping' });
  }
});

t.test('/api/quit without a process that stops on it: 409', async (t) => {
  const { router } = buildRouter({ services: servicesOf(fixture()), clock: { nowMs: () => NOW_MS }, logger: silentLogger });
  const res = await router.handle({ method: 'GET', path: '/api/quit', params: {}, query: new URLSearchParams(), headers: {}, body: Buffer.alloc(0), remoteAddress: '127.0.0.1' });
  t.equal(res.status, 409);
  t.equal((await call(router, 'GET', '/api/quit')).status, 403, 'no peer address known: refused');
});
