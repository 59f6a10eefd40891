/**
 * Login storm (issue "Hard to break", round 3, case 4): what a storm of wrong logins does to the
 * other requests. The built server (dist/main.js) runs as a child process with authentication on,
 * a small simulated network and accounts made by the built CLI. A probe in this process sends, at
 * a fixed rate (open loop: latency from each request's due time), a key-value write (an update of
 * one record: an LMDB write) and a report listing (a directory read), both with a user-role token.
 * Each variant measures the probe without a storm, then with one: a child process (its own event
 * loop, pinned to the load core; the server to the server core) keeps 50 wrong logins in flight from 93 loopback addresses (127.0.0.2 … 127.0.0.94, the
 * client socket bound to each in turn), user names rotating over existing and unknown ones.
 *
 * Variants: `defaults` (the shipped limits: most of the storm is refused unchecked once the
 * per-address, per-name and total limits are reached) and `every login checked` (the failure
 * limits raised out of reach, so that every login the password pool admits runs scrypt: the pool's
 * isolation from libuv's threads alone). Figures: p50/p99 of each probe call without and with the
 * storm, the p99 ratio (target ≤ 2×), and the storm's logins per second by answer. A control
 * variant floods the cheapest public route (`/api/metrics/ping`) the same way, without any password
 * check: what 50 connections' worth of requests cost the machine by themselves.
 *
 *   node dist/bench/run.js --full --only api-login-storm
 *   LOGIN_STORM_MAIN=/other/build/dist/main.js …   the same against another build's server
 *     (LOGIN_STORM_OLD_KEYS=1 when that build knows only auth.maxLoginFailures)
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request, Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { Bench, BenchOptions, Figure } from '../harness/bench.js';
import { randomPort, simulatedConfigText } from '../../test/fakes/helpers.js';
import { pinnedCommand, pinningNote, serverAndLoadCores } from '../harness/process.js';
import { percentile } from '../harness/stats.js';

const HOST = '127.0.0.1';
const STORM_PARALLEL = 50;
const STORM_ADDRESSES = 93;
const STORM_USERS = ['root', 'bench', 'admin', 'operator', 'nobody', 'guest'];
const MAIN = process.env.LOGIN_STORM_MAIN || fileURLToPath(new URL('../../main.js', import.meta.url));
const SELF = fileURLToPath(import.meta.url);

interface Answer { readonly status: number; readonly body: string }

/** One HTTP request; rejects after `timeoutMs` (every wait is bounded). */
function http(o: {
  port: number; method: string; path: string; headers?: Record<string, string>; body?: string; agent?: Agent | false; localAddress?: string; timeoutMs?: number;
}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = o.body === undefined ? undefined : Buffer.from(o.body);
    const req = request({
      host: HOST, port: o.port, method: o.method, path: o.path, agent: o.agent ?? false, localAddress: o.localAddress,
      headers: { ...(o.headers ?? {}), ...(body ? { 'content-length': String(body.length) } : {}) },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.setTimeout(o.timeoutMs ?? 30_000, () => req.destroy(new Error(`${o.method} ${o.path}: no answer in ${o.timeoutMs ?? 30_000} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The storm (run in a child process): STORM_PARALLEL loops of wrong logins until `durationMs` has passed; prints the answers' counts. */
async function stormChild(port: number, durationMs: number, kind: 'login' | 'ping'): Promise<void> {
  const counts: Record<string, number> = {};
  const stopAt = performance.now() + durationMs;
  let n = 0;
  const loop = async () => {
    while (performance.now() < stopAt) {
      const k = n++;
      const localAddress = `127.0.0.${2 + (k % STORM_ADDRESSES)}`;
      const user = STORM_USERS[k % STORM_USERS.length];
      let key: string;
      try {
        const a = kind === 'ping'
          ? await http({ port, method: 'GET', path: '/api/metrics/ping', localAddress, timeoutMs: 30_000 })
          : await http({
            port, method: 'POST', path: '/v2/login', localAddress, timeoutMs: 30_000,
            headers: { 'content-type': 'application/json' }, body: JSON.stringify({ user, password: `wrong-${k}` }),
          });
        key = String(a.status);
      } catch {
        key = 'error';
      }
      counts[key] = (counts[key] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: STORM_PARALLEL }, loop));
  process.stdout.write(`RESULT ${JSON.stringify({ counts, seconds: durationMs / 1000 })}\n`);
}

interface Probe { readonly kv: number[]; readonly list: number[]; readonly errors: number }

/** The probe: a key-value update and a report listing every `1000 / ratePerS` ms for `durationMs`; latency from the due time. */
async function probe(port: number, token: string, handle: string, durationMs: number, ratePerS: number): Promise<Probe> {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const headers = { 'x-nsg-auth-api-token': token };
  const kv: number[] = [], list: number[] = [];
  let errors = 0;
  const timed = async (out: number[], due: number, o: Parameters<typeof http>[0]) => {
    try {
      const a = await http(o);
      if (a.status !== 200) errors++;
      else out.push(performance.now() - due);
    } catch {
      errors++;
    }
  };
  const start = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; ; i++) {
    const due = start + (i * 1000) / ratePerS;
    if (due - start >= durationMs) break;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    pending.push(
      timed(kv, due, { port, agent, method: 'POST', path: `/v2/ui/net/1/keyvalue/${handle}`, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ i, at: due }) }),
      timed(list, due, { port, agent, method: 'GET', path: '/v2/ui/net/1/reports/inventory/list', headers }),
    );
  }
  await Promise.all(pending);
  agent.destroy();
  return { kv, list, errors };
}

function cli(dataDir: string, configPath: string, args: string[], input = ''): string {
  const r = spawnSync(process.execPath, [MAIN, ...args, '--config', configPath], {
    env: { ...process.env, DATA_DIR: dataDir, NETMON_CONFIG: '' }, input, encoding: 'utf8', timeout: 60_000,
  });
  if (r.status !== 0) throw new Error(`netmon ${args.join(' ')}: exit ${r.status}: ${r.stderr}`);
  return r.stdout;
}


/** Starts the server of one variant; resolves once it answers, with what the probe needs. */
async function startServer(dir: string, auth: string): Promise<{ child: ChildProcess; port: number; token: string; handle: string }> {
  const dataDir = join(dir, 'data');
  const simPort = randomPort();
  const configPath = join(dir, 'netmon.yaml');
  writeFileSync(configPath, simulatedConfigText(simPort, {
    devices: 2, interfacesPerDevice: 2, pollInterval: '10s', extra: `auth: { enabled: true${auth} }`,
  }));
  cli(dataDir, configPath, ['user', 'add', 'root', '--role', 'admin'], 'root-password-1\n');
  cli(dataDir, configPath, ['user', 'add', 'bench'], 'bench-password-1\n');
  const token = cli(dataDir, configPath, ['token', 'create', 'probe']).trim();
  const port = randomPort();
  const [cmd, args] = pinnedCommand(serverAndLoadCores().server, process.execPath, [MAIN, '--config', configPath]);
  const child = spawn(cmd, args, {
    env: { ...process.env, HOST, PORT: String(port), DATA_DIR: dataDir, NETMON_CONFIG: '' }, stdio: ['ignore', 'ignore', 'ignore'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try {
      if ((await http({ port, method: 'GET', path: '/api/metrics/ping', timeoutMs: 2000 })).status === 200) break;
    } catch { /* not yet */ }
    if (Date.now() > deadline) throw new Error('the server did not answer within 60 s');
    await sleep(250);
  }
  const made = await http({ port, method: 'POST', path: '/v2/ui/net/1/keyvalue', headers: { 'x-nsg-auth-api-token': token, 'content-type': 'application/json' }, body: '{"first":true}' });
  if (made.status !== 200) throw new Error(`key-value create: ${made.status} ${made.body}`);
  return { child, port, token, handle: (JSON.parse(made.body) as { handle: string }).handle };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const t = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(t);
}

/** Runs the storm child for `durationMs`; resolves with its counts. */
function runStorm(port: number, durationMs: number, kind: 'login' | 'ping'): { done: Promise<{ counts: Record<string, number>; seconds: number }>; child: ChildProcess } {
  const [cmd, args] = pinnedCommand(serverAndLoadCores().load, process.execPath, [SELF, '--storm', String(port), String(durationMs), kind]);
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout!.on('data', (b: Buffer) => { out += b.toString(); });
  const done = new Promise<{ counts: Record<string, number>; seconds: number }>((resolve, reject) => {
    child.on('exit', () => {
      const line = out.split('\n').find((l) => l.startsWith('RESULT '));
      if (line) resolve(JSON.parse(line.slice(7))); else reject(new Error(`storm child: no result (${out.slice(-200)})`));
    });
  });
  return { done, child };
}

async function loginStorm(o: BenchOptions): Promise<Figure[]> {
  const full = o.scale === 'full';
  const probeMs = full ? 20_000 : 6_000;
  const rate = 20;
  const oldKeys = process.env.LOGIN_STORM_OLD_KEYS === '1';
  const variants: [string, string, 'login' | 'ping'][] = [
    ['defaults', '', 'login'],
    ['every login checked', oldKeys ? ', maxLoginFailures: 1000000' : ', maxLoginFailures: 1000000, maxLoginFailuresPerUser: 1000000, maxLoginFailuresTotal: 1000000000', 'login'],
    // The control: the same 50 connections' worth of requests, to the cheapest public route — what a
    // flood of requests costs this machine without any password check.
    ['control: 50 parallel pings, no login', '', 'ping'],
  ];
  const figures: Figure[] = [];
  const ms = (xs: number[], p: number) => percentile(xs, p);
  for (const [variant, auth, kind] of variants) {
    const dir = mkdtempSync(join(tmpdir(), 'netmon-login-storm-'));
    let server: Awaited<ReturnType<typeof startServer>> | undefined;
    let storm: ChildProcess | undefined;
    try {
      server = await startServer(dir, auth);
      await probe(server.port, server.token, server.handle, 2000, rate); // warm-up, not counted
      const quiet = await probe(server.port, server.token, server.handle, probeMs, rate);
      const s = runStorm(server.port, probeMs + 2000, kind);
      storm = s.child;
      await sleep(1000); // the storm under way
      const stormy = await probe(server.port, server.token, server.handle, probeMs, rate);
      const result = await s.done;
      const perS = (k: string) => (result.counts[k] ?? 0) / result.seconds;
      const answers = Object.entries(result.counts).map(([k, v]) => `${k}: ${(v / result.seconds).toFixed(1)}/s`).join(', ');
      o.log(`${variant}: kv p99 ${ms(quiet.kv, 99).toFixed(1)} → ${ms(stormy.kv, 99).toFixed(1)} ms, list p99 ${ms(quiet.list, 99).toFixed(1)} → ${ms(stormy.list, 99).toFixed(1)} ms; storm ${answers}; probe errors ${quiet.errors} / ${stormy.errors}`);
      const v = `[${variant}]`;
      figures.push(
        { name: `${v} key-value write p50, no storm → storm`, unit: 'ms', samples: [ms(quiet.kv, 50), ms(stormy.kv, 50)] },
        { name: `${v} key-value write p99, no storm`, unit: 'ms', samples: [ms(quiet.kv, 99)] },
        { name: `${v} key-value write p99, storm`, unit: 'ms', samples: [ms(stormy.kv, 99)] },
        { name: `${v} key-value write p99 storm / no storm`, unit: '×', samples: [ms(stormy.kv, 99) / ms(quiet.kv, 99)], target: { op: '<=', value: 2 } },
        { name: `${v} report listing p50, no storm → storm`, unit: 'ms', samples: [ms(quiet.list, 50), ms(stormy.list, 50)] },
        { name: `${v} report listing p99, no storm`, unit: 'ms', samples: [ms(quiet.list, 99)] },
        { name: `${v} report listing p99, storm`, unit: 'ms', samples: [ms(stormy.list, 99)] },
        { name: `${v} report listing p99 storm / no storm`, unit: '×', samples: [ms(stormy.list, 99) / ms(quiet.list, 99)], target: { op: '<=', value: 2 } },
        kind === 'ping'
          ? { name: `${v} storm pings answered`, unit: '/s', samples: [perS('200')] }
          : { name: `${v} storm logins answered 401 (checked)`, unit: '/s', samples: [perS('401')] },
        { name: `${v} storm ${kind === 'ping' ? 'requests' : 'logins'} refused 429/503 (unchecked)`, unit: '/s', samples: [perS('429') + perS('503')],
          note: `${variant}: ${STORM_PARALLEL} wrong logins in flight from ${STORM_ADDRESSES} loopback addresses for ${probeMs / 1000 + 2} s (${answers}); probe ${rate}/s of each call for ${probeMs / 1000} s, open loop, latency from the due time, unpinned; probe errors ${quiet.errors} / ${stormy.errors}; ${pinningNote()} (the server; the storm on the load core)` },
      );
    } finally {
      if (storm) await stop(storm);
      if (server) await stop(server.child);
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return figures;
}

export const loginStormBench: Bench = {
  name: 'api-login-storm',
  title: 'key-value writes and report listings with and without a storm of 50 parallel wrong logins from 93 addresses (built server, auth on)',
  run: loginStorm,
};

if (process.argv[2] === '--storm') {
  stormChild(Number(process.argv[3]), Number(process.argv[4]), process.argv[5] === 'ping' ? 'ping' : 'login').catch((e: unknown) => {
    process.stderr.write(`${(e as Error).stack}\n`);
    process.exit(1);
  });
}
