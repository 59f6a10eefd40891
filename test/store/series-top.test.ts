import t from 'tap';
import { topIndexes } from '../../bench/store/series-top.js';

t.test('topIndexes: largest first, NaN skipped, ties by index', async (t) => {
  const cases: { name: string; values: number[]; k: number; want: number[] }[] = [
    { name: 'empty', values: [], k: 3, want: [] },
    { name: 'fewer values than k', values: [1, 3, 2], k: 10, want: [1, 2, 0] },
    { name: 'k of many', values: [5, 1, 9, 7, 3, 8], k: 3, want: [2, 5, 3] },
    { name: 'NaN skipped', values: [NaN, 2, NaN, 1], k: 3, want: [1, 3] },
    { name: 'all NaN', values: [NaN, NaN], k: 2, want: [] },
    { name: 'ties keep the lower index first', values: [4, 4, 4, 1], k: 2, want: [0, 1] },
    { name: 'infinities and negatives', values: [-Infinity, -1, Infinity, 0], k: 4, want: [2, 3, 1, 0] },
    { name: 'k = 0', values: [1, 2], k: 0, want: [] },
  ];
  for (const c of cases) t.same(Array.from(topIndexes(Float64Array.from(c.values), c.k)), c.want, c.name);
});
