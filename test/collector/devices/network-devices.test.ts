/**
 * NetworkDevices merging full runs (collector/devices/network-devices.ts) over an in-memory metadata
 * store: a host renamed at its known address keeps its id (no second device); a device removed
 * while a run is under way is not brought back by that run; a device known at an address that now
 * answers as another known device is marked unreachable.
 */
import t from 'tap';
import { DeviceIds } from '../../../collector/discovery/device-ids.js';
import type { DiscoveryResult } from '../../../collector/discovery/discovery-run.js';
import type { ProbedDevice } from '../../../collector/discovery/discovery-device.js';
import { builtinProfileSet } from '../../../collector/discovery/profiles.js';
import { NetworkDevices } from '../../../collector/devices/network-devices.js';
import { TaskRegistry } from '../../../collector/tasks.js';
import { loadConfig } from '../../../core/config-load.js';
import { createLogger } from '../../../core/logger.js';
import { unusedWorkerPool } from '../../fakes/worker-pool.js';
import { MemoryMetaStore } from '../../../store/meta/memory-meta.js';

const probed = (name: string, address: string): ProbedDevice => ({
  name, address, snmpPort: 161, sysObjectID: '1.3.6.1.4.1.8072.3.2.10', sysDescr: 'Linux', sysContact: '', sysLocation: '', sysUpTimeCs: 0,
  chassisId: '', vendor: '', model: '', serialNumber: '', softwareRev: '', tags: [], interfaces: [], components: [], neighbors: [],
  discoveredAtMs: 0, poll: { version: '2c', community: 'public', v3User: '', hc: false, hrProcessor: false, ucdCpu: false, ucdMem: false, hrRamIndex: 0 },
});
const run = (answers: [string, ProbedDevice][], failed: [string, string][] = []): DiscoveryResult => ({
  devices: answers.map(([, d]) => d), answered: new Map(answers), failed: new Map(failed), errors: [], blocked: 0,
});

async function setup() {
  const meta = new MemoryMetaStore();
  const ids = new DeviceIds(meta);
  const net = loadConfig({ env: {}, text: 'networks: [{ id: 1, name: n, seeds: [10.0.0.1], ranges: [10.0.0.0/24] }]' }).networks[0]!;
  let now = 1_000;
  const nd = new NetworkDevices(net, {
    meta, ids, pool: unusedWorkerPool(), tasks: new TaskRegistry(() => true, () => now), logger: createLogger({ level: 'error', write: () => {} }),
    nowMs: () => now, resolve: async (n) => n, profiles: builtinProfileSet, apply: async () => {}, snapshot: async () => 0, latestDevices: () => [],
  });
  await nd.open();
  const merge = async (answers: [string, ProbedDevice][], failed: [string, string][] = [], plan?: Awaited<ReturnType<NetworkDevices['planRun']>>) => {
    now += 1000;
    return nd.mergeRun(plan ?? await nd.planRun(), run(answers, failed), (items) => ids.idsFor(1, items));
  };
  return { nd, merge };
}

t.test('a host renamed at its known address keeps its id', async (t) => {
  const { nd, merge } = await setup();
  const [first] = await merge([['10.0.0.5', probed('host-a', '10.0.0.5')]]);
  const id = first!.id;
  const after = await merge([['10.0.0.5', probed('host-b', '10.0.0.5')]]);
  t.same(after.map((d) => [d.id, d.name]), [[id, 'host-b']], 'one device, its id kept, its new name');
  t.same(nd.list().map((d) => d.id), [id], 'the inventory lists it once');
});

t.test('a device known at an address that now answers as another known device is marked unreachable', async (t) => {
  const { nd, merge } = await setup();
  const devs = await merge([['10.0.0.5', probed('a', '10.0.0.5')], ['10.0.0.6', probed('b', '10.0.0.6')]]);
  const [a, b] = [devs.find((d) => d.name === 'a')!, devs.find((d) => d.name === 'b')!];
  // b moved to a's address; nothing answers at b's old one.
  await merge([['10.0.0.5', probed('b', '10.0.0.6')]], [['10.0.0.6', 'Request timed out']]);
  t.match(nd.get(a.id), { presence: { answered: false } }, 'a is no longer at its address: unreachable, not shown answering');
  t.match(nd.get(b.id), { presence: { answered: true } }, 'b answered');
});

t.test('a device removed while a run is under way is not brought back by it', async (t) => {
  const { nd, merge } = await setup();
  const [d] = await merge([['10.0.0.5', probed('a', '10.0.0.5')]]);
  const plan = await nd.planRun();
  t.same(await nd.remove([d!.id], 'alice'), { removed: [d!.id], unknown: [] });
  await merge([['10.0.0.5', probed('a', '10.0.0.5')]], [], plan);
  t.equal(nd.get(d!.id), undefined, 'still removed after the run that was planned before the removal');
  await merge([['10.0.0.5', probed('a', '10.0.0.5')]]);
  t.match(nd.get(d!.id), { id: d!.id, presence: { answered: true } }, 'a run planned after the removal finds it again, with its id');
});

t.test('new_generation: at most one per discoveryMinInterval (60 s by default)', async (t) => {
  const { nd, merge } = await setup();
  await merge([['10.0.0.5', probed('a', '10.0.0.5')]]);
  t.match(await nd.newGeneration('alice'), { state: 'completed', kind: 'newGeneration', user: 'alice' });
  await t.rejects(nd.newGeneration('alice'), { code: 'CONFLICT', message: /discoveryMinInterval/ }, 'a second one at once is refused, saying when');
});

t.test('declared devices that never answered are polled as placeholders, where their names resolve, with their failures reported (table)', async (t) => {
  const meta = new MemoryMetaStore();
  const ids = new DeviceIds(meta);
  const net = loadConfig({
    env: {}, text: `networks: [{ id: 1, name: n, seeds: [10.0.0.1], ranges: [10.0.0.0/24], devices: [
      { address: 10.0.0.7, name: silent-ip }, { address: box.example, name: named }, { address: nowhere.invalid } ] }]`,
  }).networks[0]!;
  const failures: [number, string][] = [];
  const resolve = async (n: string) => { if (n === 'box.example') return '10.0.0.8'; throw Object.assign(new Error('nope'), { code: 'ENOTFOUND' }); };
  const nd = new NetworkDevices(net, {
    meta, ids, pool: unusedWorkerPool(), tasks: new TaskRegistry(() => true, () => 1), logger: createLogger({ level: 'error', write: () => {} }),
    nowMs: () => 1000, resolve, profiles: builtinProfileSet, apply: async () => {}, snapshot: async () => 0, latestDevices: () => [],
    onProbeFailed: (id, error) => failures.push([id, error]),
  });
  await nd.open();
  const idOf = (name: string) => nd.list().find((d) => d.name === name)!.id;
  // [declared name, polled address before any run, after a run]
  const cases: [string, string, string][] = [
    ['silent-ip', '10.0.0.7', '10.0.0.7'],
    ['named', 'box.example', '10.0.0.8'],
    ['nowhere.invalid', 'nowhere.invalid', 'nowhere.invalid'],
  ];
  const at = () => new Map(nd.live().map((d) => [d.id, d.address]));
  const before = at();
  for (const [name, address] of cases) t.equal(before.get(idOf(name)), address, `${name}: polled at ${address} before any run`);
  t.ok(nd.live().every((d) => d.presence?.answered === false && d.interfaces.length === 0), 'as placeholders: never answered, no interfaces');
  t.ok(nd.list().every((d) => d.polled), 'every one listed as polled');

  const plan = await nd.planRun();
  await nd.mergeRun(plan, run([], [['10.0.0.7', 'Request timed out'], ['10.0.0.8', '10.0.0.8:161: Request timed out']]), (items) => ids.idsFor(1, items));
  const after = at();
  for (const [name, , address] of cases) t.equal(after.get(idOf(name)), address, `${name}: polled at ${address} after a run`);
  const want: [number, string][] = [
    [idOf('silent-ip'), '10.0.0.7: Request timed out'],
    [idOf('named'), '10.0.0.8:161: Request timed out'],
    [idOf('nowhere.invalid'), 'nowhere.invalid: the DNS name does not resolve'],
  ];
  const got = failures.map(([id, e]): [number, string] => [id, e.replace(/ \(.*\)$/, '')]);
  t.same(got.sort((a, b) => a[0] - b[0]), want.sort((a, b) => a[0] - b[0]), 'each failure reported for its device');
});
