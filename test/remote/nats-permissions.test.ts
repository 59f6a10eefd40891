/**
 * The shipped site configuration (deploy/nats/site.conf) on a real nats-server: each collector's
 * user may publish its own subject and nothing of another collector's, and write its own heartbeat
 * key of the site's bucket but not another's; a wrong password is refused.
 * The file is used as shipped, with only its port, store directory and leaf-node link (no hub here)
 * changed for the test.
 */
import t from 'tap';
import { readFileSync } from 'node:fs';
import { createLogger } from '../../core/logger.js';
import { connectJetStream } from '../../remote/nats-jetstream.js';
import type { BatchTransport } from '../../core/ports/transport.js';
import { natsServerOrSkip, startNatsServer } from '../fakes/nats-server.js';

const SHIPPED = readFileSync(new URL('../../../deploy/nats/site.conf', import.meta.url), 'utf8');

t.test('deploy/nats/site.conf: a collector publishes only on its own subject', async (t) => {
  if (!natsServerOrSkip(t)) return;
  const server = await startNatsServer(t, {
    config: (dir, port) => SHIPPED
      .replace(/^host: .*$/m, 'host: 127.0.0.1').replace(/^port: .*$/m, `port: ${port}`)
      .replace(/store_dir: ".*"/, `store_dir: "${dir}"`)
      .replace(/^leafnodes \{[\s\S]*$/m, ''),
  });
  const logger = createLogger({ level: 'error', component: 'test' });
  const as = async (user: string, pass: string): Promise<BatchTransport> => {
    const tr = await connectJetStream({ servers: [server.url], user, pass, name: user, publishTimeoutMs: 2_000, logger });
    t.teardown(() => tr.close());
    return tr;
  };
  const c1 = await as('c1', 'change-me-c1');
  const c2 = await as('c2', 'change-me-c2');
  await c1.ensureStream({ name: 'SITE', subjects: ['netmon.points.>'], maxAgeMs: 7 * 86_400_000, maxBytes: -1, duplicateWindowMs: 120_000 });
  t.pass('a collector makes sure of the site\'s stream');

  // [who, subject, allowed]
  const cases: [string, BatchTransport, string, boolean][] = [
    ['c1', c1, 'netmon.points.site-a.c1', true],
    ['c2', c2, 'netmon.points.site-a.c2', true],
    ['c1', c1, 'netmon.points.site-a.c2', false],
    ['c2', c2, 'netmon.points.site-a.c1', false],
    ['c1', c1, 'netmon.points.site-b.c1', false],
  ];
  let n = 0;
  for (const [who, tr, subject, allowed] of cases) {
    const outcome = await tr.publish(subject, new Uint8Array([n]), `${who}-${n++}`).then(() => 'stored', (e: Error) => `refused (${e.message})`);
    if (allowed) t.equal(outcome, 'stored', `${who} on ${subject}: stored`);
    else t.match(outcome, /^refused/, `${who} on ${subject}: ${outcome}`);
  }
  // The heartbeats of device assignment: each collector makes sure of the bucket, watches it, and
  // writes (and deletes) its own key only.
  const bucket = { name: 'netmon-collectors-site-a', maxAgeMs: 15_000 };
  const kv1 = await c1.kv(bucket);
  const kv2 = await c2.kv(bucket);
  const heard: string[] = [];
  const watch = kv2.watch((e) => heard.push(`${e.key}:${e.op}`));
  t.teardown(() => watch.stop());
  await watch.ready;
  t.pass('a collector watches the heartbeats\' bucket');
  // [who, bucket, key, allowed]
  const beats: [string, typeof kv1, string, boolean][] = [
    ['c1', kv1, 'c1', true],
    ['c2', kv2, 'c2', true],
    ['c1', kv1, 'c2', false],
    ['c2', kv2, 'c1', false],
  ];
  for (const [who, kv, key, allowed] of beats) {
    const outcome = await kv.put(key, new Uint8Array([1])).then(() => 'stored', (e: Error) => `refused (${e.message})`);
    if (allowed) t.equal(outcome, 'stored', `${who}'s heartbeat as ${key}: stored`);
    else t.match(outcome, /^refused/, `${who}'s heartbeat as ${key}: ${outcome}`);
  }
  await kv1.delete('c1');
  const end = Date.now() + 5_000;
  while (!heard.includes('c1:delete') && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
  t.same(heard, ['c1:put', 'c2:put', 'c1:delete'], 'the other collector sees both heartbeats and the clean stop\'s delete');
  await t.rejects(as('c1', 'wrong'), /authorization/i, 'a wrong password is refused');
});
