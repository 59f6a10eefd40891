import t from 'tap';
import type { Figure } from '../../bench/harness/bench.js';
import { selfTimes } from '../../bench/harness/cpu-profile.js';
import { procStatCpuTicks } from '../../bench/harness/cpu-time.js';
import { insertRun, RUNS_MARKER } from '../../bench/harness/results.js';
import { max, median, min, percentile, percentileOfSorted } from '../../bench/harness/stats.js';
import { formatNumber, formatTable, rowOf, verdict } from '../../bench/harness/table.js';
import { parseWrk, wrkDurationMs } from '../../bench/harness/wrk.js';

t.test('order statistics', async (t) => {
  const cases: [number[], { median: number; min: number; max: number; p50: number; p90: number; p99: number; p100: number }][] = [
    [[5], { median: 5, min: 5, max: 5, p50: 5, p90: 5, p99: 5, p100: 5 }],
    [[3, 1, 2], { median: 2, min: 1, max: 3, p50: 2, p90: 3, p99: 3, p100: 3 }],
    [[4, 1, 3, 2], { median: 2.5, min: 1, max: 4, p50: 2, p90: 4, p99: 4, p100: 4 }],
    [Array.from({ length: 100 }, (_, i) => 100 - i), { median: 50.5, min: 1, max: 100, p50: 50, p90: 90, p99: 99, p100: 100 }],
    [Array.from({ length: 1000 }, (_, i) => i + 1), { median: 500.5, min: 1, max: 1000, p50: 500, p90: 900, p99: 990, p100: 1000 }],
  ];
  for (const [xs, want] of cases) {
    const copy = [...xs];
    t.same({
      median: median(xs), min: min(xs), max: max(xs),
      p50: percentile(xs, 50), p90: percentile(xs, 90), p99: percentile(xs, 99), p100: percentile(xs, 100),
    }, want, `${xs.length} samples`);
    t.same(xs, copy, 'input left unchanged');
  }
  t.ok(Number.isNaN(median([])) && Number.isNaN(min([])) && Number.isNaN(max([])) && Number.isNaN(percentile([], 99)), 'empty → NaN');
  t.equal(percentile([1, 2, 3], 0), 1, 'p0 is the minimum');
  t.throws(() => percentile([1], 101), RangeError);
  t.equal(percentileOfSorted(Float64Array.of(1, 2, 3, 4), 75), 3, 'typed arrays, already sorted');
});

const WRK_OUTPUT = `Running 1s test @ http://127.0.0.1:39111/
  1 threads and 5 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     1.44ms    2.91ms  32.12ms   92.22%
    Req/Sec     9.62k     4.29k   15.72k    72.73%
  Latency Distribution
     50%  294.00us
     75%    1.46ms
     90%    3.76ms
     99%   16.36ms
  10553 requests in 1.10s, 1.25MB read
Requests/sec:   9612.49
Transfer/sec:      1.14MB
`;

t.test('wrk report parsing', async (t) => {
  const r = parseWrk(WRK_OUTPUT);
  t.equal(r.requests, 10553);
  t.equal(r.durationS, 1.1);
  t.equal(r.requestsPerS, 9612.49);
  t.equal(r.latencyAvgMs, 1.44);
  t.same(r.latencyPctMs, { 50: 0.294, 75: 1.46, 90: 3.76, 99: 16.36 });
  t.equal(r.errors, 0);

  const withErrors = WRK_OUTPUT.replace('Requests/sec', '  Socket errors: connect 1, read 2, write 3, timeout 4\n  Non-2xx or 3xx responses: 5\nRequests/sec');
  t.equal(parseWrk(withErrors).errors, 15, 'socket errors and non-2xx responses are counted');
  const noDist = WRK_OUTPUT.replace(/  Latency Distribution\n(\s+\d+%.*\n)+/, '');
  t.same(parseWrk(noDist).latencyPctMs, {}, 'without --latency: no percentiles');
  t.throws(() => parseWrk('unable to connect to 127.0.0.1:1 Connection refused\n'), /no 'requests in'/);

  const durations: [string, number][] = [['845.00us', 0.845], ['1.46ms', 1.46], ['2.01s', 2010], ['1.00m', 60_000]];
  for (const [text, ms] of durations) t.equal(wrkDurationMs(text), ms, text);
  t.throws(() => wrkDurationMs('fast'));
});

t.test('verdicts: pass/miss on the median, only at full scale', async (t) => {
  const f = (samples: number[], target?: Figure['target']): Figure => ({ name: 'x', unit: 'ms', samples, target });
  const cases: [Figure, 'quick' | 'full', string][] = [
    [f([10, 20, 30], { op: '<=', value: 20 }), 'full', 'pass'],
    [f([10, 21, 30], { op: '<=', value: 20 }), 'full', 'miss'],
    [f([3, 3.5], { op: '>=', value: 3 }), 'full', 'pass'],
    [f([1, 2.9, 9], { op: '>=', value: 3 }), 'full', 'miss'],
    [f([1, 2.9, 9], { op: '>=', value: 3 }), 'quick', 'quick'],
    [f([1]), 'full', ''],
    [f([], { op: '<=', value: 1 }), 'full', 'miss'],
  ];
  for (const [fig, scale, want] of cases) t.equal(verdict(fig, scale), want, `${JSON.stringify(fig.samples)} ${fig.target?.op ?? ''} ${fig.target?.value ?? ''} at ${scale}`);
});

t.test('number formatting', async (t) => {
  const cases: [number, string][] = [
    [0, '0'], [1.23456, '1.23'], [0.0012345, '0.00123'], [999.4, '999'], [1234.5, '1,235'], [27677.3, '27,677'],
    [-5.555, '-5.55'], [NaN, '–'], [Infinity, '∞'],
  ];
  for (const [x, want] of cases) t.equal(formatNumber(x), want, String(x));
});

t.test('table', async (t) => {
  const rows = [
    rowOf('api', { name: 'ratio', unit: '×', samples: [3.2, 2.9, 3.5], target: { op: '>=', value: 3 } }, 'full'),
    rowOf('memory', { name: 'bytes/var', unit: 'B', samples: [250] }, 'full'),
  ];
  t.same(rows[0], { bench: 'api', figure: 'ratio', median: '3.2 ×', range: '2.9–3.5', target: '≥ 3 ×', verdict: 'pass' });
  t.same(rows[1], { bench: 'memory', figure: 'bytes/var', median: '250 B', range: '', target: '', verdict: '' });
  t.equal(formatTable(rows), [
    '| bench  | figure    | median | min–max | target | pass/miss |',
    '|--------|-----------|--------|---------|--------|-----------|',
    '| api    | ratio     | 3.2 ×  | 2.9–3.5 | ≥ 3 ×  | pass      |',
    '| memory | bytes/var | 250 B  |         |        |           |',
  ].join('\n'));
});

t.test('RESULTS.md: runs are inserted newest first below the marker', async (t) => {
  const header = `# Results\n\nhow to run\n\n${RUNS_MARKER}\n`;
  const once = insertRun(header, '### run 1\n');
  const twice = insertRun(once, '### run 2\n');
  t.equal(twice, `# Results\n\nhow to run\n\n${RUNS_MARKER}\n\n### run 2\n\n### run 1\n`);
  t.match(insertRun('# Old file without marker\n', '### run 1\n'), new RegExp(`# Old file without marker\\n\\n${RUNS_MARKER.replace(/[.*+?^${}()|[\]\\`]/g, '\\$&')}\\n\\n### run 1\\n$`));
});

t.test('/proc/<pid>/stat CPU ticks (utime + stime), even with spaces and parentheses in the name', async (t) => {
  const tail = 'S 1 1234 1234 0 -1 4194560 5000 0 3 0 250 40 0 0 20 0 11 0 4000 1100000000 50000 18446744073709551615';
  const cases: [string, number][] = [
    [`4321 (node) ${tail}`, 290],
    [`4321 (my (odd) name) ${tail}`, 290],
  ];
  for (const [text, want] of cases) t.equal(procStatCpuTicks(text), want, text.slice(0, 24));
  t.throws(() => procStatCpuTicks('garbage'), /cannot read CPU times/);
});

t.test('CPU profile self times, largest first', async (t) => {
  const frame = (functionName: string, url = '', lineNumber = 0) => ({ functionName, url, lineNumber });
  const profile = {
    nodes: [
      { id: 1, callFrame: frame('(root)'), children: [2, 3] },
      { id: 2, callFrame: frame('graph', 'file:///x/dist/api/handlers/graph-data.js', 30) },
      { id: 3, callFrame: frame('(idle)') },
    ],
    samples: [2, 2, 3, 2],
    timeDeltas: [1000, 1000, 2000, 1000],
  };
  t.same(selfTimes(profile), [
    { fn: 'graph dist/api/handlers/graph-data.js:31', ms: 3, share: 0.6 },
    { fn: '(idle)', ms: 2, share: 0.4 },
  ]);

  // Only samples with a matching frame on their stack: a callee of `graph` counts, idle does not.
  const nested = {
    nodes: [
      { id: 1, callFrame: frame('(root)'), children: [2, 3] },
      { id: 2, callFrame: frame('graph', 'file:///x/dist/api/handlers/graph-data.js', 30), children: [4] },
      { id: 3, callFrame: frame('(idle)') },
      { id: 4, callFrame: frame('readVar', 'file:///x/dist/store/chunk-values.js', 104) },
    ],
    samples: [2, 4, 4, 3, 4],
    timeDeltas: [1000, 1000, 1000, 5000, 1000],
  };
  t.same(selfTimes(nested, 'graph-data.js'), [
    { fn: 'readVar dist/store/chunk-values.js:105', ms: 3, share: 0.75 },
    { fn: 'graph dist/api/handlers/graph-data.js:31', ms: 1, share: 0.25 },
  ]);
  t.same(selfTimes(nested, 'no-such-frame'), []);
});
