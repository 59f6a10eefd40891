import type { Caller } from '../../core/caller.js';
import type { AuthConfig } from '../../core/config-schema.js';
import { AppError, isAppError } from '../../core/errors.js';
import type { AccountsService } from './accounts.js';
import {
  ACCOUNTS_VERSION_KEY, MAX_ACCOUNT_NAME_CHARS, NS_ACCOUNTS, NS_SESSIONS, sessionOf, type SessionRecord, type TokenRecord, type UserRecord,
} from './account-records.js';
import type { ServiceDeps } from '../deps.js';
import { addressGroup, LoginLimits, type LoginRefusal } from './login-limiter.js';
import { DEFAULT_SCRYPT_COST, MAX_PASSWORD_CHARS, unmatchableHash, verifyPassword, type PasswordHash } from './password-hash.js';
import type { PasswordPool } from './password-pool.js';
import { digestBytes, MAX_CREDENTIAL_CHARS, newSessionId, sameDigest, secretDigest } from './secret-digest.js';

/** How long a successful HTTP Basic check is remembered (scrypt costs ≈ 50–100 ms per check). */
const BASIC_CACHE_TTL_MS = 60_000;
/** Entries of each in-memory cache (Basic checks, sessions); a full cache is emptied. */
const CACHE_ENTRIES = 10_000;
/** A token's `lastUsedMs` is written at most this often per token (not on every call). */
const LAST_USED_RESOLUTION_MS = 10 * 60_000;
/**
 * How long the in-memory accounts may go without a look at the store's accounts version. A change
 * made in this process counts at once; one made by another process (the CLI) that adds counts at
 * once too (a credential not found reads the version before it is refused); one that removes,
 * revokes or changes counts within this. Reading the version on every call would cost ≈ 1 µs of a
 * ≈ 14 µs status call.
 */
const VERSION_CHECK_MS = 100;
/** Expired sessions are removed from the store at start and then at most this often (on a login). */
const SESSION_PRUNE_INTERVAL_MS = 3_600_000;

/**
 * The outcome of a password check (login call or HTTP Basic): `limited` when a failure limit
 * refused it unchecked (429 LOGIN_RATE_LIMITED), `busy` when the password pool did (its queue full:
 * SERVER_BUSY 503; the address's share full: RATE_LIMITED 429), both at once, without hashing.
 */
export type PasswordVerdict =
  | { readonly kind: 'ok'; readonly caller: Caller }
  | { readonly kind: 'bad' }
  | { readonly kind: 'limited'; readonly retryAfterS: number; readonly scope: LoginRefusal['scope'] }
  | { readonly kind: 'busy'; readonly code: 'SERVER_BUSY' | 'RATE_LIMITED'; readonly message: string };

interface Login {
  readonly caller: Caller;
  /** The session id: the cookie's value, stored nowhere but as its digest. */
  readonly sessionId: string;
  readonly expiresAtMs: number;
}

interface TokenEntry {
  readonly id: number;
  readonly rec: TokenRecord;
  /** The digest's bytes, for the constant-time compare. */
  readonly digest: Buffer;
  readonly caller: Caller;
  lastUsedMs: number | null;
}

interface Snapshot {
  readonly version: number;
  /** name → user, with the caller object a call by that user carries. */
  readonly users: ReadonlyMap<string, { readonly rec: UserRecord; readonly caller: Caller }>;
  /** digest → token. */
  readonly tokens: ReadonlyMap<string, TokenEntry>;
}

/**
 * Turns credentials into callers for the authentication middleware (api/middleware/auth.ts) and
 * the login call. Users and tokens are read into an in-memory snapshot, rebuilt whenever the
 * accounts version in the store (account-records.ts) differs from the snapshot's. The version is
 * read when a credential is not found in the snapshot and otherwise at most every
 * VERSION_CHECK_MS, so that a user or token added by the CLI in another process counts from the
 * server's next request, and one removed or revoked within VERSION_CHECK_MS, with no restart.
 * Verifying a token is then a SHA-256 of it and a map lookup by digest (constant-time compare of
 * the digests). Sessions are
 * kept in the store (a restart keeps them; a login's session lives `auth.sessionLifetime`) and
 * cached here; a session is void once its user is removed or changes password. Password checks
 * (login, HTTP Basic) are counted per client address group, per user name and in all
 * (LoginLimits) and run on the password pool's threads (PasswordPool: bounded, never libuv's
 * threads); a user name that does not exist costs the same scrypt as a wrong password, and every
 * failure looks alike.
 */
export class Authenticator {
  readonly enabled: boolean;
  readonly config: AuthConfig;
  readonly limits: LoginLimits;
  private snap: Snapshot = { version: -1, users: new Map(), tokens: new Map() };
  private checkedAtMs = -Infinity;
  private seenChanges = -1;
  private readonly basicCache = new Map<string, { readonly caller: Caller; readonly user: string; readonly untilMs: number }>();
  private readonly sessionCache = new Map<string, SessionRecord>();
  private dummyHash: PasswordHash | undefined;
  private lastPruneMs = -Infinity;

  constructor(private readonly deps: ServiceDeps, private readonly accounts: AccountsService, private readonly passwords: PasswordPool) {
    this.config = deps.config().auth;
    this.enabled = this.config.enabled;
    this.limits = new LoginLimits({
      perAddress: this.config.maxLoginFailures, perUser: this.config.maxLoginFailuresPerUser,
      total: this.config.maxLoginFailuresTotal, windowMs: this.config.loginFailureWindowMs,
    });
  }

  /** The password pool's counters: running, queued, refused (per caller, queue full), threads started. */
  passwordStats(): ReturnType<PasswordPool['stats']> { return this.passwords.stats(); }

  /** Ends the password pool's threads (app stop). */
  close(): Promise<void> { return this.passwords.close(); }

  /**
   * Before the first request: makes sure the accounts version exists in the store (so the
   * per-request read finds its table) and removes expired sessions.
   */
  async start(): Promise<void> {
    if (this.deps.meta.get(NS_ACCOUNTS, ACCOUNTS_VERSION_KEY) === undefined) {
      await this.deps.meta.update<number>(NS_ACCOUNTS, ACCOUNTS_VERSION_KEY, (v) => v ?? 0);
    }
    await this.pruneSessions();
  }

  /** The caller of an access token, or null. */
  byToken(token: string): Caller | null {
    if (token.length === 0 || token.length > MAX_CREDENTIAL_CHARS) return null;
    const digest = secretDigest(token);
    const t = this.snapshot().tokens.get(digest) ?? this.snapshot(true).tokens.get(digest);
    if (t === undefined || !sameDigest(digest, t.digest)) return null;
    this.noteUse(t);
    return t.caller;
  }

  /** The caller of a session id (the cookie's value), or null when unknown, expired or void. */
  bySession(sessionId: string): Caller | null {
    if (sessionId.length === 0 || sessionId.length > MAX_CREDENTIAL_CHARS) return null;
    let snap = this.snapshot();
    const digest = secretDigest(sessionId);
    let s = this.sessionCache.get(digest);
    if (s === undefined) {
      s = sessionOf(this.deps.meta.get(NS_SESSIONS, digest));
      if (s === undefined) return null;
      this.remember(this.sessionCache, digest, s);
    }
    if (!snap.users.has(s.user)) snap = this.snapshot(true);
    const user = snap.users.get(s.user);
    if (s.expiresAtMs <= this.deps.clock.nowMs() || user === undefined || user.rec.stamp !== s.stamp) return null;
    return user.caller;
  }

  /**
   * HTTP Basic: the caller at once when these exact credentials (`raw`, the header's value)
   * passed within BASIC_CACHE_TTL_MS and the user is unchanged; else a password check.
   */
  byBasic(raw: string, user: string, password: string, address: string): Caller | Promise<PasswordVerdict> {
    const key = secretDigest(raw);
    const hit = this.basicCache.get(key);
    const snap = this.snapshot();
    if (hit !== undefined && hit.untilMs > this.deps.clock.nowMs() && snap.users.get(hit.user)?.caller === hit.caller) return hit.caller;
    return this.checkPassword(user, password, address).then((v) => {
      if (v.kind === 'ok') this.remember(this.basicCache, key, { caller: v.caller, user, untilMs: this.deps.clock.nowMs() + BASIC_CACHE_TTL_MS });
      return v;
    });
  }

  /** The login call: a password check, then a new session. */
  async login(user: string, password: string, address: string): Promise<(PasswordVerdict & { kind: 'bad' | 'limited' | 'busy' }) | ({ kind: 'ok' } & Login)> {
    const v = await this.checkPassword(user, password, address);
    if (v.kind !== 'ok') return v;
    const entry = this.snapshot().users.get(user);
    if (entry === undefined) return { kind: 'bad' }; // removed while its password was checked
    const rec = entry.rec;
    const now = this.deps.clock.nowMs();
    const sessionId = newSessionId();
    const session: SessionRecord = { user, stamp: rec.stamp, createdAtMs: now, expiresAtMs: now + this.config.sessionLifetimeMs };
    await this.deps.meta.put(NS_SESSIONS, secretDigest(sessionId), session);
    if (now - this.lastPruneMs >= SESSION_PRUNE_INTERVAL_MS) {
      this.pruneSessions().catch((e) => this.deps.logger.warn('expired sessions not removed', { error: (e as Error).message }));
    }
    return { kind: 'ok', caller: v.caller, sessionId, expiresAtMs: session.expiresAtMs };
  }

  /** Ends the session `sessionId` (nothing when there is none). */
  async logout(sessionId: string): Promise<void> {
    if (sessionId.length === 0 || sessionId.length > MAX_CREDENTIAL_CHARS) return;
    const digest = secretDigest(sessionId);
    this.sessionCache.delete(digest);
    if (this.deps.meta.get(NS_SESSIONS, digest) !== undefined) await this.deps.meta.remove(NS_SESSIONS, digest);
  }

  /**
   * A password check, counted per address group, per user name and in all: refused unchecked while
   * any of the three is at its limit, or when the password pool refuses it (its queue or the
   * address's share full); an unknown user is checked against a hash no password matches, so that
   * it takes as long as a wrong password.
   */
  private async checkPassword(user: string, password: string, address: string): Promise<PasswordVerdict> {
    const group = addressGroup(address);
    // Names longer than any account name cannot match: they share one key (the table stays small).
    const userKey = user.length <= MAX_ACCOUNT_NAME_CHARS ? user : '(too long)';
    const refused = this.limits.refusal(group, userKey, this.deps.clock.nowMs());
    if (refused !== null) return { kind: 'limited', retryAfterS: refused.retryAfterS, scope: refused.scope };
    // Counted as a failure before scrypt runs (a match takes it back): checks sent at once are
    // limited like checks sent one after another.
    this.limits.begin(group, userKey, this.deps.clock.nowMs());
    const known = user.length <= MAX_CREDENTIAL_CHARS ? this.snapshot(true).users.get(user) : undefined;
    const usable = password.length <= MAX_PASSWORD_CHARS;
    let matches: boolean;
    try {
      matches = await verifyPassword(usable ? password : '', known?.rec.password ?? this.dummy(), this.passwords.derive, group);
    } catch (e) {
      if (isAppError(e) && (e.code === 'SERVER_BUSY' || e.code === 'RATE_LIMITED')) {
        this.limits.undo(group, userKey, this.deps.clock.nowMs());
        return { kind: 'busy', code: e.code, message: e.message };
      }
      throw e;
    }
    // The snapshot may have changed while scrypt ran: the user must still have that password.
    const now = this.snapshot().users.get(user);
    if (matches && usable && known !== undefined && now !== undefined && now.rec.stamp === known.rec.stamp) {
      this.limits.succeeded(group, userKey, this.deps.clock.nowMs());
      return { kind: 'ok', caller: now.caller };
    }
    return { kind: 'bad' };
  }

  /** The hash an unknown user is checked against: the cost of the first user's hash (or the default), matched by no password. */
  private dummy(): PasswordHash {
    return this.dummyHash ??= unmatchableHash(this.accounts.users.list()[0]?.data.password ?? DEFAULT_SCRYPT_COST);
  }

  /**
   * The snapshot (rebuilt when the store's accounts version changed; caches emptied then). The
   * version is read when `fresh`, after a change through this process's AccountsService, or when
   * the last read is VERSION_CHECK_MS old.
   */
  private snapshot(fresh = false): Snapshot {
    const now = this.deps.clock.nowMs();
    if (!fresh && this.accounts.changes === this.seenChanges && now - this.checkedAtMs < VERSION_CHECK_MS) return this.snap;
    this.checkedAtMs = now;
    this.seenChanges = this.accounts.changes;
    const version = this.accounts.version();
    if (version === this.snap.version) return this.snap;
    const users = new Map<string, { rec: UserRecord; caller: Caller }>();
    for (const { data } of this.accounts.users.list()) {
      users.set(data.name, { rec: data, caller: Object.freeze({ kind: 'user', name: data.name, role: data.role }) });
    }
    const tokens = new Map<string, TokenEntry>();
    for (const { id, data } of this.accounts.tokens.list()) {
      tokens.set(data.digest, {
        id, rec: data, digest: digestBytes(data.digest), lastUsedMs: data.lastUsedMs,
        caller: Object.freeze({ kind: 'token', tokenId: String(id), tokenName: data.name, role: data.role }),
      });
    }
    this.basicCache.clear();
    this.sessionCache.clear();
    this.snap = { version, users, tokens };
    return this.snap;
  }

  /** Records a token's use, in the store at most every LAST_USED_RESOLUTION_MS (in the background; no version change). */
  private noteUse(t: { readonly id: number; lastUsedMs: number | null }): void {
    const now = this.deps.clock.nowMs();
    if (t.lastUsedMs !== null && now - t.lastUsedMs < LAST_USED_RESOLUTION_MS) return;
    t.lastUsedMs = now;
    this.accounts.tokens.update(t.id, (d) => ({ ...d, lastUsedMs: now })).catch((e: unknown) => {
      if (!(e instanceof AppError && e.code === 'NOT_FOUND')) this.deps.logger.debug('token use not recorded', { error: (e as Error).message });
    });
  }

  private remember<V>(cache: Map<string, V>, key: string, value: V): void {
    if (cache.size >= CACHE_ENTRIES) cache.clear();
    cache.set(key, value);
  }

  private async pruneSessions(): Promise<void> {
    const now = this.deps.clock.nowMs();
    this.lastPruneMs = now;
    const expired: string[] = [];
    for (const { key, value } of this.deps.meta.range(NS_SESSIONS)) {
      const s = sessionOf(value);
      if (s === undefined || s.expiresAtMs <= now) expired.push(String(key));
    }
    if (expired.length > 0) await this.deps.meta.transaction((tx) => { for (const k of expired) tx.remove(NS_SESSIONS, k); });
  }
}
