import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { canMount, fillUp, mountTmpfs, resizeTmpfs } from '../fakes/tmpfs.js';
import { getJson, randomPort, startServer, tempDir, waitFor, type ServerProcess } from '../fakes/helpers.js';

/**
 * The built server with its data directory on a 20 MB tmpfs that fills up: it stays up, its
 * healthcheck says the store is unhealthy and why, its metrics show the store's state, reads
 * answer; stopped and started again on the full disk, it starts and stays up (no crash loop);
 * once the tmpfs is enlarged, ingest resumes by itself and every grid point served before the
 * fill is still there.
 */
const POLL_MS = 1000;
const TRIPLET = 'ifInRate.1.1';

t.test('a full disk: the server stays up, says so, and resumes when space returns', { timeout: 240_000 }, async (t) => {
  if (!canMount(t, 'full-disk server test')) return;
  const mnt = mountTmpfs(t, 20, 'netmon-e2e-full-');
  const dataDir = join(mnt, 'data');
  const dir = tempDir(t, 'netmon-e2e-full-cfg-');
  const simPort = randomPort();
  const b = 100 + Math.floor(Math.random() * 100);
  const configPath = join(dir, 'netmon.yaml');
  writeFileSync(configPath, `
server: { minFreeMiB: 2 }
simulator: { devices: 3, interfacesPerDevice: 2, port: ${simPort}, baseAddress: 127.${b}.0.1 }
networks:
  - id: 1
    seeds: [127.${b}.0.1]
    ranges: [127.${b}.0.0/16]
    snmp: { port: ${simPort}, timeout: 1s }
    pollInterval: 1s
`);
  const port = randomPort();
  const base = `http://127.0.0.1:${port}`;
  let server: ServerProcess | undefined;
  t.teardown(() => { if (t.passing() === false && server) t.comment(server.log()); });
  const pointsOf = (body: any): number[] => (body?.info?.[0]?.timeseries ?? []).slice(1).map((s: string) => Number(s.split(',')[0]));
  const points = async () => {
    const r = await getJson(base, `/v2/ui/net/1/data/${TRIPLET}?intervalHr=1`);
    return r.status === 200 ? pointsOf(r.body) : undefined;
  };
  const health = async () => (await getJson(base, '/api/metrics/healthcheck')).body;
  const metrics = async () => (await getJson(base, '/api/metrics/metrics')).body;

  server = startServer(t, configPath, dataDir, port);
  const before = await waitFor(async () => { const p = await points(); return p && p.length >= 4 ? p : undefined; }, 60_000, 'grid points before the fill');
  // Three more poll cycles with the store writable: the flush timer (every second) ran meanwhile.
  const cycles0 = (await metrics()).networks[0].poll.cycles;
  await waitFor(async () => { const m = await metrics(); return m.networks[0].poll.cycles >= cycles0 + 3 && m.store.writable ? true : undefined; }, 30_000, 'three more cycles');
  t.equal((await health()).components.store.healthy, true, 'the store is healthy before the fill');

  t.comment(`filler: ${fillUp(mnt)} bytes`);
  const sick = await waitFor(async () => { const h = await health(); return h.components.store.healthy === false ? h : undefined; }, 30_000, 'the store unhealthy');
  t.equal(sick.healthy, false, 'the healthcheck says unhealthy');
  t.match(sick.components.store.detail, /writes failing since .*: no space left on the file system/, 'the store component says why');
  const m = await waitFor(async () => { const x = await metrics(); return x.store.failedWrites >= 3 ? x : undefined; }, 60_000, 'three failed writes');
  t.match(m.store, { writable: false, reason: /no space left/ }, 'the metrics show the store not writable');
  t.ok(m.store.unwrittenPoints > 0, `${m.store.unwrittenPoints} points held in memory`);
  t.equal(server.proc.exitCode, null, 'the server is still running after several failed writes');
  const whileFull = await points();
  t.same(before.filter((ts) => !whileFull!.includes(ts)), [], 'reads answer, with every point served before the fill');
  t.match(server.log(), /store writes failing: nothing more is stored until they succeed again .*reason=no space left/, 'a log line names the reason');

  server.proc.kill('SIGTERM');
  t.equal(await server.exited, 0, 'SIGTERM on the full disk still stops the server cleanly');
  t.match(server.log(), /series store closed with points not written: they are lost .*unwrittenPoints=\d+/, 'the points lost at the stop are counted in the log');

  server = startServer(t, configPath, dataDir, port);
  const again = await waitFor(async () => {
    const h = await health().catch(() => undefined);
    return h?.components?.store?.healthy === false ? h : undefined;
  }, 60_000, 'the restarted server answering, its store unhealthy');
  t.match(again.components.store.detail, /no space left/, 'restarted on the full disk: up, and saying why its store is unhealthy');
  await waitFor(async () => ((await metrics()).store.failedWrites >= 3 ? true : undefined), 60_000, 'three failed writes after the restart');
  t.equal(server.proc.exitCode, null, 'no crash loop: the restarted server stays up');

  resizeTmpfs(mnt, 200);
  await waitFor(async () => ((await health()).components.store.healthy ? true : undefined), 60_000, 'the store healthy again');
  const lastBefore = Math.max(...before);
  const after = await waitFor(async () => {
    const p = await points();
    return p && p.some((ts) => ts > lastBefore + 10 * POLL_MS) && (await metrics()).store.unwrittenPoints < 1000 ? p : undefined;
  }, 60_000, 'ingest resuming');
  t.ok(after.at(-1)! > lastBefore, 'new grid points are stored after space returned');
  t.same(before.filter((ts) => !after.includes(ts)), [], `every point served before the fill is still there (${before.length} checked)`);
  t.equal((await health()).healthy, true, 'the whole server is healthy again');
  server.proc.kill('SIGTERM');
  t.equal(await server.exited, 0, 'and stops cleanly');
});
