/** Time values of the dashboard query body (services/query/dashboard-time.ts): the Grafana datasource's forms. */
import t from 'tap';
import { parseDashboardTime, parseIntervalMs } from '../../../services/query/dashboard-time.js';

// 2026-11-26 (a Thursday) 23:35:40.250 UTC.
const NOW = Date.UTC(2026, 10, 26, 23, 35, 40, 250);
const H = 3_600_000;
const D = 24 * H;

t.test('from and until forms', async (t) => {
  const cases: [string, string | number, boolean, number][] = [
    ['now', 'now', false, NOW],
    ['now-6h', 'now-6h', false, NOW - 6 * H],
    ['now-15m', 'now-15m', false, NOW - 15 * 60_000],
    ['now-1M: a calendar month', 'now-1M', false, Date.UTC(2026, 9, 26, 23, 35, 40, 250)],
    ['now-1y', 'now-1y', false, Date.UTC(2025, 10, 26, 23, 35, 40, 250)],
    ['now-2w', 'now-2w', false, NOW - 14 * D],
    ['now/d as from: start of today', 'now/d', false, Date.UTC(2026, 10, 26)],
    ['now/d as until: end of today', 'now/d', true, Date.UTC(2026, 10, 27) - 1],
    ['now-1d/d (yesterday) as from', 'now-1d/d', false, Date.UTC(2026, 10, 25)],
    ['now-1d/d as until', 'now-1d/d', true, Date.UTC(2026, 10, 26) - 1],
    ['now/w: weeks start on Sunday', 'now/w', false, Date.UTC(2026, 10, 22)],
    ['now/M', 'now/M', false, Date.UTC(2026, 10, 1)],
    ['now/y as until', 'now/y', true, Date.UTC(2027, 0, 1) - 1],
    ['now-1h/h', 'now-1h/h', false, Date.UTC(2026, 10, 26, 22)],
    ['epoch seconds (getTimeForApiCall)', '1764200000s', false, 1_764_200_000_000],
    ['epoch ms with unit', '1764200000123ms', false, 1_764_200_000_123],
    ['epoch ms', '1764200000123', false, 1_764_200_000_123],
    ['epoch ms as a number', 1_764_200_000_123, false, 1_764_200_000_123],
    ['ISO (a moment serialised)', '2026-11-26T10:00:00.000Z', false, Date.UTC(2026, 10, 26, 10)],
  ];
  for (const [name, v, roundUp, want] of cases) t.equal(parseDashboardTime('from', v, NOW, roundUp), want, name);
});

t.test('bad times are BAD_PARAMETER naming the field', async (t) => {
  for (const v of ['yesterday', 'now-6x', 'now/q', '12s3', 'now-', '']) {
    t.throws(() => parseDashboardTime('until', v, NOW, true), { code: 'BAD_PARAMETER', message: /'until' is not a time/ }, JSON.stringify(v));
  }
  for (const v of ['now-999999999y', 'now+999999999M/w', '9999999999999999s', 1e300]) {
    t.throws(() => parseDashboardTime('from', v, NOW, false), { code: 'BAD_PARAMETER', message: /'from' .* outside the dates/ }, JSON.stringify(v));
  }
});

t.test('groupByTime intervals', async (t) => {
  const cases: [string, number | null][] = [['100ms', 100], ['20s', 20_000], ['1m', 60_000], ['2h', 2 * H], ['1d', D], ['1w', 7 * D], ['1y', 365 * D], ['0s', null], ['1M', null], ['x', null]];
  for (const [v, want] of cases) t.equal(parseIntervalMs(v), want, v);
});
