/**
 * Alerts for people in the evaluator (services/alerts/alert-engine.ts): each alert carries its
 * rule's severity (and a reload's new one); an acknowledgement of an active alert is kept with the
 * alert (across a restart), holds back `repeat` notices but not `cleared`, ends when the alert
 * clears (the next activation repeats again), and is refused for a cleared or unknown alert; the
 * history keeps each activation's entry and clearing.
 */
import t from 'tap';
import { loadConfig } from '../../../core/config-load.js';
import { silentLogger } from '../../../core/logger.js';
import type { AlertNotice, AlertNotifier } from '../../../services/alert-types.js';
import { AlertEngine, NS_ALERTS } from '../../../services/alerts/alert-engine.js';
import { alertKey } from '../../../services/alerts/alert-record.js';
import { checkAlertRule } from '../../../services/alerts/alert-rules.js';
import { FakeService, variable } from '../../fakes/fake-service.js';
import { ManualClock } from '../../fakes/clock.js';

const MIN = 60_000;
const T0 = 28_333_333 * MIN;
const at = (step: number): number => T0 + step * MIN;
const NETS = 'networks:\n  - { id: 1, name: lab, seeds: [10.0.0.1], pollInterval: 60s }\n';
const OFF = 'alerts:\n  builtin: { deviceUnreachable: false, interfaceDown: false, interfaceUtilisation: false, cpuHigh: false, deviceRebooted: false }\n';
const RULES = (severity: string) => `${OFF}  rules:
    - { name: cpu, severity: ${severity}, input: "variable = 'cpuUtil'", condition: value > 90, notificationTime: 2m }
`;

class Notices implements AlertNotifier {
  readonly sent: string[] = [];
  send(n: AlertNotice): void { this.sent.push(`${n.kind}:${n.alert.deviceId}`); }
  status() { return { streams: [], droppedWithRemovedStreams: 0 }; }
  purge() { return 0; }
  configure() {}
  async close() {}
  take() { return this.sent.splice(0); }
}

function setup(fake: FakeService, rules: string) {
  fake.config = loadConfig({ text: NETS + rules, env: {}, checkAlertRule });
  const clock = new ManualClock(T0 + 5_000);
  const notices = new Notices();
  const engine = new AlertEngine({ collector: fake, series: fake.series, meta: fake.meta, config: () => fake.config, clock, logger: silentLogger },
    notices, { matching: () => 0 });
  engine.start();
  const step = async (n: number, values: Record<number, number>) => {
    const slots = Object.keys(values).map(Number);
    fake.series.appendStep(at(n), Int32Array.from(slots), Float64Array.from(slots.map((s) => values[s]!)));
    clock.now = at(n) + 5_000;
    await engine.runStep(1, at(n));
  };
  return { engine, notices, clock, step };
}

t.test('acknowledgement: kept across a restart, no repeats while it holds, ended by the clearing', async (t) => {
  const fake = new FakeService();
  fake.vars.set(1, [variable(0, 'cpuUtil', 10, 0, '%'), variable(1, 'cpuUtil', 11, 0, '%')]);
  const first = setup(fake, RULES('critical'));
  const k10 = alertKey(1, 'cpu', 10, 0);
  const k11 = alertKey(1, 'cpu', 11, 0);
  await first.step(0, { 0: 95, 1: 95 });
  t.same(first.notices.take(), ['active:10', 'active:11']);
  t.equal(first.engine.get(1, k10)?.severity, 'critical', 'the alert carries its rule\'s severity');

  first.clock.now = at(0) + 30_000;
  const acked = await first.engine.acknowledge(1, k10, { by: 'alice', comment: 'replacing the fan' });
  t.match(acked, { key: k10, active: true, acknowledged: true, acknowledgedBy: 'alice', acknowledgedAt: at(0) + 30_000, acknowledgeComment: 'replacing the fan' });
  const stored = fake.meta.get<{ ack: unknown }>(NS_ALERTS, [1, k10]);
  t.same(stored?.ack, { by: 'alice', atMs: at(0) + 30_000, comment: 'replacing the fan' }, 'stored before the call resolves');
  await first.engine.stop();

  const second = setup(fake, RULES('critical'));
  t.match(second.engine.get(1, k10), { acknowledged: true, acknowledgedBy: 'alice', acknowledgeComment: 'replacing the fan' }, 'after a restart: still acknowledged');
  await second.step(1, { 0: 95, 1: 95 });
  await second.step(2, { 0: 95, 1: 95 });
  t.same(second.notices.take(), ['repeat:11'], 'notificationTime 2m: the unacknowledged alert repeats, the acknowledged one does not');
  t.same(second.engine.alerts(1).filter((a) => a.active).map((a) => a.deviceId), [10, 11], 'both stay active');

  await second.step(3, { 0: 50, 1: 95 });
  t.same(second.notices.take(), ['cleared:10'], 'the acknowledged alert\'s clearing is notified');
  t.match(second.engine.get(1, k10), { active: false, acknowledged: false, acknowledgedBy: '', acknowledgedAt: 0, acknowledgeComment: '' }, 'clearing ends the acknowledgement');
  t.equal(fake.meta.get<{ ack: unknown }>(NS_ALERTS, [1, k10])?.ack, null, 'in the store too');
  await t.rejects(second.engine.acknowledge(1, k10, { by: 'bob', comment: '' }), { code: 'CONFLICT' }, 'a cleared alert is not acknowledged');
  await t.rejects(second.engine.acknowledge(1, 'nope', { by: 'bob', comment: '' }), { code: 'UNKNOWN_ALERT' }, 'an unknown one neither');

  await second.step(4, { 0: 95, 1: 95 });
  await second.step(5, { 0: 95, 1: 95 });
  await second.step(6, { 0: 95, 1: 95 });
  t.same(second.notices.take(), ['active:10', 'repeat:11', 'repeat:10', 'repeat:11'], 'the next activation is unacknowledged: it repeats again (every 2m, as the other)');

  const withdrawn = await second.engine.acknowledge(1, k11, { by: 'carol', comment: 'x' }).then(() => second.engine.acknowledge(1, k11, null));
  t.match(withdrawn, { acknowledged: false, acknowledgedBy: '' }, 'withdrawn');
  t.same(second.engine.history(1, k10), [[at(0), at(3)], [at(4), 0]], 'the history: each activation\'s entry and clearing');
  t.same(second.engine.history(1, 'nope'), [], 'none for an unknown key');
  await second.engine.stop();
});

t.test('severity: a reload that changes the rule\'s severity changes its alerts', async (t) => {
  const fake = new FakeService();
  fake.vars.set(1, [variable(0, 'cpuUtil', 10, 0, '%')]);
  const { engine, step } = setup(fake, RULES('info'));
  const k = alertKey(1, 'cpu', 10, 0);
  await step(0, { 0: 95 });
  t.equal(engine.get(1, k)?.severity, 'info');
  await engine.acknowledge(1, k, { by: 'alice', comment: '' });
  fake.config = loadConfig({ text: NETS + RULES('warning'), env: {}, checkAlertRule });
  await step(1, { 0: 95 });
  t.match(engine.get(1, k), { severity: 'warning', active: true, acknowledged: true }, 'the new severity; still active and acknowledged');
  await engine.stop();
});

t.test('a failed write of an acknowledgement: the call fails and the alert is as it was', async (t) => {
  const fake = new FakeService();
  fake.vars.set(1, [variable(0, 'cpuUtil', 10, 0, '%')]);
  const { engine, step } = setup(fake, RULES('warning'));
  const k = alertKey(1, 'cpu', 10, 0);
  await step(0, { 0: 95 });
  await engine.acknowledge(1, k, { by: 'alice', comment: 'first' });
  const transaction = fake.meta.transaction.bind(fake.meta);
  fake.meta.transaction = (() => Promise.reject(new Error('disk full'))) as unknown as typeof transaction;
  await t.rejects(engine.acknowledge(1, k, { by: 'bob', comment: 'second' }), /disk full/, 'the acknowledgement fails');
  t.match(engine.get(1, k), { acknowledged: true, acknowledgedBy: 'alice', acknowledgeComment: 'first' }, 'the earlier one stays');
  await t.rejects(engine.acknowledge(1, k, null), /disk full/, 'so does a withdrawal');
  t.match(engine.get(1, k), { acknowledged: true, acknowledgedBy: 'alice' }, 'still acknowledged');
  fake.meta.transaction = transaction;
  await engine.stop();
});
