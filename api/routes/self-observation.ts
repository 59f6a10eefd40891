import { cidrContains, parseCidr } from '../../core/cidr.js';
import { openApiJson } from '../../core/openapi-doc.js';
import { CYCLE_BUCKETS_SECONDS } from '../../services/operations/index.js';
import { errorResponse } from '../http/errors.js';
import { JSON_TYPE, type ApiResponse, type RoutedRequest } from '../http/http-types.js';
import { PROM_TEXT_TYPE, exposition, formatValue, type MetricFamily, type Sample } from '../http/prom-text.js';
import type { Router } from '../http/router.js';
import type { ApiContext } from './context.js';

/**
 * Headers a proxy adds (RFC 7239 Forwarded, the de-facto X-Forwarded-*, X-Real-IP, Via): a request
 * carrying any of them did not come straight from its client.
 */
const PROXY_HEADERS: readonly string[] = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-real-ip', 'via'];

/** The loopback ranges: an IPv4-mapped IPv6 peer is judged as its IPv4 address (cidrContains). */
const LOOPBACK = [parseCidr('127.0.0.0/8')!, parseCidr('::1/128')!];

/**
 * Whether a peer address is loopback: 127.0.0.0/8, ::1, or an IPv4 loopback address mapped into
 * IPv6 (::ffff:127.x.y.z), in any IPv6 spelling — compressed (`::1`), full with zeros
 * (`0000:…:0001`, as uWS writes peers of an IPv6 socket) or with a dotted quad at the end.
 */
export function isLoopbackAddress(address: string): boolean {
  return LOOPBACK.some((c) => cidrContains(c, address));
}

/**
 * Why a request is not a direct connection to the monitor ('' when it is): the peer must be a
 * loopback address, with no proxy header (a proxy on the same machine connects from loopback too),
 * and no browser cross-site marks (`Origin`, a `Sec-Fetch-Site` other than `none`: a web page must
 * not stop the server by sending the browser to this URL).
 */
function notDirect(req: RoutedRequest): string {
  if (!isLoopbackAddress(req.remoteAddress)) return `the peer ${req.remoteAddress || '(unknown)'} is not a loopback address`;
  const proxied = PROXY_HEADERS.filter((h) => req.header(h) !== '');
  if (proxied.length > 0) return `the request came through a proxy (${proxied.join(', ')})`;
  if (req.header('origin') !== '') return 'the request came from a web page (Origin)';
  const site = req.header('sec-fetch-site');
  if (site !== '' && site !== 'none') return `the request came from a web page (Sec-Fetch-Site: ${site})`;
  return '';
}

/**
 * Self-observation and the API's own description: the Prometheus exposition (`/metrics`), the
 * stop call (`/api/quit`) and the OpenAPI document (`/v2/openapi.json`). docs/api.md describes each.
 */
export function registerSelfObservation(router: Router, ctx: ApiContext): void {
  // Same access as the JSON metrics: with authentication on, a scraper sends a token (Bearer).
  router.get('/metrics', () => ({
    status: 200, headers: { 'content-type': PROM_TEXT_TYPE }, body: exposition(selfMetricFamilies(ctx)),
  }));

  // 202 then a clean stop, only on a direct connection; admin callers when authentication is on.
  router.get('/api/quit', (req): ApiResponse => {
    const why = notDirect(req);
    if (why !== '') {
      ctx.logger.warn('quit refused', { peer: req.remoteAddress, reason: why });
      return errorResponse('FORBIDDEN', `/api/quit is accepted only on a direct connection to the monitor: ${why}`);
    }
    const quit = ctx.process?.quit;
    if (!quit) return errorResponse('CONFLICT', 'this server is not run by a process that stops on /api/quit');
    ctx.logger.info('quit requested', { peer: req.remoteAddress });
    // After the answer is written: the handler returns first, the stop begins on the next turn.
    setImmediate(quit);
    return { status: 202, body: { status: 'stopping' } };
  }, { access: 'admin' });

  // Read once, on the first call (a test's router never pays for it).
  let openapi: string | null = null;
  router.get('/v2/openapi.json', () => {
    openapi ??= openApiJson();
    return { status: 200, headers: { 'content-type': JSON_TYPE }, body: openapi };
  }, { access: 'public' });
}

/**
 * The metric families of `GET /metrics` (docs/api.md lists them). Names follow Prometheus's
 * conventions: the `netmon_` prefix, and a unit suffix (`_seconds`, `_bytes`, a counted thing:
 * `_devices`, `_points`, `_connections`, `_notices`), `_total` for counters, `_info` for an info gauge (value 1, facts in the
 * labels). HTTP requests are labelled with the route's pattern (`/v2/ui/net/:netid/status`), never
 * the raw path, so their number stays that of the route table; unmatched requests are `route=""`.
 */
function selfMetricFamilies(ctx: ApiContext): MetricFamily[] {
  const now = ctx.clock.nowMs();
  const nets = ctx.services.networks.metrics();
  const pipeline = ctx.services.selfMetrics.counters();
  const { store, remote } = ctx.services.networks.health();
  // A collector publishes; a central takes (RemoteStatus.central): each has its own families.
  const central = remote?.central;
  const published = remote && !central ? remote : undefined;
  const http = ctx.routerStats();
  const mem = process.memoryUsage();
  const lag = ctx.process?.eventLoopLag();
  const gates = ctx.services.gates.stats();
  const family = (name: string, type: MetricFamily['type'], help: string, samples: Sample[]): MetricFamily => ({ name, type, help, samples });
  const net = (id: number) => String(id);

  const httpSamples: Sample[] = [];
  const httpSeconds: Sample[] = [];
  for (const [key, r] of Object.entries(http.routes)) {
    const space = key.indexOf(' ');
    const method = key.slice(0, space);
    const route = key.slice(space + 1);
    for (const [status, n] of Object.entries(r.byStatus)) httpSamples.push({ labels: { route, method, status }, value: n });
    if (r.count > 0) httpSeconds.push({ labels: { route, method }, value: r.durationMsTotal / 1000 });
  }
  for (const [status, n] of Object.entries(http.unmatchedByStatus)) httpSamples.push({ labels: { route: '', method: '', status }, value: n });

  // One histogram over every network's cycles (label-less: the per-network figure is the last cycle's gauge).
  const buckets = CYCLE_BUCKETS_SECONDS.map((_, i) => pipeline.reduce((sum, p) => sum + p.cycleBucketCounts[i], 0));
  const cycles = pipeline.reduce((sum, p) => sum + p.cycles, 0);
  const histogram: Sample[] = [
    ...CYCLE_BUCKETS_SECONDS.map((le, i) => ({ suffix: '_bucket', labels: { le: formatValue(le) }, value: buckets[i] })),
    { suffix: '_bucket', labels: { le: '+Inf' }, value: cycles },
    { suffix: '_sum', value: pipeline.reduce((sum, p) => sum + p.cycleSecondsSum, 0) },
    { suffix: '_count', value: cycles },
  ];

  const conns = ctx.process?.connections?.();
  const streams = ctx.services.notifier.status().streams;
  const perStream = (value: (st: (typeof streams)[number]) => number | null): Sample[] => streams.flatMap((st) => {
    const v = value(st);
    return v === null ? [] : [{ labels: { stream: st.name, kind: st.kind }, value: v }];
  });

  return [
    family('netmon_uptime_seconds', 'gauge', 'Seconds since the API started.', [{ value: (now - ctx.startedAtMs) / 1000 }]),
    family('netmon_process_resident_memory_bytes', 'gauge', 'Resident set size of the server process.', [{ value: mem.rss }]),
    family('netmon_process_heap_used_bytes', 'gauge', 'V8 heap in use.', [{ value: mem.heapUsed }]),
    family('netmon_event_loop_lag_seconds', 'gauge', 'Event loop delay over the recent window (stat: mean, p99, max); absent when not measured.',
      lag ? [{ labels: { stat: 'mean' }, value: lag.meanSeconds }, { labels: { stat: 'p99' }, value: lag.p99Seconds }, { labels: { stat: 'max' }, value: lag.maxSeconds }] : []),
    family('netmon_network_info', 'gauge', 'A configured network (value 1): its id and name.',
      nets.map((n) => ({ labels: { network: net(n.id), name: n.name }, value: 1 }))),
    family('netmon_poll_cycle_duration_seconds', 'histogram', 'Duration of the poll cycles of every network, since start.', histogram),
    family('netmon_poll_last_cycle_duration_seconds', 'gauge', 'Duration of the last poll cycle, per network (absent before the first).',
      nets.filter((n) => n.poll.lastCycleDurationMs !== null).map((n) => ({ labels: { network: net(n.id) }, value: n.poll.lastCycleDurationMs! / 1000 }))),
    family('netmon_poll_last_cycle_age_seconds', 'gauge', 'Seconds since the last poll cycle started, per network (absent before the first); compare with the poll interval.',
      nets.filter((n) => n.poll.lastCycleStartMs !== null).map((n) => ({ labels: { network: net(n.id) }, value: (now - n.poll.lastCycleStartMs!) / 1000 }))),
    family('netmon_poll_interval_seconds', 'gauge', 'The configured poll interval, per network.',
      ctx.services.networks.list().map((n) => ({ labels: { network: net(n.id) }, value: n.pollIntervalMs / 1000 }))),
    family('netmon_poll_cycles_total', 'counter', 'Poll cycles finished, per network.', pipeline.map((p) => ({ labels: { network: net(p.networkId) }, value: p.cycles }))),
    family('netmon_poll_devices', 'gauge', 'Devices of the last poll cycle that answered (state="ok") or failed (state="failed"), per network.',
      nets.flatMap((n) => [
        { labels: { network: net(n.id), state: 'ok' }, value: n.poll.devicesPolled },
        { labels: { network: net(n.id), state: 'failed' }, value: n.poll.devicesFailed },
      ])),
    family('netmon_device_polls_total', 'counter', 'Device polls that were answered (outcome="ok") or failed (outcome="failed"), per network, since start.',
      pipeline.flatMap((p) => [
        { labels: { network: net(p.networkId), outcome: 'ok' }, value: p.devicePollsOk },
        { labels: { network: net(p.networkId), outcome: 'failed' }, value: p.devicePollsFailed },
      ])),
    family('netmon_snmp_varbinds_received_total', 'counter', 'Varbinds in the devices\' answers to the polls, per network, since start (rate() of it: varbinds per second).',
      pipeline.map((p) => ({ labels: { network: net(p.networkId) }, value: p.varbindsReceived }))),
    family('netmon_store_points_written_total', 'counter', 'Grid values written to the series store (one per polled variable instance and cycle), per network, since start.',
      pipeline.map((p) => ({ labels: { network: net(p.networkId) }, value: p.pointsWritten }))),
    family('netmon_store_size_bytes', 'gauge', 'Bytes of the files in the data directory.',
      sampleIf(ctx.services.selfMetrics.storeSizeBytes())),
    family('netmon_store_free_bytes', 'gauge', 'Free bytes of the file system holding the data directory.', sampleIf(store?.freeBytes ?? null)),
    family('netmon_store_unwritten_points', 'gauge', 'Points held in memory because store writes fail.', sampleIf(store ? store.unwrittenPoints : null)),
    family('netmon_store_failed_writes_total', 'counter', 'Store write transactions that failed, since start.', sampleIf(store ? store.failedWrites : null)),
    // mode: collector and central (absent otherwise): the publishing to the NATS server at the site.
    family('netmon_remote_connections', 'gauge', 'Connections up to the NATS server (a collector\'s at its site, a central\'s at the hub): 1, or 0 while it reconnects.', sampleIf(remote ? Number(remote.connected) : null)),
    family('netmon_remote_published_points_total', 'counter', 'Points the site\'s NATS server stored, since start.', sampleIf(published?.points ?? null)),
    family('netmon_remote_published_batches_total', 'counter', 'Batches the site\'s NATS server stored, since start.', sampleIf(published?.batches ?? null)),
    family('netmon_remote_buffered_points', 'gauge', 'Points gathered or sealed and not yet stored by the site\'s NATS server.', sampleIf(published?.bufferedPoints ?? null)),
    family('netmon_remote_dropped_points_total', 'counter', 'Points dropped because too many waited for the site\'s NATS server, since start.', sampleIf(published?.droppedPoints ?? null)),
    family('netmon_remote_publish_retries_total', 'counter', 'Publishes to the site\'s NATS server tried again, since start.', sampleIf(published?.retries ?? null)),
    family('netmon_remote_duplicate_batches_total', 'counter', 'Batches the site\'s NATS server already had when published again, since start.', sampleIf(published?.duplicates ?? null)),
    family('netmon_remote_buffered_bytes', 'gauge', 'Bytes of the batches not yet stored by the site\'s NATS server.', sampleIf(published?.bufferedBytes ?? null)),
    family('netmon_remote_lag_seconds', 'gauge', 'How long the oldest batch not yet stored by the site\'s NATS server has waited (0: none waits).', sampleIf(published?.lagMs === undefined ? null : published.lagMs / 1000)),
    family('netmon_remote_assigned_devices', 'gauge', 'Devices this collector polls: its share of the devices of the site\'s live collectors.', sampleIf(published?.polledDevices ?? null)),
    family('netmon_remote_live_collectors', 'gauge', 'Collectors of the site whose heartbeat is fresh, this one included.', sampleIf(published?.collectors ? published.collectors.filter((c) => c.live).length : null)),
    // mode: central only (absent otherwise): what it takes from its collectors.
    family('netmon_remote_ingested_points_total', 'counter', 'Points of the collectors\' batches written into this central\'s store, since start.', sampleIf(central ? remote!.points : null)),
    family('netmon_remote_ingested_batches_total', 'counter', 'Batches of the collectors written into this central\'s store, since start.', sampleIf(central ? remote!.batches : null)),
    family('netmon_remote_held_batches', 'gauge', 'Batches waiting for an inventory that names their devices (not written, not acknowledged).', sampleIf(central?.held ?? null)),
    family('netmon_remote_unmapped_points_total', 'counter', 'Points whose slot names nothing at this central, since start.', sampleIf(central?.unmapped ?? null)),
    family('netmon_remote_future_points_total', 'counter', 'Points more than 60 s ahead of this central\'s clock, not written, since start.', sampleIf(central?.future ?? null)),
    family('netmon_remote_collector_skew_seconds', 'gauge', 'A collector\'s clock minus the NATS server\'s when its last batch was stored (positive: ahead).',
      (central?.collectors ?? []).map((c) => ({ labels: { collector: c.collector }, value: c.skewMs / 1000 }))),
    family('netmon_remote_collector_lag_seconds', 'gauge', 'Seconds between now and the newest grid step written from a collector.',
      (central?.collectors ?? []).filter((c) => c.newestGridMs > 0).map((c) => ({ labels: { collector: c.collector }, value: Math.max(0, now - c.newestGridMs) / 1000 }))),
    family('netmon_remote_redelivered_batches_total', 'counter', 'A collector\'s batches that came again (not acknowledged in time, or the engine restarted), since start.',
      (central?.collectors ?? []).map((c) => ({ labels: { collector: c.collector }, value: c.redelivered }))),
    family('netmon_http_requests_total', 'counter', 'HTTP requests answered, by route pattern, method and status code.', httpSamples),
    family('netmon_http_open_connections', 'gauge', 'HTTP connections with a request open (what server.maxConnections caps); absent without a cap.', sampleIf(conns ? conns.open : null)),
    family('netmon_http_max_connections', 'gauge', 'The cap on HTTP connections with a request open (server.maxConnections).', sampleIf(conns ? conns.max : null)),
    family('netmon_http_connections_refused_total', 'counter', 'Requests answered 503 with their connection closed because server.maxConnections were open, since start.', sampleIf(conns ? conns.refused : null)),
    family('netmon_notify_queued_notices', 'gauge', 'Alert notices waiting in a stream\'s queue (one waiting for its retry included), per stream.', perStream((st) => st.queued)),
    family('netmon_notify_delivered_total', 'counter', 'Alert notices delivered, per stream, since start.', perStream((st) => st.delivered)),
    family('netmon_notify_failed_total', 'counter', 'Alert notices given up on after the last retry, per stream, since start.', perStream((st) => st.failed)),
    family('netmon_notify_timeouts_total', 'counter', 'Delivery tries that ended at the stream\'s timeout, per stream, since start.', perStream((st) => st.timeouts)),
    family('netmon_notify_oldest_queued_age_seconds', 'gauge', 'Age of the oldest notice still queued, per stream (0 when none is queued).',
      perStream((st) => (st.oldestQueuedAtMs === null ? 0 : Math.max(0, now - st.oldestQueuedAtMs) / 1000))),
    family('netmon_http_handler_seconds_total', 'counter', 'Time spent in route handlers, by route pattern and method.', httpSeconds),
    // The work gates (config limits:, docs/api.md "Bounded work").
    family('netmon_work_gate_running_tasks', 'gauge', 'Work running under each gate (report runs, long actions, discovery submissions and starts).',
      gates.map((g) => ({ labels: { gate: g.name }, value: g.running }))),
    family('netmon_work_gate_queued_tasks', 'gauge', 'Work waiting for a place under each gate.', gates.map((g) => ({ labels: { gate: g.name }, value: g.queued }))),
    family('netmon_work_gate_refused_total', 'counter', 'Calls refused by each gate since start: reason="caller" (429, the caller\'s share) or reason="full" (503, the queue).',
      gates.flatMap((g) => [
        { labels: { gate: g.name, reason: 'caller' }, value: g.refusedCaller },
        { labels: { gate: g.name, reason: 'full' }, value: g.refusedFull },
      ])),
    family('netmon_work_gate_limit_tasks', 'gauge', 'The bounds of each gate (bound: maxRunning, maxQueued, maxPerCaller).',
      gates.flatMap((g) => (['maxRunning', 'maxQueued', 'maxPerCaller'] as const).map((b) => ({ labels: { gate: g.name, bound: b }, value: g.bounds[b] })))),
  ];
}

const sampleIf = (v: number | null): Sample[] => (v === null ? [] : [{ value: v }]);
