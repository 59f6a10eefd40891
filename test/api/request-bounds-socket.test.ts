/**
 * The reproducer of "one POST under the body limit kills the process" over a real socket (startApi
 * on 127.0.0.1, port 0): 480 SvcQL targets in a body of about 990 KB are refused with a 400 that
 * names the bound, and the server goes on answering; 100 targets (the bound) are answered.
 */
import t from 'tap';
import { silentLogger } from '../../core/logger.js';
import { startApi } from '../../api/server.js';
import { REQUEST_LIMITS } from '../../services/request-limits.js';
import { enableRegexpSafety } from '../../svcql/index.js';
import { NOW_MS, ruleFixture, servicesOf } from '../fakes/fake-service.js';

enableRegexpSafety();

const SVCQL = 'SELECT tag, tagFacet, tag AS t2, tagFacet AS f2 FROM variables';

/** `count` targets of the reproducer's query, padded (SvcQL ignores trailing blanks) to `bytes` in all. */
function body(count: number, bytes: number): string {
  const one = (pad: number, i: number) => ({ refId: `A${i}`, svcql: SVCQL + ' '.repeat(pad), format: 'table' });
  const bare = JSON.stringify({ targets: Array.from({ length: count }, (_, i) => one(0, i)) }).length;
  const pad = Math.max(0, Math.floor((bytes - bare) / count));
  return JSON.stringify({ targets: Array.from({ length: count }, (_, i) => one(pad, i)) });
}

t.test('480 targets: a 400 naming the bound; the server keeps answering; 100 targets work', async (t) => {
  const api = await startApi({ host: '127.0.0.1', port: 0, services: servicesOf(ruleFixture()), logger: silentLogger, clock: { nowMs: () => NOW_MS } });
  t.teardown(() => api.close());
  const base = `http://127.0.0.1:${api.port}`;
  const post = (text: string) => fetch(`${base}/v2/query/net/1/data/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: text });

  const big = body(480, 990_000);
  t.ok(big.length > 980_000 && big.length < 1_048_576, `the body is ${big.length} bytes, under the 1 MiB body limit`);
  const r = await post(big);
  t.equal(r.status, 400);
  t.same(await r.json(), {
    status: 'error',
    error: `the query body has 480 targets, more than ${REQUEST_LIMITS.maxTargets} (targets per query body); send them in several requests`,
    code: 'REQUEST_LIMIT',
  });

  const ping = await fetch(`${base}/api/metrics/ping`);
  t.equal(ping.status, 200);
  t.equal(await ping.text(), 'pong');

  const ok = await post(body(REQUEST_LIMITS.maxTargets, 200_000));
  t.equal(ok.status, 200, 'the most targets a body may have');
  const entries = await ok.json();
  t.equal(entries.length, REQUEST_LIMITS.maxTargets);
  t.ok(entries.every((e: { type: string; rows: unknown[] }) => e.type === 'table' && e.rows.length > 0), 'every target answered');
});
