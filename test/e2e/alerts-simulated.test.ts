/**
 * Alerts end to end on the running server over its simulated network, with a webhook receiver on
 * loopback: a device's CPU gauge raised past a rule's threshold makes the alert Active with the
 * spec's fields; the receiver gets exactly one notice, then one more after `notificationTimeMs`;
 * a matching silence suppresses the next; the alert clears when the value falls and the receiver
 * gets the clear. A simulated device that stops answering raises the built-in unreachable alert
 * within two poll cycles and is shown stale.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import t from 'tap';
import { startApp } from '../../app.js';
import { loadConfig } from '../../core/config-load.js';
import { silentLogger } from '../../core/logger.js';
import { checkAlertRule } from '../../services/alerts/alert-rules.js';
import { getJson, randomPort, simulatedConfigText, tempDir, waitFor, gridSteps } from '../fakes/helpers.js';

interface Notice { kind: string; network: { id: number; name: string }; atMs: number; alert: Record<string, any> }

/** A webhook receiver on loopback: every POSTed JSON body, in arrival order. */
async function receiver(t: { teardown(fn: () => unknown): void }): Promise<{ url: string; notices: Notice[] }> {
  const notices: Notice[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (c: Buffer) => { body += c.toString(); });
    req.on('end', () => {
      try { notices.push(JSON.parse(body) as Notice); } catch { /* counted below as missing */ }
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.teardown(() => new Promise<void>((r) => server.close(() => r())));
  const port = (server.address() as { port: number }).port;
  return { url: `http://127.0.0.1:${port}/hook`, notices };
}

const POLL_S = 2;
const RENOTIFY_S = 12;

const config = (simPort: number, hook: string) => simulatedConfigText(simPort, {
  devices: 3, interfacesPerDevice: 2, pollInterval: `${POLL_S}s`, timeout: '500ms', retries: 0, networkExtra: '    discoveryInterval: 10m',
  extra: `notifications:
  retryInitial: 100ms
  streams:
    - { name: hook, webhook: { url: "${hook}", format: json, timeout: 2s } }
alerts:
  builtin: { interfaceDown: false, interfaceUtilisation: false, cpuHigh: false, deviceRebooted: false }
  rules:
    - name: cpuTest
      input: "variable = 'cpuUtil'"
      condition: "value > 90"
      duration: ${2 * POLL_S}s
      notificationTime: ${RENOTIFY_S}s
      description: "CPU of $device at $value%"
      notify: [hook]
`,
});

/** The server on its simulated network with the webhook receiver, polled until three grid steps were written. */
async function startWithReceiver(t: Parameters<typeof tempDir>[0]) {
  const dataDir = tempDir(t, 'netmon-alerts-e2e-');
  const hook = await receiver(t);
  const simPort = randomPort();
  const load = () => loadConfig({ path: 'alerts.yaml', text: config(simPort, hook.url), env: { HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir }, checkAlertRule });
  const app = await startApp(load(), silentLogger, { load });
  t.teardown(() => app.stop());
  await gridSteps(app, 3);
  return { app, hook, base: `http://127.0.0.1:${app.port}`, sim: app.simulator! };
}

t.test('a CPU alert: active, notified, re-notified, silenced, cleared', async (t) => {
  const { hook, base, sim } = await startWithReceiver(t);
  const dev = sim.devices[0]!.name;
  // Polling runs: the device's CPU has values before it is raised.
  t.same((await getJson(base, '/v2/alerts/net/1/alerts?active=true')).body.filter((a: any) => a.name === 'cpuTest'), [], 'no CPU alert at the simulated load');

  sim.setCpuLoad(dev, 95);
  const raisedAt = Date.now();
  const alert = await waitFor(async () => {
    const list = (await getJson(base, '/v2/alerts/net/1/alerts?active=true')).body as any[];
    return list.find((a) => a.name === 'cpuTest' && a.deviceName === dev);
  }, 30_000, 'the CPU alert to become active');
  t.match(alert, {
    name: 'cpuTest', deviceName: dev, componentName: '', componentIndex: 0, active: true, silenced: false, matchingSilenceId: 0,
    duration: 2 * POLL_S * 1000, percentage: 100, notificationTimeMs: RENOTIFY_S * 1000,
  }, 'the alert object has the rule\'s fields');
  t.equal(typeof alert.key, 'string');
  t.ok(alert.key.length >= 16, 'a long key');
  t.equal(Number(alert.value), 95, 'value: the latest input value');
  t.equal(alert.description, `CPU of ${dev} at 95%`, 'description with macros expanded');
  t.equal(alert.inputVariable, `cpuUtil.${alert.deviceId}.0`, 'inputVariable: the CPU triplet');
  t.ok(alert.activeSince >= raisedAt - POLL_S * 1000 && alert.activeSince <= Date.now(), 'activeSince: after the raise');
  t.ok(alert.timeLastNotificationSent >= alert.activeSince, 'notified on entering Active');
  t.same(alert.values, { [alert.inputVariable]: alert.value }, 'values: the input that holds');
  t.same((await getJson(base, `/v2/alerts/net/1/alerts/${alert.key}`)).body.key, alert.key, 'get by key');
  t.same((await getJson(base, `/api/alerts/networks/1/alerts/${alert.key}`)).body.key, alert.key, 'legacy get by key');

  const mine = () => hook.notices.filter((n) => n.alert.key === alert.key);
  await waitFor(async () => (mine().length >= 1 ? true : undefined), 10_000, 'the first notice');
  await new Promise((r) => setTimeout(r, 3 * POLL_S * 1000));
  t.same(mine().map((n) => n.kind), ['active'], 'exactly one notice while the re-notification time has not passed');
  t.match(mine()[0], { network: { id: 1 }, alert: { key: alert.key, name: 'cpuTest', active: true } });

  await waitFor(async () => (mine().length >= 2 ? true : undefined), (RENOTIFY_S + 4 * POLL_S) * 1000, 'the repeat notice');
  t.same(mine().map((n) => n.kind), ['active', 'repeat'], 'one more after notificationTimeMs');
  const gap = mine()[1]!.atMs - mine()[0]!.atMs;
  t.ok(gap >= RENOTIFY_S * 1000 && gap <= (RENOTIFY_S + 2 * POLL_S) * 1000, `re-notified after ${gap} ms`);

  // The alert's state variable is graphable: 1 while active.
  const graph = await getJson(base, `/v2/ui/net/1/data/${alert.variable}?intervalHr=1`);
  const states = ((graph.body.info?.[0]?.timeseries ?? []) as string[]).slice(1).map((p) => Number(p.split(',')[1]));
  t.ok(states.length >= 1 && states.every((v) => v === 1), `the alert's state variable reads 1 while active (${states.join(',')})`);

  // A silence matching the device and variable: the next repeat is not sent.
  const created = await fetch(`${base}/v2/alerts/net/1/silences`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ expirationTimeMs: 600_000, reason: 'maintenance', match: { deviceName: dev, varName: 'cpuUtil' } }),
  });
  const result = await created.json() as { id: number; status: string; message: string };
  t.match(result, { status: 'success', message: '' }, 'silence created');
  const silenced = (await getJson(base, `/v2/alerts/net/1/alerts/${alert.key}`)).body;
  t.match(silenced, { silenced: true, matchingSilenceId: result.id }, 'the alert shows the silence');
  const listed = (await getJson(base, '/v2/alerts/net/1/silences/')).body as any[];
  t.match(listed, [{ id: result.id, reason: 'maintenance', match: { deviceName: dev } }], 'the silence is listed');
  await new Promise((r) => setTimeout(r, (RENOTIFY_S + 3 * POLL_S) * 1000));
  t.same(mine().map((n) => n.kind), ['active', 'repeat'], 'the silence suppressed the next repeat');

  // The value falls: the alert clears, and the receiver is told.
  sim.setCpuLoad(dev, null);
  await waitFor(async () => ((await getJson(base, `/v2/alerts/net/1/alerts/${alert.key}`)).body.active === false ? true : undefined), 30_000, 'the alert to clear');
  t.same((await getJson(base, '/v2/alerts/net/1/alerts?active=false')).body.map((a: any) => a.key).includes(alert.key), true, 'listed as cleared');
  await waitFor(async () => (mine().length >= 3 ? true : undefined), 10_000, 'the clear notice');
  t.same(mine().map((n) => n.kind), ['active', 'repeat', 'cleared'], 'the receiver got the clear');
  t.equal(mine()[2]!.alert.active, false);
});

t.test('a device that stops answering: the built-in unreachable alert within two cycles, shown stale', async (t) => {
  const { hook, base, sim } = await startWithReceiver(t);
  const victim = sim.devices[1]!;
  t.same((await getJson(base, '/v2/alerts/net/1/alerts?active=true')).body, [], 'no alert while every device answers');

  // The alert must be active at the grid step of the first or second cycle after the device stopped.
  const deadAtMs = Date.now();
  sim.setAlive(victim.name, false);
  const alert = await waitFor(async () => {
    const list = (await getJson(base, '/v2/alerts/net/1/alerts?active=true&devices=' + encodeURIComponent(victim.name))).body as any[];
    return list.find((a) => a.name === 'deviceUnreachable');
  }, 6 * POLL_S * 1000, 'the unreachable alert');
  const afterMs = alert.activeSince - deadAtMs;
  t.ok(afterMs > -POLL_S * 1000 && afterMs <= 2 * POLL_S * 1000, `active at the grid step ${afterMs} ms after the device stopped: within two cycles`);
  t.match(alert, { deviceName: victim.name, componentIndex: 0, active: true, value: '0' });
  t.equal(alert.inputVariable, `reachable.${alert.deviceId}.0`);
  t.equal(alert.description, `${victim.name} does not answer SNMP polls`);
  const rec = (await getJson(base, `/v2/discovery/net/1/devices/${alert.deviceId}`)).body;
  t.equal(rec.pollState.state, 'failing', 'the device record says failing');
  const cpu = ((await getJson(base, '/api/monitor/networks/1/vars/cpuUtil')).body as any[]).find((i) => i.device === victim.name);
  t.equal(cpu.colorLevel, 'stale', 'its last values are shown stale');
  await waitFor(async () => (hook.notices.some((n) => n.alert.key === alert.key && n.kind === 'active') ? true : undefined), 10_000, 'the unreachable notice');

  // The SvcQL alerts table answers from the same alerts.
  const q = await fetch(`${base}/v2/query/net/1/data/`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ targets: [{ svcql: "SELECT key, deviceName FROM alerts WHERE active = 'true'", format: 'table' }] }),
  });
  const table = await q.json() as any[];
  t.same(table[0].rows, [[alert.key, victim.name]], 'the alerts table lists it');

  sim.setAlive(victim.name, true);
  await waitFor(async () => ((await getJson(base, `/v2/alerts/net/1/alerts/${alert.key}`)).body.active === false ? true : undefined), 6 * POLL_S * 1000, 'the alert to clear');
  await waitFor(async () => (hook.notices.some((n) => n.alert.key === alert.key && n.kind === 'cleared') ? true : undefined), 10_000, 'the clear notice');
});
