import t from 'tap';
import { apiFor, call } from '../fakes/call.js';
import { fixedClock } from '../fakes/clock.js';
import { fixture, NOW_MS, servicesOf } from '../fakes/fake-service.js';
import { buildRouter } from '../../api/routes/index.js';
import { silentLogger } from '../../core/logger.js';
import type { AlertNotifier, StreamStatus } from '../../services/alert-types.js';

t.test('ping, healthcheck, metrics', async (t) => {
  const svc = fixture();
  const { get } = apiFor(svc, NOW_MS);
  const ping = await get('/api/metrics/ping');
  t.equal(ping.status, 200);
  t.equal(ping.text, 'pong');
  t.match(ping.headers['content-type'], /^text\/plain/);

  const health = await get('/api/metrics/healthcheck');
  t.same(health.json, {
    healthy: true, status: 'ok', reason: '',
    components: {
      store: { healthy: true, detail: 'ok' },
      metadata: { healthy: true, status: 'ok', detail: 'reads answer; writes as the store component says' },
      notifications: { healthy: true, detail: '1 stream(s) delivering, 0 queued' },
      work: {
        healthy: true, status: 'ok',
        detail: 'reportRuns 0/1 running, 0/16 waiting, 0 refused; actions 0/1 running, 0/8 waiting, 0 refused; discovery 0/2000 running, 0/0 waiting, 0 refused',
      },
    },
    uptimeMs: 0,
  });
  svc.healthy = false;
  const sick = await get('/api/metrics/healthcheck');
  t.equal(sick.status, 200, 'the verdict is in the body');
  t.equal(sick.json.healthy, false);
  t.equal(sick.json.status, 'failing', 'a component without a status reads failing when unhealthy');
  t.equal(sick.json.reason, 'store failing: disk full');

  await get('/nowhere');
  const m = await get('/api/metrics/metrics');
  t.equal(m.status, 200);
  t.same(m.json.networks[0], {
    id: 1, name: 'lab',
    poll: { cycles: 3, lastCycleStartMs: 1000, lastCycleDurationMs: 20, devicesPolled: 2, devicesFailed: 0, variables: 4 },
    discovery: { generations: 3, latestGeneration: 2, latestCompletedAtMs: 4000, runningGeneration: 3 },
  });
  t.equal(m.json.networks[1].discovery.latestGeneration, null);
  t.equal(m.json.http.requests, 4, 'counts the requests before this one');
  t.equal(m.json.http.notFound, 1);
  t.equal(m.json.http.routes['GET /api/metrics/ping'].count, 1);
  t.equal(m.json.http.byStatusClass['2xx'], 3);
  t.notMatch(m.text, '\n', 'compact by default');
  t.same(m.json.notifications, {
    streams: [{ name: 'log', kind: 'log', queued: 0, delivered: 0, failed: 0, timeouts: 0, dropped: 0, purged: 0, lastError: '', oldestQueuedAtMs: null, timeoutMs: 10_000, lastDeliveredAtMs: null, lastFailedAtMs: null, lastDroppedAtMs: null }],
    droppedWithRemovedStreams: 0,
  }, 'the notifier\'s counters (the default config: the log stream only)');

  const pretty = await get('/api/metrics/metrics?pretty=true');
  t.match(pretty.text, /^\{\n {2}"startedAtMs"/);
  t.match(pretty.headers['content-type'], /^application\/json/);
  t.equal(pretty.json.networks.length, 2);
  t.equal((await get('/api/metrics/metrics?pretty=please')).status, 400);
  t.equal((await get('/api/metrics/ping?x=1')).status, 200, 'unknown query parameters are ignored');
});

t.test('healthcheck: the notifications component is degraded when a stream gave up or overflowed lately', async (t) => {
  const stream = (over: Partial<StreamStatus>): StreamStatus => ({
    name: 'ops', kind: 'webhook', queued: 0, delivered: 3, failed: 0, timeouts: 0, dropped: 0, purged: 0, lastError: '',
    oldestQueuedAtMs: null, timeoutMs: 10_000, lastDeliveredAtMs: NOW_MS - 60_000, lastFailedAtMs: null, lastDroppedAtMs: null, ...over,
  });
  let streams: StreamStatus[] = [];
  const notifier: AlertNotifier = {
    send: () => {}, purge: () => 0, configure: () => {}, close: async () => {},
    status: () => ({ streams, droppedWithRemovedStreams: 0 }),
  };
  const clock = fixedClock(NOW_MS);
  const { router } = buildRouter({ services: { ...servicesOf(fixture(), clock), notifier }, clock, logger: silentLogger });
  const cases: [string, StreamStatus[], boolean, RegExp][] = [
    ['delivering', [stream({})], true, /1 stream\(s\) delivering/],
    ['gave up', [stream({ failed: 1, lastFailedAtMs: NOW_MS - 1000, lastError: 'the receiver answered HTTP 500' })], false, /stream ops: latest delivery failed \(the receiver answered HTTP 500\)/],
    ['overflowed', [stream({ dropped: 4, lastDroppedAtMs: NOW_MS - 2000 })], false, /stream ops: queue overflowed 2 s ago/],
  ];
  for (const [name, s, healthy, detail] of cases) {
    streams = s;
    const h = (await call(router, 'GET', '/api/metrics/healthcheck')).json;
    t.equal(h.healthy, true, `${name}: still healthy`);
    t.equal(h.status, healthy ? 'ok' : 'degraded', name);
    t.equal(h.components.notifications.status ?? 'ok', healthy ? 'ok' : 'degraded', name);
    t.match(h.components.notifications.detail, detail, name);
    t.equal(h.components.store.healthy, true, `${name}: other components as they were`);
  }
  t.same((await call(router, 'GET', '/api/metrics/metrics')).json.notifications.streams, streams, 'metrics: the status as the notifier gives it');
});

t.test('healthcheck summary: the worst component status and the reasons of those not ok (table)', async (t) => {
  const poller = (status: 'ok' | 'degraded' | 'failing', detail: string) => ({ healthy: status !== 'failing', status, detail });
  const cases: [string, Record<string, { healthy: boolean; status?: 'ok' | 'degraded' | 'failing'; detail: string }>, boolean, string, string][] = [
    ['all ok', { 'network.1.poller': poller('ok', '2 polled'), store: { healthy: true, detail: 'ok' } }, true, 'ok', ''],
    ['degraded', { 'network.1.poller': poller('degraded', '1 device failing their polls: sw2'), store: { healthy: true, detail: 'ok' } }, true, 'degraded',
      'network.1.poller degraded: 1 device failing their polls: sw2'],
    ['degraded and failing', {
      'network.1.poller': poller('degraded', 'sw2 failing'), 'network.2.poller': poller('failing', 'no poll cycle'), store: { healthy: true, detail: 'ok' },
    }, false, 'failing', 'network.1.poller degraded: sw2 failing; network.2.poller failing: no poll cycle'],
  ];
  for (const [what, components, healthy, status, reason] of cases) {
    const svc = fixture();
    svc.health = () => ({ healthy: Object.values(components).every((c) => c.healthy), components });
    const { get } = apiFor(svc, NOW_MS);
    const r = await get('/api/metrics/healthcheck');
    t.same([r.json.healthy, r.json.status, r.json.reason], [healthy, status, reason], what);
    t.same({ ...r.json.components, notifications: undefined, metadata: undefined, work: undefined }, { ...components, notifications: undefined, metadata: undefined }, `${what}: components as the collector gives them`);
  }
});
