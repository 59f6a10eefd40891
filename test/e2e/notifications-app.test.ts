/**
 * Alert notifications in the whole server over a real socket: the metrics show the notifier's
 * streams from the configuration, a reload adds and removes streams (app.reloadConfig), the
 * healthcheck has the notifications component, and no secret of a stream reaches an answer.
 */
import t from 'tap';
import { startApp } from '../../app.js';
import { loadConfig } from '../../core/config-load.js';
import { silentLogger } from '../../core/logger.js';
import { getJson, randomPort, tempDir } from '../fakes/helpers.js';

t.test('notification streams follow the configuration at start and on reload', async (t) => {
  const dataDir = tempDir(t, 'netmon-notify-e2e-');
  const snmpPort = randomPort();
  let notifications = '';
  const load = () => loadConfig({
    text: `networks:\n  - { id: 1, name: quiet, seeds: [127.0.0.1], snmp: { port: ${snmpPort}, timeout: 100ms, retries: 0 }, discoveryInterval: 1h }\n${notifications}`,
    env: { HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir },
  });
  const app = await startApp(load(), silentLogger, { load });
  t.teardown(() => app.stop());
  const base = `http://127.0.0.1:${app.port}`;
  const streams = async () => ((await getJson(base, '/api/metrics/metrics')).body.notifications.streams as { name: string; kind: string }[]).map((s) => `${s.name}:${s.kind}`);

  t.same(await streams(), ['log:log'], 'the log stream without a notifications section');
  const health = (await getJson(base, '/api/metrics/healthcheck')).body;
  t.same(health.components.notifications, { healthy: true, detail: '1 stream(s) delivering, 0 queued' });

  notifications = `notifications:
  streams:
    - { name: ops, webhook: { url: "http://127.0.0.1:9/hook?token=urlsecret", headers: { Authorization: "Bearer hooksecret" } } }
    - { name: mail, email: { host: 127.0.0.1, user: u, password: mailsecret, from: a@example.org, to: [b@example.org] } }
`;
  await app.reloadConfig();
  t.same(await streams(), ['log:log', 'ops:webhook', 'mail:email'], 'added by the reload');
  const text = JSON.stringify((await getJson(base, '/api/metrics/metrics')).body) + JSON.stringify((await getJson(base, '/api/metrics/healthcheck')).body);
  t.notMatch(text, /urlsecret|hooksecret|mailsecret/, 'no secret in the answers');

  notifications = 'notifications:\n  streams:\n    - { name: mail, email: { host: 127.0.0.1, from: a@example.org, to: [b@example.org] } }\n';
  await app.reloadConfig();
  t.same(await streams(), ['log:log', 'mail:email'], 'removed by the reload');
});
