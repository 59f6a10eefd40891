import t from 'tap';
import { loadConfig } from '../../core/config-load.js';
import { AppError } from '../../core/errors.js';

const load = (text: string, env: Record<string, string> = {}) => loadConfig({ text, path: 'netmon.yaml', env });

t.test('built-in default: the simulated network', async (t) => {
  const c = loadConfig({ env: {} });
  t.equal(c.networks.length, 1);
  t.equal(c.networks[0].id, 1);
  t.equal(c.networks[0].pollIntervalMs, 10_000, 'short interval so a newcomer sees graphs within a minute');
  t.equal(c.networks[0].snmp.port, 1161);
  t.same(c.networks[0].seeds, ['127.1.0.1']);
  t.ok(c.simulator);
  t.equal(c.server.port, 8080);
  t.ok(Object.isFrozen(c) && Object.isFrozen(c.networks[0].snmp), 'frozen');
});

t.test('valid files and their defaults', async (t) => {
  const c = load(`
server:
  port: 9000
networks:
  - id: 7
    name: lab
    seeds: [192.0.2.1]
    ranges:
      - cidr: 192.0.2.0/24
      - 198.51.100.0/24
    snmp:
      communities: [public, private]
      v3Users:
        - { name: u1, level: authPriv, authProtocol: sha, authKey: authpass1, privProtocol: aes, privKey: privpass1 }
      timeout: 500ms
    pollInterval: 5s
    discoveryInterval: 10m
`);
  const n = c.networks[0];
  t.equal(c.server.port, 9000);
  t.equal(c.server.dataDir, './data');
  t.equal(n.id, 7);
  t.same(n.ranges, [{ cidr: '192.0.2.0/24', sweep: false }, { cidr: '198.51.100.0/24', sweep: false }]);
  t.equal(n.snmp.port, 161, 'SNMP port defaults to 161');
  t.equal(n.snmp.timeoutMs, 500);
  t.equal(n.snmp.maxMessageBytes, 1400, 'poll requests sized for unfragmented answers by default');
  t.equal(n.snmp.pollPath, 'auto', "polls take the project's codec (v2c) or net-snmp (v3) by default");
  t.equal(n.snmp.v3Users[0].privProtocol, 'aes');
  t.equal(n.pollIntervalMs, 5000);
  t.equal(n.discoveryIntervalMs, 600_000);
  t.equal(c.simulator, null, 'no simulator unless asked');
  const d = load('networks:\n  - id: 1\n    seeds: [10.0.0.1]\n');
  t.equal(d.networks[0].pollIntervalMs, 60_000, 'polling interval defaults to 60 s');
  t.same(d.networks[0].snmp.communities, ['public']);
});

t.test('snmp keys with a choice of values: each value accepted as written', async (t) => {
  const net = (snmp: string) => load(`networks:\n  - id: 1\n    seeds: [10.0.0.1]\n    snmp: { ${snmp} }\n`).networks[0].snmp;
  const cases: [string, string, (s: ReturnType<typeof net>) => unknown, unknown][] = [
    ['pollPath auto', 'pollPath: auto', (s) => s.pollPath, 'auto'],
    ['pollPath net-snmp', 'pollPath: net-snmp', (s) => s.pollPath, 'net-snmp'],
    ['maxMessageBytes 16000', 'maxMessageBytes: 16000', (s) => s.maxMessageBytes, 16000],
  ];
  for (const [name, snmp, get, want] of cases) t.equal(get(net(snmp)), want, name);
});

t.test('discovery start limit and generation retention: defaults and values as written', async (t) => {
  const net = (extra: string) => load(`networks:\n  - id: 1\n    seeds: [10.0.0.1]\n${extra}`).networks[0];
  const d = net('');
  t.same([d.discoveryMinIntervalMs, d.keepGenerations, d.keepGenerationsForMs], [60_000, 168, 86_400_000], 'defaults: 60 s, 168, 1 day');
  const sim = loadConfig({ env: {} }).networks[0];
  t.same([sim.discoveryMinIntervalMs, sim.keepGenerations, sim.keepGenerationsForMs], [60_000, 168, 86_400_000], 'the simulated network has them too');
  const cases: [string, (n: typeof d) => unknown, unknown][] = [
    ['    discoveryMinInterval: 0\n', (n) => n.discoveryMinIntervalMs, 0],
    ['    discoveryMinInterval: 5m\n', (n) => n.discoveryMinIntervalMs, 300_000],
    ['    keepGenerations: 1\n', (n) => n.keepGenerations, 1],
    ['    keepGenerationsFor: 0\n', (n) => n.keepGenerationsForMs, 0],
    ['    keepGenerationsFor: 2w\n', (n) => n.keepGenerationsForMs, 14 * 86_400_000],
  ];
  for (const [extra, get, want] of cases) t.equal(get(net(extra)), want, extra.trim());
  const bad: [string, RegExp][] = [
    ['    keepGenerations: 0\n', /networks\[0\]\.keepGenerations \(line 4\): must be an integer from 1 to 1000000/],
    ['    discoveryMinInterval: soon\n', /networks\[0\]\.discoveryMinInterval \(line 4\): must be a duration/],
    ['    keepGenerationsFor: -1\n', /networks\[0\]\.keepGenerationsFor \(line 4\): must be a duration/],
  ];
  for (const [extra, re] of bad) t.throws(() => net(extra), re, extra.trim());
});

t.test('environment overrides HOST, PORT, DATA_DIR', async (t) => {
  const c = load('networks:\n  - id: 1\n    seeds: [10.0.0.1]\n', { HOST: '127.0.0.1', PORT: '0', DATA_DIR: '/tmp/x' });
  t.equal(c.server.host, '127.0.0.1');
  t.equal(c.server.port, 0);
  t.equal(c.server.dataDir, '/tmp/x');
  t.throws(() => load('networks:\n  - id: 1\n    seeds: [10.0.0.1]\n', { PORT: 'eighty' }), /PORT: must be an integer/);
});

t.test('invalid files: one clear message naming the key and the line', async (t) => {
  const cases: [string, string, RegExp][] = [
    ['YAML syntax', 'networks:\n  - id: 1\n   seeds: [x\n', /YAML syntax error at line \d+/],
    ['unknown top-level key', 'netwerks: []\n', /netwerks \(line 1\): unknown key 'netwerks'/],
    ['bad port', 'server:\n  port: abc\nnetworks:\n  - id: 1\n    seeds: [10.0.0.1]\n', /server\.port \(line 2\): must be an integer from 0 to 65535/],
    ['bad seed', 'networks:\n  - id: 1\n    seeds: [10.0.0.300]\n', /networks\[0\]\.seeds\[0\] \(line 3\): '10\.0\.0\.300' is neither an IP address nor a DNS name/],
    ['bad cidr', 'networks:\n  - id: 1\n    seeds: [10.0.0.1]\n    ranges:\n      - cidr: 10.0.0.0/33\n', /networks\[0\]\.ranges\[0\]\.cidr \(line 5\)/],
    ['bad interval', 'networks:\n  - id: 1\n    seeds: [10.0.0.1]\n    pollInterval: soon\n', /pollInterval \(line 4\): must be a duration/],
    ['interval too short', 'networks:\n  - id: 1\n    seeds: [10.0.0.1]\n    pollInterval: 100ms\n', /pollInterval \(line 4\): must be at least 1s/],
    ['missing id', 'networks:\n  - seeds: [10.0.0.1]\n', /networks\[0\]\.id .*is required/],
    ['duplicate id', 'networks:\n  - id: 1\n    seeds: [10.0.0.1]\n  - id: 1\n    seeds: [10.0.0.2]\n', /networks\[1\]\.id \(line 4\): network id 1 is used twice/],
    ['no seeds', 'networks:\n  - id: 1\n', /give at least one seed/],
    ['short v3 key', 'networks:\n  - id: 1\n    seeds: [10.0.0.1]\n    snmp:\n      v3Users:\n        - { name: u, authKey: short, privKey: longenough }\n', /authKey .*at least 8 characters/],
    ['huge sweep', 'networks:\n  - id: 1\n    ranges:\n      - { cidr: 10.0.0.0/8, sweep: true }\n', /refusing to sweep 10\.0\.0\.0\/8/],
    ['nothing at all', '{}\n', /no network is defined/],
    ['message size too small', 'networks:\n  - id: 1\n    seeds: [10.0.0.1]\n    snmp:\n      maxMessageBytes: 100\n', /maxMessageBytes \(line 5\): must be an integer from 484 to 65507/],
    ['unknown poll path', 'networks:\n  - id: 1\n    seeds: [10.0.0.1]\n    snmp:\n      pollPath: fast\n', /networks\[0\]\.snmp\.pollPath \(line 5\): must be one of auto, net-snmp, got "fast"/],
    ['unknown snmp key', 'networks:\n  - id: 1\n    seeds: [10.0.0.1]\n    snmp:\n      comunity: x\n', /networks\[0\]\.snmp\.comunity \(line 5\): unknown key/],
    ['key-value limit zero', 'simulator: true\nui:\n  keyValueMaxBytes: 0\n', /ui\.keyValueMaxBytes \(line 3\): must be an integer from 1 to 1073741824/],
    ['unknown ui key', 'simulator: true\nui:\n  maxKv: 5\n', /ui\.maxKv \(line 3\): unknown key 'maxKv'; allowed here: keyValueMaxBytes/],
    ['link variables not a list', 'simulator: true\ndeviceDetailsComponents:\n  Interface: ifInRate\n', /deviceDetailsComponents\.Interface \(line 3\)/],
    ['link variable not a name', 'simulator: true\ndeviceDetailsComponents:\n  Interface: [ifInRate, "a b"]\n', /deviceDetailsComponents\.Interface\[1\] \(line 3\): must be a variable name/],
    ['link variable twice', 'simulator: true\ndeviceDetailsComponents:\n  Interface: [ifInRate, ifInRate]\n', /deviceDetailsComponents\.Interface\[1\] \(line 3\): variable 'ifInRate' is listed twice/],
    ['unknown component kind', 'simulator: true\ndeviceDetailsComponents:\n  Device: [cpuUtil]\n', /deviceDetailsComponents\.Device \(line 3\): unknown key 'Device'; allowed here: Interface/],
  ];
  for (const [name, text, re] of cases) {
    try {
      load(text);
      t.fail(`${name}: accepted`);
    } catch (e) {
      t.ok(e instanceof AppError && e.code === 'CONFIG_INVALID', `${name}: CONFIG_INVALID`);
      t.match((e as Error).message, re, name);
      t.notMatch((e as Error).message, /\n\s+at /, `${name}: no stack trace in the message`);
    }
  }
});

t.test('auth: off by default, its keys as written, and the listen address loopback unless given', async (t) => {
  const cases: [string, string, Record<string, string>, object][] = [
    ['built-in default', '', {}, { host: '127.0.0.1', auth: { enabled: false, sessionLifetimeMs: 43_200_000, secureCookie: false, maxLoginFailures: 10, loginFailureWindowMs: 300_000, refusedCheckDelayMs: 500 } }],
    ['auth on, no host: still loopback (plain HTTP)', 'auth: { enabled: true }\n', {}, { host: '127.0.0.1', auth: { enabled: true } }],
    ['host in the file', 'server: { host: 0.0.0.0 }\n', {}, { host: '0.0.0.0', auth: { enabled: false } }],
    ['HOST in the environment', 'auth: { enabled: true }\n', { HOST: '::' }, { host: '::' }],
    ['every auth key as written', 'auth:\n  enabled: true\n  sessionLifetime: 30m\n  secureCookie: true\n  maxLoginFailures: 3\n  loginFailureWindow: 10s\n', {},
      { auth: { enabled: true, sessionLifetimeMs: 1_800_000, secureCookie: true, maxLoginFailures: 3, loginFailureWindowMs: 10_000 } }],
    ['refusals answered at once', 'auth:\n  refusedCheckDelay: 0\n', {}, { auth: { refusedCheckDelayMs: 0 } }],
    ['refusals answered after 2 s', 'auth:\n  refusedCheckDelay: 2s\n', {}, { auth: { refusedCheckDelayMs: 2000 } }],
  ];
  for (const [name, text, env, want] of cases) {
    const c = text === '' ? loadConfig({ env }) : load(`simulator: true\n${text}`, env);
    t.match({ host: c.server.host, auth: c.auth }, want, name);
  }
  const bad: [string, string, RegExp][] = [
    ['enabled not a boolean', 'auth:\n  enabled: yes please\n', /auth\.enabled \(line 3\): must be true or false/],
    ['session lifetime too short', 'auth:\n  sessionLifetime: 5s\n', /auth\.sessionLifetime \(line 3\): must be at least 60s/],
    ['session lifetime too long', 'auth:\n  sessionLifetime: 400d\n', /auth\.sessionLifetime \(line 3\): must be at most 365d/],
    ['no failures allowed', 'auth:\n  maxLoginFailures: 0\n', /auth\.maxLoginFailures \(line 3\): must be an integer from 1/],
    ['refusal delay too long', 'auth:\n  refusedCheckDelay: 1m\n', /auth\.refusedCheckDelay \(line 3\): must be at most 10s/],
    ['refusal delay not a duration', 'auth:\n  refusedCheckDelay: soon\n', /auth\.refusedCheckDelay \(line 3\): must be a duration/],
    ['unknown auth key', 'auth:\n  users: []\n', /auth\.users \(line 3\): unknown key 'users'; allowed here: enabled, sessionLifetime/],
  ];
  for (const [name, text, re] of bad) t.throws(() => load(`simulator: true\n${text}`), re, name);
});

t.test('ui: the key-value size limit, 256 KiB by default', async (t) => {
  t.equal(loadConfig({ env: {} }).ui.keyValueMaxBytes, 262_144, 'built-in default');
  t.equal(load('simulator: true\n').ui.keyValueMaxBytes, 262_144, 'a file without ui');
  t.equal(load('simulator: true\nui:\n  keyValueMaxBytes: 4096\n').ui.keyValueMaxBytes, 4096, 'as written');
});

t.test('deviceDetailsComponents.Interface: the link variables of maps, traffic and errors by default', async (t) => {
  const dflt = ['ifInRate', 'ifOutRate', 'ifInUtil', 'ifOutUtil', 'ifInErrors', 'ifOutErrors'];
  t.same(loadConfig({ env: {} }).deviceDetailsComponents.Interface, dflt, 'built-in default');
  t.same(load('simulator: true\n').deviceDetailsComponents.Interface, dflt, 'a file without the key');
  t.same(load('simulator: true\ndeviceDetailsComponents:\n  Interface: [ifOutRate, cpuUtil]\n').deviceDetailsComponents.Interface, ['ifOutRate', 'cpuUtil'], 'as written');
  t.same(load('simulator: true\ndeviceDetailsComponents:\n  Interface: []\n').deviceDetailsComponents.Interface, [], 'an empty list offers none');
});

t.test('simulator section adds the simulated network unless its id is configured', async (t) => {
  const c = load('simulator:\n  devices: 20\n');
  t.equal(c.simulator?.devices, 20);
  t.equal(c.networks[0].name, 'simulated');
  t.equal(c.networks[0].snmp.port, 1161);
});
