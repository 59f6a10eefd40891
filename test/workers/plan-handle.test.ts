// Packed plans (workers/v2c/plan-handle.ts): what the collector keeps and the workers read. A packed
// plan must give back exactly the plan it was made of, the program compileOps makes of it, and GET
// requests byte-identical to encoding its OIDs directly, split for the answer size.
import t from 'tap';
import type { PollOp, PollPlan } from '../../workers/poll-plan.js';
import { SYS_UPTIME_OID } from '../../workers/poll-plan.js';
import { compileOps } from '../../workers/v2c/op-program.js';
import type { PollPath } from '../../core/config-schema.js';
import { communityBytes, isNetSnmpPlan, isPlanHandle, makePlanHandle, planView, readPlanHandle } from '../../workers/v2c/plan-handle.js';
import { pollsViaSession } from '../../workers/task.js';
import { encodeGet } from '../../workers/v2c/wire.js';

const IF = '1.3.6.1.2.1.31.1.1.1';
function ifOps(ifIndex: number, base: number): PollOp[] {
  return [
    { op: 'counter', slot: base, oid: `${IF}.6.${ifIndex}`, width: 64, scale: 8 },
    { op: 'counter', slot: base + 1, oid: `1.3.6.1.2.1.2.2.1.14.${ifIndex}`, width: 32, scale: 1 },
    { op: 'gauge', slot: base + 2, oid: `1.3.6.1.2.1.2.2.1.8.${ifIndex}`, scale: 1 },
    { op: 'gauge', slot: base + 3, oid: `${IF}.15.${ifIndex}`, scale: 1e6 },
    { op: 'ratio', slot: base + 4, numSlot: base, denSlot: base + 3, scale: 100 },
  ];
}

function plan(o: { interfaces: number; version?: '2c' | '3'; extra?: PollOp[]; scalars?: string[]; columns?: string[]; maxMessageBytes?: number; pollPath?: PollPath }): PollPlan {
  const ops: PollOp[] = [{ op: 'gauge', slot: 0, oid: SYS_UPTIME_OID, scale: 0.01 }];
  for (let i = 1; i <= o.interfaces; i++) ops.push(...ifOps(i * 1000 + 7, 10 * i));
  ops.push(...(o.extra ?? []));
  return {
    deviceId: 42,
    target: {
      address: '127.0.0.9', port: 1161, version: o.version ?? '2c', community: o.version === '3' ? undefined : 'c0mm',
      user: o.version === '3' ? { name: 'u', level: 'authPriv', authProtocol: 'sha', authKey: 'k1k1k1k1', privProtocol: 'aes', privKey: 'k2k2k2k2' } : undefined,
      timeoutMs: 700, retries: 2, maxRepetitions: 20, maxMessageBytes: o.maxMessageBytes, pollPath: o.pollPath,
    } as PollPlan['target'],
    uptimeSlot: 0, scalars: [SYS_UPTIME_OID, ...(o.scalars ?? [])], columns: o.columns ?? [`${IF}.6`, `${IF}.15`], ops,
  };
}

const cpu: PollOp = { op: 'cpuTicks', slot: 9001, auxSlot: 9002, idleOid: '1.3.6.1.4.1.2021.11.53.0', allOids: ['1.3.6.1.4.1.2021.11.50.0', '1.3.6.1.4.1.2021.11.52.0', '1.3.6.1.4.1.2021.11.53.0'] };
/** [name, plan, polled through net-snmp] */
const cases: [string, PollPlan, boolean][] = [
  ['one device-level op', plan({ interfaces: 0 }), false],
  ['48 interfaces, default answer size', plan({ interfaces: 48 }), false],
  ['48 interfaces, 484-byte answers', plan({ interfaces: 48, maxMessageBytes: 484 }), false],
  ['every op kind', plan({
    interfaces: 3, scalars: ['1.3.6.1.4.1.2021.4.5.0', '1.3.6.1.4.1.2021.4.6.0', '1.3.6.1.4.1.2021.4.14.0', '1.3.6.1.4.1.2021.4.15.0'],
    columns: ['1.3.6.1.2.1.25.3.3.1.2', '1.3.6.1.4.1.9.9.48.1.1.1.5', '1.3.6.1.4.1.9.9.48.1.1.1.6', '1.3.6.1.4.1.11.2.14.11.5.1.1.2.1.1.1.5'],
    extra: [
      { op: 'columnAvg', slot: 8000, column: '1.3.6.1.2.1.25.3.3.1.2', scale: 1 },
      { op: 'usedPct', slot: 8001, totalOid: '1.3.6.1.4.1.2021.4.5.0', freeOid: '1.3.6.1.4.1.2021.4.6.0' },
      { op: 'usedPct', slot: 8005, totalOid: '1.3.6.1.4.1.2021.4.5.0', freeOid: '1.3.6.1.4.1.2021.4.6.0', alsoFreeOids: ['1.3.6.1.4.1.2021.4.14.0', '1.3.6.1.4.1.2021.4.15.0'] },
      { op: 'fillPct', slot: 8002, sizeOid: '1.3.6.1.2.1.25.2.3.1.5.1', usedOid: '1.3.6.1.2.1.25.2.3.1.6.1' },
      { op: 'usedFreeSum', slot: 8003, usedColumn: '1.3.6.1.4.1.9.9.48.1.1.1.5', freeColumn: '1.3.6.1.4.1.9.9.48.1.1.1.6' },
      { op: 'sizeUsedSum', slot: 8004, sizeColumn: '1.3.6.1.4.1.11.2.14.11.5.1.1.2.1.1.1.5', usedColumn: '1.3.6.1.4.1.9.9.48.1.1.1.5' },
      cpu,
    ],
  }), false],
  ['SNMPv3 target', plan({ interfaces: 2, version: '3', extra: [cpu] }), true],
  ['v2c target, pollPath auto', plan({ interfaces: 2, pollPath: 'auto' }), false],
  ['v2c target, pollPath net-snmp', plan({ interfaces: 2, pollPath: 'net-snmp' }), true],
  ['SNMPv3 target, pollPath net-snmp', plan({ interfaces: 2, version: '3', pollPath: 'net-snmp' }), true],
];

for (const [name, p, viaNetSnmp] of cases) {
  t.test(name, async (t) => {
    const h = makePlanHandle(p);
    t.ok(isPlanHandle(h) && !isPlanHandle(p), 'a handle is told from a plan');
    t.equal(isNetSnmpPlan(h), viaNetSnmp, `packed: polled through ${viaNetSnmp ? 'net-snmp' : 'the fast path'}`);
    t.equal(pollsViaSession(h), viaNetSnmp, 'the task module routes the handle so');
    t.equal(pollsViaSession(p), viaNetSnmp, 'and the plain plan so');
    t.same(readPlanHandle(h), JSON.parse(JSON.stringify(p)), 'the plan comes back (as its JSON round trip)');

    const c = compileOps(p.ops, [SYS_UPTIME_OID, ...p.scalars], SYS_UPTIME_OID);
    const v = planView(h);
    for (const k of ['kind', 'width', 'slot', 'a', 'b', 'scaleOf', 'scales', 'allPos'] as const) {
      t.same(Array.from(v.program[k]), Array.from(c[k]), `program ${k} as compileOps makes it`);
    }
    t.equal(v.program.count, c.count);
    t.equal(v.program.uptimePos, c.uptimePos);
    t.equal(v.positions, c.oids.length);

    // the requests cover every position once, in order; each is the direct encoding of its OIDs
    let next = 0;
    const limit = p.target.maxMessageBytes ?? 1400;
    for (const r of v.requests) {
      t.equal(r.first, next, 'requests follow each other');
      const direct = encodeGet(communityBytes(p.target), c.oids.slice(r.first, r.first + r.count));
      t.same(Buffer.from(r.bytes), Buffer.from(direct.bytes), `request at position ${r.first}: the bytes of encodeGet`);
      t.equal(r.idAt, direct.idAt);
      t.same(Array.from(r.oidAt), Array.from(direct.oidAt));
      t.same(Array.from(r.oidLen), Array.from(direct.oidLen));
      // planned answer: each varbind at most OID + 15 bytes, plus 32 + community
      const answer = 32 + communityBytes(p.target).length + Array.from(r.oidLen).reduce((n, l) => n + l + 15, 0);
      t.ok(r.count === 1 || answer <= limit, `planned answer ${answer} B ≤ ${limit} B`);
      next += r.count;
    }
    t.equal(next, c.oids.length, 'every position is read');
    for (let pos = 0; pos < c.oids.length; pos++) {
      const direct = encodeGet(communityBytes(p.target), [c.oids[pos]!]);
      const want = direct.bytes.subarray(direct.oidAt[0]!, direct.oidAt[0]! + direct.oidLen[0]!);
      if (!Buffer.from(v.oidContent(pos)).equals(Buffer.from(want))) { t.fail(`OID content of position ${pos}`); break; }
    }
  });
}

t.test('the fingerprint changes with the plan, the answer size and the poll path', async (t) => {
  const p = plan({ interfaces: 20 });
  const a = makePlanHandle(p), b = makePlanHandle(p), c = makePlanHandle(p, 600);
  const d = makePlanHandle({ ...p, ops: p.ops.map((o) => (o.slot === 12 && o.op === 'gauge' ? { ...o, scale: 2 } : o)) });
  const e = makePlanHandle({ ...p, target: { ...p.target, pollPath: 'net-snmp' } });
  const f = makePlanHandle({ ...p, target: { ...p.target, pollPath: 'auto' } });
  const g = makePlanHandle({ ...p, target: { ...p.target, maxMessageBytes: 600 } });
  t.equal(a.fingerprint, b.fingerprint, 'same plan, same fingerprint');
  t.not(a.fingerprint, c.fingerprint, 'another answer size');
  t.not(a.fingerprint, d.fingerprint, 'another op');
  t.not(a.fingerprint, e.fingerprint, 'another poll path (a worker unpacks the plan anew for net-snmp)');
  t.equal(a.fingerprint, f.fingerprint, 'pollPath auto is the same as none');
  t.not(a.fingerprint, g.fingerprint, "the target's answer size");
  t.equal(planView(g).requests.length, planView(c).requests.length, "the target's maxMessageBytes sizes the GETs");
  t.ok(planView(c).requests.length > planView(a).requests.length, '600-byte answers need more GETs');
});

t.test('a buffer that is not a packed plan is refused', async (t) => {
  t.throws(() => planView({ deviceId: 1, fingerprint: 0, packed: new SharedArrayBuffer(64) }), /not a packed plan/);
});
