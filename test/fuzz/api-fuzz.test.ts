/**
 * The API under fuzz: the built server runs as a child process on its simulated network, and every
 * route of the route table gets mutated path parameters, query parameters, bodies (malformed, deep,
 * large, many targets, hostile regexps) and content types over real sockets, plus raw header blocks,
 * pipelining and clients that do not read. Seeded (FUZZ_SEED replays a run) and bounded in count and
 * time. Reported: requests sent, crashes, 5xx answers, hangs over 2 s, error answers whose body is
 * not the JSON error envelope — all must be 0 but the first. The one documented 5xx, a failed view
 * filter creation (500, docs/api.md "Errors"), is counted apart when its body is the error envelope with a code
 * other than INTERNAL; a 500 INTERNAL there is a bug like anywhere else.
 */
import t from 'tap';
import net from 'node:net';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildRouter } from '../../api/routes/index.js';
import { startApi } from '../../api/server.js';
import type { RouteInfo } from '../../api/http/http-types.js';
import { silentLogger } from '../../core/logger.js';
import { fixture, servicesOf } from '../fakes/fake-service.js';
import { getJson, randomPort, startServer, startServerReady, tempDir, waitFor, writeSimulatedConfig, type ServerProcess } from '../fakes/helpers.js';
import { rng } from '../fakes/rng.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
/** Requests of the route walk (a few per route and mutation kind), and the wall-clock cap of the whole walk. */
const MAX_REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 2500);
const MAX_WALK_MS = 150_000;
const HANG_MS = 2000;

interface Report { requests: number; fiveXX: string[]; hangs: string[]; badErrorBodies: string[]; crashes: string[]; documented500: number }

/** Calls the specification declares not implemented (docs/api.md "Legacy view manipulation"): their 501 is the answer, not a failure. */
const isDeclared501Call = (pattern: string): boolean => /^\/api\/networks\/:netid\/views/.test(pattern);
/**
 * Routes that read or write the collector's managed devices (DevicesPort). A collector without
 * device management answers them 501 NOT_IMPLEMENTED; the walk over the real server then leaves them
 * to the walk over the in-memory DevicesPort (the third test) and says so.
 */
const isDevicesPortRoute = (pattern: string): boolean =>
  /^\/v2\/ui\/net\/:netid\/devices|^\/v2\/admin\/net\/:netid\/snmp|^\/v2\/svc\/discovery\/net\/:netid\/(submit|queue|new_generation|pause|resume)|^\/v2\/tags\//.test(pattern);

/**
 * Headers the walk adds to a route's requests: `/api/quit` goes with a proxy header, so that the
 * server under fuzz refuses it (403) instead of stopping (its acceptance is tested in
 * test/e2e/self-observation.test.ts).
 */
const keepRunning = (pattern: string): Record<string, string> => (pattern === '/api/quit' ? { 'x-forwarded-for': '198.51.100.1' } : {});

/** Calls whose failure the specification answers with a 500 (docs/api.md "Errors": view filter creation). */
const isDocumented500Call = (method: string, pattern: string): boolean => method === 'POST' && /\/filters\/?$/.test(pattern);

/** One request over a fresh connection; resolves with the status, headers, body and time taken (status 0 when none came). */
function send(port: number, method: string, path: string, headers: Record<string, string>, body?: Buffer | string): Promise<{ status: number; type: string; text: string; ms: number }> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const b = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(body);
    const head = [`${method} ${path} HTTP/1.1`, 'host: 127.0.0.1', 'connection: close',
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), ...(b ? [`content-length: ${b.length}`] : [])].join('\r\n') + '\r\n\r\n';
    const chunks: Buffer[] = [];
    const sock = net.connect(port, '127.0.0.1', () => { sock.write(head); if (b) sock.write(b); });
    const timer = setTimeout(() => sock.destroy(), 10_000); // a hang detector: reported as a hang over HANG_MS anyway
    const done = () => {
      clearTimeout(timer);
      const raw = Buffer.concat(chunks);
      const split = raw.indexOf('\r\n\r\n');
      const headText = raw.subarray(0, split < 0 ? raw.length : split).toString('latin1');
      const m = /^HTTP\/1\.1 (\d{3})/.exec(headText);
      const type = /\r\ncontent-type: *([^\r\n]*)/i.exec(headText)?.[1] ?? '';
      resolve({ status: m ? Number(m[1]) : 0, type, text: split < 0 ? '' : raw.subarray(split + 4).toString('utf8'), ms: performance.now() - t0 });
    };
    sock.on('data', (c) => chunks.push(c));
    sock.on('close', done);
    sock.on('error', () => {});
  });
}

/** The built server on a simulated network of its own, on a random port. */
function startFuzzServer(t: { teardown(fn: () => void): void }, dir: string): ServerProcess & { port: number } {
  const port = randomPort();
  const configPath = writeSimulatedConfig(dir, { devices: 4, interfacesPerDevice: 3, pollInterval: '2s' });
  return { ...startServer(t, configPath, join(dir, 'data'), port), port };
}

// ---- mutations ------------------------------------------------------------------------------------

const HOSTILE_REGEXPS = [
  `^(.|.|.|.|.){${'0'.repeat(40)}050}Z`, '(a+)+$', '(a|aa)+$', '(.*a){20}', '^(\\w+\\s?)*$', '(?<=a)b', '(a)\\1', '[', '(?:x{99999})',
];

function pathValues(name: string, triplets: string[], handles: string[], alertKeys: readonly string[] = []): string[] {
  const common = ['0', '-1', '99999999999999999999', 'abc', '%', '%zz', '%00', '..', 'a'.repeat(5000), 'ü', ' ', '1.5', '1e3', '0x10', ',,,'];
  if (/^(id|netid)$/.test(name)) return ['1', '1', '2', ...common];
  if (/devid|nodeid|taskid/.test(name)) return ['1', '2', '10', ...common];
  if (name === 'dev') return ['10.0.0.77', 'sw.example.net', '192.0.2.5', '2001:db8::1', '999.1.1.1', '-a-.example', ...common];
  if (name === 'ids' || name === 'dev_id') return ['10', '10,11', '1,2,3', 'blocking', Array.from({ length: 1200 }, (_, i) => i).join(','), '1,,2', ...common];
  if (name === 'netcolon') return ['net:1', 'net:2', 'net:', 'net:abc', 'nets:1', 'net:99999999999999999999', ...common];
  if (name === 'gen') return ['1', '2', '3', '100000000000', '1700000000000', '99999999999', ...common];
  if (name === 'category') return ['inventory', 'utilisation', 'discovery', 'weather', ...common];
  if (name === 'call') return ['url', 'topXdata', 'topXchart', 'topYdata', ...common];
  if (name === 'report_file' || name === 'report_name_or_id') {
    return ['inventory-net1-20260101T000000000Z.csv', 'inventory-net1-20260101T000000000Z', '..%2f..%2fetc%2fpasswd', '../lock', 'x.csv%00.html', '1', ...common];
  }
  if (name === 'token') return ['nope', 'nmt_AAAA', ...common];
  // Real alert keys (acknowledged, withdrawn, read) most of the time, else an unknown one.
  if (name === 'alertKey') return [...alertKeys, ...alertKeys, '0123456789abcdef0123', ...common];
  if (/filter_id|view_id|viewid/.test(name)) return ['1', '2', ...common];
  if (/^(lv|nv|intfvarName|nodevarName)$/.test(name)) return ['ifInRate', 'ifOutRate', 'cpuUtil', 'memUtil', 'sysUpTime', ...common];
  if (name === 'name') return ['__name__', 'device', 'component', 'index', 'network', 'tag_Role', 'nope', ...common];
  if (name === 'handle') return [...handles, 'AAAAAAAAAAAAAAAAAAAAAA', ...common];
  if (/triplets|varids/.test(name)) return [triplets[0] ?? 'ifInRate.1.1', triplets.slice(0, 3).join(','), Array.from({ length: 60 }, () => triplets[0] ?? 'x.1.1').join(','), 'ifInRate.1', 'a.b.c', ...common];
  return ['ifInRate', 'Traffic', 'cpuUtil', ...common];
}

/** PromQL of the Prometheus API's calls (api/routes/prometheus.ts): selectors, refused forms, hostile text. */
const PROMQL_VALUES = ['ifInRate', 'ifInRate{device=~"sim.*", component!~"x"}', '{__name__=~".+"}', 'rate(ifInRate[5m])', 'sum by (device) (cpuUtil)',
  '1+1', '2^1024', '{}', 'ifInRate{', '{device=~"(a+)+$"}', `{device=~"${HOSTILE_REGEXPS[0]}"}`, 'x{a="\\x"}', '{"a.b"="c"}', '"\\U00110000"',
  'ifInRate offset 5m', 'ifInRate @ 1', `${'('.repeat(2000)}1${')'.repeat(2000)}`, 'a'.repeat(20_000), '1700000000', '2026-11-23T00:00:00Z', '15', '1h30m', '0.001'];

const QUERY_KEYS = ['intervalHr', 'start', 'end', 'length', 'monitor', 'forceDb', 'forceMem', 'name', 'devices', 'components', 'tags',
  'tagMatch', 'sortBy', 'limit', 'count', 'timestamp', 'generation', 's', 'pretty', 'user', 'validate', 'type', 'unknownKey',
  'layout', 'devRule', 'linkRule', 'hide', 'adjacent', 'connecting', 'width', 'height', 'margin', 'zoom', 'viewBox', 'fit', 'reset',
  'query', 'step', 'time', 'match[]', 'offset', 'q', 'status', 'from', 'until', 'desc', 'fields', 'most_recent', 'retentionHrs',
  'active', 'acknowledged', 'severity', 'deviceId', 'key'];
const QUERY_VALUES = ['1', '0', '-1', '24', '1e308', 'NaN', 'true', 'maybe', '', 'ifInRate', 'curr.desc', 'max.asc', 'nope.sideways', '2026-11-23',
  '2026-02-31', '9'.repeat(40), 'Role.Core,Vendor.*', '/(a+)+$/', 'auto', 'fit', 'reset', "Role = 'Core'", "name REGEXP '(a+)+$'",
  '0,0,1000,1000', '0,0,-1,5', '1e6,1e6,1e6,1e6', ...HOSTILE_REGEXPS.map((r) => `/${r}/`), 'a'.repeat(3000),
  'SYSTEM', 'SCRIPTED', 'INTERACTIVE', 'name', 'completed,running', 'name,createdAt', 'createdAt', 'inventory', 'svcql-tables', '87601',
  'critical', 'warning,info', 'critical,,info', 'critical,nope', 'false', '5000', '5001', ...PROMQL_VALUES];

function bodies(r: () => number): { body: string | Buffer; type?: string }[] {
  const svcql = (q: string) => JSON.stringify({ from: 'now-1h', targets: [{ id: 'A', svcql: q, format: 'table' }] });
  const many = JSON.stringify({ targets: Array.from({ length: 480 }, (_, i) => ({ id: `T${i}`, svcql: 'SELECT tag, tagFacet, tag AS t2, tagFacet AS f2 FROM variables' })) });
  const pick = HOSTILE_REGEXPS[Math.floor(r() * HOSTILE_REGEXPS.length)]!;
  return [
    { body: svcql('SELECT device, tsmax(metric) AS peak FROM cpuUtil ORDER BY peak DESC LIMIT 3'), type: 'application/json' },
    { body: svcql(`SELECT name FROM variables WHERE name REGEXP '${pick.replace(/'/g, "''")}'`), type: 'application/json' },
    { body: JSON.stringify({ targets: [{ id: 'S', variable: 'ifInRate', description: `/${pick}/`, format: 'table' }] }), type: 'application/json' },
    { body: many, type: 'application/json' },
    { body: '{"targets": [', type: 'application/json' },
    { body: '['.repeat(20000) + ']'.repeat(20000), type: 'application/json' },
    { body: JSON.stringify({ targets: 'x'.repeat(900_000) }), type: 'application/json' },
    { body: '', type: 'application/json' },
    { body: '\u0000\u0001\u0002', type: 'application/json' },
    { body: JSON.stringify({ targets: [] }), type: 'text/plain' },
    { body: JSON.stringify({ targets: [] }) },
    { body: Buffer.alloc(2 * 1024 * 1024, 0x61), type: 'application/json' },
    { body: JSON.stringify({ from: 'yesterday', until: 'never', groupByTime: '-5m', targets: [{ id: 1, svcql: 5 }] }), type: 'application/json' },
    // The Grafana datasource's shapes (docs/grafana.md): list lookups, graph targets, its time forms, then twisted ones.
    { body: JSON.stringify({ targets: [{ variable: 'ifInRate', tags: 'Vendor.Cisco,!Role', id: 'A', device: '', component: '', columns: 'tagFacet', unique: 'tagFacet', sortByEl: 'tagFacet:ascending', format: 'list', limit: -1 }] }), type: 'application/json' },
    { body: JSON.stringify({ from: 'now-1d/d', until: 'now/d', groupByTime: '1y', targets: [{ id: 'A', variable: 'ifInRate', sortByEl: 'metric:undefined', selector: 'max', aggregator: 'sum', limit: '2' }, { id: 'B', sortByEl: 'none' }] }), type: 'application/json' },
    { body: JSON.stringify({ from: '1480000000s', until: `${'9'.repeat(16)}ms`, targets: [{ id: 'C', variable: 'cpuUtil', aggregator: ' -- ', format: 'table', columns: 'device,tagFacet,metric' }, { id: 'D', nsgql: 'SELECT DISTINCT tagFacet FROM ifInRate ORDER BY tagFacet', format: 'list' }] }), type: 'application/json' },
    { body: JSON.stringify({ from: 'now-999999999y', until: 'now+999999999M/w', targets: [{ id: 'E', variable: 'x', aggregator: 'median', sortByEl: ':undefined' }, { id: 'F', nsgql: ['x'] }, { id: 'G', tags: 'x', format: 'list', columns: 'tagFacet', limit: 1 }] }), type: 'application/json' },
    { body: JSON.stringify({ name: `fuzz ${Math.floor(r() * 1e6)}`, svcql: "Vendor = 'Cisco' AND address << 10.0.0.0/8", formData: '{}' }), type: 'application/json' },
    { body: JSON.stringify({ name: 'hostile', svcql: `name REGEXP '${pick.replace(/'/g, "''")}'`, formData: 5 }), type: 'application/json' },
    { body: JSON.stringify({ id: 1, name: `view ${Math.floor(r() * 1e6)}`, devRule: "Role = 'Core' AND address << 10.0.0.0/8", linkRule: 'speed >= 1e9', adjacent: 'true', connecting: 'false', formData: 'Grüße "q" {x' }), type: 'application/json' },
    { body: JSON.stringify({ devRule: `name REGEXP '${pick.replace(/'/g, "''")}'`, linkRule: `${'('.repeat(80)}x`, adjacent: 'maybe', formData: 'x'.repeat(300_000) }), type: 'application/json' },
    { body: JSON.stringify({ name: 5, devRule: ['x'], linkRule: { a: 1 }, connecting: 2, formData: null }), type: 'application/json' },
    { body: Buffer.from([0, 0xff, 0xc3, 0x28, 0x0d, 0x0a]) },
    { body: '<html>opaque</html>', type: 'text/html' },
    { body: 'x', type: '; charset=utf-8' },
    { body: JSON.stringify({ user: 'nobody', password: 'not-the-password' }), type: 'application/json' },
    { body: JSON.stringify({ user: 'a'.repeat(5000), password: 'p'.repeat(5000) }), type: 'application/json' },
    { body: JSON.stringify({ user: ['x'], password: { a: 1 } }), type: 'application/json' },
    { body: 'user=nobody&password=x', type: 'application/x-www-form-urlencoded' },
    { body: `query=${encodeURIComponent('ifInRate{device=~"sim.*"}')}&start=1700000000&end=1700003600&step=15`, type: 'application/x-www-form-urlencoded' },
    { body: `query=${encodeURIComponent('rate(x[5m])')}&start=0&end=1e12&step=0.0001&match[]=%zz`, type: 'application/x-www-form-urlencoded; charset=utf-8' },
    { body: `match[]=${encodeURIComponent('{__name__=~".+"}')}&match[]=cpuUtil&time=now`, type: 'application/x-www-form-urlencoded' },
    { body: JSON.stringify([{ id: 1, x: 10, y: 20 }, { id: 2, x: -5.5, y: 1e6 }]), type: 'application/json' },
    { body: JSON.stringify([{ id: 1, x: 1e308, y: null }, { id: -1, x: 'a', y: 0 }, 5]), type: 'application/json' },
    { body: JSON.stringify(Array.from({ length: 12_000 }, (_, i) => ({ id: i, x: i, y: i }))), type: 'application/json' },
    // Silence create and update bodies (docs/api.md "Alerts and silences"): a good one, then wrong types, bounds and fields.
    { body: JSON.stringify({ expirationTimeMs: 3_600_000, match: { deviceName: 'sim-1', tags: 'Role.Core,!Vendor.X' }, reason: 'fuzz' }), type: 'application/json' },
    { body: JSON.stringify({ expirationTimeMs: 1e308, user: 'x'.repeat(5000), reason: { a: 1 }, match: { index: -1, deviceId: 2 ** 60, tags: '!,!' } }), type: 'application/json' },
    { body: '{"expirationTimeMs":1,"match":{"__proto__":{"key":"x"},"constructor":1}}', type: 'application/json' },
    { body: JSON.stringify({ expirationTimeMs: '1h', match: 'all', extra: [1] }), type: 'application/json' },
    // Acknowledgement bodies (docs/api.md "Severity, acknowledgement, history and rules"): good ones, then wrong types, bounds and fields.
    { body: JSON.stringify({ comment: `fuzz ${Math.floor(r() * 1e6)}: on it` }), type: 'application/json' },
    { body: '{}', type: 'application/json' },
    { body: JSON.stringify({ comment: 'x'.repeat(2001) }), type: 'application/json' },
    { body: JSON.stringify({ comment: 5, by: 'someone else', atMs: 0 }), type: 'application/json' },
    { body: JSON.stringify({ comment: 'bell \u0007 and\nline' }).replace('\\u0007', '\u0007'), type: 'application/json' },
    // Inventory bodies (docs/api.md "Inventory"): device add and change, blocked entries, external tags — good ones, then wrong types, bounds and fields.
    { body: JSON.stringify({ address: `10.0.${Math.floor(r() * 250)}.${Math.floor(r() * 250)}`, name: 'fuzz', tags: ['Role.Edge'], community: 'public', port: 161 }), type: 'application/json' },
    { body: JSON.stringify({ address: 'sw.example.net', comment: 'x'.repeat(2000), tags: ['x', 5], port: 0 }), type: 'application/json' },
    { body: JSON.stringify({ address: '192.0.2.9' }), type: 'application/json' },
    { body: JSON.stringify({ address: ['10.0.0.1'], community: '', adress: 'typo' }), type: 'application/json' },
    { body: JSON.stringify({ name: 'renamed', comment: 'c', tags: Array.from({ length: 150 }, (_, i) => `T.${i}`) }), type: 'application/json' },
    { body: JSON.stringify({ address: '10.9.0.0/16', comment: 'lab' }), type: 'application/json' },
    { body: JSON.stringify({ address: '10.9.0.0/33' }), type: 'application/json' },
    { body: JSON.stringify({ id: 10, tags: ['Ext.A', 'Ext.B'], mode: 'add' }), type: 'application/json' },
    { body: JSON.stringify({ id: 10, name: 'sw10', tags: 'Ext.A', mode: 'merge' }), type: 'application/json' },
    { body: JSON.stringify({ address: '10.0.0.11', tags: ['Ext.' + 'a'.repeat(300)] }), type: 'application/json' },
    // Traffic-analytics proxy bodies (forwarded as they are): a top-N request, scalars for the url call, odd shapes.
    { body: JSON.stringify({ top: 10, interval: '1h', device: 'sim-1', metric: 'bytes' }), type: 'application/json' },
    { body: JSON.stringify({ network: 'x', nested: { a: [1, 2] }, n: 1e308, b: true, s: 'a&b=c#d' }), type: 'application/json' },
    { body: JSON.stringify('just a string'), type: 'application/json' },
    // Users, tokens and the test poll of the onboarding (docs/api.md "Users and tokens", "Inventory"); the test poll only to loopback.
    { body: JSON.stringify({ name: `fuzz${Math.floor(r() * 1e6)}`, role: 'user', password: 'fuzz-password' }), type: 'application/json' },
    { body: JSON.stringify({ name: 'a b', role: 'root', password: 'x'.repeat(5000) }), type: 'application/json' },
    { body: JSON.stringify({ role: 'admin', password: 7, extra: true }), type: 'application/json' },
    { body: JSON.stringify({ name: `tok${Math.floor(r() * 1e6)}`, role: 'admin' }), type: 'application/json' },
    { body: JSON.stringify({ address: '127.1.0.1', community: 'public' }), type: 'application/json' },
    { body: JSON.stringify({ address: '127.1.0.250', community: 'x'.repeat(255), port: 1161 }), type: 'application/json' },
    { body: JSON.stringify({ address: '127.1.0.1', community: 'a', v3User: 'b', port: 0 }), type: 'application/json' },
    { body: JSON.stringify({ address: '127.1.0.1', v3User: 'nobody' }), type: 'application/json' },
    { body: JSON.stringify({ community: null, name: 'x' }), type: 'application/json' },
    // A network's SNMP credentials (docs/api.md "SNMP credentials"): a good overlay, keeps, then wrong shapes, repeats and bounds.
    { body: JSON.stringify({ communities: [{ community: 'public' }, { community: `fuzz-${Math.floor(r() * 1e6)}` }], v3Users: [{ name: 'fz', level: 'authPriv', authKey: 'auth-key-1', privKey: 'priv-key-1' }] }), type: 'application/json' },
    { body: JSON.stringify({ communities: [{ keep: 0 }, { keep: 1 }], v3Users: [{ name: 'fz', keep: true }] }), type: 'application/json' },
    { body: JSON.stringify({ communities: [{ keep: 99 }, { keep: -1, community: 'x' }, 'public', null], v3Users: [{ name: 'fz', keep: 'yes' }] }), type: 'application/json' },
    { body: JSON.stringify({ communities: Array.from({ length: 17 }, (_, i) => ({ community: `c${i}` })), v3Users: {} }), type: 'application/json' },
    { body: JSON.stringify({ communities: [{ community: 'a' }, { community: 'a' }, { community: 'x'.repeat(256) }, { community: 'bell\u0007' }] }), type: 'application/json' },
    { body: JSON.stringify({ v3Users: [{ name: 'u', level: 'authPriv', authKey: 'short', privProtocol: 'rot13' }, { name: 'u', level: 'noAuthNoPriv' }], extra: 1 }), type: 'application/json' },
    { body: JSON.stringify({ communities: [], v3Users: [] }), type: 'application/json' },
  ];
}

function fill(pattern: string, r: () => number, triplets: string[], handles: string[], alertKeys: readonly string[] = []): string {
  return pattern.split('/').map((seg) => {
    if (!seg.startsWith(':')) return seg;
    const values = pathValues(seg.slice(1), triplets, handles, alertKeys);
    return encodeURIComponent(values[Math.floor(r() * values.length)]!).replace(/%25(?=[0-9A-Fa-f]{0,2})/g, r() < 0.5 ? '%' : '%25');
  }).join('/');
}

function query(r: () => number): string {
  const n = Math.floor(r() * 4);
  const parts: string[] = [];
  for (let i = 0; i < n; i++) {
    const k = QUERY_KEYS[Math.floor(r() * QUERY_KEYS.length)]!;
    const v = QUERY_VALUES[Math.floor(r() * QUERY_VALUES.length)]!;
    parts.push(`${encodeURIComponent(k)}=${encodeURIComponent(v)}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** A query of the Prometheus API's calls: each of its keys, most of the time, with PromQL, times, steps and hostile values. */
function promQuery(r: () => number): string {
  const values = [...PROMQL_VALUES, ...QUERY_VALUES.slice(0, 12)];
  const parts: string[] = [];
  for (const k of ['query', 'start', 'end', 'step', 'time', 'match[]', 'match[]']) {
    if (r() < 0.3) continue;
    parts.push(`${encodeURIComponent(k)}=${encodeURIComponent(values[Math.floor(r() * values.length)]!)}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

function checkAnswer(rep: Report, what: string, a: { status: number; type: string; text: string; ms: number }, method: string, documented500 = false, declared501 = false): void {
  rep.requests++;
  if (a.status === 0) { rep.crashes.push(`${what}: no answer`); return; }
  if (documented500 && a.status === 500 && errorCode(a.text) !== 'INTERNAL') rep.documented500++;
  else if (declared501 && a.status === 501 && errorCode(a.text) === 'NOT_IMPLEMENTED') { /* the declared answer */ }
  else if (a.status >= 500 && a.status !== 505) rep.fiveXX.push(`${what}: ${a.status} ${a.text.slice(0, 200)}`);
  if (a.ms > HANG_MS) rep.hangs.push(`${what}: ${Math.round(a.ms)} ms`);
  if (a.status >= 400 && method !== 'HEAD' && a.status !== 505) {
    let ok = false;
    try { const j = JSON.parse(a.text); ok = j.status === 'error' && typeof j.error === 'string' && typeof j.code === 'string'; } catch { /* not JSON */ }
    if (!ok || !/^application\/json/.test(a.type)) rep.badErrorBodies.push(`${what}: ${a.status} ${a.type} ${a.text.slice(0, 120)}`);
  }
}

/**
 * Whether the server's collector manages no devices: its device list answers 501 NOT_IMPLEMENTED
 * (bench/api/devices-unavailable.ts). Said in the test output when so.
 */
async function collectorLacksDevices(port: number, headers: Record<string, string> = {}): Promise<boolean> {
  const a = await send(port, 'GET', '/v2/ui/net/1/devices', headers);
  const lacks = a.status === 501 && errorCode(a.text) === 'NOT_IMPLEMENTED';
  if (lacks) console.log('# the server\'s collector manages no devices yet (501 NOT_IMPLEMENTED): its device routes are walked over the in-memory DevicesPort instead');
  return lacks;
}

/** The `code` of an error body, or undefined when the text is not one. */
function errorCode(text: string): string | undefined {
  try { const j = JSON.parse(text); return typeof j.code === 'string' ? j.code : undefined; } catch { return undefined; }
}

t.test('fuzz every route of the route table over real sockets', { timeout: 400_000 }, async (t) => {
  const dir = tempDir(t, 'netmon-fuzz-');
  const server = startFuzzServer(t, dir);
  const base = `http://127.0.0.1:${server.port}`;
  const topo = await waitFor(async () => {
    const r = await getJson(base, '/v2/discovery/net/1/topo');
    return typeof r.body?.generation === 'number' ? r.body : undefined;
  }, 60_000, 'the first discovery');
  const devs: number[] = topo.devices.map((d: { id: number }) => d.id);
  const triplets = devs.flatMap((d) => [`ifInRate.${d}.1`, `cpuUtil.${d}.0`, `ifOutUtil.${d}.2`]);
  const stored = await send(server.port, 'POST', '/v2/ui/net/1/keyvalue', {}, 'a block of UI state');
  const handles: string[] = [JSON.parse(stored.text).handle];
  // The simulated network's admin-up, oper-down ports raise interfaceDown alerts: their keys for the acknowledgement routes.
  const alertKeys = await waitFor(async () => {
    const a = await getJson(base, '/v2/alerts/net/1/alerts?active=true');
    return Array.isArray(a.body) && a.body.length > 0 ? (a.body as { key: string }[]).map((x) => x.key) : undefined;
  }, 60_000, 'an active alert');

  const { router } = buildRouter({ services: servicesOf(fixture()), clock: { nowMs: () => 0 }, logger: silentLogger });
  const noDevices = await collectorLacksDevices(server.port);
  const routes: readonly RouteInfo[] = router.table().filter((x) => !(noDevices && isDevicesPortRoute(x.pattern)));
  t.ok(routes.length >= 25, `${routes.length} routes in the table`);
  const r = rng(SEED);
  const rep: Report = { requests: 0, fiveXX: [], hangs: [], badErrorBodies: [], crashes: [], documented500: 0 };
  const started = Date.now();
  const bodyCases = bodies(r);
  const methods = ['GET', 'POST', 'HEAD', 'PUT', 'DELETE', 'OPTIONS', 'PATCH'];

  // Every route: its own method with valid and mutated parameters; other methods; bodies on POST routes.
  let round = 0;
  while (rep.requests < MAX_REQUESTS && Date.now() - started < MAX_WALK_MS) {
    for (const route of routes) {
      const path = fill(route.pattern, r, triplets, handles, alertKeys) + (route.pattern.startsWith('/api/v1/') ? promQuery(r) : query(r));
      const method = round % 5 === 4 ? methods[Math.floor(r() * methods.length)]! : route.method;
      const bodyCase = method === 'POST' || method === 'PUT' || round % 7 === 6 ? bodyCases[Math.floor(r() * bodyCases.length)] : undefined;
      const headers: Record<string, string> = { ...keepRunning(route.pattern), ...(bodyCase?.type ? { 'content-type': bodyCase.type } : {}) };
      const a = await send(server.port, method, path, headers, bodyCase?.body);
      checkAnswer(rep, `${method} ${path.slice(0, 160)}`, a, method, isDocumented500Call(method, route.pattern), isDeclared501Call(route.pattern));
      if (rep.requests >= MAX_REQUESTS || Date.now() - started >= MAX_WALK_MS) break;
    }
    round++;
  }

  // Raw header blocks: each answered or closed at once, never left hanging.
  const rawCases = [
    'GARBAGE\r\n\r\n', 'GET /api/metrics/ping\r\n\r\n',
    'GET /api/metrics/ping HTTP/1.1\r\nhost: x\r\ncontent-length: 5\r\ncontent-length: 7\r\n\r\nhello',
    `GET /api/metrics/ping HTTP/1.1\r\nx-big: ${'a'.repeat(100_000)}\r\n\r\n`, 'GET /\u0000 HTTP/1.1\r\n\r\n',
    'POST /v2/query/net/1/data/ HTTP/1.1\r\nhost: x\r\ncontent-length: 99999999999\r\n\r\n{',
    'POST /v2/query/net/1/data/ HTTP/1.1\r\nhost: x\r\ntransfer-encoding: chunked\r\n\r\nzz\r\n',
  ];
  // Header blocks the HTTP engine (uWebSockets.js 20.x of the uwebsockets 3.0.6 package) takes for a
  // request still arriving: it closes them at its 10 s idle timeout, and the adapter never sees them
  // (docs/api.md, Connections). 100 connections of each are held open at once: a fresh client is
  // answered meanwhile, and every one of them is closed within 15 s — listed apart, not as hangs.
  const engineWaits = ['GET /api/metrics/ping HTTP/1.1\r\nno colon here\r\n\r\n', 'GET /api/metrics/ping HTTP/1.1\r\nx-a: \u0000\r\n\r\n'];
  const t0 = performance.now();
  const held = engineWaits.flatMap((raw) => Array.from({ length: 100 }, () => new Promise<boolean>((resolve) => {
    const sock = net.connect(server.port, '127.0.0.1', () => sock.write(raw));
    const timer = setTimeout(() => { sock.destroy(); resolve(false); }, 15_000);
    sock.on('close', () => { clearTimeout(timer); resolve(true); });
    sock.on('error', () => {});
  })));
  await new Promise((r) => setTimeout(r, 500));
  const meanwhile = await send(server.port, 'GET', '/v2/ui/net/1/status', {});
  checkAnswer(rep, 'status while 200 malformed header blocks are held', meanwhile, 'GET');
  t.equal(meanwhile.status, 200, 'a client is answered while 200 connections with malformed header blocks are held');
  const closed = (await Promise.all(held)).filter(Boolean).length;
  rep.requests += held.length;
  if (closed < held.length) rep.hangs.push(`malformed header blocks: ${held.length - closed} of ${held.length} not closed in 15 s`);
  else t.comment(`${held.length} malformed header blocks all closed by the HTTP engine within ${Math.round(performance.now() - t0)} ms`);
  for (const raw of rawCases) {
    const t0 = performance.now();
    await new Promise<void>((resolve) => {
      const sock = net.connect(server.port, '127.0.0.1', () => sock.write(raw));
      const timer = setTimeout(() => { rep.hangs.push(`raw ${JSON.stringify(raw.slice(0, 40))}: no answer or close in 10 s`); sock.destroy(); }, 10_000);
      sock.on('data', () => {});
      sock.on('close', () => { clearTimeout(timer); resolve(); });
      sock.on('error', () => {});
      // A server that answers and keeps the connection is fine: close it from here after a moment.
      sock.on('data', () => setTimeout(() => sock.end(), 50));
    });
    rep.requests++;
    if (performance.now() - t0 > HANG_MS) rep.hangs.push(`raw ${JSON.stringify(raw.slice(0, 40))}: ${Math.round(performance.now() - t0)} ms`);
  }

  // Pipelining on one keep-alive connection, HEAD among the requests: every request answered.
  const pipelined = ['GET /api/metrics/ping', 'HEAD /v2/ui/net/1/status', 'GET /v2/ui/net/1/status', 'GET /nope', 'HEAD /api/metrics/ping', 'GET /api/metrics/ping']
    .map((l) => `${l} HTTP/1.1\r\nhost: x\r\n\r\n`).join('');
  const answers = await new Promise<number>((resolve) => {
    let text = '';
    const sock = net.connect(server.port, '127.0.0.1', () => sock.write(pipelined));
    const timer = setTimeout(() => { sock.destroy(); }, 10_000);
    sock.on('data', (c) => { text += c.toString('latin1'); if ((text.match(/HTTP\/1\.1 \d{3}/g) ?? []).length >= 6) sock.destroy(); });
    sock.on('close', () => { clearTimeout(timer); resolve((text.match(/HTTP\/1\.1 \d{3}/g) ?? []).length); });
    sock.on('error', () => {});
  });
  rep.requests += 6;
  if (answers < 6) rep.hangs.push(`pipelined 6 requests with HEAD on one connection: ${answers} answered`);

  // Clients that do not read: large answers requested and never read, while a fresh client pings.
  const idle: net.Socket[] = [];
  for (let i = 0; i < 30; i++) {
    const s = net.connect(server.port, '127.0.0.1');
    s.on('error', () => {});
    s.pause();
    s.write(Array.from({ length: 10 }, () => 'GET /api/monitor/networks/1/data/?name=ifInRate&intervalHr=24 HTTP/1.1\r\nhost: x\r\n\r\n').join(''));
    idle.push(s);
  }
  const ping = await send(server.port, 'GET', '/api/metrics/ping', {});
  checkAnswer(rep, 'ping while 30 clients do not read', ping, 'GET');
  t.equal(ping.status, 200, 'pings are answered while clients do not read');
  for (const s of idle) s.destroy();

  const alive = await send(server.port, 'GET', '/api/metrics/ping', {});
  if (alive.status !== 200) rep.crashes.push(`the server does not answer after the fuzz (${alive.status}): ${server.log().slice(-2000)}`);
  if (server.proc.exitCode !== null || server.proc.signalCode !== null) rep.crashes.push(`the server exited: ${server.log().slice(-2000)}`);

  t.comment(`fuzz seed ${SEED}: ${rep.requests} requests over ${routes.length} routes in ${Math.round((Date.now() - started) / 1000)} s`);
  t.ok(rep.requests > routes.length * 10, `requests sent: ${rep.requests}`);
  t.same(rep.crashes, [], 'crashes: 0');
  t.comment(`documented 500s (failed view filter creations, with the error envelope and a code other than INTERNAL): ${rep.documented500}`);
  t.same(rep.fiveXX, [], '5xx answers: 0');
  t.same(rep.hangs, [], `hangs over ${HANG_MS} ms: 0`);
  t.same(rep.badErrorBodies, [], 'error answers that are not the JSON error envelope: 0');
  server.proc.kill('SIGTERM');
  t.equal(await server.exited, 0, 'the server stops cleanly after the fuzz');
});

/** Credentials a client may send, good and hostile, for the walk with authentication on. */
function credentialCases(token: string): Record<string, string>[] {
  const b64 = (s: string) => Buffer.from(s, 'latin1').toString('base64');
  return [
    { authorization: `Bearer ${token}` }, { 'x-nsg-auth-api-token': token }, { authorization: `Basic ${b64('fuzz:fuzz-password')}` },
    {}, { authorization: 'Bearer' }, { authorization: 'Bearer ' }, { authorization: `Bearer ${'x'.repeat(8000)}` },
    { authorization: 'Basic !!!' }, { authorization: `Basic ${'A'.repeat(6000)}` }, { authorization: `Basic ${b64('nocolon')}` },
    { authorization: `Basic ${b64(`fuzz:${'p'.repeat(3000)}`)}` }, { authorization: `Basic ${b64('\u00fc\u00ff:x')}` },
    { authorization: 'Negotiate abc' }, { authorization: `Digest ${'a'.repeat(200)}` },
    { cookie: 'netmon_session=' }, { cookie: `netmon_session=${'%'.repeat(300)}` }, { cookie: 'netmon_session="unterminated' },
    { cookie: Array.from({ length: 300 }, (_, i) => `c${i}=${i}`).join('; ') }, { cookie: `a=1; netmon_session=${token}` },
    { 'x-nsg-auth-api-token': '' }, { 'x-nsg-auth-api-token': 'nmt_\u00e9' },
  ];
}

t.test('fuzz every route with authentication on: hostile credentials, and mutated calls by a token', { timeout: 300_000 }, async (t) => {
  const dir = tempDir(t, 'netmon-fuzz-auth-');
  const dataDir = join(dir, 'data');
  const main = fileURLToPath(new URL('../../main.js', import.meta.url));
  const cli = (args: string[], input = '') => spawnSync(process.execPath, [main, ...args], { env: { ...process.env, DATA_DIR: dataDir, NETMON_CONFIG: '' }, input, encoding: 'utf8', timeout: 60_000 });
  t.equal(cli(['user', 'add', 'fuzz'], 'fuzz-password\n').status, 0, 'a user');
  const token = cli(['token', 'create', 'fuzz', '--role', 'admin']).stdout.trim();
  const configPath = writeSimulatedConfig(dir, { devices: 2, interfacesPerDevice: 2, pollInterval: '5s', extra: 'auth: { enabled: true }' });
  const { server, port } = await startServerReady(t, configPath, dataDir, 30_000);

  const { router } = buildRouter({ services: servicesOf(fixture()), clock: { nowMs: () => 0 }, logger: silentLogger });
  // Without device management in the collector, its routes answer 501 to admitted calls: the third test walks them.
  const noDevices = await collectorLacksDevices(port, { 'x-nsg-auth-api-token': token });
  const routes = router.table().filter((x) => !(noDevices && isDevicesPortRoute(x.pattern)));
  const r = rng(SEED + 1);
  const rep: Report = { requests: 0, fiveXX: [], hangs: [], badErrorBodies: [], crashes: [], documented500: 0 };
  const creds = credentialCases(token);
  const bodyCases = bodies(r);
  const max = Number(process.env.FUZZ_AUTH_REQUESTS ?? 800);
  const statuses = new Map<number, number>();
  const started = Date.now();
  while (rep.requests < max && Date.now() - started < MAX_WALK_MS) {
    for (const route of routes) {
      const cred = creds[Math.floor(r() * creds.length)]!;
      const bodyCase = route.method === 'POST' ? bodyCases[Math.floor(r() * bodyCases.length)] : undefined;
      const headers: Record<string, string> = { ...cred, ...keepRunning(route.pattern), ...(bodyCase?.type ? { 'content-type': bodyCase.type } : {}) };
      const tokenQuery = r() < 0.1 ? `${r() < 0.5 ? '?' : '?x=1&'}access_token=${encodeURIComponent(r() < 0.5 ? token : 'nope')}` : '';
      const path = fill(route.pattern, r, ['ifInRate.1.1', 'cpuUtil.1.0'], ['AAAAAAAAAAAAAAAAAAAAAA']) + (tokenQuery || query(r));
      const a = await send(port, route.method, path, headers, bodyCase?.body);
      statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
      checkAnswer(rep, `${route.method} ${path.slice(0, 120)} [${Object.keys(cred).join(',') || 'no credentials'}]`, a, route.method, isDocumented500Call(route.method, route.pattern), isDeclared501Call(route.pattern));
      if (rep.requests >= max || Date.now() - started >= MAX_WALK_MS) break;
    }
  }
  t.comment(`auth fuzz: ${rep.requests} requests; statuses ${[...statuses].sort((x, y) => x[0] - y[0]).map(([k, v]) => `${k}×${v}`).join(' ')}`);
  t.ok((statuses.get(401) ?? 0) > 0 && (statuses.get(200) ?? 0) > 0, 'both refused and admitted calls were made');
  if (server.proc.exitCode !== null || server.proc.signalCode !== null) rep.crashes.push(`the server exited: ${server.log().slice(-2000)}`);
  t.same(rep.crashes, [], 'crashes: 0');
  t.same(rep.fiveXX, [], '5xx answers: 0');
  t.same(rep.hangs, [], `hangs over ${HANG_MS} ms: 0`);
  t.same(rep.badErrorBodies, [], 'error answers that are not the JSON error envelope: 0');
  server.proc.kill('SIGTERM');
  t.equal(await server.exited, 0, 'the server stops cleanly after the fuzz');
});

/**
 * The inventory routes (docs/api.md "Inventory": devices, blocking, tasks, incremental discovery, external
 * tags, ping, legacy network commands) over the real HTTP transport and services on the in-memory
 * DevicesPort (test/fakes/fake-devices.ts): what the real collector's device management answers
 * until it lands is walked here with every answer checked, 501 included.
 */
const isInventoryRoute = (pattern: string): boolean =>
  isDevicesPortRoute(pattern) || /^\/v2\/ui\/net\/:netid\/tasks|^\/v2\/ping\/|^\/api\/ui\/(status|networks)/.test(pattern);

t.test('fuzz the inventory routes over the in-memory DevicesPort', { timeout: 200_000 }, async (t) => {
  const fake = fixture();
  fake.devices.seed(1, { id: 10, name: 'sw10', address: '10.0.0.10' });
  fake.devices.seed(1, { id: 11, name: 'sw11', address: '10.0.0.11' });
  fake.devices.seedConfigBlock(1, '192.0.2.0/24');
  const api = await startApi({ host: '127.0.0.1', port: 0, services: servicesOf(fake), logger: silentLogger });
  t.teardown(() => api.close());
  const { router } = buildRouter({ services: servicesOf(fixture()), clock: { nowMs: () => 0 }, logger: silentLogger });
  const routes = router.table().filter((x) => isInventoryRoute(x.pattern));
  t.ok(routes.length >= 40, `${routes.length} inventory routes`);
  const r = rng(SEED + 2);
  const rep: Report = { requests: 0, fiveXX: [], hangs: [], badErrorBodies: [], crashes: [], documented500: 0 };
  const bodyCases = bodies(r);
  const methods = ['GET', 'POST', 'HEAD', 'PUT', 'DELETE', 'PATCH'];
  const max = Number(process.env.FUZZ_INVENTORY_REQUESTS ?? 1500);
  const started = Date.now();
  const statuses = new Map<number, number>();
  let round = 0;
  while (rep.requests < max && Date.now() - started < MAX_WALK_MS) {
    for (const route of routes) {
      const method = round % 4 === 3 ? methods[Math.floor(r() * methods.length)]! : route.method;
      const path = fill(route.pattern, r, ['ifInRate.10.1'], ['AAAAAAAAAAAAAAAAAAAAAA']) + query(r);
      const bodyCase = method === 'POST' || method === 'PUT' ? bodyCases[Math.floor(r() * bodyCases.length)] : undefined;
      const a = await send(api.port, method, path, bodyCase?.type ? { 'content-type': bodyCase.type } : {}, bodyCase?.body);
      statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
      checkAnswer(rep, `${method} ${path.slice(0, 160)}`, a, method);
      if (rep.requests >= max || Date.now() - started >= MAX_WALK_MS) break;
    }
    round++;
  }
  t.comment(`inventory fuzz: ${rep.requests} requests over ${routes.length} routes; statuses ${[...statuses].sort((x, y) => x[0] - y[0]).map(([k, v]) => `${k}×${v}`).join(' ')}`);
  t.ok((statuses.get(200) ?? 0) > 0 && (statuses.get(400) ?? 0) > 0 && (statuses.get(404) ?? 0) > 0, 'answered, refused and unknown calls were all made');
  t.same(rep.crashes, [], 'crashes: 0');
  t.same(rep.fiveXX, [], '5xx answers (501 included): 0');
  t.same(rep.hangs, [], `hangs over ${HANG_MS} ms: 0`);
  t.same(rep.badErrorBodies, [], 'error answers that are not the JSON error envelope: 0');
});
