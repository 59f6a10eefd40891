/**
 * The actions of a network and the settings call over the simulated network and a real socket
 * (services/operations/operations.ts): every action answers GET and POST with its status object and has its
 * effect; reload/config with a broken file (400, nothing changes), a change needing a restart (409)
 * and a good file (applied); settings and dumps without secrets; dumps bounded.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { startApp } from '../../app.js';
import { loadConfig } from '../../core/config-load.js';
import { silentLogger } from '../../core/logger.js';
import { DUMPS_KEPT } from '../../services/operations/operations.js';
import { randomPort, simulatedConfigText, tempDir, waitFor } from '../fakes/helpers.js';

const SECRETS = `
  - id: 2
    name: quiet
    seeds: [127.0.0.1]
    discoveryInterval: 1h
    snmp:
      port: ${randomPort()}
      timeout: 100ms
      retries: 0
      communities: [commsecret]
      v3Users:
        - { name: u1, level: authPriv, authProtocol: sha, authKey: authsecret1, privProtocol: aes, privKey: privsecret1 }
notifications:
  streams:
    - { name: mail, email: { host: 127.0.0.1, user: mailer, password: smtpsecret, from: a@example.org, to: [b@example.org] } }
`;

async function call(base: string, method: string, path: string): Promise<{ status: number; body: any }> {
  const r = await fetch(base + path, { method });
  const text = await r.text();
  return { status: r.status, body: JSON.parse(text) };
}

t.test('actions and settings over the simulated network', async (t) => {
  const dir = tempDir(t, 'netmon-actions-e2e-');
  const path = join(dir, 'netmon.yaml');
  const simPort = randomPort();
  const configText = (pollInterval: string, extraSeed = '') => simulatedConfigText(simPort, {
    devices: 4, interfacesPerDevice: 2, pollInterval, networkExtra: '    discoveryMinInterval: 0s', extra: '',
  }).replace('seeds: [127.1.0.1]', `seeds: [127.1.0.1${extraSeed}]`) + SECRETS.replace(/^\n/, '').replace(/^/, '');
  // The second network goes under `networks:` (the simulated text ends with it), the streams after.
  writeFileSync(path, configText('5s'));
  const load = () => loadConfig({ path, env: { HOST: '127.0.0.1', PORT: '0', DATA_DIR: join(dir, 'data') } });
  const app = await startApp(load(), silentLogger, { load });
  t.teardown(() => app.stop());
  const base = `http://127.0.0.1:${app.port}`;
  const act = (method: string, a: string) => call(base, method, `/v2/ui/net/1/actions/${a}`);

  await waitFor(async () => ((await call(base, 'GET', '/v2/discovery/net/1/devices')).body.devices?.length >= 4 ? true : undefined), 60_000, 'first discovery');

  t.test('every action answers GET and POST with the status object', async (t) => {
    for (const a of ['make/views', 'make/maps', 'alerts/purge/queue', 'dump', 'tsdb/reconnect', 'cache/list', 'cache/clear', 'cache/refresh']) {
      for (const m of ['GET', 'POST']) {
        const r = await act(m, a);
        t.equal(r.status, 200, `${m} ${a}`);
        t.match(r.body, { action: a, network: 1, status: 'done', message: String, details: Object }, `${m} ${a} body`);
      }
    }
    const unknownNet = await call(base, 'POST', '/v2/ui/net/99/actions/dump');
    t.equal(unknownNet.status, 404, 'unknown network');
  });

  t.test('rebalance orders the polls slowest first', async (t) => {
    // after a poll cycle of the discovered devices, they have a measured poll
    await waitFor(async () => ((await call(base, 'GET', '/v2/ui/net/1/status')).body.polling?.devicesPolled >= 1 ? true : undefined), 30_000, 'a poll cycle of the devices');
    for (const m of ['GET', 'POST']) {
      const r = await act(m, 'rebalance');
      t.equal(r.status, 200, m);
      t.match(r.body, { action: 'rebalance', network: 1, status: 'done', details: { devices: Number, measured: Number, first: Array } });
      const d = r.body.details as { devices: number; measured: number; first: { deviceId: number; lastPollMs: number | null }[] };
      const known = (await call(base, 'GET', '/v2/discovery/net/1/devices')).body.devices.length as number;
      t.equal(d.devices, known, 'every device of the network is in the order');
      t.ok(d.measured > 0 && d.measured <= d.devices, 'measured devices');
      const times = d.first.map((x) => (x.lastPollMs === null ? Infinity : x.lastPollMs));
      t.same(times, [...times].sort((a, b) => b - a), 'slowest (and unmeasured) first');
    }
    t.equal((await call(base, 'POST', '/v2/ui/net/99/actions/rebalance')).status, 404, 'unknown network');
  });

  t.test('reload/devices starts a discovery run as a task', async (t) => {
    const before = (await call(base, 'GET', '/v2/discovery/net/1/devices')).body.generation as number;
    const r = await act('POST', 'reload/devices');
    t.equal(r.status, 202);
    t.match(r.body, { action: 'reload/devices', status: 'started', taskId: Number, details: { generation: before + 1 } });
    const task = await waitFor(async () => {
      const x = (await call(base, 'GET', `/v2/ui/net/1/tasks/${r.body.taskId}`)).body;
      return x.state === 'completed' || x.state === 'failed' ? x : undefined;
    }, 60_000, 'the discovery task');
    t.equal(task.state, 'completed');
    t.equal((await call(base, 'GET', '/v2/discovery/net/1/devices')).body.generation, before + 1, 'a new generation');
  });

  t.test('make/variables rebuilds the catalog as a task', async (t) => {
    for (const m of ['GET', 'POST']) {
      const r = await act(m, 'make/variables');
      t.equal(r.status, 202, m);
      t.match(r.body, { action: 'make/variables', network: 1, status: 'started', taskId: Number });
      const task = await waitFor(async () => {
        const x = (await call(base, 'GET', `/v2/ui/net/1/tasks/${r.body.taskId}`)).body;
        return x.state === 'completed' || x.state === 'failed' ? x : undefined;
      }, 60_000, 'the rebuild task');
      t.equal(task.state, 'completed');
      t.equal(task.result.variables, app.monitor.catalog.instances(1).length, 'the result counts the catalog');
    }
  });

  t.test('expire/variables drops allocated variables without recent points', async (t) => {
    const cat = app.monitor.catalog;
    const before = cat.instances(1);
    const counts = new Map<string, number>();
    for (const v of before) counts.set(v.name, (counts.get(v.name) ?? 0) + 1);
    const [common, commonCount] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
    cat.define({ name: 'testStale', description: 'never written', unit: '', category: 'Test', type: 'enum', scope: 'device' });
    const deviceId = before.find((v) => v.deviceId > 0)!.deviceId;
    const stale = await cat.allocate({ netId: 1, name: 'testStale', deviceId, index: 0 });
    t.ok(cat.find(1, 'testStale', deviceId, 0), 'allocated');
    for (const [q, status] of [['', 400], ['?retentionHrs=0', 400], ['?retentionHrs=x', 400]] as const) {
      t.equal((await act('POST', `expire/variables${q}`)).status, status, `bad retentionHrs '${q}'`);
    }
    t.ok(cat.find(1, 'testStale', deviceId, 0), 'a refused call expires nothing');
    const withStale = cat.instances(1).length;
    const r = await act('GET', 'expire/variables?retentionHrs=1');
    t.equal(r.status, 200);
    t.ok(r.body.details.expired >= 1, 'at least the stale one expired');
    t.equal(r.body.details.variables, withStale - r.body.details.expired, 'the catalog shrank by the number expired');
    t.equal(cat.find(1, 'testStale', deviceId, 0), undefined, 'the stale variable left the catalog');
    t.equal(cat.instances(1).filter((v) => v.name === common).length, commonCount, `discovered variables (${common}) stay`);
    const again = await cat.allocate({ netId: 1, name: 'testStale', deviceId, index: 0 });
    t.not(again.slot, stale.slot, 'a new allocation gets a new slot');
    t.equal((await act('POST', 'expire/variables?retentionHrs=1')).status, 200, 'POST answers too');
  });

  t.test('make/views and make/maps', async (t) => {
    const views = (await call(base, 'GET', '/v2/ui/net/1/views')).body;
    const ids = (Array.isArray(views) ? views : views.views).map((v: { id: number }) => v.id).sort((a: number, b: number) => a - b);
    t.ok(ids.length >= 1, 'the network has its SYSTEM view');
    t.equal((await act('GET', 'make/views')).body.details.views, ids.length);
    const maps = await act('POST', 'make/maps');
    t.same([...maps.body.details.views].sort((a: number, b: number) => a - b), ids, 'every view laid out');
    const map = (await call(base, 'GET', `/v2/ui/net/1/views/${ids[0]}/map`)).body;
    if (Array.isArray(map.devices)) t.ok(map.devices.every((d: { x: number | null }) => d.x !== null), 'every device of the map placed');
  });

  t.test('caches: list, clear, refresh, unknown name', async (t) => {
    const entries = async () => ((await act('GET', 'cache/list')).body.details.caches as { name: string; entries: number }[]).find((c) => c.name === 'svcql-tables')!.entries;
    await act('POST', 'cache/refresh?name=svcql-tables');
    t.equal(await entries(), 2, 'refresh builds the tables of both networks');
    const views = (await call(base, 'GET', '/v2/ui/net/1/views')).body;
    const viewId = (Array.isArray(views) ? views : views.views)[0].id as number;
    const mapBefore = (await call(base, 'GET', `/v2/ui/net/1/views/${viewId}/map`)).body;
    const all = async () => new Map(((await act('GET', 'cache/list')).body.details.caches as { name: string; entries: number }[]).map((c) => [c.name, c.entries]));
    const filled = await all();
    t.same([...filled.keys()].sort(), ['map-answers', 'map-auto-layouts', 'map-coordinates', 'svcql-tables', 'view-tiles'], 'the caches listed');
    t.ok(filled.get('map-answers')! >= 1 && filled.get('map-coordinates')! >= 1, 'a map read fills the map caches');
    const cleared = await act('POST', 'cache/clear');
    t.equal(cleared.body.details.caches.length, 5, 'every cache cleared without a name');
    t.same([...(await all()).values()], [0, 0, 0, 0, 0], 'clear empties them');
    const mapAfter = (await call(base, 'GET', `/v2/ui/net/1/views/${viewId}/map`)).body;
    t.same(mapAfter.devices?.map((d: { id: number; x: number }) => [d.id, d.x]), mapBefore.devices?.map((d: { id: number; x: number }) => [d.id, d.x]), 'the map answers the same after a clear');
    t.equal(await entries(), 0, 'clear drops the tables');
    const unknown = await act('POST', 'cache/clear?name=nope');
    t.equal(unknown.status, 404);
    t.match(unknown.body.error, /svcql-tables/, 'names the known caches');
  });

  t.test('dump: a file without secrets, the newest kept', async (t) => {
    let last: any;
    for (let i = 0; i < DUMPS_KEPT + 2; i++) last = (await act('POST', 'dump')).body;
    const file = last.details.path as string;
    t.ok(existsSync(file));
    t.equal(statSync(file).size, last.details.bytes, 'size as answered');
    const text = readFileSync(file, 'utf8');
    t.notMatch(text, /commsecret|authsecret1|privsecret1|smtpsecret/, 'no secret in the dump');
    const d = JSON.parse(text);
    t.same(d.networks.map((n: { id: number }) => n.id), [1, 2]);
    t.ok(d.health && d.settings.config, 'health and settings in the dump');
    t.equal(readdirSync(join(dir, 'data', 'dumps')).length, DUMPS_KEPT, 'older dumps removed');
  });

  t.test('settings: the effective config, secrets redacted', async (t) => {
    const r = await call(base, 'GET', '/v2/ui/net/1/settings');
    t.equal(r.status, 200);
    t.equal(r.body.version, JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')).version);
    t.equal(r.body.config.networks[0].pollIntervalMs, 5000, 'defaults and values applied');
    t.same(r.body.config.networks[1].snmp.communities, ['***']);
    t.notMatch(JSON.stringify(r.body), /commsecret|authsecret1|privsecret1|smtpsecret/);
  });

  t.test('reload/config: broken file, restart-only change, good file', async (t) => {
    writeFileSync(path, configText('5s').replace('networks:', 'networks: [\n'));
    const broken = await act('POST', 'reload/config');
    t.equal(broken.status, 400, 'a broken file is refused');
    t.match(broken.body.error, /not reloaded.*netmon\.yaml/s, 'the answer names the file');
    t.equal(app.config().networks[0]!.pollIntervalMs, 5000, 'the running config stays');

    writeFileSync(path, configText('5s') + 'server: { workers: 3 }\n');
    const restart = await act('POST', 'reload/config');
    t.equal(restart.status, 409, 'a change only a restart applies is refused');
    t.match(restart.body.error, /server\.workers/);

    writeFileSync(path, configText('3s', ', 127.1.0.2'));
    const good = await act('GET', 'reload/config');
    t.equal(good.status, 200);
    t.match(good.body, { action: 'reload/config', status: 'done', details: { changed: 1 } });
    t.equal(app.config().networks[0]!.pollIntervalMs, 3000, 'the new poll interval applies');
    const s = (await call(base, 'GET', '/v2/ui/net/1/settings')).body;
    t.same(s.config.networks[0].seeds, ['127.1.0.1', '127.1.0.2'], 'the new seed is in force');
    const running = app.monitor.networks.get(1)!;
    t.equal(running.pollIntervalMs, 3000, 'the collector polls at the new interval');
    t.same(running.seeds, ['127.1.0.1', '127.1.0.2'], 'the collector discovers from the new seeds');
    const cycles = app.monitor.networks.pollStatus(1).cycles;
    await waitFor(async () => (app.monitor.networks.pollStatus(1).cycles > cycles ? true : undefined), 30_000, 'a poll cycle after the reload');
    t.pass('polling goes on after the reload');
  });
});
