/**
 * The heartbeats and ages of remote/collector-assignment.ts over an in-memory bucket whose clock (the
 * engine's) is set apart from the collector's: a peer is live while its newest heartbeat is younger
 * than the TTL on the engine's clock, whatever the skew between the two clocks; a delete (a clean
 * stop) takes it out at once; a peer counts for a network only once it has that network's devices;
 * nothing is polled before the collector has the network's devices; the owners follow the live set.
 */
import t from 'tap';
import type { KvBucket, KvEntry } from '../../core/ports/transport.js';
import { createLogger } from '../../core/logger.js';
import { CollectorAssignment, type Heartbeat } from '../../remote/collector-assignment.js';
import { owners } from '../../remote/rendezvous.js';

const TTL = 10_000;
const logger = createLogger({ level: 'error', component: 'test' });

/** A bucket in memory; its entries are stamped with `engineNow()`; watchers hear every write at once. */
function memoryBucket(engineNow: () => number) {
  const newest = new Map<string, KvEntry>();
  const watchers: ((e: KvEntry) => void)[] = [];
  let revision = 0;
  const write = (key: string, value: Uint8Array, op: 'put' | 'delete') => {
    const e: KvEntry = { key, value, op, storedAtMs: engineNow(), revision: ++revision };
    newest.set(key, e);
    watchers.forEach((w) => w(e));
    return e.revision;
  };
  const kv: KvBucket = {
    put: async (key, value) => write(key, value, 'put'),
    get: async (key) => newest.get(key) ?? null,
    delete: async (key) => { write(key, new Uint8Array(0), 'delete'); },
    watch(onEntry) {
      for (const e of newest.values()) onEntry(e);
      watchers.push(onEntry);
      return { ready: Promise.resolve(), stop: async () => { watchers.splice(watchers.indexOf(onEntry), 1); } };
    },
  };
  /** A peer's heartbeat, written as that peer would. */
  const beat = (collector: string, networks: Record<string, number>) => write(collector, new TextEncoder().encode(JSON.stringify({
    collector, networks, polled: 0, health: 'ok', lagMs: 0, bufferedBytes: 0, sentAtMs: 0,
  } satisfies Heartbeat)), 'put');
  return { kv, beat, remove: (key: string) => write(key, new Uint8Array(0), 'delete') };
}

const devices = Array.from({ length: 40 }, (_, i) => ({ identity: `chassis-${i}`, id: 100 + i }));
const ownedBy = (who: string, live: string[]) => {
  const own = owners(devices.map((d) => d.identity), live);
  return new Set(devices.filter((_, i) => live[own[i]!] === who).map((d) => d.id));
};

t.test('ages on the engine\'s clock, whatever the skew', async (t) => {
  // [what, the engine's clock minus the collector's]
  const skews: [string, number][] = [['clocks together', 0], ['the engine 1 h ahead', 3_600_000], ['the engine 1 h behind', -3_600_000]];
  for (const [what, skew] of skews) {
    let now = 1_800_000_000_000;
    const bucket = memoryBucket(() => now + skew);
    const polled: ReadonlySet<number>[] = [];
    const a = new CollectorAssignment({
      kv: bucket.kv, self: 'c1', ttlMs: TTL, nowMs: () => now, logger,
      figures: () => ({ health: 'ok', lagMs: 0, bufferedBytes: 0 }), onPolled: (_net, ids) => polled.push(ids),
    });
    t.teardown(() => a.close());
    bucket.beat('c2', { 1: 40 });
    await a.start();
    t.same(polled, [], `${what}: nothing polled before the collector has the network's devices`);
    a.devices(1, devices);
    t.same(polled.at(-1), ownedBy('c1', ['c1', 'c2']), `${what}: a fresh peer's heartbeat: c1 polls its share with c2`);
    t.same(a.collectors().map((c) => `${c.collector}:${c.live}`), ['c1:true', 'c2:true'], `${what}: both live`);
    t.equal(a.polledBy(1, 100), ownedBy('c1', ['c1', 'c2']).has(100) ? 'c1' : 'c2', `${what}: who polls a device`);

    now += TTL - 1_000;
    a.devices(1, devices);
    t.ok(a.collectors().find((c) => c.collector === 'c2')?.live, `${what}: c2 still live ${TTL - 1_000} ms after its heartbeat`);
    now += 2_000;
    a.devices(1, devices);
    t.notOk(a.collectors().find((c) => c.collector === 'c2')?.live, `${what}: c2 gone ${TTL + 1_000} ms after its heartbeat`);
    t.equal(polled.at(-1)?.size, devices.length, `${what}: c1 polls every device once c2 is gone`);

    bucket.beat('c2', { 1: 40 });
    t.same(polled.at(-1), ownedBy('c1', ['c1', 'c2']), `${what}: c2 back: the same share back to c1`);
    bucket.remove('c2');
    t.equal(polled.at(-1)?.size, devices.length, `${what}: c2's delete (a clean stop): c1 polls all at once`);
  }
});

t.test('a peer counts for a network once it has its devices', async (t) => {
  const now = 1_800_000_000_000;
  const bucket = memoryBucket(() => now);
  const polled = new Map<number, ReadonlySet<number>>();
  const a = new CollectorAssignment({
    kv: bucket.kv, self: 'c1', ttlMs: TTL, nowMs: () => now, logger,
    figures: () => ({ health: 'ok', lagMs: 0, bufferedBytes: 0 }), onPolled: (net, ids) => polled.set(net, ids),
  });
  t.teardown(() => a.close());
  await a.start();
  a.devices(1, devices);
  a.devices(2, devices);
  bucket.beat('c2', { 2: 40 });
  t.equal(polled.get(1)?.size, devices.length, 'network 1: c2 is still discovering it, c1 polls all');
  t.same(polled.get(2), ownedBy('c1', ['c1', 'c2']), 'network 2: shared with c2');
  t.equal(a.polledCount(), devices.length + ownedBy('c1', ['c1', 'c2']).size, 'the devices c1 polls, all networks together');
  const own = JSON.parse(new TextDecoder().decode((await bucket.kv.get('c1'))!.value)) as Heartbeat;
  t.same(own.networks, { 1: 40, 2: 40 }, 'c1\'s heartbeat says which networks it has devices of');
});
