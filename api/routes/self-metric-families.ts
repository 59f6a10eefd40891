import { CYCLE_BUCKETS_SECONDS } from '../../services/operations/index.js';
import { formatValue, type MetricFamily, type Sample } from '../http/prom-text.js';
import type { ApiContext } from './context.js';

/**
 * The metric families of `GET /metrics` (docs/api.md lists them). Names follow Prometheus's
 * conventions: the `netmon_` prefix, and a unit suffix (`_seconds`, `_bytes`, a counted thing:
 * `_devices`, `_points`, `_connections`, `_notices`), `_total` for counters, `_info` for an info gauge (value 1, facts in the
 * labels). HTTP requests are labelled with the route's pattern (`/v2/ui/net/:netid/status`), never
 * the raw path, so their number stays that of the route table; unmatched requests are `route=""`.
 */
export function selfMetricFamilies(ctx: ApiContext): MetricFamily[] {
  const now = ctx.clock.nowMs();
  const nets = ctx.services.networks.metrics();
  const pipeline = ctx.services.selfMetrics.counters();
  const store = ctx.services.networks.health().store;
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
