/**
 * Runs Debian's `wrk` (an HTTP load generator in C: one Node process saturates before uWebSockets.js
 * does) and reads its report.
 */
import { followCpu } from './cpu-time.js';
import { runPinned } from './process.js';

export interface WrkReport {
  readonly requests: number;
  readonly durationS: number;
  readonly requestsPerS: number;
  /** Average latency in ms (wrk's "Latency Avg"). */
  readonly latencyAvgMs: number;
  /** Latency percentiles in ms from `--latency` (50, 75, 90, 99), when present. */
  readonly latencyPctMs: Readonly<Record<string, number>>;
  /** connect/read/write/timeout socket errors plus non-2xx/3xx responses. */
  readonly errors: number;
}

/** A wrk run with the CPU seconds wrk itself used (NaN where /proc cannot tell). */
export interface WrkRun extends WrkReport {
  readonly wrkCpuS: number;
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** `1.23ms`, `845.00us`, `2.01s` → ms. */
export function wrkDurationMs(text: string): number {
  const m = /^([0-9.]+)(us|ms|s|m|h)$/.exec(text.trim());
  if (!m) throw new Error(`wrk: cannot read the duration '${text}'`);
  return Number((Number(m[1]) * UNIT_MS[m[2]]).toPrecision(12)); // no 2009.9999999999998 for 2.01s
}

/** Reads wrk's text report (wrk 4.x). Throws naming the missing line when the text is not one. */
export function parseWrk(text: string): WrkReport {
  const total = /(\d+) requests in ([0-9.]+)(us|ms|s|m|h)/.exec(text);
  const rps = /Requests\/sec:\s+([0-9.]+)/.exec(text);
  const lat = /Latency\s+([0-9.]+(?:us|ms|s|m|h))/.exec(text);
  if (!total || !rps) throw new Error(`wrk: no 'requests in' / 'Requests/sec' line in its output:\n${text}`);
  const pct: Record<string, number> = {};
  const dist = /Latency Distribution\n((?:\s+\d+%\s+\S+\n?)+)/.exec(text);
  if (dist) {
    for (const line of dist[1].split('\n')) {
      const m = /^\s*(\d+)%\s+(\S+)/.exec(line);
      if (m) pct[m[1]] = wrkDurationMs(m[2]);
    }
  }
  let errors = 0;
  const sock = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(text);
  if (sock) errors += Number(sock[1]) + Number(sock[2]) + Number(sock[3]) + Number(sock[4]);
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(text);
  if (non2xx) errors += Number(non2xx[1]);
  return {
    requests: Number(total[1]),
    durationS: wrkDurationMs(total[2] + total[3]) / 1000,
    requestsPerS: Number(rps[1]),
    latencyAvgMs: lat ? wrkDurationMs(lat[1]) : NaN,
    latencyPctMs: pct,
    errors,
  };
}

export interface WrkOptions {
  readonly url: string;
  readonly threads: number;
  readonly connections: number;
  readonly durationS: number;
  /** CPU core wrk is pinned to (taskset), or undefined for no pinning. */
  readonly core?: number;
  /** Request headers sent with every request (`-H 'name: value'`). */
  readonly headers?: Readonly<Record<string, string>>;
}

export async function runWrk(o: WrkOptions): Promise<WrkRun> {
  const headers = Object.entries(o.headers ?? {}).flatMap(([k, v]) => ['-H', `${k}: ${v}`]);
  const args = [`-t${o.threads}`, `-c${o.connections}`, `-d${o.durationS}s`, '--latency', ...headers, o.url];
  let cpu: { stop(): number } | undefined;
  const out = await runPinned(o.core, 'wrk', args, { timeoutMs: (o.durationS + 30) * 1000, onSpawn: (pid) => { cpu = followCpu(pid); } });
  const wrkCpuS = cpu?.stop() ?? NaN;
  if (out.code !== 0) throw new Error(`wrk exited with ${out.code}: ${out.stderr || out.stdout}`);
  return { ...parseWrk(out.stdout), wrkCpuS };
}
