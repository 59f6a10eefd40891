import t from 'tap';
import { startApp, type App } from '../../app.js';
import { loadConfig } from '../../core/config-load.js';
import { silentLogger } from '../../core/logger.js';
import { getJson, randomPort, tempDir, waitFor } from '../fakes/helpers.js';

/**
 * The whole server on its simulated network, through a real HTTP socket: discovery finds the
 * simulator's devices and links, polling produces graph points, the ring buffer answers `monitor`,
 * and a restart on the same data directory keeps series and device ids.
 */
const POLL_S = 2;

function configFor(dataDir: string, simPort: number) {
  return loadConfig({
    path: 'e2e.yaml',
    env: { HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir },
    text: `
simulator:
  devices: 5
  interfacesPerDevice: 4
  port: ${simPort}
networks:
  - id: 1
    name: sim
    seeds: [127.1.0.1]
    ranges: [127.1.0.0/16]
    snmp: { port: ${simPort}, timeout: 1s, retries: 1 }
    pollInterval: ${POLL_S}s
    discoveryInterval: 10m
    discoveryMinInterval: 0
`,
  });
}

t.test('simulated network end to end', async (t) => {
  const dataDir = tempDir(t, 'netmon-e2e-');
  const simPort = randomPort();
  let app: App = await startApp(configFor(dataDir, simPort), silentLogger);
  t.teardown(() => app.stop());
  let base = `http://127.0.0.1:${app.port}`;
  const sim = app.simulator!;

  const topo = await waitFor(async () => {
    const r = await getJson(base, '/v2/discovery/net/1/topo');
    return typeof r.body.generation === 'number' ? r.body : undefined;
  }, 30_000, 'the first discovery');
  t.equal(topo.devices.length, sim.devices.length, 'every simulated device discovered');
  t.same(topo.devices.map((d: any) => d.name).sort(), sim.devices.map((d) => d.name).sort());
  const nameOf = new Map<number, string>(topo.devices.map((d: any) => [d.id, d.name]));
  const end = (e: any) => `${nameOf.get(e.deviceId)}:${e.ifName}`;
  const got = topo.links.map((l: any) => [end(l.a), end(l.b)].sort().join(' <-> ')).sort();
  const want = sim.links.map((l) => [`${l.a.device}:${l.a.ifName}`, `${l.b.device}:${l.b.ifName}`].sort().join(' <-> ')).sort();
  t.same(got, want, 'links are exactly the simulator topology');
  t.ok(topo.devices.every((d: any) => d.tags.some((x: string) => x.startsWith('Vendor.'))), 'Vendor tags');
  t.notOk(JSON.stringify(topo).includes('community'), 'SNMP credentials are never shown');

  const dev = topo.devices[0];
  const ifIndex = topo.links.find((l: any) => l.a.deviceId === dev.id)?.a.ifIndex ?? dev.interfaces[0].index;
  const triplet = `ifInRate.${dev.id}.${ifIndex}`;
  const graph = await waitFor(async () => {
    const r = await getJson(base, `/v2/ui/net/1/graph/${triplet}?intervalHr=1`);
    return r.status === 200 && r.body.info?.[0]?.timeseries.length >= 3 ? r.body : undefined;
  }, 30_000, `graph points of ${triplet}`);
  const ts = graph.info[0].timeseries as string[];
  t.equal(ts[0], `timestamp,${triplet}`, 'header');
  const points = ts.slice(1).map((s) => s.split(',').map(Number));
  t.ok(points.every(([tsMs, v]) => tsMs % (POLL_S * 1000) === 0 && Number.isFinite(v) && v > 0), 'grid-aligned positive rates');

  // Legends say what each series is: direction, interface and (embedded) device.
  const iface = dev.interfaces.find((i: any) => i.index === ifIndex);
  const legends = await getJson(base, `/v2/ui/net/1/graph/${triplet},ifOutRate.${dev.id}.${ifIndex},sysUpTime.${dev.id}.0?intervalHr=1`);
  t.same(legends.body.info.map((i: any) => [i.legend.startsWith(i.varName === 'sysUpTime' ? 'Time since' : `${i.varName === 'ifInRate' ? 'Inbound' : 'Outbound'} traffic rate ${iface.name}`),
    i.legendEmbedded === `${dev.name} ${i.legend}`]), [[true, true], [true, true], [true, true]], 'legends name the variable, the interface and the device');
  t.equal(new Set(legends.body.info.map((i: any) => i.legend)).size, 3, 'no two alike');

  const monitor = await getJson(base, `/api/monitor/networks/1/data/${triplet}?monitor=true`);
  t.equal(monitor.status, 200);
  const raw = monitor.body.info[0].timeseries.slice(1);
  t.ok(raw.length >= 1 && raw.length <= 4, `monitor returns at most 4 raw observations (got ${raw.length})`);

  const status = await getJson(base, '/v2/ui/net/1/status');
  t.equal(status.status, 200);
  t.equal((await getJson(base, '/api/metrics/ping')).body, 'pong');
  t.equal((await getJson(base, '/v2/discovery/net/99/topo')).status, 404, 'unknown network');
  t.equal((await getJson(base, '/v2/discovery/net/1/topo?generation=999')).status, 404, 'unknown generation');

  // A second discovery keeps device ids.
  const started = await getJson(base, '/v2/svc/discovery/net/1/start');
  t.equal(started.status, 200);
  const topo2 = await waitFor(async () => {
    const r = await getJson(base, '/v2/discovery/net/1/topo');
    return r.body.generation === topo.generation + 1 ? r.body : undefined;
  }, 30_000, 'the second discovery');
  t.same(topo2.devices.map((d: any) => `${d.id}:${d.name}`), topo.devices.map((d: any) => `${d.id}:${d.name}`), 'device ids stable across generations');

  // Restart on the same data directory: series and generations survive.
  const before = points.at(-1)!;
  await app.stop();
  app = await startApp(configFor(dataDir, simPort), silentLogger);
  base = `http://127.0.0.1:${app.port}`;
  const after = await getJson(base, `/v2/ui/net/1/data/${triplet}?intervalHr=1`);
  const kept = (after.body.info?.[0]?.timeseries ?? []).slice(1).map((s: string) => Number(s.split(',')[0]));
  t.ok(kept.includes(before[0]), 'series points written before the restart are still there');
  const topo3 = await getJson(base, '/v2/discovery/net/1/topo');
  t.ok(topo3.body.generation >= topo2.generation, 'generations survive the restart');
});
