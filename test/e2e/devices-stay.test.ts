import dgram from 'node:dgram';
import t from 'tap';
import { startApp, type App } from '../../app.js';
import { loadConfig } from '../../core/config-load.js';
import { createLogger } from '../../core/logger.js';
import { randomPort, tempDir, waitFor } from '../fakes/helpers.js';

/**
 * Devices that stay, on the whole server over its simulated network (a binary tree: 127.1.0.1 is
 * the root and seed, .2 the parent of .4 and .5): a device whose only neighbour stops answering is
 * no longer reached through neighbours but is still probed at its known address, polled, and its
 * series readable; a dead device stays, marked unreachable, its `reachable` 0; a removed device
 * added again through the DevicesPort is polled within one cycle; a blocked address is never
 * probed (counted by UDP sockets of the test standing in for agents: a declared device at a
 * blocked address gets no packet, one at an address not blocked does).
 */
t.test('devices stay, API devices, blocking', { timeout: 240_000 }, async (t) => {
  const simPort = randomPort();
  const counts = new Map<string, number>();
  const sockets = await Promise.all(['127.1.0.200', '127.1.0.201'].map((address) => new Promise<dgram.Socket>((resolve, reject) => {
    const s = dgram.createSocket('udp4');
    s.on('message', () => counts.set(address, (counts.get(address) ?? 0) + 1));
    s.once('error', reject);
    s.bind({ address, port: simPort, exclusive: true }, () => resolve(s));
  })));
  t.teardown(() => { for (const s of sockets) s.close(); });

  const text = `
simulator: { devices: 7, interfacesPerDevice: 4, port: ${simPort}, topology: tree }
networks:
  - id: 1
    name: sim
    seeds: [127.1.0.1]
    ranges: [127.1.0.0/16]
    snmp: { port: ${simPort}, timeout: 300ms, retries: 0 }
    pollInterval: 2s
    discoveryInterval: 1h
    discoveryMinInterval: 0s
    devices:
      - { address: 127.1.0.200, name: blocked-agent }
      - { address: 127.1.0.201, name: silent-agent, tags: [Role.Probe] }
      - { address: no-such-device.invalid }
    blocked: [127.1.0.200]
`;
  const lines: string[] = [];
  const logger = createLogger({ level: 'info', write: (l) => lines.push(l) });
  const env = { HOST: '127.0.0.1', PORT: '0', DATA_DIR: tempDir(t, 'netmon-stay-') };
  const load = () => loadConfig({ path: 'stay.yaml', env, text });
  const app: App = await startApp(load(), logger, { load });
  t.teardown(() => app.stop());
  const m = app.monitor;
  const sim = app.simulator!;

  const gen1 = await waitFor(async () => { const d = m.discoveryStatus(1).latest; return d && d.status === 'completed' ? d : undefined; }, 60_000, 'the first discovery');
  // The 7 simulated devices, and the 2 declared ones that never answered (listed as placeholders; the blocked one is not).
  t.equal(gen1.devices, 9, `found ${m.devices.list(1).map((d) => d.address).join(",")}: ` + 'the 7 simulated devices are discovered, the 2 silent declared ones listed');
  t.equal(m.generation(1, {})!.devices.filter((d) => d.presence?.answered !== false).length, 7, 'of them, 7 answered');
  t.equal(counts.get('127.1.0.200') ?? 0, 0, 'the blocked declared address was never probed');
  t.ok((counts.get('127.1.0.201') ?? 0) > 0, 'the declared address not blocked was probed');
  t.ok(m.generation(1, {})!.errors.some((e) => e.startsWith('no-such-device.invalid: the DNS name does not resolve')), 'a name that does not resolve is an error of the generation');
  t.ok(lines.some((l) => /WARN/i.test(l) && l.includes('no-such-device.invalid')), 'and a WARN line naming it');
  const byAddress = (a: string) => m.devices.list(1).find((d) => d.address === a);
  const silent = byAddress('127.1.0.201')!;
  t.match(silent, { origin: 'config', name: 'silent-agent', polled: true, presence: { answered: false } }, 'a declared device that never answered is listed and polled');
  t.match(m.deviceStates(1).find((s) => s.deviceId === silent.id), { reachability: 'neverAnswered', failing: true }, 'as never answered');
  const invalid = m.devices.list(1).find((d) => d.declaredAddress === 'no-such-device.invalid')!;
  t.match(m.deviceStates(1).find((s) => s.deviceId === invalid.id), { reachability: 'neverAnswered', reasonKind: 'unresolved' }, 'a name that does not resolve: never answered, and why');

  const leaf = byAddress('127.1.0.4')!;
  t.match(leaf, { origin: 'discovered', polled: true, presence: { answered: true } });
  const ifIndex = m.generation(1, {})!.devices.find((d) => d.id === leaf.id)!.interfaces[0]!.index;

  // The leaf's only neighbour stops answering: neighbours no longer lead to the leaf.
  sim.setAlive('127.1.0.2', false);
  // The first generation reads completed a little before its run ends (its devices are adopted after):
  // a start in between is refused as "already running", so ask until one starts.
  const start = await waitFor(async () => { const s = m.startDiscovery(1); return s.started ? s : undefined; }, 30_000, 'a second discovery to start');
  t.ok(start.started, 'a second discovery starts');
  const gen2 = await waitFor(async () => { const d = m.discoveryStatus(1).latest; return d && d.number > gen1.number && d.status === 'completed' ? d : undefined; }, 60_000, 'the second discovery');
  const g2 = m.generation(1, { generation: gen2.number })!;
  t.equal(g2.devices.length, 9, 'every device stays in the generation');
  t.match(g2.devices.find((d) => d.id === leaf.id), { presence: { answered: true } }, 'the leaf is re-found at its known address');
  const parent = byAddress('127.1.0.2')!;
  t.match(parent, { polled: true, presence: { answered: false } }, 'the dead parent stays, marked unreachable, still polled');
  t.ok(parent.presence.unreachableSinceMs! > 0);
  t.ok(lines.some((l) => /device unreachable at discovery/.test(l) && l.includes('127.1.0.2')), 'one log line names the device that became unreachable');
  await waitFor(async () => (m.deviceStates(1).find((s) => s.deviceId === parent.id)?.failing ? true : undefined), 30_000, 'the parent fails its polls');
  const reachable = m.catalog.find(1, 'reachable', parent.id, 0);
  t.ok(reachable, 'the parent keeps its reachable variable (written 0 for each failed poll)');
  t.ok(m.catalog.find(1, 'ifInRate', leaf.id, ifIndex), 'the leaf\'s series stay findable');

  // Removed: not polled, series readable; added again by the API: polled within one cycle.
  const leaf2 = byAddress('127.1.0.5')!;
  t.same(await m.devices.remove(1, [leaf2.id, 9999], 'alice'), { removed: [leaf2.id], unknown: [9999] });
  t.notOk(m.devices.get(1, leaf2.id), 'a removed device leaves the list');
  t.ok(m.catalog.find(1, 'ifInRate', leaf2.id, ifIndex), 'no `unknown variable` for a removed device: its slot record keeps it');
  await t.rejects(m.devices.add(1, { address: '127.1.0.4' }, 'alice'), { code: 'CONFLICT' }, 'an address already in the inventory');
  await t.rejects(m.devices.add(1, { address: '127.1.0.200' }, 'alice'), { code: 'BLOCKED_ADDRESS' });
  await t.rejects(m.devices.add(1, { address: 'not an address' }, 'alice'), { code: 'BAD_PARAMETER' });
  const { task } = await m.devices.add(1, { address: '127.1.0.5', comment: 'back', tags: ['Role.Leaf'] }, 'alice');
  t.equal(task.kind, 'submission');
  const done = await waitFor(async () => { const x = m.tasks.get(1, task.id); return x && x.state !== 'queued' && x.state !== 'running' ? x : undefined; }, 30_000, 'the submission');
  t.match(done, { state: 'completed', result: { deviceId: leaf2.id } }, 'the device comes back with its old id');
  const back = m.devices.get(1, leaf2.id)!;
  t.match(back, { origin: 'api', comment: 'back', polled: true, declaredAddress: '127.1.0.5' }, 'origin api, with the comment');
  t.ok(back.tags.includes('Role.Leaf'), `the operator's tags are added to the discovered ones: ${back.tags.join(',')}`);
  const cycles = m.pollStatus(1).cycles;
  await waitFor(async () => (m.pollStatus(1).cycles >= cycles + 2 ? true : undefined), 30_000, 'two more cycles');
  const st = m.deviceStates(1).find((s) => s.deviceId === leaf2.id);
  t.ok(st && st.lastSuccessMs !== null, 'the added device is polled');

  // External tags are in the catalog at once.
  await m.devices.setExternalTags(1, { address: '127.1.0.4' }, ['Cmdb.Gold'], 'replace', 'alice');
  t.ok(m.catalog.find(1, 'ifInRate', leaf.id, ifIndex)!.tags.includes('Cmdb.Gold'), 'external tags reach the catalog');
  t.same(m.devices.externalTags(1, { id: leaf.id }).tags, ['Cmdb.Gold']);
  // ... and in the latest generation as services read it (SvcQL's devices table, matching rules, views), without a new generation.
  const genBefore = m.discoveryStatus(1).latest?.number;
  const shown = m.generation(1, {})!;
  t.equal(shown.number, genBefore, 'no generation was made for a tag change');
  t.ok(shown.devices.find((d) => d.id === leaf.id)?.tags.includes('Cmdb.Gold'), 'external tags reach the devices SvcQL and matching rules read');
  t.equal(m.generation(1, {}), shown, 'the same object while nothing changes (readers cache on it)');
  t.notOk(m.generation(1, { generation: genBefore! })!.devices.find((d) => d.id === leaf.id)?.tags.includes('Cmdb.Gold'), 'an explicit generation is its stored record');
  await t.rejects(m.devices.setExternalTags(1, { id: leaf.id }, ['bad tag'], 'add', 'alice'), { code: 'BAD_PARAMETER' });

  // Blocking a polled device's address: it stops being polled; a submission of it is refused.
  const blocked = await m.devices.block(1, { address: '127.1.0.6/32', comment: 'lab' }, 'alice');
  t.match(m.devices.get(1, byAddress('127.1.0.6')!.id), { polled: false });
  t.throws(() => m.devices.queue(1, -1), { code: 'BAD_PARAMETER' });
  await t.rejects(m.devices.submit(1, '127.1.0.6', 'alice'), { code: 'BLOCKED_ADDRESS' });
  await t.rejects(m.devices.updateBlock(1, m.devices.blocked(1).find((b) => b.origin === 'config')!.id, { address: '127.1.0.9' }, 'alice'), { code: 'READ_ONLY' });
  t.same(await m.devices.unblock(1, [blocked.id, 12345], 'alice'), { removed: [blocked.id], unknown: [12345] });

  // new_generation snapshots the inventory.
  const ng = await m.devices.newGeneration(1, 'alice');
  t.match(ng, { state: 'completed', kind: 'newGeneration' });
  t.match(m.generation(1, { generation: (ng.result as { generation: number }).generation }), { kind: 'incremental' });
  t.ok(m.tasks.list(1).some((x) => x.kind === 'discovery' && x.state === 'completed'), 'discovery runs are tasks');

  // A paused network queues submissions without running them.
  m.devices.pause(1, 'alice');
  const queued = await m.devices.submit(1, '127.1.0.3', 'alice');
  t.match(m.devices.queue(1, 10), { paused: true, total: 1, queued: [{ address: '127.1.0.3', taskId: queued.id }] });
  t.equal((await m.devices.submit(1, '127.1.0.3', 'bob')).id, queued.id, 'an address already queued answers with its task, not a second probe');
  // Addresses that cannot be a device's, and an IPv4-mapped IPv6 form of a blocked address.
  for (const bad of ['0.0.0.0', '255.255.255.255', '224.0.0.5', '::', 'ff02::1', '::ffff:0.0.0.0']) {
    await t.rejects(m.devices.submit(1, bad, 'alice'), { code: 'BAD_PARAMETER' }, `${bad} is refused`);
  }
  await t.rejects(m.devices.submit(1, '::ffff:127.1.0.200', 'alice'), { code: 'BLOCKED_ADDRESS' }, 'the IPv4-mapped form of a blocked address is blocked');
  await t.rejects(m.devices.add(1, { address: '::ffff:127.1.0.200' }, 'alice'), { code: 'BLOCKED_ADDRESS' });
  const fromConfig = m.devices.list(1).find((d) => d.origin === 'config' && d.declaredAddress === '127.1.0.201')!;
  await t.rejects(m.devices.update(1, fromConfig.id, { name: 'renamed' }, 'alice'), { code: 'READ_ONLY' }, 'a config device is changed in the config');
  t.match(m.devices.resume(1, 'alice'), { paused: false });
  await waitFor(async () => (m.tasks.get(1, queued.id)!.state === 'completed' ? true : undefined), 30_000, 'the queued submission runs after resume');
  t.equal(counts.get('127.1.0.200') ?? 0, 0, 'the blocked address was still never probed');

  // A restart keeps the registry, the API's blocked entries and external tags.
  const kept = await m.devices.block(1, { address: '127.1.0.7', comment: 'kept' }, 'alice');
  const before = m.devices.list(1).map((d) => [d.id, d.address, d.origin, d.externalTags.join(',')]);
  await app.stop();
  const again = await startApp(load(), logger, { load });
  t.teardown(() => again.stop());
  const m2 = again.monitor;
  t.same(m2.devices.list(1).map((d) => [d.id, d.address, d.origin, d.externalTags.join(',')]), before, 'the same devices, ids, origins and external tags');
  t.match(m2.devices.blocked(1).find((b) => b.id === kept.id), { address: '127.1.0.7', comment: 'kept', origin: 'api', user: 'alice' }, 'the API block is kept');
  t.match(m2.devices.get(1, byAddress('127.1.0.7')!.id), { polled: false }, 'and still holds the device from polling');
  t.equal(m2.pollStatus(1).variables > 0, true, 'the inventory is polled from the registry at once');
});
