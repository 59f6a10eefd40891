/**
 * Child process of the API benchmarks: the real API (startApi, uWebSockets.js) over the real
 * embedded LMDB store, filled with `--hours` hours of synthetic points every `--interval-ms` for
 * `--slots` slots ending now, behind the bench collector (store-service.ts) and the real services. Prints `READY {"port":…}` once it
 * serves; stops on SIGTERM and removes its data directory.
 *
 *   node dist/bench/api/api-server.js --slots 10000 --hours 24 --interval-ms 60000
 *
 * With `--auth`: authentication on (auth.enabled), and a user-role access token made at start,
 * printed in READY as `token` for the load generator to send with every request.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApi } from '../../api/server.js';
import { createLogger } from '../../core/logger.js';
import { loadConfig } from '../../core/config-load.js';
import { systemClock } from '../../core/clock.js';
import { createServices } from '../../services/index.js';
import { openEmbeddedStore } from '../../store/open-store.js';
import { READY } from '../harness/process.js';
import { BenchService } from './store-service.js';
import { syntheticInstance, syntheticValue } from './synthetic-vars.js';

function arg(name: string, def: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : def;
}

async function main(): Promise<void> {
  const slots = arg('slots', 0);
  const hours = arg('hours', 24);
  const intervalMs = arg('interval-ms', 60_000);
  const dir = mkdtempSync(join(tmpdir(), 'api-bench-'));
  const logger = createLogger({ level: 'warn' });
  const store = await openEmbeddedStore({ dataDir: dir, logger });

  // Fill: `hours` of grid steps ending at the current grid time, flushed as the server would.
  const started = performance.now();
  const nowMs = Date.now();
  const endMs = Math.floor(nowMs / intervalMs) * intervalMs;
  const steps = Math.round((hours * 3_600_000) / intervalMs);
  const ids = Int32Array.from({ length: slots }, (_, i) => i);
  const values = new Float64Array(slots);
  if (slots > 0) {
    for (let k = 0; k <= steps; k++) {
      for (let s = 0; s < slots; s++) values[s] = syntheticValue(s, k);
      store.series.appendStep(endMs - (steps - k) * intervalMs, ids, values);
      if (k % 60 === 59) await store.series.flush();
    }
    await store.series.flush();
  }
  const fillMs = performance.now() - started;

  const instances = Array.from({ length: slots }, (_, s) => syntheticInstance(s));
  const collector = new BenchService(store.series, instances, intervalMs, nowMs);
  const auth = process.argv.includes('--auth');
  const config = auth ? loadConfig({ text: 'simulator: true\nauth: { enabled: true }\n', env: {} }) : loadConfig({ env: {} });
  const services = createServices({ collector, series: store.series, meta: store.meta, config: () => config, clock: systemClock, logger });
  let token: string | undefined;
  if (auth) {
    await services.auth.start();
    token = (await services.accounts.createToken('bench', 'user')).token;
  }
  const api = await startApi({ host: '127.0.0.1', port: 0, services, logger });
  process.stdout.write(`${READY}${JSON.stringify({ port: api.port, points: slots * (steps + 1), fillMs: Math.round(fillMs), token })}\n`);

  await new Promise<void>((resolve) => { process.once('SIGTERM', resolve); process.once('SIGINT', resolve); });
  api.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}

main().catch((e) => { process.stderr.write(`api-server: ${(e as Error).stack}\n`); process.exit(1); });
