// The fast path's wire code (workers/v2c/wire.ts) against the project's full codec: requests it
// encodes decode to what was asked, answers the codec encodes decode by position into the same
// readings the Map evaluator's values give, and malformed datagrams of every kind are refused as data.
import t from 'tap';
import { decodeMessage, encodeMessage, encodeOidContent, formatOid, oid, parseOid, PduType, Tag, type PduVarbind as CodecVarbind } from '../../snmp/index.js';
import { SnmpType, type Varbind } from '../../snmp/types.js';
import { Readings } from '../../workers/v2c/readings.js';
import {
  checkAnswer, compareOid, Decode, decodeFailureText, decodeGetResponse, decodeWalkResponse, encodeBulk, encodeGet, oidContent, parseRequest,
  peekRequestId, stampRequestId, type RequestView,
} from '../../workers/v2c/wire.js';
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

t.test('checkAnswer: one table for GET, GETNEXT and GETBULK answers; decodeGetResponse agrees on GETs', async (t) => {
  const c1 = '1.3.6.1.2.1.25.3.3.1.2', c2 = '1.3.6.1.2.1.2.2.1.10', big = '1.3.6.1.4.1.16383';
  const get = encodeGet(community, [`${c1}.1`, `${c2}.1`]);
  const bulk = encodeBulk(community, [oidContent(c1), oidContent(c2)], 3);
  const bigBulk = encodeBulk(community, [oidContent(big)], 2);
  const codecRequest = (type: number, names: string[], nonRepeaters = 0, maxRepetitions = 0) => {
    const varbinds = names.map((n) => ({ oid: oid(n), type: Tag.Null, value: null }) as CodecVarbind);
    const pdu = type === PduType.GetBulkRequest
      ? { type: PduType.GetBulkRequest, requestId: 77, nonRepeaters, maxRepetitions, varbinds }
      : { type: type as typeof PduType.GetNextRequest, requestId: 77, errorStatus: 0, errorIndex: 0, varbinds };
    return parseRequest(encodeMessage({ version: 1, community, pdu }))!;
  };
  const next = codecRequest(PduType.GetNextRequest, [c1, c2]);
  // one non-repeater (sysUpTime's neighbour) and one repeater column, two repetitions
  const mixed = codecRequest(PduType.GetBulkRequest, ['1.3.6.1.2.1.1.3', c1], 1, 2);
  const vb = (name: string, type: number = Tag.Gauge32): CodecVarbind =>
    ({ oid: oid(name), type, value: type === Tag.Gauge32 ? 7 : null }) as CodecVarbind;
  const end = (name: string) => vb(name, Tag.EndOfMibView);
  const nul = (name: string) => vb(name, Tag.Null);
  const answer = (vbs: CodecVarbind[], errorStatus = 0, comm = community) =>
    encodeMessage({ version: 1, community: comm, pdu: { type: PduType.Response, requestId: 1 << 24, errorStatus, errorIndex: 0, varbinds: vbs } });
  // [name, request, answer, expected]
  const cases: [string, RequestView, Buffer, number][] = [
    ['GET: the OIDs asked', get, answer([vb(`${c1}.1`), vb(`${c2}.1`)]), 0],
    ['GET: an exception value is an answer', get, answer([vb(`${c1}.1`, Tag.NoSuchInstance), vb(`${c2}.1`)]), 0],
    ['GET: empty list', get, answer([]), Decode.WrongCount],
    ['GET: one short', get, answer([vb(`${c1}.1`)]), Decode.WrongCount],
    ['GET: one more', get, answer([vb(`${c1}.1`), vb(`${c2}.1`), vb(`${c2}.2`)]), Decode.WrongCount],
    ['GET: another OID', get, answer([vb(`${c1}.1`), vb(`${c2}.2`)]), Decode.WrongOid],
    ['GET: swapped', get, answer([vb(`${c2}.1`), vb(`${c1}.1`)]), Decode.WrongOid],
    ['GET: another community', get, answer([vb(`${c1}.1`), vb(`${c2}.1`)], 0, text('private')), Decode.WrongCommunity],
    ['GET: genErr echoing the request', get, answer([nul(`${c1}.1`), nul(`${c2}.1`)], 5), 5],
    ['GET: genErr with an empty list', get, answer([], 5), Decode.WrongCount],
    ['GET: genErr with other OIDs', get, answer([nul(`${c1}.2`), nul(`${c2}.1`)], 5), Decode.WrongOid],
    ['GET: tooBig with an empty list (RFC 3416)', get, answer([], 1), 1],
    ['GET: tooBig echoing the request', get, answer([nul(`${c1}.1`), nul(`${c2}.1`)], 1), 1],
    ['GETBULK: two full repetitions', bulk, answer([vb(`${c1}.1`), vb(`${c2}.1`), vb(`${c1}.2`), vb(`${c2}.2`)]), 0],
    ['GETBULK: truncated mid-repetition', bulk, answer([vb(`${c1}.1`), vb(`${c2}.1`), vb(`${c1}.2`)]), 0],
    ['GETBULK: past the columns', bulk, answer([vb('1.3.6.1.2.1.25.3.4.1.1'), vb('1.3.6.1.2.1.2.2.1.11.1')]), 0],
    ['GETBULK: endOfMibView repeats the name', bulk, answer([vb(`${c1}.9`), vb(`${c2}.9`), end(`${c1}.9`), vb(`${c2}.10`)]), 0],
    ['GETBULK: max-repetitions × columns', bulk, answer([1, 2, 3].flatMap((i) => [vb(`${c1}.${i}`), vb(`${c2}.${i}`)])), 0],
    ['GETBULK: more than max-repetitions × columns', bulk, answer([...[1, 2, 3].flatMap((i) => [vb(`${c1}.${i}`), vb(`${c2}.${i}`)]), vb(`${c1}.4`)]), Decode.WrongCount],
    ['GETBULK: empty list', bulk, answer([]), Decode.WrongCount],
    ['GETBULK: the start OID itself', bulk, answer([vb(c1), vb(`${c2}.1`)]), Decode.OutOfOrder],
    ['GETBULK: before the start', bulk, answer([vb('1.3.6.1.2.1.1.5.0'), vb(`${c2}.1`)]), Decode.OutOfOrder],
    ['GETBULK: columns swapped', bulk, answer([vb(`${c2}.1`), vb(`${c1}.1`)]), Decode.OutOfOrder],
    ['GETBULK: a repetition going back', bulk, answer([vb(`${c1}.2`), vb(`${c2}.1`), vb(`${c1}.1`), vb(`${c2}.2`)]), Decode.OutOfOrder],
    ['GETBULK: a repetition standing still', bulk, answer([vb(`${c1}.2`), vb(`${c2}.1`), vb(`${c1}.2`), vb(`${c2}.2`)]), Decode.OutOfOrder],
    ['GETBULK: genErr echoing the request', bulk, answer([nul(c1), nul(c2)], 5), 5],
    ['GETBULK: genErr with an empty list', bulk, answer([], 5), Decode.WrongCount],
    ['GETBULK: another community', bulk, answer([vb(`${c1}.1`), vb(`${c2}.1`)], 0, text('x')), Decode.WrongCommunity],
    ['GETBULK: arcs by value, not bytes (16384 after 16383)', bigBulk, answer([vb('1.3.6.1.4.1.16384.1')]), 0],
    ['GETBULK: arcs by value (16382.5 before 16383)', bigBulk, answer([vb('1.3.6.1.4.1.16382.5')]), Decode.OutOfOrder],
    ['GETBULK (codec request, a non-repeater): both after their names', mixed, answer([vb('1.3.6.1.2.1.1.3.0'), vb(`${c1}.1`), vb(`${c1}.2`)]), 0],
    ['GETBULK (codec request): the non-repeater before its name', mixed, answer([vb('1.3.6.1.2.1.1.2.0'), vb(`${c1}.1`)]), Decode.OutOfOrder],
    ['GETBULK (codec request): over N + R·M', mixed, answer([vb('1.3.6.1.2.1.1.3.0'), vb(`${c1}.1`), vb(`${c1}.2`), vb(`${c1}.3`)]), Decode.WrongCount],
    ['GETNEXT: the next of each', next, answer([vb(`${c1}.1`), vb(`${c2}.1`)]), 0],
    ['GETNEXT: one short', next, answer([vb(`${c1}.1`)]), Decode.WrongCount],
    ['GETNEXT: not after', next, answer([vb(c1), vb(`${c2}.1`)]), Decode.OutOfOrder],
    ['not a Response', get, response(1 << 24, [vb(`${c1}.1`), vb(`${c2}.1`)], 0, PduType.GetRequest), Decode.NotResponse],
    ['truncated', get, answer([vb(`${c1}.1`), vb(`${c2}.1`)]).subarray(0, 30), Decode.Malformed],
  ];
  for (const [name, req, d, want] of cases) {
    t.equal(checkAnswer(d, req), want, `${name}: ${want < 0 ? decodeFailureText(want) : `status ${want}`}`);
    if (req === get) {
      const got = decodeGetResponse(d, get, Int32Array.from([0, 1]), new Readings(2, 0));
      t.equal(got < 0, want < 0, `${name}: decodeGetResponse ${want < 0 ? 'refuses' : 'takes'} it too`);
    }
  }
});

t.test('a walk answer that does not fit changes no column and no reading', async (t) => {
  const c1 = '1.3.6.1.2.1.25.3.3.1.2';
  const req = encodeBulk(community, [oidContent(c1)], 4);
  const cols = [{ prefix: oidContent(c1), cursor: oidContent(c1), cursorLen: oidContent(c1).length, done: false }];
  const active = Int32Array.from([0]);
  const r = new Readings(0, 1);
  r.clear();
  const vb = (name: string, value: number) => ({ oid: oid(name), type: Tag.Integer, value }) as CodecVarbind;
  const forged = response(1 << 24, [vb(`${c1}.5`, 99), vb(`${c1}.4`, 99)]); // the second row goes back
  t.equal(decodeWalkResponse(forged, req, cols, active, 1, r), Decode.OutOfOrder);
  t.same([cols[0]!.done, cols[0]!.cursorLen, r.colSum[0], r.colCount[0]], [false, oidContent(c1).length, 0, 0], 'nothing taken from it');
  t.equal(decodeWalkResponse(response(1 << 24, [vb(`${c1}.1`, 10), vb(`${c1}.2`, 30)]), req, cols, active, 1, r), 0, 'the real answer');
  t.same([r.colSum[0], r.colCount[0]], [40, 2], 'its rows counted');
});

t.test('compareOid orders OIDs arc by arc', async (t) => {
  const cases: [string, string, number][] = [
    ['1.3.6.1', '1.3.6.1', 0],
    ['1.3.6.1', '1.3.6.1.0', -1],
    ['1.3.6.2', '1.3.6.1.9', 1],
    ['1.3.6.1.127', '1.3.6.1.128', -1],
    ['1.3.6.1.16383', '1.3.6.1.16384', -1],
    ['1.3.6.1.16384', '1.3.6.1.200', 1],
    ['1.3.6.1.4294967295', '1.3.6.1.4294967294.1', 1],
    ['0.39', '1.0', -1],
    ['2.100', '2.99.5', 1],
  ];
  for (const [a, b, sign] of cases) {
    const x = oidContent(a), y = oidContent(b);
    t.equal(Math.sign(compareOid(x, 0, x.length, y, 0, y.length)), sign, `${a} vs ${b}`);
    t.equal(Math.sign(compareOid(y, 0, y.length, x, 0, x.length)), -sign, `${b} vs ${a}`);
  }
});
