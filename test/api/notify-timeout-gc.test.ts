/**
 * A webhook receiver that accepts the connection and never answers, while the garbage collector runs
 * again and again: every notice still ends (each try timed out, retried, then given up on), the
 * healthcheck names the stream as degraded while its notices pile up, and /metrics counts the
 * timeouts. Before core/deadline.ts the stream's timeout was `AbortSignal.any([signal,
 * AbortSignal.timeout(ms)])`, which a collection could drop on Node 20: the first request then
 * waited for ever and the queue grew with nothing in the healthcheck.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import t from 'tap';
import { buildRouter } from '../../api/routes/index.js';
import { systemClock } from '../../core/clock.js';
import { silentLogger } from '../../core/logger.js';
import type { WebhookStreamConfig } from '../../core/config-schema.js';
import { Notifier } from '../../services/notify/notifier.js';
import { notice, settings, startReceiver } from '../fakes/notify-fixtures.js';
import { call } from '../fakes/call.js';
import { fixture, servicesOf } from '../fakes/fake-service.js';

/** The collector, whether or not node ran with --expose-gc. */
function gcFunction(): () => void {
  const g = (globalThis as { gc?: () => void }).gc;
  if (g) return g;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

t.test('a receiver that never answers: every notice ends, the healthcheck and /metrics show the stream', async (t) => {
  const gc = gcFunction();
  const receiver = await startReceiver(() => 'hold');
  t.teardown(() => receiver.close());
  // Long enough for a request to reach the receiver on a loaded machine (at 150 ms and load 30, 3 of
  // 4 tries timed out before their request had arrived).
  const TIMEOUT_MS = 500;
  const RETRIES = 1;
  const NOTICES = 4;
  const hook: WebhookStreamConfig = { kind: 'webhook', name: 'hook', url: receiver.url, format: 'json', timeoutMs: TIMEOUT_MS, headers: {} };
  const notifier = new Notifier(settings([hook], { retries: RETRIES, retryInitialMs: 10, retryMaxMs: 20 }), { clock: systemClock, logger: silentLogger, random: () => 0, closeWaitMs: 100 });
  t.teardown(() => notifier.close());
  const { router } = buildRouter({ services: { ...servicesOf(fixture(), systemClock), notifier }, clock: systemClock, logger: silentLogger });
  const hookStatus = () => notifier.status().streams.find((s) => s.name === 'hook')!;

  for (let i = 0; i < NOTICES; i++) notifier.send(notice(i), ['hook']);

  // Bounded in count and in time: at most 2000 rounds of a forced collection and a 10 ms wait.
  let sawStalled = false;
  let ended = false;
  const end = Date.now() + 20_000;
  for (let round = 0; round < 2000 && Date.now() < end; round++) {
    gc();
    await new Promise((r) => setTimeout(r, 10));
    const s = hookStatus();
    if (!sawStalled && s.queued > 0) {
      const h = (await call(router, 'GET', '/api/metrics/healthcheck')).json;
      if (h.components.notifications.status === 'degraded' && /stream hook: nothing delivered/.test(h.components.notifications.detail)) sawStalled = true;
    }
    if (s.failed + s.delivered + s.dropped === NOTICES) { ended = true; break; }
  }
  const s = hookStatus();
  t.ok(ended, `every notice ended (delivered ${s.delivered}, failed ${s.failed}, queued ${s.queued}, timeouts ${s.timeouts}, requests ${receiver.received.length})`);
  t.equal(s.failed, NOTICES, 'each given up on after its retries');
  t.equal(s.delivered, 0);
  t.equal(s.queued, 0);
  t.equal(s.timeouts, NOTICES * (RETRIES + 1), 'every try timed out');
  // At least one try reached the receiver and was held (the case under test); on a loaded machine a
  // try may time out before its request arrives, which ends it the same way.
  t.ok(receiver.received.length >= 1, `the receiver took requests and held them (${receiver.received.length})`);
  t.match(s.lastError, new RegExp(`no answer within ${TIMEOUT_MS} ms`));
  t.ok(sawStalled, 'the healthcheck named the stream while its notices waited');

  const h = (await call(router, 'GET', '/api/metrics/healthcheck')).json;
  t.equal(h.components.notifications.status, 'degraded', 'degraded once the notices were given up on');
  t.match(h.components.notifications.detail, new RegExp(`stream hook: latest delivery failed \\(.*no answer within ${TIMEOUT_MS} ms\\)`));

  const prom = (await call(router, 'GET', '/metrics')).text;
  t.match(prom, /^netmon_notify_timeouts_total\{stream="hook",kind="webhook"\} 8$/m, 'timeouts in /metrics');
  t.match(prom, /^netmon_notify_failed_total\{stream="hook",kind="webhook"\} 4$/m);
  t.match(prom, /^netmon_notify_delivered_total\{stream="hook",kind="webhook"\} 0$/m);
  t.match(prom, /^netmon_notify_queued_notices\{stream="hook",kind="webhook"\} 0$/m);
  t.match(prom, /^netmon_notify_oldest_queued_age_seconds\{stream="hook",kind="webhook"\} 0$/m);
  const json = (await call(router, 'GET', '/api/metrics/metrics')).json;
  t.match(json.notifications.streams.find((x: { name: string }) => x.name === 'hook'), { timeouts: 8, failed: 4, queued: 0, oldestQueuedAtMs: null, timeoutMs: TIMEOUT_MS });
});

t.test('/metrics: a stream with notices waiting shows their count and the oldest one\'s age', async (t) => {
  const receiver = await startReceiver(() => 'hold');
  t.teardown(() => receiver.close());
  const hook: WebhookStreamConfig = { kind: 'webhook', name: 'slow', url: receiver.url, format: 'json', timeoutMs: 60_000, headers: {} };
  let now = 1_800_000_000_000;
  const clock = { nowMs: () => now };
  const notifier = new Notifier(settings([hook]), { clock, logger: silentLogger, closeWaitMs: 10 });
  t.teardown(() => notifier.close());
  const { router } = buildRouter({ services: { ...servicesOf(fixture(), clock), notifier }, clock, logger: silentLogger });
  for (let i = 0; i < 3; i++) notifier.send(notice(i), ['slow']);
  await receiver.waitFor(1);
  now += 200_000;
  const prom = (await call(router, 'GET', '/metrics')).text;
  t.match(prom, /^netmon_notify_queued_notices\{stream="slow",kind="webhook"\} 3$/m);
  t.match(prom, /^netmon_notify_oldest_queued_age_seconds\{stream="slow",kind="webhook"\} 200$/m);
  const h = (await call(router, 'GET', '/api/metrics/healthcheck')).json;
  t.equal(h.components.notifications.status, 'degraded');
  t.match(h.components.notifications.detail, /stream slow: nothing delivered for 200 s with 3 queued \(oldest queued 200 s ago; 0 tries timed out\)/);
});
