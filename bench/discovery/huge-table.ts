/**
 * One agent with a 2,000,000-row ifTable beside normal simulated devices, against the built server
 * run as a child process (issue "Hard to break, round 3", point 2):
 *
 *   node dist/bench/discovery/huge-table.js [--rows 2000000] [--devices 20] [--after-s 60]
 *
 * The hostile agent (sim/hostile-agent.ts, rows computed on demand) runs in a process of its own;
 * the server's own simulator serves the normal devices (network 1, polled every 5 s); network 2
 * holds the huge agent alone (polled every 5 s too), with the default bounds. Measured: the time from
 * the server's start to the huge agent's discovery ended (its generation listed with the device),
 * the server's peak RSS (VmHWM of /proc/<pid>/status, target < 500 MB), the API's ping latency
 * (`/api/metrics/ping` one request after the other, p50/p99/max; target p99 < 50 ms) over the whole
 * run, and the normal devices' series read back through the API (sysUpTime and ifInRate of every
 * device: no missing grid step from the first point on) after `--after-s` more seconds of polling.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnHostileAgents } from '../../sim/hostile-agent.js';
import { withDeadline } from '../../core/deadline.js';

const arg = (name: string, dflt: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const ROWS = arg('rows', 2_000_000);
const DEVICES = arg('devices', 20);
const AFTER_S = arg('after-s', 60);
const POLL_S = 5;
const port = (): number => 20_000 + Math.floor(Math.random() * 30_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (xs: number[], p: number) => { const s = xs.slice().sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN; };
function statusKb(pid: number, key: string): number {
  try {
    const m = new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : NaN;
  } catch { return NaN; }
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'netmon-huge-'));
  const hostilePort = port(), simPort = port(), apiPort = port();
  const agents = await spawnHostileAgents([{ mode: 'huge', rows: ROWS, address: '127.3.161.1', port: hostilePort }]);
  const cfg = join(dir, 'netmon.yaml');
  writeFileSync(cfg, `
simulator: { devices: ${DEVICES}, interfacesPerDevice: 24, port: ${simPort} }
networks:
  - id: 1
    name: normal
    seeds: [127.1.0.1]
    ranges: [127.1.0.0/16]
    snmp: { port: ${simPort}, timeout: 2s, retries: 1 }
    pollInterval: ${POLL_S}s
    discoveryInterval: 1h
  - id: 2
    name: huge
    seeds: [127.3.161.1]
    ranges: [127.3.161.0/24]
    snmp: { port: ${hostilePort}, timeout: 2s, retries: 1 }
    pollInterval: ${POLL_S}s
    discoveryInterval: 1h
`);
  const main = fileURLToPath(new URL('../../main.js', import.meta.url));
  const t0 = Date.now();
  const server = spawn(process.execPath, [main, '--config', cfg], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(apiPort), DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'info' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let serverLog = '';
  server.stderr!.on('data', (b: Buffer) => { serverLog = (serverLog + b.toString()).slice(-20_000); });
  const pid = server.pid!;
  const base = `http://127.0.0.1:${apiPort}`;
  let peakKb = 0, rssKb = 0;
  const sampler = setInterval(() => { peakKb = Math.max(peakKb, statusKb(pid, 'VmHWM') || 0); rssKb = statusKb(pid, 'VmRSS') || rssKb; }, 200);

  const get = async (path: string): Promise<any> => {
    const r = await withDeadline(30_000, (signal) => fetch(base + path, { signal }));
    return r.status === 200 ? r.json() : undefined;
  };
  // The API answers (bounded wait), then pings run all along.
  for (let i = 0; i < 600; i++) { try { if ((await fetch(`${base}/api/metrics/ping`)).status === 200) break; } catch { /* not yet */ } await sleep(100); }
  const pings: number[] = [];
  /** When each ping was sent (ms since the server's start). */
  const pingAt: number[] = [];
  let pingErrors = 0, pinging = true;
  const pinger = (async () => {
    while (pinging) {
      const s = performance.now();
      const at = Date.now() - t0;
      try { const r = await withDeadline(30_000, (signal) => fetch(`${base}/api/metrics/ping`, { signal })); await r.arrayBuffer(); pings.push(performance.now() - s); pingAt.push(at); } catch { pingErrors++; }
      await sleep(20);
    }
  })();

  let discoveredMs = NaN;
  let hugeRecord: any;
  for (let i = 0; i < 3000 && Number.isNaN(discoveredMs); i++) {
    const r = await get('/v2/discovery/net/2/devices').catch(() => undefined);
    if (r && r.generation > 0 && r.devices.length > 0) { discoveredMs = Date.now() - t0; hugeRecord = r.devices[0]; break; }
    await sleep(200);
  }
  const pingsAtDiscovery = pings.length;
  const fromMs = Date.now();
  await sleep(AFTER_S * 1000);

  // The normal devices' series, read back through the API: no missing grid step from the first point on.
  const topo = await get('/v2/discovery/net/1/topo');
  let series = 0, points = 0, gaps = 0;
  for (const d of topo?.devices ?? []) {
    for (const triplet of [`sysUpTime.${d.id}.0`, `ifInRate.${d.id}.${d.interfaces[0].index}`]) {
      const r = await get(`/v2/ui/net/1/data/${triplet}?intervalHr=1`);
      const rows = ((r?.info?.[0]?.timeseries ?? []) as string[]).slice(1).map((s) => s.split(',').map(Number));
      const steady = rows.slice(triplet.startsWith('ifInRate') ? 1 : 0).filter(([ts]) => ts! >= fromMs - 60_000);
      series++; points += steady.length;
      gaps += steady.filter(([ts, v], i) => !Number.isFinite(v) || (i > 0 && ts! - steady[i - 1]![0]! !== POLL_S * 1000)).length;
    }
  }
  const instances = (await get('/v2/ui/net/2/status').catch(() => undefined)) ?? {};
  pinging = false;
  await pinger;
  clearInterval(sampler);
  peakKb = Math.max(peakKb, statusKb(pid, 'VmHWM') || 0);
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  await agents.stop();
  rmSync(dir, { recursive: true, force: true });

  // After the huge device's discovery and first polls (15 s later): what its steady polling costs the API.
  const steadyFrom = discoveredMs + 15_000;
  const steady = pings.filter((_, i) => pingAt[i]! >= steadyFrom);
  const slow = pingAt.filter((_, i) => pings[i]! > 50).map((at) => +(at / 1000).toFixed(1));
  const result = {
    rows: ROWS, normalDevices: DEVICES,
    hugeDiscoveryEndedS: +(discoveredMs / 1000).toFixed(1),
    hugeInterfacesRecorded: hugeRecord?.interfaces?.length ?? 0,
    hugeTableErrors: (hugeRecord?.tableErrors ?? []).map((e: { table: string; error: string }) => `${e.table}: ${e.error}`),
    peakRssMB: +(peakKb / 1024).toFixed(0), lastRssMB: +(rssKb / 1024).toFixed(0),
    pings: pings.length, pingsDuringDiscovery: pingsAtDiscovery, pingErrors,
    pingP50ms: +pct(pings, 50).toFixed(2), pingP99ms: +pct(pings, 99).toFixed(2), pingMaxms: +Math.max(...pings).toFixed(1),
    steadyPings: steady.length, steadyP50ms: +pct(steady, 50).toFixed(2), steadyP99ms: +pct(steady, 99).toFixed(2), steadyMaxms: +Math.max(...steady).toFixed(1),
    slowPingsAtS: slow.slice(0, 60),
    normalSeries: series, normalPoints: points, normalGaps: gaps,
    hugeNetworkStatus: JSON.stringify(instances).slice(0, 300),
  };
  console.log(JSON.stringify(result, null, 2));
  if (Number.isNaN(discoveredMs)) console.log(serverLog.slice(-3000));
}

await main();
