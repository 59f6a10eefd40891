import t from 'tap';
import { startApp, type App } from '../../app.js';
import { loadConfig } from '../../core/config-load.js';
import { silentLogger } from '../../core/logger.js';
import { getJson, randomPort, simulatedConfigText, tempDir, waitFor } from '../fakes/helpers.js';

/**
 * Discovery starts asked through the API on the whole server over its simulator (a discovery there
 * takes well under a second, so starts asked one after another would each make a generation):
 * - with a minimum interval, a loop of starts makes no generation beyond the scheduled first one, and
 *   every refusal says when the next start is accepted;
 * - without one, generations beyond the retention policy are removed in the background, the kept set
 *   is the same after a restart, and selection answers for the kept ones (a removed one is a 404).
 */
function configFor(dataDir: string, simPort: number, network: string) {
  return loadConfig({
    path: 'starts.yaml',
    env: { HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir },
    text: simulatedConfigText(simPort, { devices: 2, interfacesPerDevice: 2, pollInterval: '10s', networkExtra: `    discoveryInterval: 10m\n${network}` }),
  });
}

const STARTS = 300;

t.test('a loop of starts within the minimum interval starts nothing', async (t) => {
  const simPort = randomPort();
  const app: App = await startApp(configFor(tempDir(t, 'netmon-starts-'), simPort, '    discoveryMinInterval: 1h'), silentLogger);
  t.teardown(() => app.stop());
  const base = `http://127.0.0.1:${app.port}`;
  await waitFor(async () => ((await getJson(base, '/v2/discovery/net/1/topo')).body.generation === 1 ? true : undefined), 30_000, 'the first discovery');
  const first = (await getJson(base, '/v2/discovery/net/1/topo')).body;
  let started = 0;
  const refusals = new Set<string>();
  for (let i = 0; i < STARTS; i++) {
    const r = await getJson(base, '/v2/svc/discovery/net/1/start');
    t.equal(r.status, 200);
    if (r.body.started) started++;
    else refusals.add(JSON.stringify([r.body.generation, r.body.nextStartAtMs]));
    if (i === 0) {
      t.equal(r.body.nextStartAtMs, first.startedAtMs + 3_600_000, 'the next start is accepted one interval after the last start');
      t.match(r.body.message, new RegExp(`the next may start at ${new Date(first.startedAtMs + 3_600_000).toISOString()}`), 'the message says when');
    }
  }
  t.equal(started, 0, `none of ${STARTS} starts started a discovery`);
  t.same([...refusals], [JSON.stringify([1, first.startedAtMs + 3_600_000])], 'every refusal names generation 1 and the same time');
  const status = (await getJson(base, '/v2/ui/net/1/status')).body;
  t.equal(status.generations, 1, 'one generation: the scheduled first one');
});

t.test('without a minimum interval: the retention policy holds, across a restart, and selection answers', async (t) => {
  const dataDir = tempDir(t, 'netmon-starts-');
  const simPort = randomPort();
  const network = '    discoveryMinInterval: 0\n    keepGenerations: 3\n    keepGenerationsFor: 0';
  let app: App = await startApp(configFor(dataDir, simPort, network), silentLogger);
  t.teardown(() => app.stop());
  let base = `http://127.0.0.1:${app.port}`;
  const status = async () => (await getJson(base, '/v2/ui/net/1/status')).body;
  const ROUNDS = 12;
  let last = 0;
  for (let i = 0; i < ROUNDS; i++) {
    // each start once the one before has ended (a start while one runs answers with the running one)
    const r = await waitFor(async () => {
      const s = await getJson(base, '/v2/svc/discovery/net/1/start');
      return s.body.started ? s.body : undefined;
    }, 30_000, `start ${i + 1}`, 50);
    last = r.generation;
    await waitFor(async () => ((await status()).latestDiscovery?.number === last ? true : undefined), 30_000, `discovery ${last}`, 50);
  }
  t.ok(last >= ROUNDS, `${last} generations made`);
  const settled = await waitFor(async () => {
    const s = await status();
    return s.generations === 3 && s.ongoingDiscovery === null ? s : undefined;
  }, 30_000, 'pruning down to the policy');
  t.equal(settled.generations, 3, 'the newest 3 kept');
  const kept = [last - 2, last - 1, last];
  const heads = [];
  for (const g of kept) {
    const r = await getJson(base, `/v2/discovery/net/1/topo?generation=${g}`);
    t.equal(r.status, 200, `generation ${g} selected by number`);
    heads.push(r.body);
  }

  await app.stop();
  app = await startApp(configFor(dataDir, simPort, network), silentLogger);
  base = `http://127.0.0.1:${app.port}`;
  t.equal((await status()).generations, 3, 'the same count after a restart');
  for (const h of heads) {
    const byNumber = await getJson(base, `/v2/discovery/net/1/topo?generation=${h.generation}`);
    t.same([byNumber.status, byNumber.body.completedAtMs], [200, h.completedAtMs], `generation ${h.generation} kept across the restart`);
    const byTime = await getJson(base, `/v2/discovery/net/1/topo?timestamp=${h.completedAtMs + 1}`);
    t.equal(byTime.body.generation, h.generation, `timestamp just after ${h.generation} completed selects it`);
  }
  const removed = await getJson(base, `/v2/discovery/net/1/topo?generation=${last - 3}`);
  t.equal(removed.status, 404, 'a removed generation is a 404');
  t.equal(removed.body.code, 'UNKNOWN_GENERATION');
  t.match(removed.body.error, /removed by the retention policy/);
  const before = await getJson(base, `/v2/discovery/net/1/topo?timestamp=${heads[0].startedAtMs}`);
  t.equal(before.status, 404, 'a timestamp before every kept completed generation selects nothing');
  t.match(before.body.error, /older ones were removed/);
  const next = await getJson(base, '/v2/svc/discovery/net/1/start');
  t.equal(next.body.generation, last + 1, 'numbers go on after the restart, never reused');
});
