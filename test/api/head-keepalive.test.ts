/**
 * HEAD keeps the connection usable (startApi on 127.0.0.1): a HEAD answer is complete once its
 * headers are sent (the GET body's length in `content-length`, no body), so the next request on
 * the same keep-alive connection is answered — pipelined behind it or sent after it was read.
 * Raw sockets, and curl reusing one connection for `-I URL --next URL`.
 */
import t from 'tap';
import { execFile } from 'node:child_process';
import { silentLogger } from '../../core/logger.js';
import { startApi } from '../../api/server.js';
import { buildRouter } from '../../api/routes/index.js';
import { call } from '../fakes/call.js';
import { fixture, NOW_MS, servicesOf } from '../fakes/fake-service.js';
import { RawClient } from '../fakes/raw-http.js';

const request = (method: string, path: string) => `${method} ${path} HTTP/1.1\r\nHost: test\r\n\r\n`;

interface Step { readonly method: 'GET' | 'HEAD'; readonly path: string; readonly status: number }

/** Sequences of requests on one connection; each runs pipelined (one write) and one by one. */
const SEQUENCES: readonly (readonly Step[])[] = [
  [{ method: 'HEAD', path: '/api/metrics/ping', status: 200 }, { method: 'GET', path: '/api/metrics/ping', status: 200 }],
  [{ method: 'HEAD', path: '/v2/ui/net/1/status', status: 200 }, { method: 'GET', path: '/v2/ui/net/1/status', status: 200 }],
  [{ method: 'HEAD', path: '/no/such/path', status: 404 }, { method: 'GET', path: '/api/metrics/ping', status: 200 }],
  [{ method: 'HEAD', path: '/v2/discovery/net/1/topo?generation=abc', status: 400 }, { method: 'GET', path: '/v2/ui/net/1/status', status: 200 }],
  [
    { method: 'HEAD', path: '/api/metrics/ping', status: 200 }, { method: 'HEAD', path: '/v2/ui/net/1/status', status: 200 },
    { method: 'GET', path: '/api/metrics/ping', status: 200 }, { method: 'HEAD', path: '/api/metrics/ping', status: 200 },
    { method: 'GET', path: '/v2/ui/net/1/status', status: 200 },
  ],
];

t.test('HEAD then GET on one keep-alive connection', async (t) => {
  const api = await startApi({ host: '127.0.0.1', port: 0, services: servicesOf(fixture()), logger: silentLogger, clock: { nowMs: () => NOW_MS } });
  t.teardown(() => api.close());

  // The body each request's answer has, from the router in-process (no transport): a HEAD answer
  // reports that length (a 404 names the method, so it is not always the GET's).
  const { router } = buildRouter({ services: servicesOf(fixture()), clock: { nowMs: () => NOW_MS }, logger: silentLogger });
  const bodyLength = new Map<string, number>();
  for (const seq of SEQUENCES) {
    for (const s of seq) bodyLength.set(`${s.method} ${s.path}`, Buffer.byteLength((await call(router, s.method, s.path)).text));
  }

  for (const pipelined of [true, false]) {
    for (const seq of SEQUENCES) {
      const name = `${pipelined ? 'pipelined' : 'one by one'}: ${seq.map((s) => `${s.method} ${s.path}`).join(', ')}`;
      const client = await RawClient.connect(api.port);
      if (pipelined) client.write(seq.map((s) => request(s.method, s.path)).join(''));
      for (const [i, s] of seq.entries()) {
        if (!pipelined) client.write(request(s.method, s.path));
        const a = await client.next(s.method === 'HEAD');
        t.not(a, null, `${name}: answer ${i + 1} came`);
        if (a === null) break;
        t.equal(a.status, s.status, `${name}: answer ${i + 1} status`);
        const length = bodyLength.get(`${s.method} ${s.path}`);
        t.equal(Number(a.headers['content-length']), length, `${name}: answer ${i + 1} content-length is the body's length`);
        if (s.method === 'GET') t.equal(a.body.length, length, `${name}: answer ${i + 1} has the body`);
      }
      t.equal(client.pending.length, 0, `${name}: no stray bytes (a HEAD answer has no body)`);
      t.notOk(client.closed, `${name}: the connection stays open`);
      client.destroy();
    }
  }
});

/** Runs curl; resolves its exit code and output (or null when curl is not installed). */
function curl(args: string[]): Promise<{ code: number; stdout: string; stderr: string } | null> {
  return new Promise((resolve) => {
    execFile('curl', args, { timeout: 30_000 }, (err, stdout, stderr) => {
      if (err && (err as NodeJS.ErrnoException).code === 'ENOENT') { resolve(null); return; }
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

t.test('curl: -I URL --next URL reuses the connection', async (t) => {
  const api = await startApi({ host: '127.0.0.1', port: 0, services: servicesOf(fixture()), logger: silentLogger, clock: { nowMs: () => NOW_MS } });
  t.teardown(() => api.close());
  const base = `http://127.0.0.1:${api.port}`;
  const cases: { readonly args: string[]; readonly body: string }[] = [
    { args: ['-I', `${base}/api/metrics/ping`, '--next', `${base}/api/metrics/ping`], body: 'pong' },
    { args: ['-I', `${base}/no/such/path`, '--next', '-I', `${base}/v2/ui/net/1/status`, '--next', `${base}/api/metrics/ping`], body: 'pong' },
  ];
  for (const c of cases) {
    const r = await curl(['-sv', '--max-time', '20', ...c.args]);
    if (r === null) { t.comment('curl is not installed: curl cases not run'); return; }
    const name = c.args.join(' ').replaceAll(base, '');
    t.equal(r.code, 0, `${name}: curl succeeds`);
    t.notMatch(r.stderr, /Connection died|Empty reply|retrying/i, `${name}: no connection died`);
    t.match(r.stderr, /Re-?using existing connection/i, `${name}: the second request reused the connection`);
    t.ok(r.stdout.endsWith(c.body), `${name}: the last request's body arrived`);
  }
});
