/**
 * The whole scale-out path through a site's outage, on real parts: two collectors (the built server,
 * `mode: collector`, site-a) poll one simulated network and publish to the site's NATS server; the
 * hub's NATS server sits behind a veth link in a network namespace of its own (the site's server
 * reaches it as a leaf node, the central as a client); the central (the built server, `mode:
 * central`, sourcing site-a) writes into its store. The link is cut for LINK_CUT_S seconds (default
 * 120); during the cut the central is killed (SIGKILL) and so is one collector, which starts again
 * later; the central starts again once the link is back. Then:
 * - every point the collectors published of each device's `reachable` and `sysUpTime` (read from
 *   the site's stream) is in the central's store, once, with its value;
 * - the backlog is in the central within 60 s of the link coming back;
 * - the killed collector's devices have no gap longer than two poll intervals.
 */
import t from 'tap';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { connect } from '@nats-io/transport-node';
import { DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { KIND_INVENTORY, KIND_POINTS, batchKind, decodePointsBatch } from '../../remote/batch-codec.js';
import { decodeInventoryPart } from '../../remote/inventory-codec.js';
import { startSimulator } from '../../sim/simulator.js';
import { natsServerOrSkip, startNatsServer } from '../fakes/nats-server.js';
import { netnsOrSkip, siteLink } from '../fakes/netns.js';
import { getJson, randomPort, startServerReady, tempDir, waitFor } from '../fakes/helpers.js';

const LINK_CUT_S = Number(process.env.LINK_CUT_S) || 120;
const DEVICES = 6;
const POLL_S = 3;
const POLL_MS = POLL_S * 1_000;
const VARIABLES = ['reachable', 'sysUpTime'];
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

const network = (simPort: number) => `
networks:
  - id: 1
    name: sim
    seeds: [127.1.0.1]
    ranges: [127.1.0.0/16]
    snmp: { port: ${simPort}, timeout: 1s, retries: 1 }
    pollInterval: ${POLL_S}s
    discoveryInterval: 1h
`;

/** What the collectors published: `identity|variable` → grid ms → value; identity → device name; who published each. */
interface Published { points: Map<string, Map<number, number>>; names: Map<string, string>; by: Map<string, Map<number, string>> }

t.test(`a site cut off for ${LINK_CUT_S} s with the central and a collector killed: every point in the central once`, { timeout: (LINK_CUT_S + 300) * 1_000 }, async (t) => {
  if (!natsServerOrSkip(t) || !netnsOrSkip(t)) return;
  // Its own /30 (site-link-cut runs at the same time on the default one).
  const link = siteLink(t, 1);
  const leafPort = randomPort();
  // The hub behind the link; the site's server here, with the collectors, the simulator and the central.
  const hub = await startNatsServer(t, {
    netns: link.netns, port: 4222,
    config: (dir, port) => `port: ${port}\nhost: 0.0.0.0\nserver_name: hub\njetstream { store_dir: "${dir}", domain: hub }\nleafnodes { listen: "${link.siteAddress}:${leafPort}" }\n`,
  });
  const site = await startNatsServer(t, {
    config: (dir, port) => `port: ${port}\nhost: 127.0.0.1\nserver_name: site-a\njetstream { store_dir: "${dir}", domain: site-a }\n`
      + `leafnodes { remotes: [ { url: "nats-leaf://${link.siteAddress}:${leafPort}" } ], reconnect: 1 }\n`,
  });
  await waitFor(async () => (/Leafnode connection created/i.test(site.log() + hub.log()) ? true : undefined), 30_000, `the site's leaf-node connection to the hub (${site.log().slice(-400)})`);

  const sim = await startSimulator({ devices: DEVICES, interfacesPerDevice: 2, port: randomPort() });
  t.teardown(() => sim.close());
  const dir = tempDir(t, 'netmon-outage-');
  const collectorFile = (name: string) => {
    const file = join(dir, `${name}.yaml`);
    writeFileSync(file, `${network(sim.port)}mode: collector\nremote: { servers: [${site.url}], site: site-a, collector: ${name}, heartbeatTtl: 1500ms }\n`);
    return file;
  };
  const centralFile = join(dir, 'central.yaml');
  writeFileSync(centralFile, `${network(sim.port)}mode: central\nremote: { servers: [nats://${link.siteAddress}:4222], sites: [site-a] }\n`);
  const startCollector = (name: string) => startServerReady(t, collectorFile(name), join(dir, `data-${name}`));
  const startCentral = () => startServerReady(t, centralFile, join(dir, 'data-central'));

  let c1 = await startCollector('c1');
  const c2 = await startCollector('c2');
  let central = await startCentral();
  const published: Published = { points: new Map(), names: new Map(), by: new Map() };
  const stopReading = await readSite(t, site.url, published);
  await waitFor(async () => ((await ingested(central.base)) > 0 && new Set([...published.by.values()].flatMap((m) => [...m.values()])).size === 2 ? true : undefined),
    120_000, `both collectors publishing and the central taking (central: ${central.server.log().slice(-1200)})`);
  const c1Devices = [...published.by].filter(([, m]) => [...m.values()].at(-1) === 'c1').map(([id]) => id);
  t.ok(c1Devices.length > 0 && c1Devices.length < DEVICES, `c1 polls ${c1Devices.length} of the ${DEVICES} devices, c2 the others`);

  link.cut();
  const cutAt = Date.now();
  await pause(10_000);
  central.server.proc.kill('SIGKILL');
  await central.server.exited;
  await pause(10_000);
  const killedAt = Date.now();
  c1.server.proc.kill('SIGKILL');
  await c1.server.exited;
  await pause(20_000);
  c1 = await startCollector('c1');
  await pause(Math.max(0, cutAt + LINK_CUT_S * 1_000 - Date.now()));
  link.restore();
  const restoredAt = Date.now();
  t.comment(`link back after ${Math.round((restoredAt - cutAt) / 1000)} s; c1 killed ${Math.round((killedAt - cutAt) / 1000)} s into the cut and started again`);
  central = await startCentral();

  // The backlog: every point published before the link came back is in the central within 60 s.
  const before = snapshot(published, restoredAt);
  let lacking: string[] = [];
  const drained = await waitFor(async () => { lacking = await missingAt(central.base, before); return lacking.length === 0 ? Date.now() : undefined; }, 60_000,
    'the backlog in the central within 60 s of the link coming back', 1_000)
    .catch((e: Error) => { throw new Error(`${e.message} (missing: ${lacking.slice(0, 3).join('; ')}; central: ${central.server.log().slice(-1200)})`); });
  t.pass(`the backlog was in the central ${((drained - restoredAt) / 1000).toFixed(1)} s after the link came back`);

  // Two more cycles, then the collectors stop cleanly; everything they published is in the central.
  await pause(2 * POLL_MS);
  for (const c of [c1, c2]) c.server.proc.kill('SIGTERM');
  t.same(await Promise.all([c1.server.exited, c2.server.exited]), [0, 0], 'both collectors stop cleanly');
  await pause(2_000);
  await stopReading();
  const all = snapshot(published, Infinity);
  const missing = await waitFor(async () => { lacking = await missingAt(central.base, all); return lacking.length === 0 ? lacking : undefined; }, 60_000,
    'every published point in the central', 1_000).catch(() => lacking);
  const count = [...all.points.values()].reduce((n, m) => n + m.size, 0);
  t.same(missing, [], `every one of the ${count} points published of ${VARIABLES.join(' and ')} is in the central once, with its value`);

  // The killed collector's devices: no gap longer than two poll intervals (c2 took them over).
  const gaps = c1Devices.flatMap((id) => {
    const grids = [...(published.points.get(`${id}|reachable`)?.keys() ?? [])].sort((a, b) => a - b);
    return grids.slice(1).map((g, i) => g - grids[i]!).filter((gap) => gap > 2 * POLL_MS).map((gap) => `${published.names.get(id)}: ${gap / 1000}s`);
  });
  t.same(gaps, [], `c1's devices have no gap longer than ${2 * POLL_S} s across its death and return`);
});

/** The central's ingested points (its /metrics). */
async function ingested(base: string): Promise<number> {
  const m = await (await fetch(`${base}/metrics`)).text();
  return Number(/^netmon_remote_ingested_points_total (\S+)$/m.exec(m)?.[1] ?? 0);
}

/** The published points up to `untilMs` (a copy). */
function snapshot(p: Published, untilMs: number): Published {
  const points = new Map([...p.points].map(([k, m]) => [k, new Map([...m].filter(([g]) => g < untilMs))]));
  return { points, names: new Map(p.names), by: p.by };
}

/** What of `want` the central's store does not hold as published (each grid time once, its value), by device name. */
async function missingAt(base: string, want: Published): Promise<string[]> {
  const devices = (await getJson(base, '/v2/discovery/net/1/devices')).body?.devices as { id: number; name: string }[] | undefined;
  const idOf = new Map((devices ?? []).map((d) => [d.name, d.id]));
  const out: string[] = [];
  for (const [key, grids] of want.points) {
    if (grids.size === 0) continue;
    const [identity, variable] = key.split('|') as [string, string];
    const name = want.names.get(identity) ?? identity;
    const id = idOf.get(name);
    if (id === undefined) { out.push(`${name}: not at the central`); continue; }
    const times = [...grids.keys()];
    const r = await getJson(base, `/v2/ui/net/1/data/${variable}.${id}.0?start=${Math.min(...times)}&end=${Math.max(...times)}`);
    const lines = ((r.body?.info?.[0]?.timeseries ?? []) as string[]).slice(1).map((l) => l.split(',').map(Number) as [number, number]);
    const have = new Map<number, number[]>();
    for (const [ts, v] of lines) have.set(ts, [...(have.get(ts) ?? []), v]);
    for (const [g, v] of grids) {
      const got = have.get(g);
      if (!got || got.length !== 1 || Math.abs(got[0]! - v) > 1e-9 * Math.max(1, Math.abs(v))) out.push(`${name} ${variable} @${new Date(g).toISOString()}: ${got ? got.join('+') : 'none'} (published ${v})`);
    }
  }
  return out;
}

/** Reads the site's stream as it fills: the points of VARIABLES with their publisher, and the devices' names. */
async function readSite(t: { teardown(fn: () => unknown): void }, url: string, p: Published): Promise<() => Promise<void>> {
  const nc = await connect({ servers: url });
  t.teardown(() => nc.close());
  const jsm = await jetstreamManager(nc);
  await waitFor(async () => ((await jsm.streams.info('SITE').catch(() => undefined)) ? true : undefined), 60_000, 'the site\'s stream');
  const consumer = await jetstream(nc).consumers.get('SITE', { deliver_policy: DeliverPolicy.All });
  const messages = await consumer.consume();
  /** Per collector (and its start): its slots' keys. */
  const keys = new Map<string, Map<number, string>>();
  const done = (async () => {
    for await (const m of messages) {
      const kind = batchKind(m.data);
      if (kind === KIND_INVENTORY) {
        for (const d of decodeInventoryPart(m.data).devices) p.names.set(d.identity, d.device.name);
        continue;
      }
      if (kind !== KIND_POINTS) continue;
      const b = decodePointsBatch(m.data);
      const mine = keys.get(b.collector) ?? new Map<number, string>();
      keys.set(b.collector, mine);
      for (const d of b.definitions) mine.set(d.slot, d.key);
      for (const step of b.steps) {
        step.slots.forEach((slot, i) => {
          const [identity, variable, index] = (mine.get(slot) ?? '').split('|');
          if (!identity || index !== '0' || !VARIABLES.includes(variable!) || Number.isNaN(step.values[i])) return;
          const key = `${identity}|${variable}`;
          const byGrid = p.points.get(key) ?? new Map<number, number>();
          p.points.set(key, byGrid.set(step.gridTsMs, step.values[i]!));
          if (variable === 'reachable') {
            const who = p.by.get(identity) ?? new Map<number, string>();
            p.by.set(identity, who.set(step.gridTsMs, b.collector));
          }
        });
      }
    }
  })().catch((e: Error) => { process.stderr.write(`reading the site's stream failed: ${e.message}\n`); });
  return async () => { await messages.close(); await done; };
}
