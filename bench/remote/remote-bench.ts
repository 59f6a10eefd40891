/**
 * Remote collectors' points path (issue "Beyond one machine, part 1"): the collector's publisher
 * (this process) → a real nats-server with JetStream (Debian's, started here: own store, loopback),
 * or a site's server and the hub's that sources it (the site → hub hop), → the central's ingest in a process of its own (test/fakes/remote-central.ts) → its LMDB store,
 * every batch acknowledged after the store's flush. All three share this machine's cores.
 *
 * Per run, on a fresh server and data directory:
 * - sustained: the collector publishes at 1M points/s (a step of 10,000 slots every 10 ms) while the
 *   central consumes; the rate is points / (first publish → the central has written the last one),
 *   and the lag is how long after the last publish the central wrote the last point;
 * - unpaced: the collector publishes as fast as it can; the same rate;
 * - backlog: the central is stopped, the collector publishes the same again (the publish rate), then
 *   the central starts and drains it (the drain rate, from its start to the last point written),
 *   compared with the sustained 1M points/s: a backlog must drain faster than points come;
 * - the central's CPU per 1M points, over the unpaced phase.
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

/** The sustained rate the collector publishes at (points/s). */
const PACED_RATE = 1_000_000;

interface RunFigures { pacedRate: number; pacedLagMs: number; liveRate: number; drainRate: number; publishRate: number; centralCpuSPerM: number }

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The engine: one nats-server, or (`hop`) a site's server (JetStream domain site-a) whose stream the
 * hub's server (domain hub, the site a leaf node of it, on loopback) sources into its own, as
 * deploy/nats/ sets them up. Returns where the collector publishes and the central consumes.
 */
async function engine(owner: { teardown(fn: () => unknown): void }, hop: boolean, logger: ReturnType<typeof createLogger>) {
  const limits = { maxAgeMs: 86_400_000, maxBytes: -1, duplicateWindowMs: 120_000 };
  if (!hop) {
    const server = await startNatsServer(owner);
    return { collectorUrl: server.url, centralUrl: server.url, centralStream: STREAM, ensure: async (t: Awaited<ReturnType<typeof connectJetStream>>) => t.ensureStream({ name: STREAM, subjects: ['netmon.points.>'], ...limits }) };
  }
  const leafPort = 20_000 + Math.floor(Math.random() * 20_000);
  const hub = await startNatsServer(owner, { config: (dir, port) => `port: ${port}\nhost: 127.0.0.1\nserver_name: hub\njetstream { store_dir: "${dir}", domain: hub }\nleafnodes { listen: "127.0.0.1:${leafPort}" }\n` });
  const site = await startNatsServer(owner, { config: (dir, port) => `port: ${port}\nhost: 127.0.0.1\nserver_name: site-a\njetstream { store_dir: "${dir}", domain: site-a }\nleafnodes { remotes: [ { url: "nats-leaf://127.0.0.1:${leafPort}" } ], reconnect: 1 }\n` });
  for (let i = 0; i < 300 && !/Leafnode connection created/i.test(site.log() + hub.log()); i++) await pause(100);
  const hubTransport = await connectJetStream({ servers: [hub.url], name: 'bench-hub-admin', publishTimeoutMs: 10_000, logger });
  owner.teardown(() => hubTransport.close());
  return {
    collectorUrl: site.url, centralUrl: hub.url, centralStream: 'HUB',
    ensure: async (t: Awaited<ReturnType<typeof connectJetStream>>) => {
      await t.ensureStream({ name: STREAM, subjects: ['netmon.points.>'], ...limits });
      await hubTransport.ensureStream({ name: 'HUB', subjects: [], sources: [{ stream: STREAM, domain: 'site-a' }], ...limits });
    },
  };
}

async function oneRun(points: number, hop: boolean, log: (s: string) => void): Promise<RunFigures> {
  const cleanups: (() => unknown)[] = [];
  const owner = { teardown: (fn: () => unknown) => { cleanups.push(fn); } };
  const dataDir = mkdtempSync(join(tmpdir(), 'remote-bench-'));
  try {
    const logger = createLogger({ level: 'error', component: 'bench-collector' });
    const e = await engine(owner, hop, logger);
    const transport = await connectJetStream({ servers: [e.collectorUrl], name: 'bench-collector', publishTimeoutMs: 10_000, logger });
    cleanups.push(() => transport.close());
    await e.ensure(transport);
    const central = centralProcess(owner, dataDir, e.centralUrl, e.centralStream);
    const slots = Int32Array.from({ length: SLOTS }, (_, i) => i);
    const values = new Float64Array(SLOTS);
    const steps = Math.ceil(points / SLOTS);
    // Three phases of `steps` grid steps each, all in the past (the central refuses points ahead of its clock).
    const t0 = Math.floor((Date.now() - 3 * steps * STEP_MS - 3_600_000) / STEP_MS) * STEP_MS;
    const publisher = new PointsPublisher({ transport, subject: 'netmon.points.bench.c1', collector: 'c1', nowMs: Date.now, logger, maxInFlight: 8 });
    for (let s = 0; s < SLOTS; s++) publisher.define(1, s, `v${s}`);

    /**
     * Publishes `steps` steps from grid step `first` on, holding at most ~200k points unconfirmed;
     * paced: step i not before start + i × SLOTS / PACED_RATE.
     */
    const publish = async (first: number, paced = false) => {
      const start = Date.now();
      for (let k = first; k < first + steps; k++) {
        if (paced) {
          const due = start + ((k - first) * SLOTS * 1000) / PACED_RATE;
          if (due > Date.now()) await pause(due - Date.now());
        }
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

    const n = steps * SLOTS;
    central.start();
    while (central.status() === undefined) await pause(20);
    const pacedStart = Date.now();
    await publish(0, true);
    const pacedPublishedAt = Date.now();
    await written(n, 'sustained');
    const pacedEnd = Date.now();

    const cpu0 = central.status()!.cpuMs;
    const liveStart = Date.now();
    await publish(steps);
    await written(2 * n, 'unpaced');
    const liveMs = Date.now() - liveStart;
    const centralCpuMs = central.status()!.cpuMs - cpu0;
    await central.stop('SIGTERM');

    const pubStart = Date.now();
    await publish(2 * steps);
    const publishMs = Date.now() - pubStart;
    const drainStart = Date.now();
    central.start();
    await written(n, 'backlog');
    const drainMs = Date.now() - drainStart;
    await central.stop('SIGTERM');

    const r = {
      pacedRate: n / ((pacedEnd - pacedStart) / 1000), pacedLagMs: pacedEnd - pacedPublishedAt,
      liveRate: n / (liveMs / 1000), drainRate: n / (drainMs / 1000), publishRate: n / (publishMs / 1000), centralCpuSPerM: centralCpuMs / 1000 / (n / 1e6),
    };
    const f = (x: number) => Math.round(x).toLocaleString('en-US');
    log(`${hop ? 'site → hub: ' : ''}${f(n)} points a phase: sustained ${f(r.pacedRate)}/s (lag at the end ${r.pacedLagMs} ms), unpaced ${f(r.liveRate)}/s, publish alone ${f(r.publishRate)}/s, drain ${f(r.drainRate)}/s, central ${r.centralCpuSPerM.toFixed(2)} CPU-s per 1M`);
    return r;
  } finally {
    for (const c of cleanups.reverse()) await Promise.resolve().then(c).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function run(o: BenchOptions): Promise<Figure[]> {
  const points = o.scale === 'full' ? 6_000_000 : 500_000;
  const runs: RunFigures[] = [];
  const hops: RunFigures[] = [];
  // Side by side: one run of each, three times.
  for (let i = 0; i < 3; i++) {
    runs.push(await oneRun(points, false, o.log));
    hops.push(await oneRun(points, true, o.log));
  }
  const note = `${points.toLocaleString('en-US')} points a phase in steps of ${SLOTS.toLocaleString('en-US')} slots, batches of 5,000 points, 8 unanswered; one nats-server; collector, engine and central on the same 2 cores`;
  const hopNote = `as above, through a site's nats-server whose stream the hub's nats-server sources (a leaf node on loopback): collector, both servers and the central on the same 2 cores`;
  return [
    { name: 'remote points path with the site → hub hop, sustained at 1M/s (collector → site → hub → central LMDB, acked)', unit: 'points/s', samples: hops.map((r) => r.pacedRate), target: { op: '>=', value: 1_000_000 * 0.98 }, note: hopNote },
    { name: 'remote points path with the site → hub hop, sustained: the central\'s lag after the last publish', unit: 'ms', samples: hops.map((r) => r.pacedLagMs) },
    { name: 'remote points path with the site → hub hop, unpaced', unit: 'points/s', samples: hops.map((r) => r.liveRate) },
    { name: 'remote points path with the site → hub hop, drain / the sustained 1M points/s', unit: '×', samples: hops.map((r) => r.drainRate / PACED_RATE), target: { op: '>=', value: 2 } },
    { name: 'remote points path with the site → hub hop, central CPU per 1M points (live)', unit: 'CPU-s', samples: hops.map((r) => r.centralCpuSPerM) },
    { name: 'remote points path, sustained at 1M/s (collector → JetStream → central LMDB, acked)', unit: 'points/s', samples: runs.map((r) => r.pacedRate), target: { op: '>=', value: 1_000_000 * 0.98 }, note },
    { name: 'remote points path, sustained: the central\'s lag after the last publish', unit: 'ms', samples: runs.map((r) => r.pacedLagMs) },
    { name: 'remote points path, unpaced', unit: 'points/s', samples: runs.map((r) => r.liveRate) },
    { name: 'remote points path, backlog drain', unit: 'points/s', samples: runs.map((r) => r.drainRate) },
    { name: 'remote points path, drain / the sustained 1M points/s', unit: '×', samples: runs.map((r) => r.drainRate / PACED_RATE), target: { op: '>=', value: 2 } },
    { name: 'remote points path, collector publish alone (central stopped)', unit: 'points/s', samples: runs.map((r) => r.publishRate) },
    { name: 'remote points path, central CPU per 1M points (live)', unit: 'CPU-s', samples: runs.map((r) => r.centralCpuSPerM) },
  ];
}

export const remoteBench: Bench = { name: 'remote', title: 'remote collectors: points through NATS JetStream into the central\'s LMDB', run };
