/**
 * Benchmark of maps (not a test): over a synthetic generation of 5,000 devices and 10,000 links
 * (1,000 / 2,000 at quick scale), on the real services and the real LMDB store (coordinates of
 * every device stored), through the router (JSON encoding included):
 *
 * - `map`: a view whose device rule matches every 20th device (`Role = 'Core'`), with `adjacent`
 *   and `connecting`; the first call (rules evaluated, connecting searched) and then the latency of
 *   repeated calls (rules cached per generation). Target p99 ≤ 50 ms.
 * - `preview` with rules: each call a different device rule (`id BETWEEN a AND a+99`, so nothing is
 *   cached), a link rule, `adjacent` and `connecting`. Target p99 ≤ 100 ms.
 * - `layout=auto` of a 1,000-device, 2,000-link map (every device shown; a new selection each run). Target ≤ 1 s.
 *
 *   npx tsc -p . && node dist/bench/maps/measure.js [--quick] [--result]
 *
 * Every loop is bounded in count. With --result it prints one `RESULT <json>` line.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Router } from '../../api/http/router.js';
import { registerMaps } from '../../api/routes/v2/maps.js';
import { openEmbeddedStore } from '../../store/open-store.js';
import { call } from '../../test/fakes/call.js';
import type { EncodedResponse } from '../../api/http/http-types.js';
import { callerRouter } from '../../test/fakes/caller-router.js';
import { FakeService } from '../../test/fakes/fake-service.js';
import { FakeMapViews, mapServices } from '../../test/fakes/map-fixture.js';
import { enableRegexpSafety } from '../../svcql/index.js';
import { syntheticMapGeneration } from './synthetic-map.js';

const quick = process.argv.includes('--quick');
const DEVICES = quick ? 1_000 : 5_000;
const LINKS = 2 * DEVICES;
const MAP_CALLS = quick ? 100 : 400;
const MOVES = quick ? 50 : 200;
const PREVIEW_CALLS = quick ? 50 : 200;
const LAYOUT_RUNS = quick ? 2 : 5;

/** Wall and CPU time of each call, ms. */
export interface Timings { wallMs: number[]; cpuMs: number[] }

export interface MapsResult {
  devices: number;
  links: number;
  mapFirst: Timings;
  map: Timings;
  mapAfterMove: Timings;
  mapBytes: number;
  preview: Timings;
  previewDevicesMedian: number;
  layoutDevices: number;
  layout: Timings;
}

enableRegexpSafety();

const timings = (): Timings => ({ wallMs: [], cpuMs: [] });

/** Runs `f` once, adding its wall and CPU time (this process, every thread) to `into`. */
async function timed<T>(into: Timings, f: () => Promise<T>): Promise<T> {
  const c0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  const r = await f();
  into.wallMs.push(Number(process.hrtime.bigint() - t0) / 1e6);
  const c = process.cpuUsage(c0);
  into.cpuMs.push((c.user + c.system) / 1000);
  return r;
}

/** A GET through the router as the transport makes it (the answer's bytes, not decoded): its body. */
async function ok(router: Router, url: string): Promise<Buffer> {
  const q = url.indexOf('?');
  const res: EncodedResponse = await router.handle({
    method: 'GET', path: q < 0 ? url : url.slice(0, q), params: {}, query: new URLSearchParams(q < 0 ? '' : url.slice(q + 1)),
    headers: {}, body: Buffer.alloc(0),
  });
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${res.body.toString('utf8', 0, 300)}`);
  return res.body;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'netmon-maps-bench-'));
  const store = await openEmbeddedStore({ dataDir: dir });
  try {
    const fake = new FakeService();
    fake.nets.push({ id: 1, name: 'bench', pollIntervalMs: 60_000, discoveryIntervalMs: 3_600_000, seeds: [], ranges: [] });
    fake.gens.set(1, [syntheticMapGeneration(DEVICES, LINKS)]);
    const views = new FakeMapViews();
    views.set({ id: 1, devRule: "Role = 'Core'", adjacent: true, connecting: true });
    views.set({ id: 2, devRule: '' });
    const clock = { nowMs: () => Date.now() };
    const { router } = callerRouter(mapServices(fake, views, clock, store.meta), clock, (r, c) => registerMaps(r.group('/v2'), c));

    // Coordinates of every device (the map reads them all on every call).
    const all = Array.from({ length: DEVICES }, (_, i) => ({ id: i + 1, x: (i % 100) * 10, y: Math.floor(i / 100) * 10 }));
    const put = await call(router, 'PUT', '/v2/ui/net/1/views/1/coordinates', Buffer.from(JSON.stringify(all)), { 'content-type': 'application/json' });
    if (put.status !== 200) throw new Error(`PUT coordinates: ${put.status} ${put.text}`);

    const mapFirst = timings();
    const mapBytes = (await timed(mapFirst, () => ok(router, '/v2/ui/net/1/views/1/map'))).length;
    for (let i = 0; i < 20; i++) await ok(router, '/v2/ui/net/1/views/1/map'); // warm-up
    const map = timings();
    for (let i = 0; i < MAP_CALLS; i++) await timed(map, () => ok(router, '/v2/ui/net/1/views/1/map'));

    // The map after each change of one device's coordinates: rules' results cached, the answer rebuilt.
    const moved = timings();
    for (let i = 0; i < MOVES; i++) {
      const body = Buffer.from(JSON.stringify([{ id: 1 + (i % DEVICES), x: i, y: -i }]));
      const r = await call(router, 'PUT', '/v2/ui/net/1/views/1/coordinates', body, { 'content-type': 'application/json' });
      if (r.status !== 200) throw new Error(`PUT coordinates: ${r.status} ${r.text}`);
      await timed(moved, () => ok(router, '/v2/ui/net/1/views/1/map'));
    }

    const preview = timings();
    const previewDevices: number[] = [];
    for (let i = 0; i < PREVIEW_CALLS; i++) {
      const a = 1 + ((i * 997) % (DEVICES - 100));
      const q = new URLSearchParams({ devRule: `id BETWEEN ${a} AND ${a + 99}`, linkRule: "ifRole != 'Access'", adjacent: 'true', connecting: 'true', hide: 'true' });
      const body = await timed(preview, () => ok(router, `/v2/ui/net/1/views/1/preview?${q}`));
      if (i % 10 === 0) previewDevices.push(JSON.parse(body.toString('utf8')).devices.length);
    }

    // layout=auto over a 1,000-device map of its own (every device shown).
    const small = new FakeService();
    small.nets.push({ id: 1, name: 'layout', pollIntervalMs: 60_000, discoveryIntervalMs: 3_600_000, seeds: [], ranges: [] });
    small.gens.set(1, [syntheticMapGeneration(1_000, 2_000, 11)]);
    const layoutRouter = callerRouter(mapServices(small, views, clock, store.meta), clock, (r, c) => registerMaps(r.group('/v2'), c)).router;
    const layout = timings();
    // Each run on a view of its own rule (every device still shown): the service keeps the auto
    // layout of a selection, so the same view again would measure that cache, not the layout.
    for (let i = 0; i < LAYOUT_RUNS; i++) {
      views.set({ id: 100 + i, devRule: `id > ${-1 - i}` });
      await timed(layout, () => ok(layoutRouter, `/v2/ui/net/1/views/${100 + i}/map?layout=auto`));
    }

    const sorted = [...previewDevices].sort((x, y) => x - y);
    const result: MapsResult = {
      devices: DEVICES, links: LINKS, mapFirst, map, mapAfterMove: moved, mapBytes, preview, previewDevicesMedian: sorted[Math.floor(sorted.length / 2)] ?? 0,
      layoutDevices: 1_000, layout,
    };
    const p = (xs: number[], q: number) => [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.ceil(q * xs.length) - 1)]!.toFixed(1);
    const line = (name: string, t: Timings) =>
      console.error(`${name}: wall median ${p(t.wallMs, 0.5)} ms, p99 ${p(t.wallMs, 0.99)} ms; CPU median ${p(t.cpuMs, 0.5)} ms, p99 ${p(t.cpuMs, 0.99)} ms`);
    line(`map of ${DEVICES} devices / ${LINKS} links, first call (${mapBytes} bytes)`, mapFirst);
    line('map, repeated', map);
    line('map after a PUT of one coordinate', moved);
    line(`preview with rules (median ${result.previewDevicesMedian} devices shown)`, preview);
    line('layout=auto of 1,000 devices', layout);
    if (process.argv.includes('--result')) console.log(`RESULT ${JSON.stringify(result)}`);
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
