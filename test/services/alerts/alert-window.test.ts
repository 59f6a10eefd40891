/**
 * The window of an alert rule (services/alerts/alert-window.ts): when an input holds, step by step, for
 * sequences of outcomes written S (satisfied), N (not satisfied), _ (gap); expected: H holds,
 * c judged and not holding (an alert clears), . neither (not full, or no value in the window).
 */
import t from 'tap';
import { AlertWindow, GAP, NOT_SATISFIED, SATISFIED, windowSteps, type Outcome } from '../../../services/alerts/alert-window.js';

const OUT: Record<string, Outcome> = { S: SATISFIED, N: NOT_SATISFIED, _: GAP };

t.test('holds: window fill, gaps, percentage', async (t) => {
  const cases: [string, number, number, string, string][] = [
    // name, W, percentage, outcomes, expected after each step
    ['duration 0 (W 1): the newest step alone', 1, 100, 'SNS_SN', 'HcH.Hc'],
    ['W 3, 100%: three satisfied steps in a row', 3, 100, 'SSSSNSSS', '..HHcccH'],
    ['W 3, 100%: a gap counts neither way', 3, 100, 'SS_SN', '..HHc'],
    ['W 3: only gaps in the window: no judgement', 3, 100, 'S___S', '..H.H'],
    ['W 4, 50%: half of the values', 4, 50, 'SNSNNN', '...Hcc'],
    ['W 4, 50%: gaps leave 1 of 2', 4, 50, 'S_N_S', '...HH'],
    ['W 5, 80%: 4 of 5, then 3 of 5', 5, 80, 'SSSSNSNS', '....HHcc'],
    ['W 5, 80%: 4 of 4 values with a gap, then 3 of 4', 5, 80, 'SS_SSN', '....Hc'],
    ['W 2, 100%: clears on the first unsatisfied step', 2, 100, 'SSSN_', '.HHcc'],
    ['W 3: gaps before the first value do not fill the window (a new input, a fill from an empty store)', 3, 100, '__SSS', '....H'],
    ['W 3: one value after gaps decides nothing', 3, 100, '___S_', '.....'],
    ['W 1: a first value after gaps is judged at once', 1, 100, '__S', '..H'],
  ];
  for (const [name, W, pct, outcomes, want] of cases) {
    const w = new AlertWindow(1, W, pct);
    let got = '';
    for (const ch of outcomes) {
      w.advance();
      w.record(0, OUT[ch]!);
      got += w.holds(0) ? 'H' : w.judged(0) ? 'c' : '.';
    }
    t.equal(got, want, name);
  }
});

t.test('inputs are independent; copyFrom keeps the newest steps aligned', async (t) => {
  const a = new AlertWindow(2, 3, 100);
  for (const [x, y] of [['S', 'N'], ['S', 'S'], ['S', 'S']] as const) { a.advance(); a.record(0, OUT[x]!); a.record(1, OUT[y]!); }
  t.same([a.holds(0), a.holds(1)], [true, false]);
  const b = new AlertWindow(1, 3, 100);
  b.advance(); b.record(0, GAP); // another head position
  b.copyFrom(a, 1, 0);
  t.same(b.counts(0), [2, 3, 3]);
  b.advance(); b.record(0, SATISFIED);
  t.ok(b.holds(0), 'the oldest (N) rolled out first');
});

t.test('windowSteps: round(duration / interval), at least 1', async (t) => {
  const cases: [number, number, number][] = [[0, 60_000, 1], [600_000, 60_000, 10], [90_000, 60_000, 2], [80_000, 60_000, 1], [300_000, 10_000, 30]];
  for (const [d, i, want] of cases) t.equal(windowSteps(d, i), want, `${d} / ${i}`);
});
