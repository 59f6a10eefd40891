/**
 * First paint of the network map page (ui/src/page-map.ts) of a 1,000-device view in headless
 * chromium: the built server (dist/main.js, pinned to the server core) with its simulator of 1,000
 * devices; once discovery has them all, the SYSTEM view's map is laid out once (`layout=auto`:
 * stored positions, as a used map has), one navigation warms the server's map cache, then each run
 * opens `#/map/<view>` in a fresh browser context (no cached files) and takes, in the page,
 * `performance.now()` (ms since navigation start) when every device node of the map is in the DOM.
 * Target (issue 15): median ≤ 1.5 s.
 *
 *   node dist/bench/run.js --full --only ui-map
 *   BENCH_UI_SCREENSHOT=/tmp/map.png node dist/bench/run.js --full --only ui-map   # + a screenshot after each run
 *
 * Bounded: discovery wait 150 s, each run 30 s, 5 runs (2 at quick scale).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { Bench, BenchOptions, Figure } from '../harness/bench.js';
import { pinnedCommand, serverAndLoadCores, stopChild } from '../harness/process.js';
import { median } from '../harness/stats.js';
import { simulatedConfigText } from '../../test/fakes/helpers.js';

const MAIN = fileURLToPath(new URL('../../main.js', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const DEVICES = 1000;
const DISCOVERY_MS = 150_000;
const RUN_MS = 30_000;

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function json<T>(url: string): Promise<T> {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url}: ${r.status} ${(await r.text()).slice(0, 300)}`);
  return (await r.json()) as T;
}

async function run(o: BenchOptions): Promise<Figure[]> {
  if (!existsSync(CHROMIUM)) throw new Error(`no browser at ${CHROMIUM} (set CHROMIUM_PATH)`);
  const runs = o.scale === 'quick' ? 2 : 5;
  const dir = mkdtempSync(join(tmpdir(), 'netmon-bench-ui-map-'));
  const simPort = 20_000 + Math.floor(Math.random() * 15_000);
  const port = 35_000 + Math.floor(Math.random() * 15_000);
  const configPath = join(dir, 'netmon.yaml');
  writeFileSync(configPath, simulatedConfigText(simPort, {
    devices: DEVICES, interfacesPerDevice: 4, pollInterval: '60s', networkExtra: '    discoveryInterval: 1h',
  }));
  const [cmd, args] = pinnedCommand(serverAndLoadCores().server, process.execPath, [MAIN, '--config', configPath]);
  const server: ChildProcess = spawn(cmd, args, {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: join(dir, 'data') },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let serverLog = '';
  server.stderr!.on('data', (b: Buffer) => { serverLog = (serverLog + b.toString()).slice(-4000); });
  const base = `http://127.0.0.1:${port}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  try {
    // Discovery of every simulated device (bounded).
    const deadline = Date.now() + DISCOVERY_MS;
    let viewId = -1, devices = 0, links = 0;
    while (Date.now() < deadline) {
      await sleep(1000);
      try {
        const views = await json<{ id: number; type: string }[]>(`${base}/v2/ui/net/1/views`);
        viewId = views.find((v) => v.type === 'SYSTEM')?.id ?? -1;
        if (viewId < 0) continue;
        const m = await json<{ devices: unknown[]; links: unknown[] }>(`${base}/v2/ui/net/1/views/${viewId}/map`);
        devices = m.devices.length; links = m.links.length;
        if (devices >= DEVICES) break;
      } catch { /* not up yet */ }
    }
    if (devices < DEVICES) throw new Error(`only ${devices} of ${DEVICES} devices discovered within ${DISCOVERY_MS / 1000} s; server log: ${serverLog}`);
    o.log(`${devices} devices, ${links} links on view ${viewId}`);
    await json(`${base}/v2/ui/net/1/views/${viewId}/map?layout=auto`);

    const paint = async (): Promise<{ ms: number; bytes: number }> => {
      const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
      try {
        const page = await context.newPage();
        let bytes = 0;
        page.on('response', (r) => { if (r.url().includes('/map')) r.body().then((b) => { bytes = b.length; }, () => undefined); });
        await page.goto(`${base}/#/map/${viewId}`, { timeout: RUN_MS });
        const handle = await page.waitForFunction(
          (n) => (document.querySelectorAll('svg.netmap g.dev').length >= n ? performance.now() : 0),
          DEVICES, { timeout: RUN_MS, polling: 'raf' },
        );
        const ms = (await handle.jsonValue()) as number;
        const shot = process.env.BENCH_UI_SCREENSHOT;
        if (shot) { await page.waitForSelector('.map-stamp', { timeout: RUN_MS }); await page.screenshot({ path: shot }); }
        return { ms, bytes };
      } finally {
        await context.close();
      }
    };
    await paint(); // warm-up: the server's map answer cached, the files read once
    const samples: number[] = [];
    let bytes = 0;
    for (let i = 0; i < runs; i++) {
      const r = await paint();
      samples.push(r.ms);
      bytes = r.bytes;
      o.log(`run ${i + 1}/${runs}: ${r.ms.toFixed(0)} ms`);
    }
    return [{
      name: `map page first paint, ${DEVICES}-device view (navigation → every device node in the DOM)`,
      unit: 'ms', samples, target: { op: '<=', value: 1500 },
      note: `headless chromium 1366×768, a fresh context per run (no cached files), after one warm-up; ${devices} devices, ${links} links, stored auto layout; map answer ${bytes.toLocaleString('en-US')} bytes; median ${median(samples).toFixed(0)} ms; the browser is not pinned`,
    }];
  } finally {
    await browser.close();
    await stopChild(server);
    rmSync(dir, { recursive: true, force: true });
  }
}

export const uiMapBench: Bench = {
  name: 'ui-map',
  title: 'Web UI: first paint of the map page of a 1,000-device view in headless chromium',
  run,
};
