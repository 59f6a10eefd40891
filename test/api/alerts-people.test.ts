/**
 * Alerts for people through the router (docs/api.md "Severity, acknowledgement, history and
 * rules"): acknowledging records the caller (user, token, anonymous), the server's time and the
 * comment, and withdrawing clears them; bad bodies, a cleared alert and unknown keys are refused
 * with their codes; the list filters by `acknowledged` and `severity` (alone, together, with
 * `active` and under both prefixes); the history of a device or an alert; the rules in force.
 */
import t from 'tap';
import { registerLegacyAlerts } from '../../api/routes/legacy/alerts.js';
import { registerAlerts } from '../../api/routes/v2/alerts.js';
import { loadConfig } from '../../core/config-load.js';
import { BUILTIN_ALERT_NAMES } from '../../core/config-schema.js';
import { silentLogger } from '../../core/logger.js';
import { createServices } from '../../services/index.js';
import { alert, FakeAlertSource } from '../fakes/alert-fixture.js';
import { callerRouter } from '../fakes/caller-router.js';
import { fixture, NOW_MS } from '../fakes/fake-service.js';
import { ManualClock } from '../fakes/clock.js';

const down = alert({ key: 'k-down', name: 'interfaceDown', severity: 'warning', deviceId: 10, deviceName: 'sw10', componentName: 'eth1', componentIndex: 1,
  inputVariable: 'ifOperStatus.10.1', active: true, activeSince: NOW_MS - 60_000 });
const unreachable = alert({ key: 'k-unr', name: 'deviceUnreachable', severity: 'critical', deviceId: 11, deviceName: 'sw11', componentName: '', componentIndex: 0,
  inputVariable: 'reachable.11.0', active: true, activeSince: NOW_MS - 120_000 });
const rebooted = alert({ key: 'k-boot', name: 'deviceRebooted', severity: 'info', deviceId: 10, deviceName: 'sw10', componentName: '', componentIndex: 0,
  inputVariable: 'sysUpTime.10.0', active: false, activeSince: NOW_MS - 600_000 });

function api() {
  const clock = new ManualClock(NOW_MS);
  const fake = fixture();
  fake.config = loadConfig({
    text: 'simulator: true\nalerts:\n  builtin: { cpuHigh: false }\n  rules:\n    - { name: core-errors, severity: critical, input: "variable = \'ifInErrors\'", condition: value > 10 }\n',
    env: {},
  });
  const source = new FakeAlertSource(new Map([[1, [down, unreachable, rebooted]]]), () => clock.nowMs());
  const services = createServices({ collector: fake, series: fake.series, meta: fake.meta, config: () => fake.config, clock, logger: silentLogger },
    { alertSource: source });
  const { as } = callerRouter(services, clock, (r, ctx) => { registerAlerts(r.group('/v2'), ctx); registerLegacyAlerts(r.group('/api'), ctx); });
  return { clock, as };
}

const A = '/v2/alerts/net/1/alerts';

t.test('acknowledge: who, when and the comment; withdraw; the alert stays active', async (t) => {
  const { clock, as } = api();
  const callers: [string | undefined, string][] = [['user:alice', 'alice'], ['token:grafana', 'token:grafana'], ['admin:root', 'root'], [undefined, 'anonymous']];
  for (const [who, by] of callers) {
    clock.now += 1000;
    const res = await as(who, 'POST', `${A}/k-down/ack`, { comment: `${by} is on it\nline two` });
    t.equal(res.status, 200, `${by}: 200`);
    t.match(res.json, { key: 'k-down', active: true, acknowledged: true, acknowledgedBy: by, acknowledgedAt: clock.nowMs(), acknowledgeComment: `${by} is on it\nline two` },
      `${by}: the answer is the alert, acknowledged by ${by} at the server's time with the comment`);
    const got = await as('user:bob', 'GET', `${A}/k-down`);
    t.same(got.json, res.json, `${by}: a read gives the same`);
  }
  const empty = await as('user:alice', 'POST', `${A}/k-down/ack`, {});
  t.match(empty.json, { acknowledged: true, acknowledgedBy: 'alice', acknowledgeComment: '' }, '{} acknowledges without a comment');
  const withdrawn = await as('user:bob', 'DELETE', `${A}/k-down/ack`);
  t.equal(withdrawn.status, 200);
  t.match(withdrawn.json, { active: true, acknowledged: false, acknowledgedBy: '', acknowledgedAt: 0, acknowledgeComment: '' }, 'withdrawn by anyone: every field back to none');
  const again = await as('user:bob', 'DELETE', `${A}/k-down/ack`);
  t.equal(again.status, 200, 'withdrawing when there is none changes nothing');
});

t.test('acknowledge: refusals', async (t) => {
  const { as } = api();
  const cases: [string, string, string, unknown, number, string][] = [
    ['a cleared alert', 'POST', `${A}/k-boot/ack`, { comment: 'x' }, 409, 'CONFLICT'],
    ['an unknown alert', 'POST', `${A}/nope/ack`, { comment: 'x' }, 404, 'UNKNOWN_ALERT'],
    ['withdraw of an unknown alert', 'DELETE', `${A}/nope/ack`, undefined, 404, 'UNKNOWN_ALERT'],
    ['an unknown network', 'POST', '/v2/alerts/net/9/alerts/k-down/ack', { comment: 'x' }, 404, 'UNKNOWN_NETWORK'],
    ['a comment not a string', 'POST', `${A}/k-down/ack`, { comment: 5 }, 400, 'BAD_REQUEST'],
    ['an unknown field', 'POST', `${A}/k-down/ack`, { comment: 'x', by: 'mallory' }, 400, 'BAD_REQUEST'],
    ['a comment too long', 'POST', `${A}/k-down/ack`, { comment: 'x'.repeat(2001) }, 400, 'BAD_REQUEST'],
    ['a control character', 'POST', `${A}/k-down/ack`, { comment: 'bell \u0007' }, 400, 'BAD_REQUEST'],
    ['an array body', 'POST', `${A}/k-down/ack`, ['x'], 400, 'BAD_REQUEST'],
    ['no body', 'POST', `${A}/k-down/ack`, undefined, 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['a body over 16 KiB', 'POST', `${A}/k-down/ack`, { comment: 'x'.repeat(17_000) }, 413, 'BODY_TOO_LARGE'],
  ];
  for (const [name, method, url, body, status, code] of cases) {
    const res = await as('user:alice', method, url, body);
    t.equal(res.status, status, `${name}: ${status}`);
    t.equal(res.json?.code, code, `${name}: ${code}`);
  }
  t.equal((await as('user:alice', 'GET', `${A}/k-down`)).json.acknowledged, false, 'nothing was acknowledged');
});

t.test('the list filters by acknowledged and severity, under both prefixes', async (t) => {
  const { as } = api();
  await as('user:alice', 'POST', `${A}/k-unr/ack`, { comment: 'power cut' });
  const cases: [string, string[]][] = [
    ['', ['k-down', 'k-unr', 'k-boot']],
    ['acknowledged=true', ['k-unr']],
    ['acknowledged=false', ['k-down', 'k-boot']],
    ['acknowledged=', ['k-down', 'k-unr', 'k-boot']],
    ['severity=critical', ['k-unr']],
    ['severity=warning,info', ['k-down', 'k-boot']],
    ['severity=info&active=true', []],
    ['severity=critical,warning&acknowledged=false', ['k-down']],
    ['active=true&acknowledged=false', ['k-down']],
    ['severity=warning&devices=sw10', ['k-down']],
  ];
  for (const prefix of ['/v2/alerts/net/1/alerts', '/api/alerts/networks/1/alerts']) {
    for (const [q, want] of cases) {
      const res = await as('user:alice', 'GET', `${prefix}?${q}`);
      t.equal(res.status, 200);
      t.same((res.json as { key: string }[]).map((a) => a.key), want, `${prefix}?${q}`);
    }
    for (const q of ['acknowledged=maybe', 'severity=urgent', 'severity=critical,Critical']) {
      const res = await as('user:alice', 'GET', `${prefix}?${q}`);
      t.same([res.status, res.json.code], [400, 'BAD_PARAMETER'], `${prefix}?${q}: 400`);
    }
  }
});

t.test('history of a device and of an alert; the rules', async (t) => {
  const { as } = api();
  const history = async (q: string) => (await as('user:alice', 'GET', `/v2/alerts/net/1/history${q}`));
  const dev10 = await history('?deviceId=10');
  t.equal(dev10.status, 200);
  t.same(dev10.json, [
    { key: 'k-down', name: 'interfaceDown', severity: 'warning', deviceId: 10, deviceName: 'sw10', componentName: 'eth1', componentIndex: 1,
      inputVariable: 'ifOperStatus.10.1', description: down.description, enteredAt: down.activeSince, clearedAt: 0 },
    { key: 'k-boot', name: 'deviceRebooted', severity: 'info', deviceId: 10, deviceName: 'sw10', componentName: '', componentIndex: 0,
      inputVariable: 'sysUpTime.10.0', description: rebooted.description, enteredAt: rebooted.activeSince, clearedAt: rebooted.activeSince + 1000 },
  ], 'device 10: its alerts\' activations, the active one first');
  t.same((await history('?key=k-unr')).json.map((h: { key: string }) => h.key), ['k-unr'], 'one alert\'s');
  t.same((await history('')).json.map((h: { key: string }) => h.key), ['k-down', 'k-unr', 'k-boot'], 'every alert\'s, newest first');
  t.same((await history('?limit=1')).json.length, 1, 'limit');
  t.same((await history('?deviceId=99')).json, [], 'a device without alerts: none');
  for (const q of ['?deviceId=-1', '?deviceId=x', '?limit=0', '?limit=5001', '?limit=1.5']) {
    const res = await history(q);
    t.same([res.status, res.json.code], [400, 'BAD_PARAMETER'], `${q}: 400`);
  }
  t.equal((await as('user:alice', 'GET', '/v2/alerts/net/9/history')).status, 404, 'an unknown network: 404');

  const rules = await as('user:alice', 'GET', '/v2/alerts/net/1/rules');
  t.equal(rules.status, 200);
  t.same(rules.json.map((r: { name: string }) => r.name), [...BUILTIN_ALERT_NAMES.filter((n) => n !== 'cpuHigh'), 'core-errors'], 'the built-ins that are on, then the configured rule');
  t.same(rules.json.at(-1), {
    name: 'core-errors', severity: 'critical', builtin: false, input: "variable = 'ifInErrors'", condition: 'value > 10', duration: 0, percentage: 100,
    notificationTimeMs: 3_600_000, fanOut: true, description: '$rule: $variable of $device $component is $value',
  }, 'a rule as configured, with its severity');
  t.match(rules.json[0], { name: 'deviceUnreachable', severity: 'critical', builtin: true }, 'a built-in');
});
