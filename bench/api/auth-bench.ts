/**
 * The status throughput ratio with authentication on (the acceptance: it still meets the
 * api bench's target, ≥ 3× node:http). Three servers pinned to core 0, wrk `-t1 -c50` pinned to
 * core 1, as in api-bench.ts: the real API with authentication off, the real API with
 * authentication on and a user-role token in `X-NSG-Auth-API-Token` on every request (token
 * verification: SHA-256 of the token, one read of the accounts version from LMDB, a map lookup),
 * and the plain node:http server returning the same bytes. Repetitions alternate the order; each
 * ratio is taken against the node:http run of its own repetition. (The two API servers answer the
 * same status but for start times: bodies of the same length.)
 */
import type { Bench, BenchOptions, Figure } from '../harness/bench.js';
import { cpuSeconds } from '../harness/cpu-time.js';
import { serverAndLoadCores, stopChild } from '../harness/process.js';
import { runWrk } from '../harness/wrk.js';
import { fetchOnce, HOST, OWN_HEADERS, startServer, STATUS_PATH } from './api-bench.js';
import type { CannedResponse } from './plain-server.js';

async function authThroughput(o: BenchOptions): Promise<Figure[]> {
  const cores = serverAndLoadCores();
  const reps = o.scale === 'full' ? 5 : 2;
  const durationS = o.scale === 'full' ? 10 : 4;
  const off = await startServer(cores.server, './api-server.js', ['--slots', '0'], 30_000);
  const servers = [off];
  try {
    const on = await startServer(cores.server, './api-server.js', ['--slots', '0', '--auth'], 30_000);
    servers.push(on);
    const tokenHeader = { 'x-nsg-auth-api-token': on.token! };
    const answer = await fetchOnce(off.port, STATUS_PATH);
    const authed = await fetchOnce(on.port, STATUS_PATH, tokenHeader);
    const refused = await fetchOnce(on.port, STATUS_PATH);
    if (answer.status !== 200 || authed.status !== 200 || authed.body.length !== answer.body.length || refused.status !== 401) {
      throw new Error(`status answers: off ${answer.status}, on with token ${authed.status}, on without ${refused.status}`);
    }
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(answer.headers)) if (!OWN_HEADERS.has(k)) headers[k] = v;
    const canned: CannedResponse = { status: 200, headers, bodyBase64: answer.body.toString('base64') };
    const plain = await startServer(cores.server, './plain-server.js', ['--response', Buffer.from(JSON.stringify(canned)).toString('base64')], 10_000);
    servers.push(plain);

    const wrk = async (server: { port: number; child: { pid?: number } }, h: Record<string, string> = {}) => {
      const before = cpuSeconds(server.child.pid);
      const r = await runWrk({ url: `http://${HOST}:${server.port}${STATUS_PATH}`, threads: 1, connections: 50, durationS, core: cores.load, headers: h });
      if (r.errors > 0) throw new Error(`wrk reported ${r.errors} errors (non-2xx included)`);
      return { ...r, cpuUsPerReq: ((cpuSeconds(server.child.pid) - before) * 1e6) / r.requests };
    };
    await wrk(off); await wrk(on, tokenHeader); await wrk(plain); // warm-up, not counted
    const ratioOff: number[] = [], ratioOn: number[] = [], rpsOn: number[] = [], cpuOff: number[] = [], cpuOn: number[] = [], cpuPlain: number[] = [];
    for (let r = 0; r < reps; r++) {
      const order = r % 2 === 0 ? ['off', 'on', 'plain'] : ['plain', 'on', 'off'];
      const got: Record<string, Awaited<ReturnType<typeof wrk>>> = {};
      for (const which of order) got[which] = which === 'off' ? await wrk(off) : which === 'on' ? await wrk(on, tokenHeader) : await wrk(plain);
      ratioOff.push(got.off.requestsPerS / got.plain.requestsPerS);
      ratioOn.push(got.on.requestsPerS / got.plain.requestsPerS);
      rpsOn.push(got.on.requestsPerS);
      cpuOff.push(got.off.cpuUsPerReq); cpuOn.push(got.on.cpuUsPerReq); cpuPlain.push(got.plain.cpuUsPerReq);
      o.log(`rep ${r + 1}/${reps}: auth off ${Math.round(got.off.requestsPerS)} req/s (${got.off.cpuUsPerReq.toFixed(1)} µs CPU/req), ` +
        `auth on + token ${Math.round(got.on.requestsPerS)} req/s (${got.on.cpuUsPerReq.toFixed(1)} µs), node:http ${Math.round(got.plain.requestsPerS)} req/s ` +
        `(${got.plain.cpuUsPerReq.toFixed(1)} µs); ratios ${ratioOff.at(-1)!.toFixed(2)} / ${ratioOn.at(-1)!.toFixed(2)}`);
    }
    const note = `wrk -t1 -c50 -d${durationS}s, ${reps} repetitions alternating the order after one warm-up each; the token in X-NSG-Auth-API-Token on every request`;
    return [
      { name: 'API (auth off) / node:http throughput ratio', unit: '×', samples: ratioOff, target: { op: '>=', value: 3 }, note },
      { name: 'API (auth on, token on every request) / node:http throughput ratio', unit: '×', samples: ratioOn, target: { op: '>=', value: 3 } },
      { name: 'API (auth on, token) throughput', unit: 'req/s', samples: rpsOn },
      { name: 'API (auth off) server CPU per request', unit: 'µs', samples: cpuOff },
      { name: 'API (auth on, token) server CPU per request', unit: 'µs', samples: cpuOn },
      { name: 'node:http server CPU per request', unit: 'µs', samples: cpuPlain },
    ];
  } finally {
    for (const s of servers) await stopChild(s.child);
  }
}

export const authBench: Bench = {
  name: 'api-auth',
  title: 'status throughput against node:http with authentication off and on (a token on every request)',
  run: authThroughput,
};
