import t from 'tap';
import { AppError } from '../../core/errors.js';
import { parseTimestamp, parseTimeWindow } from '../../api/http/time-window.js';
import { reduceMinMax } from '../../services/series/series-reduce.js';
import { unitScale } from '../../services/catalog/unit-scale.js';
import { BodyCollector, declaredLength, declaredLengthOf, readJson } from '../../api/http/json-body.js';
import type { ApiRequest } from '../../api/http/http-types.js';

t.test('parseTimestamp', async (t) => {
  const ok: [string, number][] = [
    ['0', 0],
    ['1700000000000', 1_700_000_000_000],
    ['2023-11-14T22:13:20Z', 1_700_000_000_000],
    ['2023-11-14T22:13:20.000Z', 1_700_000_000_000],
    ['2023-11-14T22:13:20.5Z', 1_700_000_000_500],
    ['2023-11-14T22:13:20.123456Z', 1_700_000_000_123],
    ['2023-11-14T22:13:20', 1_700_000_000_000],
    ['2023-11-14 22:13:20', 1_700_000_000_000],
    ['2023-11-14T22:13', 1_699_999_980_000],
    ['2023-11-14T23:13:20+01:00', 1_700_000_000_000],
    ['2023-11-14T23:13:20+0100', 1_700_000_000_000],
    ['2023-11-14T23:13:20 01:00', 1_700_000_000_000], // '+' sent unencoded, decoded as a space
    ['2023-11-14 23:13:20.000 0100', 1_700_000_000_000],
    ['2023-11-14T21:13:20-01:00', 1_700_000_000_000],
    ['2023-11-14', Date.UTC(2023, 10, 14)],
    ['2024-02-29', Date.UTC(2024, 1, 29)],
    [' 1700000000000 ', 1_700_000_000_000],
  ];
  for (const [text, ms] of ok) t.equal(parseTimestamp('start', text), ms, text);
  const bad = ['', 'now', '-1', '1.5', '1e12', '2023-02-29', '2023-13-01', '2023-00-10', '2023-11-14T24:00', '2023-11-14T22:60',
    '2023-11-14T22:13:61', '14/11/2023', 'Tue Nov 14 2023', '2023-11-14T22:13:20ZZ', '12345678901234567'];
  for (const text of bad) {
    let err: unknown;
    try { parseTimestamp('start', text); } catch (e) { err = e; }
    t.ok(err instanceof AppError && err.code === 'BAD_PARAMETER' && err.message.includes("'start'"), `'${text}' is refused`);
  }
});

t.test('parseTimeWindow', async (t) => {
  const now = 1_000_000_000;
  const H = 3_600_000;
  const cases: [string, { fromMs: number; toMs: number } | 'bad'][] = [
    ['', { fromMs: now - 24 * H, toMs: now }],
    ['intervalHr=2', { fromMs: now - 2 * H, toMs: now }],
    ['intervalHr=.5', { fromMs: now - H / 2, toMs: now }],
    ['end=500000000', { fromMs: 500_000_000 - 24 * H, toMs: 500_000_000 }],
    ['start=1&end=2', { fromMs: 1, toMs: 2 }],
    ['start=2&end=2', { fromMs: 2, toMs: 2 }],
    ['start=3&end=2', 'bad'],
    [`start=${now + 1}`, 'bad'],
    ['intervalHr=0', 'bad'],
    ['intervalHr=Infinity', 'bad'],
    ['intervalHr=NaN', 'bad'],
    ['intervalHr=1h', 'bad'],
  ];
  for (const [q, want] of cases) {
    if (want === 'bad') t.throws(() => parseTimeWindow(new URLSearchParams(q), now), { code: 'BAD_PARAMETER' }, q);
    else t.same(parseTimeWindow(new URLSearchParams(q), now), want, q);
  }
});

t.test('reduceMinMax', async (t) => {
  const pts = (ts: number[], vs: number[]) => ({ tsMs: Float64Array.from(ts), values: Float64Array.from(vs) });
  const plain = (p: { tsMs: Float64Array; values: Float64Array }) => [...p.tsMs].map((ts, i) => [ts, p.values[i]]);
  const cases: { name: string; ts: number[]; vs: number[]; from: number; to: number; length: number; want: number[][] }[] = [
    { name: 'short series untouched', ts: [0, 1, 2], vs: [5, 1, 9], from: 0, to: 10, length: 4, want: [[0, 5], [1, 1], [2, 9]] },
    { name: 'one chunk: min and max in time order', ts: [0, 1, 2, 3, 4], vs: [5, 9, 1, 7, 3], from: 0, to: 4, length: 2, want: [[1, 9], [2, 1]] },
    { name: 'two chunks', ts: [0, 1, 2, 3, 4, 5, 6, 7], vs: [3, 1, 4, 1, 5, 9, 2, 6], from: 0, to: 8, length: 4,
      want: [[1, 1], [2, 4], [5, 9], [6, 2]] },
    { name: 'ties: first minimum and first maximum', ts: [0, 1, 2, 3, 4], vs: [2, 2, 2, 2, 2], from: 0, to: 4, length: 2, want: [[0, 2]] },
    { name: 'empty chunks yield nothing', ts: [0, 1, 2, 90, 91, 92, 93], vs: [1, 2, 3, 4, 5, 6, 7], from: 0, to: 100, length: 6,
      want: [[0, 1], [2, 3], [90, 4], [93, 7]] },
    { name: 'odd length rounds down', ts: [0, 1, 2, 3, 4, 5], vs: [1, 2, 3, 4, 5, 6], from: 0, to: 6, length: 5,
      want: [[0, 1], [2, 3], [3, 4], [5, 6]] },
    { name: 'the end bound belongs to the last chunk', ts: [0, 1, 2, 3, 4], vs: [1, 2, 3, 4, 5], from: 0, to: 4, length: 4,
      want: [[0, 1], [1, 2], [2, 3], [4, 5]] },
  ];
  for (const c of cases) t.same(plain(reduceMinMax(pts(c.ts, c.vs), c.from, c.to, c.length)), c.want, c.name);
});

t.test('unitScale', async (t) => {
  const cases: [string, number, string, number][] = [
    ['bit/s', NaN, 'bit/s', 1],
    ['bit/s', 0, 'bit/s', 1],
    ['bit/s', 999.9, 'bit/s', 1],
    ['bit/s', 1000, 'kb/s', 1e3],
    ['bps', 2e6, 'Mb/s', 1e6],
    ['b/s', 1e9, 'Gb/s', 1e9],
    ['bits/s', 5e13, 'Gb/s', 1e9],
    ['B', 5e13, 'B', 1],
    ['%', 50, '%', 1],
    ['', 5e6, '', 1],
  ];
  for (const [unit, max, wantUnit, wantScale] of cases) t.same(unitScale(unit, max), { unit: wantUnit, scale: wantScale }, `${unit} ${max}`);
});

t.test('BodyCollector and declaredLength', async (t) => {
  const c = new BodyCollector(10);
  t.equal(c.push(new Uint8Array([1, 2, 3])), true);
  const chunk = new Uint8Array([4, 5, 6, 7, 8, 9, 10]);
  t.equal(c.push(chunk), true, 'exactly at the limit');
  chunk.fill(0); // the transport reuses its buffer: the collector copied
  t.same([...c.body()], [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  t.equal(c.push(new Uint8Array([11])), false, 'one byte over');
  t.equal(c.tooLarge, true);
  t.equal(c.bytesSeen, 11);
  t.throws(() => c.body(), { code: 'BODY_TOO_LARGE', status: 413 });
  t.equal(new BodyCollector().maxBytes, 1024 * 1024, 'default 1 MiB');
  t.throws(() => new BodyCollector(-1));

  const lengths: [Record<string, string>, number | undefined | 'bad'][] = [
    [{}, undefined], [{ 'content-length': '' }, undefined], [{ 'content-length': '0' }, 0], [{ 'content-length': '1234' }, 1234],
    [{ 'content-length': '-1' }, 'bad'], [{ 'content-length': 'abc' }, 'bad'], [{ 'content-length': '12, 12' }, 'bad'],
  ];
  for (const [h, want] of lengths) {
    if (want === 'bad') t.throws(() => declaredLength(h), { code: 'BAD_REQUEST' }, JSON.stringify(h));
    else t.equal(declaredLength(h), want, JSON.stringify(h));
  }
});

t.test('declaredLengthOf: every Content-Length header of a request', async (t) => {
  const cases: [string[], number | undefined | 'bad'][] = [
    [[], undefined], [['12'], 12], [['12', '12'], 12], [[' 7 ', '7'], 7],
    [['3', '5'], 'bad'], [['0', '27'], 'bad'], [['', '5'], 'bad'], [['5', ''], 'bad'], [['x'], 'bad'],
  ];
  for (const [values, want] of cases) {
    if (want === 'bad') t.throws(() => declaredLengthOf(values), { code: 'BAD_REQUEST', status: 400 }, JSON.stringify(values));
    else t.equal(declaredLengthOf(values), want, JSON.stringify(values));
  }
  const long = 'x'.repeat(5000);
  t.throws(() => declaredLength(long), { message: `Content-Length '${'x'.repeat(100)}…' is not a number` }, 'the value is quoted as an excerpt');
});

t.test('readJson: a JSON content type is required', async (t) => {
  const req = (body: string, type?: string): ApiRequest => ({
    method: 'POST', path: '/', params: {}, query: new URLSearchParams(), headers: type !== undefined ? { 'content-type': type } : {}, body: Buffer.from(body),
  });
  const good: [string, unknown][] = [
    ['application/json', { a: 1 }], ['application/json; charset=utf-8', { a: 1 }], ['Application/JSON', { a: 1 }],
    ['application/merge-patch+json', { a: 1 }], ['application/vnd.api+json;charset=utf-8', { a: 1 }], [' application/json ', { a: 1 }],
  ];
  for (const [type, want] of good) t.same(readJson(req('{"a":1}', type)), want, type);
  const bad: [ApiRequest, string, number][] = [
    [req('{"a":1}'), 'UNSUPPORTED_MEDIA_TYPE', 415],
    [req('{"a":1}', ''), 'UNSUPPORTED_MEDIA_TYPE', 415],
    [req('{"a":1}', 'text/plain'), 'UNSUPPORTED_MEDIA_TYPE', 415],
    [req('{"a":1}', 'text/plain; charset=utf-8'), 'UNSUPPORTED_MEDIA_TYPE', 415],
    [req('a=1', 'application/x-www-form-urlencoded'), 'UNSUPPORTED_MEDIA_TYPE', 415],
    [req('{"a":1}', 'multipart/form-data; boundary=x'), 'UNSUPPORTED_MEDIA_TYPE', 415],
    [req('{"a":1}', 'application/json-seq'), 'UNSUPPORTED_MEDIA_TYPE', 415],
    [req('{"a":1}', 'application/jsonp'), 'UNSUPPORTED_MEDIA_TYPE', 415],
    [req('{"a":1}', 'application/+json'), 'UNSUPPORTED_MEDIA_TYPE', 415],
    [req('', 'application/json'), 'BAD_JSON', 400],
    [req('{"a":', 'application/json'), 'BAD_JSON', 400],
  ];
  for (const [r, code, status] of bad) t.throws(() => readJson(r), { code, status }, `${r.body} ${r.headers['content-type']}`);
  t.throws(() => readJson(req('{}', `text/${'x'.repeat(5000)}`)), { message: /got 'text\/x{95}…'$/ }, 'the type is quoted as an excerpt');
});
