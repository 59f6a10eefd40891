import t from 'tap';
import { join } from 'node:path';
import { getJson, randomPort, startServer, tempDir, waitFor, writeSimulatedConfig } from '../fakes/helpers.js';

/**
 * The built server is killed with SIGKILL while polling the simulated network; after a restart on the
 * same data directory every grid point it had served before the previous grid step is still there
 * (a kill -9 loses at most the current grid step).
 */
const POLL_MS = 2000;

t.test('kill -9 loses at most the current grid step', { timeout: 120_000 }, async (t) => {
  const dir = tempDir(t, 'netmon-kill9-');
  const configPath = writeSimulatedConfig(dir, { devices: 3, interfacesPerDevice: 2, pollInterval: '2s' });
  const dataDir = join(dir, 'data');
  const port = randomPort();
  const base = `http://127.0.0.1:${port}`;
  const first = startServer(t, configPath, dataDir, port);
  const triplet = 'ifInRate.1.1';
  const url = `/v2/ui/net/1/data/${triplet}?intervalHr=1`;
  const pointsOf = (body: any): number[] => (body?.info?.[0]?.timeseries ?? []).slice(1).map((s: string) => Number(s.split(',')[0]));
  const before = await waitFor(async () => {
    const r = await getJson(base, url);
    const ts = pointsOf(r.body);
    return ts.length >= 4 ? ts : undefined;
  }, 60_000, 'grid points before the kill');
  first.proc.kill('SIGKILL');
  await first.exited;
  t.pass(`killed with ${before.length} points served, last at ${before.at(-1)}`);

  const second = startServer(t, configPath, dataDir, port);
  const after = await waitFor(async () => {
    const r = await getJson(base, url);
    return r.status === 200 ? pointsOf(r.body) : undefined;
  }, 30_000, 'the restarted server');
  const lastGrid = before.at(-1)!;
  const mustKeep = before.filter((ts) => ts < lastGrid);
  const lost = mustKeep.filter((ts) => !after.includes(ts));
  t.same(lost, [], `every point before the last grid step survived (${mustKeep.length} checked)`);
  const resumed = await waitFor(async () => {
    const ts = pointsOf((await getJson(base, url)).body);
    return ts.some((x) => x > lastGrid + POLL_MS) ? ts : undefined;
  }, 30_000, 'new points after the restart');
  t.ok(resumed.at(-1)! > lastGrid, 'polling resumes after the restart and adds new grid points');
  second.proc.kill('SIGTERM');
  await second.exited;
  t.equal(second.proc.exitCode, 0, 'SIGTERM stops the server cleanly');
});
