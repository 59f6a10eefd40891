import t from 'tap';
import type { PollOp } from '../../workers/poll-plan.js';
import { SnmpType, type Varbind } from '../../snmp/types.js';
import { evaluators, fastEvaluator, mapEvaluator, runConformance } from './eval-conformance.js';

for (const ev of evaluators) t.test(`conformance: ${ev.name}`, (t) => runConformance(t, ev));

t.test('both evaluators agree on random counter sequences (seeded)', async (t) => {
  let seed = 12345;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 4294967296);
  const ops: PollOp[] = [
    { op: 'counter', slot: 1, oid: 'a', width: 32, scale: 8 },
    { op: 'counter', slot: 2, oid: 'b', width: 64, scale: 8 },
    { op: 'gauge', slot: 3, oid: 'sp', scale: 1e6 },
    { op: 'ratio', slot: 4, numSlot: 2, denSlot: 3, scale: 100 },
    { op: 'cpuTicks', slot: 5, auxSlot: 6, idleOid: 'i', allOids: ['u', 'i', 's'] },
  ];
  const m = mapEvaluator.harness(ops), f = fastEvaluator.harness(ops);
  let a = 0, b = 1n << 61n, i = 0, u = 0, s = 0, ts = 0, mismatches = 0;
  for (let k = 0; k < 2000; k++) {
    ts += 1 + Math.floor(rnd() * 20_000);
    a = (a + Math.floor(rnd() * 2 ** 31)) % 2 ** 32;
    b = rnd() < 0.02 ? BigInt(Math.floor(rnd() * 1000)) : b + BigInt(Math.floor(rnd() * 2 ** 40));
    i = (i + Math.floor(rnd() * 1000)) % 2 ** 32; u += Math.floor(rnd() * 1000); s += Math.floor(rnd() * 10);
    const vbs: Varbind[] = [
      { oid: 'a', type: SnmpType.Counter32, value: a }, { oid: 'b', type: SnmpType.Counter64, value: b & ((1n << 64n) - 1n) },
      { oid: 'sp', type: SnmpType.Gauge32, value: 1 + Math.floor(rnd() * 100_000) },
      { oid: 'i', type: SnmpType.Counter32, value: i }, { oid: 'u', type: SnmpType.Counter32, value: u % 2 ** 32 }, { oid: 's', type: SnmpType.Counter32, value: s },
    ].filter(() => rnd() > 0.03) as Varbind[];
    const rebooted = rnd() < 0.01;
    const x = m.poll(ts, vbs, { rebooted }), y = f.poll(ts, vbs, { rebooted });
    if (!Object.is(JSON.stringify(x), JSON.stringify(y)) || x.some((v, j) => !Object.is(v, y[j]))) mismatches++;
  }
  t.equal(mismatches, 0, '2000 polls, identical values (bit for bit)');
  t.same(Array.from(f.state.lastCounter), Array.from(m.state.lastCounter), 'identical counter state');
  t.same(Array.from(f.state.has), Array.from(m.state.has));
});
