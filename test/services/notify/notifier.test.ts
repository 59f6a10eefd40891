/**
 * The notifier over real webhook receivers (node:http on 127.0.0.1, port 0): what each format
 * posts, retries with backoff, giving up, a receiver that never answers, queue overflow, purge,
 * reload, order and close; the log stream's lines; the backoff and the health verdict as tables.
 */
import t from 'tap';
import { systemClock } from '../../../core/clock.js';
import type { WebhookStreamConfig } from '../../../core/config-schema.js';
import { Notifier } from '../../../services/notify/notifier.js';
import { notificationsHealth, OVERFLOW_RECENT_MS } from '../../../services/notify/notify-health.js';
import { backoffMs } from '../../../services/notify/notify-queue.js';
import type { StreamStatus } from '../../../services/alert-types.js';
import { keptLog, notice, settings, startReceiver, until } from '../../fakes/notify-fixtures.js';

const SECRET = 'Bearer hooksecret123';

function hook(name: string, url: string, over: Partial<WebhookStreamConfig> = {}): WebhookStreamConfig {
  return { kind: 'webhook', name, url, format: 'json', timeoutMs: 2000, headers: { Authorization: SECRET }, ...over };
}

function stream(n: Notifier, name: string): StreamStatus {
  const s = n.status().streams.find((x) => x.name === name);
  if (!s) throw new Error(`no stream ${name}`);
  return s;
}

t.test('json format: one POST per notice with the notice object and the configured headers', async (t) => {
  const rx = await startReceiver();
  t.teardown(() => rx.close());
  const { logger, lines } = keptLog();
  const n = new Notifier(settings([hook('ops', rx.url)]), { clock: systemClock, logger });
  t.teardown(() => n.close());
  n.send(notice(1), null);
  n.send(notice(2, 'cleared'), ['ops']);
  await rx.waitFor(2);
  await until(() => stream(n, 'ops').delivered === 2);
  t.same(rx.received[0].body, { kind: 'active', network: { id: 1, name: 'lab' }, alert: notice(1).alert, atMs: notice(1).atMs });
  t.same(rx.received[1].body, { kind: 'cleared', network: { id: 1, name: 'lab' }, alert: notice(2, 'cleared').alert, atMs: notice(2).atMs });
  t.equal(rx.received[0].headers.authorization, SECRET, 'configured header sent');
  t.equal(rx.received[0].headers['content-type'], 'application/json');
  t.same(stream(n, 'ops'), {
    name: 'ops', kind: 'webhook', queued: 0, delivered: 2, failed: 0, timeouts: 0, dropped: 0, purged: 0, lastError: '', oldestQueuedAtMs: null, timeoutMs: 2000,
    lastDeliveredAtMs: stream(n, 'ops').lastDeliveredAtMs, lastFailedAtMs: null, lastDroppedAtMs: null,
  });
  t.equal(stream(n, 'log').delivered, 1, 'log stream: the notice sent to every stream');
  t.equal(lines.filter((l) => l.includes('alert active')).length, 1, 'one log line for the active notice');
  t.match(lines.find((l) => l.includes('alert active')), /WARN .*alert active kind=active network=lab networkId=1 alert=interfaceDown device=sw1 component=Gi0\/1 value=2 key=k1/);
  const text = JSON.stringify(n.status()) + lines.join('\n');
  t.notMatch(text, 'hooksecret123', 'the header value appears in no status or log');
  t.notMatch(text, 'urlsecret', 'nor the URL');
});

t.test('alertmanager format: the Alertmanager webhook payload, firing then resolved', async (t) => {
  const rx = await startReceiver();
  t.teardown(() => rx.close());
  const n = new Notifier(settings([hook('am', rx.url, { format: 'alertmanager' })]), { clock: systemClock, logger: keptLog().logger, externalUrl: 'http://netmon.example:8080' });
  t.teardown(() => n.close());
  n.send(notice(1), ['am']);
  n.send(notice(1, 'cleared'), ['am']);
  await rx.waitFor(2);
  const labels = { alertname: 'interfaceDown', network: 'lab', device: 'sw1', component: 'Gi0/1', severity: 'warning' };
  const annotations = { description: 'interface Gi0/1 of sw1 is down', value: '2' };
  const msg = (status: string, endsAt: string) => ({
    version: '4', groupKey: '{}:{alertname="interfaceDown", component="Gi0/1", device="sw1", network="lab", severity="warning"}', truncatedAlerts: 0,
    status, receiver: 'am', groupLabels: labels, commonLabels: labels, commonAnnotations: annotations,
    externalURL: 'http://netmon.example:8080',
    alerts: [{ status, labels, annotations, startsAt: '2025-11-24T16:00:00.000Z', endsAt, generatorURL: '', fingerprint: 'k1' }],
  });
  t.same(rx.received[0].body, msg('firing', '0001-01-01T00:00:00Z'));
  t.same(rx.received[1].body, msg('resolved', new Date(notice(1).atMs).toISOString()));
  t.equal(new Date(notice(1).alert.activeSince).toISOString(), '2025-11-24T16:00:00.000Z', 'startsAt is activeSince in RFC 3339');
});

t.test('retries with backoff on HTTP 500, then success', async (t) => {
  const rx = await startReceiver((i) => (i <= 2 ? 500 : 200));
  t.teardown(() => rx.close());
  const { logger } = keptLog();
  // random 0: each wait is half its delay: 20 ms → 10 ms, 40 ms → 20 ms.
  const n = new Notifier(settings([hook('ops', rx.url)], { retries: 3, retryInitialMs: 20, retryMaxMs: 40 }), { clock: systemClock, logger, random: () => 0 });
  t.teardown(() => n.close());
  n.send(notice(1), ['ops']);
  n.send(notice(2), ['ops']);
  await rx.waitFor(4);
  await until(() => stream(n, 'ops').delivered === 2);
  const at = rx.received.map((r) => r.atMs);
  t.ok(at[1] - at[0] >= 9, `first retry after ≥ 10 ms (${(at[1] - at[0]).toFixed(1)})`);
  t.ok(at[2] - at[1] >= 19, `second retry after ≥ 20 ms (${(at[2] - at[1]).toFixed(1)})`);
  t.same(rx.received.map((r) => (r.body as { alert: { key: string } }).alert.key), ['k1', 'k1', 'k1', 'k2'], 'notice 2 waits for notice 1');
  const s = stream(n, 'ops');
  t.same([s.delivered, s.failed, s.queued], [2, 0, 0]);
  t.equal(s.lastError, 'the receiver answered HTTP 500', 'the last error stays for the operator');
});

t.test('gives up after `retries` tries, counts failed, logs the reason, goes on with the next', async (t) => {
  const rx = await startReceiver((_, body) => ((body as { alert: { key: string } }).alert.key === 'k1' ? 503 : 200));
  t.teardown(() => rx.close());
  const { logger, lines } = keptLog();
  const n = new Notifier(settings([hook('ops', rx.url)], { retries: 2 }), { clock: systemClock, logger });
  t.teardown(() => n.close());
  n.send(notice(1), ['ops']);
  n.send(notice(2), ['ops']);
  await until(() => stream(n, 'ops').delivered === 1);
  t.equal(rx.received.length, 4, '1 + 2 retries for k1, then k2');
  const s = stream(n, 'ops');
  t.same([s.failed, s.delivered, s.queued], [1, 1, 0]);
  t.equal(s.lastError, 'the receiver answered HTTP 503');
  t.ok(s.lastFailedAtMs !== null && s.lastDeliveredAtMs !== null && s.lastDeliveredAtMs >= s.lastFailedAtMs);
  const gaveUp = lines.filter((l) => l.includes('giving up'));
  t.equal(gaveUp.length, 1);
  t.match(gaveUp[0], /stream=ops kind=active alert=interfaceDown device=sw1 component=Gi0\/1 tries=3 reason=the receiver answered HTTP 503/);
  t.notMatch(lines.join('\n'), /hooksecret|urlsecret/);
});

t.test('a receiver that never answers holds neither send() nor another stream', async (t) => {
  const stuck = await startReceiver(() => 'hold');
  const ok = await startReceiver();
  t.teardown(() => Promise.all([stuck.close(), ok.close()]));
  const n = new Notifier(settings([hook('stuck', stuck.url, { timeoutMs: 1000 }), hook('ok', ok.url)], { retries: 0 }), { clock: systemClock, logger: keptLog().logger });
  t.teardown(() => n.close());
  // send() returns before any delivery: nothing to await, and nothing has reached a receiver when the
  // five calls are done (within one turn of the event loop, no request can have been received).
  const returned = Array.from({ length: 5 }, (_, i) => n.send(notice(i + 1), null) as unknown);
  t.same(returned.filter((r) => typeof (r as { then?: unknown } | undefined)?.then === 'function'), [], '5 sends return no promise to wait for');
  t.same([stuck.received.length, ok.received.length], [0, 0], 'and return before either receiver got a request');
  await ok.waitFor(5);
  await until(() => stream(n, 'ok').delivered === 5);
  t.equal(stuck.received.length, 1, 'the stuck stream has one request out');
  t.equal(stream(n, 'stuck').queued, 5, 'and its notices wait');
  await until(() => stream(n, 'stuck').failed >= 1);
  t.equal(stream(n, 'stuck').lastError, 'no answer within 1000 ms');
});

t.test('a full queue drops the oldest waiting notice, counts it and logs once per burst', async (t) => {
  let hold = true;
  const rx = await startReceiver(() => (hold ? 'hold' : 200));
  t.teardown(() => rx.close());
  const { logger, lines } = keptLog();
  const n = new Notifier(settings([hook('ops', rx.url)], { queueSize: 3 }), { clock: systemClock, logger });
  t.teardown(() => n.close());
  n.send(notice(1), ['ops']);
  await rx.waitFor(1);
  for (let i = 2; i <= 7; i++) n.send(notice(i), ['ops']);
  const s = stream(n, 'ops');
  t.same([s.queued, s.dropped], [4, 3], '1 in flight + 3 waiting; 2, 3, 4 dropped');
  t.ok(s.lastDroppedAtMs !== null);
  t.equal(lines.filter((l) => l.includes('queue full')).length, 1, 'one warning for the burst');
  hold = false;
  rx.release();
  await until(() => stream(n, 'ops').delivered === 4);
  t.same(rx.received.map((r) => (r.body as { alert: { key: string } }).alert.key), ['k1', 'k5', 'k6', 'k7'], 'the newest kept, in order');
  t.match(lines.find((l) => l.includes('queue drained')), /stream=ops droppedInBurst=3/);
  t.equal(notificationsHealth(n.status(), Date.now()).status, 'degraded', 'a recent overflow is degraded');
});

t.test('purge empties every queue and counts; the request out finishes', async (t) => {
  const rx = await startReceiver(() => 'hold');
  t.teardown(() => rx.close());
  const n = new Notifier(settings([hook('a', rx.url), hook('b', rx.url)]), { clock: systemClock, logger: keptLog().logger });
  t.teardown(() => n.close());
  for (let i = 1; i <= 4; i++) n.send(notice(i), ['a', 'b']);
  await rx.waitFor(2);
  t.equal(n.purge(), 6, '3 waiting in each');
  t.same([stream(n, 'a').purged, stream(n, 'b').purged, stream(n, 'a').queued], [3, 3, 1]);
  rx.release();
  await until(() => stream(n, 'a').delivered === 1 && stream(n, 'b').delivered === 1);
  await new Promise((r) => setTimeout(r, 50));
  t.equal(rx.received.length, 2, 'nothing purged is sent');
  t.equal(n.purge(), 0);
});

t.test('purge also drops a notice waiting for its retry', async (t) => {
  const rx = await startReceiver(() => 500);
  t.teardown(() => rx.close());
  const n = new Notifier(settings([hook('a', rx.url)], { retryInitialMs: 5000, retryMaxMs: 5000 }), { clock: systemClock, logger: keptLog().logger });
  t.teardown(() => n.close());
  n.send(notice(1), ['a']);
  await until(() => stream(n, 'a').lastError !== '');
  t.equal(n.purge(), 1);
  t.same([stream(n, 'a').queued, stream(n, 'a').purged, stream(n, 'a').failed], [0, 1, 0]);
});

t.test('configure: streams added, changed and removed; unknown names logged once', async (t) => {
  const rx1 = await startReceiver();
  const rx2 = await startReceiver(() => 'hold');
  t.teardown(() => Promise.all([rx1.close(), rx2.close()]));
  const { logger, lines } = keptLog();
  const n = new Notifier(settings([]), { clock: systemClock, logger });
  t.teardown(() => n.close());
  n.send(notice(1), ['ops']);
  n.send(notice(2), ['ops']);
  t.equal(lines.filter((l) => l.includes('not configured')).length, 1, 'unknown stream logged once');
  t.same(n.status().streams.map((s) => s.name), ['log']);

  n.configure(settings([hook('ops', rx1.url)]));
  n.send(notice(3), null);
  await rx1.waitFor(1);
  await until(() => stream(n, 'ops').delivered === 1);
  t.same(n.status().streams.map((s) => s.name), ['log', 'ops'], 'added');
  t.equal(stream(n, 'log').delivered, 1, 'the log stream kept its counters');

  n.configure(settings([hook('ops', rx2.url), hook('other', rx1.url)]));
  n.send(notice(4), ['ops']);
  n.send(notice(5), ['ops']);
  n.send(notice(6), ['ops']);
  await rx2.waitFor(1);
  t.equal(stream(n, 'ops').delivered, 1, 'a changed stream keeps its counters and delivers to its new receiver');
  t.equal(stream(n, 'ops').queued, 3);

  n.configure(settings([hook('other', rx1.url)]));
  t.same(n.status().streams.map((s) => s.name), ['log', 'other'], 'removed');
  t.equal(n.status().droppedWithRemovedStreams, 2, 'its 2 waiting notices dropped and counted');
  t.match(lines.find((l) => l.includes('stream removed')), /stream=ops droppedWaiting=2/);
  rx2.release();
  await new Promise((r) => setTimeout(r, 50));
  t.equal(rx2.received.length, 1, 'nothing more goes to the removed stream');
});

t.test('order: notices arrive as sent', async (t) => {
  const rx = await startReceiver();
  t.teardown(() => rx.close());
  const n = new Notifier(settings([hook('ops', rx.url)]), { clock: systemClock, logger: keptLog().logger });
  t.teardown(() => n.close());
  for (let i = 1; i <= 30; i++) n.send(notice(i, i % 3 === 0 ? 'cleared' : 'active'), ['ops']);
  await rx.waitFor(30);
  t.same(rx.received.map((r) => (r.body as { alert: { key: string } }).alert.key), Array.from({ length: 30 }, (_, i) => `k${i + 1}`));
});

t.test('close: waits for a request that ends in time, cancels one that does not, sends nothing after', async (t) => {
  let delayMs = 60;
  const rx = await startReceiver(() => 'hold');
  t.teardown(() => rx.close());
  const n = new Notifier(settings([hook('ops', rx.url)]), { clock: systemClock, logger: keptLog().logger, closeWaitMs: 300 });
  n.send(notice(1), ['ops']);
  n.send(notice(2), ['ops']);
  await rx.waitFor(1);
  setTimeout(() => rx.release(), delayMs);
  let started = performance.now();
  await n.close();
  t.ok(performance.now() - started >= delayMs - 5, 'waited for the request out');
  t.equal(stream(n, 'ops').delivered, 1);
  t.equal(stream(n, 'ops').queued, 1, 'the waiting one stays undelivered');
  n.send(notice(3), ['ops']);
  await new Promise((r) => setTimeout(r, 50));
  t.equal(rx.received.length, 1, 'nothing sent after close');

  delayMs = 0;
  const m = new Notifier(settings([hook('ops', rx.url, { timeoutMs: 60_000 })]), { clock: systemClock, logger: keptLog().logger, closeWaitMs: 100 });
  m.send(notice(1), ['ops']);
  await rx.waitFor(2);
  started = performance.now();
  await m.close();
  const took = performance.now() - started;
  // Waited its closeWaitMs, and far less than the request's 60 s timeout (loose: a loaded machine).
  t.ok(took >= 95 && took < 30_000, `bounded wait (${took.toFixed(0)} ms)`);
  await until(() => stream(m, 'ops').lastError !== '');
  t.equal(stream(m, 'ops').lastError, 'cancelled: the notifier is closing');
  t.equal(stream(m, 'ops').failed, 0, 'a cancelled delivery is not a failure of the receiver');
});

t.test('backoff: doubles from retryInitial up to retryMax, jittered within [delay/2, delay)', async (t) => {
  const s = { queueSize: 1, retries: 10, retryInitialMs: 1000, retryMaxMs: 60_000 };
  const cases: [number, number, number][] = [
    [1, 0, 500], [1, 0.999, 1000], [2, 0, 1000], [3, 0.5, 3000], [6, 0, 16_000], [7, 0, 30_000], [7, 0.999, 59_970], [50, 0, 30_000],
  ];
  for (const [tryNo, r, want] of cases) t.equal(backoffMs(tryNo, s, r), want, `try ${tryNo}, random ${r}`);
});

t.test('health: degraded while the latest outcome is a failure or an overflow is recent', async (t) => {
  const now = 10_000_000;
  const st = (over: Partial<StreamStatus>): StreamStatus => ({
    name: 'ops', kind: 'webhook', queued: 0, delivered: 0, failed: 0, timeouts: 0, dropped: 0, purged: 0, lastError: '',
    oldestQueuedAtMs: null, timeoutMs: 1000, lastDeliveredAtMs: null, lastFailedAtMs: null, lastDroppedAtMs: null, ...over,
  });
  const cases: [string, StreamStatus[], boolean, RegExp][] = [
    ['no streams but the log', [st({ name: 'log', kind: 'log' })], true, /1 stream\(s\) delivering, 0 queued/],
    ['delivering', [st({ delivered: 5, lastDeliveredAtMs: now - 10, queued: 2 })], true, /2 queued/],
    ['latest gave up', [st({ failed: 1, lastFailedAtMs: now - 10, lastDeliveredAtMs: now - 100, lastError: 'the receiver answered HTTP 500' })], false,
      /stream ops: latest delivery failed \(the receiver answered HTTP 500\)/],
    ['failed earlier, delivered since', [st({ failed: 1, lastFailedAtMs: now - 100, lastDeliveredAtMs: now - 10 })], true, /delivering/],
    ['overflow 1 min ago', [st({ dropped: 7, lastDroppedAtMs: now - 60_000 })], false, /stream ops: queue overflowed 60 s ago \(7 dropped since start\)/],
    ['overflow long ago', [st({ dropped: 7, lastDroppedAtMs: now - OVERFLOW_RECENT_MS })], true, /delivering/],
    ['queued, nothing delivered for 3 timeouts', [st({ queued: 4, timeouts: 3, oldestQueuedAtMs: now - 3500, lastDeliveredAtMs: now - 60_000 })], false,
      /stream ops: nothing delivered for 4 s with 4 queued \(oldest queued 4 s ago; 3 tries timed out\)/],
    ['queued lately', [st({ queued: 4, oldestQueuedAtMs: now - 2000, lastDeliveredAtMs: now - 60_000 })], true, /4 queued/],
    ['queued long ago, delivering since', [st({ queued: 4, oldestQueuedAtMs: now - 60_000, lastDeliveredAtMs: now - 500 })], true, /4 queued/],
  ];
  for (const [name, streams, healthy, re] of cases) {
    const h = notificationsHealth({ streams, droppedWithRemovedStreams: 0 }, now);
    t.equal(h.status ?? 'ok', healthy ? 'ok' : 'degraded', name);
    t.equal(h.healthy, true, `${name}: notices not getting through leave the server healthy`);
    t.match(h.detail, re, name);
  }
});
