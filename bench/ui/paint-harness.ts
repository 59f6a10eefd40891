/**
 * What the first-paint benchmarks of the web UI share: the built server (dist/main.js, pinned to
 * the server core) with its simulator of 1,000 devices, headless chromium, a preparation until the
 * server has what the page shows (bounded), one warm-up navigation, then `runs` navigations, each in
 * a fresh browser context (no cached files), each taking in the page `performance.now()` (ms since
 * navigation start) when the page says it has painted. Bounded: each run 30 s.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import type { BenchOptions } from '../harness/bench.js';
import { pinnedCommand, serverAndLoadCores, stopChild } from '../harness/process.js';
import { simulatedConfigText } from '../../test/fakes/helpers.js';

const MAIN = fileURLToPath(new URL('../../main.js', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const PAINT_DEVICES = 1000;
export const PAINT_RUN_MS = 30_000;
/** How long the preparation may wait for discovery. */
export const DISCOVERY_MS = 150_000;

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export interface PaintPage {
  /** The address to open, relative to the server (`/#/map/3`, `/`). */
  readonly path: string;
  /** Whether a response's bytes count in the figure's note (the page's API answers). */
  readonly counts: (url: string) => boolean;
  /** Resolves with the page's `performance.now()` once it has painted. */
  readonly painted: (page: Page) => Promise<number>;
  /** Waits for what a screenshot should show (BENCH_UI_SCREENSHOT), after the paint. */
  readonly beforeScreenshot?: (page: Page) => Promise<void>;
  readonly fullPageScreenshot?: boolean;
}

export interface PaintRuns { readonly samples: number[]; readonly bytes: number }

/**
 * Starts the server, lets `prepare` wait until it is ready for the page (its server log at hand for
 * errors) and say what to open, then times the paints.
 */
export async function paintRuns(o: BenchOptions, dirPrefix: string, prepare: (base: string, serverLog: () => string) => Promise<PaintPage>): Promise<PaintRuns> {
  if (!existsSync(CHROMIUM)) throw new Error(`no browser at ${CHROMIUM} (set CHROMIUM_PATH)`);
  const runs = o.scale === 'quick' ? 2 : 5;
  const dir = mkdtempSync(join(tmpdir(), dirPrefix));
  const simPort = 20_000 + Math.floor(Math.random() * 15_000);
  const port = 35_000 + Math.floor(Math.random() * 15_000);
  const configPath = join(dir, 'netmon.yaml');
  writeFileSync(configPath, simulatedConfigText(simPort, {
    devices: PAINT_DEVICES, interfacesPerDevice: 4, pollInterval: '60s', networkExtra: '    discoveryInterval: 1h',
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
    const target = await prepare(base, () => serverLog);
    const paint = async (): Promise<{ ms: number; bytes: number }> => {
      const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
      try {
        const page = await context.newPage();
        let bytes = 0;
        page.on('response', (r) => { if (target.counts(r.url())) r.body().then((b) => { bytes += b.length; }, () => undefined); });
        await page.goto(`${base}${target.path}`, { timeout: PAINT_RUN_MS });
        const ms = await target.painted(page);
        const shot = process.env.BENCH_UI_SCREENSHOT;
        if (shot) {
          await target.beforeScreenshot?.(page);
          await page.screenshot({ path: shot, fullPage: target.fullPageScreenshot ?? false });
        }
        return { ms, bytes };
      } finally {
        await context.close();
      }
    };
    await paint(); // warm-up: the server's answers cached, the files read once
    const samples: number[] = [];
    let bytes = 0;
    for (let i = 0; i < runs; i++) {
      const r = await paint();
      samples.push(r.ms);
      bytes = r.bytes;
      o.log(`run ${i + 1}/${runs}: ${r.ms.toFixed(0)} ms`);
    }
    return { samples, bytes };
  } finally {
    await browser.close();
    await stopChild(server);
    rmSync(dir, { recursive: true, force: true });
  }
}
