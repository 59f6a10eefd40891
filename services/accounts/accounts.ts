import type { Role } from '../../core/caller.js';
import type { Clock } from '../../core/clock.js';
import { AppError } from '../../core/errors.js';
import type { MetaStore, MetaTxn } from '../../store/meta/meta.js';
import { Repository } from '../../store/meta/repository.js';
import {
  ACCOUNTS_VERSION_KEY, checkAccountName, checkRole, decodeToken, decodeUser, NS_ACCOUNTS, NS_SESSIONS, NS_TOKEN_NAMES,
  NS_TOKENS, NS_USER_NAMES, NS_USERS, sessionOf, type TokenRecord, type UserRecord,
} from './account-records.js';
import { DEFAULT_SCRYPT_COST, hashPassword, libuvScrypt, MAX_PASSWORD_CHARS, type ScryptCost } from './password-hash.js';
import type { DeriveKey } from './password-pool.js';
import { newSessionId, newToken, secretDigest } from './secret-digest.js';

interface UserInfo {
  readonly name: string;
  readonly role: Role;
  readonly createdAtMs: number;
  readonly changedAtMs: number;
}

/** A token as lists show it: never its secret, nor its digest. */
interface TokenInfo {
  readonly id: number;
  readonly name: string;
  readonly role: Role;
  readonly createdAtMs: number;
  readonly lastUsedMs: number | null;
}

/** Shortest password accepted. */
const MIN_PASSWORD_CHARS = 8;

/**
 * Users and access tokens (the `netmon user …` and `netmon token …` commands, and the tests):
 * names unique per kind, passwords hashed with scrypt (password-hash.ts), tokens made here, shown
 * once by `createToken` and stored as their SHA-256 digest (secret-digest.ts). Every change is one
 * metadata transaction that also raises the accounts version (account-records.ts), so a server on
 * the same store — in this process or another — sees it on its next request (authenticator.ts).
 * Duplicate names are CONFLICT, unknown ones NOT_FOUND, malformed names, roles and passwords
 * BAD_PARAMETER.
 */
export class AccountsService {
  readonly users: Repository<UserRecord>;
  readonly tokens: Repository<TokenRecord>;
  private readonly cost: ScryptCost;
  /** How keys are derived: the server's password pool, or libuv's scrypt (the CLI, a process of its own). */
  private readonly derive: DeriveKey;
  /** Changes committed through this object (this process): an Authenticator over it sees them at once. */
  private changeCount = 0;

  constructor(private readonly meta: MetaStore, private readonly clock: Clock, opts: { scryptCost?: ScryptCost; derive?: DeriveKey } = {}) {
    this.users = new Repository(meta, NS_USERS, { decode: decodeUser, noun: 'user' });
    this.tokens = new Repository(meta, NS_TOKENS, { decode: decodeToken, noun: 'token' });
    this.cost = opts.scryptCost ?? DEFAULT_SCRYPT_COST;
    this.derive = opts.derive ?? libuvScrypt;
  }

  /** Changes of users or tokens committed through this object so far. */
  get changes(): number { return this.changeCount; }

  /** The accounts version: raised by every change of users or tokens (0 before the first). */
  version(): number {
    return this.meta.get<number>(NS_ACCOUNTS, ACCOUNTS_VERSION_KEY) ?? 0;
  }

  async addUser(name: string, role: string, password: string): Promise<UserInfo> {
    checkAccountName('user', name);
    const r = checkRole(role);
    const hash = await hashPassword(checkPassword(password), this.cost, this.derive, 'accounts');
    const now = this.clock.nowMs();
    const rec = await this.meta.transaction((tx) => {
      if (tx.get(NS_USER_NAMES, name) !== undefined) throw new AppError('CONFLICT', `user '${name}' exists already`);
      const created = this.users.within(tx).create({ name, role: r, password: hash, stamp: newSessionId(), createdAtMs: now, changedAtMs: now });
      tx.put(NS_USER_NAMES, name, created.id);
      bump(tx);
      return created;
    });
    this.changeCount++;
    return userInfo(rec.data);
  }

  /** Sets a user's password; the user's sessions end (their stamp no longer matches). */
  async setPassword(name: string, password: string): Promise<void> {
    const hash = await hashPassword(checkPassword(password), this.cost, this.derive, 'accounts');
    const now = this.clock.nowMs();
    await this.meta.transaction((tx) => {
      const id = this.userId(tx, name);
      this.users.within(tx).update(id, (u) => ({ ...u, password: hash, stamp: newSessionId(), changedAtMs: now }));
      bump(tx);
    });
    this.changeCount++;
    await this.removeSessionsOf(name);
  }

  /** `keepAnAdmin`: refuse (CONFLICT) to demote the last administrator user, decided inside the change's transaction. */
  async setRole(name: string, role: string, opts: { keepAnAdmin?: boolean } = {}): Promise<void> {
    const r = checkRole(role);
    const now = this.clock.nowMs();
    await this.meta.transaction((tx) => {
      const id = this.userId(tx, name);
      if (opts.keepAnAdmin && r !== 'admin') this.keepAnAdmin(tx, id, 'demote');
      this.users.within(tx).update(id, (u) => ({ ...u, role: r, changedAtMs: now }));
      bump(tx);
    });
    this.changeCount++;
  }

  /** Removes a user and their sessions. `keepAnAdmin`: refuse (CONFLICT) to remove the last administrator user. */
  async removeUser(name: string, opts: { keepAnAdmin?: boolean } = {}): Promise<void> {
    await this.meta.transaction((tx) => {
      const id = this.userId(tx, name);
      if (opts.keepAnAdmin) this.keepAnAdmin(tx, id, 'remove');
      this.users.within(tx).remove(id);
      tx.remove(NS_USER_NAMES, name);
      bump(tx);
    });
    this.changeCount++;
    await this.removeSessionsOf(name);
  }

  listUsers(): UserInfo[] {
    return this.users.list().map((r) => userInfo(r.data)).sort((a, b) => a.name.localeCompare(b.name));
  }

  /** Makes a token; its secret is in the result and nowhere else, ever. */
  async createToken(name: string, role: string): Promise<{ token: string; info: TokenInfo }> {
    checkAccountName('token', name);
    const r = checkRole(role);
    const token = newToken();
    const now = this.clock.nowMs();
    const rec = await this.meta.transaction((tx) => {
      if (tx.get(NS_TOKEN_NAMES, name) !== undefined) throw new AppError('CONFLICT', `token '${name}' exists already`);
      const created = this.tokens.within(tx).create({ name, role: r, digest: secretDigest(token), createdAtMs: now, lastUsedMs: null });
      tx.put(NS_TOKEN_NAMES, name, created.id);
      bump(tx);
      return created;
    });
    this.changeCount++;
    return { token, info: tokenInfo(rec.id, rec.data) };
  }

  listTokens(): TokenInfo[] {
    return this.tokens.list().map((r) => tokenInfo(r.id, r.data)).sort((a, b) => a.name.localeCompare(b.name));
  }

  async revokeToken(name: string): Promise<void> {
    await this.meta.transaction((tx) => {
      const id = tx.get<number>(NS_TOKEN_NAMES, name);
      if (id === undefined) throw new AppError('NOT_FOUND', `no token '${name}'`);
      this.tokens.within(tx).remove(id);
      tx.remove(NS_TOKEN_NAMES, name);
      bump(tx);
    });
    this.changeCount++;
  }

  /**
   * Throws CONFLICT when user `id` is the only administrator user. Run inside the change's
   * transaction: transactions are serialized, so two removals at once cannot both pass.
   */
  private keepAnAdmin(tx: MetaTxn, id: number, what: 'remove' | 'demote'): void {
    const user = this.users.within(tx).get(id)?.data;
    if (user?.role !== 'admin') return;
    if (this.users.list().filter((u) => u.data.role === 'admin').length <= 1) {
      throw new AppError('CONFLICT', `'${user.name}' is the last administrator user: cannot ${what} it (add another administrator first)`);
    }
  }

  private userId(tx: MetaTxn, name: string): number {
    const id = tx.get<number>(NS_USER_NAMES, name);
    if (id === undefined) throw new AppError('NOT_FOUND', `no user '${name}'`);
    return id;
  }

  /** Removes the stored sessions of `name` (bounded by the number of sessions stored). */
  private async removeSessionsOf(name: string): Promise<void> {
    const digests: string[] = [];
    for (const { key, value } of this.meta.range(NS_SESSIONS)) if (sessionOf(value)?.user === name) digests.push(String(key));
    if (digests.length > 0) await this.meta.transaction((tx) => { for (const d of digests) tx.remove(NS_SESSIONS, d); });
  }
}

/** Raises the accounts version inside a change's transaction. */
function bump(tx: MetaTxn): void {
  tx.put(NS_ACCOUNTS, ACCOUNTS_VERSION_KEY, (tx.get<number>(NS_ACCOUNTS, ACCOUNTS_VERSION_KEY) ?? 0) + 1);
}

function checkPassword(password: string): string {
  if (password.length < MIN_PASSWORD_CHARS || password.length > MAX_PASSWORD_CHARS) {
    throw new AppError('BAD_PARAMETER', `a password has ${MIN_PASSWORD_CHARS} to ${MAX_PASSWORD_CHARS} characters`);
  }
  return password;
}

const userInfo = (u: UserRecord): UserInfo => ({ name: u.name, role: u.role, createdAtMs: u.createdAtMs, changedAtMs: u.changedAtMs });
const tokenInfo = (id: number, t: TokenRecord): TokenInfo => ({ id, name: t.name, role: t.role, createdAtMs: t.createdAtMs, lastUsedMs: t.lastUsedMs });
