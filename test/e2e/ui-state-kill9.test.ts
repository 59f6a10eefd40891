import t from 'tap';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomPort, startServer, tempDir, waitFor, writeSimulatedConfig } from '../fakes/helpers.js';

/**
 * Everything the accounts issue stores survives a kill -9 of the built server: users and tokens
 * (made by the CLI), map views with their formData, sharing and stored coordinates, view filters
 * (of a user and of a token's pseudo-user) and key-value records. Authentication is on, two users
 * and a token make the records over a real socket; after the kill and a restart on the same data
 * directory each caller sees exactly what it saw before.
 */
const MAIN = fileURLToPath(new URL('../../main.js', import.meta.url));

function cli(dataDir: string, args: string[], input = ''): string {
  const r = spawnSync(process.execPath, [MAIN, ...args], { env: { ...process.env, DATA_DIR: dataDir, NETMON_CONFIG: '' }, input, encoding: 'utf8', timeout: 60_000 });
  if (r.status !== 0) throw new Error(`netmon ${args.join(' ')}: exit ${r.status}: ${r.stderr}`);
  return r.stdout.trim();
}

type Headers = Record<string, string>;
interface Answer { status: number; text: string; json: any }

t.test('views, coordinates, filters, users, tokens and key-value records survive kill -9', { timeout: 240_000 }, async (t) => {
  const dir = tempDir(t, 'netmon-ui-kill9-');
  const dataDir = join(dir, 'data');
  const configPath = writeSimulatedConfig(dir, { devices: 3, interfacesPerDevice: 2, pollInterval: '5s', extra: 'auth: { enabled: true }' });
  cli(dataDir, ['user', 'add', 'alice', '--role', 'user'], 'alice-password\n');
  cli(dataDir, ['user', 'add', 'bob', '--role', 'user'], 'bob-password\n');
  const token = cli(dataDir, ['token', 'create', 'ci']);
  const basic = (u: string) => ({ authorization: `Basic ${Buffer.from(`${u}:${u}-password`).toString('base64')}` });
  const alice = basic('alice');
  const bob = basic('bob');
  const ci = { 'x-nsg-auth-api-token': token };

  const port = randomPort();
  const base = `http://127.0.0.1:${port}`;
  const call = async (headers: Headers, method: string, path: string, body?: string, type = 'application/json'): Promise<Answer> => {
    const init: RequestInit = { method, headers: body === undefined ? headers : { ...headers, 'content-type': type } };
    if (body !== undefined) init.body = body;
    const r = await fetch(base + path, init);
    const text = await r.text();
    let json: any = null;
    try { json = JSON.parse(text); } catch { /* not JSON */ }
    return { status: r.status, text, json };
  };
  const ok = async (what: string, p: Promise<Answer>): Promise<Answer> => {
    const r = await p;
    t.equal(r.status, 200, `${what}: ${r.text.slice(0, 200)}`);
    return r;
  };

  const first = startServer(t, configPath, dataDir, port);
  await waitFor(async () => ((await fetch(`${base}/api/metrics/ping`)).status === 200 ? true : undefined), 30_000, 'the server');

  // Alice: a view with rules, formData and coordinates, shared; Bob: a private view; filters; a key-value record.
  const formData = 'Grüße {"a": [1, 2]} \'quoted\' \u2028 end';
  const aliceView = (await ok('alice creates a view', call(alice, 'POST', '/v2/ui/net/1/views'))).json.id as number;
  await ok('alice updates it', call(alice, 'POST', `/v2/ui/net/1/views/${aliceView}/update`,
    JSON.stringify({ name: 'Core ring', devRule: 'id >= 1', linkRule: '', adjacent: 'true', connecting: 'false', formData })));
  await ok('alice shares it', call(alice, 'POST', `/v2/ui/net/1/views/${aliceView}/share`));
  const bobView = (await ok('bob creates a view', call(bob, 'POST', '/v2/ui/net/1/views'))).json.id as number;
  const devices = await waitFor(async () => {
    const m = await call(alice, 'GET', `/v2/ui/net/1/views/${aliceView}/map`);
    return m.status === 200 && m.json.devices.length === 3 ? m.json.devices as { id: number }[] : undefined;
  }, 60_000, 'the three simulated devices on the map');
  const coords = devices.map((d, i) => ({ id: d.id, x: 100.5 + i * 10, y: -20 - i }));
  await ok('alice stores coordinates', call(alice, 'PUT', `/v2/ui/net/1/views/${aliceView}/coordinates`, JSON.stringify(coords)));
  await ok('alice makes a filter', call(alice, 'POST', '/v2/ui/net/1/filters/', JSON.stringify({ name: 'cisco', svcql: "Vendor = 'Cisco'", formData: '{}' })));
  await ok('the token makes a filter (its pseudo-user)', call(ci, 'POST', '/v2/ui/net/1/filters/', JSON.stringify({ name: 'mine', svcql: 'id > 0', formData: 'f' })));
  const kvData = 'opaque <state> not JSON \u00e9';
  const handle = (await ok('a key-value record', call(alice, 'POST', '/v2/ui/net/1/keyvalue', kvData, 'text/plain'))).json.handle as string;

  // What each caller sees before the kill.
  const seen = async () => ({
    aliceViews: (await call(alice, 'GET', '/v2/ui/net/1/views')).json,
    bobViews: (await call(bob, 'GET', '/v2/ui/net/1/views')).json,
    map: ((await call(alice, 'GET', `/v2/ui/net/1/views/${aliceView}/map`)).json.devices as { id: number; x: number; y: number }[])
      .map((d) => ({ id: d.id, x: d.x, y: d.y })).sort((a, b) => a.id - b.id),
    aliceFilters: (await call(alice, 'GET', '/v2/ui/net/1/filters/')).json,
    tokenFilters: (await call(ci, 'GET', '/v2/ui/net/1/filters/')).json,
    kv: (await call(bob, 'GET', `/v2/ui/net/1/keyvalue/${handle}`)).text,
  });
  const before = await seen();
  t.same(before.map, coords.map((c) => ({ id: c.id, x: c.x, y: c.y })).sort((a, b) => a.id - b.id), 'the map carries the stored coordinates');
  t.ok(before.bobViews.some((v: { id: number }) => v.id === aliceView), "bob sees alice's shared view");
  t.notOk(before.aliceViews.some((v: { id: number }) => v.id === bobView), "alice does not see bob's private view");
  t.equal(before.aliceViews.find((v: { id: number }) => v.id === aliceView).formData, formData, 'formData byte for byte');

  first.proc.kill('SIGKILL');
  t.equal(await first.exited, 'SIGKILL', 'the server is killed with SIGKILL');

  const second = startServer(t, configPath, dataDir, port);
  await waitFor(async () => ((await fetch(`${base}/api/metrics/ping`)).status === 200 ? true : undefined), 30_000, 'the restarted server');
  t.equal((await call({}, 'GET', '/v2/ui/net/1/views')).status, 401, 'authentication is still on');
  t.equal((await call(basic('mallory'), 'GET', '/v2/ui/net/1/views')).status, 401, 'an unknown user is still refused');
  const after = await seen();
  t.same(after, before, 'users, the token, views, sharing, formData, coordinates, filters and the key-value record are all as before');
  const login = await call({}, 'POST', '/v2/login', JSON.stringify({ user: 'bob', password: 'bob-password' }));
  t.equal(login.status, 200, "bob's password still logs him in");
  t.equal((await call(bob, 'GET', `/v2/ui/net/1/views/${bobView}`)).status, 200, "bob's private view is his after the restart");
  second.proc.kill('SIGTERM');
  t.equal(await second.exited, 0, 'SIGTERM stops the restarted server cleanly');
});
