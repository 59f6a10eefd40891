/**
 * Self-observation over the built server run as a process on its simulated network: the Prometheus
 * exposition scraped over HTTP and read by a Prometheus text parser (families, types, the unit rule,
 * values consistent with the JSON metrics), the JSON log lines (LOG_FORMAT=json), /api/quit (refused
 * through a proxy, then accepted: 202 and exit 0), and the process's exit codes.
 */
import t from 'tap';
import { mkdirSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import parsePrometheusTextFormat, { type ParsedFamily } from 'parse-prometheus-text-format';
import { getJson, randomPort, spawnServer, tempDir, waitFor, writeSimulatedConfig, type ServerProcess } from '../fakes/helpers.js';


/** The built server, keeping 64,000 characters of its log. */
const spawnLogged = (t: { teardown(fn: () => void): void }, args: string[], env: Record<string, string>): ServerProcess => spawnServer(t, args, env, 64_000);

/** Families and their type (as the parser spells it); `network`-labelled ones are checked per network below. */
const EXPECTED: [string, ParsedFamily['type']][] = [
  ['netmon_uptime_seconds', 'GAUGE'],
  ['netmon_process_resident_memory_bytes', 'GAUGE'],
  ['netmon_process_heap_used_bytes', 'GAUGE'],
  ['netmon_event_loop_lag_seconds', 'GAUGE'],
  ['netmon_network_info', 'GAUGE'],
  ['netmon_poll_cycle_duration_seconds', 'HISTOGRAM'],
  ['netmon_poll_last_cycle_duration_seconds', 'GAUGE'],
  ['netmon_poll_last_cycle_age_seconds', 'GAUGE'],
  ['netmon_poll_interval_seconds', 'GAUGE'],
  ['netmon_poll_cycles_total', 'COUNTER'],
  ['netmon_poll_devices', 'GAUGE'],
  ['netmon_device_polls_total', 'COUNTER'],
  ['netmon_snmp_varbinds_received_total', 'COUNTER'],
  ['netmon_store_points_written_total', 'COUNTER'],
  ['netmon_store_size_bytes', 'GAUGE'],
  ['netmon_store_free_bytes', 'GAUGE'],
  ['netmon_store_unwritten_points', 'GAUGE'],
  ['netmon_store_failed_writes_total', 'COUNTER'],
  ['netmon_http_requests_total', 'COUNTER'],
  ['netmon_http_handler_seconds_total', 'COUNTER'],
  ['netmon_work_gate_running_tasks', 'GAUGE'],
  ['netmon_work_gate_queued_tasks', 'GAUGE'],
  ['netmon_work_gate_refused_total', 'COUNTER'],
  ['netmon_work_gate_limit_tasks', 'GAUGE'],
  ['netmon_http_open_connections', 'GAUGE'],
  ['netmon_http_max_connections', 'GAUGE'],
  ['netmon_http_connections_refused_total', 'COUNTER'],
  ['netmon_notify_queued_notices', 'GAUGE'],
  ['netmon_notify_delivered_total', 'COUNTER'],
  ['netmon_notify_failed_total', 'COUNTER'],
  ['netmon_notify_timeouts_total', 'COUNTER'],
  ['netmon_notify_oldest_queued_age_seconds', 'GAUGE'],
];

/** The unit rule: counters end in `_total`, info gauges in `_info`, everything else in its unit. */
const UNITS = ['seconds', 'bytes', 'devices', 'points', 'tasks', 'connections', 'notices', 'batches', 'collectors'];
function unitRuleBroken(f: ParsedFamily): string {
  if (f.type === 'COUNTER') return f.name.endsWith('_total') ? '' : `${f.name}: a counter not ending in _total`;
  if (f.name.endsWith('_total')) return `${f.name}: _total on a ${f.type}`;
  if (f.name.endsWith('_info')) return f.type === 'GAUGE' && f.metrics.every((m) => m.value === '1') ? '' : `${f.name}: an info metric must be a gauge of 1`;
  return UNITS.some((u) => f.name.endsWith(`_${u}`)) ? '' : `${f.name}: no unit suffix (${UNITS.join(', ')})`;
}

const num = (v: string | undefined): number => Number(v);
const value = (f: ParsedFamily | undefined, labels: Record<string, string> = {}): number => {
  const m = f?.metrics.find((s) => Object.entries(labels).every(([k, v]) => s.labels?.[k] === v));
  return m ? num(m.value) : NaN;
};

t.test('/metrics scraped and parsed; JSON logs; /api/quit; exit 0', { timeout: 120_000 }, async (t) => {
  const dir = tempDir(t, 'netmon-observe-');
  const port = randomPort();
  const DEVICES = 3;
  const config = writeSimulatedConfig(dir, { devices: DEVICES, interfacesPerDevice: 2, pollInterval: '1s' });
  const server = spawnLogged(t, ['--config', config], { PORT: String(port), DATA_DIR: join(dir, 'data'), LOG_FORMAT: 'json' });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(async () => ((await fetch(`${base}/api/metrics/ping`)).status === 200 ? true : undefined), 30_000, 'the server');
  let jsonCalls = 0;
  const metricsJson = async () => { jsonCalls++; return (await getJson(base, '/api/metrics/metrics')).body; };
  // Two finished cycles that polled every device.
  await waitFor(async () => {
    const m = await metricsJson();
    return m.pipeline[0]?.cycles >= 2 && m.networks[0].poll.devicesPolled === DEVICES ? true : undefined;
  }, 60_000, 'two poll cycles of every device');
  t.equal((await fetch(`${base}/nowhere/at/all`)).status, 404);

  const before = await metricsJson();
  const res = await fetch(`${base}/metrics`);
  t.equal(res.status, 200);
  t.equal(res.headers.get('content-type'), 'text/plain; version=0.0.4; charset=utf-8');
  const text = await res.text();
  const after = await metricsJson();
  const families = parsePrometheusTextFormat(text);
  const byName = new Map(families.map((f) => [f.name, f]));

  // Every family: HELP, TYPE, the unit rule; the expected ones with their type.
  for (const f of families) {
    t.match(text, `# HELP ${f.name} `, `${f.name} has HELP`);
    t.not(f.type, 'UNTYPED', `${f.name} has TYPE`);
  }
  t.same(families.map(unitRuleBroken).filter((s) => s !== ''), [], 'every family ends in its unit, _total or _info');
  for (const [name, type] of EXPECTED) t.equal(byName.get(name)?.type, type, `${name} is a ${type}`);

  // Values consistent with the JSON metrics read just before and just after the scrape.
  const within = (what: string, v: number, lo: number, hi: number) => t.ok(v >= lo && v <= hi, `${what}: ${v} within [${lo}, ${hi}]`);
  within('poll cycles', value(byName.get('netmon_poll_cycles_total'), { network: '1' }), before.pipeline[0].cycles, after.pipeline[0].cycles);
  within('points written', value(byName.get('netmon_store_points_written_total'), { network: '1' }), before.pipeline[0].pointsWritten, after.pipeline[0].pointsWritten);
  within('varbinds received', value(byName.get('netmon_snmp_varbinds_received_total'), { network: '1' }), before.pipeline[0].varbindsReceived, after.pipeline[0].varbindsReceived);
  t.ok(after.pipeline[0].varbindsReceived > 0, 'the polls\' varbinds are counted');
  within('device polls ok', value(byName.get('netmon_device_polls_total'), { network: '1', outcome: 'ok' }), before.pipeline[0].devicePollsOk, after.pipeline[0].devicePollsOk);
  t.ok(before.pipeline[0].pointsWritten > 0, 'points were written');
  t.equal(value(byName.get('netmon_poll_devices'), { network: '1', state: 'ok' }), DEVICES, 'every simulated device answered the last cycle');
  t.equal(value(byName.get('netmon_poll_devices'), { network: '1', state: 'failed' }), 0);
  t.equal(value(byName.get('netmon_network_info'), { network: '1', name: 'sim' }), 1);
  t.equal(value(byName.get('netmon_poll_interval_seconds'), { network: '1' }), 1);
  const h = byName.get('netmon_poll_cycle_duration_seconds')!.metrics[0];
  const buckets = Object.entries(h.buckets ?? {}).map(([le, n]) => [le === '+Inf' ? Infinity : Number(le), num(n)] as const).sort((a, b) => a[0] - b[0]);
  t.ok(buckets.every(([, n], i) => i === 0 || n >= buckets[i - 1][1]), 'buckets are cumulative');
  t.equal(buckets.at(-1)![1], num(h.count), '+Inf bucket = count');
  t.equal(num(h.count), value(byName.get('netmon_poll_cycles_total'), { network: '1' }), 'count = the cycles of the only network');
  t.ok(num(h.sum) > 0, 'sum of the cycle durations');
  within('store size', value(byName.get('netmon_store_size_bytes')), Math.min(before.storeSizeBytes, after.storeSizeBytes), Math.max(before.storeSizeBytes, after.storeSizeBytes));
  t.ok(value(byName.get('netmon_store_size_bytes')) > 0);
  t.ok(value(byName.get('netmon_process_resident_memory_bytes')) > 1e6, 'resident memory');
  within('uptime', value(byName.get('netmon_uptime_seconds')), before.uptimeMs / 1000, after.uptimeMs / 1000);
  t.same(byName.get('netmon_event_loop_lag_seconds')!.metrics.map((m) => m.labels?.stat).sort(), ['max', 'mean', 'p99']);
  t.ok(byName.get('netmon_event_loop_lag_seconds')!.metrics.every((m) => num(m.value) >= 0), 'lags are not negative');

  // HTTP requests by route pattern: the JSON metrics calls made before the scrape, all answered 200.
  const http = byName.get('netmon_http_requests_total')!;
  t.equal(value(http, { route: '/api/metrics/metrics', method: 'GET', status: '200' }), jsonCalls - 1, 'JSON metrics calls before the scrape');
  t.ok(value(http, { route: '', status: '404' }) >= 1, 'the unmatched request, with an empty route');
  t.notOk(http.metrics.some((m) => m.labels?.route?.includes('nowhere')), 'no raw path in the labels');
  t.ok(http.metrics.every((m) => m.labels?.route === '' || after.http.routes[`${m.labels?.method} ${m.labels?.route}`] !== undefined), 'every route label is a route pattern of the table');

  // Healthcheck components.
  const health = (await getJson(base, '/api/metrics/healthcheck')).body;
  for (const c of ['network.1.poller', 'network.1.discovery', 'store', 'metadata', 'workers', 'notifications', 'http']) {
    t.ok(health.components[c], `healthcheck component ${c}`);
  }
  t.equal(health.components.http.status, 'ok');
  t.match(health.components.workers.detail, /worker threads alive/);

  // /api/quit: through a proxy, refused (and the server still answers); direct, accepted.
  const proxied = await fetch(`${base}/api/quit`, { headers: { 'x-forwarded-for': '198.51.100.7' } });
  t.equal(proxied.status, 403);
  t.match(await proxied.json(), { code: 'FORBIDDEN', error: /direct connection.*x-forwarded-for/ });
  t.equal((await fetch(`${base}/api/metrics/ping`)).status, 200, 'still running');
  const quit = await fetch(`${base}/api/quit`);
  t.equal(quit.status, 202);
  t.same(await quit.json(), { status: 'stopping' });
  t.equal(await server.exited, 0, 'the process exits 0');

  // Every log line is a JSON object with time, level, component and msg; the ready line has its fields.
  const lines = server.log().split('\n').filter((l) => l !== '');
  const parsed = lines.map((l) => { try { return JSON.parse(l) as Record<string, unknown>; } catch { return null; } });
  t.same(lines.filter((_, i) => parsed[i] === null), [], 'every line parses as JSON');
  t.ok(parsed.every((o) => o && typeof o.time === 'string' && typeof o.level === 'string' && typeof o.msg === 'string' && typeof o.component === 'string'), 'time, level, component, msg on every line');
  t.match(parsed.find((o) => typeof o?.msg === 'string' && o.msg.startsWith('ready')), { level: 'info', listening: '127.0.0.1', authentication: 'off' });
  t.match(parsed.find((o) => o?.msg === 'stopping'), { by: 'GET /api/quit' });
  t.ok(parsed.some((o) => o?.msg === 'stopped'), 'stopped cleanly');
});

t.test('exit codes', { timeout: 120_000 }, async (t) => {
  const dir = tempDir(t, 'netmon-exit-');
  const config = writeSimulatedConfig(dir, { devices: 1, interfacesPerDevice: 2, pollInterval: '5s' });
  const dataDir = join(dir, 'data');
  mkdirSync(dataDir);
  // A first server holds the data directory (and a port) for the lock and port cases.
  const heldPort = randomPort();
  const first = spawnLogged(t, ['--config', config], { PORT: String(heldPort), DATA_DIR: dataDir });
  await waitFor(async () => ((await fetch(`http://127.0.0.1:${heldPort}/api/metrics/ping`)).status === 200 ? true : undefined), 30_000, 'the first server').catch((e) => { t.comment(first.log()); throw e; });
  // Something else listening on a port (for the port case, with a data directory of its own).
  const blocker = net.createServer();
  const busyPort = await new Promise<number>((r) => blocker.listen(0, '127.0.0.1', () => r((blocker.address() as net.AddressInfo).port)));
  t.teardown(() => blocker.close());
  // Its own simulator's port, so that only the HTTP port is in use.
  mkdirSync(join(dir, 'other'));
  const otherSim = writeSimulatedConfig(join(dir, 'other'), { devices: 1, interfacesPerDevice: 2, pollInterval: '5s' });
  const cases: { name: string; args: string[]; env: Record<string, string>; code: number; log: RegExp }[] = [
    { name: 'a configuration file that does not exist', args: ['--config', join(dir, 'missing.yaml')], env: { PORT: String(randomPort()), DATA_DIR: join(dir, 'd1') }, code: 2, log: /missing\.yaml/ },
    { name: 'an unknown option', args: ['--colour'], env: {}, code: 2, log: /colour/ },
    { name: 'a bad LOG_FORMAT', args: ['--config', config], env: { LOG_FORMAT: 'xml', PORT: String(randomPort()), DATA_DIR: join(dir, 'd2') }, code: 2, log: /LOG_FORMAT must be text or json/ },
    { name: 'the data directory locked by another server', args: ['--config', config], env: { PORT: String(randomPort()), DATA_DIR: dataDir }, code: 3, log: /in use by another server/ },
    { name: 'the port in use', args: ['--config', otherSim], env: { PORT: String(busyPort), DATA_DIR: join(dir, 'd3') }, code: 4, log: /cannot listen/ },
    { name: '--check-config on a good file', args: ['--config', config, '--check-config'], env: {}, code: 0, log: /OK/ },
  ];
  for (const c of cases) {
    const s = spawnLogged(t, c.args, c.env);
    t.equal(await s.exited, c.code, c.name);
    t.match(s.log(), c.log, `${c.name}: the reason is written`);
  }
});
