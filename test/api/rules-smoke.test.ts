/** The rule and query calls over a real socket (startApi on 127.0.0.1, port 0). */
import t from 'tap';
import { silentLogger } from '../../core/logger.js';
import { startApi } from '../../api/server.js';
import { NOW_MS, ruleFixture, servicesOf } from '../fakes/fake-service.js';

t.test('rule and query calls over a real socket', async (t) => {
  const api = await startApi({ host: '127.0.0.1', port: 0, services: servicesOf(ruleFixture()), logger: silentLogger, clock: { nowMs: () => NOW_MS } });
  t.teardown(() => api.close());
  const base = `http://127.0.0.1:${api.port}`;

  const gw = await fetch(`${base}/api/monitor/networks/1/gw?tags=ifRole.Uplink&sortBy=curr.desc&limit=2`);
  t.equal(gw.status, 200);
  t.same((await gw.json()).map((i: { name: string; devId: number; index: number }) => `${i.name}.${i.devId}.${i.index}`),
    ['ifInRate.10.1', 'ifInRate.11.1']);

  const q = await fetch(`${base}/v2/query/net/1/data/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ from: 'now-1h', targets: [
      { id: 'A', svcql: "SELECT device, metric FROM variables WHERE variable = 'cpuLoad'", format: 'table' },
      { id: 'B', svcql: 'SELECT nonsense' },
    ] }),
  });
  t.equal(q.status, 200);
  const body = await q.json();
  t.same(body[0].rows, [['sw10', 55], ['sw11', null]]);
  t.same([body[1].id, body[1].code], ['B', 'SVCQL_SYNTAX']);

  const bad = await fetch(`${base}/v2/query/net/1/data/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"targets":' });
  t.equal(bad.status, 400);
  t.equal((await bad.json()).code, 'BAD_JSON');
});
