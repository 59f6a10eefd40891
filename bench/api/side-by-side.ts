/**
 * Two builds of the API side by side: the status route's throughput and server CPU per request of
 * `bench/api/api-server.js` from two compiled trees (e.g. a copy of dist/ made before a change,
 * and dist/ after it), each server started once and pinned to the server core, wrk pinned to the
 * load core, repetitions alternating which build goes first so that drift of the machine's load
 * hits both alike. Prints every repetition and the medians; records nothing (a change's numbers
 * go into bench/RESULTS.md by hand, with this command).
 *
 *   node dist/bench/api/side-by-side.js <old dist dir> <new dist dir> [--reps 8] [--seconds 6]
 *
 * CPU per request (from /proc over each wrk run) is the steadier figure on a shared machine:
 * requests/s measure how much of the core the other tenants left.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { cpuSeconds } from '../harness/cpu-time.js';
import { nodeArgs, READY, serverAndLoadCores, spawnPinned, stopChild, waitForLine, waitForPort } from '../harness/process.js';
import { median } from '../harness/stats.js';
import { runWrk } from '../harness/wrk.js';

const HOST = '127.0.0.1';
const PATH = '/v2/ui/net/1/status';

const TICKS_PER_S = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** User-mode CPU seconds of `pid` (field 14 of /proc/<pid>/stat): our code and uWS, not the kernel's sockets. */
function userSeconds(pid: number | undefined): number {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(text.slice(text.lastIndexOf(')') + 2).split(' ')[11]) / TICKS_PER_S;
}

function option(name: string, def: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : def;
  if (!Number.isInteger(v) || v < 1 || v > 100) throw new Error(`--${name} must be an integer 1…100`);
  return v;
}

async function main(): Promise<void> {
  const [oldDir, newDir] = process.argv.slice(2);
  if (!oldDir || !newDir || oldDir.startsWith('--') || newDir.startsWith('--')) {
    throw new Error('usage: side-by-side.js <old dist dir> <new dist dir> [--reps N] [--seconds S]');
  }
  const reps = option('reps', 8);
  const seconds = option('seconds', 6);
  const cores = serverAndLoadCores();
  const builds = [{ name: 'old', dir: oldDir }, { name: 'new', dir: newDir }].map((b) => {
    const [cmd, args] = nodeArgs(resolve(b.dir, 'bench/api/api-server.js'), ['--slots', '0']);
    return { ...b, child: spawnPinned(cores.server, cmd, args), rps: [] as number[], cpuUs: [] as number[], userUs: [] as number[] };
  });
  try {
    const servers: ((typeof builds)[number] & { port: number })[] = [];
    for (const b of builds) {
      const { port } = await waitForLine<{ port: number }>(b.child, READY, 30_000);
      await waitForPort(HOST, port, 5000);
      servers.push({ ...b, port });
    }
    const run = async (s: (typeof servers)[number], record: boolean) => {
      const before = cpuSeconds(s.child.pid);
      const userBefore = userSeconds(s.child.pid);
      const r = await runWrk({ url: `http://${HOST}:${s.port}${PATH}`, threads: 1, connections: 50, durationS: seconds, core: cores.load });
      if (r.errors > 0) throw new Error(`${s.name}: wrk reported ${r.errors} errors`);
      const cpuUs = ((cpuSeconds(s.child.pid) - before) * 1e6) / r.requests;
      const userUs = ((userSeconds(s.child.pid) - userBefore) * 1e6) / r.requests;
      if (record) { s.rps.push(r.requestsPerS); s.cpuUs.push(cpuUs); s.userUs.push(userUs); }
      return `${s.name} ${Math.round(r.requestsPerS)} req/s ${cpuUs.toFixed(2)} µs/req (user ${userUs.toFixed(2)})`;
    };
    for (const s of servers) await run(s, false); // warm-up (JIT), not counted
    for (let r = 0; r < reps; r++) {
      const order = r % 2 === 0 ? servers : [...servers].reverse();
      const lines: string[] = [];
      for (const s of order) lines.push(await run(s, true));
      process.stdout.write(`rep ${r + 1}/${reps}: ${lines.join(', ')}\n`);
    }
    for (const s of servers) {
      process.stdout.write(`${s.name} (${s.dir}): median ${Math.round(median(s.rps))} req/s, ${median(s.cpuUs).toFixed(2)} µs CPU/req ` +
        `(${Math.min(...s.cpuUs).toFixed(2)}–${Math.max(...s.cpuUs).toFixed(2)}), of it user mode ${median(s.userUs).toFixed(2)} µs\n`);
    }
    const [o, n] = servers;
    const ratio = (f: (x: (typeof servers)[number]) => number[]) => median(f(o!).map((c, i) => f(n!)[i]! / c)).toFixed(3);
    process.stdout.write(`new/old, median of pairs: CPU per request ${ratio((x) => x.cpuUs)}, user-mode CPU per request ${ratio((x) => x.userUs)}\n`);
  } finally {
    for (const b of builds) await stopChild(b.child);
  }
}

main().catch((e) => { process.stderr.write(`side-by-side: ${(e as Error).stack}\n`); process.exit(1); });
