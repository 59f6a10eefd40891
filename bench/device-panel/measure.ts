/**
 * The device panel's latency on the real server and simulator: a server (startApp: store,
 * simulator, worker pool, collector, services, API on loopback) polls a simulated network of 48-port
 * switches every 10 s; once their utilisation has points, the Summary of one switch
 * (`GET /v2/ui/net/1/dashboards/device/:devid`) and its legacy node details
 * (`GET /api/monitor/networks/1/nodes/:nodeid`) are called one after the other over one keep-alive
 * connection, each `n` times, and each call's wall time is taken at the client (so it includes the
 * client's own parsing: an upper bound of the server's time). The polls keep running meanwhile.
 *
 *   npx tsc -p . && node dist/bench/device-panel/measure.js [--quick] [--result]
 *
 * Every loop is bounded in count and time. With --result it prints one `RESULT <json>` line.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApp } from '../../app.js';
import { loadConfig } from '../../core/config-load.js';
import { silentLogger } from '../../core/logger.js';
import { simulatedConfigText } from '../../test/fakes/helpers.js';

const quick = process.argv.includes('--quick');
/** Calls of each kind, and the wall-clock cap of the whole loop. */
const CALLS = quick ? 200 : 2000;
const MAX_LOOP_MS = 60_000;
const PORTS = 48;

export interface DevicePanelResult {
  readonly ports: number;
  readonly dashboardMs: number[];
  readonly nodeDetailsMs: number[];
  readonly dashboardBytes: number;
  readonly nodeDetailsBytes: number;
  readonly topInterfaces: number;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'netmon-bench-panel-'));
  const simPort = 20_000 + Math.floor(Math.random() * 30_000);
  const config = loadConfig({
    path: 'bench.yaml', env: { HOST: '127.0.0.1', PORT: '0', DATA_DIR: dir },
    text: simulatedConfigText(simPort, { devices: 4, interfacesPerDevice: PORTS, pollInterval: '10s', networkExtra: '    discoveryInterval: 1h' }),
  });
  const app = await startApp(config, silentLogger);
  try {
    const base = `http://127.0.0.1:${app.port}`;
    const deadline = Date.now() + 120_000;
    let devId = -1;
    let top = 0;
    // Wait (bounded) for a switch with all its ports and a full top-10 list.
    while (Date.now() < deadline) {
      const g = app.monitor.networks.generation(1, {});
      const d = g?.devices.find((x) => x.interfaces.length >= PORTS);
      if (d) {
        const r = await fetch(`${base}/v2/ui/net/1/dashboards/device/${d.id}`);
        const body = await r.json() as { topInterfaces?: unknown[] };
        if (r.status === 200 && (body.topInterfaces?.length ?? 0) >= 10) { devId = d.id; top = body.topInterfaces!.length; break; }
      }
      await new Promise((res) => setTimeout(res, 500));
    }
    if (devId < 0) throw new Error('no 48-port switch with utilisation points within 120 s');

    const measure = async (path: string): Promise<{ ms: number[]; bytes: number }> => {
      const ms: number[] = [];
      let bytes = 0;
      const end = Date.now() + MAX_LOOP_MS;
      for (let i = 0; i < CALLS && Date.now() < end; i++) {
        const t0 = performance.now();
        const r = await fetch(base + path);
        const text = await r.text();
        ms.push(performance.now() - t0);
        if (r.status !== 200) throw new Error(`${path}: ${r.status} ${text.slice(0, 200)}`);
        bytes = text.length;
      }
      return { ms, bytes };
    };
    // A short warm-up of both, then the measured calls.
    await measure(`/v2/ui/net/1/dashboards/device/${devId}`);
    const dash = await measure(`/v2/ui/net/1/dashboards/device/${devId}`);
    await measure(`/api/monitor/networks/1/nodes/${devId}`);
    const node = await measure(`/api/monitor/networks/1/nodes/${devId}`);
    const result: DevicePanelResult = {
      ports: PORTS, dashboardMs: dash.ms, nodeDetailsMs: node.ms, dashboardBytes: dash.bytes, nodeDetailsBytes: node.bytes, topInterfaces: top,
    };
    if (process.argv.includes('--result')) console.log(`RESULT ${JSON.stringify(result)}`);
    else console.log(JSON.stringify({ ...result, dashboardMs: undefined, nodeDetailsMs: undefined }));
  } finally {
    await app.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(() => process.exit(0), (e: unknown) => { console.error(e); process.exit(1); });
