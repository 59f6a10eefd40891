/**
 * The request budget in the evaluator (svcql/budget.ts): charged per row, comparison, read and
 * REGEXP test; a spent budget stops the request (not just the statement). Time is a counting clock
 * here, so every case is exact.
 */
import t from 'tap';
import type { SeriesPoints, VariableInstance } from '../../core/types.js';
import {
  answerSvcqlTarget, Budget, enableRegexpSafety, executeQuery, executeStatement, mapCatalog, parseStatement, seriesSource,
  UNITS_PER_CHECK, variablesSource, type AnswerMeter,
} from '../../svcql/index.js';
import { instances, latest, NOW, T0 } from './fixtures.js';

enableRegexpSafety();

/** A clock that reads `step` ms later each time it is read; `reads` counts the readings. */
function countingClock(step: number): { now: () => number; reads: () => number } {
  let n = 0;
  return { now: () => n++ * step, reads: () => n };
}

/** `count` copies of the fixture's instances, each with its own slot. */
function many(count: number): VariableInstance[] {
  const out: VariableInstance[] = [];
  for (let i = 0; i < count; i++) out.push({ ...instances[i % instances.length]!, slot: i, deviceName: `dev${i}` });
  return out;
}

t.test('spend reads the clock every UNITS_PER_CHECK units; check always', async (t) => {
  const clock = countingClock(0);
  const b = new Budget({ timeMs: 10, points: Infinity }, clock.now);
  t.equal(clock.reads(), 1, 'the deadline is set from one reading');
  for (let i = 1; i < UNITS_PER_CHECK; i++) b.spend();
  t.equal(clock.reads(), 1);
  b.spend();
  t.equal(clock.reads(), 2);
  b.spend(UNITS_PER_CHECK * 3);
  t.equal(clock.reads(), 3, 'a large charge is one reading');
  b.check();
  t.equal(clock.reads(), 4);
});

t.test('the budget runs out: TIME_BUDGET; points past the bound: REQUEST_LIMIT', async (t) => {
  const b = new Budget({ timeMs: 5, points: 100 }, countingClock(1).now);
  const cases: [string, () => void, string, RegExp][] = [
    ['points within the bound', () => b.readPoints(100), '', /./],
    ['points past the bound', () => b.readPoints(1), 'REQUEST_LIMIT', /more than 100 points from series \(points per request\)/],
  ];
  for (const [name, f, code, message] of cases) {
    if (code === '') t.doesNotThrow(f, name);
    else t.throws(f, { code, message }, name);
  }
  for (let i = 0; i < 3; i++) b.check(); // readings at 2 … 4 ms (the deadline: 0 + 5 ms)
  t.throws(() => { for (let i = 0; i < 10; i++) b.check(); }, { code: 'TIME_BUDGET', message: /time budget of 5 ms/ });
  t.equal(Budget.unlimited().remainingMs(), Infinity);
});

t.test('a statement over many rows stops when the budget runs out, and stops the request', async (t) => {
  const rows = many(200_000);
  const catalog = mapCatalog({ variables: variablesSource(rows, latest) });
  // 1 ms per reading, 20 ms: the clock is read every 1024 rows, so about 20,000 rows are looked at.
  const budget = () => new Budget({ timeMs: 20, points: Infinity }, countingClock(1).now);
  const queries = [
    'SELECT variable, device FROM variables',
    "SELECT device FROM variables WHERE device REGEXP '^dev[0-9]+$'",
    'SELECT device, count(*) FROM variables GROUP BY device',
    'SELECT device FROM variables ORDER BY device DESC',
    'SELECT tag, tagFacet, tag AS t2 FROM variables',
  ];
  for (const q of queries) {
    t.throws(() => executeStatement(parseStatement(q), catalog, { nowMs: NOW, budget: budget() }), { code: 'TIME_BUDGET' }, q);
    // In a multi-statement text the spent budget is not one statement's outcome: it propagates.
    t.throws(() => executeQuery(`SELECT device FROM variables LIMIT 1; ${q}`, catalog, { nowMs: NOW, budget: budget() }), { code: 'TIME_BUDGET' }, q);
    t.throws(() => answerSvcqlTarget({ svcql: q, format: 'table' }, catalog, { nowMs: NOW, budget: budget() }), { code: 'TIME_BUDGET' }, q);
  }
  // Without a budget the same statements answer.
  const r = executeStatement(parseStatement(queries[0]!), catalog, { nowMs: NOW });
  t.equal(r.rows.length, rows.length);
  // A statement's own errors stay its outcome.
  const small = mapCatalog({ variables: variablesSource(many(10), latest) });
  const out = executeQuery('SELECT * FROM nosuchtable; SELECT device FROM variables LIMIT 1', small, { nowMs: NOW, budget: budget() });
  t.same(out.map((o) => o.ok), [false, true]);
});

t.test('points read from series are charged to the request', async (t) => {
  const rows = many(10).map((v) => ({ ...v, name: 'ifInRate' }));
  const read = (_slot: number, fromMs: number): SeriesPoints => {
    const n = 1_000;
    return { tsMs: Float64Array.from({ length: n }, (_, i) => fromMs + i), values: new Float64Array(n) };
  };
  const catalog = mapCatalog({}, { names: () => ['ifInRate'], get: (name) => (name === 'ifInRate' ? seriesSource(name, rows, read) : undefined) });
  const budget = new Budget({ timeMs: 60_000, points: 2_500 });
  const opts = { nowMs: NOW, budget, defaultRange: { fromMs: T0, toMs: NOW } };
  t.throws(() => answerSvcqlTarget({ svcql: 'SELECT tslast(metric) FROM ifInRate', format: 'table' }, catalog, opts),
    { code: 'REQUEST_LIMIT', message: /points per request/ }, 'the third of ten reads is past 2,500 points');
});

t.test('the answer meter sees every row before it is added and may stop the answer', async (t) => {
  const catalog = mapCatalog({ variables: variablesSource(many(50), latest) });
  const cases: [string, string, number][] = [
    ['table', 'SELECT device FROM variables', 50],
    ['list', 'SELECT device FROM variables', 50],
    ['time_series', 'SELECT metric FROM variables WHERE metric IS NOT NULL', 0],
  ];
  for (const [format, svcql, expected] of cases) {
    const sizes: number[] = [];
    const meter: AnswerMeter = { row: (bytes) => { sizes.push(bytes); } };
    answerSvcqlTarget({ svcql, format }, catalog, { nowMs: NOW }, meter);
    if (expected) t.equal(sizes.length, expected, `${format}: one call per row`);
    t.ok(sizes.every((b) => b > 2), `${format}: sizes estimated`);
  }
  const stop: AnswerMeter = { row: () => { throw Object.assign(new Error('x'), { code: 'X' }); } };
  // Only AppErrors become a target's error; the meter's REQUEST_LIMIT stops the request.
  const limit: AnswerMeter = { row: () => { throw new Budget({ timeMs: 0, points: 0 }).timeError(); } };
  t.throws(() => answerSvcqlTarget({ svcql: 'SELECT device FROM variables', format: 'table' }, catalog, { nowMs: NOW }, limit), { code: 'TIME_BUDGET' });
  t.throws(() => answerSvcqlTarget({ svcql: 'SELECT device FROM variables', format: 'table' }, catalog, { nowMs: NOW }, stop), { message: 'x' });
});
