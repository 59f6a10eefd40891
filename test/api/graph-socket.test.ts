/**
 * Graph answers (Buffer bodies written as JSON text into buffers the transport hands back for
 * reuse) over a real socket: repeated, concurrent and HEAD answers keep the in-process bytes.
 */
import t from 'tap';
import { startApi } from '../../api/server.js';
import { silentLogger } from '../../core/logger.js';
import { apiFor } from '../fakes/call.js';
import { fixture, NOW_MS, servicesOf } from '../fakes/fake-service.js';

t.test('graph answers over a real socket: the in-process bytes, repeated, concurrent, HEAD', async (t) => {
  const svc = fixture();
  const api = await startApi({ host: '127.0.0.1', port: 0, services: servicesOf(svc), logger: silentLogger, clock: { nowMs: () => NOW_MS } });
  t.teardown(() => api.close());
  const { get } = apiFor(svc, NOW_MS);
  const urls = [
    '/v2/ui/net/1/graph/ifInRate.10.1,ifOutRate.10.1,cpuLoad.10.0',
    '/v2/ui/net/1/graph/cpuLoad.10.0?intervalHr=1',
    '/api/monitor/networks/1/graph/ifInRate.10.1?length=10',
  ];
  const want = await Promise.all(urls.map(async (u) => (await get(u)).text));
  for (let round = 0; round < 3; round++) {
    for (let i = 0; i < urls.length; i++) {
      const res = await fetch(`http://127.0.0.1:${api.port}${urls[i]}`);
      t.equal(await res.text(), want[i], `round ${round}: ${urls[i]}`);
    }
    // Several at once on separate connections.
    const texts = await Promise.all(urls.map(async (u) => (await fetch(`http://127.0.0.1:${api.port}${u}`)).text()));
    t.same(texts, want, `round ${round}: concurrent`);
    const head = await fetch(`http://127.0.0.1:${api.port}${urls[0]}`, { method: 'HEAD' });
    t.equal(head.headers.get('content-length'), String(Buffer.byteLength(want[0])), `round ${round}: HEAD length`);
  }
});
