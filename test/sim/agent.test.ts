// The simulator's agent in-process (no sockets): every GETNEXT successor and GET lookup checked
// against a brute-force sorted list of all instances, GETBULK semantics of RFC 3416, SNMPv1
// behaviour, SET refusal, wrong community and garbage.
import t from 'tap';
import {
  compareOid, decodeMessage, encodeMessage, formatOid, oid, PduType, Tag,
  type Message, type Oid, type Pdu, type PduVarbind,
} from '../../snmp/index.js';
import { Agent } from '../../sim/agent.js';
import { buildMib } from '../../sim/mib-tables.js';
import { buildDevices, type DeviceModel } from '../../sim/model.js';
import type { MibTable } from '../../sim/mib-table.js';

/** Concatenation of OIDs/arc lists into a new OID (the brute-force list's instances). */
function concatOid(...parts: ArrayLike<number>[]): Oid {
  let n = 0;
  for (const p of parts) n += p.length;
  const out = new Uint32Array(n);
  let k = 0;
  for (const p of parts) for (let i = 0; i < p.length; i++) out[k++] = p[i]!;
  return out;
}

const seed = 7;
const devs = buildDevices({ devices: 5, ports: 4, baseAddress: 0x7f020001, topology: 'ring', seed, deadFraction: 0 });
const tables = buildMib({ seed });
const community = Buffer.from('public');

/** Every instance of a device, sorted, built the slow way. */
function allInstances(ts: readonly MibTable[], d: DeviceModel): { oid: Oid; type: number }[] {
  const out: { oid: Oid; type: number }[] = [];
  for (const tb of ts) {
    const rows = tb.rows(d);
    tb.columns.forEach((c, ci) => {
      for (const r of rows.idx) out.push({ oid: concatOid(tb.base, [c], r), type: tb.colTypes[ci]! });
    });
  }
  return out.sort((a, b) => compareOid(a.oid, b.oid));
}

function request(agent: Agent, d: DeviceModel, pdu: Pdu, opts: { version?: 0 | 1; community?: Buffer; s?: number } = {}) {
  const msg: Message = { version: opts.version ?? 1, community: opts.community ?? community, pdu };
  const out = agent.handle(d, encodeMessage(msg), opts.s ?? 100);
  if (!out) return undefined;
  const r = decodeMessage(out);
  if (!r.ok) throw new Error(`agent answered something that does not decode: ${r.error.message}`);
  return r.message;
}

const nulls = (...oids: string[]): PduVarbind[] => oids.map((o) => ({ oid: oid(o), type: Tag.Null, value: null }));
const get = (...oids: string[]): Pdu => ({ type: PduType.GetRequest, requestId: 42, errorStatus: 0, errorIndex: 0, varbinds: nulls(...oids) });
const next = (...oids: string[]): Pdu => ({ type: PduType.GetNextRequest, requestId: 43, errorStatus: 0, errorIndex: 0, varbinds: nulls(...oids) });
const bulk = (n: number, m: number, ...oids: string[]): Pdu => ({ type: PduType.GetBulkRequest, requestId: 44, nonRepeaters: n, maxRepetitions: m, varbinds: nulls(...oids) });
const names = (m: Message | undefined) => m!.pdu.varbinds.map((v) => formatOid(v.oid));
const types = (m: Message | undefined) => m!.pdu.varbinds.map((v) => v.type);

t.test('a GETNEXT walk visits exactly the sorted instance list, then endOfMibView', async (t) => {
  const agent = new Agent(tables, community, 65507);
  for (const d of devs.slice(0, 2)) {
    const want = allInstances(tables, d).map((x) => formatOid(x.oid));
    const got: string[] = [];
    let cur = '0.0';
    for (let i = 0; i < want.length + 2; i++) {
      const r = request(agent, d, next(cur))!;
      const vb = r.pdu.varbinds[0]!;
      if (vb.type === Tag.EndOfMibView) break;
      cur = formatOid(vb.oid);
      got.push(cur);
    }
    t.same(got, want, `${d.name}: ${want.length} instances in order`);
  }
});

t.test('GETNEXT from arbitrary OIDs returns the first instance after them', async (t) => {
  const agent = new Agent(tables, community, 65507);
  const d = devs[1]!;
  const all = allInstances(tables, d);
  const probes = [
    '0', '1', '1.0.8802', '1.0.8802.1.1.2.1.3.7.1.3.4', '1.0.8802.1.1.2.1.4.1.1.9.0.1', '1.0.8802.1.1.2.1.4.1.1.9.0.1.1.5',
    '1.0.8802.1.1.2.1.4.2.1.3.0.1.1.1.4.127', '1.3.6.1.2.1.1', '1.3.6.1.2.1.1.0', '1.3.6.1.2.1.1.5.0', '1.3.6.1.2.1.1.7',
    '1.3.6.1.2.1.2', '1.3.6.1.2.1.2.1.0', '1.3.6.1.2.1.2.2', '1.3.6.1.2.1.2.2.1.9', '1.3.6.1.2.1.2.2.1.20.5',
    '1.3.6.1.2.1.2.2.1.20.4294967295', '1.3.6.1.2.1.4.20.1.1.127.2.0.2.0', '1.3.6.1.2.1.25.3.3.1.2.196608',
    '1.3.6.1.2.1.31.1.1.1.18.5', '1.3.6.1.2.1.47.1.1.1.1.13.5', '1.3.6.1.4.1.2021.4.6', '1.3.6.1.4.1.2021.4.6.0', '2.0', '2.999.1',
  ];
  // plus every instance itself and each instance with an extra arc
  for (const x of all.filter((_, i) => i % 7 === 0)) { probes.push(formatOid(x.oid)); probes.push(formatOid(x.oid) + '.0'); }
  for (const p of probes) {
    const o = oid(p);
    const want = all.find((x) => compareOid(x.oid, o) > 0);
    const r = request(agent, d, next(p))!;
    const vb = r.pdu.varbinds[0]!;
    if (!want) t.same([formatOid(vb.oid), vb.type], [p, Tag.EndOfMibView], `after ${p}: endOfMibView`);
    else t.same([formatOid(vb.oid), vb.type], [formatOid(want.oid), want.type], `after ${p}`);
  }
});

t.test('GET: values, noSuchObject and noSuchInstance', async (t) => {
  const agent = new Agent(tables, community, 65507);
  const d = devs[0]!;
  const cases: [string, number][] = [
    ['1.3.6.1.2.1.1.5.0', Tag.OctetString],
    ['1.3.6.1.2.1.1.3.0', Tag.TimeTicks],
    ['1.3.6.1.2.1.1.2.0', Tag.ObjectIdentifier],
    ['1.3.6.1.2.1.2.2.1.5.1', Tag.Gauge32],
    ['1.3.6.1.2.1.2.2.1.10.5', Tag.Counter32],
    ['1.3.6.1.2.1.31.1.1.1.6.2', Tag.Counter64],
    ['1.3.6.1.2.1.4.20.1.1.127.2.0.1', Tag.IpAddress],
    ['1.3.6.1.2.1.1.5.1', Tag.NoSuchInstance],
    ['1.3.6.1.2.1.1.5', Tag.NoSuchInstance], // the object exists, this instance does not (RFC 3416 §4.2.1)
    ['1.3.6.1.2.1.2.2.1.10.6', Tag.NoSuchInstance],
    ['1.3.6.1.2.1.2.2.1.9.1', Tag.NoSuchObject],
    ['1.3.6.1.2.1.4.20.1.1.127.2.0.2', Tag.NoSuchInstance],
    ['1.3.6.1.9', Tag.NoSuchObject],
  ];
  const r = request(agent, d, get(...cases.map((c) => c[0])))!;
  t.equal(r.pdu.type, PduType.Response);
  t.equal(r.pdu.requestId, 42);
  t.same(names(r), cases.map((c) => c[0]), 'names echo the request in order');
  t.same(types(r), cases.map((c) => c[1]), 'types');
  t.equal(Buffer.from(r.pdu.varbinds[0]!.value as Uint8Array).toString(), d.name, 'sysName');
});

t.test('GETBULK: non-repeaters, repetitions, endOfMibView rows, stop when all ended', async (t) => {
  const agent = new Agent(tables, community, 65507);
  const d = devs[0]!;
  const cases: { name: string; pdu: Pdu; want: string[]; endOfMib?: number }[] = [
    {
      name: 'one non-repeater, two repeaters x 3',
      pdu: bulk(1, 3, '1.3.6.1.2.1.1.3', '1.3.6.1.2.1.2.2.1.2', '1.3.6.1.2.1.31.1.1.1.6'),
      want: ['1.3.6.1.2.1.1.3.0',
        '1.3.6.1.2.1.2.2.1.2.1', '1.3.6.1.2.1.31.1.1.1.6.1',
        '1.3.6.1.2.1.2.2.1.2.2', '1.3.6.1.2.1.31.1.1.1.6.2',
        '1.3.6.1.2.1.2.2.1.2.3', '1.3.6.1.2.1.31.1.1.1.6.3'],
    },
    {
      name: 'repeater runs off the end: endOfMibView repeats the last name; stops when all ended',
      pdu: bulk(0, 10, '1.3.6.1.4.1.2021.4.5'),
      want: ['1.3.6.1.4.1.2021.4.5.0', '1.3.6.1.4.1.2021.4.6.0', '1.3.6.1.4.1.2021.4.6.0'],
      endOfMib: 2,
    },
    {
      name: 'max-repetitions 0 answers only the non-repeaters',
      pdu: bulk(1, 0, '1.3.6.1.2.1.1.5', '1.3.6.1.2.1.2.2.1.1'),
      want: ['1.3.6.1.2.1.1.5.0'],
    },
    {
      name: 'non-repeaters larger than the list counts as all',
      pdu: bulk(9, 5, '1.3.6.1.2.1.1.5', '1.3.6.1.2.1.1.6'),
      want: ['1.3.6.1.2.1.1.5.0', '1.3.6.1.2.1.1.6.0'],
    },
    {
      name: 'negative non-repeaters counts as 0',
      pdu: bulk(-3, 2, '1.3.6.1.2.1.1.5'),
      want: ['1.3.6.1.2.1.1.5.0', '1.3.6.1.2.1.1.6.0'],
    },
    {
      name: 'request already past the end',
      pdu: bulk(0, 3, '2.1'),
      want: ['2.1'],
      endOfMib: 0,
    },
  ];
  for (const c of cases) {
    const r = request(agent, d, c.pdu)!;
    t.same(names(r), c.want, c.name);
    if (c.endOfMib !== undefined) t.equal(r.pdu.varbinds[c.endOfMib]!.type, Tag.EndOfMibView, `${c.name}: endOfMibView`);
  }
});

t.test('GETBULK answers are cut to the size limit; GET over it answers tooBig', async (t) => {
  const agent = new Agent(tables, community, 600);
  const d = devs[0]!;
  const r = request(agent, d, bulk(0, 100, '1.3.6.1.2.1.2.2.1.2'))!;
  const enc = encodeMessage(r);
  t.ok(enc.length <= 600, `answer of ${enc.length} bytes fits 600`);
  t.ok(r.pdu.varbinds.length > 5 && r.pdu.varbinds.length < 100, `cut to ${r.pdu.varbinds.length} varbinds`);
  const all = allInstances(tables, d).map((x) => formatOid(x.oid));
  const start = all.indexOf('1.3.6.1.2.1.2.2.1.2.1');
  t.same(names(r), all.slice(start, start + r.pdu.varbinds.length), 'a prefix of the walk');
  const big = request(agent, d, get(...Array.from({ length: 40 }, () => '1.3.6.1.2.1.1.1.0')))!;
  t.equal(big.pdu.type === PduType.Response && big.pdu.errorStatus, 1, 'tooBig');
  t.same(big.pdu.varbinds, [], 'tooBig has no varbinds');
});

t.test('SNMPv1: Counter64 is skipped by GETNEXT, missing names are noSuchName', async (t) => {
  const agent = new Agent(tables, community, 65507);
  const d = devs[0]!;
  // past the last row of ifOutBroadcastPkts (Counter32): columns 6..13 are Counter64
  const r1 = request(agent, d, next('1.3.6.1.2.1.31.1.1.1.5.999'), { version: 0 })!;
  t.same(names(r1), ['1.3.6.1.2.1.31.1.1.1.15.1'], 'ifHCInOctets..ifHCOutBroadcastPkts skipped');
  const r0 = request(agent, d, next('1.3.6.1.2.1.31.1.1.1.1.999'), { version: 0 })!;
  t.same(names(r0), ['1.3.6.1.2.1.31.1.1.1.2.1'], 'the Counter32 ifInMulticastPkts is answered in v1');
  t.equal(r1.version, 0);
  const r2 = request(agent, d, get('1.3.6.1.2.1.1.5.0', '1.3.6.1.2.1.31.1.1.1.6.1'), { version: 0 })!;
  t.same(r2.pdu.type === PduType.Response && [r2.pdu.errorStatus, r2.pdu.errorIndex], [2, 2], 'noSuchName at index 2');
  t.same(names(r2), ['1.3.6.1.2.1.1.5.0', '1.3.6.1.2.1.31.1.1.1.6.1'], 'varbinds echoed');
  const r3 = request(agent, d, next('1.3.6.1.4.1.2021.4.6.0'), { version: 0 })!;
  t.same(r3.pdu.type === PduType.Response && [r3.pdu.errorStatus, r3.pdu.errorIndex], [2, 1], 'end of MIB is noSuchName in v1');
});

t.test('no answer to another community, garbage, or a Response; SET is refused', async (t) => {
  const agent = new Agent(tables, community, 65507);
  const d = devs[0]!;
  t.equal(request(agent, d, get('1.3.6.1.2.1.1.5.0'), { community: Buffer.from('private') }), undefined);
  t.equal(agent.outcome, 'wrongCommunity');
  t.equal(request(agent, d, { type: PduType.Response, requestId: 1, errorStatus: 0, errorIndex: 0, varbinds: [] }), undefined);
  t.equal(agent.outcome, 'ignored');
  for (const g of [Buffer.alloc(0), Buffer.from('hello'), Buffer.from([0x30, 0x82, 0xff, 0xff]), Buffer.alloc(2000, 0x30)]) {
    t.equal(agent.handle(d, g, 1), undefined);
    t.equal(agent.outcome, 'malformed');
  }
  const set = request(agent, d, { type: PduType.SetRequest, requestId: 5, errorStatus: 0, errorIndex: 0,
    varbinds: [{ oid: oid('1.3.6.1.2.1.1.5.0'), type: Tag.OctetString, value: Buffer.from('x') }] })!;
  t.same(set.pdu.type === PduType.Response && [set.pdu.errorStatus, set.pdu.errorIndex], [17, 1], 'notWritable');
});
