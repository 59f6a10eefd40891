import { existsSync, readFileSync, statSync } from 'node:fs';
import { LineCounter, parseDocument } from 'yaml';
import { AppError } from './errors.js';
import { CONTROL_CHARS, DEVICE_TAG, VARIABLE_NAME } from './names.js';
import { Checker, type Path } from './config-check.js';
import { defaultAlerts, parseAlerts } from './config-alerts.js';
import { defaultNotifications, parseNotifications } from './config-notifications.js';
import { defaultVariables, parseVariables } from './config-variables.js';
import { defaultRetention, parseRetention } from './config-retention.js';
import { parseIntegrations } from './config-integrations.js';
import { parseReports } from './config-reports.js';
import { parseLimits } from './config-limits.js';
import { hostname } from 'node:os';
import { parseMode, parseRemote } from './config-remote.js';
import { parseCidr } from './cidr.js';
import { isAddressOrRange, isDeviceAddress } from './host-name.js';
import { readProfileDir } from './profile-load.js';
import { DISTRIBUTED_KEYS, type DistributedConfig } from './config-distributed.js';
import {
  DEFAULTS, type Config, type NetworkConfig, type RangeConfig, type ServerConfig, type SimulatorConfig,
  type SnmpConfig, type UiConfig, type AuthConfig, type SnmpV3User, type LogLevel, type PollPath, type ViewConfig, type DeviceDetailsComponentsConfig, type MapLegendConfig,
  type DeviceConfig, type DeviceSnmpOverride, type ViewRuleChecker, type ViewRuleTable, type AlertRuleChecker, type DerivedExpressionChecker, MAX_VIEW_NAME_CHARS, MAX_VIEW_RULE_CHARS,
} from './config-schema.js';

/**
 * Loads and validates the configuration. Every problem becomes one AppError CONFIG_INVALID whose message
 * names the key path and the line: `config.yaml: networks[0].snmp.port (line 9): must be an integer from 1 to 65535`.
 * The result is deeply frozen. Environment variables HOST, PORT and DATA_DIR override the file.
 */
export function loadConfig(opts: {
  path?: string; text?: string; env?: NodeJS.ProcessEnv; checkViewRule?: ViewRuleChecker; checkAlertRule?: AlertRuleChecker;
  checkDerivedExpression?: DerivedExpressionChecker;
  /** `remote.configFrom: central`: the central's networks and variables, in place of the file's (core/config-distributed.ts). */
  distributed?: DistributedConfig;
}): Config {
  const env = opts.env ?? process.env;
  let cfg: Config;
  if (opts.path === undefined && opts.text === undefined) {
    cfg = builtinConfig();
  } else {
    let text = opts.text;
    const source = opts.path ?? 'config';
    if (text === undefined) {
      try { text = readFileSync(opts.path!, 'utf8'); }
      catch (e) { throw new AppError('CONFIG_INVALID', `${source}: cannot read the file: ${(e as Error).message}`); }
    }
    cfg = parseConfigText(text, opts.distributed ? `${source} with the central's ${DISTRIBUTED_KEYS.join(' and ')}` : source,
      opts.checkViewRule, opts.checkAlertRule, opts.checkDerivedExpression, opts.distributed);
  }
  return deepFreeze(applyEnv(cfg, env));
}

/** The built-in default: one simulated network, polled every 10 s, so that a fresh start shows data at once. */
function builtinConfig(): Config {
  const sim = DEFAULTS.simulator;
  const simulator: SimulatorConfig = {
    devices: sim.devices, interfacesPerDevice: sim.interfacesPerDevice, port: sim.port,
    baseAddress: sim.baseAddress, topology: sim.topology, networkId: 1, movable: true,
  };
  return {
    server: defaultServer(),
    auth: defaultAuth(),
    ui: { keyValueMaxBytes: DEFAULTS.keyValueMaxBytes, viewFormDataMaxBytes: DEFAULTS.viewFormDataMaxBytes },
    deviceDetailsComponents: { Interface: DEFAULTS.deviceDetailsInterface },
    mapLegend: { interfaceVars: DEFAULTS.mapLegendInterfaceVars, deviceVars: DEFAULTS.mapLegendDeviceVars },
    networks: [simulatedNetwork(simulator, 'simulated')],
    views: [],
    alerts: defaultAlerts(),
    notifications: defaultNotifications(),
    variables: defaultVariables(),
    retention: defaultRetention(),
    simulator,
    source: 'built-in default (simulated network)',
  };
}

/**
 * The configuration with the simulator moved to `baseAddress` and `port` (app.ts does this when
 * the built-in simulator's addresses are taken): the network made for the simulator (its seeds,
 * range and SNMP port as `simulatedNetwork` made them) follows; a network the configuration
 * defined itself is left alone. Frozen, like a loaded one.
 */
export function relocateSimulator(cfg: Config, baseAddress: string, port: number): Config {
  const sim = cfg.simulator;
  if (!sim) return cfg;
  const made = simulatedNetwork(sim, '');
  const moved: SimulatorConfig = { ...sim, baseAddress, port };
  const follows = simulatedNetwork(moved, '');
  const networks = cfg.networks.map((n) => {
    const madeForSim = n.id === sim.networkId && n.snmp.port === sim.port &&
      JSON.stringify(n.seeds) === JSON.stringify(made.seeds) && JSON.stringify(n.ranges) === JSON.stringify(made.ranges);
    return madeForSim ? { ...n, seeds: follows.seeds, ranges: follows.ranges, snmp: { ...n.snmp, port } } : n;
  });
  return deepFreeze({ ...cfg, simulator: moved, networks });
}

function defaultServer(): ServerConfig {
  return {
    host: DEFAULTS.host, port: DEFAULTS.port, dataDir: DEFAULTS.dataDir, logLevel: DEFAULTS.logLevel,
    maxBodyBytes: DEFAULTS.maxBodyBytes, workers: DEFAULTS.workers, maxUnwrittenPoints: DEFAULTS.maxUnwrittenPoints,
    minFreeMiB: DEFAULTS.minFreeMiB, maxConnections: DEFAULTS.maxConnections,
  };
}

function defaultAuth(): AuthConfig {
  const a = DEFAULTS.auth;
  return {
    enabled: a.enabled, sessionLifetimeMs: a.sessionLifetimeMs, secureCookie: a.secureCookie,
    maxLoginFailures: a.maxLoginFailures, loginFailureWindowMs: a.loginFailureWindowMs,
    // login storms: limits per user name and in all, the password pool
    maxLoginFailuresPerUser: a.maxLoginFailuresPerUser, maxLoginFailuresTotal: a.maxLoginFailuresTotal,
    passwordThreads: a.passwordThreads, passwordQueue: a.passwordQueue, passwordChecksPerAddress: a.passwordChecksPerAddress,
    refusedCheckDelayMs: a.refusedCheckDelayMs,
  };
}

function defaultSnmp(port: number): SnmpConfig {
  return {
    port, communities: ['public'], v3Users: [], timeoutMs: DEFAULTS.snmpTimeoutMs, retries: DEFAULTS.snmpRetries,
    maxRepetitions: DEFAULTS.maxRepetitions, maxMessageBytes: DEFAULTS.maxMessageBytes, maxInFlight: DEFAULTS.maxInFlight,
    pollPath: DEFAULTS.pollPath,
    // bounds of one SNMP agent
    maxTableRows: DEFAULTS.maxTableRows, maxVarbindsPerDevice: DEFAULTS.maxVarbindsPerDevice,
  };
}

function simulatedNetwork(sim: SimulatorConfig, name: string): NetworkConfig {
  const [a, b] = sim.baseAddress.split('.');
  return {
    id: sim.networkId, name, seeds: [sim.baseAddress], ranges: [{ cidr: `${a}.${b}.0.0/16`, sweep: false }],
    snmp: defaultSnmp(sim.port), pollIntervalMs: DEFAULTS.simulator.pollIntervalMs,
    discoveryIntervalMs: DEFAULTS.simulator.discoveryIntervalMs, discoveryConcurrency: DEFAULTS.discoveryConcurrency,
    discoveryMinIntervalMs: DEFAULTS.discoveryMinIntervalMs, keepGenerations: DEFAULTS.keepGenerations,
    keepGenerationsForMs: DEFAULTS.keepGenerationsForMs, devices: [], blocked: [], forgetUnreachableAfterMs: DEFAULTS.forgetUnreachableAfterMs,
  };
}

function applyEnv(cfg: Config, env: NodeJS.ProcessEnv): Config {
  let server = cfg.server;
  if (env.HOST) server = { ...server, host: env.HOST };
  if (env.PORT !== undefined && env.PORT !== '') {
    const port = Number(env.PORT);
    if (!Number.isInteger(port) || port < 0 || port > 65535) {
      throw new AppError('CONFIG_INVALID', `environment variable PORT: must be an integer from 0 to 65535, got '${env.PORT}'`);
    }
    server = { ...server, port };
  }
  if (env.DATA_DIR) server = { ...server, dataDir: env.DATA_DIR };
  return { ...cfg, server };
}

/** The longest `auth.sessionLifetime`: a year (a cookie's Max-Age stays a small integer). */
const MAX_SESSION_LIFETIME_MS = 365 * 86_400_000;


/**
 * Parses YAML text into a validated Config (not yet frozen, no env applied). The rules of `views`
 * are checked with `checkViewRule` when given (else only their type and length).
 */
function parseConfigText(
  text: string, source: string, checkViewRule?: ViewRuleChecker, checkAlertRule?: AlertRuleChecker,
  checkDerivedExpression?: DerivedExpressionChecker, distributed?: DistributedConfig,
): Config {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    const e = doc.errors[0];
    const pos = lines.linePos(e.pos[0]);
    throw new AppError('CONFIG_INVALID', `${source}: YAML syntax error at line ${pos.line}, column ${pos.col}: ${e.message.split('\n')[0]}`);
  }
  // The central's keys replace the file's (their nodes have no line: a message names the key path only).
  if (distributed) for (const k of DISTRIBUTED_KEYS) {
    if (distributed[k] === undefined) doc.deleteIn([k]);
    else doc.setIn([k], doc.createNode(distributed[k]));
  }
  const c = new Checker(doc, lines, source);
  const raw = doc.toJS() ?? {};
  const top = c.object(raw, [], ['server', 'auth', 'networks', 'simulator', 'ui', 'views', 'deviceDetailsComponents', 'mapLegend', 'alerts', 'notifications', 'variables', 'retention', 'profilesDir', 'integrations', 'reports', 'limits', 'mode', 'remote']);

  const s = top.server === undefined ? {} : c.object(top.server, ['server'], ['host', 'port', 'dataDir', 'logLevel', 'maxBodyBytes', 'workers', 'maxUnwrittenPoints', 'minFreeMiB', 'maxConnections']);
  const server: ServerConfig = {
    host: c.str(s.host, ['server', 'host'], DEFAULTS.host),
    port: c.int(s.port, ['server', 'port'], 0, 65535, DEFAULTS.port),
    dataDir: c.str(s.dataDir, ['server', 'dataDir'], DEFAULTS.dataDir),
    logLevel: c.oneOf<LogLevel>(s.logLevel, ['server', 'logLevel'], ['debug', 'info', 'warn', 'error'], DEFAULTS.logLevel),
    maxBodyBytes: c.int(s.maxBodyBytes, ['server', 'maxBodyBytes'], 1024, 1 << 30, DEFAULTS.maxBodyBytes),
    workers: c.int(s.workers, ['server', 'workers'], 0, 256, DEFAULTS.workers),
    maxUnwrittenPoints: c.int(s.maxUnwrittenPoints, ['server', 'maxUnwrittenPoints'], 0, 1_000_000_000, DEFAULTS.maxUnwrittenPoints),
    minFreeMiB: c.int(s.minFreeMiB, ['server', 'minFreeMiB'], 0, 1 << 20, DEFAULTS.minFreeMiB),
    maxConnections: c.int(s.maxConnections, ['server', 'maxConnections'], 1, 1_000_000, DEFAULTS.maxConnections),
  };

  const a = top.auth === undefined ? {} : c.object(top.auth, ['auth'], ['enabled', 'sessionLifetime', 'secureCookie', 'maxLoginFailures', 'loginFailureWindow',
    // login storms: limits per user name and in all, the password pool
    'maxLoginFailuresPerUser', 'maxLoginFailuresTotal', 'passwordThreads', 'passwordQueue', 'passwordChecksPerAddress', 'refusedCheckDelay']);
  const da = DEFAULTS.auth;
  const auth: AuthConfig = {
    enabled: c.bool(a.enabled, ['auth', 'enabled'], da.enabled),
    sessionLifetimeMs: c.durationMs(a.sessionLifetime, ['auth', 'sessionLifetime'], 60_000, da.sessionLifetimeMs),
    secureCookie: c.bool(a.secureCookie, ['auth', 'secureCookie'], da.secureCookie),
    maxLoginFailures: c.int(a.maxLoginFailures, ['auth', 'maxLoginFailures'], 1, 1_000_000, da.maxLoginFailures),
    loginFailureWindowMs: c.durationMs(a.loginFailureWindow, ['auth', 'loginFailureWindow'], 1000, da.loginFailureWindowMs),
    // ---- login storms: limits per user name and in all, the password pool ----
    maxLoginFailuresPerUser: c.int(a.maxLoginFailuresPerUser, ['auth', 'maxLoginFailuresPerUser'], 1, 1_000_000, da.maxLoginFailuresPerUser),
    maxLoginFailuresTotal: c.int(a.maxLoginFailuresTotal, ['auth', 'maxLoginFailuresTotal'], 1, 1_000_000_000, da.maxLoginFailuresTotal),
    passwordThreads: c.int(a.passwordThreads, ['auth', 'passwordThreads'], 1, 64, da.passwordThreads),
    passwordQueue: c.int(a.passwordQueue, ['auth', 'passwordQueue'], 0, 100_000, da.passwordQueue),
    passwordChecksPerAddress: c.int(a.passwordChecksPerAddress, ['auth', 'passwordChecksPerAddress'], 1, 100_000, da.passwordChecksPerAddress),
    refusedCheckDelayMs: c.durationMs(a.refusedCheckDelay, ['auth', 'refusedCheckDelay'], 0, da.refusedCheckDelayMs),
  };
  if (auth.refusedCheckDelayMs > 10_000) c.fail(['auth', 'refusedCheckDelay'], `must be at most 10s (a refused answer holds its connection meanwhile), got ${JSON.stringify(a.refusedCheckDelay)}`);
  if (auth.sessionLifetimeMs > MAX_SESSION_LIFETIME_MS) c.fail(['auth', 'sessionLifetime'], `must be at most 365d, got ${JSON.stringify(a.sessionLifetime)}`);

  const u = top.ui === undefined ? {} : c.object(top.ui, ['ui'], ['keyValueMaxBytes', 'viewFormDataMaxBytes']);
  const ui: UiConfig = {
    keyValueMaxBytes: c.int(u.keyValueMaxBytes, ['ui', 'keyValueMaxBytes'], 1, 1 << 30, DEFAULTS.keyValueMaxBytes),
    viewFormDataMaxBytes: c.int(u.viewFormDataMaxBytes, ['ui', 'viewFormDataMaxBytes'], 1, 1 << 30, DEFAULTS.viewFormDataMaxBytes),
  };

  const dd = top.deviceDetailsComponents === undefined ? {} : c.object(top.deviceDetailsComponents, ['deviceDetailsComponents'], ['Interface']);
  const deviceDetailsComponents: DeviceDetailsComponentsConfig = {
    Interface: dd.Interface === undefined ? DEFAULTS.deviceDetailsInterface : variableNames(c, dd.Interface, ['deviceDetailsComponents', 'Interface']),
  };
  const ml = top.mapLegend === undefined ? {} : c.object(top.mapLegend, ['mapLegend'], ['interfaceVars', 'deviceVars']);
  const mapLegend: MapLegendConfig = {
    interfaceVars: ml.interfaceVars === undefined ? DEFAULTS.mapLegendInterfaceVars : variableNames(c, ml.interfaceVars, ['mapLegend', 'interfaceVars']),
    deviceVars: ml.deviceVars === undefined ? DEFAULTS.mapLegendDeviceVars : variableNames(c, ml.deviceVars, ['mapLegend', 'deviceVars']),
  };

  let simulator: SimulatorConfig | null = null;
  if (top.simulator !== undefined && top.simulator !== false) {
    const p = ['simulator'];
    const sm = top.simulator === true ? {} : c.object(top.simulator, p, ['devices', 'interfacesPerDevice', 'port', 'baseAddress', 'topology', 'networkId']);
    const d = DEFAULTS.simulator;
    const baseAddress = c.str(sm.baseAddress, [...p, 'baseAddress'], d.baseAddress);
    if (!/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(baseAddress)) c.fail([...p, 'baseAddress'], `must be a loopback address 127.x.y.z, got '${baseAddress}'`);
    simulator = {
      devices: c.int(sm.devices, [...p, 'devices'], 1, 100_000, d.devices),
      interfacesPerDevice: c.int(sm.interfacesPerDevice, [...p, 'interfacesPerDevice'], 2, 1024, d.interfacesPerDevice),
      port: c.int(sm.port, [...p, 'port'], 1, 65535, d.port),
      baseAddress,
      topology: c.oneOf(sm.topology, [...p, 'topology'], ['ring', 'tree'] as const, d.topology),
      networkId: c.int(sm.networkId, [...p, 'networkId'], 1, 1_000_000, 1),
    };
  }

  const networks: NetworkConfig[] = c.list(top.networks, ['networks']).map((n, i) => parseNetwork(c, n, ['networks', i]));
  const ids = new Set<number>();
  networks.forEach((n, i) => {
    if (ids.has(n.id)) c.fail(['networks', i, 'id'], `network id ${n.id} is used twice`);
    ids.add(n.id);
  });
  if (simulator && !ids.has(simulator.networkId)) networks.push(simulatedNetwork(simulator, 'simulated'));
  if (networks.length === 0) c.fail(['networks'], 'no network is defined and the simulator is off: add a network or `simulator: true`');
  const views = parseViews(c, top.views, networks, checkViewRule);
  const notifications = parseNotifications(c, top.notifications);
  const alerts = parseAlerts(c, top.alerts, networks, notifications.streams.map((st) => st.name), checkAlertRule);
  const variables = parseVariables(c, top.variables, checkViewRule, checkDerivedExpression);
  const profilesDir = parseProfilesDir(c, top.profilesDir);
  const retention = parseRetention(c, top.retention);
  const mode = parseMode(c, top.mode);
  return { server, auth, ui, deviceDetailsComponents, mapLegend, networks, views, alerts, notifications, variables, retention, simulator, profilesDir, source,
    integrations: parseIntegrations(c, top.integrations), reports: parseReports(c, top.reports),
    limits: parseLimits(c, top.limits), mode, remote: parseRemote(c, top.remote, mode, hostname()) };
}

/**
 * `profilesDir`: a folder of device profiles (docs/profiles.md), relative to the working directory
 * like `server.dataDir`. Its profiles are read and checked here, so that a bad one fails the load
 * (its message names the file, the key and the line).
 */
function parseProfilesDir(c: Checker, v: unknown): string | null {
  if (v === undefined || v === null) return null;
  const dir = c.str(v, ['profilesDir']);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) c.fail(['profilesDir'], `is not a folder: ${dir}`);
  readProfileDir(dir);
  return dir;
}


/**
 * `views:` — SCRIPTED map views: each names a configured network and a name unique in it; rules
 * default to '' (every device, every interface), flags to false, formData to ''.
 */
function parseViews(c: Checker, v: unknown, networks: readonly NetworkConfig[], checkRule: ViewRuleChecker | undefined): ViewConfig[] {
  const ids = new Set(networks.map((n) => n.id));
  const seen = new Set<string>();
  return c.list(v, ['views']).map((item, i) => {
    const p: Path = ['views', i];
    const o = c.object(item, p, ['network', 'name', 'devRule', 'linkRule', 'adjacent', 'connecting', 'formData']);
    const network = c.int(o.network, [...p, 'network'], 1, 1_000_000, NaN);
    if (Number.isNaN(network)) c.fail([...p, 'network'], 'is required (the id of a network of `networks`)');
    if (!ids.has(network)) c.fail([...p, 'network'], `no network has id ${network}; configured: ${[...ids].join(', ')}`);
    const name = c.str(o.name, [...p, 'name']);
    if (name.trim() === '') c.fail([...p, 'name'], 'must not be blank');
    if (name.length > MAX_VIEW_NAME_CHARS) c.fail([...p, 'name'], `must be at most ${MAX_VIEW_NAME_CHARS} characters`);
    if (CONTROL_CHARS.test(name)) c.fail([...p, 'name'], 'must not contain control characters');
    if (seen.has(`${network}\u0000${name}`)) c.fail([...p, 'name'], `network ${network} has a view named '${name}' already in this list`);
    seen.add(`${network}\u0000${name}`);
    const rule = (key: 'devRule' | 'linkRule', table: ViewRuleTable): string => {
      const r = o[key];
      if (r === undefined || r === null) return '';
      if (typeof r !== 'string') c.fail([...p, key], `must be a SvcQL matching expression (a string), got ${JSON.stringify(r)}`);
      if (r.length > MAX_VIEW_RULE_CHARS) c.fail([...p, key], `must be at most ${MAX_VIEW_RULE_CHARS} characters`);
      if (checkRule && r.trim() !== '') {
        try { checkRule(r, table); } catch (e) { c.fail([...p, key], `not a matching expression over the ${table} table: ${(e as Error).message}`); }
      }
      return r;
    };
    const formData = o.formData ?? '';
    if (typeof formData !== 'string') c.fail([...p, 'formData'], `must be a string, got ${JSON.stringify(formData)}`);
    return {
      network, name, devRule: rule('devRule', 'devices'), linkRule: rule('linkRule', 'interfaces'),
      adjacent: c.bool(o.adjacent, [...p, 'adjacent'], false), connecting: c.bool(o.connecting, [...p, 'connecting'], false),
      formData, key: `views[${i}]`,
    };
  });
}

/** Most variable names of one `deviceDetailsComponents` or `mapLegend` list: a panel's worth. */
const MAX_DETAILS_VARIABLES = 64;

/** A list of variable names (words of letters, digits and `_`, no duplicates, at most MAX_DETAILS_VARIABLES). */
function variableNames(c: Checker, v: unknown, p: Path): string[] {
  const list = c.list(v, p);
  if (list.length > MAX_DETAILS_VARIABLES) c.fail(p, `must list at most ${MAX_DETAILS_VARIABLES} variable names, got ${list.length}`);
  const out: string[] = [];
  list.forEach((x, i) => {
    const name = c.str(x, [...p, i]);
    if (!VARIABLE_NAME.test(name)) c.fail([...p, i], `must be a variable name (letters, digits, _), got '${name}'`);
    if (out.includes(name)) c.fail([...p, i], `variable '${name}' is listed twice`);
    out.push(name);
  });
  return out;
}

function parseNetwork(c: Checker, v: unknown, p: Path): NetworkConfig {
  const n = c.object(v, p, [
    'id', 'name', 'seeds', 'ranges', 'snmp', 'pollInterval', 'discoveryInterval', 'discoveryConcurrency',
    'discoveryMinInterval', 'keepGenerations', 'keepGenerationsFor', 'devices', 'blocked', 'forgetUnreachableAfter',
  ]);
  const id = c.int(n.id, [...p, 'id'], 1, 1_000_000, NaN);
  if (Number.isNaN(id)) c.fail([...p, 'id'], 'is required (a positive integer)');
  const seeds = c.list(n.seeds, [...p, 'seeds']).map((s, i) => {
    const addr = c.str(s, [...p, 'seeds', i]);
    if (!isDeviceAddress(addr)) c.fail([...p, 'seeds', i], `'${addr}' is neither an IP address nor a DNS name`);
    return addr;
  });
  const ranges: RangeConfig[] = c.list(n.ranges, [...p, 'ranges']).map((r, i) => {
    const rp = [...p, 'ranges', i];
    const obj = typeof r === 'string' ? { cidr: r } : c.object(r, rp, ['cidr', 'sweep']);
    const cidr = c.str(obj.cidr, typeof r === 'string' ? rp : [...rp, 'cidr']);
    if (!parseCidr(cidr)) c.fail(typeof r === 'string' ? rp : [...rp, 'cidr'], `'${cidr}' is not a CIDR range like 10.0.0.0/24`);
    const sweep = c.bool(obj.sweep, [...rp, 'sweep'], false);
    if (sweep && (parseCidr(cidr)!.bits > 32 ? 128 - parseCidr(cidr)!.prefix > 16 : 32 - parseCidr(cidr)!.prefix > 16)) {
      c.fail([...rp, 'sweep'], `refusing to sweep ${cidr}: more than 65536 addresses`);
    }
    return { cidr, sweep };
  });
  const snmp = parseSnmp(c, n.snmp, [...p, 'snmp']);
  const devices = parseDevices(c, n.devices, [...p, 'devices'], snmp);
  const blocked = c.list(n.blocked, [...p, 'blocked']).map((b, i) => {
    const text = c.str(b, [...p, 'blocked', i]);
    if (!isAddressOrRange(text)) c.fail([...p, 'blocked', i], `'${text}' is neither an IP address nor a CIDR range like 10.0.0.0/24`);
    return text;
  });
  if (seeds.length === 0 && devices.length === 0 && !ranges.some((r) => r.sweep)) {
    c.fail([...p, 'seeds'], 'give at least one seed address, a declared device (devices:), or a range with sweep: true');
  }
  return {
    id,
    name: c.str(n.name, [...p, 'name'], `network ${id}`),
    seeds, ranges, devices, blocked,
    forgetUnreachableAfterMs: c.durationMs(n.forgetUnreachableAfter, [...p, 'forgetUnreachableAfter'], 60_000, DEFAULTS.forgetUnreachableAfterMs),
    snmp,
    pollIntervalMs: c.durationMs(n.pollInterval, [...p, 'pollInterval'], 1000, DEFAULTS.pollIntervalMs),
    discoveryIntervalMs: c.durationMs(n.discoveryInterval, [...p, 'discoveryInterval'], 10_000, DEFAULTS.discoveryIntervalMs),
    discoveryConcurrency: c.int(n.discoveryConcurrency, [...p, 'discoveryConcurrency'], 1, 1024, DEFAULTS.discoveryConcurrency),
    discoveryMinIntervalMs: c.durationMs(n.discoveryMinInterval, [...p, 'discoveryMinInterval'], 0, DEFAULTS.discoveryMinIntervalMs),
    keepGenerations: c.int(n.keepGenerations, [...p, 'keepGenerations'], 1, 1_000_000, DEFAULTS.keepGenerations),
    keepGenerationsForMs: c.durationMs(n.keepGenerationsFor, [...p, 'keepGenerationsFor'], 0, DEFAULTS.keepGenerationsForMs),
  };
}

/**
 * networks[].devices: `{address, name?, snmp?: {port, communities, v3User, timeout, retries,
 * maxRepetitions}, tags?}`. An address appears once; a v3User names one of the network's v3Users.
 */
function parseDevices(c: Checker, v: unknown, p: Path, snmp: SnmpConfig): DeviceConfig[] {
  const seen = new Set<string>();
  return c.list(v, p).map((d, i) => {
    const dp = [...p, i];
    const o = c.object(d, dp, ['address', 'name', 'snmp', 'tags']);
    const address = c.str(o.address, [...dp, 'address']);
    if (!isDeviceAddress(address)) c.fail([...dp, 'address'], `'${address}' is neither an IP address nor a DNS name`);
    if (seen.has(address.toLowerCase())) c.fail([...dp, 'address'], `'${address}' is declared twice`);
    seen.add(address.toLowerCase());
    const tags = c.list(o.tags, [...dp, 'tags']).map((t, k) => {
      const tag = c.str(t, [...dp, 'tags', k]);
      if (!DEVICE_TAG.test(tag)) c.fail([...dp, 'tags', k], `'${tag}' is not a tag like Facet.Word (letters, digits, _ and -, one dot)`);
      return tag;
    });
    const out: { -readonly [K in keyof DeviceConfig]: DeviceConfig[K] } = { address, tags };
    if (o.name !== undefined) out.name = c.str(o.name, [...dp, 'name']);
    if (o.snmp !== undefined) out.snmp = parseSnmpOverride(c, o.snmp, [...dp, 'snmp'], snmp);
    return out;
  });
}

function parseSnmpOverride(c: Checker, v: unknown, p: Path, net: SnmpConfig): DeviceSnmpOverride {
  const s = c.object(v, p, ['port', 'communities', 'v3User', 'timeout', 'retries', 'maxRepetitions']);
  const out: { -readonly [K in keyof DeviceSnmpOverride]: DeviceSnmpOverride[K] } = {};
  if (s.port !== undefined) out.port = c.int(s.port, [...p, 'port'], 1, 65535, net.port);
  if (s.communities !== undefined) {
    out.communities = c.list(s.communities, [...p, 'communities']).map((x, i) => c.str(x, [...p, 'communities', i]));
  }
  if (s.v3User !== undefined) {
    const user = c.str(s.v3User, [...p, 'v3User']);
    if (!net.v3Users.some((u) => u.name === user)) {
      c.fail([...p, 'v3User'], `'${user}' is not one of the network's snmp.v3Users (${net.v3Users.map((u) => u.name).join(', ') || 'none'})`);
    }
    out.v3User = user;
  }
  if (out.communities?.length === 0 && out.v3User === undefined) c.fail([...p, 'communities'], 'give at least one community, or a v3User');
  if (s.timeout !== undefined) out.timeoutMs = c.durationMs(s.timeout, [...p, 'timeout'], 10, net.timeoutMs);
  if (s.retries !== undefined) out.retries = c.int(s.retries, [...p, 'retries'], 0, 10, net.retries);
  if (s.maxRepetitions !== undefined) out.maxRepetitions = c.int(s.maxRepetitions, [...p, 'maxRepetitions'], 1, 200, net.maxRepetitions);
  return out;
}

function parseSnmp(c: Checker, v: unknown, p: Path): SnmpConfig {
  const s = v === undefined ? {} : c.object(v, p, ['port', 'communities', 'v3Users', 'timeout', 'retries', 'maxRepetitions', 'maxMessageBytes', 'maxInFlight', 'pollPath',
    // bounds of one SNMP agent
    'maxTableRows', 'maxVarbindsPerDevice']);
  const communities = s.communities === undefined ? ['public'] : c.list(s.communities, [...p, 'communities']).map((x, i) => c.str(x, [...p, 'communities', i]));
  const v3Users: SnmpV3User[] = c.list(s.v3Users, [...p, 'v3Users']).map((u, i) => {
    const up = [...p, 'v3Users', i];
    const o = c.object(u, up, ['name', 'level', 'authProtocol', 'authKey', 'privProtocol', 'privKey']);
    const level = c.oneOf(o.level, [...up, 'level'], ['noAuthNoPriv', 'authNoPriv', 'authPriv'] as const, 'authPriv');
    const needAuth = level !== 'noAuthNoPriv';
    const needPriv = level === 'authPriv';
    const authKey = needAuth ? c.str(o.authKey, [...up, 'authKey']) : '';
    const privKey = needPriv ? c.str(o.privKey, [...up, 'privKey']) : '';
    if (needAuth && authKey.length < 8) c.fail([...up, 'authKey'], 'must be at least 8 characters (RFC 3414)');
    if (needPriv && privKey.length < 8) c.fail([...up, 'privKey'], 'must be at least 8 characters (RFC 3414)');
    return {
      name: c.str(o.name, [...up, 'name']), level,
      authProtocol: c.oneOf(o.authProtocol, [...up, 'authProtocol'], ['md5', 'sha', 'sha224', 'sha256', 'sha384', 'sha512'] as const, 'sha'),
      authKey,
      privProtocol: c.oneOf(o.privProtocol, [...up, 'privProtocol'], ['des', 'aes', 'aes256b', 'aes256r'] as const, 'aes'),
      privKey,
    };
  });
  if (communities.length === 0 && v3Users.length === 0) c.fail([...p, 'communities'], 'give at least one community or v3 user');
  return {
    port: c.int(s.port, [...p, 'port'], 1, 65535, DEFAULTS.snmpPort),
    communities, v3Users,
    timeoutMs: c.durationMs(s.timeout, [...p, 'timeout'], 10, DEFAULTS.snmpTimeoutMs),
    retries: c.int(s.retries, [...p, 'retries'], 0, 10, DEFAULTS.snmpRetries),
    maxRepetitions: c.int(s.maxRepetitions, [...p, 'maxRepetitions'], 1, 200, DEFAULTS.maxRepetitions),
    maxMessageBytes: c.int(s.maxMessageBytes, [...p, 'maxMessageBytes'], 484, 65507, DEFAULTS.maxMessageBytes),
    maxInFlight: c.int(s.maxInFlight, [...p, 'maxInFlight'], 1, 100_000, DEFAULTS.maxInFlight),
    pollPath: c.oneOf<PollPath>(s.pollPath, [...p, 'pollPath'], ['auto', 'net-snmp'], DEFAULTS.pollPath),
    // bounds of one SNMP agent
    maxTableRows: c.int(s.maxTableRows, [...p, 'maxTableRows'], 10, 10_000_000, DEFAULTS.maxTableRows),
    maxVarbindsPerDevice: c.int(s.maxVarbindsPerDevice, [...p, 'maxVarbindsPerDevice'], 100, 100_000_000, DEFAULTS.maxVarbindsPerDevice),
  };
}

function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object' && !Object.isFrozen(o)) {
    Object.freeze(o);
    for (const v of Object.values(o)) deepFreeze(v);
  }
  return o;
}
