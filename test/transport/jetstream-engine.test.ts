/**
 * What the remote collectors (issue "Beyond one machine, part 1") will rely on in NATS JetStream,
 * checked on a real nats-server (Debian's) with the npm client, before any of our code uses it:
 * a replayed batch (same message id) is stored once; a durable consumer survives a stop or a crash
 * of the server, redelivering what was not acknowledged (after a crash, some of what was: at least
 * once); a limits stream drops what is older than its max age. A later nats-server or client that changes one of these fails here first.
 */
import t from 'tap';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { AckPolicy, jetstream, jetstreamManager, type JsMsg } from '@nats-io/jetstream';
import { natsServerOrSkip, startNatsServer } from '../fakes/nats-server.js';
import { waitFor } from '../fakes/helpers.js';

const NS_PER_MS = 1_000_000;
const enc = (s: string) => new TextEncoder().encode(s);
const dec = (m: JsMsg) => new TextDecoder().decode(m.data);

async function connected(t: { teardown(fn: () => unknown): void }, url: string): Promise<NatsConnection> {
  const nc = await connect({ servers: url, reconnect: false });
  t.teardown(() => nc.close().catch(() => undefined));
  return nc;
}

/** The next `n` messages of a durable consumer, each acknowledged when `ack(i)` says so. */
async function take(nc: NatsConnection, stream: string, durable: string, n: number, ack: (i: number) => boolean): Promise<string[]> {
  const c = await jetstream(nc).consumers.get(stream, durable);
  const got: string[] = [];
  for (let i = 0; i < n; i++) {
    const m = await c.next({ expires: 5_000 });
    if (!m) break;
    got.push(dec(m));
    if (ack(i)) await m.ackAck();
  }
  return got;
}

t.test('a batch published again with its message id is stored once', async (t) => {
  if (!natsServerOrSkip(t)) return;
  const server = await startNatsServer(t);
  const nc = await connected(t, server.url);
  const jsm = await jetstreamManager(nc);
  await jsm.streams.add({ name: 'SITE', subjects: ['site.>'], duplicate_window: 60_000 * NS_PER_MS });
  const js = jetstream(nc);
  // [message id, payload, duplicate expected]
  const cases: [string, string, boolean][] = [
    ['c1-1', 'batch 1', false],
    ['c1-2', 'batch 2', false],
    ['c1-1', 'batch 1 again', true],
    ['c2-1', 'another collector', false],
    ['c1-2', 'batch 2 again', true],
  ];
  for (const [id, payload, duplicate] of cases) {
    const ack = await js.publish('site.points', enc(payload), { msgID: id });
    t.equal(ack.duplicate, duplicate, `${id} (${payload}): ${duplicate ? 'a duplicate' : 'stored'}`);
  }
  t.equal((await jsm.streams.info('SITE')).state.messages, 3, 'three messages stored');
});

/** Every message the durable consumer has for us now, acknowledged, until none comes for 2 s. */
async function drain(nc: NatsConnection, stream: string, durable: string): Promise<string[]> {
  const c = await jetstream(nc).consumers.get(stream, durable);
  const got: string[] = [];
  for (let m = await c.next({ expires: 2_000 }); m; m = await c.next({ expires: 2_000 })) {
    got.push(dec(m));
    await m.ackAck();
  }
  return got;
}

// A durable consumer across a stop of the server: 10 batches, 1–4 acknowledged (each ack confirmed
// by the server), 5 taken and not acknowledged, 6–10 not taken. What the central can count on:
// nothing unacknowledged is lost, in order. After a clean stop nothing acknowledged comes again;
// after a crash (SIGKILL) acknowledgements may be lost (the server writes the consumer's state
// lazily; seen here with nats-server 2.9.10: b2–b4 in one run, b1–b10 in others came again), so
// delivery is at least once and the central must write idempotently — a (slot, time) written twice
// is the same point.
const stops: [NodeJS.Signals, string][] = [['SIGTERM', 'a clean stop'], ['SIGKILL', 'a crash']];
for (const [signal, what] of stops) {
  t.test(`a durable consumer after ${what} of the server: what was not acknowledged comes again, in order`, async (t) => {
    if (!natsServerOrSkip(t)) return;
    const server = await startNatsServer(t);
    let nc = await connected(t, server.url);
    const jsm = await jetstreamManager(nc);
    await jsm.streams.add({ name: 'HUB', subjects: ['hub.>'] });
    await jsm.consumers.add('HUB', { durable_name: 'central', ack_policy: AckPolicy.Explicit, ack_wait: 1_000 * NS_PER_MS });
    const js = jetstream(nc);
    for (let i = 1; i <= 10; i++) await js.publish('hub.points', enc(`b${i}`), { msgID: `c1-${i}` });
    t.same(await take(nc, 'HUB', 'central', 5, (i) => i < 4), ['b1', 'b2', 'b3', 'b4', 'b5'], 'the first five in order');
    await nc.close();

    await server.stop(signal);
    await server.start();
    nc = await connected(t, server.url);
    t.equal((await (await jetstreamManager(nc)).streams.info('HUB')).state.messages, 10, `every published batch kept across ${what}`);
    await new Promise((r) => setTimeout(r, 1_500)); // past the ack wait of b5
    const again = await drain(nc, 'HUB', 'central');
    const unacked = ['b5', 'b6', 'b7', 'b8', 'b9', 'b10'];
    if (signal === 'SIGTERM') {
      t.same(again, unacked, 'the unacknowledged batch and the rest, once each, none acknowledged');
    } else {
      t.same(again.slice(-unacked.length), unacked, `the unacknowledged batch and the rest, in order (came again: ${again.join(' ')})`);
      const first = Number(again[0]!.slice(1));
      t.same(again, Array.from({ length: 11 - first }, (_, i) => `b${first + i}`), 'from some batch on, each once and in order: no gap');
    }
  });
}

t.test('a limits stream drops what is older than its max age', async (t) => {
  if (!natsServerOrSkip(t)) return;
  const server = await startNatsServer(t);
  const nc = await connected(t, server.url);
  const jsm = await jetstreamManager(nc);
  await jsm.streams.add({ name: 'AGED', subjects: ['aged.>'], max_age: 1_000 * NS_PER_MS, duplicate_window: 500 * NS_PER_MS });
  const js = jetstream(nc);
  for (let i = 0; i < 5; i++) await js.publish('aged.points', enc(`old ${i}`));
  t.equal((await jsm.streams.info('AGED')).state.messages, 5, 'five stored');
  await waitFor(async () => ((await jsm.streams.info('AGED')).state.messages === 0 ? true : undefined), 15_000, 'the old batches to age out');
  await js.publish('aged.points', enc('new'));
  t.equal((await jsm.streams.info('AGED')).state.messages, 1, 'past max age the old ones are gone, a new one is kept');
});
