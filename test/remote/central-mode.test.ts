/**
 * `mode: central` on the built server (main.js), fed by a collector (the built server in `mode:
 * collector` over its simulated network) through a real nats-server: the central lists the
 * collector's devices and links (discovering nothing itself), writes its grid steps under its own
 * slots, and — once the collector has stopped and the central has taken everything — answers the
 * same API calls with the same data as the collector does from its own store: the topology, and
 * the Prometheus API's query_range of device and interface variables. The central is killed
 * (SIGKILL) and started again on its data directory meanwhile; nothing is missing or doubled.
 */
import t from 'tap';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { natsServerOrSkip, startNatsServer } from '../fakes/nats-server.js';
import { getJson, startServerReady, tempDir, waitFor, writeSimulatedConfig } from '../fakes/helpers.js';
import { browserGate, launchBrowser, screenshot, watchedPage } from '../fakes/browser.js';

const DEVICES = 4;
/** An address in the network's range where nothing answers. */
const SILENT = '127.1.9.9';
const POLL_S = 2;

interface Topo {
  devices: { id: number; name: string; address: string; interfaces: { index: number; name: string }[] }[];
  links: { a: { deviceId: number; ifName: string }; b: { deviceId: number; ifName: string } }[];
}

/** The topology by names (ids are each server's own): devices with their interfaces, links end to end. */
function topoByNames(topo: Topo): { devices: string[]; links: string[] } {
  const name = new Map(topo.devices.map((d) => [d.id, d.name]));
  return {
    devices: topo.devices.map((d) => `${d.name} ${d.address} ${d.interfaces.map((i) => `${i.index}:${i.name}`).join(',')}`).sort(),
    links: topo.links.map((l) => [`${name.get(l.a.deviceId)}:${l.a.ifName}`, `${name.get(l.b.deviceId)}:${l.b.ifName}`].sort().join(' — ')).sort(),
  };
}

interface Matrix { data: { result: { metric: Record<string, string>; values: [number, string][] }[] } }

/** A query_range answer as `labels → values`, sorted: comparable between two servers. */
async function queryRange(base: string, query: string, startS: number, endS: number): Promise<Map<string, string>> {
  const r = await getJson(base, `/api/v1/query_range?query=${encodeURIComponent(query)}&start=${startS}&end=${endS}&step=${POLL_S}`);
  if (r.status !== 200) throw new Error(`query_range ${query}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
  const out = new Map<string, string>();
  for (const s of (r.body as Matrix).data.result) {
    const { network: _n, ...labels } = s.metric;
    out.set(JSON.stringify(Object.entries(labels).sort()), s.values.map(([ts, v]) => `${ts}=${v}`).join(' '));
  }
  return new Map([...out].sort(([a], [b]) => a.localeCompare(b)));
}

t.test('a central fed by a collector answers as the collector does for the same data', { timeout: 240_000 }, async (t) => {
  if (!natsServerOrSkip(t)) return;
  const nats = await startNatsServer(t);

  const collectorDir = tempDir(t, 'netmon-collector-');
  const collectorFile = writeSimulatedConfig(collectorDir, {
    devices: DEVICES, interfacesPerDevice: 2, pollInterval: `${POLL_S}s`, networkExtra: '    discoveryInterval: 10m',
    extra: `mode: collector\nremote: { servers: [${nats.url}], site: site-a, collector: c1 }\n`,
  });
  const collector = await startServerReady(t, collectorFile, join(collectorDir, 'data'));

  const centralDir = tempDir(t, 'netmon-central-');
  const centralFile = join(centralDir, 'netmon.yaml');
  writeFileSync(centralFile, `
networks:
  - id: 1
    name: sim
    seeds: [127.1.0.1]
    pollInterval: ${POLL_S}s
mode: central
remote: { servers: [${nats.url}], stream: SITE }
`);
  const startCentral = () => startServerReady(t, centralFile, join(centralDir, 'data'));
  let central = await startCentral();

  const topo = async (base: string) => (await getJson(base, '/v2/discovery/net/1/topo')).body as Topo;
  const listed = await waitFor(async () => { const tp = await topo(central.base); return tp.devices.length === DEVICES ? tp : undefined; }, 60_000,
    `the collector's ${DEVICES} devices at the central (central: ${central.server.log().slice(-1500)})`);
  t.pass(`the central lists the collector's devices: ${listed.devices.map((d) => d.name).join(', ')}`);

  // A device added at the collector that never answers: the central lists it, failing, with the reason.
  const added = await fetch(`${collector.base}/v2/ui/net/1/devices/`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ address: SILENT, name: 'silent-box' }),
  });
  t.equal(added.status, 200, 'a device that does not answer is added at the collector');
  const silent = await waitFor(async () => {
    const { devices } = (await getJson(central.base, '/v2/ui/net/1/devices')).body as { devices: { name: string; pollState?: { reasonKind?: string } }[] };
    const d = devices.find((x) => x.name === 'silent-box');
    return d?.pollState?.reasonKind ? d : undefined;
  }, 60_000, `the silent device at the central with its reason (central: ${central.server.log().slice(-1500)})`);
  t.match(silent, { pollState: { state: 'failing', reachability: 'neverAnswered', reasonKind: 'timeout' } }, 'the central lists it as never answered, with the collector\'s reason');
  const failingAt = async (base: string) => ((await getJson(base, '/v2/ui/net/1/status')).body.polling.failing as { name: string; reachability: string; reasonKind: string; reason: string }[])
    .map((f) => `${f.name} ${f.reachability} ${f.reasonKind} ${f.reason}`).sort();
  t.same(await failingAt(central.base), await failingAt(collector.base), 'the status call names the same failing devices, the same way');

  // The UI: the overview's collectors panel and, on a device's page, which collector polls it.
  const firstId = listed.devices.find((d) => d.name !== 'silent-box')!.id;
  for (const kind of ['chromium', 'firefox'] as const) {
    await t.test(`the central's UI (${kind})`, async (t) => {
      if (!browserGate(t, kind)) return;
      const { page, errors } = await watchedPage(await launchBrowser(t, kind));
      await page.goto(`${central.base}/#/overview`);
      const row = page.locator('.ov-collectors tr[data-collector="c1"]');
      await row.waitFor();
      t.match(await row.locator('[data-field="skew"]').innerText(), /^-?\d+(\.\d)? s$/, 'the overview shows collector c1 with its clock skew');
      await screenshot(page, `central-overview-${kind}`);
      await page.evaluate((h) => { location.hash = h; }, `#/device/${firstId}`);
      const by = page.locator('[data-field="polledBy"]');
      await by.waitFor();
      t.equal(await by.getAttribute('data-value'), 'c1', 'a device\'s page says collector c1 polls it');
      await screenshot(page, `central-device-${kind}`);
      t.same(errors, [], 'no console errors');
    });
  }

  const start = await getJson(central.base, '/v2/svc/discovery/net/1/start');
  t.match(JSON.stringify(start.body), /discovered by its collectors/, `the central discovers nothing itself: ${JSON.stringify(start.body)}`);

  const upAt = async (base: string) => (await queryRange(base, 'sysUpTime', Math.floor(Date.now() / 1000) - 30, Math.floor(Date.now() / 1000))).size;
  await waitFor(async () => ((await upAt(central.base)) === DEVICES ? true : undefined), 60_000, `sysUpTime of each device at the central (${central.server.log().slice(-1500)})`);
  const health = (await getJson(central.base, '/api/metrics/healthcheck')).body as { components: Record<string, { status: string; detail: string }> };
  t.equal(health.components.remote?.status, 'ok', `the central's remote component: ${health.components.remote?.detail}`);
  const poller = health.components['network.1.poller'];
  t.equal(poller?.status, 'degraded', `the network's poller at the central is its collectors, naming the failing device: ${poller?.detail}`);
  t.match(poller?.detail, /silent-box/, 'the healthcheck names it');

  // Killed and started again on its data directory: it goes on where it had acknowledged.
  central.server.proc.kill('SIGKILL');
  await central.server.exited;
  await new Promise((r) => setTimeout(r, 3 * POLL_S * 1_000));
  central = await startCentral();

  // Eight more cycles, then the collector stops cleanly (its last steps published).
  await new Promise((r) => setTimeout(r, 8 * POLL_S * 1_000));
  const endS = Math.floor(Date.now() / 1000);
  await new Promise((r) => setTimeout(r, POLL_S * 1_000));
  const collectorMetrics = await (await fetch(`${collector.base}/metrics`)).text();
  const published = Number(/^netmon_remote_published_points_total (\S+)$/m.exec(collectorMetrics)?.[1]);
  const ended = await query(collector.base);
  const startS = ended.firstS;
  const wanted = new Map<string, Map<string, string>>();
  for (const q of QUERIES) wanted.set(q, await queryRange(collector.base, q, startS, endS));
  const collectorTopo = await topo(collector.base);
  collector.server.proc.kill('SIGTERM');
  t.equal(await collector.server.exited, 0, 'the collector stops cleanly');
  t.ok(published > 0, `the collector published ${published} points`);

  await waitFor(async () => {
    const m = await (await fetch(`${central.base}/metrics`)).text();
    const held = Number(/^netmon_remote_held_batches (\S+)$/m.exec(m)?.[1]);
    const same = await sameAnswers(central.base, wanted, startS, endS);
    return same && held === 0 ? true : undefined;
  }, 60_000, 'the central to answer as the collector').catch(() => undefined);

  t.same(topoByNames(await topo(central.base)), topoByNames(collectorTopo), 'the same devices, interfaces and links as the collector');
  for (const q of QUERIES) {
    const got = await queryRange(central.base, q, startS, endS);
    const want = wanted.get(q)!;
    t.ok(want.size > 0 && [...want.values()].every((v) => v.split(' ').length >= 8), `${q}: the collector has ${want.size} series of at least 8 steps (${[...want.values()].map((v) => v.split(' ').length).join(',')}; window ${startS}…${endS})`);
    t.same([...got.keys()], [...want.keys()], `${q}: the same series (labels) at the central`);
    const differ = [...want].filter(([k, v]) => got.get(k) !== v).map(([k, v]) => `${k}\n  collector: ${v}\n  central:   ${got.get(k)}`);
    t.same(differ.slice(0, 2), [], `${q}: the same values at every step, across the central's kill`);
  }
  const m = await (await fetch(`${central.base}/metrics`)).text();
  t.match(m, /^netmon_remote_ingested_points_total \d+/m, '/metrics: the central counts what it took');
  t.match(m, /^netmon_remote_collector_skew_seconds\{collector="c1"\} -?\d/m, '/metrics: the collector\'s clock against the engine\'s');
});

/** The variables compared: a device's own, its reachability, and an interface's rate. */
const QUERIES = ['sysUpTime', 'reachable', 'ifInRate'];

/** The collector's first sysUpTime point (s): the window starts there. */
async function query(base: string): Promise<{ firstS: number }> {
  const now = Math.floor(Date.now() / 1000);
  const r = await getJson(base, `/api/v1/query_range?query=sysUpTime&start=${now - 600}&end=${now}&step=${POLL_S}`);
  const firsts = (r.body as Matrix).data.result.map((s) => s.values[0]![0]);
  return { firstS: Math.max(...firsts) + POLL_S };
}

async function sameAnswers(base: string, wanted: Map<string, Map<string, string>>, startS: number, endS: number): Promise<boolean> {
  for (const [q, want] of wanted) {
    const got = await queryRange(base, q, startS, endS);
    if (JSON.stringify([...got]) !== JSON.stringify([...want])) return false;
  }
  return true;
}
