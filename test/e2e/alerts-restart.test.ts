/**
 * Alerts and silences across a restart on the same data directory (real LMDB files): an alert that
 * was active and notified is still active after the restart, with the same key, activeSince and
 * timeLastNotificationSent, and is not notified again; its history stays; a silence made before
 * the restart is still listed; its acknowledgement (ours) is kept as it was, and ends when the alert
 * clears.
 */
import { createServer, type Server } from 'node:http';
import t from 'tap';
import { startApp, type App } from '../../app.js';
import { loadConfig } from '../../core/config-load.js';
import { silentLogger } from '../../core/logger.js';
import { checkAlertRule } from '../../services/alerts/alert-rules.js';
import { getJson, randomPort, simulatedConfigText, tempDir, waitFor, gridSteps } from '../fakes/helpers.js';

const POLL_S = 2;

t.test('an active, notified alert and a silence survive a restart; no second notice', async (t) => {
  const dataDir = tempDir(t, 'netmon-alerts-restart-');
  const kinds: string[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => { body += c.toString(); });
    req.on('end', () => { try { const n = JSON.parse(body); if (n.alert.name === 'cpuTest') kinds.push(n.kind); } catch { /* not ours */ } res.end('ok'); });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.teardown(() => new Promise<void>((r) => server.close(() => r())));
  const hook = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
  const simPort = randomPort();
  const text = simulatedConfigText(simPort, {
    devices: 2, interfacesPerDevice: 2, pollInterval: `${POLL_S}s`, timeout: '500ms', retries: 0, networkExtra: '    discoveryInterval: 10m',
    extra: `notifications:\n  streams:\n    - { name: hook, webhook: { url: "${hook}" } }
alerts:
  builtin: { deviceUnreachable: false, interfaceDown: false, interfaceUtilisation: false, cpuHigh: false, deviceRebooted: false }
  rules:
    - { name: cpuTest, input: "variable = 'cpuUtil'", condition: "value > 90", duration: ${2 * POLL_S}s, notificationTime: 1h, notify: [hook] }
`,
  });
  const load = () => loadConfig({ path: 'restart.yaml', text, env: { HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir }, checkAlertRule });
  const start = async (): Promise<{ app: App; base: string }> => {
    const app = await startApp(load(), silentLogger, { load });
    return { app, base: `http://127.0.0.1:${app.port}` };
  };

  let { app, base } = await start();
  const dev = app.simulator!.devices[0]!.name;
  const other = app.simulator!.devices[1]!.name;
  await waitFor(async () => ((await getJson(base, '/v2/discovery/net/1/topo')).body.devices?.length === 2 ? true : undefined), 30_000, 'discovery');
  app.simulator!.setCpuLoad(dev, 95);
  const before = await waitFor(async () => ((await getJson(base, '/v2/alerts/net/1/alerts?active=true')).body as any[]).find((a) => a.name === 'cpuTest'), 30_000, 'the alert');
  await waitFor(async () => (kinds.length === 1 ? true : undefined), 10_000, 'its notice');
  const made = await (await fetch(`${base}/v2/alerts/net/1/silences`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ expirationTimeMs: 3_600_000, reason: 'kept', match: { deviceName: other } }),
  })).json() as { id: number; status: string };
  t.equal(made.status, 'success');
  const acked = await (await fetch(`${base}/v2/alerts/net/1/alerts/${before.key}/ack`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ comment: 'kept across the restart' }),
  })).json() as { acknowledged: boolean; acknowledgedBy: string; acknowledgedAt: number; acknowledgeComment: string };
  t.match(acked, { acknowledged: true, acknowledgedBy: 'anonymous', acknowledgeComment: 'kept across the restart' }, 'acknowledged before the restart');
  await app.stop();

  ({ app, base } = await start());
  t.teardown(() => app.stop());
  // Before any grid step of the new process: the stored alert as it was.
  const after = (await getJson(base, `/v2/alerts/net/1/alerts/${before.key}`)).body;
  t.match(after, {
    key: before.key, active: true, activeSince: before.activeSince, timeLastNotificationSent: before.timeLastNotificationSent,
    deviceName: dev, silenced: false, matchingSilenceId: 0,
  }, 'the alert is still active, as notified');
  t.same([after.acknowledged, after.acknowledgedBy, after.acknowledgedAt, after.acknowledgeComment],
    [true, 'anonymous', acked.acknowledgedAt, 'kept across the restart'], 'and acknowledged as it was');
  t.match((await getJson(base, '/v2/alerts/net/1/silences')).body, [{ id: made.id, reason: 'kept', match: { deviceName: other } }], 'the silence is still listed');

  // Its input still over the threshold in the new process: it stays active, and nothing is sent again.
  app.simulator!.setCpuLoad(dev, 95);
  await gridSteps(app, 4);
  const later = (await getJson(base, `/v2/alerts/net/1/alerts/${before.key}`)).body;
  t.match(later, { active: true, activeSince: before.activeSince }, 'still active since the same time');
  t.same(kinds, ['active'], 'no second notice after the restart');

  // Its input back under the threshold: it clears, and the acknowledgement ends with it.
  app.simulator!.setCpuLoad(dev, 10);
  const cleared = await waitFor(async () => {
    const a = (await getJson(base, `/v2/alerts/net/1/alerts/${before.key}`)).body;
    return a.active === false ? a : undefined;
  }, 30_000, 'the alert to clear');
  t.same([cleared.acknowledged, cleared.acknowledgedBy, cleared.acknowledgedAt, cleared.acknowledgeComment], [false, '', 0, ''], 'cleared: no longer acknowledged');
});
