import t from 'tap';
import { startApp, type App } from '../../app.js';
import { loadConfig } from '../../core/config-load.js';
import { createLogger } from '../../core/logger.js';
import type { GridStepWritten } from '../../core/ports/events.js';
import { getJson, randomPort, simulatedConfigText, tempDir, waitFor } from '../fakes/helpers.js';

/**
 * A device that stops answering, on the whole server over its simulated network (2 s polls, 400 ms
 * SNMP timeout, no retry): within two cycles its `reachable` grid value is 0; its discovery record,
 * the status call and the healthcheck say it fails (degraded); `vars` marks its values stale; the
 * log says so once. When it answers again: recovered, logged once. And a CPU load set in the
 * simulator reads through the API.
 */
const POLL_MS = 2000;

function configFor(dataDir: string, simPort: number) {
  return loadConfig({
    path: 'staleness.yaml',
    env: { HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir },
    text: simulatedConfigText(simPort, {
      devices: 4, interfacesPerDevice: 2, pollInterval: `${POLL_MS / 1000}s`, timeout: '400ms', retries: 0, networkExtra: '    discoveryInterval: 10m',
    }),
  });
}

t.test('a device that stops answering is failing, unreachable and stale; then recovers', async (t) => {
  const lines: string[] = [];
  const logger = createLogger({ level: 'info', write: (l) => lines.push(l) });
  const app: App = await startApp(configFor(tempDir(t, 'netmon-stale-'), randomPort()), logger);
  t.teardown(() => app.stop());
  const base = `http://127.0.0.1:${app.port}`;
  const sim = app.simulator!;
  const steps: GridStepWritten[] = [];
  app.monitor.events.onGridStepWritten((e) => steps.push(e));

  const topo = await waitFor(async () => {
    const r = await getJson(base, '/v2/discovery/net/1/topo');
    return r.body.devices?.length === sim.devices.length ? r.body : undefined;
  }, 30_000, 'the first discovery');
  const victim = sim.devices[2]!;
  const id: number = topo.devices.find((d: any) => d.name === victim.name).id;
  const others = topo.devices.filter((d: any) => d.id !== id).map((d: any) => d.name as string);
  const varsOf = async (name: string) => (await getJson(base, `/api/monitor/networks/1/vars/${name}`)).body as any[];
  const itemOf = async (name: string) => (await varsOf(name)).find((i) => i.device === victim.name);
  const reachablePoints = async (): Promise<[number, number][]> => {
    const r = await getJson(base, `/v2/ui/net/1/data/reachable.${id}.0?intervalHr=1`);
    return (r.body.info?.[0]?.timeseries ?? []).slice(1).map((s: string) => s.split(',').map(Number));
  };

  // Answering: reachable 1, in the catalog like any variable; then a CPU load set in the simulator.
  await waitFor(async () => ((await itemOf('reachable'))?.value === '1' ? true : undefined), 20_000, 'reachable = 1');
  const catalog = await getJson(base, `/api/monitor/networks/1/catalog/reachable.${id}.0`);
  t.same(catalog.body[`reachable.${id}.0`], {
    category: 'Status', varDescription: 'Whether the device answered its SNMP poll (1) or not (0)', device: victim.name, component: '',
    componentDescription: '', unit: '',
  }, 'reachable is in the catalog');
  sim.setCpuLoad(victim.name, 95);
  const cpu = await waitFor(async () => {
    const i = await itemOf('cpuUtil');
    return i && Math.abs(Number(i.value) - 95) < 0.5 ? i : undefined;
  }, 15_000, 'cpuUtil ≈ 95');
  t.equal(cpu.colorLevel, 'normal');
  t.equal((await getJson(base, '/api/metrics/healthcheck')).body.status, 'ok', 'healthcheck ok while every device answers');

  // Dead.
  const deadAtMs = Date.now();
  sim.setAlive(victim.name, false);
  const zero = await waitFor(async () => (await reachablePoints()).find(([ts, v]) => ts > deadAtMs && v === 0), 3 * POLL_MS + 3000, 'reachable = 0');
  t.ok(zero[0] - deadAtMs <= 2 * POLL_MS, `reachable 0 within two cycles (at ${zero[0] - deadAtMs} ms)`);
  t.ok(steps.some((s) => s.gridTsMs === zero[0] && s.points >= 1), 'GridStepWritten announced that grid step, its points counted');
  const rec = await waitFor(async () => {
    const r = await getJson(base, `/v2/discovery/net/1/devices/${id}`);
    return r.body.pollState?.state === 'failing' && r.body.pollState.consecutiveFailures >= 3 ? r.body : undefined;
  }, 4 * POLL_MS + 3000, 'the device record failing for three polls');
  t.ok(rec.pollState.failingSinceMs >= deadAtMs, 'failing since after it stopped');
  t.match(rec.pollState.reason, victim.address, 'the reason names its address');
  t.ok(rec.pollState.lastSuccessMs <= rec.pollState.failingSinceMs);
  const status = (await getJson(base, '/v2/ui/net/1/status')).body.polling;
  t.equal(status.devicesFailing, 1);
  t.same(status.failing.map((d: any) => [d.id, d.name, d.address]), [[id, victim.name, victim.address]], 'the status names it');
  const health = (await getJson(base, '/api/metrics/healthcheck')).body;
  t.same([health.healthy, health.status], [true, 'degraded'], 'healthcheck: degraded, still healthy');
  t.match(health.reason, victim.name, 'the healthcheck reason names it');
  t.equal(health.components['network.1.poller'].status, 'degraded');
  const cpuItems = await varsOf('cpuUtil');
  const stale = cpuItems.find((i) => i.device === victim.name);
  t.same([stale.colorLevel, stale.value], ['stale', cpu.value], 'its cpuUtil is stale, keeping its last value');
  t.ok(cpuItems.filter((i) => others.includes(i.device)).every((i) => i.colorLevel === 'normal'), 'the others are not stale');
  t.same([(await itemOf('reachable')).value, (await itemOf('reachable')).colorLevel], ['0', 'normal'], 'reachable itself is current: 0');
  const query = await fetch(`${base}/v2/query/net/1/data/`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ from: 'now-5m', targets: [{ id: 'A', svcql: "SELECT device, metric FROM variables WHERE variable = 'reachable' AND metric = 0", format: 'table' }] }),
  }).then((r) => r.json()) as any[];
  t.same(query[0]?.rows, [[victim.name, 0]], 'the SvcQL variables table has reachable: 0 for it alone');
  const starts = lines.filter((l) => l.includes('starts failing') && l.includes(`device=${victim.name}`));
  t.equal(starts.length, 1, 'one "starts failing" line over three failed polls');
  t.match(starts[0], /WARN/);
  t.match(starts[0], `address=${victim.address}`);

  // Alive again.
  sim.setAlive(victim.address, true);
  sim.setCpuLoad(victim.name, null);
  await waitFor(async () => {
    const r = await getJson(base, `/v2/discovery/net/1/devices/${id}`);
    return r.body.pollState?.state === 'ok' ? true : undefined;
  }, 3 * POLL_MS + 3000, 'the device record ok again');
  await waitFor(async () => ((await reachablePoints()).at(-1)?.[1] === 1 ? true : undefined), 3 * POLL_MS + 3000, 'reachable = 1 again');
  const recovered = lines.filter((l) => l.includes('recovered') && l.includes(`device=${victim.name}`));
  t.equal(recovered.length, 1, 'one recovery line');
  t.match(recovered[0], /failedForMs=\d+/);
  const after = (await getJson(base, '/api/metrics/healthcheck')).body;
  t.same([after.status, after.reason], ['ok', ''], 'healthcheck ok again');
  t.equal((await getJson(base, '/v2/ui/net/1/status')).body.polling.devicesFailing, 0);
  t.equal((await itemOf('cpuUtil')).colorLevel, 'normal', 'its values are current again');
  t.equal(lines.filter((l) => l.includes('starts failing')).length, 1, 'no other device started failing');
});
