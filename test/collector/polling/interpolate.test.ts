import t from 'tap';
import { GridInterpolator } from '../../../collector/polling/interpolate.js';
import { GridKind } from '../../../collector/polling/grid-kind.js';

type Obs = [tsMs: number, value: number];
const I = 10_000;

function run(kind: GridKind, obs: Obs[]): [number, number][] {
  const interp = new GridInterpolator(I, 4);
  interp.setKind(3, kind);
  const out: [number, number][] = [];
  for (const [ts, v] of obs) interp.observe(3, ts, v, (g, slot, value) => { if (slot === 3) out.push([g, +value.toFixed(9)]); });
  return out;
}

t.test('rate: time-weighted mean of the rates overlapping (g − I, g]', async (t) => {
  const cases: { name: string; obs: Obs[]; want: [number, number][] }[] = [
    { name: 'polls exactly on the grid', obs: [[10_000, NaN], [20_000, 5], [30_000, 7]], want: [[20_000, 5], [30_000, 7]] },
    {
      name: 'polls offset by 2 s: each cell mixes two rates',
      // rate 0 over (2,12], 10 over (12,22], 20 over (22,32]:
      // cell (0,10] = 0; (10,20] = (2 s × 0 + 8 s × 10) / 10 = 8; (20,30] = (2 s × 10 + 8 s × 20) / 10 = 18
      obs: [[2_000, NaN], [12_000, 0], [22_000, 10], [32_000, 20]],
      want: [[10_000, 0], [20_000, 8], [30_000, 18]],
    },
    { name: 'first reading yields nothing', obs: [[5_000, NaN]], want: [] },
    {
      name: 'a missed poll (gap of 2 intervals) is still bridged',
      obs: [[10_000, NaN], [20_000, 4], [40_000, 6]],
      want: [[20_000, 4], [30_000, 6], [40_000, 6]],
    },
    {
      name: 'a gap longer than 2 intervals stays a gap, never a zero',
      obs: [[10_000, NaN], [20_000, 4], [55_000, 9], [65_000, 3]],
      want: [[20_000, 4], [60_000, 3], [70_000, 3]].slice(0, 2) as [number, number][],
    },
    {
      name: 'a NaN rate (counter reset) leaves its cells empty',
      obs: [[10_000, NaN], [20_000, 4], [30_000, NaN], [40_000, 8]],
      want: [[20_000, 4], [40_000, 8]],
    },
    {
      name: 'fast polling: several rates averaged in one cell',
      obs: [[10_000, NaN], [12_500, 1], [15_000, 2], [17_500, 3], [20_000, 4]],
      want: [[20_000, 2.5]],
    },
  ];
  for (const c of cases) t.same(run(GridKind.Rate, c.obs), c.want, c.name);
});

t.test('gauge: linear interpolation between the observations around g', async (t) => {
  const cases: { name: string; obs: Obs[]; want: [number, number][] }[] = [
    { name: 'midway', obs: [[15_000, 10], [25_000, 20]], want: [[20_000, 15]] },
    { name: 'on the grid', obs: [[10_000, 1], [20_000, 3]], want: [[10_000, 1], [20_000, 3]] },
    { name: 'two grid points inside a missed poll', obs: [[5_000, 0], [25_000, 40]], want: [[10_000, 10], [20_000, 30]] },
    { name: 'gap longer than 2 intervals', obs: [[5_000, 0], [36_000, 40], [44_000, 48]], want: [[40_000, 44]] },
    { name: 'NaN observation breaks the line', obs: [[5_000, 0], [15_000, NaN], [25_000, 10]], want: [] },
  ];
  for (const c of cases) t.same(run(GridKind.Gauge, c.obs), c.want, c.name);
});

t.test('enum: the last observation at or before g', async (t) => {
  const cases: { name: string; obs: Obs[]; want: [number, number][] }[] = [
    { name: 'status holds until it changes', obs: [[5_000, 1], [15_000, 2], [25_000, 2]], want: [[10_000, 1], [20_000, 2]] },
    { name: 'change exactly on the grid', obs: [[10_000, 1], [20_000, 2]], want: [[10_000, 1], [20_000, 2]] },
  ];
  for (const c of cases) t.same(run(GridKind.Enum, c.obs), c.want, c.name);
});

t.test('state is per slot and grows', async (t) => {
  const interp = new GridInterpolator(I, 1);
  interp.setKind(0, GridKind.Gauge);
  interp.setKind(5000, GridKind.Gauge);
  const out: string[] = [];
  const sink = (g: number, s: number, v: number) => out.push(`${s}@${g}=${v}`);
  interp.observe(0, 5_000, 0, sink);
  interp.observe(5000, 5_000, 100, sink);
  interp.observe(0, 15_000, 10, sink);
  interp.observe(5000, 15_000, 200, sink);
  t.same(out, ['0@10000=5', '5000@10000=150']);
  t.throws(() => interp.observe(77, 1, 1, sink), /no grid kind/, 'a slot without a kind is a bug, not data');
});

t.test('withInterval (a reload changed the poll interval): the previous observation carries onto the new grid', async (t) => {
  for (const [name, kind] of [['gauge', GridKind.Gauge], ['rate', GridKind.Rate], ['enum', GridKind.Enum]] as const) {
    const old = new GridInterpolator(2000, 4);
    old.setKind(1, kind);
    const out: [number, number][] = [];
    const sink = (g: number, slot: number, v: number) => { if (slot === 1) out.push([g, v]); };
    old.observe(1, 8_050, 5, sink);
    old.observe(1, 10_050, 5, sink);
    t.same(out.map(([g]) => g), [10_000], `${name}: the old grid's step`);
    const next = old.withInterval(3000);
    t.equal(next.interval, 3000);
    next.observe(1, 12_050, 5, sink);
    t.same(out.map(([g]) => g), [10_000, 12_000], `${name}: the first observation on the new grid writes its first step`);
    t.same(out.map(([, v]) => v), [5, 5]);
  }
});
