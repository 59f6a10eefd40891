/**
 * Device assignment among a site's collectors (issue 25.4, docs/scale-out.md "Device assignment"):
 * rendezvous hashing, as remote/rendezvous.ts computes it, against leases (a key per device in the
 * site's bucket, written by its owner before it expires and claimed by another after a death).
 *
 * Per fleet of 1,000 and 10,000 devices (identities like LLDP chassis ids) over 3 collectors:
 * - rendezvous: the time to compute every device's owner; the devices that move when one collector
 *   leaves and when a 4th joins, against the least that must move (the leaver's share; 1/4 to the
 *   newcomer); how even the shares are (largest share / mean);
 * - leases: the same moves (a balancer that moves the least, the best leases can do), and what they
 *   cost the site's server: one key write a device every lease period, measured as the time a real
 *   nats-server (Debian's, started here) takes to store that many writes from one client
 *   (100 in flight), against the 3 heartbeats a TTL/4 of hashing.
 */
import type { Bench, BenchOptions, Figure } from '../harness/bench.js';
import { createLogger } from '../../core/logger.js';
import { connectJetStream } from '../../remote/nats-jetstream.js';
import { owners } from '../../remote/rendezvous.js';
import { startNatsServer } from '../../test/fakes/nats-server.js';

const COLLECTORS = ['c1', 'c2', 'c3'];
const identities = (n: number) => Array.from({ length: n }, (_, i) => `00:1b:${(i * 2654435761 >>> 0).toString(16).padStart(8, '0')}`);

interface Moves { leave: number; leaveLeast: number; join: number; joinLeast: number; evenness: number }

/** Rendezvous: the devices that change owner when c2 leaves, and when c4 joins. */
function rendezvousMoves(ids: readonly string[]): Moves {
  const named = (cs: readonly string[]) => Array.from(owners(ids, cs), (c) => cs[c]!);
  const before = named(COLLECTORS);
  const left = named(COLLECTORS.filter((c) => c !== 'c2'));
  const joined = named([...COLLECTORS, 'c4']);
  const counts = COLLECTORS.map((c) => before.filter((o) => o === c).length);
  return {
    leave: before.filter((o, i) => o !== left[i]).length, leaveLeast: counts[1]!,
    join: before.filter((o, i) => o !== joined[i]).length, joinLeast: Math.floor(ids.length / 4),
    evenness: Math.max(...counts) / (ids.length / COLLECTORS.length),
  };
}

/**
 * Leases with a balancer that moves the least: devices dealt round-robin; a leaver's leases are
 * claimed by the least loaded survivors; a newcomer takes leases from the most loaded until even.
 */
function leaseMoves(n: number): Moves {
  const owner = Array.from({ length: n }, (_, i) => i % COLLECTORS.length);
  const load = (o: number[], k: number) => Array.from({ length: k }, (_, c) => o.filter((x) => x === c).length);
  const afterLeave = [...owner];
  const survivors = [0, 2];
  let leave = 0;
  for (let i = 0; i < n; i++) {
    if (afterLeave[i] !== 1) continue;
    const l = load(afterLeave, 3);
    afterLeave[i] = survivors.reduce((a, b) => (l[a]! <= l[b]! ? a : b));
    leave++;
  }
  const afterJoin = [...owner];
  let join = 0;
  const target = Math.floor(n / 4);
  const l = load(afterJoin, 3);
  for (let i = 0; i < n && join < target; i++) {
    const most = l.indexOf(Math.max(...l));
    if (afterJoin[i] !== most) continue;
    afterJoin[i] = 3;
    l[most]!--;
    join++;
  }
  return { leave, leaveLeast: load(owner, 3)[1]!, join, joinLeast: target, evenness: 1 };
}

/** Median ms to compute every owner (after a warm-up). */
function computeMs(ids: readonly string[], reps: number): number[] {
  owners(ids, COLLECTORS);
  return Array.from({ length: reps }, () => {
    const t0 = process.hrtime.bigint();
    owners(ids, COLLECTORS);
    return Number(process.hrtime.bigint() - t0) / 1e6;
  });
}

/** Ms a real nats-server takes to store `writes` key writes (100 in flight), `reps` times. */
async function leaseWritesMs(writes: number, reps: number, log: BenchOptions['log']): Promise<number[]> {
  const cleanups: (() => unknown)[] = [];
  try {
    const server = await startNatsServer({ teardown: (fn) => { cleanups.push(fn); } });
    const tr = await connectJetStream({ servers: [server.url], name: 'lease-bench', publishTimeoutMs: 10_000, logger: createLogger({ level: 'error', component: 'bench' }) });
    cleanups.push(() => tr.close());
    const kv = await tr.kv({ name: 'leases', maxAgeMs: 60_000 });
    const value = new TextEncoder().encode(JSON.stringify({ owner: 'c1', untilMs: Date.now() + 30_000 }));
    const out: number[] = [];
    for (let r = 0; r <= reps; r++) {
      const t0 = performance.now();
      let next = 0;
      await Promise.all(Array.from({ length: 100 }, async () => {
        while (next < writes) await kv.put(`d${next++}`, value);
      }));
      if (r > 0) out.push(performance.now() - t0);
    }
    log(`${writes} lease writes: ${out.map((x) => x.toFixed(0)).join(', ')} ms`);
    return out;
  } finally {
    for (const c of cleanups.reverse()) await Promise.resolve().then(c).catch(() => undefined);
  }
}

async function run(o: BenchOptions): Promise<Figure[]> {
  const reps = o.scale === 'full' ? 20 : 5;
  const figures: Figure[] = [];
  for (const n of [1_000, 10_000]) {
    const ids = identities(n);
    const f = (x: number) => x.toLocaleString('en-US');
    const h = rendezvousMoves(ids);
    const l = leaseMoves(n);
    o.log(`${f(n)} devices: rendezvous moves ${h.leave} on a leave (least ${h.leaveLeast}), ${h.join} on a join (least ${h.joinLeast}); leases ${l.leave}, ${l.join}`);
    const note = `${f(n)} devices over ${COLLECTORS.length} collectors; a leave: c2 goes; a join: c4 comes; moved / the least that must move`;
    figures.push(
      { name: `rendezvous hashing, ${f(n)} devices: time to compute every owner`, unit: 'ms', samples: computeMs(ids, reps) },
      { name: `rendezvous hashing, ${f(n)} devices: moved on a leave / the leaver's share`, unit: '×', samples: [h.leave / h.leaveLeast], note: `${h.leave} of ${f(n)} moved; ${note}` },
      { name: `rendezvous hashing, ${f(n)} devices: moved on a join / a quarter`, unit: '×', samples: [h.join / h.joinLeast], note: `${h.join} of ${f(n)} moved` },
      { name: `rendezvous hashing, ${f(n)} devices: largest share / mean`, unit: '×', samples: [h.evenness] },
      { name: `leases, ${f(n)} devices: moved on a leave / the leaver's share (least-moving balancer)`, unit: '×', samples: [l.leave / l.leaveLeast], note: `${l.leave} moved on a leave, ${l.join} on a join: the least, as hashing; the cost is in the writes below` },
      { name: `leases, ${f(n)} devices: moved on a join / a quarter (least-moving balancer)`, unit: '×', samples: [l.join / l.joinLeast] },
      { name: `leases, ${f(n)} devices: the site's server storing one lease write a device (a lease period's renewals; the claims after a death)`, unit: 'ms', samples: await leaseWritesMs(n, Math.min(reps, 5), o.log),
        note: `one client, 100 writes in flight, file storage; hashing writes ${COLLECTORS.length} heartbeats a TTL/4 whatever the devices` },
    );
  }
  return figures;
}

export const assignmentBench: Bench = { name: 'assignment', title: 'device assignment among a site\'s collectors: rendezvous hashing against leases', run };
