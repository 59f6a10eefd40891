/**
 * The one real-socket test: startApi on 127.0.0.1 port 0, driven by Node's fetch (and a raw
 * socket for what fetch will not send).
 */
import t from 'tap';
import net from 'node:net';
import { silentLogger } from '../../core/logger.js';
import { startApi } from '../../api/server.js';
import { fixture, NOW_MS, servicesOf } from '../fakes/fake-service.js';

/** Sends raw bytes, returns what the server answered until it closed or `timeoutMs` passed. */
function raw(port: number, bytes: string, timeoutMs = 5000): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const sock = net.connect(port, '127.0.0.1', () => sock.write(bytes));
    const done = () => { clearTimeout(timer); sock.destroy(); resolve(Buffer.concat(chunks).toString('latin1')); };
    const timer = setTimeout(done, timeoutMs);
    sock.on('data', (c) => { chunks.push(c); if (Buffer.concat(chunks).includes('\r\n\r\n') && /content-length: 0\r\n|\}$/i.test(Buffer.concat(chunks).toString('latin1'))) done(); });
    sock.on('close', done);
    sock.on('error', done);
  });
}

t.test('smoke over a real socket', async (t) => {
  const api = await startApi({ host: '127.0.0.1', port: 0, services: servicesOf(fixture()), logger: silentLogger, clock: { nowMs: () => NOW_MS } });
  t.teardown(() => api.close());
  t.ok(api.port > 0, 'a real port is reported');
  const base = `http://127.0.0.1:${api.port}`;

  const ping = await fetch(`${base}/api/metrics/ping`);
  t.equal(ping.status, 200);
  t.equal(await ping.text(), 'pong');

  const status = await fetch(`${base}/v2/ui/net/1/status`);
  t.equal(status.status, 200);
  t.match(status.headers.get('content-type'), /^application\/json/);
  t.equal((await status.json()).network.name, 'lab');

  const graph = await fetch(`${base}/api/monitor/networks/1/graph/ifInRate.10.1,nope.1.1?intervalHr=1`);
  t.equal(graph.status, 200);
  const g = await graph.json();
  t.equal(g.info.length, 1);
  t.match(g.errors, "unknown variable 'nope.1.1'");

  const missing = await fetch(`${base}/no/such/path`);
  t.equal(missing.status, 404);
  t.same(await missing.json(), { status: 'error', error: 'no such resource: GET /no/such/path', code: 'NOT_FOUND' });

  const malformed = await fetch(`${base}/v2/discovery/net/1/topo?generation=abc`);
  t.equal(malformed.status, 400);
  t.equal((await malformed.json()).code, 'BAD_PARAMETER');

  const wrongMethod = await fetch(`${base}/api/metrics/ping`, { method: 'DELETE' });
  t.equal(wrongMethod.status, 405);
  t.equal(wrongMethod.headers.get('allow'), 'GET');
  await wrongMethod.arrayBuffer();

  const head = await fetch(`${base}/api/metrics/ping`, { method: 'HEAD' });
  t.equal(head.status, 200);
  t.equal(head.headers.get('content-length'), '4', 'HEAD reports the GET length');
  t.equal(await head.text(), '', 'and sends no body');

  const smallPost = await fetch(`${base}/v2/some/post`, { method: 'POST', body: JSON.stringify({ a: 1 }), headers: { 'content-type': 'application/json' } });
  t.equal(smallPost.status, 404, 'a small body is read, then routed');
  await smallPost.arrayBuffer();

  const big = Buffer.alloc(2 * 1024 * 1024, 0x61);
  const tooLarge = await fetch(`${base}/v2/some/post`, { method: 'POST', body: big });
  t.equal(tooLarge.status, 413);
  t.same(await tooLarge.json(), { status: 'error', error: 'request body exceeds the limit of 1048576 bytes', code: 'BODY_TOO_LARGE' });

  // A declared length far past the limit is refused at once and the connection closed.
  const huge = await raw(api.port, 'POST /x HTTP/1.1\r\nHost: a\r\nContent-Length: 100000000\r\n\r\n');
  t.match(huge, /^HTTP\/1\.1 413 /, 'huge declared body → 413 before reading it');
  const badLength = await raw(api.port, 'POST /x HTTP/1.1\r\nHost: a\r\nContent-Length: abc\r\n\r\n');
  t.match(badLength, /^HTTP\/1\.1 400 /, 'a malformed Content-Length is refused (by uWS itself)');
  const garbage = await raw(api.port, 'THIS IS NOT HTTP\r\n\r\n', 2000);
  t.match(garbage, /^HTTP\/1\.1 [45]\d\d /, 'garbage is refused');
  const chunked = await raw(api.port, 'POST /api/metrics/ping HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n');
  t.match(chunked, /^HTTP\/1\.1 405 [^]*allow: GET/, 'a chunked body is read, then routed');

  // Still alive after all that, and the counters saw it.
  const metrics = await fetch(`${base}/api/metrics/metrics`);
  const m = await metrics.json();
  t.equal(m.http.rejectedBeforeRouting >= 1, true, 'body refusals are counted');
  t.equal(m.http.notFound, 2);

  api.close();
  api.close(); // idempotent
  await t.rejects(fetch(`${base}/api/metrics/ping`), 'closed: nothing listens any more');
});

t.test('listen failure rejects', async (t) => {
  const a = await startApi({ host: '127.0.0.1', port: 0, services: servicesOf(fixture()), logger: silentLogger });
  t.teardown(() => a.close());
  await t.rejects(startApi({ host: '127.0.0.1', port: a.port, services: servicesOf(fixture()), logger: silentLogger }), /cannot listen/);
});

t.test('UI state over a real socket: key-value bytes and headers, filters with DELETE', async (t) => {
  const api = await startApi({ host: '127.0.0.1', port: 0, services: servicesOf(fixture()), logger: silentLogger, clock: { nowMs: () => NOW_MS } });
  t.teardown(() => api.close());
  const base = `http://127.0.0.1:${api.port}`;

  const bytes = Buffer.from([0, 0xff, 0xc3, 0x28, 0x0d, 0x0a, 0x00]);
  const made = await fetch(`${base}/v2/ui/net/1/keyvalue`, { method: 'POST', body: bytes, headers: { 'content-type': 'application/octet-stream' } });
  const { handle } = await made.json();
  const read = await fetch(`${base}/api/ui/networks/1/keyvalue/${handle}`);
  t.equal(read.status, 200);
  t.ok(Buffer.from(await read.arrayBuffer()).equals(bytes), 'the same bytes over the wire');
  t.equal(read.headers.get('content-type'), 'application/octet-stream');
  t.equal(read.headers.get('x-content-type-options'), 'nosniff');
  t.equal(read.headers.get('content-security-policy'), "default-src 'none'; sandbox");

  const created = await fetch(`${base}/v2/ui/net/1/filters/`, {
    method: 'POST', body: JSON.stringify({ name: 'core', svcql: "Role = 'Core'", formData: '' }), headers: { 'content-type': 'application/json' },
  });
  t.equal(created.status, 200);
  t.equal(await created.text(), '', 'an empty body');
  const [filter] = await (await fetch(`${base}/v2/ui/net/1/filters`)).json();
  t.equal(filter.user, 'anonymous');
  const deleted = await fetch(`${base}/v2/ui/net/1/filters/${filter.id}`, { method: 'DELETE' });
  t.equal(deleted.status, 200);
  await deleted.arrayBuffer();
  t.same(await (await fetch(`${base}/v2/ui/net/1/filters/`)).json(), [], 'gone from the list');
  const notImplemented = await fetch(`${base}/api/networks/1/views/3?validate`, { method: 'PUT', body: 'rule=x' });
  t.equal(notImplemented.status, 501);
  t.equal((await notImplemented.json()).code, 'NOT_IMPLEMENTED');
});
