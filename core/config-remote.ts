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
 *
 * `mode: central` is described in docs/scale-out.md and refused until it lands. Read once at start.
 */
export type ServerMode = 'standalone' | 'collector' | 'central';
export const SERVER_MODES: readonly ServerMode[] = ['standalone', 'collector'];

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
  /**
   * The collectors' heartbeats in the site's bucket `netmon-collectors-<site>` are written every
   * TTL/4; a collector silent for this long is gone and the others poll its devices from their
   * next cycle after TTL × 1.125 (ages are checked every TTL/8): with that below the poll interval,
   * no device's series misses more than one grid step.
   */
  readonly heartbeatTtlMs: number;
}

export const REMOTE_KEYS = ['servers', 'user', 'password', 'site', 'collector', 'stream', 'maxAge', 'maxMiB', 'publishTimeout', 'heartbeatTtl'] as const;

/** A name that is one NATS subject token: letters, digits, `-` and `_`. */
const TOKEN = /^[A-Za-z0-9_-]{1,64}$/;

export function parseMode(c: Checker, v: unknown): ServerMode {
  if (v === 'central') c.fail(['mode'], '`central` is not available yet (docs/scale-out.md says what has landed): use standalone or collector');
  return c.oneOf<ServerMode>(v, ['mode'], SERVER_MODES, 'standalone');
}

export function parseRemote(c: Checker, v: unknown, mode: ServerMode, hostName: string): RemoteConfig | null {
  const p: Path = ['remote'];
  if (mode === 'standalone') {
    if (v !== undefined && v !== null) c.fail(p, '`remote:` is read only with `mode: collector`; remove it or set the mode');
    return null;
  }
  if (v === undefined || v === null) c.fail(p, `\`mode: ${mode}\` needs \`remote:\` with the NATS servers (docs/scale-out.md)`);
  const o = c.object(v, p, REMOTE_KEYS);
  const servers = c.list(o.servers, [...p, 'servers']).map((s, i) => {
    const url = c.str(s, [...p, 'servers', i]);
    if (!/^(nats|tls):\/\/[^\s/]+$/.test(url)) c.fail([...p, 'servers', i], `a NATS server as nats://host:port or tls://host:port, not '${url}'`);
    return url;
  });
  if (servers.length === 0) c.fail([...p, 'servers'], 'at least one NATS server');
  const token = (key: 'site' | 'collector' | 'stream', dflt?: string): string => {
    const s = c.str(o[key], [...p, key], dflt);
    if (!TOKEN.test(s)) c.fail([...p, key], `letters, digits, '-' and '_' only (1–64), not '${s}'`);
    return s;
  };
  const user = o.user === undefined || o.user === null ? null : c.str(o.user, [...p, 'user']);
  const password = o.password === undefined || o.password === null ? null : c.str(o.password, [...p, 'password']);
  if ((user === null) !== (password === null)) c.fail([...p, user === null ? 'password' : 'user'], 'user and password go together');
  return {
    servers, user, password,
    site: token('site'),
    collector: token('collector', hostName.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 64) || 'collector'),
    stream: token('stream', 'SITE'),
    maxAgeMs: c.durationMs(o.maxAge, [...p, 'maxAge'], 60_000, 7 * 86_400_000),
    maxBytes: (() => { const m = c.int(o.maxMiB, [...p, 'maxMiB'], -1, 1 << 30, -1); return m <= 0 ? -1 : m * (1 << 20); })(),
    publishTimeoutMs: c.durationMs(o.publishTimeout, [...p, 'publishTimeout'], 100, 5_000),
    heartbeatTtlMs: c.durationMs(o.heartbeatTtl, [...p, 'heartbeatTtl'], 500, 15_000),
  };
}
