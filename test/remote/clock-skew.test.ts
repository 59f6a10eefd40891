/**
 * A collector whose clock runs 90 s ahead, against the built server in `mode: central` on a real
 * nats-server. The collector here is the test itself speaking the collectors' wire (an inventory
 * of one device, then batches of its `reachable` values, each batch stamped with the collector's
 * clock), so that its clock can be set ahead: the central records the skew (about +90 s, in
 * /metrics and the `collectorClockSkew` variable), raises the built-in collectorClockSkew alert,
 * says so in its healthcheck, and writes none of the points more than 60 s ahead of its own clock
 * (counted), while it writes the others.
 */
import t from 'tap';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLogger } from '../../core/logger.js';
import { connectJetStream } from '../../remote/nats-jetstream.js';
import { encodePointsBatch } from '../../remote/batch-codec.js';
import { encodeInventory } from '../../remote/inventory-codec.js';
import type { Device } from '../../core/types.js';
import { natsServerOrSkip, startNatsServer } from '../fakes/nats-server.js';
import { getJson, startServerReady, tempDir, waitFor } from '../fakes/helpers.js';

const POLL_S = 2;
const AHEAD_MS = 90_000;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

const device: Device = {
  id: 5, name: 'far-box', address: '10.9.0.5', snmpPort: 161, sysObjectID: '1.3.6.1.4.1.8072.3.2.10', sysDescr: 'Linux far-box', sysContact: '', sysLocation: '',
  sysUpTimeCs: 100, chassisId: '02:00:00:00:09:05', vendor: 'Net-SNMP', model: 'linux', serialNumber: '', softwareRev: '', tags: [], interfaces: [], components: [],
  neighbors: [], discoveredAtMs: Date.now(),
  poll: { version: '2c', community: '', v3User: '', hc: true, hrProcessor: false, ucdCpu: false, ucdMem: false, hrRamIndex: 0 } as unknown as Device['poll'],
};

t.test('a collector 90 s ahead: its skew recorded and alerted on, no point written into the future', { timeout: 180_000 }, async (t) => {
  if (!natsServerOrSkip(t)) return;
  const nats = await startNatsServer(t);
  const logger = createLogger({ level: 'error', component: 'test' });
  const wire = await connectJetStream({ servers: [nats.url], name: 'test-collector', publishTimeoutMs: 5_000, logger });
  t.teardown(() => wire.close());
  await wire.ensureStream({ name: 'SITE', subjects: ['netmon.*.site-a.>'], maxAgeMs: 86_400_000, maxBytes: -1, duplicateWindowMs: 120_000 });

  const dir = tempDir(t, 'netmon-skew-');
  const file = join(dir, 'netmon.yaml');
  writeFileSync(file, `
networks:
  - id: 1
    name: far
    seeds: [10.9.0.5]
    pollInterval: ${POLL_S}s
mode: central
remote: { servers: [${nats.url}], stream: SITE }
`);
  const { server, base } = await startServerReady(t, file, join(dir, 'data'));

  const clock = () => Date.now() + AHEAD_MS;
  const boot = clock();
  const identity = `chassis:${device.chassisId}`;
  for (const part of encodeInventory({ collector: 'c9', boot, seq: 1, networkId: 1, sentAtMs: clock() }, [{ identity, device }], 512 * 1024)) {
    await wire.publish('netmon.inventory.site-a.c9', part.data, part.id);
  }
  // Each batch: the grid step just past (by the central's clock) and the one 90 s ahead (the collector's "now").
  const stepMs = POLL_S * 1_000;
  const published: { past: number; ahead: number }[] = [];
  for (let seq = 1; seq <= 12; seq++) {
    const past = Math.floor(Date.now() / stepMs) * stepMs - stepMs;
    const ahead = Math.floor(clock() / stepMs) * stepMs;
    const batch = encodePointsBatch({
      collector: 'c9', boot, seq, sentAtMs: clock(), networkId: 1,
      definitions: seq === 1 ? [{ slot: 0, key: `${identity}|reachable|0` }] : [],
      steps: [{ gridTsMs: past, slots: Int32Array.of(0), values: Float64Array.of(1) }, { gridTsMs: ahead, slots: Int32Array.of(0), values: Float64Array.of(1) }],
    });
    await wire.publish('netmon.points.site-a.c9', batch, `c9.${boot}.${seq}`);
    published.push({ past, ahead });
    await pause(stepMs);
  }

  const metric = async (re: RegExp) => Number(re.exec(await (await fetch(`${base}/metrics`)).text())?.[1]);
  const skewS = await waitFor(async () => { const v = await metric(/^netmon_remote_collector_skew_seconds\{collector="c9"\} (\S+)$/m); return Number.isFinite(v) ? v : undefined; },
    30_000, `the skew of c9 at the central (${server.log().slice(-1500)})`);
  t.ok(Math.abs(skewS - AHEAD_MS / 1000) < 5, `the central records c9's clock about 90 s ahead (${skewS} s)`);
  t.ok(await metric(/^netmon_remote_future_points_total (\S+)$/m) >= published.length, 'the points 90 s ahead are not written, and counted');

  // The stored points of the device's reachable (the central's device 1), from a minute back to 200 s ahead.
  const now = Date.now();
  const data = await getJson(base, `/v2/ui/net/1/data/reachable.1.0?start=${now - 60_000}&end=${now + 200_000}`);
  const lines = ((data.body as { info: { timeseries: string[] }[] }).info[0]?.timeseries ?? []).slice(1);
  const times = lines.map((l) => Number(l.split(',')[0]));
  t.ok(published.filter((p) => p.past >= now - 60_000 && times.includes(p.past)).length >= 10, `the points of the past steps are written (${times.length} points)`);
  t.same(times.filter((ts) => ts > Date.now() + 60_000), [], 'no point more than 60 s ahead of the central\'s clock is in its store');
  t.same(times.filter((ts) => published.some((p) => p.ahead === ts)), [], 'none of the steps the collector sent 90 s ahead');

  const alert = await waitFor(async () => {
    const list = (await getJson(base, '/v2/alerts/net/1/alerts?active=true')).body as { name?: string; rule?: string; description?: string }[];
    return list.find((a) => (a.rule ?? a.name) === 'collectorClockSkew');
  }, 30_000, `the collectorClockSkew alert (${server.log().slice(-1500)})`);
  t.match(alert.description, /collector #1 is (8[5-9]|9[0-5])(\.\d+)? s off/, `the built-in rule is active: ${alert.description}`);
  const health = (await getJson(base, '/api/metrics/healthcheck')).body as { components: Record<string, { status: string; detail: string }> };
  t.equal(health.components.remote?.status, 'degraded', 'the healthcheck\'s remote component is degraded');
  t.match(health.components.remote?.detail, /collector c9's clock is (8[5-9]|9[0-5])s ahead/, `naming the collector: ${health.components.remote?.detail}`);
});
