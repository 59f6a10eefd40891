/**
 * The points path of the remote collectors on real parts: the collector's publisher (in this
 * process) → a real nats-server with JetStream (Debian's, started here) → the central's ingest in a
 * process of its own (test/fakes/remote-central.ts) → its LMDB store. The central is killed (SIGKILL) while it
 * consumes, the engine is killed while the collector publishes; both come back. Then every (slot,
 * time) the collector produced is in the central's store once, with its value, and the engine has
 * nothing left for the central.
 */
import t from 'tap';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { createLogger } from '../../core/logger.js';
import { openEmbeddedStore } from '../../store/open-store.js';
import { connectJetStream } from '../../remote/nats-jetstream.js';
import { PointsPublisher } from '../../remote/points-publisher.js';
import { CENTRAL_SLOT_BASE, centralProcess, storeFaults } from '../fakes/remote-central-process.js';
import { natsServerOrSkip, startNatsServer } from '../fakes/nats-server.js';
import { tempDir, waitFor } from '../fakes/helpers.js';

const STREAM = 'POINTS';
const STEP_MS = 10_000;
const SLOTS = 500;
const STEPS = 60;

t.test('collector → engine → central: every point once, through a crash of the central and of the engine', { timeout: 180_000 }, async (t) => {
  if (!natsServerOrSkip(t)) return;
  const server = await startNatsServer(t);
  const dataDir = tempDir(t, 'netmon-central-');
  const logger = createLogger({ level: 'error', component: 'collector' });
  const transport = await connectJetStream({ servers: [server.url], name: 'collector-test', publishTimeoutMs: 2_000, logger });
  t.teardown(() => transport.close());
  await transport.ensureStream({ name: STREAM, subjects: ['netmon.points.>'], maxAgeMs: 3_600_000, maxBytes: -1, duplicateWindowMs: 120_000 });

  const publisher = new PointsPublisher({ transport, subject: 'netmon.points.site-a.c1', collector: 'c1', nowMs: Date.now, logger, maxPoints: 1_000, lingerMs: 20, maxBackoffMs: 500 });
  const slots = Int32Array.from({ length: SLOTS + 1 }, (_, i) => i);
  for (let s = 0; s < SLOTS; s++) publisher.define(1, s, `v${s}`);
  publisher.define(1, SLOTS, 'a key the central does not know');
  const t0 = Math.floor((Date.now() - 30 * 60_000) / STEP_MS) * STEP_MS;
  const valueOf = (slot: number, k: number) => slot * 1_000 + k;
  const publish = (from: number, to: number) => {
    for (let k = from; k < to; k++) publisher.appendStep(1, t0 + k * STEP_MS, slots, Float64Array.from(slots, (s) => valueOf(s, k)));
  };
  const flushed = (what: string) => waitFor(() => publisher.flush().then(() => true), 60_000, what);

  const central = centralProcess(t, dataDir, server.url, STREAM);
  central.start();
  publish(0, 20);
  await flushed('steps 0–19 stored by the engine');
  await waitFor(async () => ((central.status()?.points ?? 0) > 0 ? true : undefined), 30_000, `the central writing points (${central.log()})`, 20);
  t.comment(`central killed after writing ${central.status()?.points} points (${central.status()?.pendingAcks} batches not acknowledged)`);
  await central.stop('SIGKILL');

  publish(20, 40);
  await flushed('steps 20–39 stored while the central is down');

  await server.stop('SIGKILL');
  publish(40, 60);
  await new Promise((r) => setTimeout(r, 1_000));
  await server.start();
  await flushed('steps 40–59, published while the engine was down, stored once it is back');
  const sent = publisher.status();
  t.equal(sent.droppedPoints, 0, 'the collector dropped nothing');
  t.equal(sent.bufferedPoints, 0, 'the collector holds nothing unconfirmed');
  t.equal(sent.points, STEPS * (SLOTS + 1), `the engine confirmed every point (${sent.points}; ${sent.retries} publishes tried again, ${sent.duplicates} duplicates)`);

  central.start();
  const nc = await connect({ servers: server.url });
  t.teardown(() => nc.close());
  const jsm = await jetstreamManager(nc);
  await waitFor(async () => {
    const info = await jsm.consumers.info(STREAM, 'central').catch(() => undefined);
    return info && info.num_pending === 0 && info.num_ack_pending === 0 && central.status()?.pendingAcks === 0 ? true : undefined;
  }, 60_000, `the central to take and acknowledge the backlog (${central.log()})`, 100);
  const seen = central.status()!;
  t.ok(seen.unmapped >= 1, `points of the slot whose key names nothing here are counted, not written (${seen.unmapped})`);
  t.equal(seen.malformed, 0, 'no malformed batch');
  await central.stop('SIGTERM');

  const store = await openEmbeddedStore({ dataDir });
  t.teardown(() => store.close());
  const wrong = storeFaults(store.series, SLOTS, STEPS, t0, STEP_MS, valueOf);
  t.same(wrong, [], `each of the ${SLOTS} slots holds its ${STEPS} points once, with their values`);
  t.same(Array.from(store.series.read(CENTRAL_SLOT_BASE + SLOTS, t0, t0 + STEPS * STEP_MS).tsMs), [], 'nothing was written for the unknown key');
});
