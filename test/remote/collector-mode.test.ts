/**
 * `mode: collector` on the built server (main.js) over its simulated network, with a real
 * nats-server: every grid step it writes reaches the site's stream as batches of the collector
 * (message ids `<collector>.<boot>.<seq>`, each once), every slot a batch uses is defined in it or
 * in an earlier one, the definitions name each simulated device's sysUpTime and reachable by its
 * identity, and the values of a sysUpTime slot go up by the poll interval with no step missing,
 * across a stop of the site's server (the healthcheck's `remote` component says degraded meanwhile,
 * ok with nothing waiting after). A clean stop publishes what it gathered. The mode's configuration
 * is checked (`--check-config`).
 */
import t from 'tap';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { connect } from '@nats-io/transport-node';
import { AckPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { KIND_INVENTORY, KIND_STATES, batchKind, decodePointsBatch, type PointsBatch } from '../../remote/batch-codec.js';
import { decodeStates, type StatesMessage } from '../../remote/states-codec.js';
import { decodeInventoryPart, type InventoryPart } from '../../remote/inventory-codec.js';
import { natsServerOrSkip, startNatsServer } from '../fakes/nats-server.js';
import { getJson, startServerReady, tempDir, waitFor, writeSimulatedConfig } from '../fakes/helpers.js';

const DEVICES = 3;
const POLL_S = 2;
const MAIN = fileURLToPath(new URL('../../main.js', import.meta.url));

/** The collector's part of the configuration, beside its simulated network. */
const collectorYaml = (natsUrl: string) => `
mode: collector
remote:
  servers: [${natsUrl}]
  site: site-a
  collector: c1
`;

t.test('a collector publishes its grid steps with the definitions of their slots', { timeout: 120_000 }, async (t) => {
  if (!natsServerOrSkip(t)) return;
  const nats = await startNatsServer(t);
  const dir = tempDir(t, 'netmon-collector-');
  const file = writeSimulatedConfig(dir, { devices: DEVICES, interfacesPerDevice: 2, pollInterval: `${POLL_S}s`, networkExtra: '    discoveryInterval: 10m', extra: collectorYaml(nats.url) });
  const { server, base } = await startServerReady(t, file, join(dir, 'data'));
  t.match(server.log(), /heartbeatTtl is too long for the shortest poll interval/, 'the default heartbeat TTL (15 s) against a 2 s poll interval is logged');
  const remoteHealth = async () => ((await getJson(base, '/api/metrics/healthcheck')).body as { components: Record<string, { status: string; detail: string }> }).components.remote;

  const nc = await connect({ servers: nats.url });
  t.teardown(() => nc.close());
  const jsm = await jetstreamManager(nc);
  await waitFor(async () => ((await jsm.streams.info('SITE').catch(() => undefined))?.state.messages ?? 0) > 0 ? true : undefined, 60_000, `batches in the site's stream (${server.log().slice(-1500)})`);
  const healthy = await remoteHealth();
  t.equal(healthy?.status, 'ok', `the healthcheck's remote component: ${healthy?.detail}`);

  // The site's server stops for a while: the collector says so and holds its batches; once the
  // server is back, publishing goes on (a collector must not stay dead after a broker outage).
  await nats.stop('SIGTERM');
  const down = await waitFor(async () => { const h = await remoteHealth(); return h?.status === 'degraded' ? h : undefined; }, 30_000, 'the remote component to say the server is gone');
  t.match(down.detail, /not connected to nats:\/\//, `while the server is down: ${down.detail}`);
  await new Promise((r) => setTimeout(r, 2 * POLL_S * 1_000));
  await nats.start();
  const back = await waitFor(async () => { const h = await remoteHealth(); return h?.status === 'ok' && / 0 waiting/.test(h.detail) ? h : undefined; }, 60_000, 'the remote component to be ok with nothing waiting');
  t.pass(`publishing goes on after the server came back: ${back.detail}`);
  const metrics = await (await fetch(`${base}/metrics`)).text();
  const metric = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(metrics)?.[1]);
  t.equal(metric('netmon_remote_connections'), 1, '/metrics: connected to the site\'s server');
  t.ok(metric('netmon_remote_published_points_total') > 0, `/metrics: points published (${metric('netmon_remote_published_points_total')})`);
  t.ok(metric('netmon_remote_publish_retries_total') > 0, `/metrics: publishes tried again during the outage (${metric('netmon_remote_publish_retries_total')})`);
  t.equal(metric('netmon_remote_buffered_points'), 0, '/metrics: nothing waiting');
  // Two more poll cycles, then a clean stop (it publishes what it gathered).
  await new Promise((r) => setTimeout(r, 2 * POLL_S * 1_000));
  server.proc.kill('SIGTERM');
  t.equal(await server.exited, 0, 'the collector stops cleanly');

  await jsm.consumers.add('SITE', { durable_name: 'reader', ack_policy: AckPolicy.Explicit });
  const consumer = await jetstream(nc).consumers.get('SITE', 'reader');
  const batches: { subject: string; id: string; batch: PointsBatch }[] = [];
  const inventories: { subject: string; part: InventoryPart }[] = [];
  const states: { subject: string; states: StatesMessage }[] = [];
  for (let m = await consumer.next({ expires: 2_000 }); m; m = await consumer.next({ expires: 2_000 })) {
    if (batchKind(m.data) === KIND_INVENTORY) inventories.push({ subject: m.subject, part: decodeInventoryPart(m.data) });
    else if (batchKind(m.data) === KIND_STATES) states.push({ subject: m.subject, states: decodeStates(m.data) });
    else batches.push({ subject: m.subject, id: m.headers?.get('Nats-Msg-Id') ?? '', batch: decodePointsBatch(m.data) });
    m.ack();
  }
  t.ok(batches.length > 0, `${batches.length} batches`);
  t.ok(batches.every((b) => b.subject === 'netmon.points.site-a.c1'), 'points on the collector\'s points subject');
  t.ok(batches.every((b) => b.batch.collector === 'c1' && b.batch.networkId === 1), 'of collector c1, network 1');
  // A batch tried again after the outage may be stored after later ones: each once, none missing.
  t.same(batches.map((b) => b.batch.seq).sort((a, b) => a - b), batches.map((_, i) => i + 1), 'numbered 1, 2, 3…: each once, none missing');
  t.ok(batches.every((b) => b.id === `c1.${b.batch.boot}.${b.batch.seq}`), 'each with its message id <collector>.<boot>.<seq>');

  const keys = new Map<number, string>();
  const undefinedUse: string[] = [];
  const points = new Map<number, [number, number][]>();
  for (const { batch } of batches) {
    for (const d of batch.definitions) keys.set(d.slot, d.key);
    for (const step of batch.steps) {
      step.slots.forEach((slot, i) => {
        if (!keys.has(slot)) undefinedUse.push(`slot ${slot} in batch ${batch.seq}`);
        const list = points.get(slot) ?? [];
        list.push([step.gridTsMs, step.values[i]!]);
        points.set(slot, list);
      });
    }
  }
  t.same(undefinedUse.slice(0, 5), [], 'every slot a batch uses is defined in it or an earlier batch');
  const keyList = [...keys.values()];
  const devicesWith = (variable: string) => new Set(keyList.filter((k) => k.endsWith(`|${variable}|0`)).map((k) => k.split('|')[0])).size;
  t.equal(devicesWith('sysUpTime'), DEVICES, `sysUpTime of each of the ${DEVICES} devices, by identity (${keyList.filter((k) => k.includes('|sysUpTime|')).join(', ')})`);
  t.equal(devicesWith('reachable'), DEVICES, 'reachable of each device');
  t.ok(keyList.some((k) => /\|ifInRate\|\d+$/.test(k)), 'interface variables with their component');

  // The inventory: the devices under the identities the definitions use.
  t.ok(inventories.length > 0 && inventories.every((i) => i.subject === 'netmon.inventory.site-a.c1'), `inventories on the collector's inventory subject (${inventories.length} parts)`);
  const newest = inventories.filter((i) => i.part.networkId === 1).at(-1)?.part;
  t.equal(newest?.parts, 1, 'a small network\'s inventory in one part');
  const identities = (newest?.devices ?? []).map((d) => d.identity).sort();
  const defined = [...new Set(keyList.filter((k) => k.endsWith('|sysUpTime|0')).map((k) => k.split('|')[0]!))].sort();
  t.same(identities, defined, 'the inventory\'s devices are those its definitions name');
  t.ok((newest?.devices ?? []).every((d) => d.device.name !== '' && d.device.interfaces.length >= 2), `each with its name and its interfaces (${(newest?.devices ?? []).map((d) => `${d.device.name}: ${d.device.interfaces.map((i) => i.name).join(' ')}`).join('; ')})`);

  // Poll states: after its cycles, every device answering (none listed failing).
  t.ok(states.length > 0 && states.every((x) => x.subject === 'netmon.states.site-a.c1'), `poll states on the collector's states subject (${states.length})`);
  t.same(states.at(-1)?.states.failing, [], 'no device failing');

  const upSlot = [...keys].find(([, k]) => k.endsWith('|sysUpTime|0'))![0];
  const up = (points.get(upSlot) ?? []).sort((a, b) => a[0] - b[0]);
  t.ok(up.length >= 4, `sysUpTime has several points (${up.length})`);
  const steps = up.slice(1).map(([ts, v], i) => [(ts - up[i]![0]) / 1_000, v - up[i]![1]]);
  t.ok(steps.every(([dt, dv]) => dt === POLL_S && Math.abs(dv! - POLL_S) < 0.5),
    `sysUpTime goes up by the ${POLL_S} s between grid steps, no step missing across the server's outage (${JSON.stringify(steps)})`);
});

t.test('the mode\'s configuration is checked', async (t) => {
  const dir = tempDir(t, 'netmon-collector-cfg-');
  // [what, the file's top, the message expected, or '' when valid]
  const cases: [string, string, RegExp | ''][] = [
    ['collector with its NATS servers', 'mode: collector\nremote: { servers: [nats://127.0.0.1:4222], site: site-a, collector: c1 }', ''],
    ['collector without remote', 'mode: collector', /mode: collector. needs .remote:/],
    ['remote without collector mode', 'remote: { servers: [nats://127.0.0.1:4222], site: a }', /remote:. is read only with .mode: collector. or .central./],
    ['central without remote', 'mode: central', /mode: central. needs .remote:/],
    ['central on the collectors\' stream', 'mode: central\nremote: { servers: [nats://127.0.0.1:4222], stream: SITE }', ''],
    ['central sourcing two sites', 'mode: central\nremote: { servers: [nats://127.0.0.1:4222], sites: [site-a, site-b], siteStream: SITE, durable: c }', ''],
    ['a collector\'s key at a central', 'mode: central\nremote: { servers: [nats://127.0.0.1:4222], site: site-a }', /.site. is read only with .mode: collector./],
    ['a central\'s key at a collector', 'mode: collector\nremote: { servers: [nats://127.0.0.1:4222], site: a, sites: [b] }', /.sites. is read only with .mode: central./],
    ['a site that is not one subject token', 'mode: central\nremote: { servers: [nats://127.0.0.1:4222], sites: ["a.b"] }', /letters, digits/],
    ['an unknown mode', 'mode: hub', /mode/],
    ['a server that is not a NATS URL', 'mode: collector\nremote: { servers: [http://x:1], site: a }', /nats:\/\/host:port/],
    ['a site name that is not one subject token', 'mode: collector\nremote: { servers: [nats://127.0.0.1:4222], site: "a.b" }', /letters, digits/],
    ['a user without password', 'mode: collector\nremote: { servers: [nats://127.0.0.1:4222], site: a, user: c1 }', /user and password go together/],
    ['a collector taking its networks from the central', 'mode: collector\nremote: { servers: [nats://127.0.0.1:4222], site: a, configFrom: central }', ''],
    ['an unknown configuration source', 'mode: collector\nremote: { servers: [nats://127.0.0.1:4222], site: a, configFrom: hub }', /configFrom/],
    ['configFrom at a central', 'mode: central\nremote: { servers: [nats://127.0.0.1:4222], configFrom: central }', /.configFrom. is read only with .mode: collector./],
    ['a heartbeat TTL below its minimum', 'mode: collector\nremote: { servers: [nats://127.0.0.1:4222], site: a, heartbeatTtl: 100ms }', /heartbeatTtl/],
  ];
  for (const [what, top, expected] of cases) {
    const file = join(dir, 'c.yaml');
    writeFileSync(file, `${top}\nsimulator: true\n`);
    const r = spawnSync(process.execPath, [MAIN, '--config', file, '--check-config'], { encoding: 'utf8', env: { ...process.env, NETMON_CONFIG: '' } });
    if (expected === '') t.equal(r.status, 0, `${what}: valid (${(r.stdout + r.stderr).trim().slice(0, 200)})`);
    else {
      t.not(r.status, 0, `${what}: refused`);
      t.match(r.stdout + r.stderr, expected, `${what}: says why (${(r.stdout + r.stderr).trim().slice(0, 200)})`);
    }
  }
});
