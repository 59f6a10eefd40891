/**
 * A central's devices from its collectors' inventories (collector/reported-devices.ts) on LMDB:
 * the union of what every collector reports, each device under the central's own id by identity
 * (the same identity from two collectors is one device), the newest record reported; kept across a
 * restart, so that the first collector heard after it does not make the others' devices vanish;
 * and the keys of the collectors' slot definitions resolved to the central's slots.
 */
import t from 'tap';
import type { Device } from '../../core/types.js';
import { ReportedDevices, type KeyTarget } from '../../collector/reported-devices.js';
import { mergeReported } from '../../collector/devices/registry-rules.js';
import { withLmdbMeta } from '../fakes/lmdb-meta.js';
import { tempDir } from '../fakes/helpers.js';

const device = (id: number, name: string, extra: Partial<Device> = {}): Device => ({
  id, name, address: `10.0.0.${id}`, snmpPort: 161, sysObjectID: '1.3.6.1.4.1.8072', sysDescr: '', sysContact: '', sysLocation: '', sysUpTimeCs: 0,
  chassisId: '', vendor: '', model: '', serialNumber: '', softwareRev: '', tags: [], interfaces: [], components: [], neighbors: [], discoveredAtMs: 1,
  poll: {} as Device['poll'], ...extra,
});
const names = (ds: readonly Device[]) => ds.map((d) => `${d.id}:${d.name}`);

t.test('the union of the collectors\' inventories under the central\'s ids, kept across a restart', async (t) => {
  const dir = tempDir(t, 'netmon-reported-');
  const held = new Map<number, Device>();
  const current = (id: number) => held.get(id);
  const remember = (ds: readonly Device[]) => { held.clear(); for (const d of ds) held.set(d.id, d); return ds; };
  await withLmdbMeta(dir, async (meta) => {
    const r = new ReportedDevices(meta);
    // The collectors' own ids (7, 3…) mean nothing here: the central gives its own, by identity.
    const c1 = remember(await r.take(1, 'c1', [{ identity: 'chassis:aa', device: device(7, 'sw-a') }, { identity: 'chassis:bb', device: device(3, 'sw-b') }], current, 1));
    t.same(names(c1), ['1:sw-a', '2:sw-b'], 'c1\'s devices get the central\'s ids 1 and 2');
    const both = remember(await r.take(1, 'c2', [{ identity: 'chassis:bb', device: device(1, 'sw-b2') }, { identity: 'chassis:cc', device: device(2, 'sw-c') }], current, 2));
    t.same(names(both), ['1:sw-a', '2:sw-b2', '3:sw-c'], 'c2 reports sw-b too (same identity: one device, its newest record) and sw-c');
    const less = remember(await r.take(1, 'c1', [{ identity: 'chassis:aa', device: device(7, 'sw-a') }], current, 3));
    t.same(names(less), ['1:sw-a', '2:sw-b2', '3:sw-c'], 'c1 no longer reports sw-b: c2 still does');
    t.same(names(await r.take(2, 'c1', [{ identity: 'chassis:aa', device: device(7, 'other-net') }], () => undefined, 4)), ['4:other-net'], 'another network: its own devices, ids from the shared counter');
  });
  await withLmdbMeta(dir, async (meta) => {
    const r = new ReportedDevices(meta);
    const after = await r.take(1, 'c2', [{ identity: 'chassis:cc', device: device(2, 'sw-c') }], current, 5);
    t.same(names(after), ['1:sw-a', '3:sw-c'], 'after a restart, c1\'s sw-a stays (its record from the central\'s registry); c2 dropped sw-b');

    // [key, the device's answer, what the key resolves to]
    const live = new Set([1, 3]);
    const find = (deviceId: number, variable: string, index: number): KeyTarget => {
      if (deviceId !== 0 && !live.has(deviceId)) return 'unknown device';
      return variable === 'ifInRate' && index === 2 ? 1000 + deviceId : variable === 'netVar' ? 5 : 'nothing';
    };
    const cases: [string, KeyTarget][] = [
      ['chassis:aa|ifInRate|2', 1001],
      ['chassis:cc|ifInRate|2', 1003],
      ['chassis:aa|nosuch|0', 'nothing'],
      ['chassis:bb|ifInRate|2', 'unknown device'],
      ['chassis:zz|ifInRate|2', 'unknown device'],
      ['network|netVar|0', 5],
      ['name:a|b@10.0.0.1|ifInRate|2', 'unknown device'],
      ['garbage', 'nothing'],
      ['chassis:aa|ifInRate|x', 'nothing'],
    ];
    t.same(r.resolveKeys(1, cases.map(([k]) => k), find), cases.map(([, v]) => v), 'keys resolve to the central\'s slots, wait for unknown devices, or name nothing');
  });
});

t.test('a central\'s registry follows what is reported', async (t) => {
  const entries = new Map();
  const first = mergeReported(entries, [device(1, 'a'), device(2, 'b', { presence: { answered: false, lastAnsweredMs: 5, unreachableSinceMs: 9 } })], 100);
  t.same(first.events.map((e) => `${e.kind} ${e.entry.id}`), ['new 1', 'new 2'], 'new devices are logged as such');
  t.same(first.entries.get(2)?.presence, { answered: false, lastAnsweredMs: 5, unreachableSinceMs: 9 }, 'the collector\'s presence is kept (it knows whether the device answers)');
  const second = mergeReported(first.entries, [device(2, 'b')], 200);
  t.same(second.events.map((e) => `${e.kind} ${e.entry.id}`), ['forgotten 1'], 'a device no collector reports any more is forgotten');
  t.equal(second.entries.get(1)?.state, 'forgotten');
  const third = mergeReported(second.entries, [device(1, 'a'), device(2, 'b')], 300);
  t.same(third.events.map((e) => `${e.kind} ${e.entry.id}`), ['back 1'], 'reported again: back');
});
