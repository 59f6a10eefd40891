// The fast path's wire code (workers/v2c/wire.ts) against the project's full codec: requests it
// encodes decode to what was asked, answers the codec encodes decode by position into the same
// readings the Map evaluator's values give, and malformed datagrams of every kind are refused as data.
import t from 'tap';
import { decodeMessage, encodeMessage, encodeOidContent, formatOid, oid, parseOid, PduType, Tag, type PduVarbind as CodecVarbind } from '../../snmp/index.js';
import { SnmpType, type Varbind } from '../../snmp/types.js';
import { Readings } from '../../workers/v2c/readings.js';
import { Decode, decodeGetResponse, encodeGet, oidContent, peekRequestId, stampRequestId } from '../../workers/v2c/wire.js';
import { setReading } from './eval-conformance.js';

const community = new TextEncoder().encode('public');
const ip = new Uint8Array([10, 0, 0, 1]);
const text = (s: string) => new TextEncoder().encode(s);

/** [name, codec varbind value (type, value), the same as the net-snmp path's Varbind value] */
const values: [string, number, CodecVarbind['value'], Varbind['value']][] = [
  ['INTEGER 0', Tag.Integer, 0, 0],
  ['INTEGER −1', Tag.Integer, -1, -1],
  ['INTEGER max', Tag.Integer, 0x7fffffff, 0x7fffffff],
  ['INTEGER min', Tag.Integer, -0x80000000, -0x80000000],
  ['Counter32 0', Tag.Counter32, 0, 0],
  ['Counter32 max', Tag.Counter32, 0xffffffff, 0xffffffff],
  ['Gauge32 2^31', Tag.Gauge32, 0x80000000, 0x80000000],
  ['TimeTicks', Tag.TimeTicks, 123456789, 123456789],
  ['Counter64 0', Tag.Counter64, 0n, 0n],
  ['Counter64 2^53+1', Tag.Counter64, (1n << 53n) + 1n, (1n << 53n) + 1n],
  ['Counter64 2^64−1', Tag.Counter64, (1n << 64n) - 1n, (1n << 64n) - 1n],
  ['Counter64 2^32', Tag.Counter64, 1n << 32n, 1n << 32n],
  ['OCTET STRING number', Tag.OctetString, text(' 42 '), text(' 42 ')],
  ['OCTET STRING text', Tag.OctetString, text('eth0'), text('eth0')],
  ['OCTET STRING empty', Tag.OctetString, text(''), text('')],
  ['IpAddress', Tag.IpAddress, ip, '10.0.0.1'],
  ['OBJECT IDENTIFIER', Tag.ObjectIdentifier, oid('1.3.6.1.4.1.8072'), '1.3.6.1.4.1.8072'],
  ['NULL', Tag.Null, null, null],
  ['noSuchObject', Tag.NoSuchObject, null, null],
  ['noSuchInstance', Tag.NoSuchInstance, null, null],
  ['endOfMibView', Tag.EndOfMibView, null, null],
];

const oids = values.map((_, i) => `1.3.6.1.2.1.31.1.1.1.${i + 1}.${1000 + i * 77}`);

function response(requestId: number, vbs: CodecVarbind[], errorStatus = 0, type: number = PduType.Response, version: 0 | 1 = 1): Buffer {
  return encodeMessage({ version, community, pdu: { type: type as typeof PduType.Response, requestId, errorStatus, errorIndex: 0, varbinds: vbs } });
}
const codecVbs = (): CodecVarbind[] => values.map(([, type, value], i) => ({ oid: oid(oids[i]!), type, value }) as CodecVarbind);

t.test('GET requests: the codec decodes what encodeGet wrote, request-id re-stamped in place', async (t) => {
  const req = encodeGet(community, oids);
  for (const id of [0x01000000, 0x12345678, 0x7fffffff]) {
    stampRequestId(req, id);
    const m = decodeMessage(req.bytes);
    t.ok(m.ok, 'decodes');
    if (!m.ok) continue;
    t.equal(m.message.pdu.type, PduType.GetRequest);
    t.equal(m.message.pdu.requestId, id, `request-id ${id}`);
    t.same(m.message.pdu.varbinds.map((v) => formatOid(v.oid)), oids);
    t.ok(m.message.pdu.varbinds.every((v) => v.type === Tag.Null));
    t.equal(peekRequestId(req.bytes), id, 'peekRequestId reads it back');
  }
});

t.test('GET answers decode by position into the readings the Map path would see', async (t) => {
  const req = encodeGet(community, oids);
  const positions = Int32Array.from(oids.map((_, i) => oids.length - 1 - i)); // any position order
  const got = new Readings(oids.length, 0), want = new Readings(oids.length, 0);
  got.clear(); want.clear();
  t.equal(decodeGetResponse(response(0x01000001, codecVbs()), req, positions, got), 0, 'decoded');
  values.forEach(([, type, , value], i) => setReading(want, positions[i]!, { oid: oids[i]!, type: type === Tag.Opaque ? SnmpType.Opaque : type, value }));
  values.forEach(([name], i) => {
    const p = positions[i]!;
    t.same([got.tag[p], got.num[p], got.exact[p], got.exact[p] ? got.hi[p] : 0, got.exact[p] ? got.lo[p] : 0],
      [want.tag[p], want.num[p], want.exact[p], want.exact[p] ? want.hi[p] : 0, want.exact[p] ? want.lo[p] : 0], name);
  });
});

t.test('answers that do not fit the request are refused', async (t) => {
  const req = encodeGet(community, oids.slice(0, 3));
  const pos = Int32Array.from([0, 1, 2]);
  const vbs = codecVbs().slice(0, 3);
  const cases: [string, Buffer, number][] = [
    ['fine', response(1 << 24, vbs), 0],
    ['tooBig', response(1 << 24, [], 1), 1],
    ['genErr', response(1 << 24, vbs, 5), 5],
    ['one varbind short', response(1 << 24, vbs.slice(0, 2)), Decode.WrongCount],
    ['one varbind more', response(1 << 24, [...vbs, vbs[0]!]), Decode.WrongCount],
    ['another OID', response(1 << 24, [vbs[0]!, { ...vbs[1]!, oid: oid('1.3.6.1.2.1.1.5.0') }, vbs[2]!]), Decode.WrongOid],
    ['OIDs in another order', response(1 << 24, [vbs[1]!, vbs[0]!, vbs[2]!]), Decode.WrongOid],
    ['a GetRequest, not a Response', response(1 << 24, vbs, 0, PduType.GetRequest), Decode.NotResponse],
    ['SNMPv1', response(1 << 24, vbs, 0, PduType.Response, 0), Decode.NotResponse],
    ['trailing byte', Buffer.concat([response(1 << 24, vbs), Buffer.from([0])]), Decode.Malformed],
  ];
  for (const [name, d, want] of cases) {
    const r = new Readings(3, 0);
    t.equal(decodeGetResponse(d, req, pos, r), want, name);
  }
});

t.test('truncated and random datagrams: never a throw, never a wrong value', async (t) => {
  const req = encodeGet(community, oids);
  const pos = Int32Array.from(oids.map((_, i) => i));
  const full = response(0x01020304, codecVbs());
  let refused = 0, threw = 0;
  for (let n = 0; n < full.length; n++) {
    try {
      if (decodeGetResponse(full.subarray(0, n), req, pos, new Readings(oids.length, 0)) < 0) refused++;
      peekRequestId(full.subarray(0, n));
    } catch { threw++; }
  }
  t.equal(threw, 0, 'no throw on any truncation');
  t.equal(refused, full.length, `every one of ${full.length} truncations refused`);
  let seed = 99;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 16) & 0xff;
  threw = 0;
  let accepted = 0;
  for (let k = 0; k < 5000; k++) {
    const d = Buffer.from(full);
    for (let j = 0; j < 1 + (k % 4); j++) d[(rnd() * 256 + rnd()) % d.length] = rnd();
    try {
      if (decodeGetResponse(d, req, pos, new Readings(oids.length, 0)) === 0) accepted++;
      peekRequestId(d);
    } catch { threw++; }
  }
  t.equal(threw, 0, 'no throw on 5000 corrupted answers');
  t.comment(`${accepted} corrupted answers still decoded (a changed value byte is a valid answer)`);
});

t.test('OID text → content bytes: the same bytes as the codec, invalid text refused', async (t) => {
  const good = ['1.3.6.1.2.1.1.3.0', '.1.3.6.1.2.1.31.1.1.1.6.1001', '0.0', '1.39', '2.999.1', '1.3.6.1.4.1.4294967295.127.128.16383.16384',
    '1.3.6.1.2.1.2.2.1.10.2097151', '1.3.268435455.268435456'];
  for (const text of good) t.same(Array.from(oidContent(text)), Array.from(encodeOidContent(parseOid(text)!)), text);
  const bad = ['', '1', '1.', '.', '1..3', '1.3.a', '3.1', '1.40', '1.3.4294967296', '1.3.-1', '1.3 .6', '1.3.12345678901'];
  for (const text of bad) t.throws(() => oidContent(text), `'${text}' refused`);
});
