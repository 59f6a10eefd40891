/**
 * The alert evaluator (services/alerts/alert-engine.ts) over a fake collector, the in-memory series and
 * metadata stores, a fake clock, and small fakes of the notifier and the silence lookup: built-in
 * rules on hand series, fan-out grouping, keys, macros, the state variable, notices (repeat,
 * silences, clearing), persistence across a restart, and reload.
 */
import t from 'tap';
import { loadConfig } from '../../../core/config-load.js';
import { silentLogger } from '../../../core/logger.js';
import type { AlertNotice, AlertNotifier, AlertRecord, SilenceLookup } from '../../../services/alert-types.js';
import { AlertEngine, NS_ALERTS } from '../../../services/alerts/alert-engine.js';
import { alertKey, expandDescription } from '../../../services/alerts/alert-record.js';
import { checkAlertRule } from '../../../services/alerts/alert-rules.js';
import { NetworkTablesCache } from '../../../services/svcql-tables.js';
import { compileMatcher } from '../../../svcql/index.js';
import { MemorySeriesStore } from '../../../store/series/memory-series.js';
import type { SeriesStore } from '../../../store/series/series.js';
import { FakeService, variable } from '../../fakes/fake-service.js';
import { ManualClock } from '../../fakes/clock.js';

const MIN = 60_000;
const T0 = 28_333_333 * MIN;
const at = (step: number): number => T0 + step * MIN;

const NETS = 'networks:\n  - { id: 1, name: lab, seeds: [10.0.0.1], pollInterval: 60s }\nnotifications:\n  streams:\n    - { name: ops, webhook: { url: "http://127.0.0.1:9/" } }\n';
const OFF = 'alerts:\n  builtin: { deviceUnreachable: false, interfaceDown: false, interfaceUtilisation: false, cpuHigh: false, deviceRebooted: false }\n';

class Notices implements AlertNotifier {
  readonly sent: { kind: string; key: string; active: boolean; streams: readonly string[] | null; silenced: boolean }[] = [];
  send(n: AlertNotice, streams: readonly string[] | null): void {
    this.sent.push({ kind: n.kind, key: n.alert.key, active: n.alert.active, streams, silenced: n.alert.silenced });
  }
  status() { return { streams: [], droppedWithRemovedStreams: 0 }; }
  purge() { return 0; }
  configure() {}
  async close() {}
  take() { return this.sent.splice(0).map((s) => `${s.kind}:${s.key.slice(0, 4)}`); }
}

class Silences implements SilenceLookup {
  /** Alert names silenced (silence id 7). */
  readonly names = new Set<string>();
  matching(_net: number, a: AlertRecord): number { return this.names.has(a.name) ? 7 : 0; }
}

function setup(alerts: string, fake = new FakeService(), series: SeriesStore = fake.series, prefillMatrixValues?: number, prefillYieldSlots?: number) {
  fake.config = loadConfig({ text: NETS + alerts, env: {}, checkAlertRule });
  const clock = new ManualClock(T0 + 5_000);
  const notices = new Notices();
  const silences = new Silences();
  const engine = new AlertEngine(
    { collector: fake, series, meta: fake.meta, config: () => fake.config, clock, logger: silentLogger }, notices, silences,
    { ...(prefillMatrixValues === undefined ? {} : { prefillMatrixValues }), ...(prefillYieldSlots === undefined ? {} : { prefillYieldSlots }) },
  );
  engine.start();
  /** Writes one grid step (slot → value; NaN a gap) and evaluates it. */
  const step = async (n: number, values: Record<number, number>) => {
    const slots = Object.keys(values).map(Number);
    series.appendStep(at(n), Int32Array.from(slots), Float64Array.from(slots.map((s) => values[s]!)));
    clock.now = at(n) + 5_000;
    await engine.runStep(1, at(n));
  };
  return { fake, engine, notices, silences, clock, step };
}

const active = (e: AlertEngine) => e.alerts(1).filter((a) => a.active).map((a) => `${a.name}:${a.deviceId}:${a.componentIndex}`);

for (const store of ['a store read with rollup', 'a store with valuesAt'] as const) t.test(`built-in rules on hand series (${store})`, async (t) => {
  const fake = new FakeService();
  fake.vars.set(1, [
    variable(0, 'ifOperStatus', 10, 1, ''), variable(1, 'ifAdminStatus', 10, 1, ''),
    variable(2, 'ifOperStatus', 10, 2, ''), variable(3, 'ifAdminStatus', 10, 2, ''),
    variable(4, 'sysUpTime', 10, 0, 's'), variable(5, 'reachable', 11, 0, ''),
    variable(6, 'ifOperStatus', 10, 3, ''), // no ifAdminStatus: NULL, not up
  ]);
  const { engine, notices, step } = setup('', fake, store === 'a store with valuesAt' ? new MemorySeriesStore() : fake.series);
  //        oper1 admin1 oper2 admin2 uptime reach oper3
  await step(0, { 0: 1, 1: 1, 2: 2, 3: 2, 4: 100, 5: 1, 6: 2 });
  t.same(active(engine), [], 'all well; interface 2 is down but administratively down; interface 3 has no admin status');
  await step(1, { 0: 2, 1: 1, 2: 2, 3: 2, 4: 160, 5: 0, 6: 2 });
  t.same(active(engine), ['deviceUnreachable:11:0', 'interfaceDown:10:1'], 'down while up; unreachable (duration 0: at once)');
  await step(2, { 0: 7, 1: 1, 2: 2, 3: 2, 4: NaN, 5: 1, 6: 2 });
  t.same(active(engine), ['interfaceDown:10:1'], 'lowerLayerDown (7) is down too; reachable again clears');
  await step(3, { 0: 1, 1: 1, 4: 30 });
  t.same(active(engine), ['deviceRebooted:10:0'], 'sysUpTime below the value before the gap: restarted');
  const reboot = engine.alerts(1).find((a) => a.name === 'deviceRebooted')!;
  t.equal(reboot.value, '30');
  t.equal(reboot.description, 'dev10 restarted: sysUpTime went back to 30 s');
  t.same(notices.take(), [
    `active:${alertKey(1, 'deviceUnreachable', 11, 0).slice(0, 4)}`, `active:${alertKey(1, 'interfaceDown', 10, 1).slice(0, 4)}`,
    `cleared:${alertKey(1, 'deviceUnreachable', 11, 0).slice(0, 4)}`,
    `cleared:${alertKey(1, 'interfaceDown', 10, 1).slice(0, 4)}`, `active:${alertKey(1, 'deviceRebooted', 10, 0).slice(0, 4)}`,
  ]);
  await step(4, { 0: 1, 1: 1, 4: 90 });
  t.same(active(engine), [], 'rising again clears');
  await engine.stop();
});

t.test('fan-out grouping, keys, macros, percentage over a window', async (t) => {
  const fake = new FakeService();
  fake.vars.set(1, [
    variable(0, 'ifInUtil', 10, 1, '%', { tags: ['Role.Core'] }), variable(1, 'ifOutUtil', 10, 1, '%'),
    variable(2, 'ifInUtil', 10, 2, '%'), variable(3, 'ifInUtil', 11, 1, '%'),
  ]);
  const { engine, notices, step } = setup(`${OFF}  rules:
    - name: util
      input: "variable IN ('ifInUtil', 'ifOutUtil')"
      condition: value > 90
      duration: 3m
      percentage: 60
      description: "$rule $variable on $device $component ($index) at $value% for $percentage% of $duration in $network"
      notify: [ops]
    - name: anyHot
      input: "variable = 'ifInUtil'"
      condition: value > 90
      fanOut: false
`, fake);
  // W = 3, 60%: 2 of 3 values (gaps, before the store has values, count neither way).
  await step(0, { 0: 10, 1: 10, 2: 10, 3: 10 });
  await step(1, { 0: 95, 1: 95, 2: 95, 3: 10 });
  t.same(active(engine), ['anyHot:0:0'], 'duration 0: the newest step; util: 1 of 2 values');
  await step(2, { 0: 10, 1: 95, 2: 10, 3: 96 });
  await step(3, { 0: 95, 1: 10, 2: 10, 3: 10 });
  t.same(active(engine), ['anyHot:0:0', 'util:10:1'], 'eth1 of dev10: in and out 2 of 3 (one alert); eth2 1 of 3');
  const u = engine.get(1, alertKey(1, 'util', 10, 1))!;
  t.match(u, {
    name: 'util', deviceName: 'dev10', deviceId: 10, componentName: 'eth1', componentIndex: 1, value: '95', active: true,
    values: { 'ifInUtil.10.1': '95', 'ifOutUtil.10.1': '10' }, inputVariable: 'ifInUtil.10.1', tags: ['Role.Core'], activeSince: at(2),
    duration: 180_000, percentage: 60, notificationTimeMs: 3_600_000, silenced: false, matchingSilenceId: 0, timeLastNotificationSent: at(2) + 5_000,
    description: 'util ifInUtil on dev10 eth1 (1) at 95% for 60% of 3m in lab',
  });
  t.same(u.values, { 'ifInUtil.10.1': '95', 'ifOutUtil.10.1': '10' }, 'the members that hold');
  t.match(u.variable, /^alertState\.0\.\d+$/, 'the state variable: network-level, numbered');
  const any = engine.alerts(1).find((a) => a.name === 'anyHot')!;
  t.match(any, { deviceId: 0, deviceName: '', componentIndex: 0, componentName: '', activeSince: at(1) }, 'one alert for the rule');
  t.same(any.values, { 'ifInUtil.10.1': '95' });
  t.same(notices.sent.filter((n) => n.key === u.key).map((n) => n.streams), [['ops']], 'to the rule\'s streams');
  t.equal(new Set(engine.alerts(1).map((a) => a.key)).size, 2, 'two alerts only: created at first activation');
  await step(4, { 0: 10, 1: 10, 2: 10, 3: 10 });
  t.same(active(engine), [], 'eth1: in and out 1 of 3: cleared');
  const cleared = engine.get(1, u.key)!;
  t.same(cleared.values, { 'ifInUtil.10.1': '10', 'ifOutUtil.10.1': '10' }, 'cleared: every member');
  t.equal(expandDescription({ name: 'r', description: '$unknown $name', durationMs: 0, percentage: 100 },
    { device: '', component: '', value: '', variable: '', index: 0, network: '' }), '$unknown r', 'an unknown macro stays');
  await engine.stop();
});

t.test('state variable, repeats, silences, clearing', async (t) => {
  const fake = new FakeService();
  fake.vars.set(1, [variable(0, 'cpuUtil', 10, 0, '%'), variable(1, 'cpuUtil', 11, 0, '%')]);
  const { engine, notices, silences, step } = setup(`${OFF}  rules:
    - { name: cpu, input: "variable = 'cpuUtil'", condition: value > 90, notificationTime: 2m }
    - { name: quiet, input: "variable = 'cpuUtil' AND deviceId = 11", condition: value > 90, notificationTime: 0 }
`, fake);
  silences.names.add('quiet');
  const k10 = alertKey(1, 'cpu', 10, 0).slice(0, 4);
  const k11 = alertKey(1, 'cpu', 11, 0).slice(0, 4);
  const q11 = alertKey(1, 'quiet', 11, 0).slice(0, 4);
  await step(0, { 0: 95, 1: 99 });
  t.same(notices.take(), [`active:${k10}`, `active:${k11}`], 'active; quiet is silenced: no notice');
  t.match(engine.get(1, alertKey(1, 'quiet', 11, 0)), { active: true, silenced: true, matchingSilenceId: 7, timeLastNotificationSent: 0 });
  await step(1, { 0: 95, 1: 99 });
  t.same(notices.take(), [], 'one minute later: nothing');
  await step(2, { 0: 95, 1: 99 });
  t.same(notices.take(), [`repeat:${k10}`, `repeat:${k11}`], 'notificationTime 2m: repeated');
  silences.names.add('cpu');
  await step(3, { 0: 95, 1: 99 });
  await step(4, { 0: 95, 1: 99 });
  t.same(notices.take(), [], 'silenced: no repeat');
  silences.names.delete('quiet');
  await step(5, { 0: 50, 1: 99 });
  t.same(notices.take(), [`cleared:${k10}`, `active:${q11}`], 'a notified alert clears even while silenced; quiet unsilenced: its active notice now');
  await step(6, { 0: 50, 1: 99 });
  t.same(notices.take(), [], 'notificationTime 0: never repeated');
  await step(7, { 0: 50, 1: 50 });
  t.same(notices.take(), [`cleared:${k11}`, `cleared:${q11}`], 'cpu of 11 was notified: its clearing is sent under a silence too');
  const key10 = alertKey(1, 'cpu', 10, 0);
  const slot = fake.catalog.find(1, 'alertState', 0, Number(engine.get(1, key10)!.variable.split('.')[2]))!.slot;
  t.same([...fake.series.read(slot, at(0), at(7)).values], [1, 1, 1, 1, 1, 0, 0, 0], 'the state variable: 1 while active, 0 after');
  await engine.stop();
});

t.test('persistence across a restart; reload', async (t) => {
  const fake = new FakeService();
  fake.vars.set(1, [variable(0, 'cpuUtil', 10, 0, '%'), variable(1, 'memUtil', 10, 0, '%')]);
  const rules = `${OFF}  rules:
    - { name: cpu, input: "variable = 'cpuUtil'", condition: value > 90, duration: 2m }
    - { name: mem, input: "variable = 'memUtil'", condition: value > 90 }
`;
  const first = setup(rules, fake);
  await first.step(0, { 0: 95, 1: 95 });
  t.same(active(first.engine), ['mem:10:0'], 'a 2-minute rule does not hold on its input\'s first value');
  await first.step(1, { 0: 95, 1: 95 });
  t.same(active(first.engine), ['mem:10:0', 'cpu:10:0']);
  t.equal(first.notices.take().length, 2);
  const before = first.engine.alerts(1);
  await first.engine.stop();

  const second = setup(rules, fake);
  t.same(second.engine.alerts(1), before, 'loaded as they were');
  await second.step(2, { 0: 95, 1: 95 });
  t.same(active(second.engine), ['mem:10:0', 'cpu:10:0'], 'the window filled from the store: cpu still holds at once');
  t.same(second.notices.take(), [], 'not notified again');
  // Reload: cpu unchanged, mem removed, disk added. Reads of the store tell which windows were filled again.
  const reads: string[] = [];
  const rollup = fake.series.rollup.bind(fake.series);
  const read = fake.series.read.bind(fake.series);
  let inRollup = false; // this fake's rollup reads each slot
  fake.series.rollup = (slots, from, to) => {
    reads.push(`rollup of ${slots.length}`);
    inRollup = true;
    try { return rollup(slots, from, to); } finally { inRollup = false; }
  };
  fake.series.read = (slot, from, to) => { if (!inRollup) reads.push(`read of ${slot}`); return read(slot, from, to); };
  fake.config = loadConfig({ text: `${NETS}${OFF}  rules:
    - { name: cpu, input: "variable = 'cpuUtil'", condition: value > 90, duration: 2m }
    - { name: disk, input: "variable = 'cpuUtil'", condition: value > 50 }
`, env: {}, checkAlertRule });
  await second.step(3, { 0: 95, 1: 95 });
  t.same(active(second.engine), ['cpu:10:0', 'disk:10:0']);
  t.same(reads, ['read of 0', 'rollup of 2'], 'the new rule\'s window filled (its one slot), then the step\'s one read of both rules; cpu kept its window');
  t.same(second.notices.take(), [`cleared:${alertKey(1, 'mem', 10, 0).slice(0, 4)}`, `active:${alertKey(1, 'disk', 10, 0).slice(0, 4)}`],
    'the removed rule\'s alert cleared, the new one active, cpu untouched');
  t.match(second.engine.get(1, alertKey(1, 'mem', 10, 0)), { active: false }, 'still listed, cleared');
  await second.engine.stop();
  const third = setup(rules, fake);
  t.equal(third.engine.alerts(1).length, 3, 'cleared alerts are kept');
  await third.engine.stop();
});

t.test('the SvcQL alerts table reads the live alerts', async (t) => {
  const fake = new FakeService();
  fake.vars.set(1, [variable(0, 'cpuUtil', 10, 0, '%', { tags: ['Role.Core'] }), variable(1, 'cpuUtil', 11, 0, '%')]);
  const { engine, step, clock } = setup(`${OFF}  rules:\n    - { name: cpu, input: "variable = 'cpuUtil'", condition: value > 90 }\n`, fake);
  const tables = new NetworkTablesCache(
    { collector: fake, series: fake.series, meta: fake.meta, config: () => fake.config, clock, logger: silentLogger }, engine,
  );
  const alerts = () => tables.get(1).catalog.table('alerts') as import('../../../svcql/index.js').RowSource<AlertRecord>;
  t.same(alerts().rows(), [], 'none yet');
  await step(0, { 0: 95, 1: 50 });
  const src = alerts();
  const match = compileMatcher("active = 'true' AND Role = 'Core' AND name = 'cpu'", src);
  t.same(src.rows().filter(match).map((a) => a.deviceId), [10], 'the same tables object sees the new alert');
  await step(1, { 0: 50, 1: 50 });
  t.same(src.rows().map((a) => a.active), [false], 'and its clearing');
  await engine.stop();
});

t.test('a window filled from the store at start, read slot by slot or one grid time at a time', async (t) => {
  for (const [matrix, yieldSlots] of [[undefined, undefined], [0, undefined], [undefined, 1]] as const) {
    const fake = new FakeService();
    fake.vars.set(1, [variable(0, 'cpuUtil', 10, 0, '%'), variable(1, 'cpuUtil', 11, 0, '%')]);
    // Before the evaluator starts: dev10 over 90 for 3 of the last 4 minutes, dev11 for 2 (a gap at -3).
    const hist: [number, number, number][] = [[-4, 95, 95], [-3, 95, NaN], [-2, 50, 50], [-1, 95, 95]];
    for (const [n, a, b] of hist) fake.series.appendStep(at(n), Int32Array.of(0, 1), Float64Array.of(a, b));
    const { engine, step } = setup(`${OFF}  rules:\n    - { name: cpu, input: "variable = 'cpuUtil'", condition: value > 90, duration: 5m, percentage: 80 }\n`,
      fake, fake.series, matrix, yieldSlots);
    await step(0, { 0: 95, 1: 95 });
    // Window -4…0: dev10 4 of 5 (80%), dev11 3 of 4 values (75%).
    const way = matrix === undefined ? `matrix${yieldSlots ? ', other work let in after every slot' : ''}` : 'one grid time at a time';
    t.same(active(engine), ['cpu:10:0'], `judged at the first step (${way})`);
    await engine.stop();
  }
});

t.test('a changed rule clears the alerts it no longer covers; a clear goes where the activation went, after a restart too', async (t) => {
  const fake = new FakeService();
  fake.vars.set(1, [variable(0, 'cpuUtil', 10, 0, '%'), variable(1, 'cpuUtil', 11, 0, '%')]);
  const rule = (extra: string) => `${OFF}  rules:\n    - { name: cpu, input: "variable = 'cpuUtil'", condition: value > 90, notify: [ops]${extra} }\n`;
  const { engine, notices, step } = setup(rule(''), fake);
  await step(0, { 0: 95, 1: 50 });
  t.same(active(engine), ['cpu:10:0']);
  notices.sent.splice(0);

  // fanOut off: one alert for the rule; the per-device alert is no longer judged by anything.
  fake.config = loadConfig({ text: NETS + rule(', fanOut: false'), env: {}, checkAlertRule });
  await step(1, { 0: 95, 1: 50 });
  t.same(active(engine), ['cpu:0:0'], 'the rule-wide alert is active, the per-device one cleared');
  t.same(notices.sent.map((n) => [n.kind, n.key === alertKey(1, 'cpu', 10, 0), n.streams]), [['cleared', true, ['ops']], ['active', false, ['ops']]]);
  await engine.stop();

  // The rule removed while the server was down: the stored alert's clear goes to the streams of its activation.
  const again = setup(`${OFF}`, fake);
  await again.step(2, { 0: 95, 1: 50 });
  t.same(active(again.engine), [], 'the removed rule\'s alert cleared');
  t.same(again.notices.sent.map((n) => [n.kind, n.streams]), [['cleared', ['ops']]], 'to its activation\'s streams, not every stream');
  await again.engine.stop();
});

t.test('alerts whose write failed are written again with the next step', async (t) => {
  const fake = new FakeService();
  fake.vars.set(1, [variable(0, 'cpuUtil', 10, 0, '%')]);
  const { engine, step } = setup(`${OFF}  rules:\n    - { name: cpu, input: "variable = 'cpuUtil'", condition: value > 90 }\n`, fake);
  const transaction = fake.meta.transaction.bind(fake.meta);
  let failures = 1;
  fake.meta.transaction = ((fn: Parameters<typeof transaction>[0]) => (failures-- > 0 ? Promise.reject(new Error('disk full')) : transaction(fn))) as typeof transaction;
  const stored = () => [...fake.meta.range<{ active: boolean }>(NS_ALERTS)].map((r) => r.value.active);
  await step(0, { 0: 95 });
  t.same(stored(), [], 'the activation\'s write failed');
  await step(1, { 0: 95 });
  t.same(stored(), [true], 'written with the next step (which changed nothing of its own)');
  await engine.stop();
});

t.test('cleared alerts no rule judges are removed a week after they cleared; a live rule\'s stay', async (t) => {
  const fake = new FakeService();
  fake.vars.set(1, [variable(0, 'cpuUtil', 10, 0, '%'), variable(1, 'memUtil', 10, 0, '%')]);
  const both = `${OFF}  rules:\n    - { name: cpu, input: "variable = 'cpuUtil'", condition: value > 90 }\n    - { name: mem, input: "variable = 'memUtil'", condition: value > 90 }\n`;
  const { engine, step } = setup(both, fake);
  await step(0, { 0: 95, 1: 95 });
  await step(1, { 0: 50, 1: 50 });
  t.same(engine.alerts(1).map((a) => [a.name, a.active]), [['cpu', false], ['mem', false]], 'both cleared');
  fake.config = loadConfig({ text: `${NETS}${OFF}  rules:\n    - { name: cpu, input: "variable = 'cpuUtil'", condition: value > 90 }\n`, env: {}, checkAlertRule });
  await step(2, { 0: 50, 1: 50 });
  const week = 7 * 24 * 60;
  await step(week, { 0: 50, 1: 50 });
  t.same(engine.alerts(1).map((a) => a.name), ['cpu', 'mem'], 'not yet: mem cleared less than a week ago (at minute 1)');
  await step(week + 62, { 0: 50, 1: 50 });
  t.same(engine.alerts(1).map((a) => a.name), ['cpu'], 'mem, whose rule is gone, removed; cpu of a live rule kept');
  await engine.stop();
  t.same([...fake.meta.range<{ rule: string }>(NS_ALERTS)].map((r) => r.value.rule), ['cpu'], 'and from the store');
});

t.test('stop() during a window fill: the step ends at its next pause, nothing evaluated or notified', async (t) => {
  const fake = new FakeService();
  fake.vars.set(1, [variable(0, 'cpuUtil', 10, 0, '%'), variable(1, 'cpuUtil', 11, 0, '%'), variable(2, 'cpuUtil', 12, 0, '%')]);
  for (const n of [-2, -1]) fake.series.appendStep(at(n), Int32Array.of(0, 1, 2), Float64Array.of(95, 95, 95));
  const { engine, notices, step } = setup(`${OFF}  rules:\n    - { name: cpu, input: "variable = 'cpuUtil'", condition: value > 90, duration: 2m }\n`,
    fake, fake.series, undefined, 1);
  const read = fake.series.read.bind(fake.series);
  let stopped: Promise<void> | null = null;
  fake.series.read = (slot, from, to) => { stopped ??= engine.stop(); return read(slot, from, to); };
  await step(0, { 0: 95, 1: 95, 2: 95 });
  await stopped;
  t.ok(stopped, 'stop() was called during the fill');
  t.same(active(engine), [], 'nothing evaluated');
  t.same(notices.sent, [], 'nothing notified');
});
