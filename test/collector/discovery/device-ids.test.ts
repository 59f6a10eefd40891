import t from 'tap';
import { DeviceIds } from '../../../collector/discovery/device-ids.js';
import { MemoryMetaStore } from '../../../store/meta/memory-meta.js';

const dev = (name: string, address: string, chassisId = '') => ({ name, address, chassisId });

t.test('idsFor gives the ids idFor gives, one transaction for the new ones', async (t) => {
  const cases: { name: string; known: ReturnType<typeof dev>[]; ask: { d: ReturnType<typeof dev>; preferId?: number }[]; want: number[] }[] = [
    { name: 'all new, in order', known: [], ask: [{ d: dev('a', '10.0.0.1') }, { d: dev('b', '10.0.0.2') }], want: [1, 2] },
    { name: 'known keep their ids, new ones follow the counter', known: [dev('a', '10.0.0.1'), dev('b', '10.0.0.2')],
      ask: [{ d: dev('c', '10.0.0.3') }, { d: dev('b', '10.0.0.2') }, { d: dev('a', '10.0.0.1') }], want: [3, 2, 1] },
    { name: 'a repeated identity gets its first id', known: [], ask: [{ d: dev('x', '10.0.0.9', 'AA:BB') }, { d: dev('y', '10.0.0.8', 'aa:bb') }], want: [1, 1] },
    { name: 'preferId is taken by a new identity and does not move the counter', known: [],
      ask: [{ d: dev('p', '10.0.0.5'), preferId: 40 }, { d: dev('q', '10.0.0.6') }], want: [40, 1] },
    { name: 'preferId is ignored for a known identity', known: [dev('p', '10.0.0.5')], ask: [{ d: dev('p', '10.0.0.5'), preferId: 40 }], want: [1] },
  ];
  for (const c of cases) {
    const meta = new MemoryMetaStore();
    const ids = new DeviceIds(meta);
    for (const k of c.known) await ids.idFor(1, k);
    t.same(await ids.idsFor(1, c.ask), c.want, c.name);
    // The same answer again (all known now), and idFor agrees.
    t.same(await ids.idsFor(1, c.ask), c.want, `${c.name}: asked again`);
    for (let k = 0; k < c.ask.length; k++) t.equal(await ids.idFor(1, c.ask[k]!.d), c.want[k], `${c.name}: idFor of #${k}`);
  }
  const meta = new MemoryMetaStore();
  const ids = new DeviceIds(meta);
  t.same(await ids.idsFor(1, [{ d: dev('a', '10.0.0.1') }]), [1]);
  t.same(await ids.idsFor(2, [{ d: dev('a', '10.0.0.1') }]), [2], 'networks share the counter, not the identities');
});
