/**
 * No loss across a cut site link, on real parts: a collector (remote-collector.ts) in a site's
 * network namespace publishes to the NATS server at its site (JetStream domain `site-a`), which
 * reaches the hub's server here over a leaf-node connection across a veth link; the hub's stream
 * sources the site's stream; the central (remote-central.ts) consumes the hub's stream into its LMDB
 * store. The link is cut for LINK_CUT_S seconds (default 60; site-outage.test.ts cuts 120 s with the built servers) while the collector publishes, and the
 * central is killed (SIGKILL) and started again during the cut. After the link is back: every
 * (slot, time) the collector produced is in the central's store once, with its value.
 */
import t from 'tap';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { createLogger } from '../../core/logger.js';
import { openEmbeddedStore } from '../../store/open-store.js';
import { connectJetStream } from '../../remote/nats-jetstream.js';
import { natsServerOrSkip, startNatsServer } from '../fakes/nats-server.js';
import { netnsOrSkip, siteLink } from '../fakes/netns.js';
import { centralProcess, storeFaults } from '../fakes/remote-central-process.js';
import { randomPort, tempDir, waitFor } from '../fakes/helpers.js';

const LINK_CUT_S = Number(process.env.LINK_CUT_S) || 60;
const SLOTS = 200;
const EVERY_MS = 250;
const STEP_MS = 10_000;
const STEPS = Math.ceil(((LINK_CUT_S + 25) * 1_000) / EVERY_MS);
const COLLECTOR = fileURLToPath(new URL('../fakes/remote-collector.js', import.meta.url));
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface CollectorSaid { step: number; batches: number; points: number; droppedPoints: number; bufferedPoints: number }

t.test(`a site's link cut for ${LINK_CUT_S} s and the central killed meanwhile: every point in the central once`, { timeout: (LINK_CUT_S + 240) * 1_000 }, async (t) => {
  if (!natsServerOrSkip(t) || !netnsOrSkip(t)) return;
  const link = siteLink(t);
  const leafPort = randomPort();
  const hub = await startNatsServer(t, {
    config: (dir, port) => `port: ${port}\nhost: 127.0.0.1\nserver_name: hub\njetstream { store_dir: "${dir}", domain: hub }\nleafnodes { listen: "${link.hubAddress}:${leafPort}" }\n`,
  });
  const site = await startNatsServer(t, {
    netns: link.netns, port: 4222,
    config: (dir, port) => `port: ${port}\nhost: 127.0.0.1\nserver_name: site-a\njetstream { store_dir: "${dir}", domain: site-a }\n` +
      `leafnodes { remotes: [ { url: "nats-leaf://${link.hubAddress}:${leafPort}" } ], reconnect: 1 }\n`,
  });
  await waitFor(async () => (/Leafnode connection created/i.test(site.log() + hub.log()) ? true : undefined), 30_000, `the site's leaf-node connection to the hub (${site.log().slice(-400)})`);

  const logger = createLogger({ level: 'error', component: 'test' });
  const hubTransport = await connectJetStream({ servers: [hub.url], name: 'test-admin', publishTimeoutMs: 5_000, logger });
  t.teardown(() => hubTransport.close());
  await hubTransport.ensureStream({ name: 'HUB', subjects: [], sources: [{ stream: 'SITE', domain: 'site-a' }], maxAgeMs: 7 * 86_400_000, maxBytes: -1, duplicateWindowMs: 120_000 });
  const nc = await connect({ servers: hub.url });
  t.teardown(() => nc.close());
  const jsm = await jetstreamManager(nc);
  const hubMessages = async () => (await jsm.streams.info('HUB')).state.messages;

  // The collector, at its site.
  const t0 = Math.floor((Date.now() - 2 * 3_600_000) / STEP_MS) * STEP_MS;
  let said: CollectorSaid | undefined;
  let collectorLog = '';
  const collector = spawn('ip', ['netns', 'exec', link.netns, process.execPath, '--enable-source-maps', COLLECTOR,
    site.url.replace(/:\d+$/, ':4222'), 'SITE', 'netmon.points.site-a.c1', 'c1', String(SLOTS), String(STEPS), String(EVERY_MS), String(t0), String(STEP_MS)], { stdio: ['ignore', 'pipe', 'pipe'] });
  t.teardown(() => { collector.kill('SIGKILL'); });
  collector.stdout!.on('data', (d: Buffer) => {
    for (const line of d.toString().split('\n')) {
      const m = /^status (.*)$/.exec(line);
      if (m) { try { said = JSON.parse(m[1]!) as CollectorSaid; } catch { /* a line cut across two chunks */ } }
    }
  });
  collector.stderr!.on('data', (d: Buffer) => { collectorLog = (collectorLog + d.toString()).slice(-2000); });
  const collectorDone = new Promise<number | null>((r) => collector.once('exit', (code) => r(code)));

  const dataDir = tempDir(t, 'netmon-central-');
  const central = centralProcess(t, dataDir, hub.url, 'HUB');
  central.start();
  await waitFor(async () => ((central.status()?.points ?? 0) > 0 ? true : undefined), 60_000, `points through the link into the central (collector: ${collectorLog}; central: ${central.log()})`, 100);

  link.cut();
  const cutAt = Date.now();
  t.comment(`link cut at step ${said?.step}; the central had written ${central.status()?.points} points`);
  await pause(5_000);
  const heldBefore = await hubMessages();
  await central.stop('SIGKILL');
  central.start();
  await pause(Math.max(0, cutAt + LINK_CUT_S * 1_000 - Date.now()));
  const heldAfter = await hubMessages();
  t.equal(heldAfter, heldBefore, `nothing crossed the cut link (the hub held ${heldAfter} batches from 5 s into the cut to its end)`);
  link.restore();
  const restoredAt = Date.now();
  const heldAtSite = said?.batches ?? 0;
  t.comment(`link back after ${Math.round((restoredAt - cutAt) / 1000)} s, at step ${said?.step}; the site held ${heldAtSite} batches, the hub ${heldAfter}`);
  await waitFor(async () => ((await hubMessages()) >= heldAtSite ? true : undefined), 180_000, `the hub to receive what the site held when the link came back (${heldAtSite} batches)`, 100);
  t.comment(`the hub had what the site held ${((Date.now() - restoredAt) / 1000).toFixed(1)} s after the link came back`);

  t.equal(await collectorDone, 0, `the collector stored all its steps at its site and exited (${collectorLog})`);
  const collectorDoneAt = Date.now();
  const sent = said!;
  t.equal(sent.step, STEPS, `the collector appended its ${STEPS} steps`);
  t.equal(sent.droppedPoints, 0, 'the collector dropped nothing');
  await waitFor(async () => {
    const info = await jsm.consumers.info('HUB', 'central').catch(() => undefined);
    const all = (await hubMessages()) >= sent.batches;
    return all && info && info.num_pending === 0 && info.num_ack_pending === 0 && central.status()?.pendingAcks === 0 ? true : undefined;
  }, 180_000, `the hub to receive the site's ${sent.batches} batches and the central to take them all (central: ${central.log()})`, 200);
  t.comment(`every batch in the central ${((Date.now() - restoredAt) / 1000).toFixed(1)} s after the link came back, ${((Date.now() - collectorDoneAt) / 1000).toFixed(1)} s after the collector's last batch was stored at its site`);
  t.equal(await hubMessages(), sent.batches, `the hub holds each of the site's ${sent.batches} batches once`);
  await central.stop('SIGTERM');

  const store = await openEmbeddedStore({ dataDir });
  t.teardown(() => store.close());
  const wrong = storeFaults(store.series, SLOTS, STEPS, t0, STEP_MS, (slot, k) => slot * 1_000 + k);
  t.same(wrong, [], `each of the ${SLOTS} slots holds its ${STEPS} points once, with their values`);
});
