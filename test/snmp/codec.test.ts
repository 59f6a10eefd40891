// Tables of encode/decode cases for our codec alone: byte vectors, OID text, exact Counter64,
// and malformed datagrams (every truncation, bit flips, garbage) that must come back as errors.
import t from 'tap';
import {
  BerReader, BerWriter, compareOid, decodeMessage, encodeMessage, formatOid, oid, parseOid, PduType, Tag,
  type Message, type PduVarbind,
} from '../../snmp/index.js';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

t.test('OID text', async (t) => {
  const cases: [string, string | undefined][] = [
    ['1.3.6.1.2.1.1.5.0', '1.3.6.1.2.1.1.5.0'],
    ['.1.3.6.1', '1.3.6.1'],
    ['1.0.8802.1.1.2.1.4.1.1.9', '1.0.8802.1.1.2.1.4.1.1.9'],
    ['1.3.6.1.4.1.4294967295', '1.3.6.1.4.1.4294967295'],
    ['1.3.6.1.4.1.4294967296', undefined],
    ['1..3', undefined],
    ['', undefined],
    ['1.3.x', undefined],
  ];
  for (const [text, want] of cases) {
    const o = parseOid(text);
    t.equal(o ? formatOid(o) : undefined, want, text);
  }
});

t.test('OID order', async (t) => {
  const cases: [string, string, number][] = [
    ['1.3.6.1', '1.3.6.1', 0],
    ['1.3.6.1', '1.3.6.1.0', -1],
    ['1.3.6.1.2', '1.3.6.1.10', -1],
    ['1.3.6.1.4294967295', '1.3.6.1.2', 1],
  ];
  for (const [a, b, sign] of cases) t.equal(Math.sign(compareOid(oid(a), oid(b))), sign, `${a} vs ${b}`);
});

// Byte vectors checked by hand against X.690 and what Net-SNMP's snmpget sends.
t.test('known encodings', async (t) => {
  const get: Message = {
    version: 1, community: Buffer.from('public'),
    pdu: { type: PduType.GetRequest, requestId: 1, errorStatus: 0, errorIndex: 0, varbinds: [{ oid: oid('1.3.6.1.2.1.1.5.0'), type: Tag.Null, value: null }] },
  };
  const cases: { name: string; msg: Message; hex: string }[] = [
    { name: 'v2c GET sysName.0', msg: get, hex: '302602010104067075626c6963a019020101020100020100300e300c06082b060102010105000500' },
    {
      name: 'v2c Response Counter64 2^64-1 and negative Integer',
      msg: {
        version: 1, community: Buffer.from('p'),
        pdu: { type: PduType.Response, requestId: -2, errorStatus: 0, errorIndex: 0, varbinds: [
          { oid: oid('1.3.6'), type: Tag.Counter64, value: (1n << 64n) - 1n },
          { oid: oid('1.3.7'), type: Tag.Integer, value: -129 },
          { oid: oid('1.3.8'), type: Tag.Gauge32, value: 0xffffffff },
        ] },
      },
      hex: '303b020101040170a2330201fe0201000201003028300f0602' + '2b06' + '4609' + '00ffffffffffffffff' +
        '3008' + '06022b07' + '0202ff7f' + '300b' + '06022b08' + '420500ffffffff',
    },
    {
      name: 'v1 GetBulk is refused but v2c GetBulk encodes its two integers',
      msg: { version: 1, community: Buffer.from(''), pdu: { type: PduType.GetBulkRequest, requestId: 300, nonRepeaters: 0, maxRepetitions: 25, varbinds: [] } },
      hex: '3013020101' + '0400' + 'a50c' + '0202012c' + '020100' + '020119' + '3000',
    },
  ];
  for (const c of cases) {
    const enc = encodeMessage(c.msg);
    t.equal(hex(enc), c.hex, `${c.name}: encode`);
    const dec = decodeMessage(enc);
    t.ok(dec.ok, `${c.name}: decode ok`);
    if (dec.ok) t.same(hex(encodeMessage(dec.message)), c.hex, `${c.name}: re-encode of the decode is identical`);
  }
});

t.test('Counter64 exact at the edges', async (t) => {
  const values = [0n, 1n, 127n, 128n, 255n, 256n, (1n << 32n) - 1n, 1n << 32n, (1n << 53n) - 1n, 1n << 53n, (1n << 53n) + 1n,
    (1n << 60n) + 987654321n, (1n << 63n) - 1n, 1n << 63n, (1n << 64n) - 1n];
  for (const v of values) {
    const msg: Message = { version: 1, community: Buffer.from('c'), pdu: { type: PduType.Response, requestId: 9, errorStatus: 0, errorIndex: 0,
      varbinds: [{ oid: oid('1.3.6.1.2.1.31.1.1.1.6.1'), type: Tag.Counter64, value: v }] } };
    const dec = decodeMessage(encodeMessage(msg));
    t.ok(dec.ok);
    if (dec.ok) t.equal(dec.message.pdu.varbinds[0]!.value, v, `Counter64 ${v}`);
  }
  const w = new BerWriter(64);
  t.throws(() => w.writeUnsigned64(Tag.Counter64, 1n << 64n), RangeError, 'above 2^64-1 is a caller bug');
  t.throws(() => w.writeUnsigned64(Tag.Counter64, -1n), RangeError, 'negative is a caller bug');
});

t.test('Counter64 as hi/lo halves without BigInt', async (t) => {
  const cases: [string, number, number][] = [
    ['00', 0, 0], ['7f', 0, 127], ['0080', 0, 128], ['0100000000', 1, 0], ['00ffffffffffffffff', 0xffffffff, 0xffffffff],
    ['1000000000003039', 0x10000000, 12345], ['200000000000001', 0x2000000, 1],
  ];
  for (const [hexContent, hi, lo] of cases) {
    const b = Buffer.from(hexContent.length % 2 ? '0' + hexContent : hexContent, 'hex');
    const out = { hi: -1, lo: -1 };
    new BerReader(b).readUnsigned64HiLo(b.length, out);
    t.same(out, { hi, lo }, hexContent);
    t.equal(new BerReader(b).readUnsigned64Content(b.length), (BigInt(hi) << 32n) | BigInt(lo), `${hexContent} as bigint`);
  }
});

t.test('writer grows and uses long lengths for big varbind lists', async (t) => {
  const w = new BerWriter(16);
  const varbinds: PduVarbind[] = [];
  for (let i = 0; i < 2000; i++) varbinds.push({ oid: oid(`1.3.6.1.2.1.2.2.1.2.${i}`), type: Tag.OctetString, value: Buffer.alloc(i % 300, 0x41) });
  const msg: Message = { version: 1, community: Buffer.from('public'), pdu: { type: PduType.Response, requestId: 5, errorStatus: 0, errorIndex: 0, varbinds } };
  const enc = encodeMessage(msg, w);
  const dec = decodeMessage(enc);
  t.ok(dec.ok);
  if (dec.ok) {
    t.equal(dec.message.pdu.varbinds.length, 2000);
    t.equal(formatOid(dec.message.pdu.varbinds[1999]!.oid), '1.3.6.1.2.1.2.2.1.2.1999');
    t.equal((dec.message.pdu.varbinds[299]!.value as Uint8Array).length, 299);
  }
});

// ---- malformed input ----

function sample(): Buffer {
  return encodeMessage({
    version: 1, community: Buffer.from('public'),
    pdu: { type: PduType.Response, requestId: 0x1234567, errorStatus: 0, errorIndex: 0, varbinds: [
      { oid: oid('1.3.6.1.2.1.1.5.0'), type: Tag.OctetString, value: Buffer.from('sim-core-01') },
      { oid: oid('1.3.6.1.2.1.31.1.1.1.6.3'), type: Tag.Counter64, value: (1n << 60n) + 5n },
      { oid: oid('1.3.6.1.2.1.1.2.0'), type: Tag.ObjectIdentifier, value: oid('1.3.6.1.4.1.9.1.2494') },
      { oid: oid('1.3.6.1.2.1.4.20.1.1.127.1.0.1'), type: Tag.IpAddress, value: Uint8Array.of(127, 1, 0, 1) },
      { oid: oid('1.3.6.1.2.1.1.3.0'), type: Tag.TimeTicks, value: 4000000000 },
      { oid: oid('1.3.6.1.2.1.99'), type: Tag.EndOfMibView, value: null },
    ] },
  });
}

t.test('every truncation is an error, never a throw', async (t) => {
  const full = sample();
  t.ok(decodeMessage(full).ok, 'the full message decodes');
  let errors = 0;
  for (let n = 0; n < full.length; n++) {
    const r = decodeMessage(full.subarray(0, n));
    if (!r.ok) errors++;
  }
  t.equal(errors, full.length, 'all truncations rejected');
});

/** TLV hex with a correct short-form length. */
const tlv = (tag: string, content: string) => tag + (content.length / 2).toString(16).padStart(2, '0') + content;
/** A v2c message around a PDU body given as hex. */
const msgHex = (pdu: string, version = '01') => tlv('30', tlv('02', version) + tlv('04', '7075626c6963') + pdu);
/** A Response PDU with one varbind whose OID and value TLVs are given as hex. */
const oneVarbind = (value: string, oidTlv = '06022b06') =>
  msgHex(tlv('a2', '020101' + '020100' + '020100' + tlv('30', tlv('30', oidTlv + value))));

t.test('specific malformations give stable codes', async (t) => {
  const cases: { name: string; hex: string; code: string }[] = [
    { name: 'empty', hex: '', code: 'BER_TRUNCATED' },
    { name: 'not a sequence', hex: '020101', code: 'BER_UNEXPECTED_TAG' },
    { name: 'indefinite length', hex: '3080', code: 'BER_BAD_LENGTH' },
    { name: 'huge length', hex: '3085ffffffffff', code: 'BER_BAD_LENGTH' },
    { name: 'length past end', hex: '3010020101', code: 'BER_TRUNCATED' },
    { name: 'SNMPv3', hex: tlv('30', '020103' + '0400'), code: 'SNMP_BAD_VERSION' },
    { name: 'trailing bytes', hex: oneVarbind('0500') + '00', code: 'SNMP_TRAILING_BYTES' },
    { name: 'unknown PDU', hex: msgHex('bf00'), code: 'SNMP_BAD_PDU' },
    { name: 'trap v1 PDU', hex: msgHex('a400'), code: 'SNMP_BAD_PDU' },
    { name: 'GetBulk in v1', hex: msgHex(tlv('a5', '020101020100020100' + '3000'), '00'), code: 'SNMP_BAD_PDU' },
    { name: 'IpAddress of 3 bytes', hex: oneVarbind('4003010203'), code: 'BER_BAD_VALUE' },
    { name: 'Null with content', hex: oneVarbind('050100'), code: 'BER_BAD_VALUE' },
    { name: 'OID ending mid sub-identifier', hex: oneVarbind('0500', '06022b86'), code: 'BER_BAD_VALUE' },
    { name: 'OID sub-identifier above 2^32-1', hex: oneVarbind('0500', '06072b9080808000'), code: 'BER_BAD_VALUE' },
    { name: 'unknown value type', hex: oneVarbind('4700'), code: 'BER_UNEXPECTED_TAG' },
    { name: 'Integer of 6 bytes', hex: oneVarbind('0206010203040506'), code: 'BER_BAD_VALUE' },
    { name: 'Integer above Integer32', hex: oneVarbind('020500ffffffff'), code: 'BER_BAD_VALUE' },
    { name: 'Counter64 of 10 bytes', hex: oneVarbind('460a00010203040506070809'), code: 'BER_BAD_VALUE' },
    { name: 'varbind with trailing byte', hex: msgHex(tlv('a2', '020101020100020100' + tlv('30', tlv('30', '06022b06' + '0500' + '00')))), code: 'SNMP_TRAILING_BYTES' },
    { name: 'varbind list of non-sequences', hex: msgHex(tlv('a2', '020101020100020100' + tlv('30', '0500'))), code: 'BER_UNEXPECTED_TAG' },
  ];
  t.ok(decodeMessage(Buffer.from(oneVarbind('0500'), 'hex')).ok, 'the helper builds a valid message');
  for (const c of cases) {
    const r = decodeMessage(Buffer.from(c.hex.replace(/ /g, ''), 'hex'));
    t.notOk(r.ok, `${c.name}: rejected`);
    if (!r.ok) {
      t.equal(r.error.code, c.code, `${c.name}: code (${r.error.message})`);
      t.match(r.error.message, /^at byte \d+: /, `${c.name}: message says where`);
    }
  }
});

t.test('bit flips and garbage never throw', async (t) => {
  // deterministic xorshift so a failure is reproducible
  let s = 0x9e3779b9;
  const rnd = () => { s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0; return s; };
  const full = sample();
  let decoded = 0;
  let rejected = 0;
  for (let i = 0; i < 20000; i++) {
    const b = Buffer.from(full);
    const flips = 1 + (rnd() % 3);
    for (let k = 0; k < flips; k++) b[rnd() % b.length]! ^= 1 << (rnd() % 8);
    const r = decodeMessage(b);
    if (r.ok) decoded++; else rejected++;
  }
  for (let i = 0; i < 20000; i++) {
    const b = Buffer.alloc(rnd() % 80);
    for (let k = 0; k < b.length; k++) b[k] = rnd() & 0xff;
    if (b.length > 0 && rnd() % 2) b[0] = 0x30;
    const r = decodeMessage(b);
    if (r.ok) decoded++; else rejected++;
  }
  t.equal(decoded + rejected, 40000, 'every input returned a result');
  t.ok(rejected > 0, `rejected ${rejected}, decoded ${decoded}`);
});
