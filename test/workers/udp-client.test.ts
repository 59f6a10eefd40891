// A fake agent on loopback answering the fast path's requests badly, one way per case: the worker's
// client counts and drops what it cannot use, a poll fails as data, and the next good answer works.
import t from 'tap';
import { createSocket } from 'node:dgram';
import { decodeMessage, encodeMessage, oid, PduType, Tag, type PduVarbind as CodecVarbind } from '../../snmp/index.js';
import { RingBuffer } from '../../store/ring.js';
import { SlotState } from '../../workers/slot-state.js';
import { SYS_UPTIME_OID, type PollPlan } from '../../workers/poll-plan.js';
import { createFastPoller } from '../../workers/v2c/fast-poll.js';

type Mode = 'good' | 'garbage' | 'otherId' | 'truncated' | 'badTag' | 'wrongOid' | 'genErr' | 'silent' | 'twice';
let mode: Mode = 'good';
let ticks = 1000;
const agent = createSocket('udp4');
agent.on('message', (msg, rinfo) => {
  const m = decodeMessage(msg);
  if (!m.ok) return;
  const p = m.message.pdu;
  ticks += 100;
  const vbs: CodecVarbind[] = p.varbinds.map((v, i) => ({ oid: mode === 'wrongOid' && i === 0 ? oid('1.3.6.1.2.1.1.5.0') : v.oid,
    type: i === 0 ? Tag.TimeTicks : Tag.Counter64, value: i === 0 ? ticks : BigInt(ticks) * 1000n }) as CodecVarbind);
  const answer = (requestId: number, errorStatus = 0) => encodeMessage({ version: 1, community: m.message.community,
    pdu: { type: PduType.Response, requestId, errorStatus, errorIndex: 0, varbinds: vbs } });
  const send = (b: Uint8Array) => agent.send(b, rinfo.port, rinfo.address);
  switch (mode) {
    case 'good': send(answer(p.requestId)); break;
    case 'twice': send(answer(p.requestId)); send(answer(p.requestId)); break;
    case 'garbage': send(Buffer.from('not snmp at all')); send(Buffer.from([0x30, 0x82, 0xff])); send(answer(p.requestId)); break;
    case 'otherId': send(answer(p.requestId ^ 1)); send(answer(p.requestId)); break;
    case 'truncated': send(answer(p.requestId).subarray(0, 40)); break;
    case 'badTag': { const b = Buffer.from(answer(p.requestId)); b[b.lastIndexOf(Tag.Counter64)] = 0x47; send(b); break; }
    case 'wrongOid': send(answer(p.requestId)); break;
    case 'genErr': send(answer(p.requestId, 5)); break;
    case 'silent': break;
  }
});
await new Promise<void>((r) => agent.bind(0, '127.0.0.1', r));
t.teardown(() => agent.close());
const port = agent.address().port;

const plan: PollPlan = {
  deviceId: 1, uptimeSlot: 0, scalars: [SYS_UPTIME_OID], columns: [],
  target: { address: '127.0.0.1', port, version: '2c', community: 'public', timeoutMs: 150, retries: 1, maxRepetitions: 10 },
  ops: [
    { op: 'gauge', slot: 0, oid: SYS_UPTIME_OID, scale: 0.01 },
    { op: 'counter', slot: 1, oid: '1.3.6.1.2.1.31.1.1.1.6.1', width: 64, scale: 8 },
  ],
};

t.test('bad answers, one kind per case', async (t) => {
  const fast = createFastPoller();
  t.teardown(() => fast.close());
  const ring = RingBuffer.create(16), state = SlotState.create(16);
  const s = fast.client.stats;
  // [mode, poll ok?, error pattern, the client counter that must have grown]
  const cases: [Mode, boolean, RegExp | null, keyof typeof s | null][] = [
    ['good', true, null, null],
    ['garbage', true, null, 'malformed'],
    ['otherId', true, null, 'unmatched'],
    ['twice', true, null, null],
    ['truncated', false, /timed out/, 'malformed'],
    ['badTag', false, /malformed response/, 'badAnswers'],
    ['wrongOid', false, /OIDs differ/, 'badAnswers'],
    ['genErr', false, /error-status 5/, null],
    ['silent', false, /timed out/, 'timedOut'],
    ['good', true, null, null],
  ];
  for (const [m, ok, error, counter] of cases) {
    mode = m;
    const before = counter ? s[counter] : 0;
    const r = await fast.poll(plan, ring.buffer, state.buffer);
    t.equal(r.ok, ok, `${m}: ok ${ok}`);
    if (error) t.match(r.error, error, `${m}: error says why`);
    if (counter) t.ok(s[counter] > before, `${m}: counted as ${counter}`);
    await new Promise((res) => setTimeout(res, 30)); // let a duplicate answer arrive within this case
  }
  t.ok(s.unmatched >= 2, 'duplicates and other ids are unmatched, not errors');
});
