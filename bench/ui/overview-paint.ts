/**
 * First paint of the overview (home) page (ui/src/page-overview.ts) on a 1,000-device network in
 * headless chromium: the built server (dist/main.js, pinned to the server core) with its simulator
 * of 1,000 devices; once the device list has them all, each run opens `/` in a fresh browser
 * context (no cached files) and takes, in the page, `performance.now()` (ms since navigation
 * start) when every panel has painted its answer (no panel still loading, the device count shown
 * at 1,000 or more). Target (issue 26): median ≤ 1.5 s.
 *
 *   node dist/bench/run.js --full --only ui-overview --no-record
 *   BENCH_UI_SCREENSHOT=/path/overview.png node dist/bench/run.js --full --only ui-overview   # + a screenshot after each run
 *
 * Bounded: discovery wait 150 s, each run 30 s, 5 runs (2 at quick scale).
 */
import type { Bench, BenchOptions, Figure } from '../harness/bench.js';
import { median } from '../harness/stats.js';
import { DISCOVERY_MS, PAINT_DEVICES as DEVICES, PAINT_RUN_MS as RUN_MS, paintRuns, sleep } from './paint-harness.js';

async function deviceCount(base: string): Promise<number> {
  const r = await fetch(`${base}/v2/ui/net/1/devices`);
  if (!r.ok) return 0;
  return ((await r.json()) as { devices: unknown[] }).devices.length;
}

async function run(o: BenchOptions): Promise<Figure[]> {
  let devices = 0;
  const { samples, bytes } = await paintRuns(o, 'netmon-bench-ui-overview-', async (base, serverLog) => {
    const deadline = Date.now() + DISCOVERY_MS;
    while (Date.now() < deadline && devices < DEVICES) {
      await sleep(1000);
      devices = await deviceCount(base).catch(() => 0);
    }
    if (devices < DEVICES) throw new Error(`only ${devices} of ${DEVICES} devices listed within ${DISCOVERY_MS / 1000} s; server log: ${serverLog()}`);
    o.log(`${devices} devices listed`);
    return {
      path: '/',
      counts: (url) => /\/v2\/|\/api\//.test(url),
      painted: async (page) => (await (await page.waitForFunction((n) => {
          const total = document.querySelector('.ov-devices [data-count=total]');
          const loading = document.querySelector('.overview-page .loading');
          return total && Number(total.textContent) >= n && !loading && document.querySelector('.ov-health [data-field=health]') ? performance.now() : 0;
        }, DEVICES, { timeout: RUN_MS, polling: 'raf' })).jsonValue()) as number,
      fullPageScreenshot: true,
    };
  });
  return [{
    name: `overview page first paint, ${DEVICES}-device network (navigation → every panel painted)`,
    unit: 'ms', samples, target: { op: '<=', value: 1500 },
    note: `headless chromium 1366×768, a fresh context per run (no cached files), after one warm-up; ${devices} devices; API answers ${bytes.toLocaleString('en-US')} bytes in all; median ${median(samples).toFixed(0)} ms; the browser is not pinned`,
  }];
}

export const uiOverviewBench: Bench = {
  name: 'ui-overview',
  title: 'Web UI: first paint of the overview page on a 1,000-device network in headless chromium',
  run,
};
