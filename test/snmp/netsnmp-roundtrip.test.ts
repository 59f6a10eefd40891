// Our codec against net-snmp's encoder and decoder, over a loopback UDP exchange:
// net-snmp encodes a request (GET/GETNEXT/GETBULK/SET with every value type) → we decode it and
// compare; we encode the Response → net-snmp decodes it and we compare what its callback returns.
import t from 'tap';
import dgram from 'node:dgram';
import { createRequire } from 'node:module';
import {
  decodeMessage, encodeMessage, formatOid, oid, PduType, Tag,
  type Message, type PduVarbind,
} from '../../snmp/index.js';

// net-snmp ships no types; it is imported here, in the test only.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const snmp: any = createRequire(import.meta.url)('net-snmp');

interface Exchange { request: Message; reply: (req: Message) => Message | undefined }

/** A one-shot fake agent: decodes each datagram with our codec and answers with our encoder. */
async function fakeAgent(reply: (req: Message) => Message | undefined) {
  const sock = dgram.createSocket('udp4');
  const seen: Message[] = [];
  const errors: string[] = [];
  sock.on('message', (buf, rinfo) => {
    const r = decodeMessage(buf);
    if (!r.ok) { errors.push(r.error.message); return; }
    seen.push(r.message);
    const out = reply(r.message);
    if (out) sock.send(encodeMessage(out), rinfo.port, rinfo.address);
  });
  await new Promise<void>((res) => sock.bind(0, '127.0.0.1', () => res()));
  const port = (sock.address() as { port: number }).port;
  return { port, seen, errors, close: () => new Promise<void>((res) => sock.close(() => res())) };
}

function session(port: number, community = 'public', version: number = snmp.Version2c) {
  const s = snmp.createSession('127.0.0.1', community, { port, version, retries: 0, timeout: 2000 });
  s.on('error', () => {});
  return s;
}

const respond = (req: Message, varbinds: PduVarbind[], errorStatus = 0, errorIndex = 0): Message => ({
  version: req.version, community: req.community,
  pdu: { type: PduType.Response, requestId: req.pdu.requestId, errorStatus, errorIndex, varbinds },
});

const o = (s: string) => oid(s);
const TWO_60 = 1n << 60n;
const u64 = (v: bigint) => { const b = Buffer.alloc(8); b.writeBigUInt64BE(v); return b; };

// One row per value type: our PduVarbind, the net-snmp varbind for SET, and what net-snmp's decoder returns.
const valueCases: { name: string; ours: PduVarbind; theirs: { type: number; value: unknown }; decoded: unknown }[] = [
  { name: 'Integer 0', ours: { oid: o('1.3.6.1.2.1.2.2.1.7.1'), type: Tag.Integer, value: 0 }, theirs: { type: 2, value: 0 }, decoded: 0 },
  { name: 'Integer -1', ours: { oid: o('1.3.6.1.4.1.1.1'), type: Tag.Integer, value: -1 }, theirs: { type: 2, value: -1 }, decoded: -1 },
  { name: 'Integer 127/128 boundary', ours: { oid: o('1.3.6.1.4.1.1.2'), type: Tag.Integer, value: 128 }, theirs: { type: 2, value: 128 }, decoded: 128 },
  { name: 'Integer min', ours: { oid: o('1.3.6.1.4.1.1.3'), type: Tag.Integer, value: -2147483648 }, theirs: { type: 2, value: -2147483648 }, decoded: -2147483648 },
  { name: 'Integer max', ours: { oid: o('1.3.6.1.4.1.1.4'), type: Tag.Integer, value: 2147483647 }, theirs: { type: 2, value: 2147483647 }, decoded: 2147483647 },
  { name: 'OctetString', ours: { oid: o('1.3.6.1.2.1.1.5.0'), type: Tag.OctetString, value: Buffer.from('sim-core-01') }, theirs: { type: 4, value: Buffer.from('sim-core-01') }, decoded: Buffer.from('sim-core-01') },
  { name: 'OctetString empty', ours: { oid: o('1.3.6.1.2.1.1.4.0'), type: Tag.OctetString, value: Buffer.alloc(0) }, theirs: { type: 4, value: Buffer.alloc(0) }, decoded: Buffer.alloc(0) },
  { name: 'OctetString 300 bytes (long length form)', ours: { oid: o('1.3.6.1.2.1.1.1.0'), type: Tag.OctetString, value: Buffer.alloc(300, 0x61) }, theirs: { type: 4, value: Buffer.alloc(300, 0x61) }, decoded: Buffer.alloc(300, 0x61) },
  { name: 'Null', ours: { oid: o('1.3.6.1.2.1.1.3.0'), type: Tag.Null, value: null }, theirs: { type: 5, value: null }, decoded: null },
  { name: 'OID', ours: { oid: o('1.3.6.1.2.1.1.2.0'), type: Tag.ObjectIdentifier, value: o('1.3.6.1.4.1.9.1.2494') }, theirs: { type: 6, value: '1.3.6.1.4.1.9.1.2494' }, decoded: '1.3.6.1.4.1.9.1.2494' },
  { name: 'OID with large arcs', ours: { oid: o('1.0.8802.1.1.2.1.3.2.0'), type: Tag.ObjectIdentifier, value: o('1.3.6.1.4.1.4294967295.16384.2097152') }, theirs: { type: 6, value: '1.3.6.1.4.1.4294967295.16384.2097152' }, decoded: '1.3.6.1.4.1.4294967295.16384.2097152' },
  { name: 'IpAddress', ours: { oid: o('1.3.6.1.2.1.4.20.1.1.127.1.0.1'), type: Tag.IpAddress, value: Uint8Array.of(127, 1, 0, 1) }, theirs: { type: 64, value: '127.1.0.1' }, decoded: '127.1.0.1' },
  { name: 'Counter32 0', ours: { oid: o('1.3.6.1.2.1.2.2.1.10.1'), type: Tag.Counter32, value: 0 }, theirs: { type: 65, value: 0 }, decoded: 0 },
  { name: 'Counter32 max', ours: { oid: o('1.3.6.1.2.1.2.2.1.10.2'), type: Tag.Counter32, value: 4294967295 }, theirs: { type: 65, value: 4294967295 }, decoded: 4294967295 },
  { name: 'Counter32 2^31', ours: { oid: o('1.3.6.1.2.1.2.2.1.10.3'), type: Tag.Counter32, value: 2147483648 }, theirs: { type: 65, value: 2147483648 }, decoded: 2147483648 },
  { name: 'Gauge32', ours: { oid: o('1.3.6.1.2.1.2.2.1.5.1'), type: Tag.Gauge32, value: 1000000000 }, theirs: { type: 66, value: 1000000000 }, decoded: 1000000000 },
  { name: 'TimeTicks', ours: { oid: o('1.3.6.1.2.1.1.3.0'), type: Tag.TimeTicks, value: 123456789 }, theirs: { type: 67, value: 123456789 }, decoded: 123456789 },
  { name: 'Opaque', ours: { oid: o('1.3.6.1.4.1.2021.10.1.6.1'), type: Tag.Opaque, value: Uint8Array.of(0x9f, 0x78, 0x04, 0x3f, 0x80, 0, 0) }, theirs: { type: 68, value: Buffer.from([0x9f, 0x78, 0x04, 0x3f, 0x80, 0, 0]) }, decoded: Buffer.from([0x9f, 0x78, 0x04, 0x3f, 0x80, 0, 0]) },
  { name: 'Counter64 small', ours: { oid: o('1.3.6.1.2.1.31.1.1.1.6.1'), type: Tag.Counter64, value: 5n }, theirs: { type: 70, value: u64(5n) }, decoded: 5n },
  { name: 'Counter64 2^53+1 exact', ours: { oid: o('1.3.6.1.2.1.31.1.1.1.6.2'), type: Tag.Counter64, value: (1n << 53n) + 1n }, theirs: { type: 70, value: u64((1n << 53n) + 1n) }, decoded: (1n << 53n) + 1n },
  { name: 'Counter64 2^60+12345', ours: { oid: o('1.3.6.1.2.1.31.1.1.1.6.3'), type: Tag.Counter64, value: TWO_60 + 12345n }, theirs: { type: 70, value: u64(TWO_60 + 12345n) }, decoded: TWO_60 + 12345n },
  { name: 'Counter64 max', ours: { oid: o('1.3.6.1.2.1.31.1.1.1.6.4'), type: Tag.Counter64, value: (1n << 64n) - 1n }, theirs: { type: 70, value: u64((1n << 64n) - 1n) }, decoded: (1n << 64n) - 1n },
  { name: 'noSuchObject', ours: { oid: o('1.3.6.1.9.9.9'), type: Tag.NoSuchObject, value: null }, theirs: { type: 128, value: null }, decoded: null },
  { name: 'noSuchInstance', ours: { oid: o('1.3.6.1.2.1.1.9.0'), type: Tag.NoSuchInstance, value: null }, theirs: { type: 129, value: null }, decoded: null },
  { name: 'endOfMibView', ours: { oid: o('1.3.6.1.2.1.99'), type: Tag.EndOfMibView, value: null }, theirs: { type: 130, value: null }, decoded: null },
];

/** Normalises what net-snmp's decoder gives back (Counter64 arrives as a Buffer). */
function theirValue(vb: { type: number; value: unknown }): unknown {
  if (vb.type === 70 && Buffer.isBuffer(vb.value)) return vb.value.length === 0 ? 0n : BigInt('0x' + vb.value.toString('hex'));
  return vb.value;
}

/** Normalises our decoded value to compare with the case's `ours` value. */
function norm(v: unknown): unknown {
  if (v instanceof Uint32Array) return formatOid(v);
  if (v instanceof Uint8Array) return Buffer.from(v).toString('hex');
  return v;
}

t.test('SET from net-snmp decodes with ours; our Response decodes with net-snmp', async (t) => {
  const agent = await fakeAgent((req) => respond(req, req.pdu.varbinds));
  t.teardown(agent.close);
  const s = session(agent.port);
  t.teardown(() => s.close());
  for (const c of valueCases) {
    const got: { type: number; value: unknown; oid: string }[] = await new Promise((res, rej) =>
      s.set([{ oid: formatOid(c.ours.oid), type: c.theirs.type, value: c.theirs.value }], (err: Error | null, vbs: never) => (err ? rej(err) : res(vbs))));
    const req = agent.seen.at(-1)!;
    t.equal(req.pdu.type, PduType.SetRequest, `${c.name}: PDU type`);
    const vb = req.pdu.varbinds[0]!;
    t.equal(formatOid(vb.oid), formatOid(c.ours.oid), `${c.name}: our decode of their OID`);
    t.equal(vb.type, c.ours.type, `${c.name}: our decode of their type`);
    t.same(norm(vb.value), norm(c.ours.value), `${c.name}: our decode of their value`);
    t.equal(got[0]!.oid, formatOid(c.ours.oid), `${c.name}: their decode of our OID`);
    t.equal(got[0]!.type, c.theirs.type, `${c.name}: their decode of our type`);
    t.same(theirValue(got[0]!), c.decoded, `${c.name}: their decode of our value`);
  }
  t.same(agent.errors, []);
});

t.test('GET, GETNEXT and GETBULK requests from net-snmp', async (t) => {
  const agent = await fakeAgent((req) => {
    // answer each requested OID (for bulk: non-repeaters once, then repeaters × max-repetitions) with an Integer 7
    const p = req.pdu;
    const vbs: PduVarbind[] = [];
    if (p.type === PduType.GetBulkRequest) {
      for (let i = 0; i < p.nonRepeaters; i++) vbs.push({ oid: Uint32Array.from([...p.varbinds[i]!.oid, 1]), type: Tag.Integer, value: 7 });
      for (let r = 1; r <= p.maxRepetitions; r++) {
        for (let i = p.nonRepeaters; i < p.varbinds.length; i++) vbs.push({ oid: Uint32Array.from([...p.varbinds[i]!.oid, r]), type: Tag.Integer, value: 7 });
      }
    } else {
      for (const v of p.varbinds) vbs.push({ oid: p.type === PduType.GetNextRequest ? Uint32Array.from([...v.oid, 0]) : v.oid, type: Tag.Integer, value: 7 });
    }
    return respond(req, vbs);
  });
  t.teardown(agent.close);
  const s = session(agent.port, 'not-public');
  t.teardown(() => s.close());
  const call = (fn: string, ...args: unknown[]) => new Promise<unknown[]>((res, rej) =>
    s[fn](...args, (err: Error | null, vbs: unknown[]) => (err ? rej(err) : res(vbs))));

  const cases = [
    { name: 'get', fn: 'get', args: [['1.3.6.1.2.1.1.5.0', '1.3.6.1.2.1.1.3.0']], type: PduType.GetRequest, a: 0, b: 0, count: 2 },
    { name: 'getNext', fn: 'getNext', args: [['1.3.6.1.2.1.2.2.1.2']], type: PduType.GetNextRequest, a: 0, b: 0, count: 1 },
    { name: 'getBulk', fn: 'getBulk', args: [['1.3.6.1.2.1.1.3', '1.3.6.1.2.1.2.2.1.10', '1.3.6.1.2.1.2.2.1.16'], 1, 5], type: PduType.GetBulkRequest, a: 1, b: 5, count: 3 },
  ];
  for (const c of cases) {
    const got = await call(c.fn, ...c.args);
    const req = agent.seen.at(-1)!;
    t.equal(req.version, 1, `${c.name}: version v2c`);
    t.equal(Buffer.from(req.community).toString(), 'not-public', `${c.name}: community`);
    t.equal(req.pdu.type, c.type, `${c.name}: PDU type`);
    const [a, b] = req.pdu.type === PduType.GetBulkRequest ? [req.pdu.nonRepeaters, req.pdu.maxRepetitions] : [req.pdu.errorStatus, req.pdu.errorIndex];
    t.same([a, b], [c.a, c.b], `${c.name}: the two middle integers`);
    const oids = (c.args[0] as string[]);
    t.same(req.pdu.varbinds.map((v) => formatOid(v.oid)), oids, `${c.name}: requested OIDs`);
    t.same(req.pdu.varbinds.map((v) => v.type), oids.map(() => Tag.Null), `${c.name}: request values are NULL`);
    t.equal(got.length, c.count, `${c.name}: net-snmp accepted our response`);
  }
  // getBulk rows as net-snmp arranges them: non-repeater first, then arrays per repeater row
  const bulk = await call('getBulk', ['1.3.6.1.2.1.1.3', '1.3.6.1.2.1.2.2.1.10'], 1, 3) as unknown[];
  t.same((bulk[0] as { oid: string }).oid, '1.3.6.1.2.1.1.3.1');
  t.same((bulk[1] as { oid: string }[]).map((v) => v.oid), ['1.3.6.1.2.1.2.2.1.10.1', '1.3.6.1.2.1.2.2.1.10.2', '1.3.6.1.2.1.2.2.1.10.3']);
  t.same(agent.errors, []);
});

t.test('an error-status Response decodes in net-snmp as a RequestFailedError', async (t) => {
  const agent = await fakeAgent((req) => respond(req, req.pdu.varbinds, 1, 0));
  t.teardown(agent.close);
  const s = session(agent.port);
  t.teardown(() => s.close());
  const err = await new Promise<Error & { status?: number }>((res) => s.get(['1.3.6.1.2.1.1.1.0'], (e: Error) => res(e)));
  t.equal(err?.name, 'RequestFailedError');
  t.equal(err?.status, 1, 'tooBig');
});

t.test('SNMPv1 GET and GETNEXT from net-snmp; our v1 Response decodes in net-snmp', async (t) => {
  const agent = await fakeAgent((req) => respond(req, req.pdu.varbinds.map((v) => ({ oid: v.oid, type: Tag.Counter32, value: 4000000000 }))));
  t.teardown(agent.close);
  const s = session(agent.port, 'public', snmp.Version1);
  t.teardown(() => s.close());
  for (const [fn, type] of [['get', PduType.GetRequest], ['getNext', PduType.GetNextRequest]] as const) {
    const got: { oid: string; value: unknown }[] = await new Promise((res, rej) =>
      s[fn](['1.3.6.1.2.1.2.2.1.10.1'], (e: Error | null, v: never) => (e ? rej(e) : res(v))));
    const req = agent.seen.at(-1)!;
    t.equal(req.version, 0, `${fn}: version field 0`);
    t.equal(req.pdu.type, type, `${fn}: PDU type`);
    t.same(got.map((v) => [v.oid, v.value]), [['1.3.6.1.2.1.2.2.1.10.1', 4000000000]], `${fn}: net-snmp decoded our v1 answer`);
  }
});
