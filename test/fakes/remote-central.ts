/**
 * A central's points path alone, as a process a test can kill and a benchmark can time: the
 * embedded store in `dataDir`, a durable consumer of the stream, the ingest between them. Prints its
 * status as one JSON line (`status {...}`, with `cpuMs`, the process's CPU time) every 100 ms;
 * SIGTERM stops it cleanly (flushed, acknowledged).
 *   node remote-central.js <dataDir> <natsUrl> <stream>
 * Its slot resolver maps the test's keys `v<N>` to our slot 100000 + N, and nothing else.
 */
import { openEmbeddedStore } from '../../store/open-store.js';
import { createLogger } from '../../core/logger.js';
import { connectJetStream } from '../../remote/nats-jetstream.js';
import { CentralIngest } from '../../remote/central-ingest.js';


/** Our slot of the key `v<N>` (remote-central-process.ts says it to its users). */
const CENTRAL_SLOT_BASE = 100_000;
const [dataDir, natsUrl, stream] = process.argv.slice(2) as [string, string, string];
const logger = createLogger({ level: 'warn', component: 'central' });
const store = await openEmbeddedStore({ dataDir, logger, flushIntervalMs: 1_000 });
const transport = await connectJetStream({ servers: [natsUrl], name: 'central-test', publishTimeoutMs: 5_000, logger });
const ingest = new CentralIngest({
  transport, meta: store.meta, series: store.series, nowMs: Date.now, logger, flushEveryMs: 100,
  consumer: { stream, durable: 'central', ackWaitMs: 2_000, maxAckPending: 2_000 },
  resolver: {
    resolve: async (_net, keys) => keys.map((k) => (/^v\d+$/.test(k) ? CENTRAL_SLOT_BASE + Number(k.slice(1)) : undefined)),
  },
});
ingest.start();
const said = () => JSON.stringify({ ...ingest.status(), cpuMs: (process.cpuUsage().user + process.cpuUsage().system) / 1_000 });
const timer = setInterval(() => process.stdout.write(`status ${said()}\n`), 100);
process.once('SIGTERM', () => {
  clearInterval(timer);
  void (async () => {
    await ingest.stop();
    await transport.close();
    await store.close();
    process.stdout.write(`stopped ${said()}\n`);
    process.exit(0);
  })();
});
