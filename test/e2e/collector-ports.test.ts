import t from 'tap';
import { startApp, type App } from '../../app.js';
import { loadConfig } from '../../core/config-load.js';
import { isAppError } from '../../core/errors.js';
import { silentLogger } from '../../core/logger.js';
import type { CycleDone, GridStepWritten } from '../../core/ports/events.js';
import { getJson, randomPort, tempDir, waitFor } from '../fakes/helpers.js';

/**
 * The collector's ports and hooks on the whole server over its simulated network: pipeline events
 * (cycle done, grid step written), variables that discovery did not make (allocated slots, read
 * through the API), and a config reload (a bad file and a refused change leave everything as it
 * was; a good one changes the poll interval and adds and removes a network while polling goes on).
 */
const yaml = (simPort: number, pollS: number, extra = '', maxBodyBytes = '') => `
${maxBodyBytes ? `server: { maxBodyBytes: ${maxBodyBytes} }` : ''}
simulator:
  devices: 3
  interfacesPerDevice: 2
  port: ${simPort}
networks:
  - id: 1
    name: sim
    seeds: [127.1.0.1]
    ranges: [127.1.0.0/16]
    snmp: { port: ${simPort}, timeout: 1s, retries: 1 }
    pollInterval: ${pollS}s
    discoveryInterval: 10m
${extra}`;

const network2 = (simPort: number) => `  - id: 2
    name: second
    seeds: [127.1.0.1]
    ranges: [127.1.0.0/16]
    snmp: { port: ${simPort}, timeout: 1s, retries: 1 }
    pollInterval: 2s
    discoveryInterval: 10m`;

t.test('pipeline events, allocated variables and config reload on the running server', async (t) => {
  const dataDir = tempDir(t, 'netmon-ports-');
  const simPort = randomPort();
  const env = { HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir };
  let text = yaml(simPort, 2);
  const load = () => loadConfig({ path: 'ports.yaml', env, text });
  const app: App = await startApp(load(), silentLogger, { load });
  t.teardown(() => app.stop());
  const base = `http://127.0.0.1:${app.port}`;
  const events = app.monitor.events;

  // Events: a listener that throws does not keep the others from their events.
  const cycles: CycleDone[] = [];
  const steps: GridStepWritten[] = [];
  events.onCycleDone(() => { throw new Error('a broken listener'); });
  events.onCycleDone((e) => cycles.push(e));
  const offStep = events.onGridStepWritten((e) => steps.push(e));
  await waitFor(async () => (steps.length >= 2 ? true : undefined), 45_000, 'two grid steps written');
  const c = cycles.find((x) => x.devicesPolled > 0)!;
  t.ok(c, 'a cycle that polled devices was announced');
  t.match(c, { networkId: 1, devicesFailed: 0 });
  const s = steps[steps.length - 1]!;
  t.equal(s.networkId, 1);
  t.equal(s.gridTsMs % 2000, 0, 'grid steps are grid times');
  t.ok(s.points > 0, 'points were written');
  t.ok(steps.every((x, i) => i === 0 || x.gridTsMs > steps[i - 1]!.gridTsMs), 'grid steps announced in time order');
  offStep();
  const seen = steps.length;
  await waitFor(async () => (cycles.length >= 4 ? true : undefined), 20_000, 'two more cycles');
  t.equal(steps.length, seen, 'a removed listener hears nothing more');

  // A variable that discovery did not make: own slot, listed, graphable through the API.
  const catalog = app.monitor.catalog;
  catalog.define({ name: 'derivedTest', description: 'A derived test variable', unit: '', category: 'Alerts', type: 'enum', scope: 'device' });
  const polled = catalog.instances(1);
  const dev = polled[0]!.deviceId;
  const v = await catalog.allocate({ netId: 1, name: 'derivedTest', deviceId: dev, index: 0 });
  t.notOk(polled.some((p) => p.slot === v.slot), 'a slot of its own');
  t.equal((await catalog.allocate({ netId: 1, name: 'derivedTest', deviceId: dev, index: 0 })).slot, v.slot, 'stable');
  const g = await getJson(base, `/v2/ui/net/1/graph/derivedTest.${dev}.0?intervalHr=1`);
  t.equal(g.status, 200);
  t.equal(g.body.errors, '', 'the API knows the allocated variable');
  t.equal(g.body.info[0].varId, `derivedTest.${dev}.0`);
  const wb = await getJson(base, '/v2/ui/net/1/gw/variables?name=derivedTest');
  t.same(wb.body.map((x: any) => x.triplet), [`derivedTest.${dev}.0`], 'the workbench lists it');
  let failed: unknown;
  try { await catalog.allocate({ netId: 1, name: 'noSuchVariable', deviceId: dev, index: 0 }); } catch (e) { failed = e; }
  t.ok(isAppError(failed) && failed.code === 'UNKNOWN_VARIABLE', 'no definition: UNKNOWN_VARIABLE');

  // Config reload. A bad file: nothing changes.
  const status = async (net: number) => getJson(base, `/v2/ui/net/${net}/status`);
  text = yaml(simPort, 2).replace('pollInterval: 2s', 'pollInterval: soon');
  await t.rejects(app.reloadConfig(), { code: 'CONFIG_INVALID' }, 'a bad file is refused');
  t.equal((await status(1)).body.network.pollIntervalMs, 2000, 'the running interval stays');
  // A change that needs a restart: refused, nothing changes (not even the interval beside it).
  text = yaml(simPort, 3, '', '2048');
  await t.rejects(app.reloadConfig(), { code: 'CONFIG_RELOAD_REFUSED', message: /server\.maxBodyBytes/ }, 'a new body limit needs a restart');
  t.equal((await status(1)).body.network.pollIntervalMs, 2000, 'nothing of that file applied');
  t.equal(app.config().networks[0]!.pollIntervalMs, 2000);
  // A good file: network 1 polls every 3 s, network 2 is added.
  text = yaml(simPort, 3, network2(simPort));
  app.monitor.devices.pause(1, 'alice');
  const plan = await app.reloadConfig();
  t.equal(app.monitor.devices.queue(1, 1).paused, true, "an operator's pause outlives the reload of the network");
  app.monitor.devices.resume(1, 'alice');
  t.same(plan.changed.map((x) => [x.after.id, x.fields]), [[1, ['pollIntervalMs']]]);
  t.same(plan.added.map((n) => n.id), [2]);
  t.equal((await status(1)).body.network.pollIntervalMs, 3000, 'the new interval is in force');
  t.equal((await status(2)).status, 200, 'the added network answers');
  const cyclesBefore = (await status(1)).body.polling.cycles;
  const after = await waitFor(async () => {
    const p = (await status(1)).body.polling;
    // timers fire a little after the grid time: a cycle on the 3 s grid starts within 0.5 s after a multiple of 3 s
    return p.cycles >= cyclesBefore + 1 && p.lastCycleStartMs % 3000 < 500 && p.devicesPolled === 3 ? p : undefined;
  }, 30_000, 'polling on the new 3 s grid');
  t.equal(after.devicesFailed, 0, 'every device polled after the reload');
  t.equal((await catalog.allocate({ netId: 1, name: 'derivedTest', deviceId: dev, index: 0 })).slot, v.slot, 'allocated slots survive a reload');
  await waitFor(async () => ((await status(2)).body.latestDiscovery ? true : undefined), 30_000, 'the added network discovered');
  // And removed again.
  text = yaml(simPort, 3);
  const plan2 = await app.reloadConfig();
  t.same(plan2.removed, [2]);
  t.equal((await status(2)).status, 404, 'the removed network is gone');
  t.equal((await status(1)).status, 200, 'the other network goes on');
});
