/**
 * Latency of a Prometheus `query_range` (api/routes/prometheus.ts) of 50 series × 24 h with a
 * 60 s step, the way Grafana's Prometheus data source asks: the real API (uWebSockets.js) in a
 * child process over the real LMDB store filled with 24 h of 1-minute points (bench/api/api-server.ts,
 * synthetic interfaces of 48-port switches), requests sent one after another over fresh
 * connections (a closed loop: the latency of one answer, not throughput). Each request selects
 * `ifInRate` and `ifOutRate` of interfaces 1–25 of one switch (50 series), the switch changing per
 * request. Target (issue 13): p99 ≤ 50 ms.
 */
import { performance } from 'node:perf_hooks';
import type { Bench, BenchOptions, Figure } from '../harness/bench.js';
import { cpuSeconds } from '../harness/cpu-time.js';
import { serverAndLoadCores, stopChild } from '../harness/process.js';
import { percentile } from '../harness/stats.js';
import { fetchOnce, startServer } from './api-bench.js';

const SLOTS_PER_SWITCH = 480; // 48 interfaces × 10 counters (synthetic-vars.ts)

export function promRangePath(k: number, switches: number, endS: number): string {
  const device = `sw${(k % switches) + 1}`;
  const query = `{__name__=~"ifInRate|ifOutRate", device="${device}", index=~"[1-9]|1[0-9]|2[0-5]"}`;
  const q = new URLSearchParams({ query, start: String(endS - 86_400), end: String(endS), step: '60' });
  return `/api/v1/query_range?${q.toString()}`;
}

async function run(o: BenchOptions): Promise<Figure[]> {
  const full = o.scale === 'full';
  const switches = full ? 10 : 2;
  const slots = switches * SLOTS_PER_SWITCH;
  const requests = full ? 400 : 60;
  const maxMs = full ? 90_000 : 30_000;
  o.log(`filling the store: ${slots} slots × 24 h of 1-minute points`);
  const server = await startServer(serverAndLoadCores().server, './api-server.js', ['--slots', String(slots), '--hours', '24', '--interval-ms', '60000'], 600_000);
  try {
    o.log(`filled ${server.points} points in ${server.fillMs} ms`);
    const endS = Math.floor(Date.now() / 1000);
    const sample = await fetchOnce(server.port, promRangePath(0, switches, endS));
    const body = JSON.parse(sample.body.toString()) as { status: string; data?: { result: { values: unknown[] }[] }; error?: string };
    const result = body.data?.result ?? [];
    if (sample.status !== 200 || result.length !== 50 || result.some((r) => r.values.length < 1430)) {
      throw new Error(`query_range answered ${sample.status} with ${result.length} series (${result.map((r) => r.values.length).join('/')} values): ${body.error ?? ''}`);
    }
    o.log(`one answer: ${sample.body.length} bytes, ${result.length} series of ${result[0]!.values.length} values`);
    for (let k = 0; k < 10; k++) await fetchOnce(server.port, promRangePath(k, switches, endS)); // warm-up
    const ms: number[] = [];
    const cpuBefore = cpuSeconds(server.child.pid);
    const started = performance.now();
    for (let k = 0; k < requests && performance.now() - started < maxMs; k++) {
      const t0 = performance.now();
      const a = await fetchOnce(server.port, promRangePath(k, switches, endS));
      ms.push(performance.now() - t0);
      if (a.status !== 200) throw new Error(`query_range answered ${a.status}: ${a.body.toString().slice(0, 200)}`);
    }
    const cpuMs = ((cpuSeconds(server.child.pid) - cpuBefore) * 1000) / ms.length;
    const slow = ms.map((x, k) => [x, k] as const).sort((a, b) => b[0] - a[0]).slice(0, 8);
    o.log(`slowest: ${slow.map(([x, k]) => `#${k} ${x.toFixed(0)} ms`).join(', ')}`);
    o.log(`${ms.length} requests: server CPU ${cpuMs.toFixed(2)} ms/answer, p50 ${percentile(ms, 50).toFixed(2)} ms, p99 ${percentile(ms, 99).toFixed(2)} ms, max ${Math.max(...ms).toFixed(1)} ms`);
    const setting = `closed loop, one request at a time over fresh connections, ${ms.length} requests after 10 warm-up; ` +
      `${slots} slots × 24 h of 1-min points in LMDB; 50 series × 1441 steps, ${sample.body.length} bytes/answer`;
    return [
      { name: 'Prometheus query_range 50 series × 24 h p50', unit: 'ms', samples: [percentile(ms, 50)], note: setting },
      { name: 'Prometheus query_range 50 series × 24 h p99', unit: 'ms', samples: [percentile(ms, 99)], target: { op: '<=', value: 50 } },
      { name: 'Prometheus query_range 50 series × 24 h max', unit: 'ms', samples: [Math.max(...ms)] },
      { name: 'Prometheus query_range 50 series × 24 h server CPU per answer', unit: 'ms', samples: [cpuMs] },
    ];
  } finally {
    await stopChild(server.child);
  }
}

export const promBench: Bench = {
  name: 'prom',
  title: 'Prometheus query_range of 50 series × 24 h over the real store (closed loop)',
  run,
};
