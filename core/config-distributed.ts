/**
 * Configuration distribution (docs/scale-out.md "Configuration distribution"): the part of a
 * central's file that its collectors with `remote.configFrom: central` take in place of their own —
 * `networks` (with their SNMP credentials) and `variables`. The rest stays each server's own: a
 * collector's `server`, `mode`, `remote`, `simulator`, `auth`… come from its local file; the
 * central's alerts, notifications, reports and views are the central's business.
 *
 * The part travels as the YAML's plain data (JSON), not as a parsed Config: the collector checks it
 * with the same loader as its own file (config-load.ts `loadConfig({ distributed })`), so a part it
 * cannot take is refused exactly as a bad file is.
 */
import { readFileSync } from 'node:fs';
import { parseDocument } from 'yaml';
import { AppError } from './errors.js';
import { REDACTED } from './config-redact.js';

/** The top-level keys a central distributes. */
export const DISTRIBUTED_KEYS = ['networks', 'variables'] as const;

/** The distributed keys of a central's file, as its YAML says them (a key absent is absent). */
export type DistributedConfig = Readonly<Partial<Record<(typeof DISTRIBUTED_KEYS)[number], unknown>>>;

/** The distributed part of a configuration file's text (its YAML was checked by the load before). */
export function distributedPartOf(text: string, source: string): DistributedConfig {
  const doc = parseDocument(text, { uniqueKeys: true });
  if (doc.errors.length > 0) throw new AppError('CONFIG_INVALID', `${source}: ${doc.errors[0]!.message.split('\n')[0]}`);
  const raw = (doc.toJS() ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k of DISTRIBUTED_KEYS) if (raw[k] !== undefined) out[k] = raw[k];
  return out;
}

/** The distributed part of a configuration file. */
export function readDistributedPart(path: string): DistributedConfig {
  let text: string;
  try { text = readFileSync(path, 'utf8'); }
  catch (e) { throw new AppError('CONFIG_INVALID', `${path}: cannot read the file: ${(e as Error).message}`); }
  return distributedPartOf(text, path);
}

/** Whether `v` has the shape of a distributed part (an object with only distributed keys). */
export function isDistributedPart(v: unknown): v is DistributedConfig {
  return v !== null && typeof v === 'object' && !Array.isArray(v)
    && Object.keys(v).every((k) => (DISTRIBUTED_KEYS as readonly string[]).includes(k));
}

/** Keys whose values are credentials in a distributed part (SNMP communities, v3 keys). */
const CREDENTIAL_KEYS: ReadonlySet<string> = new Set(['communities', 'community', 'authKey', 'privKey', 'password']);

/**
 * `text` with every credential of `part` replaced by REDACTED: a refusal's message may quote a
 * value (`got …`) and the log must never show a credential.
 */
export function withoutCredentials(text: string, part: unknown): string {
  const secrets = new Set<string>();
  const walk = (v: unknown, secret: boolean): void => {
    if (typeof v === 'string' || typeof v === 'number') { if (secret && String(v) !== '') secrets.add(String(v)); return; }
    if (Array.isArray(v)) { v.forEach((x) => walk(x, secret)); return; }
    if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, secret || CREDENTIAL_KEYS.has(k));
  };
  walk(part, false);
  let out = text;
  // Longest first: a secret that contains another is hidden whole.
  for (const s of [...secrets].sort((a, b) => b.length - a.length)) out = out.split(s).join(REDACTED);
  return out;
}
