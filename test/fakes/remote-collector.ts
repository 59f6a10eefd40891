/**
 * A collector's points path alone, as a process a test can run in a site's network namespace: it
 * makes sure of its site's stream, then publishes `steps` grid steps of `slots` slots (slot s, step
 * k: value s × 1000 + k, keys `v<s>` as remote-central.ts maps them), one every `everyMs`, and exits 0
 * once the engine has stored them all. Prints its status as one JSON line (`status {...}`, with
 * `step`, the steps appended so far) every 100 ms.
 *   node remote-collector.js <natsUrl> <stream> <subject> <collector> <slots> <steps> <everyMs> <t0> <stepMs>
 */
import { createLogger } from '../../core/logger.js';
import { connectJetStream } from '../../remote/nats-jetstream.js';
import { PointsPublisher } from '../../remote/points-publisher.js';

const [natsUrl, stream, subject, collector, ...numbers] = process.argv.slice(2) as [string, string, string, string, ...string[]];
const [slotCount, steps, everyMs, t0, stepMs] = numbers.map(Number) as [number, number, number, number, number];
const logger = createLogger({ level: 'warn', component: collector });
const transport = await connectJetStream({ servers: [natsUrl], name: collector, publishTimeoutMs: 5_000, logger });
await transport.ensureStream({ name: stream, subjects: ['netmon.points.>'], maxAgeMs: 7 * 86_400_000, maxBytes: -1, duplicateWindowMs: 120_000 });
const publisher = new PointsPublisher({ transport, subject, collector, nowMs: Date.now, logger, maxPoints: 1_000, lingerMs: 20, maxBackoffMs: 1_000 });
const slots = Int32Array.from({ length: slotCount }, (_, i) => i);
for (let s = 0; s < slotCount; s++) publisher.define(1, s, `v${s}`);
let step = 0;
const timer = setInterval(() => process.stdout.write(`status ${JSON.stringify({ ...publisher.status(), step })}\n`), 100);
const start = Date.now();
for (; step < steps; step++) {
  const due = start + step * everyMs;
  if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
  publisher.appendStep(1, t0 + step * stepMs, slots, Float64Array.from(slots, (s) => s * 1_000 + step));
}
await publisher.flush();
clearInterval(timer);
process.stdout.write(`status ${JSON.stringify({ ...publisher.status(), step })}\n`);
await transport.close();
process.exit(0);
