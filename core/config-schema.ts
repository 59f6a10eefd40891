import type { RemoteConfig, ServerMode } from './config-remote.js';
import type { RetentionConfig } from './config-retention.js';
import type { IntegrationsConfig } from './config-integrations.js';
import type { ReportsConfig } from './config-reports.js';
import type { LimitsConfig } from './config-limits.js';
/** The configuration, validated and frozen at load (config-load.ts). Defaults are named here. */

export const DEFAULTS = Object.freeze({
  /**
   * Loopback only, with authentication on or off: without it anyone who reaches the port may call
   * everything, and with it passwords and tokens still cross plain HTTP. Another address (or
   * `0.0.0.0`: every interface) is the operator's explicit choice (`server.host` or HOST).
   */
  host: '127.0.0.1',
  port: 8080,
  dataDir: './data',
  logLevel: 'info' as const,
  maxBodyBytes: 1 << 20,
  snmpPort: 161,
  snmpTimeoutMs: 2000,
  snmpRetries: 1,
  maxRepetitions: 24,
  maxMessageBytes: 1400,
  maxInFlight: 128,
  pollPath: 'auto' as const,
  // --- bounds of one SNMP agent (networks[].snmp.maxTableRows, maxVarbindsPerDevice) ---
  /** Rows of one table a walk reads from an agent (discovery and polling); more: the walk stops there. */
  maxTableRows: 50_000,
  /** Varbinds one device's discovery reads in all, and one poll of it reads. */
  maxVarbindsPerDevice: 100_000,
  // --- end of the bounds of one SNMP agent ---
  pollIntervalMs: 60_000,
  discoveryIntervalMs: 3_600_000,
  discoveryConcurrency: 16,
  /** An API-asked discovery start within this of the network's last start is refused (0: no limit). */
  discoveryMinIntervalMs: 60_000,
  /** Generations kept whatever their age: the newest this many. */
  keepGenerations: 168,
  /** Generations kept whatever their number: those started less than this ago. */
  keepGenerationsForMs: 86_400_000,
  /** A discovered device unreachable this long leaves the inventory (networks[].forgetUnreachableAfter). */
  forgetUnreachableAfterMs: 7 * 86_400_000,
  workers: 0, // 0: one per core, at least 1
  /** Series points held in memory while the store's writes fail (a full disk); past it, new points are dropped and counted. */
  maxUnwrittenPoints: 2_000_000,
  /** Free space (MiB) the store keeps on the data directory's file system: writes are refused below it. */
  minFreeMiB: 64,
  // ---- h-timeouts: the HTTP connections cap ----
  /** HTTP connections with a request open at once (server.maxConnections); past it: 503 and the connection closed. */
  maxConnections: 4096,
  // ---- end h-timeouts ----
  /** Largest key-value record (UI state) in bytes: far above a serialized UI form, far below the 1 MiB body limit. */
  keyValueMaxBytes: 256 * 1024,
  /** Largest `formData` of a map view in bytes (UTF-8): a serialized editor form, far below the 1 MiB body limit. */
  viewFormDataMaxBytes: 256 * 1024,
  auth: Object.freeze({
    enabled: false,
    /** A login's session lasts this long (sessions are kept in the store: a restart keeps them). */
    sessionLifetimeMs: 12 * 3_600_000,
    /** Plain HTTP on loopback by default: a Secure cookie would never come back. */
    secureCookie: false,
    /** Failed logins (login call and HTTP Basic) one client address may make per window before it gets 429. */
    maxLoginFailures: 10,
    loginFailureWindowMs: 5 * 60_000,
    // ---- login storms (issue "Hard to break", round 3): limits per user name and in all, the password pool ----
    /** Failed logins naming one user name (from any address) per window before that name gets 429. */
    maxLoginFailuresPerUser: 30,
    /** Failed logins in all (every address, every name) per window before every password check gets 429. */
    maxLoginFailuresTotal: 300,
    /** Threads deriving scrypt keys (password checks and hashes), apart from libuv's pool. */
    passwordThreads: 1,
    /** Password checks waiting for a thread; past it a check is refused at once (503 SERVER_BUSY). */
    passwordQueue: 16,
    /** Password checks running or waiting per client address group; past it 429 RATE_LIMITED. */
    passwordChecksPerAddress: 4,
    /**
     * A refused password check (a failure limit or the full password pool) is answered after this
     * delay (as pam_faildelay does): a client that retries as soon as it is answered sends one
     * guess per delay per connection instead of hundreds per second, and the storm costs the
     * server little. 500 ms: far below a human's notice, ten times fewer requests than the
     * immediate answers of a 50-connection storm measured (bench/RESULTS.md api-login-storm).
     */
    refusedCheckDelayMs: 500,
  }),
  /**
   * Interface variables a map offers for its links (`linkGraphVars`): traffic in both directions,
   * as rate and as utilisation, and the error rates — what a map colours links by.
   */
  deviceDetailsInterface: Object.freeze(['ifInRate', 'ifOutRate', 'ifInUtil', 'ifOutUtil', 'ifInErrors', 'ifOutErrors']),
  /** The popup graph of a link label (`mapLegend.interfaceVars`): an interface's traffic, utilisation and errors. */
  mapLegendInterfaceVars: Object.freeze(['ifInRate', 'ifOutRate', 'ifInUtil', 'ifOutUtil', 'ifInErrors', 'ifOutErrors']),
  /** The popup graph of a device label (`mapLegend.deviceVars`): whether it answers, its CPU and memory. */
  mapLegendDeviceVars: Object.freeze(['reachable', 'cpuUtil', 'memUtil']),
  notificationQueueSize: 1000,
  notificationRetries: 5,
  notificationRetryInitialMs: 1000,
  notificationRetryMaxMs: 60_000,
  notificationTimeoutMs: 10_000,
  simulator: Object.freeze({
    devices: 6,
    interfacesPerDevice: 8,
    port: 1161,
    baseAddress: '127.1.0.1',
    topology: 'ring' as const,
    pollIntervalMs: 10_000,
    discoveryIntervalMs: 300_000,
  }),
});

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface ServerConfig {
  readonly host: string;
  readonly port: number;
  readonly dataDir: string;
  readonly logLevel: LogLevel;
  readonly maxBodyBytes: number;
  readonly workers: number;
  /** Series points held in memory while the store's writes fail; past it, new points are dropped (counted). */
  readonly maxUnwrittenPoints: number;
  /** Writes are refused while the data directory's file system has less than this many MiB free (0: no reserve). */
  readonly minFreeMiB: number;
  /**
   * HTTP connections with a request open at once (api/http/connection-cap.ts: what uWS lets the
   * server count); a request past it is answered 503 SERVER_BUSY and its connection closed.
   */
  readonly maxConnections: number;
}

type V3Level = 'noAuthNoPriv' | 'authNoPriv' | 'authPriv';
type V3AuthProtocol = 'md5' | 'sha' | 'sha224' | 'sha256' | 'sha384' | 'sha512';
type V3PrivProtocol = 'des' | 'aes' | 'aes256b' | 'aes256r';

export interface SnmpV3User {
  readonly name: string;
  readonly level: V3Level;
  readonly authProtocol: V3AuthProtocol;
  readonly authKey: string;
  readonly privProtocol: V3PrivProtocol;
  readonly privKey: string;
}

/**
 * Which code polls a network's devices. `auto`: SNMPv2c through the project's own codec (workers/v2c),
 * SNMPv3 through the net-snmp library. `net-snmp`: every poll through net-snmp (slower; a baseline for
 * comparisons and a fallback should an agent not get on with the project's codec). Discovery always
 * goes through net-snmp.
 */
export type PollPath = 'auto' | 'net-snmp';

export interface SnmpConfig {
  readonly port: number;
  readonly communities: readonly string[];
  readonly v3Users: readonly SnmpV3User[];
  readonly timeoutMs: number;
  readonly retries: number;
  readonly maxRepetitions: number;
  /** Largest SNMP answer a poll request is sized for (bytes); keeps datagrams unfragmented. */
  readonly maxMessageBytes: number;
  /** Requests in flight across the whole network (polls and discovery). */
  readonly maxInFlight: number;
  /**
   * Which code polls (PollPath). The loader always sets it; absent means `auto` (optional in the type
   * only so that hand-built NetworkConfig literals of benchmarks and tests need not name it).
   */
  readonly pollPath?: PollPath;
  // --- bounds of one SNMP agent (agentBounds() gives them with their defaults) ---
  /**
   * Rows of one table a walk reads (discovery's tables, a poll's walked columns); an agent with more is
   * read up to here and its device records `table truncated at N rows`. Optional in the type only
   * (the loader always sets it), as pollPath.
   */
  readonly maxTableRows?: number;
  /**
   * Varbinds of one device: what its discovery reads in all (each table read stops at what remains
   * of it) and what one poll of it reads (interfaces beyond it are not polled; the device's
   * tableErrors say how many were). Bounds the device's variables (series slots) too.
   */
  readonly maxVarbindsPerDevice?: number;
  // --- end of the bounds of one SNMP agent ---
}

/** The bounds of one agent of a network, defaults filled in (SnmpConfig.maxTableRows, maxVarbindsPerDevice). */
export function agentBounds(s: Pick<SnmpConfig, 'maxTableRows' | 'maxVarbindsPerDevice'>): { readonly maxTableRows: number; readonly maxVarbinds: number } {
  return { maxTableRows: s.maxTableRows ?? DEFAULTS.maxTableRows, maxVarbinds: s.maxVarbindsPerDevice ?? DEFAULTS.maxVarbindsPerDevice };
}

export interface RangeConfig {
  readonly cidr: string;
  readonly sweep: boolean;
}

/**
 * SNMP settings of one declared device that differ from its network's (`networks[].devices[].snmp`).
 * `communities` and `v3User` replace the network's credentials for this device (a v3User names one
 * of the network's `snmp.v3Users`).
 */
export interface DeviceSnmpOverride {
  readonly port?: number;
  readonly communities?: readonly string[];
  /**
   * Communities tried before the network's (a device added through the API with its own
   * community): the network's list stays in force after them, so a community removed from the
   * config is no longer sent to the device.
   */
  readonly firstCommunities?: readonly string[];
  readonly v3User?: string;
  readonly timeoutMs?: number;
  readonly retries?: number;
  readonly maxRepetitions?: number;
}

/**
 * A device declared in config (`networks[].devices`): discovered at every run whatever the
 * neighbour tables say, and kept until it leaves the config. `address` is an IP address or a DNS
 * name (resolved at each discovery).
 */
export interface DeviceConfig {
  readonly address: string;
  /** Shown instead of sysName when given. */
  readonly name?: string;
  readonly snmp?: DeviceSnmpOverride;
  /** Tags added to the discovered ones (`Facet.Word`). */
  readonly tags: readonly string[];
}

export interface NetworkConfig {
  readonly id: number;
  readonly name: string;
  /** IP addresses or DNS names (names are resolved at each discovery). */
  readonly seeds: readonly string[];
  /**
   * Declared devices (DeviceConfig). Absent means none (optional in the type only so that
   * hand-built NetworkConfig literals of benchmarks and tests need not name it; the loader sets it).
   */
  readonly devices?: readonly DeviceConfig[];
  /**
   * A discovered device that stops answering stays (marked unreachable, still polled) until it has
   * been unreachable this long, then leaves the inventory; its series stay readable. Config and API
   * devices stay until removed. Absent: DEFAULTS.forgetUnreachableAfterMs.
   */
  readonly forgetUnreachableAfterMs?: number;
  /** Addresses and CIDR ranges never probed (beside those blocked through the API). Absent: none. */
  readonly blocked?: readonly string[];
  readonly ranges: readonly RangeConfig[];
  readonly snmp: SnmpConfig;
  readonly pollIntervalMs: number;
  readonly discoveryIntervalMs: number;
  readonly discoveryConcurrency: number;
  /**
   * Starts asked through the API (NetworksPort.startDiscovery) less than this after the network's
   * last start (of any origin) are refused, answering when the next may start; 0 disables the limit.
   * Scheduled discoveries (every discoveryIntervalMs) are not limited by it.
   */
  readonly discoveryMinIntervalMs: number;
  /**
   * Retention of discovery generations (collector/discovery/generations.ts GenerationLog.prune): a
   * generation is kept when it is among the newest `keepGenerations`, or started less than
   * `keepGenerationsForMs` ago, or is the latest completed one, or is running; the others are removed
   * in the background after each discovery and at start.
   */
  readonly keepGenerations: number;
  readonly keepGenerationsForMs: number;
}

export interface SimulatorConfig {
  readonly devices: number;
  readonly interfacesPerDevice: number;
  readonly port: number;
  readonly baseAddress: string;
  readonly topology: 'ring' | 'tree';
  /** The network the simulator is for. */
  readonly networkId: number;
  /**
   * True for the built-in default (no configuration): its addresses are the server's choice, so
   * when they are taken the server moves it to free ones and its network follows (app.ts,
   * `relocateSimulator`). Addresses a configuration names are never moved.
   */
  readonly movable?: boolean;
}

/** What the API keeps for the web UI. Read per request: a reload applies it at once. */
export interface UiConfig {
  /** Largest key-value record (bytes); a larger create or update is a 413 BODY_TOO_LARGE. */
  readonly keyValueMaxBytes: number;
  /** Largest `formData` of a map view (bytes, UTF-8); a larger update or validate body is a 413 BODY_TOO_LARGE. */
  readonly viewFormDataMaxBytes: number;
}

/** The tables a map view's rules match: `devRule` the devices, `linkRule` the interfaces. */
export type ViewRuleTable = 'devices' | 'interfaces';

/**
 * Checks one rule of a configured view (`views[].devRule`, `linkRule`) as a SvcQL matching
 * expression over `table`; throws an Error whose message says what is wrong and where in the rule
 * (the SvcQL error, "at 1:17: …"). The loader (config-load.ts) names the key and line around it. core/ may
 * not import the query language, so the caller passes it in (main.ts: services/views/view-record.ts `checkViewRule`).
 */
export type ViewRuleChecker = (rule: string, table: ViewRuleTable) => void;

/** Longest view name: names are shown on tiles and in lists (services/views/view-record.ts uses the same bound). */
export const MAX_VIEW_NAME_CHARS = 200;
/** Longest view rule: views are short; SvcQL's own bound (32 KiB) is for whole queries. */
export const MAX_VIEW_RULE_CHARS = 8192;

/**
 * A SCRIPTED map view declared in the configuration (top-level `views:`). The views service keeps
 * the stored views in step with the list at start and on every reload (services/views/views.ts): a view
 * is known by its network and name, so its id stays while its rules change. Its rules were checked
 * at load as SvcQL matching expressions when the loader was given a rule checker (main.ts).
 */
export interface ViewConfig {
  readonly network: number;
  readonly name: string;
  /** SvcQL matching expression over the `devices` table; '' matches every device. */
  readonly devRule: string;
  /** SvcQL matching expression over the `interfaces` table; '' matches every interface. */
  readonly linkRule: string;
  readonly adjacent: boolean;
  readonly connecting: boolean;
  /** Opaque text for the UI's editor form, kept as written. */
  readonly formData: string;
  /** Where it is declared, `views[2]`: named in messages and kept as the view's origin. */
  readonly key: string;
}

/**
 * Authentication (api/middleware/auth.ts, services/accounts/authenticator.ts). Read once at start: every
 * key needs a restart (core/config-reload.ts).
 */
export interface AuthConfig {
  /** Off: every call is allowed, no middleware runs, the caller is anonymous. */
  readonly enabled: boolean;
  readonly sessionLifetimeMs: number;
  /** Adds `Secure` to the session cookie (when the server is reached through HTTPS, e.g. a proxy). */
  readonly secureCookie: boolean;
  /** Failed logins per client address within `loginFailureWindowMs`; past it, 429 until the window moves on. */
  readonly maxLoginFailures: number;
  readonly loginFailureWindowMs: number;
  // ---- login storms: limits per user name and in all, the password pool (services/accounts/password-pool.ts) ----
  /** Failed logins naming one user name within `loginFailureWindowMs`, from any address; past it, 429 for that name. */
  readonly maxLoginFailuresPerUser: number;
  /** Failed logins in all within `loginFailureWindowMs`; past it, 429 for every password check until the window moves on. */
  readonly maxLoginFailuresTotal: number;
  /** Threads of the password pool (scrypt never runs on libuv's thread pool in the server). */
  readonly passwordThreads: number;
  /** Password checks waiting for a pool thread; past it 503 SERVER_BUSY at once, without hashing. */
  readonly passwordQueue: number;
  /** Password checks running or waiting per client address group (IPv6 /64); past it 429 RATE_LIMITED. */
  readonly passwordChecksPerAddress: number;
  /** A refused password check (429 LOGIN_RATE_LIMITED, 503/429 of the pool) is answered after this (0: at once). */
  readonly refusedCheckDelayMs: number;
}

/** Variables of the device details panels per component kind. Read per request: a reload applies it at once. */
/** The variables of the popup graphs on map labels (v2 `popup/device/…` and legacy `popupGraph`), in order. */
export interface MapLegendConfig {
  /** Interface variables of a link label's popup. */
  readonly interfaceVars: readonly string[];
  /** Device variables of a device label's popup. */
  readonly deviceVars: readonly string[];
}

export interface DeviceDetailsComponentsConfig {
  /** Interface variable names offered for a map's links (`linkGraphVars`), in order. */
  readonly Interface: readonly string[];
}

/** The alert rules built in, each on by default (`alerts.builtin.<name>: false` turns one off). */
export const BUILTIN_ALERT_NAMES = ['deviceUnreachable', 'interfaceDown', 'interfaceUtilisation', 'cpuHigh', 'deviceRebooted', 'collectorClockSkew'] as const;
export type BuiltinAlertName = typeof BUILTIN_ALERT_NAMES[number];

/**
 * One alert rule (configured under `alerts.rules`, or built in), validated at load. The rule's
 * inputs are the variable instances its `input` selects; its `condition` is tested on every grid
 * step against each input's interpolated value (docs: README "Alerts").
 */
/** How urgent a rule's alerts are (ours, beside the spec's alert fields): what people look at first. */
export const ALERT_SEVERITIES = ['critical', 'warning', 'info'] as const;
export type AlertSeverity = typeof ALERT_SEVERITIES[number];

export interface AlertRuleConfig {
  /** Unique among the rules; the alerts' `name`. */
  readonly name: string;
  /** The severity of the rule's alerts (`warning` for a configured rule that gives none). */
  readonly severity: AlertSeverity;
  /** The networks the rule applies to; null: every network. */
  readonly networks: readonly number[] | null;
  /** SvcQL matching expression over the `variables` table: which variable instances are inputs. */
  readonly input: string;
  /**
   * SvcQL matching expression tested per input and grid step: `value` (the input's grid value),
   * `previous` (its value one step before, NULL when none), the input's columns of the `variables`
   * table, and any other variable name (that variable's grid value on the same device and component).
   */
  readonly condition: string;
  /** The window (ms): the condition is judged over the grid steps of the last `durationMs`; 0: the newest step only. */
  readonly durationMs: number;
  /** Share (1–100) of the window's values that must satisfy the condition; 100 by default. */
  readonly percentage: number;
  /** Re-notification period while active (ms); 0: notify only on entering Active and on clearing. */
  readonly notificationTimeMs: number;
  /** Text with macros ($device, $component, $value, $variable, $duration, …), expanded per alert. */
  readonly description: string;
  /** True: one alert per device and component; false: one alert for the whole rule. */
  readonly fanOut: boolean;
  /** Names of the notification streams to send to; null: every configured stream. */
  readonly notify: readonly string[] | null;
  /** Where it was declared (`alerts.rules[2]`, or `builtin.cpuHigh`): named in messages. */
  readonly key: string;
}

/**
 * Checks a rule's `input` (over the variables table) and `condition` as SvcQL matching expressions;
 * throws an Error saying what is wrong and where. core/ may not import SvcQL: main.ts passes it in.
 */
export type AlertRuleChecker = (expr: string, part: 'input' | 'condition') => void;

export interface AlertsConfig {
  /** Every rule in force: the enabled built-ins first, then the configured ones. */
  readonly rules: readonly AlertRuleConfig[];
  /** Which built-in rules are on. */
  readonly builtin: Readonly<Record<BuiltinAlertName, boolean>>;
}

/** A webhook receiver: JSON POST of each notification (or an Alertmanager-compatible list). */
export interface WebhookStreamConfig {
  readonly kind: 'webhook';
  readonly name: string;
  readonly url: string;
  /** `json`: this server's notification object; `alertmanager`: the Alertmanager webhook payload. */
  readonly format: 'json' | 'alertmanager';
  readonly timeoutMs: number;
  readonly headers: Readonly<Record<string, string>>;
}

/** E-mail over SMTP. */
export interface EmailStreamConfig {
  readonly kind: 'email';
  readonly name: string;
  readonly host: string;
  readonly port: number;
  /** TLS from the first byte (port 465 style); else STARTTLS when the server offers it. */
  readonly secure: boolean;
  readonly user: string;
  readonly password: string;
  readonly from: string;
  readonly to: readonly string[];
  readonly timeoutMs: number;
}

/** The server's log (always present under the name `log`). */
export interface LogStreamConfig {
  readonly kind: 'log';
  readonly name: string;
}

export type NotificationStreamConfig = WebhookStreamConfig | EmailStreamConfig | LogStreamConfig;

export interface NotificationsConfig {
  /** The streams, `log` first (always there). */
  readonly streams: readonly NotificationStreamConfig[];
  /** Notifications waiting per stream; past it the oldest waiting is dropped and counted. */
  readonly queueSize: number;
  /** Tries after the first failed delivery, with exponential backoff from retryInitialMs to retryMaxMs. */
  readonly retries: number;
  readonly retryInitialMs: number;
  readonly retryMaxMs: number;
}

/**
 * `variables.snmp[]`: a variable the operator defines by an OID (issue: operator-defined variables).
 * The poller reads it from every device its `devices` rule selects and stores it like a built-in one.
 */
export type SnmpVariableType =
  /** The value × scale, stored as read (a level: temperature, queue depth, bytes in use). */
  | 'gauge'
  /** A 32-bit / 64-bit counter: stored as its per-second rate × scale (wraps and reboots handled as for ifInOctets). */
  | 'counter32' | 'counter64'
  /** An integer state stored as is; `enum` names its values (shown beside the number in answers). */
  | 'enum';

/**
 * Where the OID's instances are: `scalar` — `oid` is the full instance OID (e.g. `…1.0`), one
 * device-level instance (index 0); `interface` — `oid` is a column indexed by ifIndex (IF-MIB style:
 * ifMtu, ifHCInBroadcastPkts): one instance per polled interface, scope `interface`, named as the
 * interface; `table` — `oid` is a column of another table with single-number row indexes
 * (HOST-RESOURCES hrStorageUsed, ENTITY-SENSOR…): its rows are found when the device is discovered,
 * one `component`-scope instance per row, named from `nameOid` (a column of the same table) when given.
 */
export type SnmpVariableIndex = 'scalar' | 'interface' | 'table';

/** Colour thresholds of one variable: they drive `color`/`colorLevel` of the `vars` (last value) calls. */
export interface VariableThresholds {
  /** `above`: a value ≥ warning is `warning`, ≥ critical `critical`; `below`: ≤ each (e.g. free space). */
  readonly direction: 'above' | 'below';
  /** At least one of the two is set; with both, critical is past warning in the direction. */
  readonly warning: number | null;
  readonly critical: number | null;
}

export interface SnmpVariableConfig {
  /** A letter then letters, digits or _ (≤ 64); not a built-in variable's name, unique in the file. */
  readonly name: string;
  /** Numeric OID, dotted, no leading dot in the stored form. */
  readonly oid: string;
  readonly index: SnmpVariableIndex;
  readonly type: SnmpVariableType;
  /** Value names of an `enum` (number → name); empty for the other types. */
  readonly enumValues: Readonly<Record<string, string>>;
  /** For `table`: the column giving each row's component name (e.g. hrStorageDescr); '' none (the row number is the name). */
  readonly nameOid: string;
  /** Unit after scaling (`bit/s`, `%`, `°C`, `B`); default ''. */
  readonly unit: string;
  /** Multiplier applied to the value (or the rate); default 1. */
  readonly scale: number;
  /** Default 'Custom'. */
  readonly category: string;
  /** Default: the name. */
  readonly description: string;
  /**
   * Which devices poll it: a SvcQL matching expression over the `devices` table (`Vendor = 'Cisco'`,
   * `tag = 'Role.Core'`); '' every device. Checked at load (a bad rule is a config error at its key).
   */
  readonly devices: string;
  /** null: no thresholds (colours say only whether there is a current value). */
  readonly thresholds: VariableThresholds | null;
}

/**
 * `variables.derived[]`: a variable the data processor computes at each grid step from the values of
 * others (docs/variables.md defines the expression language).
 */
export interface DerivedVariableConfig {
  readonly name: string;
  /**
   * `device`: one instance per selected device (aggregates such as `sum(ifInRate)` run over the
   * device's interfaces); `interface`: one per interface of a selected device (names refer to the
   * same interface's variables: `ifInErrors / ifInUcastPkts * 100`).
   */
  readonly scope: 'device' | 'interface';
  readonly expression: string;
  readonly unit: string;
  readonly category: string;
  readonly description: string;
  /** As SnmpVariableConfig.devices. */
  readonly devices: string;
  readonly thresholds: VariableThresholds | null;
}

/**
 * Checks a derived variable's expression (svcql/derived-expr.ts checkDerivedExpression): throws an
 * Error whose message gives the position (`expression error at 1:7: …`); returns the variable
 * names it reads. core/ may not import the query language, so the caller passes it in (main.ts).
 */
export type DerivedExpressionChecker = (expression: string, scope: 'device' | 'interface') => readonly string[];

/** `variables:` — operator-defined variables; applies live on reload (docs/variables.md). */
export interface VariablesConfig {
  readonly snmp: readonly SnmpVariableConfig[];
  readonly derived: readonly DerivedVariableConfig[];
  /** Thresholds of other variables by name (built-in ones: `cpuUtil`, `ifInUtil`…). */
  readonly thresholds: Readonly<Record<string, VariableThresholds>>;
}

export interface Config {
  readonly server: ServerConfig;
  readonly auth: AuthConfig;
  readonly ui: UiConfig;
  readonly deviceDetailsComponents: DeviceDetailsComponentsConfig;
  /** The popup graphs' variables; applies live on reload (read per call). */
  readonly mapLegend: MapLegendConfig;
  readonly networks: readonly NetworkConfig[];
  /** SCRIPTED map views, in the file's order (none by default). */
  readonly views: readonly ViewConfig[];
  /** Alert rules (built-in and configured); applies live on reload. */
  readonly alerts: AlertsConfig;
  /** Where alert notifications go; applies live on reload. */
  readonly notifications: NotificationsConfig;
  /** Operator-defined SNMP and derived variables, variable thresholds; applies live on reload. */
  readonly variables: VariablesConfig;
  /** How long series are kept (core/config-retention.ts); applies live on reload. */
  readonly retention: RetentionConfig;
  /** The built-in simulated network, or null when the config does not ask for it. */
  readonly simulator: SimulatorConfig | null;
  /**
   * A folder of device profiles (YAML or JSON, docs/profiles.md) read beside the built-in ones
   * (`profiles/`); a profile of the same name replaces the built-in one. Absent or null: built-ins only.
   */
  readonly profilesDir?: string | null;
  /** External services the server calls for its callers (core/config-integrations.ts); absent: none. Applies live. */
  readonly integrations?: IntegrationsConfig;
  /** When report files are written and how many are kept (core/config-reports.ts); absent: the defaults. Applies live. */
  readonly reports?: ReportsConfig;
  /** The bounds of the work callers can start: report runs, long actions, discovery submissions (core/config-limits.ts); absent: the defaults. Applies live. */
  readonly limits?: LimitsConfig;
  /** The server's role (core/config-remote.ts): `standalone` (default) or `collector`. Read once at start. */
  readonly mode?: ServerMode;
  /** The NATS servers and names of a collector (core/config-remote.ts); null when standalone. Read once at start. */
  readonly remote?: RemoteConfig | null;
  /** Where the config came from: a file path, or 'built-in default'. */
  readonly source: string;
}
