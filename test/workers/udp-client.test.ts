// A fake agent on loopback answering the fast path's requests badly, one way per case: the worker's
// client counts and drops what it cannot use, a poll fails as data, and the next good answer works.
// Forged answers (the request's id, from the agent's address) that do not fit the request are
// dropped before the real answer, which still counts.
import t from 'tap';
import { createSocket } from 'node:dgram';
import { decodeMessage, encodeMessage, oid, PduType, Tag, type PduVarbind as CodecVarbind } from '../../snmp/index.js';
import { RingBuffer } from '../../store/ring.js';
import { SlotState } from '../../workers/slot-state.js';
import { SYS_UPTIME_OID, type PollPlan } from '../../workers/poll-plan.js';
import { createFastPoller } from '../../workers/v2c/fast-poll.js';

type Mode = 'good' | 'garbage' | 'otherId' | 'truncated' | 'badTag' | 'wrongOid' | 'genErr' | 'silent' | 'twice'
  | 'forgedEmpty' | 'forgedGenErr' | 'forgedWrongOid' | 'forgedCommunity' | 'forgedFewer' | 'forgedOtherPort' | 'guessedIds';
let mode: Mode = 'good';
/** Request ids as the agent saw them. */
const seenIds: number[] = [];
let ticks = 1000;
const agent = createSocket('udp4');
/** Another socket on the agent's address: a sender that is not the agent's port. */
const stranger = createSocket('udp4');
agent.on('message', (msg, rinfo) => {
  const m = decodeMessage(msg);
  if (!m.ok) return;
  const p = m.message.pdu;
  seenIds.push(p.requestId);
  ticks += 100;
  const vbs: CodecVarbind[] = p.varbinds.map((v, i) => ({ oid: mode === 'wrongOid' && i === 0 ? oid('1.3.6.1.2.1.1.5.0') : v.oid,
    type: i === 0 ? Tag.TimeTicks : Tag.Counter64, value: i === 0 ? ticks : BigInt(ticks) * 1000n }) as CodecVarbind);
  const answer = (requestId: number, errorStatus = 0, varbinds = vbs, community = m.message.community) => encodeMessage({ version: 1, community,
    pdu: { type: PduType.Response, requestId, errorStatus, errorIndex: 0, varbinds } });
  const send = (b: Uint8Array) => agent.send(b, rinfo.port, rinfo.address);
  const forged = vbs.map((v) => ({ ...v, value: typeof v.value === 'bigint' ? 0n : 0 }) as CodecVarbind);
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
    // forged first, the real answer after it
    case 'forgedEmpty': send(answer(p.requestId, 0, [])); send(answer(p.requestId)); break;
    case 'forgedGenErr': send(answer(p.requestId, 5, [])); send(answer(p.requestId)); break;
    case 'forgedWrongOid': send(answer(p.requestId, 0, forged.map((v) => ({ ...v, oid: oid('1.3.6.1.2.1.1.5.0') })))); send(answer(p.requestId)); break;
    case 'forgedCommunity': send(answer(p.requestId, 0, forged, Buffer.from('other'))); send(answer(p.requestId)); break;
    case 'forgedFewer': send(answer(p.requestId, 0, forged.slice(0, 1))); send(answer(p.requestId)); break;
    case 'forgedOtherPort': stranger.send(answer(p.requestId, 5, []), rinfo.port, rinfo.address, () => send(answer(p.requestId))); break;
    // ids a forger would guess were they sequential (the neighbours of the last one seen)
    case 'guessedIds': for (let d = 1; d <= 8; d++) { send(answer(p.requestId + d, 5, [])); send(answer(p.requestId - d, 5, [])); } send(answer(p.requestId)); break;
  }
});
await new Promise<void>((r) => agent.bind(0, '127.0.0.1', r));
await new Promise<void>((r) => stranger.bind(0, '127.0.0.1', r));
t.teardown(() => { agent.close(); stranger.close(); });
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
    // an answer that does not fit is dropped: the request waits for a real one, and times out saying why
    ['badTag', false, /timed out; 2 answer\(s\) that did not fit .*malformed response/, 'rejected'],
    ['wrongOid', false, /timed out; 2 answer\(s\) .*OIDs differ/, 'rejected'],
    ['genErr', false, /error-status 5/, null], // the request's OIDs echoed: a real error
    ['silent', false, /timed out/, 'timedOut'],
    ['good', true, null, null],
    ['forgedEmpty', true, null, 'rejected'],
    ['forgedGenErr', true, null, 'rejected'],
    ['forgedWrongOid', true, null, 'rejected'],
    ['forgedCommunity', true, null, 'rejected'],
    ['forgedFewer', true, null, 'rejected'],
    ['forgedOtherPort', true, null, 'wrongSender'],
    ['guessedIds', true, null, 'unmatched'],
  ];
  for (const [m, ok, error, counter] of cases) {
    mode = m;
    const before = counter ? s[counter] : 0;
    const r = await fast.poll(plan, ring.buffer, state.buffer);
    t.equal(r.ok, ok, `${m}: ok ${ok}`);
    if (m.startsWith('forged') && m !== 'forgedOtherPort') {
      t.equal(r.rejectedAnswers, 1, `${m}: the forged answer is counted in the poll's result`);
      t.not(r.rejectedWhy, '', `${m}: and why it did not fit`);
      const value = (slot: number) => r.values[Array.from(r.slots.subarray(0, r.count)).indexOf(slot)];
      t.equal(value(0), ticks / 100, `${m}: the real sysUpTime was read, not the forged 0`);
      t.ok(value(1)! > 0, `${m}: the counter's rate is from real readings (a forged 0 would make a gap)`);
    }
    if (error) t.match(r.error, error, `${m}: error says why`);
    if (counter) t.ok(s[counter] > before, `${m}: counted as ${counter}`);
    await new Promise((res) => setTimeout(res, 30)); // let a duplicate answer arrive within this case
  }
  t.ok(s.unmatched >= 2, 'duplicates and other ids are unmatched, not errors');
});

t.test('request ids are unpredictable: neither sequential nor repeated, within the 4-byte range', async (t) => {
  const fast = createFastPoller();
  t.teardown(() => fast.close());
  const ring = RingBuffer.create(16), state = SlotState.create(16);
  mode = 'good';
  seenIds.length = 0;
  for (let i = 0; i < 100; i++) t.equal((await fast.poll(plan, ring.buffer, state.buffer)).ok, true);
  t.equal(seenIds.length, 100, 'one request per poll');
  t.equal(new Set(seenIds).size, 100, 'no id repeated');
  t.ok(seenIds.every((id) => id >= 0x01000000 && id < 0x80000000), 'every id has 4 content bytes');
  const near = seenIds.filter((id, i) => i > 0 && Math.abs(id - seenIds[i - 1]!) <= 8);
  t.same(near, [], 'no id is within 8 of the one before (a sequential forger would guess those)');
});
