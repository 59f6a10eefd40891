/**
 * The pure parts of reports and integrations: the `reports:` and `integrations:` config sections
 * (values, defaults, one message per mistake naming the key, secrets never echoed), report file
 * names (only the server's own names pass: a table of traversal attempts), CSV and HTML writing,
 * and the schedule's due times.
 */
import t from 'tap';
import { loadConfig } from '../../../core/config-load.js';
import { nextDueMs } from '../../../services/reports/report-schedule.js';
import { csvCell, csvText, htmlPage } from '../../../services/reports/report-format.js';
import { parseReportFile, reportName } from '../../../services/reports/report-names.js';

const NET = 'networks:\n  - { id: 1, seeds: [10.0.0.1] }\n';
const load = (text: string) => loadConfig({ text: NET + text, path: 'netmon.yaml', env: {} });
const failure = (text: string): string => { try { load(text); return ''; } catch (e) { return (e as Error).message; } };

t.test('reports: config', async (t) => {
  t.same(load('').reports, { schedule: { kind: 'daily', minuteOfDay: 120 }, keep: 30 }, 'defaults');
  const cases: [string, unknown][] = [
    ['schedule: daily at 23:45', { kind: 'daily', minuteOfDay: 23 * 60 + 45 }],
    ['schedule: every 6h', { kind: 'interval', intervalMs: 6 * 3_600_000 }],
    ['schedule: every 1m', { kind: 'interval', intervalMs: 60_000 }],
    ['schedule: off', { kind: 'off' }],
    ['schedule: false', { kind: 'off' }],
  ];
  for (const [line, want] of cases) t.same(load(`reports:\n  ${line}\n`).reports!.schedule, want, line);
  t.equal(load('reports: { keep: 2 }').reports!.keep, 2);
  const bad: [string, RegExp][] = [
    ['reports: { schedule: daily at 24:00 }', /reports\.schedule \(line 3\): must be `off`/],
    ['reports: { schedule: every 10s }', /reports\.schedule/],
    ['reports: { schedule: weekly }', /reports\.schedule/],
    ['reports: { schedule: 5 }', /reports\.schedule/],
    ['reports: { keep: 0 }', /reports\.keep .*from 1 to 10000/],
    ['reports: { kept: 3 }', /unknown key 'kept'/],
  ];
  for (const [text, re] of bad) t.match(failure(text), re, text);
});

t.test('integrations: config', async (t) => {
  t.same(load('').integrations, { trafficAnalytics: null }, 'absent: not configured');
  const c = load(`integrations:
  trafficAnalytics:
    baseUrl: http://flows.example.org:8080/api/
    user: netmon
    password: "p:w"
    timeout: 2s
    paths: { topXdata: /v1/top }
`).integrations!.trafficAnalytics!;
  t.same(c, {
    baseUrl: 'http://flows.example.org:8080/api', authorization: `Basic ${Buffer.from('netmon:p:w').toString('base64')}`, user: 'netmon',
    timeoutMs: 2000, maxAnswerBytes: 4 * 1024 * 1024, maxCallsInFlight: 8, paths: { url: '/', topXdata: '/v1/top', topXchart: '/topXchart' },
  }, 'values and defaults');
  t.equal(load('integrations: { trafficAnalytics: { baseUrl: "https://x.example", token: tk } }').integrations!.trafficAnalytics!.authorization, 'Bearer tk', 'a token');
  const ta = (body: string) => `integrations:\n  trafficAnalytics: { ${body} }\n`;
  const bad: [string, RegExp][] = [
    [ta('baseUrl: ftp://x.example'), /baseUrl .*http:\/\/ or https:\/\//],
    [ta('baseUrl: "http://u:SECRETPW@x.example"'), /must not carry credentials/],
    [ta('baseUrl: "http://x.example/?a=1"'), /without a query/],
    [ta('baseUrl: http://x.example, user: u'), /`user` and `password` go together/],
    [ta('baseUrl: http://x.example, password: SECRETPW'), /`user` and `password` go together/],
    [ta('baseUrl: http://x.example, user: u, password: SECRETPW, token: SECRETTK'), /either `token` or `user`/],
    [ta('baseUrl: http://x.example, timeout: 10m'), /timeout.*at most 5m/],
    [ta('baseUrl: http://x.example, maxAnswerBytes: 10'), /maxAnswerBytes/],
    [ta('baseUrl: http://x.example, maxCallsInFlight: 0'), /maxCallsInFlight/],
    [ta('baseUrl: http://x.example, maxCallsInFlight: 2.5'), /maxCallsInFlight/],
    [ta('baseUrl: http://x.example, paths: { topXdata: "../admin" }'), /paths\.topXdata/],
    [ta('baseUrl: http://x.example, paths: { topXdata: "/a/../b" }'), /paths\.topXdata/],
    [ta('baseUrl: http://x.example, paths: { other: /x }'), /unknown key 'other'/],
    [ta('baseUrl: http://x.example, token: ""'), /token.*value not shown/],
  ];
  for (const [text, re] of bad) {
    const msg = failure(text);
    t.match(msg, re, text);
    t.notMatch(msg, /SECRET/, `${text}: no secret in the message`);
  }
});

t.test('report file names: only the server\'s own', async (t) => {
  const ms = Date.UTC(2026, 10, 27, 2, 0, 0, 7);
  const name = reportName('inventory', 12, ms);
  t.equal(name, 'inventory-net12-20261127T020000007Z');
  t.same(parseReportFile(`${name}.csv`), { fileName: `${name}.csv`, name, category: 'inventory', networkId: 12, createdAtMs: ms, format: 'csv' });
  t.equal(parseReportFile(`${name}.html`)!.format, 'html');
  const refused = [
    '..', '.', '', '/etc/passwd', '../lock', `../${name}.csv`, `${name}.csv/..`, `./${name}.csv`, `sub/${name}.csv`, `..\\${name}.csv`,
    `${name}.csv\u0000.html`, `${name}.csv\u0000`, `${name}.CSV`, `${name}.csv.tmp`, `${name}.txt`, `${name}`, `%2e%2e%2f${name}.csv`,
    `${name.replace('inventory', 'weather')}.csv`, 'inventory-net0-20261127T020000007Z.csv', 'inventory-net1-20261327T020000007Z.csv',
    'inventory-net1-20260230T020000007Z.csv', ` ${name}.csv`, `${name}.csv `, `${name}.csv\n`,
  ];
  for (const f of refused) t.equal(parseReportFile(f), null, JSON.stringify(f));
});

t.test('CSV and HTML', async (t) => {
  const cells: [string | number | null, string][] = [
    ['plain', 'plain'], ['a,b', '"a,b"'], ['say "hi"', '"say ""hi"""'], ['two\nlines', '"two\nlines"'], [null, ''], [1.5, '1.5'], [Number.NaN, ''],
    ['=HYPERLINK("x")', '"\'=HYPERLINK(""x"")"'], ['+1+1', "'+1+1"], ['-5', '-5'], ['-x', "'-x"], ['@sum', "'@sum"], ['10.0.0.1', '10.0.0.1'],
  ];
  for (const [v, want] of cells) t.equal(csvCell(v), want, JSON.stringify(v));
  t.equal(csvText(['a', 'b'], [[1, 'x'], [null, 'y,z']]), 'a,b\r\n1,x\r\n,"y,z"\r\n');
  const page = htmlPage('<T>', 'a & b', [{ title: 'S"', header: ['<h>'], rows: [['<script>alert(1)</script>'], ["it's"]] }]);
  t.notMatch(page, /<script>|<T>|<h>/, 'no unescaped markup from the data');
  t.match(page, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
  t.match(page, /it&#39;s/);
  t.match(page, /a &amp; b/);
});

t.test('schedule: next due time', async (t) => {
  const day = Date.UTC(2026, 10, 27);
  const H = 3_600_000;
  const cases: [Parameters<typeof nextDueMs>[0], number, number | null][] = [
    [{ kind: 'off' }, day, null],
    [{ kind: 'daily', minuteOfDay: 120 }, day, day + 2 * H],
    [{ kind: 'daily', minuteOfDay: 120 }, day + 2 * H - 1, day + 2 * H],
    [{ kind: 'daily', minuteOfDay: 120 }, day + 2 * H, day + 26 * H],
    [{ kind: 'daily', minuteOfDay: 0 }, day, day + 24 * H],
    [{ kind: 'interval', intervalMs: 6 * H }, day + H, day + 6 * H],
    [{ kind: 'interval', intervalMs: 6 * H }, day + 6 * H, day + 12 * H],
  ];
  for (const [s, after, want] of cases) t.equal(nextDueMs(s, after), want, `${JSON.stringify(s)} after +${(after - day) / H}h`);
});
