import { parseArgs } from 'node:util';
import { loadConfig } from '../core/config-load.js';
import { isAppError } from '../core/errors.js';
import { systemClock } from '../core/clock.js';
import { AccountsService } from '../services/accounts/index.js';
import { openMetaStore } from '../store/open-store.js';

export const ACCOUNTS_USAGE = `Usage: netmon user add NAME [--role admin|user]   (password from stdin or a prompt)
       netmon user passwd NAME                   (ends the user's sessions)
       netmon user role NAME --role admin|user
       netmon user rm NAME
       netmon user list
       netmon token create NAME [--role admin|user]   (prints the token, this once only)
       netmon token list                         (never the secrets)
       netmon token revoke NAME

Users and access tokens of the server's authentication (auth.enabled). Works while the server runs
on the same data directory: additions count from the server's next request, removals within 0.1 s.
The data directory is server.dataDir of --config FILE (or NETMON_CONFIG), DATA_DIR overriding it;
without either, ./data.
Passwords are never taken from the command line. Roles: admin (every call), user (no discovery
control and, later, no actions, device management or quit); the default is user.`;

interface CliIo {
  out(text: string): void;
  err(text: string): void;
  readPassword(prompt: string, confirm: boolean): Promise<string>;
}

/** Runs `user …` or `token …` (`args` from the subcommand on); resolves with the exit code: 0, 1 (refused), 2 (usage). */
export async function runAccountsCommand(args: string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args, allowPositionals: true, strict: true,
      options: { config: { type: 'string' }, role: { type: 'string' }, help: { type: 'boolean' } },
    });
  } catch (e) {
    io.err(`netmon: ${(e as Error).message}\n\n${ACCOUNTS_USAGE}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [kind, verb, name, ...extra] = positionals;
  if (values.help) { io.out(ACCOUNTS_USAGE + '\n'); return 0; }
  const needsName = verb !== 'list';
  if ((kind !== 'user' && kind !== 'token') || verb === undefined || extra.length > 0 || (needsName ? name === undefined : name !== undefined)) {
    io.err(`${ACCOUNTS_USAGE}\n`);
    return 2;
  }
  let store;
  try {
    const configPath = values.config ?? process.env.NETMON_CONFIG;
    const config = loadConfig({ path: configPath || undefined });
    store = openMetaStore({ dataDir: config.server.dataDir });
  } catch (e) {
    io.err(`netmon: ${(e as Error).message}\n`);
    return 1;
  }
  const accounts = new AccountsService(store.meta, systemClock);
  const role = values.role ?? 'user';
  try {
    switch (`${kind} ${verb}`) {
      case 'user add': {
        const u = await accounts.addUser(name!, role, await io.readPassword(`password for ${name}: `, true));
        io.out(`user ${u.name} added (role ${u.role})\n`);
        return 0;
      }
      case 'user passwd':
        await accounts.setPassword(name!, await io.readPassword(`new password for ${name}: `, true));
        io.out(`password of ${name} changed; their sessions ended\n`);
        return 0;
      case 'user role':
        if (values.role === undefined) { io.err('netmon: user role needs --role admin|user\n'); return 2; }
        await accounts.setRole(name!, role);
        io.out(`user ${name} has role ${role}\n`);
        return 0;
      case 'user rm':
        await accounts.removeUser(name!);
        io.out(`user ${name} removed\n`);
        return 0;
      case 'user list':
        for (const u of accounts.listUsers()) io.out(`${u.name}\t${u.role}\tcreated ${iso(u.createdAtMs)}\tchanged ${iso(u.changedAtMs)}\n`);
        return 0;
      case 'token create': {
        const { token, info } = await accounts.createToken(name!, role);
        io.err(`token ${info.name} created (role ${info.role}); it is shown this once only, keep it:\n`);
        io.out(`${token}\n`);
        return 0;
      }
      case 'token list':
        for (const t of accounts.listTokens()) {
          io.out(`${t.name}\t${t.role}\tcreated ${iso(t.createdAtMs)}\tlast used ${t.lastUsedMs === null ? 'never' : iso(t.lastUsedMs)}\n`);
        }
        return 0;
      case 'token revoke':
        await accounts.revokeToken(name!);
        io.out(`token ${name} revoked\n`);
        return 0;
      default:
        io.err(`${ACCOUNTS_USAGE}\n`);
        return 2;
    }
  } catch (e) {
    if (!isAppError(e) && !(e instanceof Error && /passwords differ|interrupted|stdin holds/.test(e.message))) throw e;
    io.err(`netmon: ${(e as Error).message}\n`);
    return 1;
  } finally {
    await store.close();
  }
}

const iso = (ms: number): string => new Date(ms).toISOString();
