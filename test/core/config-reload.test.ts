// Config reload, the pure part (core/config-reload.ts): the plan between the running config and a
// newly loaded one, and the all-or-nothing swap of reloadConfig — a bad file or a change that needs
// a restart leaves the running Config in place, whole.
import t from 'tap';
import { loadConfig } from '../../core/config-load.js';
import { ConfigHolder, planIsEmpty, planReload, reloadConfig, RESTART_KEYS } from '../../core/config-reload.js';
import type { Config } from '../../core/config-schema.js';
import { AppError } from '../../core/errors.js';
import { applyConfig, checkConfig, configKeyTable, readPerCall, type ConfigApplier } from '../../core/config-applier.js';

const load = (text: string, env: Record<string, string> = {}): Config => loadConfig({ text, path: 'netmon.yaml', env });

const net1 = `
  - id: 1
    name: core
    seeds: [192.0.2.1]
    snmp: { timeout: 2s, maxInFlight: 256 }
    pollInterval: 60s`;
const net2 = `
  - id: 2
    name: branch
    seeds: [198.51.100.1]
    snmp: { maxInFlight: 64 }`;
const net3 = `
  - id: 3
    name: lab
    seeds: [203.0.113.1]`;
const file = (o: { server?: string; networks?: string; simulator?: string; ui?: string; auth?: string } = {}) =>
  `server:\n  dataDir: ./data\n${o.server ?? ''}networks:${o.networks ?? net1 + net2}\n${o.simulator ?? ''}${o.ui ?? ''}${o.auth ?? ''}`;
const RUNNING = file();

interface Expect {
  /** The error code of a refused reload, else the reload goes through. */
  error?: { code: string; message: RegExp };
  restartRequired?: string[];
  added?: number[];
  removed?: number[];
  changed?: [number, string[]][];
  unchanged?: number[];
}

/** [name, the new file (text), what the reload does] */
const cases: [string, string, Expect][] = [
  ['bad file: nothing changes', 'networks:\n  - id: 1\n    seeds: [10.0.0.300]\n',
    { error: { code: 'CONFIG_INVALID', message: /networks\[0\]\.seeds\[0\] \(line 3\)/ } }],
  ['YAML syntax error: nothing changes', 'networks: [\n', { error: { code: 'CONFIG_INVALID', message: /YAML syntax error/ } }],
  ['unchanged file: empty plan', RUNNING, { unchanged: [1, 2] }],
  ['networks in another order: still unchanged (told apart by id)', file({ networks: net2 + net1 }), { unchanged: [2, 1] }],
  ['poll interval changed', file({ networks: net1.replace('pollInterval: 60s', 'pollInterval: 30s') + net2 }),
    { changed: [[1, ['pollIntervalMs']]], unchanged: [2] }],
  ['snmp settings changed: the snmp keys named', file({ networks: net1.replace('timeout: 2s', 'timeout: 1s, pollPath: net-snmp') + net2 }),
    { changed: [[1, ['snmp.timeoutMs', 'snmp.pollPath']]], unchanged: [2] }],
  ['name and seeds changed', file({ networks: net1 + net2.replace('branch', 'branch-2').replace('[198.51.100.1]', '[198.51.100.1, 198.51.100.2]') }),
    { changed: [[2, ['name', 'seeds']]], unchanged: [1] }],
  ['maxInFlight changed below the largest: no restart', file({ networks: net1 + net2.replace('maxInFlight: 64', 'maxInFlight: 128') }),
    { changed: [[2, ['snmp.maxInFlight']]], unchanged: [1] }],
  ['ui key changed: applies live, nothing for the collector', file({ ui: 'ui: { keyValueMaxBytes: 1024 }\n' }), { unchanged: [1, 2] }],
  ['network added', file({ networks: net1 + net2 + net3 }), { added: [3], unchanged: [1, 2] }],
  ['network removed', file({ networks: net1 }), { removed: [2], unchanged: [1] }],
  ['network replaced: one removed, one added', file({ networks: net1 + net3 }), { added: [3], removed: [2], unchanged: [1] }],
  ['port changed: refused naming server.port', file({ server: '  port: 9000\n' }),
    { error: { code: 'CONFIG_RELOAD_REFUSED', message: /netmon\.yaml: reload refused, nothing applied: server\.port changed/ }, restartRequired: ['server.port'] }],
  ['data directory and workers changed: both named', file({ server: '  workers: 4\n' }).replace('./data', './other'),
    { error: { code: 'CONFIG_RELOAD_REFUSED', message: /server\.dataDir, server\.workers changed/ }, restartRequired: ['server.dataDir', 'server.workers'] }],
  ['log level changed: refused (the logger is made at start)', file({ server: '  logLevel: debug\n' }),
    { error: { code: 'CONFIG_RELOAD_REFUSED', message: /server\.logLevel/ }, restartRequired: ['server.logLevel'] }],
  ['authentication turned on: refused (the middleware is installed at start)', file({ auth: 'auth: { enabled: true }\n' }),
    { error: { code: 'CONFIG_RELOAD_REFUSED', message: /auth\.enabled changed/ }, restartRequired: ['auth.enabled'] }],
  ['session lifetime changed: refused', file({ auth: 'auth: { sessionLifetime: 1h }\n' }),
    { error: { code: 'CONFIG_RELOAD_REFUSED', message: /auth\.sessionLifetimeMs changed/ }, restartRequired: ['auth.sessionLifetimeMs'] }],
  ['refused check delay changed: refused (the authenticator keeps the auth section of the start)', file({ auth: 'auth: { refusedCheckDelay: 1s }\n' }),
    { error: { code: 'CONFIG_RELOAD_REFUSED', message: /auth\.refusedCheckDelayMs changed/ }, restartRequired: ['auth.refusedCheckDelayMs'] }],
  ['simulator turned on: refused', file({ simulator: 'simulator: { networkId: 9 }\n' }),
    { error: { code: 'CONFIG_RELOAD_REFUSED', message: /: simulator changed/ }, restartRequired: ['simulator'] }],
  ['largest maxInFlight changed: refused (the pool is sized at start)', file({ networks: net1.replace('maxInFlight: 256', 'maxInFlight: 512') + net2 }),
    { error: { code: 'CONFIG_RELOAD_REFUSED', message: /networks\[\]\.snmp\.maxInFlight/ }, restartRequired: ['networks[].snmp.maxInFlight'] }],
];

for (const [name, text, want] of cases) {
  t.test(name, async (t) => {
    const holder = new ConfigHolder(load(RUNNING));
    const running = holder.current();
    let plan;
    try {
      plan = reloadConfig(holder, () => load(text));
    } catch (e) {
      t.ok(want.error, `refused: ${(e as Error).message}`);
      t.ok(e instanceof AppError && e.code === want.error?.code, `code ${want.error?.code}`);
      t.match((e as Error).message, want.error!.message);
      t.equal(holder.current(), running, 'the running Config is still held, the same object');
      if (want.restartRequired) t.same(planReload(running, load(text)).restartRequired, want.restartRequired, 'restartRequired');
      return;
    }
    t.notOk(want.error, 'the reload went through');
    t.equal(holder.current().source, 'netmon.yaml');
    t.not(holder.current(), running, 'the new Config is held');
    t.same(plan.restartRequired, []);
    t.same(plan.added.map((n) => n.id), want.added ?? [], 'added');
    t.same(plan.removed, want.removed ?? [], 'removed');
    t.same(plan.changed.map((c) => [c.after.id, c.fields]), want.changed ?? [], 'changed, with the fields');
    t.same(plan.unchanged, want.unchanged ?? [], 'unchanged');
    for (const c of plan.changed) t.equal(c.before, running.networks.find((n) => n.id === c.before.id), 'before: the running network');
    t.equal(planIsEmpty(plan), !want.added && !want.removed && !want.changed, 'empty exactly when nothing is to apply');
    t.ok(Object.isFrozen(plan) && Object.isFrozen(plan.changed), 'the plan is frozen');
  });
}

t.test('a ui key reaches readers of the holder with the swap', async (t) => {
  const holder = new ConfigHolder(load(RUNNING));
  reloadConfig(holder, () => load(file({ ui: 'ui: { keyValueMaxBytes: 1024 }\n' })));
  t.equal(holder.current().ui.keyValueMaxBytes, 1024);
});

t.test('the environment of the start: PORT overrides the file both times, so a changed file port is no change', async (t) => {
  const env = { PORT: '9100' };
  const plan = planReload(load(RUNNING, env), load(file({ server: '  port: 9000\n' }), env));
  t.same(plan.restartRequired, [], 'loaded with the same PORT, the port is the same');
  t.same(planReload(load(RUNNING, env), load(RUNNING)).restartRequired, ['server.port'], 'loaded without it, the port changes');
});

t.test('every key the plan may name is listed in RESTART_KEYS', async (t) => {
  const seen = cases.flatMap(([, , w]) => w.restartRequired ?? []);
  for (const k of seen) t.ok(RESTART_KEYS.includes(k), k);
});

t.test('ConfigHolder holds only loaded (frozen) configs', async (t) => {
  const c = load(RUNNING);
  const holder = new ConfigHolder(c);
  t.equal(holder.current(), c);
  const other = load(file({ networks: net1 }));
  holder.swap(other);
  t.equal(holder.current(), other, 'swap replaces it whole');
  t.throws(() => holder.swap({ ...other }), { code: 'INTERNAL' }, 'a copy that is not frozen is refused');
  t.equal(holder.current(), other, 'and nothing changed');
});

// The walk of a reload over the config appliers (core/config-applier.ts): every check before the
// swap, a refusal or a restart-only change leaves everything as it was, then the applies in order.
t.test('config appliers: checks before the swap, applies after it in order', async (t) => {
  const log: string[] = [];
  let refuse: string | undefined;
  const appliers: ConfigApplier[] = [
    { name: 'a', keys: ['views'], check: () => { log.push('check a'); return undefined; }, apply: () => { log.push('apply a'); } },
    { name: 'b', keys: ['notifications'], check: () => { log.push('check b'); return refuse; },
      apply: async () => { await new Promise((r) => setTimeout(r, 5)); log.push('apply b'); } },
    readPerCall('c', ['ui']),
    { name: 'd', keys: ['alerts'], apply: (next, plan) => { log.push(`apply d ${next.ui.keyValueMaxBytes} ${plan.unchanged.join(',')}`); } },
  ];
  const reload = async (holder: ConfigHolder, text: string) => {
    const plan = reloadConfig(holder, () => load(text), (next, p) => checkConfig(appliers, next, p));
    // The swap and the applies up to the first that is asynchronous run in one turn.
    const done = applyConfig(appliers, holder.current(), plan);
    log.push('same turn');
    await done;
  };
  const holder = new ConfigHolder(load(RUNNING));
  const running = holder.current();

  refuse = 'notifications: no room';
  await t.rejects(reload(holder, file({ ui: 'ui: { keyValueMaxBytes: 1024 }\n' })),
    { code: 'CONFIG_INVALID', message: 'netmon.yaml: notifications: no room' }, 'a check refuses: CONFIG_INVALID naming the file and the reason');
  t.same(log, ['check a', 'check b'], 'the checks stop at the first refusal; nothing applied');
  t.equal(holder.current(), running, 'the running Config stays');

  refuse = undefined;
  log.length = 0;
  await t.rejects(reload(holder, file({ server: '  port: 9000\n' })), { code: 'CONFIG_RELOAD_REFUSED', message: /server\.port changed/ }, 'a restart-only change is refused after the checks');
  t.same(log, ['check a', 'check b'], 'nothing applied');
  t.equal(holder.current(), running, 'the running Config stays');

  log.length = 0;
  await reload(holder, file({ ui: 'ui: { keyValueMaxBytes: 1024 }\n' }));
  t.same(log, ['check a', 'check b', 'apply a', 'same turn', 'apply b', 'apply d 1024 1,2'], 'every check, the swap, then each apply in order, awaited');
  t.equal(holder.current().ui.keyValueMaxBytes, 1024, 'the new Config is held');
  t.same(configKeyTable(appliers).filter((r) => r.applies !== 'restart'),
    [{ key: 'views', applies: 'live', by: 'a' }, { key: 'notifications', applies: 'live', by: 'b' }, { key: 'ui', applies: 'per call', by: 'c' }, { key: 'alerts', applies: 'live', by: 'd' }],
    'the table of keys: the appliers\' keys after the restart-only ones');
});
