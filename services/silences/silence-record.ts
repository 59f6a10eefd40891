import { ownerName, type Caller } from '../../core/caller.js';
import { AppError } from '../../core/errors.js';
import { CONTROL_CHARS } from '../../core/names.js';
import { parseTagRules } from '../../svcql/index.js';

/**
 * A silence's record, its API shape and the checks of the create and update bodies
 * (docs/api.md "Alerts and silences"). Every check failure is an AppError BAD_REQUEST naming the field.
 */

/** What a silence matches (docs/api.md "Alerts and silences"). Stored with every field; '' and 0 mean "ignored". */
export interface SilenceMatch {
  readonly key: string;
  readonly varName: string;
  readonly deviceId: number;
  readonly deviceName: string;
  readonly index: number;
  readonly tags: string;
}

/** A silence as it is stored (the id is the repository's key). */
export interface SilenceData {
  readonly networkId: number;
  /** Who made it or changed it last. */
  readonly user: string;
  readonly reason: string;
  readonly match: SilenceMatch;
  readonly createdAtMs: number;
  readonly updatedAtMs: number;
  /** Absolute: the silence is active while the clock is below it. */
  readonly expiresAtMs: number;
}

/** A silence as the API answers it (docs/api.md "Alerts and silences"): `expirationTimeMs` is the absolute expiry. */
export interface Silence {
  readonly id: number;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly expirationTimeMs: number;
  readonly user: string;
  readonly reason: string;
  readonly match: SilenceMatch;
}

/** A checked create or update body: each field present only when the body gives it. */
interface SilenceInput {
  /** The interval from now to the expiry, ms (an interval on input, an absolute time in answers). */
  readonly expiresInMs?: number;
  readonly user?: string;
  readonly reason?: string;
  readonly match?: SilenceMatch;
}

/**
 * The longest silence: 10 years (365.25-day years). A longer interval is refused, which also
 * catches a client that sends back the absolute `expirationTimeMs` it read (≈ 56 years from 1970).
 */
export const MAX_SILENCE_MS = 315_576_000_000;
/** Longest `reason`. */
const MAX_REASON_CHARS = 2000;
/** Longest text attribute of a match (key, varName, deviceName, tags). */
const MAX_MATCH_TEXT_CHARS = 1000;
/** Longest `user` a body may give: user names are short. */
const MAX_SILENCE_USER_CHARS = 100;
/** The user of a silence made with authentication off when the body names none. */
const ANONYMOUS_SILENCE_USER = 'anonymous';

export const EMPTY_MATCH: SilenceMatch = Object.freeze({ key: '', varName: '', deviceId: 0, deviceName: '', index: 0, tags: '' });

const MATCH_TEXT = ['key', 'varName', 'deviceName', 'tags'] as const;
const MATCH_INTEGER = ['deviceId', 'index'] as const;
const MATCH_FIELDS: readonly string[] = [...MATCH_TEXT, ...MATCH_INTEGER];
const BODY_FIELDS: readonly string[] = ['expirationTimeMs', 'match', 'reason', 'user'];
/** Fields of a silence object (docs/api.md "Alerts and silences") that a body may carry back and that are ignored: the server sets them. */
const IGNORED_FIELDS: readonly string[] = ['id', 'createdAt', 'updatedAt'];

export function toSilence(id: number, d: SilenceData): Silence {
  return {
    id, createdAt: d.createdAtMs, updatedAt: d.updatedAtMs, expirationTimeMs: d.expiresAtMs,
    user: d.user, reason: d.reason, match: { ...d.match },
  };
}

const bad = (message: string) => new AppError('BAD_REQUEST', message);

/**
 * Checks a create (`kind` 'create': `expirationTimeMs` and `match` required) or update body
 * ('update': every field optional, at least one given). Fields: `expirationTimeMs` an integer
 * interval in ms, 0 < it ≤ MAX_SILENCE_MS; `match` (parseSilenceMatch); `reason` a string of at
 * most MAX_REASON_CHARS; `user` a string (who may name whom: silenceUser). `id`, `createdAt` and
 * `updatedAt` are ignored; any other field is refused.
 */
export function parseSilenceBody(body: unknown, kind: 'create' | 'update'): SilenceInput {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw bad(kind === 'create'
      ? 'the body must be a JSON object {expirationTimeMs, match, reason}'
      : 'the body must be a JSON object {expirationTimeMs, user, reason, match}');
  }
  const b = body as Record<string, unknown>;
  for (const k of Object.keys(b)) {
    if (!BODY_FIELDS.includes(k) && !IGNORED_FIELDS.includes(k)) {
      throw bad(`unknown field '${clip(k)}': a silence body has ${BODY_FIELDS.join(', ')}`);
    }
  }
  const out: { -readonly [K in keyof SilenceInput]: SilenceInput[K] } = {};
  if (b.expirationTimeMs !== undefined) out.expiresInMs = parseInterval(b.expirationTimeMs);
  else if (kind === 'create') throw bad("'expirationTimeMs' is required: the silence's duration in ms from now");
  if (b.match !== undefined) out.match = parseSilenceMatch(b.match);
  else if (kind === 'create') throw bad("'match' is required: an object of key, varName, deviceId, deviceName, index, tags");
  if (b.reason !== undefined) {
    if (typeof b.reason !== 'string') throw bad("'reason' must be a string");
    if (b.reason.length > MAX_REASON_CHARS) throw bad(`'reason' is longer than ${MAX_REASON_CHARS} characters`);
    out.reason = b.reason;
  }
  if (b.user !== undefined) {
    if (typeof b.user !== 'string') throw bad("'user' must be a string");
    if (b.user.length > MAX_SILENCE_USER_CHARS) throw bad(`'user' is longer than ${MAX_SILENCE_USER_CHARS} characters`);
    if (CONTROL_CHARS.test(b.user)) throw bad("'user' contains control characters");
    if (b.user !== '') out.user = b.user;
  }
  if (kind === 'update' && Object.keys(out).length === 0) {
    throw bad('the update gives none of expirationTimeMs, user, reason, match');
  }
  return out;
}

function parseInterval(v: unknown): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v)) {
    throw bad("'expirationTimeMs' must be an integer: the silence's duration in ms from now");
  }
  if (v <= 0) throw bad(`'expirationTimeMs' must be above 0 (ms from now), got ${v}`);
  if (v > MAX_SILENCE_MS) {
    throw bad(`'expirationTimeMs' is the duration from now in ms, at most ${MAX_SILENCE_MS} (10 years); got ${v}` +
      (v > 1e12 ? ' (an absolute time? it is an interval on input)' : ''));
  }
  return v;
}

/**
 * Checks a match object (docs/api.md "Alerts and silences"): every field optional; `key`, `varName`, `deviceName`, `tags`
 * strings of at most MAX_MATCH_TEXT_CHARS without control characters, `deviceId` and `index`
 * non-negative safe integers; `tags` a comma separated list of `<Facet>.<Word>`, each optionally
 * prefixed by `!` (`<Facet>` alone or `<Facet>.*`: any word of the facet, as in the matching rule).
 * Unknown fields are refused. Absent fields are '' or 0 (ignored).
 */
function parseSilenceMatch(v: unknown): SilenceMatch {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) {
    throw bad("'match' must be an object of key, varName, deviceId, deviceName, index, tags");
  }
  const m = v as Record<string, unknown>;
  for (const k of Object.keys(m)) {
    if (!MATCH_FIELDS.includes(k)) throw bad(`unknown match field '${clip(k)}': a match has ${MATCH_FIELDS.join(', ')}`);
  }
  const out: Record<string, string | number> = { ...EMPTY_MATCH };
  for (const f of MATCH_TEXT) {
    const x = m[f];
    if (x === undefined) continue;
    if (typeof x !== 'string') throw bad(`'match.${f}' must be a string`);
    if (x.length > MAX_MATCH_TEXT_CHARS) throw bad(`'match.${f}' is longer than ${MAX_MATCH_TEXT_CHARS} characters`);
    if (CONTROL_CHARS.test(x)) throw bad(`'match.${f}' contains control characters`);
    out[f] = x;
  }
  for (const f of MATCH_INTEGER) {
    const x = m[f];
    if (x === undefined) continue;
    if (typeof x !== 'number' || !Number.isSafeInteger(x) || x < 0) throw bad(`'match.${f}' must be a non-negative integer`);
    out[f] = x;
  }
  if (out.tags !== '') {
    try {
      parseTagRules(out.tags as string);
    } catch (err) {
      throw new AppError('BAD_REQUEST', `'match.tags': ${(err as Error).message}`, { cause: err });
    }
  }
  return out as unknown as SilenceMatch;
}

/**
 * The `user` a silence records: who makes or changes it (docs/api.md "Authentication").
 * - A logged-in user is themself; a body naming another user is refused unless the caller is an
 *   administrator (who may record a silence for someone).
 * - A token call carries no user name: `token:<token name>`; a body naming another user is refused
 *   unless the token's role is admin (as filters: a token acts as its own pseudo-user).
 * - Without authentication: the body's `user`, else ANONYMOUS_SILENCE_USER.
 */
export function silenceUser(caller: Caller, named: string | undefined): string {
  switch (caller.kind) {
    case 'user':
      if (named === undefined || named === caller.name || caller.role === 'admin') return named ?? caller.name;
      throw bad(`user '${caller.name}' may not record a silence as '${clip(named)}': only administrators may name another user`);
    case 'token': {
      const own = ownerName(caller)!;
      if (named === undefined || named === own || caller.role === 'admin') return named ?? own;
      throw bad(`token '${caller.tokenName}' may not record a silence as '${clip(named)}': only administrators may name another user`);
    }
    case 'anonymous':
      return named ?? ANONYMOUS_SILENCE_USER;
  }
}

const clip = (s: string): string => (s.length <= 60 ? s : `${s.slice(0, 60)}…`);

/** The repository's decoder: a stored record must have every field with its type. */
export function decodeSilenceData(raw: unknown): SilenceData {
  const d = raw as Partial<Record<keyof SilenceData, unknown>> | null;
  const ok = typeof d === 'object' && d !== null &&
    typeof d.networkId === 'number' && typeof d.user === 'string' && typeof d.reason === 'string' &&
    typeof d.createdAtMs === 'number' && typeof d.updatedAtMs === 'number' && typeof d.expiresAtMs === 'number' &&
    isMatch(d.match);
  if (!ok) throw new Error('not a silence record');
  return d as SilenceData;
}

function isMatch(v: unknown): v is SilenceMatch {
  const m = v as Partial<Record<keyof SilenceMatch, unknown>> | null;
  return typeof m === 'object' && m !== null &&
    typeof m.key === 'string' && typeof m.varName === 'string' && typeof m.deviceName === 'string' && typeof m.tags === 'string' &&
    typeof m.deviceId === 'number' && typeof m.index === 'number';
}
