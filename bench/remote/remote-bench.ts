/**
 * Remote collectors' points path (issue "Beyond one machine, part 1"): the collector's publisher
 * (this process) → a real nats-server with JetStream (Debian's, started here: own store, loopback)
 * → the central's ingest in a process of its own (test/fakes/remote-central.ts) → its LMDB store,
 * every batch acknowledged after the store's flush. All three share this machine's cores.
 *
 * Per run, on a fresh server and data directory:
 * - live: the central consumes while the collector publishes `points` points (steps of 10,000 slots);
 *   the rate is points / (first publish → the central has written the last one);
 * - backlog: the central is stopped, the collector publishes the same again (the publish rate), then
 *   the central starts and drains it (the drain rate, from its start to the last point written);
 * - the central's CPU per 1M points, over the live phase.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Bench, BenchOptions, Figure } from '../harness/bench.js';
import { createLogger } from '../../core/logger.js';
import { connectJetStream } from '../../remote/nats-jetstream.js';
import { PointsPublisher } from '../../remote/points-publisher.js';
import { startNatsServer } from '../../test/fakes/nats-server.js';
import { centralProcess } from '../../test/fakes/remote-central-process.js';

const STREAM = 'POINTS';
const SLOTS = 10_000;
const STEP_MS = 10_000;

interface RunFigures { liveRate: number; drainRate: number; publishRate: number; centralCpuSPerM: number }

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function oneRun(points: number, log: (s: string) => void): Promise<RunFigures> {
  const cleanups: (() => unknown)[] = [];
  const owner = { teardown: (fn: () => unknown) => { cleanups.push(fn); } };
  const dataDir = mkdtempSync(join(tmpdir(), 'remote-bench-'));
  try {
    const server = await startNatsServer(owner);
    const logger = createLogger({ level: 'error', component: 'bench-collector' });
    const transport = await connectJetStream({ servers: [server.url], name: 'bench-collector', publishTimeoutMs: 10_000, logger });
    cleanups.push(() => transport.close());
    await transport.ensureStream({ name: STREAM, subjects: ['netmon.points.>'], maxAgeMs: 86_400_000, maxBytes: -1, duplicateWindowMs: 120_000 });
    const central = centralProcess(owner, dataDir, server.url, STREAM);
    const slots = Int32Array.from({ length: SLOTS }, (_, i) => i);
    const values = new Float64Array(SLOTS);
    const steps = Math.ceil(points / SLOTS);
    const t0 = Math.floor((Date.now() - 2 * steps * STEP_MS - 3_600_000) / STEP_MS) * STEP_MS;
    const publisher = new PointsPublisher({ transport, subject: 'netmon.points.bench.c1', collector: 'c1', nowMs: Date.now, logger, maxInFlight: 8 });
    for (let s = 0; s < SLOTS; s++) publisher.define(1, s, `v${s}`);

    /** Publishes `steps` steps from grid step `first` on, holding at most ~200k points unconfirmed. */
    const publish = async (first: number) => {
      for (let k = first; k < first + steps; k++) {
        for (let s = 0; s < SLOTS; s++) values[s] = (s % 7 === 0 ? k : s) + 0.25;
        publisher.appendStep(1, t0 + k * STEP_MS, slots, values);
        while (publisher.status().bufferedPoints > 200_000) await pause(1);
      }
      await publisher.flush();
    };
    const written = async (total: number, what: string) => {
      const end = Date.now() + 600_000;
      while ((central.status()?.points ?? 0) < total) {
        if (Date.now() > end) throw new Error(`${what}: the central wrote ${central.status()?.points} of ${total} points in 600 s (${central.log()})`);
        await pause(20);
      }
    };

    central.start();
    while (central.status() === undefined) await pause(20);
    const cpu0 = central.status()!.cpuMs;
    const liveStart = Date.now();
    await publish(0);
    await written(steps * SLOTS, 'live');
    const liveMs = Date.now() - liveStart;
    const centralCpuMs = central.status()!.cpuMs - cpu0;
    await central.stop('SIGTERM');

    const pubStart = Date.now();
    await publish(steps);
    const publishMs = Date.now() - pubStart;
    const drainStart = Date.now();
    central.start();
    await written(steps * SLOTS, 'backlog');
    const drainMs = Date.now() - drainStart;
    await central.stop('SIGTERM');

    const n = steps * SLOTS;
    const r = { liveRate: n / (liveMs / 1000), drainRate: n / (drainMs / 1000), publishRate: n / (publishMs / 1000), centralCpuSPerM: centralCpuMs / 1000 / (n / 1e6) };
    log(`${n.toLocaleString('en-US')} points: live ${Math.round(r.liveRate).toLocaleString('en-US')}/s, publish alone ${Math.round(r.publishRate).toLocaleString('en-US')}/s, drain ${Math.round(r.drainRate).toLocaleString('en-US')}/s, central ${r.centralCpuSPerM.toFixed(2)} CPU-s per 1M`);
    return r;
  } finally {
    for (const c of cleanups.reverse()) await Promise.resolve().then(c).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function run(o: BenchOptions): Promise<Figure[]> {
  const points = o.scale === 'full' ? 6_000_000 : 500_000;
  const runs: RunFigures[] = [];
  for (let i = 0; i < 3; i++) runs.push(await oneRun(points, o.log));
  const note = `${points.toLocaleString('en-US')} points a run in steps of ${SLOTS.toLocaleString('en-US')} slots, batches of 5,000 points, 8 unanswered; one nats-server (no site→hub hop yet); collector, engine and central on the same 2 cores`;
  return [
    { name: 'remote points path, live (collector → JetStream → central LMDB, acked)', unit: 'points/s', samples: runs.map((r) => r.liveRate), target: { op: '>=', value: 1_000_000 }, note },
    { name: 'remote points path, backlog drain', unit: 'points/s', samples: runs.map((r) => r.drainRate) },
    { name: 'remote points path, drain / live', unit: '×', samples: runs.map((r) => r.drainRate / r.liveRate), target: { op: '>=', value: 2 } },
    { name: 'remote points path, collector publish alone (central stopped)', unit: 'points/s', samples: runs.map((r) => r.publishRate) },
    { name: 'remote points path, central CPU per 1M points (live)', unit: 'CPU-s', samples: runs.map((r) => r.centralCpuSPerM) },
  ];
}

export const remoteBench: Bench = { name: 'remote', title: 'remote collectors: points through NATS JetStream into the central\'s LMDB', run };
