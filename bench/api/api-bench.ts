/**
 * API benchmarks (project issue #4, item 4):
 *
 * 1. Throughput of a small JSON endpoint of the real API against a plain node:http server that
 *    returns the same bytes: `GET /v2/ui/net/1/status` (≈ 480 bytes of JSON). It is chosen over
 *    `/api/metrics/ping` (text, not JSON) and the healthcheck (its `uptimeMs` changes every call,
 *    so the two servers could not return the same bytes): it goes through the router's path and
 *    query parsing, a handler, the services and JSON encoding, and its answer is constant.
 *    Both servers run in a child process pinned to core 0, wrk (C, `-t1 -c50`) pinned to core 1;
 *    repetitions alternate between the two servers; the ratio is taken per pair. Two more servers
 *    tell where the API's cost lies: the uWS adapter and router answering fixed bytes, and bare
 *    uWebSockets.js with no code of ours (the floor, and so the ceiling of the ratio).
 * 2. Latency of graph calls of 10 triplets × 24 h at a fixed offered rate of 200 requests/s over
 *    50 keep-alive connections (open loop, bench/api/open-loop.ts), the server on the real LMDB
 *    store filled with 24 h of 1-minute points for 10k slots (1k at quick scale). Request mix:
 *    request k asks for the 10 slots of `graphSlots(k)`, spread over the whole slot range; the
 *    generator cycles through 1000 distinct requests, so at 200 req/s each one recurs every 5 s
 *    (as a dashboard re-requests its graphs on every refresh) and at full scale every slot of the
 *    store is read every 5 s. The store is not written during the run.
 */
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { Bench, BenchOptions, Figure } from '../harness/bench.js';
import { cpuProfFlags } from '../harness/cpu-profile.js';
import { cpuSeconds } from '../harness/cpu-time.js';
import {
  nodeArgs, READY, RESULT, runPinned, serverAndLoadCores, spawnPinned, stopChild, waitForLine, waitForPort,
} from '../harness/process.js';
import { runWrk } from '../harness/wrk.js';
import type { OpenLoopResult } from './open-loop.js';
import type { CannedResponse } from './plain-server.js';
import { graphPath, graphSlots } from './synthetic-vars.js';

const here = (f: string) => fileURLToPath(new URL(f, import.meta.url));
export const STATUS_PATH = '/v2/ui/net/1/status';
export const HOST = '127.0.0.1';

interface Fetched { status: number; headers: Record<string, string>; body: Buffer }

export function fetchOnce(port: number, path: string, headers: Record<string, string> = {}): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const req = request({ host: HOST, port, path, agent: false, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') headers[k] = v;
        resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

export async function startServer(core: number | undefined, script: string, args: string[], readyTimeoutMs: number) {
  const [cmd, a] = nodeArgs(here(script), args, cpuProfFlags(process.env.BENCH_CPU_PROF_DIR));
  const child = spawnPinned(core, cmd, a);
  try {
    const ready = await waitForLine<{ port: number; points?: number; fillMs?: number; token?: string }>(child, READY, readyTimeoutMs);
    await waitForPort(HOST, ready.port, 5000);
    return { child, ...ready };
  } catch (e) {
    await stopChild(child);
    throw e;
  }
}

/** Transport headers each server adds by itself; everything else is copied to the plain server. */
export const OWN_HEADERS = new Set(['date', 'content-length', 'connection', 'keep-alive', 'transfer-encoding', 'uwebsockets']);

async function throughput(o: BenchOptions): Promise<Figure[]> {
  const cores = serverAndLoadCores();
  const reps = o.scale === 'full' ? 5 : 2;
  const durationS = o.scale === 'full' ? 10 : 4;
  const api = await startServer(cores.server, './api-server.js', ['--slots', '0'], 30_000);
  let plain: Awaited<ReturnType<typeof startServer>> | undefined;
  let transport: Awaited<ReturnType<typeof startServer>> | undefined;
  let bareUws: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    const answer = await fetchOnce(api.port, STATUS_PATH);
    if (answer.status !== 200) throw new Error(`${STATUS_PATH} answered ${answer.status}: ${answer.body.toString()}`);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(answer.headers)) if (!OWN_HEADERS.has(k)) headers[k] = v;
    const canned: CannedResponse = { status: answer.status, headers, bodyBase64: answer.body.toString('base64') };
    const cannedArg = Buffer.from(JSON.stringify(canned)).toString('base64');
    plain = await startServer(cores.server, './plain-server.js', ['--response', cannedArg], 10_000);
    transport = await startServer(cores.server, './transport-server.js', ['--response', cannedArg, '--path', STATUS_PATH], 10_000);
    bareUws = await startServer(cores.server, './bare-uws-server.js', ['--response', cannedArg], 10_000);
    const check = await fetchOnce(plain.port, STATUS_PATH);
    if (!check.body.equals(answer.body) || check.headers['content-type'] !== answer.headers['content-type']) {
      throw new Error('the plain server does not return the same body and content type');
    }
    o.log(`${STATUS_PATH}: ${answer.body.length} bytes of ${answer.headers['content-type']}`);

    // One measured wrk run against a server, with the server's CPU seconds over the run.
    const wrk = async (server: { port: number; child: { pid?: number } }) => {
      const before = cpuSeconds(server.child.pid);
      const r = await runWrk({ url: `http://${HOST}:${server.port}${STATUS_PATH}`, threads: 1, connections: 50, durationS, core: cores.load });
      if (r.errors > 0) throw new Error(`wrk reported ${r.errors} errors`);
      const serverCpuS = cpuSeconds(server.child.pid) - before;
      return { ...r, serverCpuUsPerReq: (serverCpuS * 1e6) / r.requests, serverCpuShare: serverCpuS / r.durationS, wrkCpuShare: r.wrkCpuS / r.durationS };
    };
    await wrk(api); // warm-up (JIT) of both, not counted
    await wrk(plain);
    await wrk(transport);
    await wrk(bareUws);
    const ours: number[] = [], theirs: number[] = [], ratios: number[] = [];
    const oursCpu: number[] = [], theirsCpu: number[] = [], cpuRatios: number[] = [];
    const bare: number[] = [], bareCpu: number[] = [];
    const floorCpu: number[] = [], floorRatios: number[] = [];
    let wrkShare = 0;
    const shares: string[] = [];
    for (let r = 0; r < reps; r++) {
      // Alternate which goes first, so that drift of the machine's load hits both alike.
      const first = r % 2 === 0;
      const a = first ? await wrk(api) : undefined;
      const p = await wrk(plain);
      const b = a ?? await wrk(api);
      const t = await wrk(transport);
      const f = await wrk(bareUws);
      bare.push(t.requestsPerS); bareCpu.push(t.serverCpuUsPerReq);
      floorCpu.push(f.serverCpuUsPerReq); floorRatios.push(f.requestsPerS / p.requestsPerS);
      ours.push(b.requestsPerS); theirs.push(p.requestsPerS); ratios.push(b.requestsPerS / p.requestsPerS);
      oursCpu.push(b.serverCpuUsPerReq); theirsCpu.push(p.serverCpuUsPerReq); cpuRatios.push(p.serverCpuUsPerReq / b.serverCpuUsPerReq);
      wrkShare = Math.max(wrkShare, b.wrkCpuShare, p.wrkCpuShare);
      shares.push(`${Math.round(100 * b.serverCpuShare)}/${Math.round(100 * p.serverCpuShare)}`);
      o.log(`rep ${r + 1}/${reps}: uWS API ${Math.round(b.requestsPerS)} req/s (${b.serverCpuUsPerReq.toFixed(1)} µs CPU/req, core ${Math.round(100 * b.serverCpuShare)} % busy), ` +
        `node:http ${Math.round(p.requestsPerS)} req/s (${p.serverCpuUsPerReq.toFixed(1)} µs CPU/req, ${Math.round(100 * p.serverCpuShare)} %), ` +
        `uWS adapter + router alone ${Math.round(t.requestsPerS)} req/s (${t.serverCpuUsPerReq.toFixed(1)} µs CPU/req), ` +
        `bare uWS ${Math.round(f.requestsPerS)} req/s (${f.serverCpuUsPerReq.toFixed(1)} µs CPU/req), ` +
        `ratio ${(b.requestsPerS / p.requestsPerS).toFixed(2)}; wrk used ${Math.round(100 * b.wrkCpuShare)}/${Math.round(100 * p.wrkCpuShare)} % of its core`);
    }
    const setting = `wrk -t1 -c50 -d${durationS}s, ${reps} alternating repetitions after one warm-up each; ` +
      `server CPU busy (API/node:http, % of one core) ${shares.join(', ')}; wrk used up to ${Math.round(100 * wrkShare)} % of its core`;
    return [
      { name: `API ${STATUS_PATH} throughput`, unit: 'req/s', samples: ours, note: `${answer.body.length}-byte JSON answer; ${setting}` },
      { name: 'node:http same bytes throughput', unit: 'req/s', samples: theirs },
      { name: 'API / node:http throughput ratio', unit: '×', samples: ratios, target: { op: '>=', value: 3 } },
      { name: 'API server CPU per request', unit: 'µs', samples: oursCpu },
      { name: 'node:http server CPU per request', unit: 'µs', samples: theirsCpu },
      { name: 'node:http / API CPU per request', unit: '×', samples: cpuRatios },
      { name: 'uWS adapter + router alone (fixed bytes) throughput', unit: 'req/s', samples: bare },
      { name: 'uWS adapter + router alone CPU per request', unit: 'µs', samples: bareCpu },
      {
        name: 'bare uWebSockets.js (no code of ours) CPU per request', unit: 'µs', samples: floorCpu,
        note: 'bench/api/bare-uws-server.ts: the floor under the API on this machine',
      },
      { name: 'bare uWS / node:http throughput ratio (the ceiling of the API ratio)', unit: '×', samples: floorRatios },
    ];
  } finally {
    if (plain) await stopChild(plain.child);
    if (transport) await stopChild(transport.child);
    if (bareUws) await stopChild(bareUws.child);
    await stopChild(api.child);
  }
}

async function latency(o: BenchOptions): Promise<Figure[]> {
  const cores = serverAndLoadCores();
  const full = o.scale === 'full';
  const slots = full ? 10_000 : 1_000;
  const hours = 24;
  const reps = full ? 3 : 1;
  const durationS = full ? 30 : 10;
  const rate = 200, connections = 50;
  o.log(`filling the store: ${slots} slots × ${hours} h of 1-minute points`);
  const server = await startServer(cores.server, './api-server.js', ['--slots', String(slots), '--hours', String(hours), '--interval-ms', '60000'], 600_000);
  try {
    o.log(`filled ${server.points} points in ${server.fillMs} ms`);
    const sample = await fetchOnce(server.port, graphPath(0, slots, hours));
    const body = JSON.parse(sample.body.toString()) as { info?: { timeseries: string[] }[]; errors?: string };
    const points = (body.info ?? []).map((i) => i.timeseries.length - 1);
    // The fill ends at the grid minute of its start and the graph's window at the time of this call:
    // when a minute boundary passed in between (the fill takes ~10 s), the oldest point is out of it.
    if (sample.status !== 200 || points.length !== graphSlots(0, slots).length || points.some((n) => n < hours * 60 - 1)) {
      throw new Error(`graph call answered ${sample.status} with ${points.length} series of ${points.join('/')} points: ${body.errors ?? ''}`);
    }
    o.log(`one graph answer: ${sample.body.length} bytes, ${points.length} series of ${points[0]} points`);

    const gen = (durS: number, offset: number) => {
      const [cmd, a] = nodeArgs(here('./open-loop.js'), [
        '--port', String(server.port), '--rate', String(rate), '--connections', String(connections),
        '--duration-s', String(durS), '--slots', String(slots), '--hours', String(hours), '--offset', String(offset),
      ]);
      return runPinned(cores.load, cmd, a, { timeoutMs: (durS + 60) * 1000, passStderr: true }).then((r) => {
        const line = r.stdout.split('\n').find((l) => l.startsWith(RESULT));
        if (r.code !== 0 || !line) throw new Error(`open-loop generator exited with ${r.code}: ${r.stdout}`);
        return JSON.parse(line.slice(RESULT.length)) as OpenLoopResult & { error?: string };
      });
    };
    await gen(3, 100_000); // warm-up, not counted
    const p50: number[] = [], p99: number[] = [], mx: number[] = [], cpuMs: number[] = [];
    let unanswered = 0, non200 = 0, lag = 0;
    for (let r = 0; r < reps; r++) {
      const cpuBefore = cpuSeconds(server.child.pid);
      const x = await gen(durationS, r * 10_000);
      if (x.error) throw new Error(`open-loop generator: ${x.error}`);
      p50.push(x.p50Ms); p99.push(x.p99Ms); mx.push(x.maxMs);
      cpuMs.push(((cpuSeconds(server.child.pid) - cpuBefore) * 1000) / Math.max(1, x.answered));
      unanswered += x.unanswered; non200 += x.non200; lag = Math.max(lag, x.maxSendLagMs);
      o.log(`rep ${r + 1}/${reps}: ${x.answered}/${x.sent} answered, p50 ${x.p50Ms.toFixed(2)} ms, p99 ${x.p99Ms.toFixed(2)} ms, max ${x.maxMs.toFixed(1)} ms, ${Math.round(x.meanResponseBytes / 1024)} KiB/answer, send lag ≤ ${x.maxSendLagMs.toFixed(1)} ms`);
    }
    const setting = `open loop ${rate} req/s over ${connections} keep-alive connections, ${reps} × ${durationS} s after a 3 s warm-up; ` +
      `${slots} slots × 24 h of 1-min points in LMDB; ${sample.body.length} bytes/answer; ${unanswered} unanswered, ${non200} non-200; ` +
      `generator send lag ≤ ${lag.toFixed(1)} ms`;
    return [
      { name: 'graph 10 triplets × 24 h p50', unit: 'ms', samples: p50, note: setting },
      { name: 'graph 10 triplets × 24 h p99', unit: 'ms', samples: p99, target: { op: '<=', value: 15 } },
      { name: 'graph 10 triplets × 24 h max', unit: 'ms', samples: mx },
      {
        name: 'graph 10 triplets × 24 h server CPU per answer', unit: 'ms', samples: cpuMs,
        note: `at ${rate} req/s the server's core needs ≤ ${(1000 / rate).toFixed(1)} ms of CPU per answer to keep up at all`,
      },
    ];
  } finally {
    await stopChild(server.child);
  }
}

export const apiBench: Bench = {
  name: 'api',
  title: 'API throughput against node:http (wrk) and graph latency at a fixed rate (open loop)',
  async run(o) {
    const t = await throughput(o);
    const l = await latency(o);

    return [...t, ...l];
  },
};
