import type { Checker, Path } from './config-check.js';
import { CONTROL_CHARS } from './names.js';
import {
  DEFAULTS, type EmailStreamConfig, type LogStreamConfig, type NotificationStreamConfig, type NotificationsConfig,
  type WebhookStreamConfig,
} from './config-schema.js';

/**
 * `notifications:` — where alert notifications go: the log (always), webhooks and e-mail streams,
 * and the delivery queue's bounds.
 *
 *   notifications:
 *     queueSize: 1000          # waiting notices per stream
 *     retries: 5               # tries after the first failed delivery
 *     retryInitial: 1s         # first backoff, doubled per try up to retryMax (with jitter)
 *     retryMax: 60s
 *     streams:
 *       - name: ops
 *         webhook: { url: https://hooks.example/alerts, format: json, timeout: 10s, headers: { Authorization: Bearer … } }
 *       - name: oncall
 *         email: { host: smtp.example, port: 587, user: netmon, password: …, from: netmon@example.org, to: [ops@example.org] }
 *
 * Secrets (`password`, header values) are never echoed in messages: a bad one is named by its key.
 */

/** The stream every configuration has, first; a configured stream may not take its name. */
const LOG_STREAM: LogStreamConfig = Object.freeze({ kind: 'log', name: 'log' });

/** A stream name: a word (letters, digits, `_`, `-`), starting with a letter. */
const STREAM_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
/** An HTTP header name (RFC 9110 token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/;
/** Headers the HTTP client sets itself from the request; a configured value would break the request. */
const RESERVED_HEADERS = ['host', 'content-length', 'transfer-encoding', 'connection', 'content-type', 'keep-alive', 'upgrade', 'te', 'trailer', 'expect'];
/** A plausible e-mail address: one `@`, no spaces or angle brackets, a dotted or bracketed domain. */
const EMAIL = /^[^\s@<>()",;:\\[\]]{1,64}@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])$/;
/** A host name or an IP address (v4, or v6 without brackets). */
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,62})?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62})?)*\.?|[0-9A-Fa-f:.]+)$/;
const MAX_TIMEOUT_MS = 300_000;
const MAX_RETRY_MS = 86_400_000;

export function defaultNotifications(): NotificationsConfig {
  return {
    streams: [LOG_STREAM],
    queueSize: DEFAULTS.notificationQueueSize,
    retries: DEFAULTS.notificationRetries,
    retryInitialMs: DEFAULTS.notificationRetryInitialMs,
    retryMaxMs: DEFAULTS.notificationRetryMaxMs,
  };
}

export function parseNotifications(c: Checker, v: unknown): NotificationsConfig {
  if (v === undefined || v === null) return defaultNotifications();
  const p: Path = ['notifications'];
  const o = c.object(v, p, ['streams', 'queueSize', 'retries', 'retryInitial', 'retryMax']);
  const retryInitialMs = c.durationMs(o.retryInitial, [...p, 'retryInitial'], 10, DEFAULTS.notificationRetryInitialMs);
  const retryMaxMs = c.durationMs(o.retryMax, [...p, 'retryMax'], 10, Math.max(DEFAULTS.notificationRetryMaxMs, retryInitialMs));
  if (retryInitialMs > MAX_RETRY_MS) c.fail([...p, 'retryInitial'], 'must be at most 1d');
  if (retryMaxMs > MAX_RETRY_MS) c.fail([...p, 'retryMax'], 'must be at most 1d');
  if (retryMaxMs < retryInitialMs) c.fail([...p, 'retryMax'], `must be at least retryInitial (${retryInitialMs} ms), got ${retryMaxMs} ms`);
  const streams: NotificationStreamConfig[] = [LOG_STREAM];
  const seen = new Set<string>([LOG_STREAM.name]);
  c.list(o.streams, [...p, 'streams']).forEach((item, i) => {
    const s = parseStream(c, item, [...p, 'streams', i]);
    if (s.name === LOG_STREAM.name) c.fail([...p, 'streams', i, 'name'], `'${LOG_STREAM.name}' is reserved: the server's log is always the first stream`);
    if (seen.has(s.name)) c.fail([...p, 'streams', i, 'name'], `stream '${s.name}' is defined twice`);
    seen.add(s.name);
    streams.push(s);
  });
  return {
    streams,
    queueSize: c.int(o.queueSize, [...p, 'queueSize'], 1, 1_000_000, DEFAULTS.notificationQueueSize),
    retries: c.int(o.retries, [...p, 'retries'], 0, 100, DEFAULTS.notificationRetries),
    retryInitialMs,
    retryMaxMs,
  };
}

/** stream := { name, webhook: {…} } | { name, email: {…} } */
function parseStream(c: Checker, v: unknown, p: Path): WebhookStreamConfig | EmailStreamConfig {
  const o = c.object(v, p, ['name', 'webhook', 'email']);
  const name = c.str(o.name, [...p, 'name']);
  if (!STREAM_NAME.test(name)) c.fail([...p, 'name'], `must be a word of letters, digits, '_' or '-' starting with a letter (at most 64), got ${JSON.stringify(name)}`);
  if (o.webhook !== undefined && o.email !== undefined) c.fail([...p, 'email'], 'a stream is either `webhook` or `email`, not both');
  if (o.webhook !== undefined) return parseWebhook(c, o.webhook, [...p, 'webhook'], name);
  if (o.email !== undefined) return parseEmail(c, o.email, [...p, 'email'], name);
  return c.fail(p, `stream '${name}' needs \`webhook:\` or \`email:\``);
}

function parseWebhook(c: Checker, v: unknown, p: Path, name: string): WebhookStreamConfig {
  const o = c.object(v, p, ['url', 'format', 'timeout', 'headers']);
  const url = c.str(o.url, [...p, 'url']);
  let parsed: URL | null = null;
  try { parsed = new URL(url); } catch { /* reported below */ }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || CONTROL_CHARS.test(url) || /\s/.test(url)) {
    c.fail([...p, 'url'], 'must be an http:// or https:// URL');
  }
  if (parsed.username !== '' || parsed.password !== '') {
    c.fail([...p, 'url'], 'must not carry credentials (user:password@); put them in `headers` (e.g. Authorization), which are kept out of logs');
  }
  const headers: Record<string, string> = {};
  if (o.headers !== undefined && o.headers !== null) {
    const h = o.headers;
    if (typeof h !== 'object' || Array.isArray(h)) c.fail([...p, 'headers'], 'must be a mapping of header names to values');
    const lower = new Set<string>();
    for (const [k, val] of Object.entries(h as Record<string, unknown>)) {
      const hp = [...p, 'headers', k];
      if (!HEADER_NAME.test(k)) c.fail(hp, `${JSON.stringify(k)} is not a header name (letters, digits and !#$%&'*+.^_\`|~-)`);
      if (RESERVED_HEADERS.includes(k.toLowerCase())) c.fail(hp, `${k} is set by the server itself`);
      if (lower.has(k.toLowerCase())) c.fail(hp, `header ${k} is given twice`);
      lower.add(k.toLowerCase());
      // The value may be a secret: never echoed.
      if (typeof val !== 'string' && typeof val !== 'number') c.fail(hp, 'must be a string');
      const text = String(val);
      if (CONTROL_CHARS.test(text.replace(/\t/g, '')) || text.length > 8192) c.fail(hp, 'must be at most 8192 characters without control characters (line breaks)');
      headers[k] = text;
    }
  }
  return {
    kind: 'webhook', name, url: parsed.href,
    format: c.oneOf(o.format, [...p, 'format'], ['json', 'alertmanager'] as const, 'json'),
    timeoutMs: timeout(c, o.timeout, [...p, 'timeout']),
    headers,
  };
}

function parseEmail(c: Checker, v: unknown, p: Path, name: string): EmailStreamConfig {
  const o = c.object(v, p, ['host', 'port', 'secure', 'user', 'password', 'from', 'to', 'timeout']);
  const host = c.str(o.host, [...p, 'host']);
  if (!HOST.test(host) || host.length > 253) c.fail([...p, 'host'], `must be a host name or an IP address, got ${JSON.stringify(host)}`);
  const secure = c.bool(o.secure, [...p, 'secure'], false);
  const port = c.int(o.port, [...p, 'port'], 1, 65535, secure ? 465 : 587);
  const user = o.user === undefined ? '' : c.str(o.user, [...p, 'user']);
  if (CONTROL_CHARS.test(user)) c.fail([...p, 'user'], 'must not contain control characters');
  let password = '';
  if (o.password !== undefined) {
    // Never echoed: a secret.
    if (typeof o.password !== 'string' || o.password === '') c.fail([...p, 'password'], 'must be a non-empty string');
    password = o.password;
  }
  if (user !== '' && password === '') c.fail([...p, 'password'], 'is required with `user` (SMTP login)');
  if (user === '' && password !== '') c.fail([...p, 'user'], 'is required with `password` (SMTP login)');
  const from = address(c, o.from, [...p, 'from']);
  const toList = Array.isArray(o.to) ? o.to : o.to === undefined ? [] : [o.to];
  if (toList.length === 0) c.fail([...p, 'to'], 'needs at least one address');
  if (toList.length > 100) c.fail([...p, 'to'], 'must have at most 100 addresses');
  const to = toList.map((a, i) => address(c, a, Array.isArray(o.to) ? [...p, 'to', i] : [...p, 'to']));
  return { kind: 'email', name, host, port, secure, user, password, from, to, timeoutMs: timeout(c, o.timeout, [...p, 'timeout']) };
}

function address(c: Checker, v: unknown, p: Path): string {
  const a = c.str(v, p);
  if (!EMAIL.test(a) || a.length > 254) c.fail(p, `must be an e-mail address like ops@example.org, got ${JSON.stringify(a)}`);
  return a;
}

function timeout(c: Checker, v: unknown, p: Path): number {
  const ms = c.durationMs(v, p, 100, DEFAULTS.notificationTimeoutMs);
  if (ms > MAX_TIMEOUT_MS) c.fail(p, 'must be at most 5m');
  return ms;
}
