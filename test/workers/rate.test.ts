import t from 'tap';
import { counterDelta, ratePerSecond } from '../../workers/rate.js';

const TWO_53 = 1n << 53n;
const TWO_64 = 1n << 64n;

t.test('counterDelta: increases, wraps and resets', async (t) => {
  const cases: [string, bigint, bigint, 32 | 64, bigint | null][] = [
    ['plain increase', 100n, 250n, 32, 150n],
    ['no change', 7n, 7n, 64, 0n],
    ['32-bit wrap', 4294967000n, 200n, 32, 496n],
    ['32-bit wrap to zero', 4294967295n, 0n, 32, 1n],
    ['64-bit reset is a gap', 5000n, 10n, 64, null],
    ['64-bit above 2^53, exact', TWO_53 + 1n, TWO_53 + 12346n, 64, 12345n],
    ['64-bit near 2^64', TWO_64 - 10n, TWO_64 - 1n, 64, 9n],
    ['64-bit wrap near 2^64 is treated as reset', TWO_64 - 10n, 5n, 64, null],
    ['32-bit value above 2^32 going back is not a wrap', (1n << 40n), 5n, 32, null],
  ];
  for (const [name, prev, cur, width, want] of cases) t.equal(counterDelta(prev, cur, width), want, name);
});

t.test('ratePerSecond: exact for differences of huge counters', async (t) => {
  const cases: [string, bigint, number, number, number][] = [
    ['1000 octets in 1 s as bit/s', 1000n, 1000, 8, 8000],
    ['10 packets in 5 s', 10n, 5000, 1, 2],
    ['difference of two counters above 2^60', (1n << 60n) + 999_999n - (1n << 60n), 10_000, 8, 799_999.2],
    ['zero interval', 5n, 0, 1, NaN],
    ['negative interval', 5n, -10, 1, NaN],
  ];
  for (const [name, delta, dt, scale, want] of cases) {
    const got = ratePerSecond(delta, dt, scale);
    if (Number.isNaN(want)) t.ok(Number.isNaN(got), name);
    else t.equal(got, want, name);
  }
  // The naive float path loses the difference entirely: (2^60 + 1) − 2^60 in floats is 0.
  t.equal(Number((1n << 60n) + 1n) - Number(1n << 60n), 0, 'floats cannot do it (why the difference is on BigInt)');
  t.equal(ratePerSecond(counterDelta(1n << 60n, (1n << 60n) + 1n, 64)!, 1000, 1), 1, 'BigInt difference keeps the 1');
});
