import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import t from 'tap';
import { startApp } from '../../app.js';
import { loadConfig } from '../../core/config-load.js';
import { silentLogger } from '../../core/logger.js';
import { randomPort, simulatedConfigText, tempDir } from '../fakes/helpers.js';

/**
 * The traffic-analytics proxy (POST /v2/external/net/:id/extsvc/:call) against a real HTTP upstream
 * on loopback started here. The upstream acts on the `case` field of the body the proxy forwards:
 * ok (echoes what it got), status500, slow (answers after the proxy's timeout), garbage (not JSON),
 * closed (drops the connection), big (an answer over maxAnswerBytes, with and without a length),
 * hold (no answer until the test releases it: calls in flight).
 */
const TIMEOUT_MS = 300;
const MAX_ANSWER = 2048;

interface Held { readonly answer: () => void }
/** Calls held by the upstream ('hold'), and a wait for the next one to arrive. */
const held: Held[] = [];
let onHeld: (() => void) | null = null;
const nextHeld = (count: number): Promise<void> => new Promise((resolve) => {
  const check = () => { if (held.length >= count) { onHeld = null; resolve(); } else onHeld = check; };
  check();
});

function upstream(): Promise<{ server: Server; port: number; sockets: Set<Socket>; slowTimers: Set<NodeJS.Timeout> }> {
  const sockets = new Set<Socket>();
  const slowTimers = new Set<NodeJS.Timeout>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: { case?: string } = {};
      try { body = JSON.parse(text); } catch { /* answered as ok below */ }
      const send = (status: number, type: string, data: string) => { res.writeHead(status, { 'content-type': type }); res.end(data); };
      switch (body.case) {
        case 'status500': return send(500, 'application/json', '{"error":"upstream broke"}');
        case 'slow': { const tm = setTimeout(() => { slowTimers.delete(tm); send(200, 'application/json', '{"late":true}'); }, TIMEOUT_MS * 10); slowTimers.add(tm); return; }
        case 'hold': held.push({ answer: () => send(200, 'application/json', '{"held":true}') }); onHeld?.(); return;
        case 'garbage': return send(200, 'text/html', '<html>not json</html>');
        case 'closed': return req.socket.destroy();
        case 'bigLength': return send(200, 'application/json', JSON.stringify({ pad: 'x'.repeat(MAX_ANSWER * 2) }));
        case 'bigChunked': {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.write('{"pad":"');
          for (let i = 0; i < 8; i++) res.write('y'.repeat(MAX_ANSWER / 2));
          return res.end('"}');
        }
        default: return send(200, 'application/json', JSON.stringify({
          path: req.url, method: req.method, authorization: req.headers.authorization ?? null,
          network: req.headers['x-netmon-network'] ?? null, received: text === '' ? null : JSON.parse(text),
        }));
      }
    });
  });
  server.on('connection', (s: Socket) => { sockets.add(s); s.on('close', () => sockets.delete(s)); });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port, sockets, slowTimers })));
}

t.test('traffic-analytics proxy against a loopback upstream', { timeout: 120_000 }, async (t) => {
  const up = await upstream();
  t.teardown(() => { for (const tm of up.slowTimers) clearTimeout(tm); for (const s of up.sockets) s.destroy(); up.server.close(); });
  // A port with nothing listening: a server bound and closed again.
  const refusedPort = await new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => { const p = (s.address() as AddressInfo).port; s.close(() => resolve(p)); });
  });

  const dir = tempDir(t, 'netmon-proxy-');
  const simPort = randomPort();
  const section = (baseUrl: string, auth: string) => `
integrations:
  trafficAnalytics:
    baseUrl: ${baseUrl}
${auth}
    timeout: ${TIMEOUT_MS}ms
    maxAnswerBytes: ${MAX_ANSWER}
    paths: { url: /ui/flows, topXdata: /api/topx, topXchart: /api/chart }
`;
  const configOf = (extra: string) => loadConfig({
    path: 'proxy.yaml', env: { HOST: '127.0.0.1', PORT: '0', DATA_DIR: dir },
    text: simulatedConfigText(simPort, { devices: 1, interfacesPerDevice: 2, pollInterval: '10s', extra }),
  });
  let next = configOf(section(`http://127.0.0.1:${up.port}/base`, '    user: netmon\n    password: "s3cret:x"'));
  const app = await startApp(next, silentLogger, { load: () => next });
  t.teardown(() => app.stop());
  const base = `http://127.0.0.1:${app.port}`;
  const post = async (path: string, body: unknown) => {
    const r = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await r.text();
    return { status: r.status, type: r.headers.get('content-type') ?? '', json: JSON.parse(text) };
  };

  const basic = `Basic ${Buffer.from('netmon:s3cret:x').toString('base64')}`;
  const ok = await post('/v2/external/net/1/extsvc/topXdata', { case: 'ok', top: 10, interval: '1h' });
  t.equal(ok.status, 200, 'topXdata answered');
  t.same(ok.json, { path: '/base/api/topx', method: 'POST', authorization: basic, network: '1', received: { case: 'ok', top: 10, interval: '1h' } },
    'the body, credentials and network reach the upstream; its JSON comes back');
  const chart = await post('/v2/external/net/1/extsvc/topXchart', { case: 'ok' });
  t.equal(chart.json.path, '/base/api/chart', 'topXchart goes to its own path');
  const empty = await fetch(base + '/v2/external/net/1/extsvc/topXdata', { method: 'POST' });
  t.equal(empty.status, 200, 'an empty body is forwarded as {}');
  t.same((await empty.json()).received, {}, '{} received');

  const url = await post('/v2/external/net/1/extsvc/url', { device: 'sw 1', top: 5, nested: { no: 1 } });
  t.equal(url.status, 200);
  t.same(url.json, { url: `http://127.0.0.1:${up.port}/base/ui/flows?network=1&device=sw+1&top=5` }, 'url: base + path + network + scalar fields, no credentials');

  // [case, status, error code, words the message must hold]
  const failures: [string, number, string, RegExp][] = [
    ['status500', 502, 'UPSTREAM_FAILED', /HTTP 500/],
    ['slow', 504, 'UPSTREAM_TIMEOUT', new RegExp(`within ${TIMEOUT_MS} ms`)],
    ['garbage', 502, 'UPSTREAM_FAILED', /other than JSON/],
    ['closed', 502, 'UPSTREAM_FAILED', /./],
    ['bigLength', 502, 'UPSTREAM_FAILED', new RegExp(`limit of ${MAX_ANSWER} bytes`)],
    ['bigChunked', 502, 'UPSTREAM_FAILED', new RegExp(`limit of ${MAX_ANSWER} bytes`)],
  ];
  for (const [c, status, code, words] of failures) {
    const r = await post('/v2/external/net/1/extsvc/topXdata', { case: c });
    t.equal(r.status, status, `${c}: status ${status}`);
    t.equal(r.json.code, code, `${c}: ${code}`);
    t.match(r.json.error, words, `${c}: the message says why`);
    t.notMatch(r.json.error, /s3cret/, `${c}: no secret in the message`);
    t.match(r.type, /application\/json/, `${c}: a JSON error`);
  }

  // Requests the proxy refuses itself.
  const refused: [string, unknown, number, string][] = [
    ['/v2/external/net/1/extsvc/topYdata', {}, 404, 'NOT_FOUND'],
    ['/v2/external/net/99/extsvc/topXdata', {}, 404, 'UNKNOWN_NETWORK'],
    ['/v2/external/net/x/extsvc/url', {}, 400, 'BAD_PARAMETER'],
  ];
  for (const [path, body, status, code] of refused) {
    const r = await post(path, body);
    t.equal(r.status, status, `${path}: ${status}`);
    t.equal(r.json.code, code, `${path}: ${code}`);
  }
  const notJson = await fetch(base + '/v2/external/net/1/extsvc/topXdata', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{bad' });
  t.equal(notJson.status, 400, 'a body that is not JSON: 400');

  // Connection refused (the section reloaded live with a token), then the section removed.
  next = configOf(section(`http://127.0.0.1:${refusedPort}`, '    token: tok-123'));
  await app.reloadConfig();
  const conn = await post('/v2/external/net/1/extsvc/topXdata', { case: 'ok' });
  t.equal(conn.status, 502, 'connection refused: 502');
  t.match(conn.json.error, /ECONNREFUSED/, 'the message names the refusal');
  t.notMatch(conn.json.error, /tok-123/, 'no token in the message');
  next = configOf('');
  await app.reloadConfig();
  for (const call of ['url', 'topXdata', 'topXchart']) {
    const r = await post(`/v2/external/net/1/extsvc/${call}`, {});
    t.equal(r.status, 409, `${call} without the section: 409`);
    t.equal(r.json.code, 'INTEGRATION_NOT_CONFIGURED');
  }
});

t.test('traffic-analytics proxy: past maxCallsInFlight upstream calls, 503 UPSTREAM_BUSY at once; freed slots take calls again', { timeout: 120_000 }, async (t) => {
  const up = await upstream();
  t.teardown(() => { for (const h of held.splice(0)) h.answer(); for (const s of up.sockets) s.destroy(); up.server.close(); });
  const dir = tempDir(t, 'netmon-proxy-busy-');
  const LIMIT = 3;
  const config = loadConfig({
    path: 'proxy.yaml', env: { HOST: '127.0.0.1', PORT: '0', DATA_DIR: dir },
    text: simulatedConfigText(randomPort(), { devices: 1, interfacesPerDevice: 2, pollInterval: '10s', extra: `
integrations:
  trafficAnalytics:
    baseUrl: http://127.0.0.1:${up.port}
    timeout: 2m
    maxCallsInFlight: ${LIMIT}
` }),
  });
  const app = await startApp(config, silentLogger, { load: () => config });
  t.teardown(() => app.stop());
  const base = `http://127.0.0.1:${app.port}`;
  const post = async (call: string, body: unknown) => {
    const r = await fetch(`${base}/v2/external/net/1/extsvc/${call}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: r.status, type: r.headers.get('content-type') ?? '', json: await r.json() as Record<string, unknown> };
  };
  // LIMIT calls the upstream holds: all in flight once it has them all.
  const inFlight = Array.from({ length: LIMIT }, (_, i) => post(i % 2 === 0 ? 'topXdata' : 'topXchart', { case: 'hold' }));
  await nextHeld(LIMIT);
  const cases: [string, unknown, number, string | null][] = [
    ['topXdata', { case: 'ok' }, 503, 'UPSTREAM_BUSY'],
    ['topXchart', { case: 'hold' }, 503, 'UPSTREAM_BUSY'],
    ['url', { device: 'sw1' }, 200, null],
  ];
  for (const [call, body, status, code] of cases) {
    const r = await post(call, body);
    t.equal(r.status, status, `${call} with ${LIMIT} calls in flight: ${status}`);
    if (code !== null) {
      t.equal(r.json.code, code);
      t.match(String(r.json.error), new RegExp(`maxCallsInFlight ${LIMIT}`), 'the message names the bound');
      t.match(r.type, /application\/json/, 'a JSON error');
    }
  }
  t.equal(held.length, LIMIT, 'the refused calls never reached the upstream');
  for (const h of held.splice(0)) h.answer();
  for (const r of await Promise.all(inFlight)) t.same([r.status, r.json], [200, { held: true }], 'the held calls are answered');
  const again = await post('topXdata', { case: 'ok' });
  t.equal(again.status, 200, 'once they ended, a call goes through again');
});
