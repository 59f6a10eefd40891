/**
 * HTTP hygiene over raw sockets (startApi on 127.0.0.1):
 * - request framing that two parties could read two ways (repeated Content-Length with different
 *   values, a Transfer-Encoding other than one `chunked`) is a 400 and the connection is closed, so
 *   a request smuggled in the body is never answered;
 * - malformed header blocks get an answer or a close — at once where the HTTP engine (uWS) reports
 *   them; the ones it takes for an unfinished request are closed by its 10 s idle timeout;
 * - error bodies quote at most a short excerpt of the request;
 * - the JSON call refuses a body without a JSON content type (415 UNSUPPORTED_MEDIA_TYPE).
 */
import t, { type Test } from 'tap';
import { silentLogger } from '../../core/logger.js';
import { startApi } from '../../api/server.js';
import { ECHO_MAX_CHARS, ERROR_MESSAGE_MAX_CHARS } from '../../api/http/errors.js';
import { ruleFixture, NOW_MS, servicesOf } from '../fakes/fake-service.js';
import { RawClient } from '../fakes/raw-http.js';

/** "At once": far below the engine's 10 s idle timeout, far above what answering takes. */
const AT_ONCE_MS = 5_000;
/** A hang detector for what the engine closes on its idle timeout (10 s). */
const IDLE_TIMEOUT_HANG_MS = 30_000;

const req = (head: string, body = '') => `${head}\r\n\r\n${body}`;
const LONG = 'x'.repeat(10_000);

interface Case {
  readonly name: string;
  readonly bytes: string;
  /** The answer's status, or null when none comes (the connection is closed without one). */
  readonly status: number | null;
  readonly code?: string;
  /** A HEAD request: the answer has no body. */
  readonly head?: boolean;
  /** After the answer: the server closes the connection, or it stays usable (a ping is answered on it). */
  readonly then: 'closed' | 'open';
  /** How soon: at once, or only when the engine's idle timeout closes it. */
  readonly when?: 'at once' | 'idle timeout';
}

const FRAMING: readonly Case[] = [
  { name: 'two Content-Length values', bytes: req('POST /api/metrics/ping HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\nContent-Length: 5', 'abcde'), status: 400, code: 'BAD_REQUEST', then: 'closed' },
  // The refusal waits for the next turn of the event loop: a request behind it in the same packet
  // makes the HTTP engine close the connection first, so the smuggled request is never answered.
  {
    name: 'Content-Length 0 and 40, a request smuggled in the body',
    bytes: req('POST /api/metrics/ping HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\nContent-Length: 40', 'GET /api/metrics/ping HTTP/1.1\r\nHost: a\r\n\r\n'),
    status: null, then: 'closed',
  },
  {
    name: 'a declared body over the drain limit, a request behind it',
    bytes: req('POST /api/metrics/ping HTTP/1.1\r\nHost: a\r\nContent-Length: 100000000', 'GET /api/metrics/ping HTTP/1.1\r\nHost: a\r\n\r\n'),
    status: 413, code: 'BODY_TOO_LARGE', then: 'closed',
  },
  { name: 'HEAD with a declared body over the drain limit', bytes: req('HEAD /api/metrics/ping HTTP/1.1\r\nHost: a\r\nContent-Length: 100000000'), status: 413, head: true, then: 'closed' },
  { name: 'Content-Length upper and lower case, different', bytes: req('POST /api/metrics/ping HTTP/1.1\r\nHost: a\r\nCONTENT-LENGTH: 3\r\ncontent-length: 5', 'abcde'), status: 400, code: 'BAD_REQUEST', then: 'closed' },
  { name: 'the same Content-Length twice', bytes: req('POST /api/metrics/ping HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nContent-Length: 5', 'abcde'), status: 405, code: 'METHOD_NOT_ALLOWED', then: 'open' },
  { name: 'Transfer-Encoding gzip', bytes: req('POST /api/metrics/ping HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip', '0\r\n\r\n'), status: 400, code: 'BAD_REQUEST', then: 'closed' },
  { name: 'Transfer-Encoding chunked twice', bytes: req('POST /api/metrics/ping HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked', '0\r\n\r\n'), status: 400, code: 'BAD_REQUEST', then: 'closed' },
  { name: 'Transfer-Encoding gzip, chunked', bytes: req('POST /api/metrics/ping HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip, chunked', '0\r\n\r\n'), status: 400, code: 'BAD_REQUEST', then: 'closed' },
  { name: 'Transfer-Encoding chunked (a body, then routed)', bytes: req('POST /api/metrics/ping HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked', '5\r\nhello\r\n0\r\n\r\n'), status: 405, code: 'METHOD_NOT_ALLOWED', then: 'open' },
  // Refused by uWS itself, with its own HTML 400.
  { name: 'Content-Length and Transfer-Encoding', bytes: req('POST /api/metrics/ping HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nTransfer-Encoding: chunked', '0\r\n\r\n'), status: 400, then: 'closed' },
  { name: 'Content-Length "3, 5"', bytes: req('POST /api/metrics/ping HTTP/1.1\r\nHost: a\r\nContent-Length: 3, 5', 'abcde'), status: 400, then: 'closed' },
  { name: 'Content-Length "+3"', bytes: req('POST /api/metrics/ping HTTP/1.1\r\nHost: a\r\nContent-Length: +3', 'abc'), status: 400, then: 'closed' },
];

const MALFORMED: readonly Case[] = [
  { name: 'garbage request line', bytes: req('THIS IS NOT HTTP'), status: 505, then: 'closed' },
  { name: 'NUL byte in the request target', bytes: req('GET /api/metrics\0/ping HTTP/1.1\r\nHost: a'), status: 505, then: 'closed' },
  { name: 'HTTP/1.0', bytes: req('GET /api/metrics/ping HTTP/1.0'), status: 505, then: 'closed' },
  { name: 'header block over 1 MiB', bytes: req(`GET /api/metrics/ping HTTP/1.1\r\nHost: a\r\nX-Big: ${'a'.repeat(1_100_000)}`), status: 431, then: 'closed' },
  { name: 'a 100 KB header (under the engine limit: served)', bytes: req(`GET /api/metrics/ping HTTP/1.1\r\nHost: a\r\nX-Big: ${'a'.repeat(100_000)}`), status: 200, then: 'open' },
  { name: 'incomplete request, then the client closes', bytes: 'GET /api/metrics/ping HTTP/1.1\r\nHost: a\r\n', status: null, then: 'closed' },
  // uWS takes these for a request still arriving: no answer, closed by its idle timeout (10 s).
  { name: 'header line without a colon', bytes: req('GET /api/metrics/ping HTTP/1.1\r\nHost: a\r\nNoColonHere'), status: null, then: 'closed', when: 'idle timeout' },
  { name: 'NUL byte in a header value', bytes: req('GET /api/metrics/ping HTTP/1.1\r\nHost: a\r\nX-A: a\0b'), status: null, then: 'closed', when: 'idle timeout' },
  { name: 'space in a header name', bytes: req('GET /api/metrics/ping HTTP/1.1\r\nHost: a\r\nBad Name: x'), status: null, then: 'closed', when: 'idle timeout' },
  { name: 'no header at all', bytes: req('GET /api/metrics/ping HTTP/1.1'), status: null, then: 'closed', when: 'idle timeout' },
  { name: '200 headers', bytes: req(`GET /api/metrics/ping HTTP/1.1\r\nHost: a\r\n${Array.from({ length: 200 }, (_, i) => `X-${i}: v`).join('\r\n')}`), status: null, then: 'closed', when: 'idle timeout' },
];

async function exchange(t: Test, port: number, c: Case): Promise<void> {
  const client = await RawClient.connect(port);
  t.teardown(() => client.destroy());
  client.write(c.bytes);
  if (c.name.includes('the client closes')) client.socket.end();
  const hangMs = c.when === 'idle timeout' ? IDLE_TIMEOUT_HANG_MS : AT_ONCE_MS;
  const t0 = Date.now();
  const answer = await client.next(c.head === true, hangMs);
  if (c.status === null) {
    t.equal(answer, null, `${c.name}: no answer`);
  } else {
    t.equal(answer?.status, c.status, `${c.name}: status`);
    if (c.code !== undefined) t.equal(JSON.parse(answer?.body.toString() ?? '{}').code, c.code, `${c.name}: code`);
  }
  if (c.then === 'closed') {
    t.ok(await client.waitClosed(hangMs - (Date.now() - t0)), `${c.name}: closed ${c.when ?? 'at once'}`);
    t.equal(client.pending.length, 0, `${c.name}: nothing else answered (no smuggled request)`);
  } else {
    t.notOk(client.closed, `${c.name}: the connection stays open`);
    client.write('GET /api/metrics/ping HTTP/1.1\r\nHost: a\r\n\r\n');
    const ping = await client.next(false, AT_ONCE_MS);
    t.equal(ping?.body.toString(), 'pong', `${c.name}: and answers the next request`);
  }
}

t.test('HTTP hygiene', async (t) => {
  const api = await startApi({ host: '127.0.0.1', port: 0, services: servicesOf(ruleFixture()), logger: silentLogger, clock: { nowMs: () => NOW_MS } });
  t.teardown(() => api.close());

  t.test('request framing', async (t) => {
    for (const c of FRAMING) await exchange(t, api.port, c);
  });

  // The idle-timeout rows run side by side (each waits the engine's 10 s), then the others one by one.
  t.test('malformed header blocks', async (t) => {
    const slow = Promise.all(MALFORMED.filter((c) => c.when === 'idle timeout').map((c) => exchange(t, api.port, c)));
    for (const c of MALFORMED.filter((c) => c.when !== 'idle timeout')) await exchange(t, api.port, c);
    // Meanwhile the server answers everyone else.
    const ping = await fetch(`http://127.0.0.1:${api.port}/api/metrics/ping`);
    t.equal(await ping.text(), 'pong', 'a fresh connection is answered while the stalled ones wait');
    await slow;
  });

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

  t.test('the JSON call needs a JSON content type', async (t) => {
    const query = JSON.stringify({ targets: [{ id: 'A', variable: 'cpuLoad', device: 'sw10', format: 'table' }] });
    const cases: { type: string | null; status: number; code?: string }[] = [
      { type: null, status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
      { type: 'text/plain', status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
      { type: 'text/plain;charset=UTF-8', status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
      { type: 'application/x-www-form-urlencoded', status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
      { type: 'multipart/form-data; boundary=x', status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
      { type: `text/${LONG}`, status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
      // What the dashboard tool's client sends.
      { type: 'application/json', status: 200 },
      { type: 'application/json; charset=utf-8', status: 200 },
      { type: 'application/merge-patch+json', status: 200 },
    ];
    for (const c of cases) {
      const client = await RawClient.connect(api.port);
      const type = c.type === null ? '' : `Content-Type: ${c.type}\r\n`;
      client.write(`POST /v2/query/net/1/data/ HTTP/1.1\r\nHost: a\r\n${type}Content-Length: ${Buffer.byteLength(query)}\r\n\r\n${query}`);
      const a = await client.next(false, AT_ONCE_MS);
      client.destroy();
      const name = c.type === null ? 'no content type' : c.type.slice(0, 40);
      t.equal(a?.status, c.status, `${name}: status`);
      const body = JSON.parse(a?.body.toString() ?? 'null');
      if (c.code !== undefined) {
        t.equal(body.code, c.code, `${name}: code`);
        t.ok(body.error.length <= ERROR_MESSAGE_MAX_CHARS + 1, `${name}: a short message`);
      } else {
        t.ok(Array.isArray(body) && body.length === 1 && body[0].type === 'table', `${name}: the query is answered`);
      }
    }
  });
});
