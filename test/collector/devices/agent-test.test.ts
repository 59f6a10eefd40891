/**
 * The onboarding's test poll (collector/devices/agent-test.ts) over a fake worker pool whose agents
 * answer one community each, and a device's own community set through NetworkDevices.update: polled
 * with it at once (its placeholder's poll), kept in the registry across a restart, never in an
 * answer or a log line.
 */
import t from 'tap';
import { DeviceIds } from '../../../collector/discovery/device-ids.js';
import { builtinProfileSet } from '../../../collector/discovery/profiles.js';
import { testAgent } from '../../../collector/devices/agent-test.js';
import { NetworkDevices } from '../../../collector/devices/network-devices.js';
import { OID } from '../../../collector/oids.js';
import { TaskRegistry } from '../../../collector/tasks.js';
import { loadConfig } from '../../../core/config-load.js';
import { createLogger } from '../../../core/logger.js';
import type { AgentTest } from '../../../core/ports/devices.js';
import { MemoryMetaStore } from '../../../store/meta/memory-meta.js';
import type { SnmpTarget } from '../../../snmp/types.js';
import { fakeWorkerPool, unusedWorkerPool } from '../../fakes/worker-pool.js';

/** Agents by address: the community they answer and their system group. */
const AGENTS: Record<string, { community: string; sysObjectID: string; sysDescr: string; sysName: string }> = {
  '10.0.0.5': { community: 'sesame', sysObjectID: '1.3.6.1.4.1.30065.1.3011.7050.3741.48', sysDescr: 'Arista Networks EOS version 4.30.2F running on an Arista Networks DCS-7050SX3-48YC8', sysName: 'leaf-5' },
  '10.0.0.6': { community: 'public', sysObjectID: '1.3.6.1.4.1.99999.1', sysDescr: 'something nobody profiles', sysName: 'odd-6' },
};
/** An agent that answers without the system group. */
const HALF = '10.0.0.7';

/** Every target the pool was asked to reach, for the checks of what was tried. */
function pool(seen: SnmpTarget[]) {
  return fakeWorkerPool(async (task) => {
    seen.push(task.target);
    const a = AGENTS[task.target.address];
    const community = task.target.version === '2c' ? task.target.community : '';
    if (task.target.address === HALF) return { ok: true, varbinds: [{ oid: OID.sysName, type: 'noSuchObject', value: null }] } as any;
    if (!a || community !== a.community) return { ok: false, error: `${task.target.address}:${task.target.port}: Request timed out` };
    const values: Record<string, string> = { [OID.sysObjectID]: a.sysObjectID, [OID.sysDescr]: a.sysDescr, [OID.sysName]: a.sysName };
    return { ok: true, varbinds: (task as { oids: readonly string[] }).oids.map((oid) => ({ oid, type: oid === OID.sysObjectID ? 'oid' : 'octets', value: values[oid] ?? '' })) } as any;
  });
}

const NET = loadConfig({
  env: {}, text: `networks: [{ id: 1, name: n, seeds: [10.0.0.1], ranges: [10.0.0.0/24], snmp: { communities: [public, sesame], timeout: 200ms, retries: 2 } }]`,
}).networks[0]!;
const resolve = async (n: string) => { if (n === 'leaf.example') return '10.0.0.5'; throw Object.assign(new Error('nope'), { code: 'ENOTFOUND' }); };

t.test('the test poll: what answered and the profile, or why not (table)', async (t) => {
  const rows: [what: string, test: AgentTest, want: Record<string, unknown>, tried: number][] = [
    ['the community given answers', { address: '10.0.0.5', community: 'sesame' }, { answered: true, sysName: 'leaf-5', profile: 'arista-eos', vendor: 'Arista', credential: 'the community given' }, 1],
    ['a wrong community: timeout, in words', { address: '10.0.0.5', community: 'wr0ng-c0mm' }, { answered: false, reasonKind: 'timeout', reasonText: /^timeout: no SNMP answer/, reason: /^10\.0\.0\.5:161: Request timed out/ }, 1],
    ['no community: the network\'s, in order, the second answering', { address: '10.0.0.5' }, { answered: true, credential: "the network's community 2 of 2" }, 2],
    ['an unknown enterprise: the generic profile', { address: '10.0.0.6' }, { answered: true, sysName: 'odd-6', profile: 'standard', credential: "the network's community 1 of 2" }, 1],
    ['a DNS name is resolved first', { address: 'leaf.example', community: 'sesame' }, { answered: true, address: '10.0.0.5' }, 1],
    ['a name that does not resolve', { address: 'nowhere.invalid' }, { answered: false, reasonKind: 'unresolved' }, 0],
    ['no system group', { address: HALF, community: 'h4lf-c0mm' }, { answered: false, reasonKind: 'agentError' }, 1],
    ['another port', { address: '10.0.0.9', community: 'p0rt-c0mm', port: 1161 }, { answered: false, port: 1161, reason: /10\.0\.0\.9:1161/ }, 1],
  ];
  for (const [what, test, want, tried] of rows) {
    const seen: SnmpTarget[] = [];
    const r = await testAgent({ pool: pool(seen), profiles: builtinProfileSet(), resolve, nowMs: () => 0 }, NET, test);
    t.match(r, want, what);
    t.equal(seen.length, tried, `${what}: ${tried} credential(s) tried`);
    t.ok(seen.every((s) => s.retries === 0), `${what}: polled once, no retries`);
    if (test.community) t.notOk(JSON.stringify(r).includes(test.community), `${what}: the community is not in the answer`);
  }
  await t.rejects(testAgent({ pool: pool([]), profiles: builtinProfileSet(), resolve, nowMs: () => 0 }, NET, { address: '10.0.0.5', v3User: 'nobody' }),
    { code: 'BAD_PARAMETER', message: /no SNMPv3 user 'nobody'/ }, 'an unknown v3 user');
  await t.rejects(testAgent({ pool: pool([]), profiles: builtinProfileSet(), resolve, nowMs: () => 0 }, NET, { address: 'not an address' }),
    { code: 'BAD_PARAMETER' }, 'not an address');
});

t.test('a device\'s own community: polled with it at once, kept across a restart, never logged', async (t) => {
  const meta = new MemoryMetaStore();
  const ids = new DeviceIds(meta);
  const lines: string[] = [];
  const open = async () => {
    const nd = new NetworkDevices(NET, {
      meta, ids, pool: unusedWorkerPool(), tasks: new TaskRegistry(() => true, () => 1000), logger: createLogger({ level: 'debug', write: (l) => lines.push(l) }),
      nowMs: () => 1000, resolve, profiles: builtinProfileSet, apply: async () => {}, snapshot: async () => 0, latestDevices: () => [],
    });
    await nd.open();
    return nd;
  };
  const nd = await open();
  await nd.add({ address: '10.0.0.20', name: 'edge', community: 'first-wrong' }, 'alice');
  const id = nd.list()[0]!.id;
  const pollCommunity = (n: NetworkDevices) => n.live().find((d) => d.id === id)?.poll.community;
  t.equal(pollCommunity(nd), 'first-wrong', 'added: polled with its own community');
  await nd.update(id, { community: 'the-right-one' }, 'alice');
  t.equal(pollCommunity(nd), 'the-right-one', 'changed: polled with the new one at once');
  t.notOk(JSON.stringify(nd.get(id)).includes('the-right-one'), 'the managed device does not show it');
  await nd.stop();

  const again = await open();
  t.equal(pollCommunity(again), 'the-right-one', 'kept across a restart');
  await again.update(id, { community: null }, 'alice');
  t.equal(pollCommunity(again), 'public', 'dropped: the network\'s first community');
  await again.stop();
  t.ok(lines.some((l) => /device changed through the API/.test(l)), 'the change is logged');
  t.same(lines.filter((l) => /first-wrong|the-right-one/.test(l)), [], 'never the community');
});
