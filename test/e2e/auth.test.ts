import t from 'tap';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fetchIdempotent, randomPort, startServer, tempDir, waitFor, writeSimulatedConfig } from '../fakes/helpers.js';

/**
 * Authentication over real sockets, with the built server and the built CLI on a real LMDB data
 * directory: accounts made by the CLI before the server starts and while it runs (the server holds
 * the directory's lock) count from the server's next request, revocations too; login sets the
 * session cookie; every credential transport works; users, tokens and sessions survive kill -9.
 */
const MAIN = fileURLToPath(new URL('../../main.js', import.meta.url));

function cli(dataDir: string, args: string[], input = ''): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, [MAIN, ...args], { env: { ...process.env, DATA_DIR: dataDir, NETMON_CONFIG: '' }, input, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

t.test('CLI accounts, login and every transport over real sockets; accounts survive kill -9', { timeout: 240_000 }, async (t) => {
  const dir = tempDir(t, 'netmon-auth-');
  const dataDir = join(dir, 'data');
  const configPath = writeSimulatedConfig(dir, { devices: 2, interfacesPerDevice: 2, pollInterval: '5s', extra: 'auth: { enabled: true }' });

  // Before any server: the CLI makes the data directory and the accounts.
  const steps: [string, string[], string, number, RegExp][] = [
    ['user add (admin)', ['user', 'add', 'alice', '--role', 'admin'], 'alice-password\n', 0, /user alice added \(role admin\)/],
    ['user add: the name is taken', ['user', 'add', 'alice'], 'alice-password\n', 1, /exists already/],
    ['user add: too short a password', ['user', 'add', 'carol'], 'short\n', 1, /8 to 1024 characters/],
    ['user add: a bad role', ['user', 'add', 'carol', '--role', 'root'], 'carol-password\n', 1, /a role is one of admin, user/],
    ['user rm of nobody', ['user', 'rm', 'nobody'], '', 1, /no user 'nobody'/],
    ['usage', ['user', 'frobnicate', 'x', 'y'], '', 2, /Usage: netmon user add/],
  ];
  for (const [what, args, input, code, re] of steps) {
    const r = cli(dataDir, args, input);
    t.equal(r.code, code, `${what}: exit ${code}`);
    t.match(r.out + r.err, re, what);
  }
  const created = cli(dataDir, ['token', 'create', 'ci']);
  const ciToken = created.out.trim();
  t.match(ciToken, /^nmt_[A-Za-z0-9_-]{43}$/, 'token create prints the token alone on stdout');
  const listed = cli(dataDir, ['token', 'list']);
  t.match(listed.out, /^ci\tuser\tcreated /m, 'token list names the token');
  t.notOk(listed.out.includes(ciToken.slice(4)), 'token list never shows the secret');

  const port = randomPort();
  const base = `http://127.0.0.1:${port}`;
  let server = startServer(t, configPath, dataDir, port);
  await waitFor(async () => ((await fetch(`${base}/api/metrics/ping`)).status === 200 ? true : undefined), 30_000, 'the server');
  const ready = new RegExp(`ready: http://127\\.0\\.0\\.1:${port}/v2/ui/net/1/status listening=127\\.0\\.0\\.1 authentication=on`);
  t.ok(await waitFor(async () => (ready.test(server.log()) ? true : undefined), 10_000, 'the ready line'),
    'the start-up log says where the server listens and that authentication is on');
  const status = async (path: string, headers: Record<string, string> = {}) => (await fetchIdempotent(base + path, { headers })).status;
  const basic = (u: string, p: string) => ({ authorization: `Basic ${Buffer.from(`${u}:${p}`).toString('base64')}` });

  const login = await fetch(`${base}/v2/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ user: 'alice', password: 'alice-password' }) });
  t.equal(login.status, 200, 'login');
  const setCookie = login.headers.get('set-cookie') ?? '';
  t.match(setCookie, /^netmon_session=[A-Za-z0-9_-]{43}; Max-Age=43200; Path=\/; HttpOnly; SameSite=Strict$/, 'login sets an HttpOnly, SameSite=Strict cookie');
  const cookie = setCookie.split(';')[0];

  const transports: [string, string, Record<string, string>, number][] = [
    ['no credentials', '/v2/ui/net/1/status', {}, 401],
    ['session cookie', '/v2/ui/net/1/status', { cookie }, 200],
    ['HTTP Basic', '/v2/ui/net/1/status', basic('alice', 'alice-password'), 200],
    ['Bearer', '/v2/ui/net/1/status', { authorization: `Bearer ${ciToken}` }, 200],
    ['X-NSG-Auth-API-Token', '/v2/ui/net/1/status', { 'x-nsg-auth-api-token': ciToken }, 200],
    ['access_token', `/v2/ui/net/1/status?access_token=${ciToken}`, {}, 200],
    ['a user-role token on an administrator route', '/v2/svc/discovery/net/1/start', { authorization: `Bearer ${ciToken}` }, 403],
    ['ping without credentials', '/api/metrics/ping', {}, 200],
  ];
  for (const [what, path, headers, want] of transports) t.equal(await status(path, headers), want, what);

  // While the server runs (and holds the data directory's lock): changes count from its next request.
  const live = cli(dataDir, ['token', 'create', 'live', '--role', 'admin']).out.trim();
  t.equal(await status('/v2/svc/discovery/net/1/start', { authorization: `Bearer ${live}` }) !== 401, true, 'a token made by the CLI while the server runs is accepted at once');
  t.equal(cli(dataDir, ['token', 'revoke', 'ci']).code, 0, 'token revoke');
  // Removals count within VERSION_CHECK_MS (0.1 s; services/accounts/authenticator.ts): polled, bounded.
  const refusedSoon = (path: string, headers: Record<string, string>) =>
    waitFor(async () => ((await status(path, headers)) === 401 ? true : undefined), 5000, `401 for ${path}`, 20);
  t.ok(await refusedSoon('/v2/ui/net/1/status', { authorization: `Bearer ${ciToken}` }), 'a token revoked by the CLI is refused without a restart');
  t.equal(cli(dataDir, ['user', 'add', 'bob'], 'bob-password\n').code, 0, 'user add while the server runs');
  t.equal(await status('/v2/whoami', basic('bob', 'bob-password')), 200, 'the new user is accepted at once');

  server.proc.kill('SIGKILL');
  await server.exited;
  server = startServer(t, configPath, dataDir, port);
  await waitFor(async () => ((await fetch(`${base}/api/metrics/ping`)).status === 200 ? true : undefined), 30_000, 'the restarted server');
  const after: [string, Record<string, string>, number][] = [
    ['the session of before the kill', { cookie }, 200],
    ['a user made by the CLI while the server ran', basic('bob', 'bob-password'), 200],
    ['the first user', basic('alice', 'alice-password'), 200],
    ['the token made while the server ran', { 'x-nsg-auth-api-token': live }, 200],
    ['the revoked token', { authorization: `Bearer ${ciToken}` }, 401],
  ];
  for (const [what, headers, want] of after) t.equal(await status('/v2/whoami', headers), want, `after kill -9: ${what}`);
  const rm = cli(dataDir, ['user', 'rm', 'alice']);
  t.equal(rm.code, 0, 'user rm');
  t.ok(await refusedSoon('/v2/whoami', { cookie }), "a removed user's session ends without a restart");
  t.match(cli(dataDir, ['user', 'list']).out, /^bob\tuser\t/m, 'user list');
  server.proc.kill('SIGTERM');
  t.equal(await server.exited, 0, 'the server stops cleanly');
});
