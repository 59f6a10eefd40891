/**
 * Reloads do not starve polling: the whole server on its simulated network (poll interval 2 s),
 * reloaded again and again (app.reloadConfig: what SIGHUP and the reload action run), keeps
 * writing grid points — with the network unchanged, with a polling parameter changed at every
 * reload (snmp.timeout: the network restarts), and across a change of its poll interval. Counted
 * in grid points of a counter rate (ifInRate: it needs two observations, so a restart that loses
 * the interpolation's carry shows as a missing step), read through the HTTP API.
 */
import t from 'tap';
import { startApp } from '../../app.js';
import { loadConfig } from '../../core/config-load.js';
import { silentLogger } from '../../core/logger.js';
import { getJson, gridSteps, randomPort, simulatedConfigText, tempDir, waitFor } from '../fakes/helpers.js';

t.test('reloads keep the grid: unchanged, changed polling parameter, changed interval', async (t) => {
  const dataDir = tempDir(t, 'netmon-reload-gaps-');
  const simPort = randomPort();
  let timeout = '1s';
  let interval = 2;
  const load = () => loadConfig({
    path: 'reload.yaml',
    env: { HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir },
    text: simulatedConfigText(simPort, {
      devices: 2, interfacesPerDevice: 2, timeout, pollInterval: `${interval}s`,
      networkExtra: '    discoveryInterval: 10m\n    discoveryMinInterval: 0',
    }),
  });
  const app = await startApp(load(), silentLogger, { load });
  t.teardown(() => app.stop());
  const base = `http://127.0.0.1:${app.port}`;
  const topo = await waitFor(async () => {
    const r = await getJson(base, '/v2/discovery/net/1/topo');
    return typeof r.body.generation === 'number' && r.body.devices.length > 0 ? r.body : undefined;
  }, 30_000, 'the first discovery');
  const dev = topo.devices[0];
  const triplet = `ifInRate.${dev.id}.${dev.interfaces[0].index}`;
  /** Grid times (ms) of the triplet's points, ascending. */
  const points = async (): Promise<number[]> => {
    const r = await getJson(base, `/v2/ui/net/1/graph/${triplet}?intervalHr=1`);
    if (r.status !== 200) return [];
    return (r.body.info[0].timeseries as string[]).slice(1).map((s) => Number(s.split(',')[0])).sort((a, b) => a - b);
  };
  await waitFor(async () => ((await points()).length >= 2 ? true : undefined), 30_000, 'the first points');

  /**
   * Reloads `reloads` times, one every `everyMs` (bounded by the count), then lets two more grid
   * steps pass; returns the grid points written from the first reload on and the longest gap
   * between consecutive ones, in grid steps of `stepMs`.
   */
  const reloadRun = async (reloads: number, everyMs: number, change: (i: number) => void, stepMs: number) => {
    const before = await points();
    const last = before[before.length - 1];
    for (let i = 0; i < reloads; i++) {
      change(i);
      await app.reloadConfig();
      await new Promise((r) => setTimeout(r, everyMs));
    }
    await gridSteps(app, 2, 30_000);
    const after = (await points()).filter((g) => g >= last);
    let maxGapSteps = 0;
    for (let i = 1; i < after.length; i++) maxGapSteps = Math.max(maxGapSteps, (after[i] - after[i - 1]) / stepMs);
    return { after, maxGapSteps, spanSteps: (after[after.length - 1] - last) / stepMs };
  };

  // Unchanged: the network goes on untouched.
  const same = await reloadRun(16, 500, () => {}, 2000);
  t.ok(same.spanSteps >= 4, `the run spans grid steps (${same.spanSteps})`);
  // One poll lost to a loaded machine is tolerated (one missing step); a restart that loses the carry loses most.
  t.ok(same.maxGapSteps <= 2, `unchanged network: no gap past one grid step (longest ${same.maxGapSteps} steps; points ${same.after.length}, span ${same.spanSteps} steps)`);
  t.ok(same.after.length >= same.spanSteps, `points at every grid step but at most one (${same.after.length} of ${same.spanSteps + 1})`);

  // A polling parameter changed at every reload: the network restarts each time, and keeps its grid.
  const changed = await reloadRun(16, 500, (i) => { timeout = i % 2 === 0 ? '900ms' : '1s'; }, 2000);
  t.ok(changed.spanSteps >= 4, `the run spans grid steps (${changed.spanSteps})`);
  // One poll lost to a loaded machine is tolerated (one missing step); a restart that loses the carry loses most.
  t.ok(changed.maxGapSteps <= 2, `changed network: no gap past one grid step (longest ${changed.maxGapSteps} steps; points ${changed.after.length}, span ${changed.spanSteps} steps)`);
  t.ok(changed.after.length >= changed.spanSteps, `points at every grid step but at most one (${changed.after.length} of ${changed.spanSteps + 1})`);

  // The poll interval changed: polling resumes at the new grid's next time, and that step is written
  // (the interpolation's carry moved onto the new grid), not a step later.
  const before = await points();
  interval = 3;
  await app.reloadConfig();
  const reloadedAt = Date.now();
  await gridSteps(app, 3, 30_000);
  const after = (await points()).filter((g) => g > before[before.length - 1]);
  t.ok(after.length >= 2, `points on the new grid (${after.length})`);
  t.ok(after.every((g) => g % 3000 === 0), 'on the 3 s grid');
  const firstStep = Math.floor(reloadedAt / 3000) * 3000 + 3000;
  t.ok(after[0] <= firstStep, `the first point is at the new grid's first time after the reload (${(after[0] - firstStep) / 3000} steps after it)`);
  for (let i = 1; i < after.length; i++) t.equal(after[i] - after[i - 1], 3000, 'then every step');
});
