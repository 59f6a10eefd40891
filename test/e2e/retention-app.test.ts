/**
 * Series retention in the whole server: a data directory holding hours older than
 * `retention.series` loses them at start (one log line for the pass), the recent hour stays, and
 * a reload changes the retention without a restart (App.retention.status()).
 */
import t from 'tap';
import { startApp, type App } from '../../app.js';
import { loadConfig } from '../../core/config-load.js';
import { createLogger } from '../../core/logger.js';
import { hourStartOf } from '../../store/series/chunk-format.js';
import { openEmbeddedStore } from '../../store/open-store.js';
import { randomPort, tempDir, waitFor } from '../fakes/helpers.js';

const DAY = 86_400_000;
/** A slot far above what the inventory allocates for a network without devices. */
const SLOT = 1_000_000;

t.test('the server prunes hours older than retention.series at start; a reload changes it live', async (t) => {
  const dataDir = tempDir(t, 'netmon-retention-e2e-');
  const now = Date.now();
  const old = [hourStartOf(now - 3 * DAY), hourStartOf(now - 2 * DAY)];
  const recent = hourStartOf(now) - 30 * 60_000;
  {
    const store = await openEmbeddedStore({ dataDir, minFreeBytes: 0 });
    for (const ts of [...old, recent]) store.series.appendStep(ts, Int32Array.of(SLOT), Float64Array.of(ts / 1000));
    await store.series.flush();
    await store.close();
  }
  let retention = '1d';
  const text = () => `
networks:
  - id: 1
    name: quiet
    seeds: [127.0.0.1]
    snmp: { port: ${randomPort()}, timeout: 100ms, retries: 0 }
    discoveryInterval: 1h
retention: { series: ${retention} }
`;
  const load = () => loadConfig({ text: text(), env: { HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir } });
  const lines: string[] = [];
  const app: App = await startApp(load(), createLogger({ write: (l) => lines.push(l) }), { load });
  t.teardown(() => app.stop());

  const line = await waitFor(async () => lines.find((l) => l.includes('series retention pass')), 20_000, 'the start pass');
  t.match(line, /\[retention\] series retention pass retentionDays=1 .*hoursPruned=2 /, 'one line: 2 old hours removed');
  const st = app.retention.status();
  t.same([st.hoursPruned, st.retentionMs, st.lastError], [2, DAY, ''], 'status after the start pass');
  t.ok(st.oldestHourKeptMs !== null && st.oldestHourKeptMs >= hourStartOf(recent), 'the oldest hour kept is the recent one (or newer)');

  retention = '30d';
  const plan = await app.reloadConfig();
  t.same(plan.restartRequired, [], 'a retention change needs no restart');
  t.equal(app.retention.status().retentionMs, 30 * DAY, 'the pruner reads the new retention');
  const again = await app.retention.pruneNow();
  t.equal(again.hours, 0, 'nothing more to remove');
  t.equal(lines.filter((l) => l.includes('series retention pass')).length, 2, 'one line per pass');
});
