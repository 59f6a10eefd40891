/**
 * The cap on open HTTP connections (server.maxConnections) in the whole server over real sockets:
 * connections holding a request open (a body that never ends) fill it; a request on a new
 * connection is then answered 503 SERVER_BUSY and its connection closed, and counted in /metrics;
 * once one of them goes away, new requests and a keep-alive connection opened before are served.
 */
import t from 'tap';
import { startApp } from '../../app.js';
import { loadConfig } from '../../core/config-load.js';
import { silentLogger } from '../../core/logger.js';
import { RawClient } from '../fakes/raw-http.js';
import { randomPort, tempDir } from '../fakes/helpers.js';

const CAP = 3;

t.test('past server.maxConnections a request gets 503 and its connection closes; below it all works', async (t) => {
  const dataDir = tempDir(t, 'netmon-conn-cap-');
  const snmpPort = randomPort();
  const config = loadConfig({
    text: `server: { maxConnections: ${CAP} }\nnetworks:\n  - { id: 1, name: quiet, seeds: [127.0.0.1], snmp: { port: ${snmpPort}, timeout: 100ms, retries: 0 }, discoveryInterval: 1h }\n`,
    env: { HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir },
  });
  t.equal(config.server.maxConnections, CAP);
  const app = await startApp(config, silentLogger);
  t.teardown(() => app.stop());
  const clients: RawClient[] = [];
  t.teardown(() => { for (const c of clients) c.destroy(); });
  const connect = async () => { const c = await RawClient.connect(app.port); clients.push(c); return c; };
  const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;
  /** One GET on a new connection: its answer and whether the server closed the connection after it. */
  const fresh = async (path = '/api/metrics/ping') => {
    const c = await connect();
    c.write(get(path));
    const a = await c.next();
    if (a?.headers.connection === 'close') await waitClosed(c);
    return { answer: a, closed: c.closed };
  };
  const waitClosed = async (c: RawClient) => {
    for (let i = 0; i < 200 && !c.closed; i++) await new Promise((r) => setTimeout(r, 10));
  };

  const keepAlive = await connect();
  keepAlive.write(get('/api/metrics/ping'));
  t.equal((await keepAlive.next())?.status, 200, 'a keep-alive connection, served before the flood');

  // CAP connections each holding a request open: a body announced and never finished.
  const holders: RawClient[] = [];
  for (let i = 0; i < CAP; i++) {
    const c = await connect();
    c.write('POST /api/metrics/ping HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":');
    holders.push(c);
  }
  // Bounded: at most 100 tries for the server to have read the holders' requests.
  let refused: Awaited<ReturnType<typeof fresh>> | null = null;
  for (let i = 0; i < 100 && refused === null; i++) {
    const r = await fresh();
    if (r.answer?.status === 503) refused = r; else await new Promise((res) => setTimeout(res, 10));
  }
  t.ok(refused, 'a request on a new connection is refused once the cap is reached');
  t.equal(refused!.answer!.headers.connection, 'close', 'with Connection: close');
  t.equal(refused!.answer!.status, 503);
  t.match(JSON.parse(refused!.answer!.body.toString('utf8')), { status: 'error', code: 'SERVER_BUSY' });
  t.match(refused!.answer!.body.toString('utf8'), /maxConnections/, 'the answer names the setting');
  t.ok(refused!.closed, 'and the connection is closed');
  t.ok(holders.every((h) => !h.closed), 'the connections holding requests stay open');

  holders[0].destroy();
  let served = false;
  for (let i = 0; i < 100 && !served; i++) {
    const r = await fresh();
    if (r.answer?.status === 200) served = true; else await new Promise((res) => setTimeout(res, 10));
  }
  t.ok(served, 'below the cap again: a new connection is served');
  keepAlive.write(get('/api/metrics/ping'));
  t.equal((await keepAlive.next())?.status, 200, 'the keep-alive connection opened before is served');

  const metrics = await fresh('/metrics');
  t.equal(metrics.answer?.status, 200);
  const text = metrics.answer!.body.toString('utf8');
  t.match(text, new RegExp(`^netmon_http_max_connections ${CAP}$`, 'm'));
  const refusedCount = Number(/^netmon_http_connections_refused_total (\d+)$/m.exec(text)?.[1]);
  t.ok(refusedCount >= 1, `refusals counted in /metrics (${refusedCount})`);
  t.match(text, /^netmon_http_open_connections [0-9]+$/m);
});
