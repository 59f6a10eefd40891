/**
 * Device assignment among the collectors of a site (docs/scale-out.md "Device assignment"): two
 * collector processes of the built server (main.js, `mode: collector`, site-a) poll the same simulated
 * network (the simulator runs in this test's process, so that killing a collector leaves the devices
 * up) and publish to a real nats-server. What reaches the site's stream is read as it comes: each
 * device's `reachable` point of each grid step, with the collector that published it.
 * - with both up, each device is polled by exactly one collector and both have some;
 * - c1 is killed (SIGKILL: no goodbye, its heartbeat ages out): every device's points go on with no
 *   gap longer than 2 poll intervals, c1's devices now from c2;
 * - c1 starts again on its data directory: its devices move back (the same ones), and in a window at
 *   steady state no device is published by both;
 * - the status says who polls each device (`pollState.polledBy`) and each collector's figures
 *   (`/api/metrics/metrics` `remote.collectors`, the healthcheck's remote component, /metrics).
 */
import t from 'tap';
import type { Test } from 'tap';
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { connect } from '@nats-io/transport-node';
import { DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { KIND_INVENTORY, batchKind, decodePointsBatch } from '../../remote/batch-codec.js';
import { startSimulator } from '../../sim/simulator.js';
import { natsServerOrSkip, startNatsServer } from '../fakes/nats-server.js';
import { getJson, randomPort, startServerReady, tempDir, waitFor } from '../fakes/helpers.js';

const DEVICES = 8;
const POLL_S = 3;
const POLL_MS = POLL_S * 1_000;
/** Below the poll interval: a dead collector's devices are polled again within two intervals. */
const TTL = '1500ms';

/** A collector's configuration: the simulated network (no simulator of its own) and the site. */
function collectorConfig(dir: string, name: string, simPort: number, natsUrl: string): string {
  const file = join(dir, `${name}.yaml`);
  writeFileSync(file, `
networks:
  - id: 1
    name: sim
    seeds: [127.1.0.1]
    ranges: [127.1.0.0/16]
    snmp: { port: ${simPort}, timeout: 1s, retries: 1 }
    pollInterval: ${POLL_S}s
    discoveryInterval: 10m
mode: collector
remote:
  servers: [${natsUrl}]
  site: site-a
  collector: ${name}
  heartbeatTtl: ${TTL}
`);
  return file;
}

/** Who published each device's `reachable` point, per grid time: identity → grid ms → collectors. */
type Seen = Map<string, Map<number, Set<string>>>;

t.test('a dead collector\'s devices go to the other and come back, never polled twice', { timeout: 240_000 }, async (t) => {
  if (!natsServerOrSkip(t)) return;
  const nats = await startNatsServer(t);
  const sim = await startSimulator({ devices: DEVICES, interfacesPerDevice: 2, port: randomPort() });
  t.teardown(() => sim.close());
  const dir = tempDir(t, 'netmon-failover-');
  const configs = { c1: collectorConfig(dir, 'c1', sim.port, nats.url), c2: collectorConfig(dir, 'c2', sim.port, nats.url) };
  const start = async (name: 'c1' | 'c2') => startServerReady(t, configs[name], join(dir, `data-${name}`));

  let c1 = await start('c1');
  const c2 = await start('c2');
  t.notMatch(c1.server.log(), /heartbeatTtl is too long/, `a heartbeat TTL of ${TTL} is short enough for ${POLL_S} s polls: nothing logged`);
  const seen: Seen = new Map();
  const stopReading = await readSite(t, nats.url, seen);
  const polledNow = (windowStart: number) => whoPolls(seen, windowStart);

  // Both up: every device by one collector, each collector some.
  const bothUp = await waitFor(async () => {
    const w = polledNow(Date.now() - 2 * POLL_MS);
    return w.size === DEVICES && [...w.values()].every((s) => s.size === 1) && new Set([...w.values()].flatMap((s) => [...s])).size === 2 ? w : undefined;
  }, 90_000, `both collectors polling, each device by one (${describe(polledNow(Date.now() - 2 * POLL_MS))}; c1: ${c1.server.log().slice(-1500)}; c2: ${c2.server.log().slice(-1500)})`);
  const ofC1 = [...bothUp].filter(([, s]) => s.has('c1')).map(([id]) => id).sort();
  t.ok(ofC1.length > 0 && ofC1.length < DEVICES, `c1 polls ${ofC1.length} of ${DEVICES} devices, c2 the others`);
  await statusSays(t, c2.base, 'c2', ['c1', 'c2']);

  // c1 dies.
  await new Promise((r) => setTimeout(r, Math.random() * POLL_MS));
  const killedAt = Date.now();
  c1.server.proc.kill('SIGKILL');
  await c1.server.exited;
  await waitFor(async () => {
    const w = polledNow(killedAt + 2 * POLL_MS);
    return w.size === DEVICES && [...w.values()].every((s) => s.size === 1 && s.has('c2')) ? true : undefined;
  }, 30_000, `c2 polling every device after c1's death (${describe(polledNow(killedAt + 2 * POLL_MS))})`);
  await new Promise((r) => setTimeout(r, 2 * POLL_MS));

  // c1 comes back: its devices move back to it.
  c1 = await start('c1');
  const back = await waitFor(async () => {
    const w = polledNow(Date.now() - 2 * POLL_MS);
    const again = [...w].filter(([, s]) => s.has('c1')).map(([id]) => id).sort();
    return w.size === DEVICES && [...w.values()].every((s) => s.size === 1) && again.length > 0 ? again : undefined;
  }, 60_000, `c1 polling again, each device by one (${describe(polledNow(Date.now() - 2 * POLL_MS))}; c1: ${c1.server.log().slice(-800)})`);
  t.same(back, ofC1, 'the devices c1 had before its death move back to it');

  // Steady state: a window of three cycles, each device's point of each grid step from one collector.
  await new Promise((r) => setTimeout(r, 4 * POLL_MS));
  const windowStart = Date.now() - 3 * POLL_MS;
  const doubled = [...seen].flatMap(([id, byGrid]) => [...byGrid].filter(([g, s]) => g >= windowStart && s.size > 1).map(([g, s]) => `${id}@${g}: ${[...s].join('+')}`));
  t.same(doubled, [], 'at steady state no device is polled by both collectors');
  t.same(gridsIn(seen, windowStart), new Set([...seen.keys()].map(() => 'complete')), 'every device has a point of each grid step of the window');
  await statusSays(t, c1.base, 'c1', ['c1', 'c2']);

  // No gap longer than 2 poll intervals in any device's points, across the death and the return.
  const gaps = [...seen].flatMap(([id, byGrid]) => {
    const grids = [...byGrid.keys()].sort((a, b) => a - b);
    return grids.slice(1).map((g, i) => [id, g - grids[i]!] as const).filter(([, gap]) => gap > 2 * POLL_MS).map(([id2, gap]) => `${id2}: ${gap / 1000}s`);
  });
  t.same(gaps, [], `no device's points have a gap longer than ${2 * POLL_S}s (killed at ${new Date(killedAt).toISOString()})`);
  const moved = ofC1.map((id) => {
    const byGrid = seen.get(id)!;
    const lastOfC1 = Math.max(...[...byGrid].filter(([g, s]) => g <= killedAt && s.has('c1')).map(([g]) => g));
    const firstOfC2 = Math.min(...[...byGrid].filter(([g, s]) => g > lastOfC1 && s.has('c2')).map(([g]) => g));
    return (firstOfC2 - lastOfC1) / POLL_MS;
  });
  t.ok(moved.every((steps) => steps >= 1 && steps <= 2), `c1's devices polled by c2 within 2 intervals of c1's last poll (${moved.join(', ')} intervals)`);

  await stopReading();
  for (const s of [c1.server, c2.server]) s.proc.kill('SIGTERM');
  t.same(await Promise.all([c1.server.exited, c2.server.exited]), [0, 0], 'both collectors stop cleanly');
});

/** Reads the site's stream as it fills: each device's reachable points with their publisher. */
async function readSite(t: { teardown(fn: () => unknown): void }, url: string, seen: Seen): Promise<() => Promise<void>> {
  const nc = await connect({ servers: url });
  t.teardown(() => nc.close());
  const jsm = await jetstreamManager(nc);
  await waitFor(async () => (await jsm.streams.info('SITE').catch(() => undefined)) ? true : undefined, 60_000, 'the site\'s stream');
  const consumer = await jetstream(nc).consumers.get('SITE', { filter_subjects: 'netmon.points.site-a.>', deliver_policy: DeliverPolicy.All });
  const messages = await consumer.consume();
  /** Per collector: its slots' keys (slots are the collector's own; a restart on its data directory keeps them). */
  const keys = new Map<string, Map<number, string>>();
  const done = (async () => {
    for await (const m of messages) {
      batchesRead++;
      if (batchKind(m.data) === KIND_INVENTORY) continue;
      const b = decodePointsBatch(m.data);
      const mine = keys.get(b.collector) ?? new Map<number, string>();
      keys.set(b.collector, mine);
      for (const d of b.definitions) mine.set(d.slot, d.key);
      for (const step of b.steps) {
        step.slots.forEach((slot) => {
          const key = mine.get(slot);
          if (!key?.endsWith('|reachable|0')) return;
          const id = key.split('|')[0]!;
          const byGrid = seen.get(id) ?? new Map<number, Set<string>>();
          seen.set(id, byGrid);
          const who = byGrid.get(step.gridTsMs) ?? new Set<string>();
          byGrid.set(step.gridTsMs, who.add(b.collector));
        });
      }
    }
  })().catch((e: Error) => { process.stderr.write(`reading the site's stream failed: ${e.message}\n`); });
  return async () => { await messages.close(); await done; };
}

/** Per device, the collectors that published its points of grid times at or after `fromMs`. */
function whoPolls(seen: Seen, fromMs: number): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const [id, byGrid] of seen) {
    const who = new Set<string>();
    for (const [g, s] of byGrid) if (g >= fromMs) s.forEach((c) => who.add(c));
    if (who.size > 0) out.set(id, who);
  }
  return out;
}

/** Per device: 'complete' when it has a point of every grid step from `fromMs` to its last one, else what is missing. */
function gridsIn(seen: Seen, fromMs: number): Set<string> {
  const out = new Set<string>();
  for (const [id, byGrid] of seen) {
    const grids = [...byGrid.keys()].filter((g) => g >= fromMs).sort((a, b) => a - b);
    const first = Math.ceil(fromMs / POLL_MS) * POLL_MS;
    const missing: number[] = [];
    for (let g = first; g <= (grids.at(-1) ?? first); g += POLL_MS) if (!byGrid.has(g)) missing.push(g);
    out.add(missing.length === 0 && grids.length >= 2 ? 'complete' : `${id}: ${grids.length} points, missing ${missing.join(',')}`);
  }
  return out;
}

/** Messages of the site's stream read so far (for the messages of a failure). */
let batchesRead = 0;

function describe(w: Map<string, Set<string>>): string {
  return `${batchesRead} batches read; ${[...w].map(([id, s]) => `${id}: ${[...s].join('+')}`).join('; ') || 'no device yet'}`;
}

/** The collector's status: its healthcheck lists the live collectors, /metrics its share, each device says who polls it. */
async function statusSays(t: Test, base: string, self: string, live: string[]): Promise<void> {
  const health = (await getJson(base, '/api/metrics/metrics')).body as { remote?: { polledDevices?: number; collectors?: { collector: string; live: boolean; health: string; lagMs: number; bufferedBytes: number; polled: number }[] } };
  const collectors = health.remote?.collectors ?? [];
  const component = ((await getJson(base, '/api/metrics/healthcheck')).body as { components: Record<string, { detail: string }> }).components.remote;
  t.match(component?.detail, new RegExp(`collectors live at the site: ${live.join(', ')}`), `${self}'s healthcheck names the live collectors: ${component?.detail}`);
  t.same(collectors.filter((c) => c.live).map((c) => c.collector), live, `${self}'s status: live collectors ${JSON.stringify(collectors)}`);
  t.ok(collectors.every((c) => typeof c.lagMs === 'number' && typeof c.bufferedBytes === 'number' && c.health !== ''), `${self}'s status: each collector's health, lag and buffered bytes`);
  const metrics = await (await fetch(`${base}/metrics`)).text();
  const assigned = Number(/^netmon_remote_assigned_devices (\S+)$/m.exec(metrics)?.[1]);
  t.equal(assigned, health.remote?.polledDevices, `${self}'s /metrics: ${assigned} devices assigned`);
  const devices = (await getJson(base, '/v2/discovery/net/1/devices')).body as { devices: { name: string; pollState: { polledBy?: string | null } }[] };
  const by = devices.devices.map((d) => d.pollState.polledBy);
  t.ok(by.length === DEVICES && by.every((c) => c !== undefined && c !== null && live.includes(c)), `${self}'s devices say who polls them (${by.join(', ')})`);
  t.equal(by.filter((c) => c === self).length, assigned, `${self}: the devices it says it polls are its assigned count`);
}
