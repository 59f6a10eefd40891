import t from 'tap';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServerReady, tempDir, waitFor, writeSimulatedConfig } from '../fakes/helpers.js';

/**
 * The SNMP credentials an administrator adds through the API (docs/api.md "SNMP credentials") stay
 * in force over a config reload (SIGHUP, the network's settings changed) and over a restart of the
 * built server on the same data directory: the test poll with the network's credentials (no
 * community given) answers with the added community each time, and the GET still names it.
 * Authentication is off here (every call allowed); test/api/auth-access checks the calls are for
 * administrators.
 */
const DEVICE = '127.1.0.2';

t.test('credentials added through the API survive a reload and a restart', { timeout: 180_000 }, async (t) => {
  const dir = tempDir(t, 'netmon-snmp-');
  const dataDir = join(dir, 'data');
  const configPath = writeSimulatedConfig(dir, { devices: 2, interfacesPerDevice: 2, pollInterval: '2s', timeout: '300ms', retries: 0, networkExtra: '    discoveryInterval: 1h' });
  // The agents answer `public` only; the file gives the network another community.
  writeFileSync(configPath, readFileSync(configPath, 'utf8').replace('snmp: { port:', 'snmp: { communities: [not-the-agents], port:'));

  let { base, server } = await startServerReady(t, configPath, dataDir);
  const call = async (path: string, method = 'GET', body?: unknown) => {
    const r = await fetch(base + path, { method, headers: { 'content-type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}) });
    return { status: r.status, body: await r.json() as any };
  };
  /** The test poll of the device with the network's credentials: which one answered, or why not. */
  const networkTest = async () => (await call('/v2/ui/net/1/devices/test', 'POST', { address: DEVICE })).body;

  t.match(await networkTest(), { answered: false }, 'the file\'s community gets no answer');
  const put = await call('/v2/admin/net/1/snmp', 'PUT', { communities: [{ community: 'public' }] });
  t.equal(put.status, 200, 'the community is added');
  t.same(put.body.communities, [{ source: 'ui', index: 0 }, { source: 'file', index: 0 }], 'tried before the file\'s');
  const answered = await waitFor(async () => { const r = await networkTest(); return r.answered ? r : undefined; }, 20_000, 'the network\'s credentials answering');
  t.equal(answered.credential, 'the network\'s community 1 of 2', 'answered with the community added, as the network\'s first');

  // A reload that changes the network (its poll interval): the overlay stays over the new file.
  writeFileSync(configPath, readFileSync(configPath, 'utf8').replace('pollInterval: 2s', 'pollInterval: 3s'));
  server.proc.kill('SIGHUP');
  await waitFor(async () => (/network changed by a config reload/.test(server.log()) ? true : undefined), 30_000, 'the reload');
  t.match(await networkTest(), { answered: true, credential: 'the network\'s community 1 of 2' }, 'after a reload: still in force');

  server.proc.kill('SIGTERM');
  t.equal(await server.exited, 0, 'the server stops cleanly');
  ({ base, server } = await startServerReady(t, configPath, dataDir));
  const view = await call('/v2/admin/net/1/snmp');
  t.same(view.body.communities, [{ source: 'ui', index: 0 }, { source: 'file', index: 0 }], 'after a restart: the GET names it');
  t.match(await networkTest(), { answered: true, credential: 'the network\'s community 1 of 2' }, 'and it is in force');
  t.notOk(JSON.stringify(view.body).includes('public') || JSON.stringify(view.body).includes('not-the-agents'), 'the GET carries no community');
  server.proc.kill('SIGTERM');
  await server.exited;
});
