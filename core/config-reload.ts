/**
 * Config reload, the pure part: what differs between the running Config and a newly loaded one
 * (planReload), the keys only a restart applies (RESTART_KEYS), the holder of the current Config,
 * and the steps of a reload up to the swap (reloadConfig). Nothing here touches the collector.
 *
 * Load the new file with the options of the start (loadConfig({ path, env }) with the same
 * environment, else the HOST/PORT/DATA_DIR overrides would read as changes). Networks are told
 * apart by id: a network whose id is kept keeps its inventory and series, whatever else changes.
 *
 * Which part applies which key, and how, is in the code, not here: the config appliers
 * (core/config-applier.ts; app.ts lists them in the order of their effects) own every key that
 * applies without a restart, and RESTART_KEYS below names those read once at start.
 * test/e2e/config-keys.test.ts checks that every key of core/config-schema.ts has exactly one of
 * the two, and keeps the table of docs/running.md ("What a reload applies") in step.
 */
import { AppError } from './errors.js';
import type { AuthConfig, Config, NetworkConfig, ServerConfig, SimulatorConfig } from './config-schema.js';

/** A network present in both configs whose settings differ. */
interface NetworkChange {
  readonly before: NetworkConfig;
  readonly after: NetworkConfig;
  /**
   * The differing settings as dotted paths of NetworkConfig (its property names: `pollIntervalMs`,
   * `snmp.timeoutMs`, `seeds`), in the order of the schema. Lists and v3 users compare whole.
   */
  readonly fields: readonly string[];
}

export interface ReloadPlan {
  /** Changed keys that only a restart applies (dotted paths: `server.port`, `simulator.devices`); empty when the reload may go on. */
  readonly restartRequired: readonly string[];
  /** Networks of the new config whose id the running one lacks (in the new file's order). */
  readonly added: readonly NetworkConfig[];
  /** Ids of running networks the new config lacks. */
  readonly removed: readonly number[];
  readonly changed: readonly NetworkChange[];
  /** Ids of networks equal in both. */
  readonly unchanged: readonly number[];
}

/** Server keys, in the order they are reported; every one is read once at start. */
const SERVER_KEYS: readonly (keyof ServerConfig)[] = ['host', 'port', 'dataDir', 'workers', 'maxBodyBytes', 'logLevel', 'maxUnwrittenPoints', 'minFreeMiB', 'maxConnections'];
/** Authentication keys: the middleware, the cookie's attributes and the login limiter are built at start. */
const AUTH_KEYS: readonly (keyof AuthConfig)[] = ['enabled', 'sessionLifetimeMs', 'secureCookie', 'maxLoginFailures', 'loginFailureWindowMs',
  // login storms: limits per user name and in all, the password pool
  'maxLoginFailuresPerUser', 'maxLoginFailuresTotal', 'passwordThreads', 'passwordQueue', 'passwordChecksPerAddress',
  // the delay of refused password checks: the Authenticator keeps the auth section it was built with
  'refusedCheckDelayMs'];
const SIMULATOR_KEYS: readonly (keyof SimulatorConfig)[] = ['devices', 'interfacesPerDevice', 'port', 'baseAddress', 'topology', 'networkId'];

/**
 * Every key path planReload may report as needing a restart: those read once at start (app.ts).
 * Every server key; every auth key (the middleware is installed or not, the session cookie, login
 * limiter and password pool are built, at start); the whole simulator section (its agents run from
 * start; turning it on or off is the key `simulator`); and `networks[].snmp.maxInFlight` when the
 * largest value over all networks changes (the worker pool's concurrency is sized from it at start).
 */
export const RESTART_KEYS: readonly string[] = Object.freeze([
  ...SERVER_KEYS.map((k) => `server.${k}`), ...AUTH_KEYS.map((k) => `auth.${k}`), 'simulator', ...SIMULATOR_KEYS.map((k) => `simulator.${k}`), 'networks[].snmp.maxInFlight',
  'mode', 'remote',
]);

/** What a reload from `running` to `next` (both loaded and validated) would do. Pure; the result is frozen. */
export function planReload(running: Config, next: Config): ReloadPlan {
  const restartRequired: string[] = [];
  for (const k of SERVER_KEYS) if (!same(running.server[k], next.server[k])) restartRequired.push(`server.${k}`);
  for (const k of AUTH_KEYS) if (!same(running.auth[k], next.auth[k])) restartRequired.push(`auth.${k}`);
  if ((running.simulator === null) !== (next.simulator === null)) restartRequired.push('simulator');
  else if (running.simulator && next.simulator) {
    for (const k of SIMULATOR_KEYS) if (!same(running.simulator[k], next.simulator[k])) restartRequired.push(`simulator.${k}`);
  }
  if (largestInFlight(running) !== largestInFlight(next)) restartRequired.push('networks[].snmp.maxInFlight');
  if ((running.mode ?? 'standalone') !== (next.mode ?? 'standalone')) restartRequired.push('mode');
  if (!same(running.remote ?? null, next.remote ?? null)) restartRequired.push('remote');

  const before = new Map(running.networks.map((n) => [n.id, n]));
  const nextIds = new Set(next.networks.map((n) => n.id));
  const added: NetworkConfig[] = [], changed: NetworkChange[] = [], unchanged: number[] = [];
  for (const n of next.networks) {
    const b = before.get(n.id);
    if (!b) { added.push(n); continue; }
    const fields = networkFields(b, n);
    if (fields.length === 0) unchanged.push(n.id);
    else changed.push(Object.freeze({ before: b, after: n, fields: Object.freeze(fields) }));
  }
  const removed = running.networks.filter((n) => !nextIds.has(n.id)).map((n) => n.id);
  return Object.freeze({
    restartRequired: Object.freeze(restartRequired), added: Object.freeze(added), removed: Object.freeze(removed),
    changed: Object.freeze(changed), unchanged: Object.freeze(unchanged),
  });
}

/** True when the plan changes nothing (every network unchanged, no key needing a restart). */
export function planIsEmpty(p: ReloadPlan): boolean {
  return p.restartRequired.length === 0 && p.added.length === 0 && p.removed.length === 0 && p.changed.length === 0;
}

/** Throws AppError CONFIG_RELOAD_REFUSED naming the keys when the plan needs a restart. */
function refuseIfRestartRequired(p: ReloadPlan, source: string): void {
  if (p.restartRequired.length === 0) return;
  throw new AppError('CONFIG_RELOAD_REFUSED',
    `${source}: reload refused, nothing applied: ${p.restartRequired.join(', ')} changed, which only a restart applies`);
}

/**
 * The current Config, replaced whole. Holds only loaded (deeply frozen) configs, so a reader that
 * took current() keeps a consistent Config for as long as it holds it, whatever swaps happen.
 */
export class ConfigHolder {
  #current: Config;

  constructor(initial: Config) {
    this.#current = ConfigHolder.#checked(initial);
  }

  current(): Config {
    return this.#current;
  }

  /** Replaces the Config whole. Checks nothing but that it is frozen: the caller planned the reload (reloadConfig). */
  swap(next: Config): void {
    this.#current = ConfigHolder.#checked(next);
  }

  static #checked(c: Config): Config {
    if (!Object.isFrozen(c) || !Object.isFrozen(c.networks) || !Object.isFrozen(c.server)) {
      throw new AppError('INTERNAL', 'ConfigHolder: a Config must come from loadConfig (deeply frozen)');
    }
    return c;
  }
}

/**
 * Steps 1–4 of a reload (core/config-applier.ts): `load` loads and validates the new file (throws
 * CONFIG_INVALID), the plan is made, `check` (the appliers' checks) may refuse the new Config with
 * the message of an AppError CONFIG_INVALID, a plan needing a restart is refused
 * (CONFIG_RELOAD_REFUSED), and only then the holder swaps. On any throw the holder still holds the
 * running Config. Returns the plan for the appliers (step 5, applyConfig).
 */
export function reloadConfig(holder: ConfigHolder, load: () => Config, check?: (next: Config, plan: ReloadPlan) => string | undefined): ReloadPlan {
  const next = load();
  const plan = planReload(holder.current(), next);
  const refused = check?.(next, plan);
  if (refused !== undefined) throw new AppError('CONFIG_INVALID', refused);
  refuseIfRestartRequired(plan, next.source);
  holder.swap(next);
  return plan;
}

// ---- comparison --------------------------------------------------------------------------------

const largestInFlight = (c: Config): number => Math.max(0, ...c.networks.map((n) => n.snmp.maxInFlight));

/** Differing settings of one network: top-level keys, and the keys of `snmp` one level down. */
function networkFields(a: NetworkConfig, b: NetworkConfig): string[] {
  const fields: string[] = [];
  for (const k of keysOf(a, b)) {
    if (k === 'snmp') {
      for (const s of keysOf(a.snmp, b.snmp)) if (!same(valueOf(a.snmp, s), valueOf(b.snmp, s))) fields.push(`snmp.${s}`);
    } else if (!same(valueOf(a, k), valueOf(b, k))) fields.push(k);
  }
  return fields;
}

/** The keys of both objects, the first's order first. */
function keysOf(a: object, b: object): string[] {
  const keys = Object.keys(a);
  for (const k of Object.keys(b)) if (!keys.includes(k)) keys.push(k);
  return keys;
}

const valueOf = (o: object, k: string): unknown => (o as Record<string, unknown>)[k];

/** Structural equality of config values (plain data: primitives, arrays, plain objects; absent = undefined). */
function same(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => same(x, bb[i]));
  }
  return keysOf(a, b).every((k) => same(valueOf(a, k), valueOf(b, k)));
}
