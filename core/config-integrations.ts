import type { Checker, Path } from './config-check.js';
import { CONTROL_CHARS } from './names.js';

/**
 * `integrations:` — external services the server calls for its callers. One today: the
 * traffic-analytics service behind `POST /v2/external/net/:id/extsvc/:call` (docs/reports-and-integrations.md).
 *
 *   integrations:
 *     trafficAnalytics:
 *       baseUrl: http://flows.example:8080/api   # http:// or https://, no user:password@
 *       user: netmon                             # HTTP Basic, with password…
 *       password: secret
 *       # token: abc…                            # …or a Bearer token (not both)
 *       timeout: 10s                             # whole upstream call, default 10s, at most 5m
 *       maxAnswerBytes: 4194304                  # larger upstream answers are refused (502)
 *       maxCallsInFlight: 8                      # upstream calls at once; past it 503 UPSTREAM_BUSY
 *       paths: { url: /ui, topXdata: /topx/data, topXchart: /topx/chart }
 *
 * Absent: the proxy calls answer 409 INTEGRATION_NOT_CONFIGURED. Applies live on reload (read per
 * call). Secrets (`password`, `token`) are never echoed in messages or logs: a bad one is named by its key.
 */

export type TrafficAnalyticsCall = 'url' | 'topXdata' | 'topXchart';
export const TRAFFIC_ANALYTICS_CALLS: readonly TrafficAnalyticsCall[] = Object.freeze(['url', 'topXdata', 'topXchart']);

export interface TrafficAnalyticsConfig {
  /** Without a trailing `/`. */
  readonly baseUrl: string;
  /** The Authorization header sent upstream (`Basic …` or `Bearer …`), '' for none. A secret. */
  readonly authorization: string;
  /** The user name of Basic credentials ('' for none); shown by settings, never the password. */
  readonly user: string;
  readonly timeoutMs: number;
  readonly maxAnswerBytes: number;
  /** Upstream calls (topXdata, topXchart) in flight at once, each buffering up to maxAnswerBytes; one more answers 503 UPSTREAM_BUSY. */
  readonly maxCallsInFlight: number;
  /** The path under baseUrl of each call, starting with `/`. */
  readonly paths: Readonly<Record<TrafficAnalyticsCall, string>>;
}

export interface IntegrationsConfig {
  readonly trafficAnalytics: TrafficAnalyticsConfig | null;
}

const DEFAULT_TRAFFIC_TIMEOUT_MS = 10_000;
/** 4 MiB: a top-N table or a chart description is far smaller; the bound keeps a broken upstream from filling memory. */
const DEFAULT_TRAFFIC_MAX_ANSWER_BYTES = 4 * 1024 * 1024;
/** 8 calls × 4 MiB: at most 32 MiB of upstream answers buffered at once by default. */
const DEFAULT_TRAFFIC_MAX_CALLS_IN_FLIGHT = 8;
const MAX_TIMEOUT_MS = 300_000;
const DEFAULT_PATHS: Readonly<Record<TrafficAnalyticsCall, string>> = Object.freeze({ url: '/', topXdata: '/topXdata', topXchart: '/topXchart' });

function defaultIntegrations(): IntegrationsConfig {
  return { trafficAnalytics: null };
}

export function parseIntegrations(c: Checker, v: unknown): IntegrationsConfig {
  if (v === undefined || v === null) return defaultIntegrations();
  const o = c.object(v, ['integrations'], ['trafficAnalytics']);
  return { trafficAnalytics: o.trafficAnalytics === undefined || o.trafficAnalytics === null ? null : parseTrafficAnalytics(c, o.trafficAnalytics) };
}

function parseTrafficAnalytics(c: Checker, v: unknown): TrafficAnalyticsConfig {
  const p: Path = ['integrations', 'trafficAnalytics'];
  const o = c.object(v, p, ['baseUrl', 'user', 'password', 'token', 'timeout', 'maxAnswerBytes', 'maxCallsInFlight', 'paths']);
  const raw = c.str(o.baseUrl, [...p, 'baseUrl']);
  let url: URL | undefined;
  try { url = new URL(raw); } catch { /* reported below */ }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || CONTROL_CHARS.test(raw) || /\s/.test(raw) || url.search !== '' || url.hash !== '') {
    c.fail([...p, 'baseUrl'], 'must be an http:// or https:// URL without a query or fragment');
  }
  if (url.username !== '' || url.password !== '') c.fail([...p, 'baseUrl'], 'must not carry credentials (user:password@); use `user` and `password` or `token`, which are kept out of logs');
  const user = o.user === undefined ? '' : c.str(o.user, [...p, 'user']);
  if (user.includes(':') || CONTROL_CHARS.test(user)) c.fail([...p, 'user'], 'must not contain `:` or control characters');
  const password = o.password === undefined ? undefined : secret(c, o.password, [...p, 'password']);
  const token = o.token === undefined ? undefined : secret(c, o.token, [...p, 'token']);
  if (token !== undefined && (user !== '' || password !== undefined)) c.fail([...p, 'token'], 'give either `token` or `user` and `password`, not both');
  if ((user === '') !== (password === undefined)) c.fail([...p, user === '' ? 'password' : 'user'], '`user` and `password` go together');
  const authorization = token !== undefined ? `Bearer ${token}`
    : user !== '' ? `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}` : '';
  const timeoutMs = c.durationMs(o.timeout, [...p, 'timeout'], 100, DEFAULT_TRAFFIC_TIMEOUT_MS);
  if (timeoutMs > MAX_TIMEOUT_MS) c.fail([...p, 'timeout'], 'must be at most 5m');
  const maxAnswerBytes = c.int(o.maxAnswerBytes, [...p, 'maxAnswerBytes'], 1024, 1 << 30, DEFAULT_TRAFFIC_MAX_ANSWER_BYTES);
  const maxCallsInFlight = c.int(o.maxCallsInFlight, [...p, 'maxCallsInFlight'], 1, 1024, DEFAULT_TRAFFIC_MAX_CALLS_IN_FLIGHT);
  const po = o.paths === undefined ? {} : c.object(o.paths, [...p, 'paths'], TRAFFIC_ANALYTICS_CALLS);
  const paths = {} as Record<TrafficAnalyticsCall, string>;
  for (const call of TRAFFIC_ANALYTICS_CALLS) {
    const path = c.str(po[call], [...p, 'paths', call], DEFAULT_PATHS[call]);
    if (!/^\/[A-Za-z0-9._~!$&'()*+,;=:@%/-]*$/.test(path) || path.split('/').includes('..')) {
      c.fail([...p, 'paths', call], 'must be a URL path starting with `/` (no `..`, query or fragment)');
    }
    paths[call] = path;
  }
  return { baseUrl: url.href.replace(/\/+$/, ''), authorization, user, timeoutMs, maxAnswerBytes, maxCallsInFlight, paths };
}

/** A secret string: checked without echoing its value. */
function secret(c: Checker, v: unknown, path: Path): string {
  if (typeof v !== 'string' || v === '' || CONTROL_CHARS.test(v)) c.fail(path, 'must be a non-empty string without control characters (value not shown)');
  return v;
}
