/**
 * Secrets out of a configuration (or any plain data built from one) before it is shown: the
 * settings call and the diagnostic dump use this one function.
 *
 * Contract: returns a deep copy in which
 * - the value of every key named in SECRET_KEYS is replaced by REDACTED (a list keeps its length,
 *   each element REDACTED; an object — webhook `headers` — keeps its names, each value REDACTED),
 * - every string that is a URL has the password of its credentials (`scheme://user:password@host`)
 *   and the values of its credential query parameters (`token`, `key`, `api_key`, `password`…)
 *   replaced by REDACTED,
 * and nothing else changes. An empty string stays empty (there is no secret to hide, and the
 * reader sees that none is set). The input is not modified.
 */

export const REDACTED = '***';

/**
 * Keys whose values are secrets, wherever they appear: SNMP communities (network and device),
 * SNMPv3 keys, passwords (SMTP), webhook headers (tokens), and the usual names of credentials
 * that later sections may carry.
 */
const SECRET_KEYS: ReadonlySet<string> = new Set([
  'communities', 'firstCommunities', 'community',
  'authKey', 'privKey',
  'password', 'passphrase', 'secret', 'token', 'apiKey', 'credentials',
  'headers',
  // HTTP credentials made from a section's user and password or token (integrations: `Basic …`, `Bearer …`)
  'authorization',
]);

const URL_CREDENTIALS = /^([a-z][a-z0-9+.-]*:\/\/[^/:@\s]*):[^@/\s]*@/i;
/** Query parameters of a URL that carry credentials (`?token=…`, `&api_key=…`). */
const URL_SECRET_PARAMS = /([?&](?:token|access_token|key|apikey|api_key|secret|password|passwd|pass|auth|sig|signature)=)[^&#\s]*/gi;
const isUrl = (s: string) => /^[a-z][a-z0-9+.-]*:\/\//i.test(s);

function hide(v: unknown): unknown {
  if (typeof v === 'string') return v === '' ? v : REDACTED;
  if (Array.isArray(v)) return v.map(hide);
  if (v !== null && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v)) out[k] = hide((v as Record<string, unknown>)[k]);
    return out;
  }
  return v === undefined || v === null ? v : REDACTED;
}

/** SECRET_KEYS, compared without regard to case (`Authorization`, `apikey`, `Password`). */
const SECRET_KEYS_LOWER: ReadonlySet<string> = new Set([...SECRET_KEYS].map((k) => k.toLowerCase()));
const isSecretKey = (k: string): boolean => SECRET_KEYS_LOWER.has(k.toLowerCase());

export function redactSecrets<T>(value: T): T {
  return walk(value) as T;
}

function walk(v: unknown): unknown {
  if (typeof v === 'string') {
    return isUrl(v) ? v.replace(URL_CREDENTIALS, `$1:${REDACTED}@`).replace(URL_SECRET_PARAMS, `$1${REDACTED}`) : v;
  }
  if (Array.isArray(v)) return v.map(walk);
  if (v !== null && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v)) {
      const x = (v as Record<string, unknown>)[k];
      out[k] = isSecretKey(k) ? hide(x) : walk(x);
    }
    return out;
  }
  return v;
}
