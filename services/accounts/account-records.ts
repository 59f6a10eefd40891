import type { Role } from '../../core/caller.js';
import { AppError } from '../../core/errors.js';
import { isPasswordHash, type PasswordHash } from './password-hash.js';

/**
 * The accounts as the metadata store keeps them. Users and tokens are Repository records (numeric
 * ids) with a name index each (name → id, for unique names); sessions are keyed by the digest of
 * their id. Every change of a user or token also bumps ACCOUNTS_VERSION in the same transaction,
 * which is how a running server learns of changes made by the CLI (another process).
 */
export const NS_USERS = 'authUsers';
export const NS_USER_NAMES = 'authUserNames';
export const NS_TOKENS = 'authTokens';
export const NS_TOKEN_NAMES = 'authTokenNames';
/** Key: the session id's digest (secret-digest.ts); value: SessionRecord. */
export const NS_SESSIONS = 'authSessions';
/** One key, ACCOUNTS_VERSION_KEY: a counter raised by every change of users or tokens. */
export const NS_ACCOUNTS = 'auth';
export const ACCOUNTS_VERSION_KEY = 'version';

const ROLES: readonly Role[] = ['admin', 'user'];

export interface UserRecord {
  readonly name: string;
  readonly role: Role;
  readonly password: PasswordHash;
  /** Changes with every password change: sessions made before it are void. */
  readonly stamp: string;
  readonly createdAtMs: number;
  readonly changedAtMs: number;
}

export interface TokenRecord {
  readonly name: string;
  readonly role: Role;
  /** SHA-256 of the token, hex. */
  readonly digest: string;
  readonly createdAtMs: number;
  /** When a call last used it, to LAST_USED_RESOLUTION_MS; null when never. */
  readonly lastUsedMs: number | null;
}

export interface SessionRecord {
  readonly user: string;
  /** The user's stamp at login (UserRecord.stamp). */
  readonly stamp: string;
  readonly createdAtMs: number;
  readonly expiresAtMs: number;
}

/** Longest user or token name; names are part of index keys and shown in lists. */
export const MAX_ACCOUNT_NAME_CHARS = 64;
/** Names: letters, digits and `._@-`, starting with a letter or digit (safe in logs, URLs and `token:<name>` owners). */
const NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._@-]*$/;

/** Checks a user or token name given to the CLI or the login call; BAD_PARAMETER when it is none. */
export function checkAccountName(kind: 'user' | 'token', name: string): string {
  if (name.length === 0 || name.length > MAX_ACCOUNT_NAME_CHARS || !NAME_PATTERN.test(name)) {
    throw new AppError('BAD_PARAMETER',
      `a ${kind} name has 1 to ${MAX_ACCOUNT_NAME_CHARS} letters, digits or '._@-', starting with a letter or digit`);
  }
  return name;
}

export function checkRole(role: string): Role {
  if (!(ROLES as readonly string[]).includes(role)) throw new AppError('BAD_PARAMETER', `a role is one of ${ROLES.join(', ')}, got '${role}'`);
  return role as Role;
}

const isName = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= MAX_ACCOUNT_NAME_CHARS;
const isMs = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

export function decodeUser(data: unknown): UserRecord {
  const d = data as Partial<UserRecord> | null;
  if (typeof d !== 'object' || d === null || !isName(d.name) || !ROLES.includes(d.role as Role) || !isPasswordHash(d.password) ||
    typeof d.stamp !== 'string' || !isMs(d.createdAtMs) || !isMs(d.changedAtMs)) {
    throw new AppError('INTERNAL', 'not a user record');
  }
  return d as UserRecord;
}

export function decodeToken(data: unknown): TokenRecord {
  const d = data as Partial<TokenRecord> | null;
  if (typeof d !== 'object' || d === null || !isName(d.name) || !ROLES.includes(d.role as Role) ||
    typeof d.digest !== 'string' || d.digest.length !== 64 || !isMs(d.createdAtMs) || !(d.lastUsedMs === null || isMs(d.lastUsedMs))) {
    throw new AppError('INTERNAL', 'not a token record');
  }
  return d as TokenRecord;
}

/** A stored session, or undefined when the value is not one (it then counts as absent). */
export function sessionOf(v: unknown): SessionRecord | undefined {
  const d = v as Partial<SessionRecord> | null;
  if (typeof d !== 'object' || d === null || !isName(d.user) || typeof d.stamp !== 'string' || !isMs(d.createdAtMs) || !isMs(d.expiresAtMs)) {
    return undefined;
  }
  return d as SessionRecord;
}
