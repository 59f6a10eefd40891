import { AppError } from '../../core/errors.js';
import type { Logger } from '../../core/logger.js';
import type { AccountsService } from './accounts.js';

type UserInfo = ReturnType<AccountsService['listUsers']>[number];
type TokenInfo = ReturnType<AccountsService['listTokens']>[number];

/** A user change through the API: a new role, a new password, or both. */
export interface UserChange {
  readonly role?: string;
  readonly password?: string;
}

/**
 * Users and tokens as administrators manage them through the API (docs/api.md "Users and tokens"),
 * over the AccountsService the CLI uses. What the CLI may do and the API may not: leave the server
 * without an administrator (removing or demoting the last administrator user is a CONFLICT, so that
 * nobody locks everyone out from the browser). Passwords and token secrets are never logged, nor
 * returned but once (a new token's secret, in the creation's answer).
 */
export class AccountAdmin {
  constructor(private readonly accounts: AccountsService, private readonly logger: Logger) {}

  users(): { users: UserInfo[] } { return { users: this.accounts.listUsers() }; }

  async addUser(name: string, role: string, password: string, by: string): Promise<{ status: 'ok'; user: UserInfo }> {
    const user = await this.accounts.addUser(name, role, password);
    this.logger.info('user added through the API', { user: name, role: user.role, by });
    return { status: 'ok', user };
  }

  async changeUser(name: string, change: UserChange, by: string): Promise<{ status: 'ok'; user: UserInfo }> {
    const before = this.need(name);
    const admins = this.accounts.listUsers().filter((u) => u.role === 'admin').length;
    // Checked first so that a refused demotion changes nothing (the password included); the role's
    // own transaction checks again, for two changes at once.
    if (change.role !== undefined && change.role !== 'admin' && before.role === 'admin' && admins <= 1) {
      throw new AppError('CONFLICT', `'${name}' is the last administrator user: cannot demote it (add another administrator first)`);
    }
    // The password before the role: a bad password changes nothing.
    if (change.password !== undefined) await this.accounts.setPassword(name, change.password);
    if (change.role !== undefined) await this.accounts.setRole(name, change.role, { keepAnAdmin: true });
    this.logger.info('user changed through the API', { user: name, fields: Object.keys(change).join(','), by });
    return { status: 'ok', user: this.need(name) };
  }

  async removeUser(name: string, by: string): Promise<{ status: 'ok'; removed: string }> {
    await this.accounts.removeUser(name, { keepAnAdmin: true });
    this.logger.info('user removed through the API', { user: name, by });
    return { status: 'ok', removed: name };
  }

  tokens(): { tokens: TokenInfo[] } { return { tokens: this.accounts.listTokens() }; }

  /** The secret is in this answer and nowhere else, ever. */
  async createToken(name: string, role: string, by: string): Promise<{ status: 'ok'; token: string; info: TokenInfo }> {
    const { token, info } = await this.accounts.createToken(name, role);
    this.logger.info('token created through the API', { token: name, role: info.role, by });
    return { status: 'ok', token, info };
  }

  async revokeToken(name: string, by: string): Promise<{ status: 'ok'; revoked: string }> {
    await this.accounts.revokeToken(name);
    this.logger.info('token revoked through the API', { token: name, by });
    return { status: 'ok', revoked: name };
  }

  private need(name: string): UserInfo {
    const u = this.accounts.listUsers().find((x) => x.name === name);
    if (!u) throw new AppError('NOT_FOUND', `no user '${name.slice(0, 100)}'`);
    return u;
  }
}
