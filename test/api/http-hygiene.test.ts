/**
 * HTTP hygiene over raw sockets (startApi on 127.0.0.1):
 * - error bodies quote at most a short excerpt of the request.
 */
import t from 'tap';
import { silentLogger } from '../../core/logger.js';
import { startApi } from '../../api/server.js';
import { ECHO_MAX_CHARS, ERROR_MESSAGE_MAX_CHARS } from '../../api/http/errors.js';
import { ruleFixture, NOW_MS, servicesOf } from './fake-service.js';
import { RawClient } from './raw-http.js';

/** "At once": far below the engine's 10 s idle timeout, far above what answering takes. */
const AT_ONCE_MS = 5_000;

const LONG = 'x'.repeat(10_000);

t.test('HTTP hygiene', async (t) => {
  const api = await startApi({ host: '127.0.0.1', port: 0, services: servicesOf(ruleFixture()), logger: silentLogger, clock: { nowMs: () => NOW_MS } });
  t.teardown(() => api.close());

  t.test('error bodies quote a short excerpt of the request', async (t) => {
    const cases: { name: string; path: string; status: number; code: string; echoes: string }[] = [
      { name: 'unknown path (router 404)', path: `/${LONG}`, status: 404, code: 'NOT_FOUND', echoes: `/${'x'.repeat(ECHO_MAX_CHARS - 1)}…` },
      { name: 'malformed integer (params)', path: `/v2/discovery/net/1/topo?generation=${LONG}`, status: 400, code: 'BAD_PARAMETER', echoes: `'${'x'.repeat(ECHO_MAX_CHARS)}…'` },
      { name: 'malformed time (time window)', path: `/api/monitor/networks/1/graph/ifInRate.10.1?end=${LONG}`, status: 400, code: 'BAD_PARAMETER', echoes: `'${'x'.repeat(ECHO_MAX_CHARS)}…'` },
      { name: 'bad percent-encoding in a segment', path: `/v2/ui/net/%ZZ${LONG}/status`, status: 400, code: 'BAD_PARAMETER', echoes: `'%ZZ${'x'.repeat(ECHO_MAX_CHARS - 3)}…'` },
      // Made by a route outside the HTTP layer: cut by errorResponse as a whole.
      { name: 'message made by a route', path: `/v2/ui/net/1/status?s=${LONG}`, status: 400, code: 'BAD_PARAMETER', echoes: '…' },
    ];
    for (const c of cases) {
      const client = await RawClient.connect(api.port);
      client.write(`GET ${c.path} HTTP/1.1\r\nHost: a\r\n\r\n`);
      const a = await client.next(false, AT_ONCE_MS);
      client.destroy();
      t.equal(a?.status, c.status, `${c.name}: status`);
      const body = JSON.parse(a?.body.toString() ?? '{}');
      t.equal(body.code, c.code, `${c.name}: code`);
      t.ok(body.error.length <= ERROR_MESSAGE_MAX_CHARS + 1, `${c.name}: message of ${body.error.length} characters`);
      t.ok(body.error.includes(c.echoes), `${c.name}: quotes ${c.echoes.slice(0, 12)}… (${body.error.slice(0, 60)}…)`);
      t.ok(a!.body.length < 1024, `${c.name}: the whole body is ${a!.body.length} bytes`);
    }
  });
});
