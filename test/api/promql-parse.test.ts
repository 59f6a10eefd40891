import t from 'tap';
import { promDuration, promTime } from '../../api/routes/prometheus.js';
import { parsePromql } from '../../services/query/promql-parse.js';

t.test('PromQL selectors and constants: what each parses to', async (t) => {
  const cases: [string, unknown][] = [
    ['ifInRate', { kind: 'selector', matchers: [{ label: '__name__', op: '=', value: 'ifInRate' }] }],
    ['ifInRate{device="r1", component=~"xe-.*"}', { kind: 'selector', matchers: [
      { label: '__name__', op: '=', value: 'ifInRate' }, { label: 'device', op: '=', value: 'r1' }, { label: 'component', op: '=~', value: 'xe-.*' }] }],
    ['{__name__!="a", device!~\'r\\\\d\', index=~".+"}', { kind: 'selector', matchers: [
      { label: '__name__', op: '!=', value: 'a' }, { label: 'device', op: '!~', value: 'r\\d' }, { label: 'index', op: '=~', value: '.+' }] }],
    ['x{a="\\"q\\" \\x41\\u00e9\\101\\n"}', { kind: 'selector', matchers: [{ label: '__name__', op: '=', value: 'x' }, { label: 'a', op: '=', value: '"q" AéA\n' }] }],
    ['x{a=`raw\\d`}', { kind: 'selector', matchers: [{ label: '__name__', op: '=', value: 'x' }, { label: 'a', op: '=', value: 'raw\\d' }] }],
    ['{"ifInRate", "device"="r1"}', { kind: 'selector', matchers: [{ label: '__name__', op: '=', value: 'ifInRate' }, { label: 'device', op: '=', value: 'r1' }] }],
    ['1+1', { kind: 'number', value: 2 }],
    ['(2 * 3) ^ 2 - 1', { kind: 'number', value: 35 }],
    ['-(4) / 8', { kind: 'number', value: -0.5 }],
    ['0x10 % 7', { kind: 'number', value: 2 }],
    ['Inf', { kind: 'number', value: Infinity }],
  ];
  for (const [q, want] of cases) t.same(parsePromql(q), want, q);
});

t.test('PromQL beyond selectors: BAD_PARAMETER naming what is found and what is supported', async (t) => {
  const cases: [string, RegExp][] = [
    ['rate(x[5m])', /a function call "rate\(x\[5m\]\)" is not supported; supported: a vector selector/],
    ['sum by (device) (x)', /an aggregation/],
    ['x[5m]', /a range selector/],
    ['x[5m:1m]', /a subquery/],
    ['x offset 1m', /offset/],
    ['x @ 10', /the @ modifier/],
    ['x > 1', /a binary operation on series/],
    ['1 + x', /a binary operation on series/],
    ['"s"', /a string literal/],
    ['5m', /a duration, not a number/],
    ['{}', /at least one matcher/],
    ['{__name__!="a", device!~"r"}', /at least one matcher/],
    ['{a=~""}', /at least one matcher/],
    ['x{a="\\q"}', /unknown escape \\q/],
    ['x{', /syntax error at character/],
    ['', /query is empty/],
    ['a'.repeat(20_000), /longer than 16384 characters/],
  ];
  for (const [q, msg] of cases) {
    t.throws(() => parsePromql(q), { code: 'BAD_PARAMETER', message: msg }, q.slice(0, 40));
  }
});

t.test('Prometheus times and durations', async (t) => {
  const times: [string, number | null][] = [
    ['1700000000', 1_700_000_000_000], ['1700000000.5', 1_700_000_000_500], ['2026-11-23T10:00:00Z', Date.UTC(2026, 10, 23, 10)],
    ['2026-11-23T12:00:00.250+02:00', Date.UTC(2026, 10, 23, 10, 0, 0, 250)], ['-1', -1000],
    ['yesterday', null], ['2026-11-23', null], ['1e300', null], ['', null],
  ];
  for (const [text, ms] of times) {
    if (ms === null) t.throws(() => promTime('start', text), { code: 'BAD_PARAMETER' }, text);
    else t.equal(promTime('start', text), ms, text);
  }
  const durations: [string, number | null][] = [['15', 15_000], ['0.5', 500], ['30s', 30_000], ['1m30s', 90_000], ['1h', 3_600_000], ['250ms', 250], ['fast', null], ['1x', null]];
  for (const [text, ms] of durations) {
    if (ms === null) t.throws(() => promDuration('step', text), { code: 'BAD_PARAMETER' }, text);
    else t.equal(promDuration('step', text), ms, text);
  }
});
