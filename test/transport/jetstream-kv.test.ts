/**
 * The key-value buckets of the transport port (core/ports/transport.ts `kv`) on a real nats-server:
 * what the collectors' heartbeats rely on (remote/collector-assignment.ts). A watch hands out each
 * key's newest entry, then every write as it happens, a delete as `op: 'delete'`; `ready` resolves
 * once the entries present at its start were handed out (at once on an empty bucket); it goes on
 * across a restart of the server; a value not
 * written again within the bucket's max age is gone (and a watch is not told: readers age entries
 * themselves).
 */
import t from 'tap';
import { createLogger } from '../../core/logger.js';
import { connectJetStream } from '../../remote/nats-jetstream.js';
import type { KvEntry } from '../../core/ports/transport.js';
import { natsServerOrSkip, startNatsServer } from '../fakes/nats-server.js';
import { waitFor } from '../fakes/helpers.js';

const text = (s: string) => new TextEncoder().encode(s);
const read = (e: KvEntry) => `${e.key}=${e.op === 'delete' ? '(deleted)' : new TextDecoder().decode(e.value)}`;

t.test('a key-value bucket: put, get, watch, delete, max age', async (t) => {
  if (!natsServerOrSkip(t)) return;
  const server = await startNatsServer(t);
  const logger = createLogger({ level: 'error', component: 'test' });
  const tr = await connectJetStream({ servers: [server.url], name: 'kv-test', publishTimeoutMs: 2_000, logger });
  t.teardown(() => tr.close());
  const kv = await tr.kv({ name: 'netmon-collectors-test', maxAgeMs: 1_500 });

  const empty = kv.watch(() => undefined);
  await empty.ready;
  t.pass('a watch of an empty bucket is ready at once');
  await empty.stop();

  const r1 = await kv.put('c1', text('one'));
  const r2 = await kv.put('c1', text('two'));
  await kv.put('c2', text('x'));
  t.ok(r2 > r1, `revisions grow (${r1}, ${r2})`);
  const got = await kv.get('c1');
  t.equal(got && read(got), 'c1=two', 'get: the newest value');
  t.ok(got && Math.abs(got.storedAtMs - Date.now()) < 60_000, 'with the engine\'s time of storing it');
  t.equal(await kv.get('nobody'), null, 'get of a key never written: null');

  const seen: string[] = [];
  const watch = kv.watch((e) => seen.push(read(e)));
  await watch.ready;
  t.same([...seen].sort(), ['c1=two', 'c2=x'], 'a watch starts with each key\'s newest value (history 1)');
  await kv.put('c3', text('new'));
  await kv.delete('c2');
  await waitFor(async () => (seen.length >= 4 ? true : undefined), 10_000, `the writes after the start (${seen.join(', ')})`);
  t.same(seen.slice(2), ['c3=new', 'c2=(deleted)'], 'then every write as it happens, a delete as a delete');

  // The server restarts: the watch goes on (it may hand out newest entries again).
  await server.stop('SIGTERM');
  await server.start();
  await waitFor(async () => (await kv.put('c4', text('after')).then(() => true, () => undefined)), 30_000, 'a write after the server\'s restart');
  await waitFor(async () => (seen.includes('c4=after') ? true : undefined), 30_000, `the watch to see a write after the server's restart (${seen.join(', ')})`);
  t.pass('the watch goes on across a restart of the server');
  await watch.stop();

  await waitFor(async () => ((await kv.get('c1')) === null ? true : undefined), 10_000, 'c1 to age out of the bucket');
  t.pass('a value not written again within the max age is gone');
});
