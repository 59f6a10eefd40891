/**
 * Rendezvous hashing (remote/rendezvous.ts), what the site's collectors rely on to agree without
 * talking: the owner of a device does not depend on the order the live collectors are listed in;
 * when a collector leaves only its devices move; when it comes back exactly those move back; the
 * devices spread about evenly.
 */
import t from 'tap';
import { owners } from '../../remote/rendezvous.js';

const devices = Array.from({ length: 2_000 }, (_, i) => `chassis-${i.toString(16).padStart(6, '0')}`);
const named = (ids: readonly string[], collectors: readonly string[]) => Array.from(owners(ids, collectors), (c) => collectors[c] ?? '');

t.test('the owner of each device', async (t) => {
  t.same(named(devices.slice(0, 5), []), ['', '', '', '', ''], 'no collector: no owner');
  t.same(new Set(named(devices, ['c1'])), new Set(['c1']), 'one collector: all its own');
  t.same(named(devices, ['c1', 'c2', 'c3']), named(devices, ['c3', 'c1', 'c2']), 'the order of the collectors does not matter');
});

t.test('a collector leaves and comes back', async (t) => {
  // [the live collectors, the one that leaves]
  const cases: [string[], string][] = [
    [['c1', 'c2'], 'c1'],
    [['c1', 'c2', 'c3'], 'c2'],
    [['a', 'b', 'c', 'd', 'e'], 'e'],
  ];
  for (const [all, gone] of cases) {
    const before = named(devices, all);
    const after = named(devices, all.filter((c) => c !== gone));
    const moved = devices.filter((_, i) => before[i] !== after[i]);
    const hadGone = devices.filter((_, i) => before[i] === gone);
    t.same(moved, hadGone, `${all.join(',')} without ${gone}: only its ${hadGone.length} devices move`);
    t.same(named(devices, all), before, `${gone} back: the same devices come back to it`);
    const counts = all.map((c) => before.filter((o) => o === c).length);
    const even = devices.length / all.length;
    t.ok(counts.every((n) => Math.abs(n - even) < 0.15 * even), `${all.join(',')}: about ${Math.round(even)} devices each (${counts.join(', ')})`);
  }
});
