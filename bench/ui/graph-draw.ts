/**
 * Benchmark (not a test): how long the graph workbench takes to draw a graph of 10 series × 24 h
 * once its data have arrived, in headless chromium. Target (issue 15): ≤ 300 ms.
 *
 * The server is the API benchmarks' child (bench/api/api-server.ts: the real API over the real
 * LMDB store filled with 24 h of 1-minute points of the synthetic interfaces of one 48-port switch
 * `sw1`), which also serves the built web UI. The page is `#/workbench` with the rule
 * `name=ifInRate&devices=sw1&sortBy=component.asc&limit=10` and the window `Last 24 h`: one graph
 * call of 10 series × 1,441 points. Per run (a fresh page load each):
 *
 * - from arrival: the graph response's last byte (the browser's Resource Timing `responseEnd`) to
 *   TimeChart's `onDrawn` (JSON parse, columns, Preact render, uPlot's draw);
 * - from parsed: the answer parsed (the page's own mark) to `onDrawn`.
 *
 *   npm run build && node dist/bench/ui/graph-draw.js [runs]
 */
import { chromium } from 'playwright-core';
import { startServer } from '../api/api-bench.js';
import { stopChild } from '../harness/process.js';

const RUNS = Number(process.argv[2] ?? 9);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const median = (xs: number[]): number => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]!; };

async function main(): Promise<void> {
  const server = await startServer(undefined, './api-server.js', ['--slots', '480', '--hours', '24', '--interval-ms', '60000'], 300_000);
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  try {
    process.stderr.write(`store filled: ${server.points} points in ${server.fillMs} ms\n`);
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    const url = `http://127.0.0.1:${server.port}/#/workbench?name=ifInRate&devices=sw1&sortBy=component.asc&limit=10&range=24h`;
    const fromArrival: number[] = [];
    const fromParsed: number[] = [];
    let shape = '';
    for (let k = 0; k < RUNS + 1; k++) {
      await page.goto('about:blank');
      await page.goto(url);
      await page.waitForSelector('.draw-ms', { timeout: 60_000 });
      const m = await page.evaluate(() => {
        const span = document.querySelector('.draw-ms')!;
        const graph = performance.getEntriesByType('resource').filter((e) => e.name.includes('/graph/')).pop() as PerformanceResourceTiming;
        return {
          parsed: Number(span.getAttribute('data-ms')),
          arrival: Number(span.getAttribute('data-drawn-at')) - graph.responseEnd,
          bytes: graph.encodedBodySize,
          series: Number(document.querySelector('.wb-graph .chart')!.getAttribute('data-series')),
          points: Number(document.querySelector('.wb-graph .chart')!.getAttribute('data-points')),
        };
      });
      shape = `${m.series} series, ${m.points} points, ${m.bytes} bytes on the wire`;
      if (k === 0) { process.stderr.write(`warm-up: ${shape}, ${m.arrival.toFixed(1)} ms\n`); continue; }
      fromArrival.push(m.arrival);
      fromParsed.push(m.parsed);
      process.stderr.write(`run ${k}: from arrival ${m.arrival.toFixed(1)} ms, from parsed ${m.parsed.toFixed(1)} ms\n`);
    }
    if (errors.length > 0) throw new Error(`console errors: ${errors.join('; ')}`);
    const result = {
      graph: shape, runs: RUNS,
      fromArrivalMedianMs: Number(median(fromArrival).toFixed(1)), fromArrivalMaxMs: Number(Math.max(...fromArrival).toFixed(1)),
      fromParsedMedianMs: Number(median(fromParsed).toFixed(1)), fromParsedMaxMs: Number(Math.max(...fromParsed).toFixed(1)),
      targetMs: 300,
    };
    process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
  } finally {
    await browser.close();
    await stopChild(server.child);
  }
}

main().catch((e) => { process.stderr.write(`graph-draw: ${(e as Error).stack}\n`); process.exit(1); });
