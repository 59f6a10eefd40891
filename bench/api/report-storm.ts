/**
 * A storm of on-demand report runs against the built server (dist/main.js as a child process) with
 * its simulated network (DEVICES devices of PORTS ports and one more interface each: 9,800
 * interfaces by default), authentication on and user-role tokens made by the built CLI before the
 * server starts:
 *
 *   0. no run: the baseline of ping times and RSS (every phase falls between two poll cycles);
 *   1. one run alone (the peak RSS of ONE utilisation run on the whole network);
 *   2. RUNS posts at once with one token (the caller's share: limits.reportRuns.maxPerCaller);
 *   3. RUNS posts at once spread over TOKENS tokens (the queue: maxRunning + maxQueued).
 *
 * During each phase a pinger (a worker thread) sends `GET /v2/ping/net/1` one after another (each timed); the
 * server's RSS is sampled from /proc/<pid>/status every 20 ms, and its VmHWM is reset before each
 * phase (`5` into /proc/<pid>/clear_refs) so that VmHWM after a phase is that phase's peak. A phase
 * ends when every admitted run has ended (bounded). Targets: peak RSS < 500 MB, ping p99 < 50 ms,
 * the server alive at the end.
 *
 *   npm run build --silent && node dist/bench/api/report-storm.js [--runs 800] [--tokens 8] [--devices 200] [--ports 48] [--category utilisation]
 *
 * `--runs 0`: only the baseline and the single run (the storm phases are left out).
 * BENCH_CPU_PROF_DIR=<dir>: the server writes a V8 CPU profile there when it stops (summarise it
 * with bench/harness/cpu-profile.ts; `--holds` lists the longest stretches of the main thread).
 *
 * Bounded: discovery wait 240 s, each phase 300 s; every request has a timeout.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuProfFlags } from '../harness/cpu-profile.js';
import { stopChild } from '../harness/process.js';
import { startPinger } from '../harness/pinger-worker.js';
import { simulatedConfigText } from '../../test/fakes/helpers.js';
import { withDeadline } from '../../core/deadline.js';

const MAIN = fileURLToPath(new URL('../../main.js', import.meta.url));
const DISCOVERY_MS = 240_000;
const PHASE_MS = 300_000;
const REQUEST_MS = 60_000;
/** The baseline phase: pings for this long with no report run. */
const IDLE_MS = 15_000;

function arg(name: string, dflt: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : dflt;
}
const RUNS = Number(arg('runs', '800'));
const TOKENS = Number(arg('tokens', '8'));
const DEVICES = Number(arg('devices', '200'));
const PORTS = Number(arg('ports', '48'));
const CATEGORY = arg('category', 'utilisation');

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

function startTokenPinger(url: string, token: string): ReturnType<typeof startPinger> {
  return startPinger(url, { authorization: `Bearer ${token}` }, REQUEST_MS);
}

function cli(dataDir: string, args: string[]): string {
  const r = spawnSync(process.execPath, [MAIN, ...args], { env: { ...process.env, DATA_DIR: dataDir, NETMON_CONFIG: '' }, encoding: 'utf8', timeout: 60_000 });
  if (r.status !== 0) throw new Error(`netmon ${args.join(' ')}: exit ${r.status}: ${r.stderr}`);
  return r.stdout.trim();
}

/** A field of /proc/<pid>/status in MB (kB in the file); null once the process is gone. */
function procMb(pid: number, field: 'VmRSS' | 'VmHWM'): number | null {
  try {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : null;
  } catch { return null; }
}

/** Resets the process's peak RSS (VmHWM) to its current RSS; false where the kernel refuses. */
function resetPeak(pid: number): boolean {
  try { writeFileSync(`/proc/${pid}/clear_refs`, '5'); return true; } catch { return false; }
}

const pct = (xs: number[], p: number): number => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

interface PhaseResult {
  readonly name: string;
  readonly posts: number;
  readonly admitted: number;
  readonly refused429: number;
  readonly refused503: number;
  readonly other: number;
  readonly postsMs: number;
  readonly drainMs: number;
  readonly peakRssMb: number;
  readonly hwmMb: number | null;
  readonly pings: number;
  readonly pingP50: number;
  readonly pingP99: number;
  readonly pingMax: number;
  readonly pingFailures: number;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'netmon-bench-report-storm-'));
  const dataDir = join(dir, 'data');
  const simPort = 20_000 + Math.floor(Math.random() * 15_000);
  const port = 35_000 + Math.floor(Math.random() * 15_000);
  const configPath = join(dir, 'netmon.yaml');
  writeFileSync(configPath, simulatedConfigText(simPort, {
    devices: DEVICES, interfacesPerDevice: PORTS, pollInterval: '60s', timeout: '3s',
    networkExtra: '    discoveryInterval: 1h', extra: 'auth: { enabled: true }\nreports: { schedule: off }',
  }));
  const tokens: string[] = [];
  for (let i = 0; i < TOKENS; i++) tokens.push(cli(dataDir, ['token', 'create', `storm${i}`]));
  const server: ChildProcess = spawn(process.execPath, [...cpuProfFlags(process.env.BENCH_CPU_PROF_DIR), MAIN, '--config', configPath], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir }, stdio: ['ignore', 'ignore', 'pipe'],
  });
  let serverLog = '';
  server.stderr!.on('data', (b: Buffer) => { serverLog = (serverLog + b.toString()).slice(-4000); });
  let exited: string | null = null;
  server.once('exit', (code, sig) => { exited = `exit ${code ?? sig}`; });
  const pid = server.pid!;
  const base = `http://127.0.0.1:${port}`;
  const call = async (method: string, path: string, token: string): Promise<{ status: number; body: any }> => {
    const r = await withDeadline(REQUEST_MS, (signal) => fetch(base + path, { method, headers: { authorization: `Bearer ${token}` }, signal }));
    const text = await r.text();
    try { return { status: r.status, body: JSON.parse(text) }; } catch { return { status: r.status, body: text }; }
  };
  const log = (s: string): void => { process.stderr.write(`${new Date().toISOString()} ${s}\n`); };
  try {
    // The server up, discovery of the whole network done, one poll cycle written.
    const until = Date.now() + DISCOVERY_MS;
    let devices = 0, interfaces = 0;
    for (;;) {
      if (exited) throw new Error(`the server ended: ${exited}\n${serverLog}`);
      if (Date.now() > until) throw new Error(`discovery did not find ${DEVICES} devices within ${DISCOVERY_MS / 1000} s (${devices})\n${serverLog}`);
      try {
        const tasks = (await call('GET', '/v2/ui/net/1/tasks', tokens[0]!)).body.tasks as { kind: string; state: string }[] | undefined;
        if (tasks?.some((x) => x.kind === 'discovery' && x.state === 'completed')) {
          const topo = (await call('GET', '/v2/discovery/net/1/topo', tokens[0]!)).body;
          devices = topo.devices.length;
          interfaces = topo.devices.reduce((s: number, d: { interfaces: unknown[] }) => s + d.interfaces.length, 0);
          break;
        }
      } catch { /* not up yet */ }
      await sleep(1000);
    }
    // The phases begin right after a poll cycle has ended, so that they fall between two cycles
    // (60 s apart; a cycle of 10,000 interfaces holds the server's loop a while of its own).
    const cycles = async (): Promise<number> => {
      const text = (await call('GET', '/metrics', tokens[0]!)).body as string;
      const m = /^netmon_poll_cycles_total\{network="1"\} (\d+)/m.exec(typeof text === 'string' ? text : '');
      return m ? Number(m[1]) : 0;
    };
    log(`discovery done: ${devices} devices, ${interfaces} interfaces; waiting for two poll cycles to end`);
    const first = await cycles();
    for (const end = Date.now() + 150_000; (await cycles()) < Math.max(2, first + 1);) {
      if (Date.now() > end) throw new Error('no poll cycle ended within 150 s');
      await sleep(500);
    }
    await sleep(2000);
    const rssBefore = procMb(pid, 'VmRSS');
    log(`server RSS before the storm: ${rssBefore?.toFixed(0)} MB`);

    const phase = async (name: string, perToken: number[]): Promise<PhaseResult> => {
      const peakReset = resetPeak(pid);
      let peak = procMb(pid, 'VmRSS') ?? 0;
      const sampler = setInterval(() => { peak = Math.max(peak, procMb(pid, 'VmRSS') ?? 0); }, 20);
      const pinger = startTokenPinger(`${base}/v2/ping/net/1`, tokens[0]!);
      await sleep(200);
      const t0 = performance.now();
      const posts: Promise<{ status: number; body: any }>[] = [];
      perToken.forEach((n, i) => {
        for (let k = 0; k < n; k++) posts.push(call('POST', `/v2/ui/net/1/reports/${CATEGORY}/run`, tokens[i]!).catch((e: Error) => ({ status: 0, body: e.message })));
      });
      const answers = await Promise.all(posts);
      const postsMs = performance.now() - t0;
      const admitted = answers.filter((a) => a.status === 202).map((a) => a.body.task.id as number);
      const end = Date.now() + PHASE_MS;
      for (;;) {
        const tasks = (await call('GET', '/v2/ui/net/1/tasks', tokens[0]!)).body.tasks as { id: number; state: string }[];
        const open = tasks.filter((x) => admitted.includes(x.id) && x.state !== 'completed' && x.state !== 'failed').length;
        if (open === 0) break;
        if (Date.now() > end) throw new Error(`${name}: ${open} admitted runs still open after ${PHASE_MS / 1000} s`);
        await sleep(250);
      }
      if (perToken.length === 0) await sleep(IDLE_MS);
      const drainMs = performance.now() - t0;
      const { ms: pings, failures: pingFailures } = await pinger.stop();
      clearInterval(sampler);
      const r: PhaseResult = {
        name, posts: answers.length, admitted: admitted.length,
        refused429: answers.filter((a) => a.status === 429).length, refused503: answers.filter((a) => a.status === 503).length,
        other: answers.filter((a) => ![202, 429, 503].includes(a.status)).length,
        postsMs, drainMs, peakRssMb: peak, hwmMb: peakReset ? procMb(pid, 'VmHWM') : null,
        pings: pings.length, pingP50: pct(pings, 50), pingP99: pct(pings, 99), pingMax: pct(pings, 100), pingFailures,
      };
      log(JSON.stringify(r));
      return r;
    };
    const results: PhaseResult[] = [];
    results.push(await phase(`no run (baseline, ${IDLE_MS / 1000} s)`, []));
    results.push(await phase('one run alone', [1]));
    if (RUNS > 0) {
      results.push(await phase(`${RUNS} at once, one token`, [RUNS]));
      const share = Array.from({ length: TOKENS }, (_, i) => Math.floor(RUNS / TOKENS) + (i < RUNS % TOKENS ? 1 : 0));
      results.push(await phase(`${RUNS} at once, ${TOKENS} tokens`, share));
    }
    const alive = exited === null && (await call('GET', '/v2/ping/net/1', tokens[0]!)).status === 200;
    const gates = (await call('GET', '/metrics', tokens[0]!).catch(() => ({ status: 0, body: '' })));
    const gateLines = typeof gates.body === 'string' ? gates.body.split('\n').filter((l) => l.startsWith('netmon_work_gate')).join('\n') : '';
    const fmt = (v: number | null, d = 0): string => (v === null || Number.isNaN(v) ? '—' : v.toFixed(d));
    const lines = [
      `network: ${devices} devices, ${interfaces} interfaces; category ${CATEGORY}; server RSS before: ${fmt(rssBefore)} MB`,
      '',
      '| phase | posts | admitted | 429 | 503 | other | peak RSS (sampled / VmHWM) | ping p50 / p99 / max | pings (failed) | all answered / runs drained |',
      '|---|---|---|---|---|---|---|---|---|---|',
      ...results.map((r) => `| ${r.name} | ${r.posts} | ${r.admitted} | ${r.refused429} | ${r.refused503} | ${r.other} | ${fmt(r.peakRssMb)} / ${fmt(r.hwmMb)} MB | ` +
        `${fmt(r.pingP50, 1)} / ${fmt(r.pingP99, 1)} / ${fmt(r.pingMax, 1)} ms | ${r.pings} (${r.pingFailures}) | ${fmt(r.postsMs / 1000, 1)} s / ${fmt(r.drainMs / 1000, 1)} s |`),
      '',
      `server alive at the end: ${alive ? 'yes' : `NO (${exited ?? 'ping failed'})`}`,
      `targets: peak RSS < 500 MB: ${results.every((r) => Math.max(r.peakRssMb, r.hwmMb ?? 0) < 500) ? 'pass' : 'FAIL'}; ` +
        `ping p99 < 50 ms: ${results.every((r) => r.pingP99 < 50) ? 'pass' : 'FAIL'}`,
      ...(gateLines ? ['', '```', gateLines, '```'] : []),
    ];
    process.stdout.write(lines.join('\n') + '\n');
  } finally {
    await stopChild(server);
    rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  }
}

main().catch((e: unknown) => { process.stderr.write(`${(e as Error).stack ?? String(e)}\n`); process.exitCode = 1; });
