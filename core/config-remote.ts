import type { Checker, Path } from './config-check.js';

/**
 * `mode:` and `remote:` — the server's role when it runs beside others (docs/scale-out.md).
 *
 *   mode: standalone          # the default: one process, nothing else needed
 *   mode: collector           # polls, and publishes its grid steps to the NATS server at its site
 *   remote:
 *     servers: [nats://127.0.0.1:4222]
 *     user: c1                # optional; with password (never logged)
 *     password: change-me-c1
 *     site: site-a            # the subject is netmon.points.<site>.<collector>
 *     collector: c1           # unique among the central's collectors; default: this host's name
 *     stream: SITE            # the site's stream (created when missing, with maxAge and maxMiB)
 *     maxAge: 7d
 *     maxMiB: -1              # -1: no byte limit
 *     publishTimeout: 5s
 *     heartbeatTtl: 15s       # a collector silent this long is gone: its devices go to the others
 *     configFrom: local       # central: networks and variables from the central's bucket (netmon-config)
 *
 *   mode: central             # receives every collector's grid steps and inventories
 *   remote:
 *     servers: [nats://127.0.0.1:4222]   # the hub's NATS server
 *     stream: HUB             # the stream it consumes (default HUB with sites, else SITE)
 *     sites: [site-a]         # each site's stream (siteStream) sourced from its JetStream domain
 *     siteStream: SITE
 *     durable: central        # its durable consumer
 *
 * Read once at start (docs/scale-out.md).
 */
export type ServerMode = 'standalone' | 'collector' | 'central';
export const SERVER_MODES: readonly ServerMode[] = ['standalone', 'collector', 'central'];

export interface RemoteConfig {
  readonly servers: readonly string[];
  readonly user: string | null;
  readonly password: string | null;
  readonly site: string;
  readonly collector: string;
  readonly stream: string;
  readonly maxAgeMs: number;
  /** -1: no byte limit. */
  readonly maxBytes: number;
  readonly publishTimeoutMs: number;
  /** `mode: central`: the sites whose streams its stream sources (empty: it consumes `stream` itself). */
  readonly sites: readonly string[];
  /** `mode: central`: the name of each site's stream. */
  readonly siteStream: string;
  /** `mode: central`: its durable consumer. */
  readonly durable: string;
  /**
   * The collectors' heartbeats in the site's bucket `netmon-collectors-<site>` are written every
   * TTL/4; a collector silent for this long is gone and the others poll its devices from their
   * next cycle after TTL × 1.125 (ages are checked every TTL/8): with that below the poll interval,
   * no device's series misses more than one grid step.
   */
  readonly heartbeatTtlMs: number;
  /**
   * `mode: collector`: where its networks and variables come from. `local` (default): its own
   * file. `central`: the central's, through the bucket `netmon-config` (remote/config-distribution.ts),
   * kept in its metadata store so that a restart without the NATS server starts with the last received.
   */
  readonly configFrom: ConfigFrom;
}

export type ConfigFrom = 'local' | 'central';

export const REMOTE_KEYS = ['servers', 'user', 'password', 'site', 'collector', 'stream', 'maxAge', 'maxMiB', 'publishTimeout', 'heartbeatTtl', 'configFrom', 'sites', 'siteStream', 'durable'] as const;
/** The keys of one mode only: refused in the other (a key that does nothing there is a mistake). */
const COLLECTOR_ONLY = ['site', 'collector', 'publishTimeout', 'heartbeatTtl', 'configFrom'] as const;
const CENTRAL_ONLY = ['sites', 'siteStream', 'durable'] as const;

/** A name that is one NATS subject token: letters, digits, `-` and `_`. */
const TOKEN = /^[A-Za-z0-9_-]{1,64}$/;

export function parseMode(c: Checker, v: unknown): ServerMode {
  return c.oneOf<ServerMode>(v, ['mode'], SERVER_MODES, 'standalone');
}

export function parseRemote(c: Checker, v: unknown, mode: ServerMode, hostName: string): RemoteConfig | null {
  const p: Path = ['remote'];
  if (mode === 'standalone') {
    if (v !== undefined && v !== null) c.fail(p, '`remote:` is read only with `mode: collector` or `central`; remove it or set the mode');
    return null;
  }
  if (v === undefined || v === null) c.fail(p, `\`mode: ${mode}\` needs \`remote:\` with the NATS servers (docs/scale-out.md)`);
  const o = c.object(v, p, REMOTE_KEYS);
  for (const key of mode === 'central' ? COLLECTOR_ONLY : CENTRAL_ONLY) {
    if (o[key] !== undefined) c.fail([...p, key], `\`${key}\` is read only with \`mode: ${mode === 'central' ? 'collector' : 'central'}\``);
  }
  const servers = c.list(o.servers, [...p, 'servers']).map((s, i) => {
    const url = c.str(s, [...p, 'servers', i]);
    if (!/^(nats|tls):\/\/[^\s/]+$/.test(url)) c.fail([...p, 'servers', i], `a NATS server as nats://host:port or tls://host:port, not '${url}'`);
    return url;
  });
  if (servers.length === 0) c.fail([...p, 'servers'], 'at least one NATS server');
  const checkToken = (s: string, at: Path): string => {
    if (!TOKEN.test(s)) c.fail(at, `letters, digits, '-' and '_' only (1–64), not '${s}'`);
    return s;
  };
  const token = (key: 'site' | 'collector' | 'stream' | 'siteStream' | 'durable', dflt?: string): string => checkToken(c.str(o[key], [...p, key], dflt), [...p, key]);
  const central = mode === 'central';
  const sites = central && o.sites !== undefined && o.sites !== null
    ? c.list(o.sites, [...p, 'sites']).map((x, i) => checkToken(c.str(x, [...p, 'sites', i]), [...p, 'sites', i])) : [];
  const user = o.user === undefined || o.user === null ? null : c.str(o.user, [...p, 'user']);
  const password = o.password === undefined || o.password === null ? null : c.str(o.password, [...p, 'password']);
  if ((user === null) !== (password === null)) c.fail([...p, user === null ? 'password' : 'user'], 'user and password go together');
  return {
    servers, user, password,
    site: central ? '' : token('site'),
    collector: central ? '' : token('collector', hostName.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 64) || 'collector'),
    stream: token('stream', central && sites.length > 0 ? 'HUB' : 'SITE'),
    sites, siteStream: central ? token('siteStream', 'SITE') : 'SITE', durable: central ? token('durable', 'central') : 'central',
    maxAgeMs: c.durationMs(o.maxAge, [...p, 'maxAge'], 60_000, 7 * 86_400_000),
    maxBytes: (() => { const m = c.int(o.maxMiB, [...p, 'maxMiB'], -1, 1 << 30, -1); return m <= 0 ? -1 : m * (1 << 20); })(),
    publishTimeoutMs: c.durationMs(o.publishTimeout, [...p, 'publishTimeout'], 100, 5_000),
    heartbeatTtlMs: c.durationMs(o.heartbeatTtl, [...p, 'heartbeatTtl'], 500, 15_000),
    configFrom: central ? 'local' : c.oneOf<ConfigFrom>(o.configFrom, [...p, 'configFrom'], ['local', 'central'], 'local'),
  };
}
