/**
 * The distributed part of a configuration (core/config-distributed.ts) and its load at a collector
 * (config-load.ts `distributed`): the part has only networks and variables; a collector's file with
 * a central's part has the central's networks and variables and its own server and remote; a part
 * that does not validate is refused as a file is; credentials are hidden from a refusal's message.
 */
import t from 'tap';
import { distributedPartOf, isDistributedPart, withoutCredentials } from '../../core/config-distributed.js';
import { loadConfig } from '../../core/config-load.js';

const CENTRAL = `
server: { port: 9999 }
networks:
  - { id: 7, name: far, seeds: [10.0.0.1], pollInterval: 30s, snmp: { communities: [s3cret-comm], v3Users: [{ name: u, authKey: auth-s3cret, privKey: priv-s3cret }] } }
variables:
  snmp: [{ name: opUp, oid: 1.3.6.1.2.1.1.3.0 }]
alerts: { rules: [] }
mode: central
remote: { servers: [nats://127.0.0.1:4222] }
`;
const COLLECTOR = `
server: { port: 8080 }
networks: [{ id: 1, seeds: [127.1.0.1] }]
mode: collector
remote: { servers: [nats://127.0.0.1:4222], site: a, collector: c1, configFrom: central }
`;

t.test('the part a central distributes: networks and variables only', async (t) => {
  const part = distributedPartOf(CENTRAL, 'central.yaml');
  t.same(Object.keys(part).sort(), ['networks', 'variables']);
  t.ok(isDistributedPart(part));
  t.notOk(isDistributedPart({ networks: [], server: {} }), 'a key that is not distributed: not a part');
  t.notOk(isDistributedPart([]), 'a list: not a part');
});

t.test('a collector with the central\'s part: its own server and remote, the central\'s networks and variables', async (t) => {
  const env = {};
  const c = loadConfig({ text: COLLECTOR, env, distributed: distributedPartOf(CENTRAL, 'central.yaml') });
  t.equal(c.server.port, 8080, 'server from the collector\'s file');
  t.equal(c.remote?.configFrom, 'central');
  t.same(c.networks.map((n) => [n.id, n.pollIntervalMs]), [[7, 30_000]], 'networks from the central');
  t.same(c.variables.snmp.map((v) => v.name), ['opUp'], 'variables from the central');
  t.same(loadConfig({ text: COLLECTOR, env }).networks.map((n) => n.id), [1], 'without a part: the file\'s networks');
});

t.test('a part that does not validate is refused, its credentials hidden', async (t) => {
  // [what, the part, the refusal's message]
  const cases: [string, unknown, RegExp][] = [
    ['a community that is not a string', { networks: [{ id: 1, seeds: ['10.0.0.1'], snmp: { communities: [424242] } }] }, /communities\[0\].*got \*\*\*/],
    ['a v3 key too short', { networks: [{ id: 1, seeds: ['10.0.0.1'], snmp: { v3Users: [{ name: 'u', authKey: 'short', privKey: 'priv-long-enough' }] } }] }, /authKey/],
    ['no network', {}, /networks/],
  ];
  for (const [what, part, said] of cases) {
    let message = '';
    try { loadConfig({ text: COLLECTOR, env: {}, distributed: part as never }); } catch (e) { message = withoutCredentials((e as Error).message, part); }
    t.match(message, said, `${what}: refused (${message})`);
    t.notMatch(message, /424242|short\b/, `${what}: no credential in the message`);
    t.match(message, /with the central's networks and variables/, `${what}: the message says the central's part is in it`);
  }
});
