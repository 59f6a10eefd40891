/**
 * The shipped site configuration (deploy/nats/site.conf) on a real nats-server: each collector's
 * user may publish its own subject and nothing of another collector's; a wrong password is refused.
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
  await t.rejects(as('c1', 'wrong'), /authorization/i, 'a wrong password is refused');
});
