/**
 * The configuration's `retention:` (core/config-retention.ts): defaults, values as written, one
 * message naming the key and line for each mistake; a change applies live on reload.
 */
import t from 'tap';
import { loadConfig } from '../../core/config-load.js';
import { planIsEmpty, planReload } from '../../core/config-reload.js';

const NET = 'networks:\n  - { id: 1, seeds: [10.0.0.1] }\n';
const load = (text: string) => loadConfig({ text: NET + text, path: 'netmon.yaml', env: {} });
const DAY = 86_400_000;

t.test('retention: defaults and values as written', async (t) => {
  const dflt = { seriesMs: 400 * DAY, pruneIntervalMs: 3_600_000 };
  const cases: [string, string, { seriesMs: number; pruneIntervalMs: number }][] = [
    ['built-in default', '', dflt],
    ['an empty section', 'retention:\n', dflt],
    ['days', 'retention: { series: 30d }\n', { seriesMs: 30 * DAY, pruneIntervalMs: 3_600_000 }],
    ['weeks and a pass interval', 'retention:\n  series: 2w\n  pruneInterval: 10m\n', { seriesMs: 14 * DAY, pruneIntervalMs: 600_000 }],
    ['the shortest: 2 hours', 'retention: { series: 2h, pruneInterval: 1m }\n', { seriesMs: 7_200_000, pruneIntervalMs: 60_000 }],
  ];
  t.same(loadConfig({ env: {} }).retention, dflt, 'no file: the defaults');
  for (const [name, text, want] of cases) t.same(load(text).retention, want, name);
});

t.test('retention: mistakes name the key and line', async (t) => {
  const cases: [string, RegExp][] = [
    ['retention: { series: 1h }\n', /retention\.series \(line 3\): must be at least 7200s/],
    ['retention: { series: forever }\n', /retention\.series \(line 3\): must be a duration/],
    ['retention: { pruneInterval: 10s }\n', /retention\.pruneInterval \(line 3\): must be at least 60s/],
    ['retention: { keep: 30d }\n', /retention\.keep \(line 3\): unknown key 'keep'; allowed here: series, pruneInterval/],
    ['retention: 30d\n', /retention \(line 3\): must be a mapping/],
  ];
  for (const [text, want] of cases) {
    t.throws(() => load(text), { code: 'CONFIG_INVALID', message: want }, text.trim());
  }
});

t.test('retention: a change applies live (no restart, nothing for the collector)', async (t) => {
  const plan = planReload(load(''), load('retention: { series: 90d, pruneInterval: 5m }\n'));
  t.ok(planIsEmpty(plan), 'empty plan');
  t.same(plan.restartRequired, []);
});
