import t from 'tap';
import { loadConfig } from '../../../core/config-load.js';
import { configuredDefinitions } from '../../../core/config-variables.js';
import { DerivedVariables } from '../../../services/derived/derived-variables.js';
import { checkDerivedExpression } from '../../../svcql/derived-expr.js';
import { MemorySeriesStore } from '../../../store/series/memory-series.js';
import type { SeriesStore } from '../../../store/series/series.js';
import { memoryLogger } from '../../fakes/call.js';
import { fixture, NOW_MS, variable, type FakeService } from '../../fakes/fake-service.js';

/**
 * The derived variables' evaluator over the in-memory collector (test/fakes/fake-service.ts) and a
 * series store: each step's values of the inputs in, the derived values at the same grid time out
 * (expected values computed here from the inputs written), instances allocated once, a reload
 * replacing the variables, an unknown input logged.
 *
 * Network 1, generation 2: device 10 (eth1, eth2), device 11 (eth1).
 */
const MIN = 60_000;
const at = (n: number): number => NOW_MS + n * MIN;
const NETS = 'networks:\n  - { id: 1, name: lab, seeds: [10.0.0.1], pollInterval: 60s }\n';
const DERIVED = `variables:
  derived:
    - { name: devTotal, expression: sum(ifInRate) + sum(ifOutRate) }
    - { name: errRatio, scope: interface, expression: ifInErrors / ifInUcastPkts * 100 }
    - { name: twice, expression: devTotal * 2 + count(ifInRate) }
    - { name: sw11Cpu, expression: cpuLoad + nosuch, devices: "name = 'sw11'" }
`;
/** Input slots of the fixture (besides its own 0–3, which this test does not use). */
const INPUTS = [
  variable(10, 'ifInRate', 10, 1, 'bit/s'), variable(11, 'ifInRate', 10, 2, 'bit/s'), variable(12, 'ifInRate', 11, 1, 'bit/s'),
  variable(13, 'ifOutRate', 10, 1, 'bit/s'),
  variable(14, 'ifInErrors', 10, 1, ''), variable(15, 'ifInUcastPkts', 10, 1, ''),
  variable(16, 'ifInErrors', 10, 2, ''), variable(17, 'ifInUcastPkts', 10, 2, ''),
  variable(18, 'cpuLoad', 11, 0, '%'),
];

function setup(series: SeriesStore) {
  const fake: FakeService = fixture();
  fake.vars.set(1, [...fake.vars.get(1)!.filter((v) => v.slot < 4), ...INPUTS]);
  const { logger, lines } = memoryLogger();
  const load = (extra: string) => {
    fake.config = loadConfig({ text: NETS + extra, env: {}, checkDerivedExpression });
    fake.catalog.configure(configuredDefinitions(fake.config.variables));
  };
  load(DERIVED);
  const ev = new DerivedVariables({ collector: fake, series, meta: fake.meta, config: () => fake.config, clock: { nowMs: () => NOW_MS }, logger });
  const write = (n: number, values: Record<number, number>) => {
    const slots = Object.keys(values).map(Number);
    series.appendStep(at(n), Int32Array.from(slots), Float64Array.from(slots.map((s) => values[s]!)));
  };
  /** The derived variable's value at step n (undefined: no point). */
  const value = (triplet: string, n: number): number | undefined => {
    const [name, dev, idx] = triplet.split('.');
    const v = fake.catalog.find(1, name!, Number(dev), Number(idx));
    if (!v) return undefined;
    const p = series.read(v.slot, at(n), at(n));
    return p.values.length > 0 ? p.values[0] : undefined;
  };
  return { fake, ev, write, value, load, lines };
}

const STEP: Record<number, number>[] = [
  { 10: 100, 11: 20, 12: 7, 13: 50, 14: 3, 15: 300, 16: 1, 17: 0, 18: 40 },
  { 10: 110, 11: NaN, 12: 9, 13: 60, 14: 0, 15: 200, 16: 2, 17: 4, 18: 41 },
];

for (const store of ['valuesAt', 'rollup'] as const) t.test(`derived values at each step (a store read with ${store})`, async (t) => {
  const mem = new MemorySeriesStore();
  const { fake, ev, write, value, lines } = setup(store === 'valuesAt' ? mem : fixture().series);
  // Step 0 allocates the instances, then writes its values once they have their slots.
  write(0, STEP[0]!);
  await ev.runStep(1, at(0));
  t.equal(value('devTotal.10.0', 0), 100 + 20 + 50, 'the first step is written once the instances have slots');
  t.equal(value('errRatio.10.1', 0), 1);
  const derivedNames = (): string[] => fake.vars.get(1)!.filter((v) => v.slot >= 19).map((v) => `${v.name}.${v.deviceId}.${v.index}`).sort();
  t.same(derivedNames(), [
    'devTotal.10.0', 'devTotal.11.0', 'errRatio.10.1', 'errRatio.10.2', 'sw11Cpu.11.0', 'twice.10.0', 'twice.11.0',
  ], 'one instance per selected device / interface with inputs (device 11 has no error counters)');
  t.match(lines.join('\n'), /cannot read all its inputs.*sw11Cpu.*reads 'nosuch'/, 'an unknown input is logged, naming the variable');
  const cases: [number, Record<string, number | undefined>][] = [
    [1, {
      // STEP[1]: ifInRate 110, (gap), 9; ifOutRate 60 — aggregates skip the gap. Device 11 has no
      // ifOutRate: sum() over no value has none, so its total (and twice) has none.
      'devTotal.10.0': 110 + 60, 'devTotal.11.0': undefined, 'twice.10.0': (110 + 60) * 2 + 1, 'twice.11.0': undefined,
      'errRatio.10.1': 0, 'errRatio.10.2': (2 / 4) * 100, 'sw11Cpu.11.0': undefined,
    }],
    [2, {
      // STEP[0] again: errRatio.10.2 divides by 0: no value.
      'devTotal.10.0': 100 + 20 + 50, 'devTotal.11.0': undefined, 'twice.10.0': 170 * 2 + 2, 'twice.11.0': undefined,
      'errRatio.10.1': 1, 'errRatio.10.2': undefined, 'sw11Cpu.11.0': undefined,
    }],
  ];
  for (const [n, want] of cases) {
    write(n, STEP[n % 2]!);
    await ev.runStep(1, at(n));
    for (const [triplet, v] of Object.entries(want)) t.equal(value(triplet, n), v, `step ${n}: ${triplet}`);
  }
  t.equal(derivedNames().length, 7, 'instances allocated once');
  await ev.stop();
});

t.test('a reload replaces the derived variables at the next step', async (t) => {
  const { ev, write, value, load } = setup(new MemorySeriesStore());
  write(0, STEP[0]!);
  await ev.runStep(1, at(0));
  write(1, STEP[1]!);
  await ev.runStep(1, at(1));
  t.equal(value('twice.10.0', 1), 341);
  load(`variables:
  derived:
    - { name: devTotal, expression: sum(ifOutRate) }
    - { name: cpuPlusOne, expression: "ifnull(cpuLoad, 0) + 1" }
`);
  write(2, STEP[0]!);
  await ev.runStep(1, at(2));
  write(3, STEP[1]!);
  await ev.runStep(1, at(3));
  const cases: [string, number, number | undefined][] = [
    ['devTotal.10.0', 3, 60], ['devTotal.11.0', 3, undefined],
    ['cpuPlusOne.11.0', 3, 42], ['cpuPlusOne.10.0', 3, 1],
    ['twice.10.0', 3, undefined], ['twice.10.0', 1, 341], ['errRatio.10.2', 3, undefined], ['errRatio.10.2', 1, 50],
  ];
  for (const [triplet, n, want] of cases) t.equal(value(triplet, n), want, `step ${n}: ${triplet}`);
  await ev.stop();
});

t.test('an instance whose definition is missing is allocated again at the next step', async (t) => {
  const { fake, ev, write, value, lines } = setup(new MemorySeriesStore());
  const def = fake.defs.find((d) => d.name === 'twice')!;
  fake.defs.splice(fake.defs.indexOf(def), 1);
  write(0, STEP[0]!);
  await ev.runStep(1, at(0));
  write(1, STEP[1]!);
  await ev.runStep(1, at(1));
  t.equal(value('twice.10.0', 1), undefined, 'no definition: not allocated, not written');
  t.equal(value('devTotal.10.0', 1), 170, 'the others are');
  t.equal(lines.filter((l) => /instances not allocated/.test(l) && /twice/.test(l)).length, 1, 'logged once for the same reason');
  fake.defs.push(def);
  write(2, STEP[0]!);
  await ev.runStep(1, at(2));
  t.equal(value('twice.10.0', 2), 342, 'allocated and written once the definition is there');
  await ev.stop();
});

t.test('a derived variable named as a polled one is neither allocated nor written over its series', async (t) => {
  const { fake, ev, write, lines } = setup(new MemorySeriesStore());
  // As a reload the catalog refused would have left it before app.ts checked the definitions
  // first: the configuration names a built-in variable, the catalog still defines it as polled.
  fake.defs.push({ name: 'ifInRate', description: 'Inbound traffic rate', unit: 'bit/s', category: 'Traffic', type: 'counter', scope: 'interface' });
  const good = fake.config;
  fake.config = {
    ...good,
    variables: { ...good.variables, derived: [{ name: 'ifInRate', scope: 'interface', expression: 'ifInErrors * 2', unit: '', category: 'Derived', description: 'ifInErrors * 2', devices: '', thresholds: null }] },
  };
  const series = (ev as unknown as { deps: { series: SeriesStore } }).deps.series;
  for (const n of [0, 1]) {
    write(n, STEP[n]!);
    await ev.runStep(1, at(n));
    // slot 10 is the polled ifInRate.10.1: what was written to it stays (ifInErrors.10.1 * 2 would be 6, then 0)
    t.same([...series.read(10, at(n), at(n)).values], [STEP[n]![10]], `step ${n}: the polled series keeps its value`);
  }
  t.equal(fake.vars.get(1)!.filter((v) => v.name === 'ifInRate').length, 4, 'no instance allocated under the polled name');
  t.match(lines.join('\n'), /instances not allocated.*ifInRate.*defines 'ifInRate' otherwise/, 'logged, naming the variable');
  await ev.stop();
});

t.test('a reload that keeps variables.derived as it was keeps the plans; allocation is one batch', async (t) => {
  const { fake, ev, write, load, lines } = setup(new MemorySeriesStore());
  const batches: number[] = [];
  const many = fake.catalog.allocateMany;
  (fake.catalog as { allocateMany: typeof many }).allocateMany = (list) => { batches.push(list.length); return many(list); };
  const built = (): number => lines.filter((l) => /cannot read all its inputs/.test(l)).length;
  write(0, STEP[0]!);
  await ev.runStep(1, at(0));
  t.same(batches, [7], 'the 7 instances in one allocateMany');
  t.equal(built(), 1, 'one plan built');
  load(DERIVED);
  write(1, STEP[1]!);
  await ev.runStep(1, at(1));
  t.equal(built(), 1, 'same content, new array: the plan is kept');
  load(DERIVED.replace('count(ifInRate)', 'count(ifOutRate)'));
  write(2, STEP[0]!);
  await ev.runStep(1, at(2));
  t.equal(built(), 2, 'changed content: built again');
  t.same(batches, [7], 'the kept instances are not allocated again');
  await ev.stop();
});
