/**
 * The central's ingest (remote/central-ingest.ts) with batches that name devices no inventory named
 * yet: they wait (not written, not acknowledged; the engine told they are worked on) with every
 * later batch of their collector and network, in order; an inventory taken lets them through; one
 * that waited past holdMaxMs is written with what maps. Inventories are taken once all their parts
 * came, an older one than the last taken is skipped. The transport is an in-memory stand-in of our
 * own port (the real engine's part is pinned by test/transport and the other test/remote files);
 * the metadata store is LMDB.
 */
import t from 'tap';
import type { BatchTransport, ConsumerSpec, ReceivedBatch } from '../../core/ports/transport.js';
import { createLogger } from '../../core/logger.js';
import { CentralIngest, type SlotTarget } from '../../remote/central-ingest.js';
import { encodePointsBatch, type PointsBatch } from '../../remote/batch-codec.js';
import { encodeInventory } from '../../remote/inventory-codec.js';
import type { TakenInventory } from '../../remote/inventory-assembly.js';
import type { Device } from '../../core/types.js';
import { withLmdbMeta } from '../fakes/lmdb-meta.js';
import { tempDir } from '../fakes/helpers.js';

/** A batch as the fake engine hands it out, with what the consumer did to it. */
interface Delivered extends ReceivedBatch { acked: boolean; touched: number }

/** The consumer side of the port: batches pushed by the test, handed to the consumer one at a time. */
function fakeEngine() {
  let onBatch: ((b: ReceivedBatch) => Promise<void> | void) | undefined;
  let chain: Promise<void> = Promise.resolve();
  const transport: Pick<BatchTransport, 'consume'> = {
    consume(_spec: ConsumerSpec, fn) {
      onBatch = fn;
      return { stop: async () => { await chain; }, done: new Promise(() => undefined) };
    },
  };
  return {
    transport,
    deliver(subject: string, data: Uint8Array): Delivered {
      const b: Delivered = { subject, data, storedAtMs: Date.now(), redelivered: false, acked: false, touched: 0, ack() { b.acked = true; }, inProgress() { b.touched++; } };
      chain = chain.then(() => onBatch!(b));
      return b;
    },
    settled: () => chain,
  };
}

const device = (id: number, name: string): Device => ({
  id, name, address: `10.0.0.${id}`, snmpPort: 161, sysObjectID: '1.3.6.1.4.1.8072', sysDescr: '', sysContact: '', sysLocation: '', sysUpTimeCs: 0,
  chassisId: '', vendor: '', model: '', serialNumber: '', softwareRev: '', tags: [], interfaces: [], components: [], neighbors: [], discoveredAtMs: 1,
  poll: { version: '2c', community: 'public' } as unknown as Device['poll'],
});

const points = (seq: number, gridTsMs: number, defs: [number, string][], values: [number, number][]): Uint8Array => encodePointsBatch({
  collector: 'c1', boot: 1, seq, sentAtMs: Date.now(), networkId: 1,
  definitions: defs.map(([slot, key]) => ({ slot, key })),
  steps: [{ gridTsMs, slots: Int32Array.from(values.map(([s]) => s)), values: Float64Array.from(values.map(([, v]) => v)) }],
} satisfies PointsBatch);

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits (bounded: 15 s) for what the ingest's 1 s timer does; the assertion after says whether it came. */
async function until(cond: () => boolean): Promise<void> {
  for (let i = 0; i < 150 && !cond(); i++) await pause(100);
}

t.test('batches naming an unknown device wait for its inventory, in order; a late one is written with what maps', async (t) => {
  const dir = tempDir(t, 'netmon-ingest-hold-');
  await withLmdbMeta(dir, async (meta) => {
    const engine = fakeEngine();
    const written: string[] = [];
    const known = new Map<string, number>([['network|netVar|0', 900]]);
    const taken: TakenInventory[] = [];
    let nowMs = 1_000_000;
    const ingest = new CentralIngest({
      transport: engine.transport, meta, nowMs: () => nowMs, logger: createLogger({ level: 'error', component: 'test' }), flushEveryMs: 5, holdMaxMs: 60_000,
      consumer: { stream: 'S', durable: 'd', ackWaitMs: 3_000, maxAckPending: 100 },
      series: {
        appendStep: (ts, slots, values, count = slots.length) => { for (let i = 0; i < count; i++) written.push(`${slots[i]}@${ts}=${values[i]}`); },
        flush: async () => undefined,
      },
      // A device's keys resolve once its identity was taken in an inventory: `<identity>|v|0` → 100 + its number.
      resolver: {
        resolve: async (_net, keys) => keys.map((k): SlotTarget => {
          if (known.has(k)) return known.get(k);
          const identity = k.split('|')[0]!;
          return taken.some((inv) => inv.devices.some((d) => d.identity === identity)) ? 100 + Number(identity.slice(4)) : 'later';
        }),
      },
      onInventory: async (inv) => { taken.push(inv); },
    });
    ingest.start();

    const a = engine.deliver('netmon.points.s.c1', points(1, 10_000, [[0, 'network|netVar|0']], [[0, 1]]));
    const b = engine.deliver('netmon.points.s.c1', points(2, 20_000, [[1, 'dev:1|v|0']], [[0, 2], [1, 21]]));
    const c = engine.deliver('netmon.points.s.c1', points(3, 30_000, [], [[0, 3], [1, 31]]));
    await engine.settled();
    await pause(30);
    t.same(written, ['900@10000=1'], 'the batch whose devices are known is written; the one naming dev:1 and the next wait');
    t.ok(a.acked && !b.acked && !c.acked, 'only the written batch is acknowledged');
    t.equal(ingest.status().held, 2, 'two batches held');
    nowMs += 1_500;
    await until(() => b.touched > 0 && c.touched > 0);
    t.ok(b.touched > 0 && c.touched > 0, `held batches are told to the engine as worked on (${b.touched}, ${c.touched})`);

    // The inventory naming dev:1, in two parts (an older one after it is skipped).
    const head = { collector: 'c1', boot: 1, seq: 2, networkId: 1, sentAtMs: nowMs };
    const parts = encodeInventory(head, [{ identity: 'dev:1', device: device(7, 'one') }, { identity: 'dev:2', device: device(8, 'two') }], 200);
    t.ok(parts.length >= 2, `the inventory in ${parts.length} parts`);
    const delivered = parts.map((p) => engine.deliver('netmon.inventory.s.c1', p.data));
    await engine.settled();
    await until(() => b.acked && c.acked);
    t.equal(taken.length, 1, 'the inventory is taken once all its parts came');
    t.same(taken[0]!.devices.map((d) => d.identity), ['dev:1', 'dev:2'], 'with the devices of every part in order');
    t.ok(delivered.every((x) => x.acked), 'its parts are acknowledged');
    t.same(written, ['900@10000=1', '900@20000=2', '101@20000=21', '900@30000=3', '101@30000=31'], 'the held batches are written in their order');
    t.ok(b.acked && c.acked && ingest.status().held === 0, 'and acknowledged');
    const older = encodeInventory({ ...head, seq: 1 }, [{ identity: 'dev:9', device: device(9, 'nine') }], 10_000).map((p) => engine.deliver('netmon.inventory.s.c1', p.data));
    await engine.settled();
    t.ok(older.every((x) => x.acked) && taken.length === 1, 'an inventory older than the one taken is acknowledged and skipped');
    t.equal(ingest.status().inventoriesSkipped, 1, 'and counted');

    // A device no inventory names: the batch waits holdMaxMs, then what maps is written.
    const d = engine.deliver('netmon.points.s.c1', points(4, 40_000, [[2, 'dev:5|v|0']], [[0, 4], [2, 45]]));
    await engine.settled();
    await pause(30);
    t.notOk(d.acked, 'waits for an inventory');
    nowMs += 61_000;
    await until(() => d.acked);
    t.ok(d.acked, 'written once it waited past holdMaxMs');
    t.same(written.slice(-1), ['900@40000=4'], 'with what maps; the unknown device\'s point is not written');
    t.equal(ingest.status().heldTooLong, 1, 'counted as held too long');
    t.ok(ingest.status().unmapped >= 1, 'its point counted as unmapped');
    await ingest.stop();
  });
});

t.test('a consumption that fails (the stream not made yet) starts again, and stops for good with stop()', async (t) => {
  const dir = tempDir(t, 'netmon-ingest-retry-');
  await withLmdbMeta(dir, async (meta) => {
    let tries = 0;
    const transport: Pick<BatchTransport, 'consume'> = {
      consume() {
        tries++;
        // The first two fail as the engine does for a stream that does not exist; the third runs.
        const done = tries <= 2 ? Promise.reject(new Error('stream not found')) : new Promise<void>(() => undefined);
        return { stop: async () => undefined, done };
      },
    };
    const ingest = new CentralIngest({
      transport, meta, nowMs: Date.now, logger: createLogger({ level: 'error', component: 'test' }), retryMs: 20,
      consumer: { stream: 'S', durable: 'd', ackWaitMs: 3_000, maxAckPending: 100 },
      series: { appendStep: () => undefined, flush: async () => undefined },
      resolver: { resolve: async (_net, keys) => keys.map(() => undefined) },
    });
    ingest.start();
    await until(() => tries >= 3);
    t.equal(tries, 3, 'consumed again after each failure, until one runs');
    await ingest.stop();
    await pause(100);
    t.equal(tries, 3, 'no new consumption after stop');
  });
});
