import { request } from 'node:http';
import t from 'tap';
import { startApp } from '../../app.js';
import { loadConfig } from '../../core/config-load.js';
import { silentLogger } from '../../core/logger.js';
import { randomPort, simulatedConfigText, tempDir, waitFor, gridSteps } from '../fakes/helpers.js';

/**
 * Report files on the simulated network over a real socket: each category run on demand as a
 * background task; the inventory CSV checked against the collector's inventory, the utilisation CSV
 * against the raw series read with the data call (mean and max over the 24 h before the run), the
 * discovery CSV against the latest generation; `reports.keep`; the 3.0 list, count and get with
 * their parameters; the legacy list, `/reports` and its files with their content types; traversal
 * attempts on `/reports/`.
 */
const POLL_S = 2;
const KEEP = 3;
const HOUR = 3_600_000;

/** RFC 4180 rows (quoted cells with `""`, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [], cell = '', quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') { cell += '"'; i++; } else if (ch === '"') quoted = false; else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') { row.push(cell); cell = ''; }
    else if (ch === '\r' && text[i + 1] === '\n') { row.push(cell); rows.push(row); row = []; cell = ''; i++; }
    else cell += ch;
  }
  return rows;
}

/** A GET with the path sent exactly as written (fetch would resolve `..` before sending). */
function rawGet(port: number, path: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

t.test('reports on a simulated network', { timeout: 180_000 }, async (t) => {
  const dir = tempDir(t, 'netmon-reports-');
  const config = loadConfig({
    path: 'reports.yaml', env: { HOST: '127.0.0.1', PORT: '0', DATA_DIR: dir },
    text: simulatedConfigText(randomPort(), {
      devices: 3, interfacesPerDevice: 3, pollInterval: `${POLL_S}s`, networkExtra: '    discoveryInterval: 10m',
      extra: `reports: { schedule: off, keep: ${KEEP} }`,
    }),
  });
  const app = await startApp(config, silentLogger);
  t.teardown(() => app.stop());
  await gridSteps(app, 4);
  const base = `http://127.0.0.1:${app.port}`;
  const get = async (path: string) => {
    const r = await fetch(base + path);
    const text = await r.text();
    return { status: r.status, type: r.headers.get('content-type') ?? '', text, json: r.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null };
  };
  /** Runs a report right after a grid step (so no point at or before its time is still to come) and waits for its task. */
  const run = async (category: string): Promise<{ name: string; createdAt: number }> => {
    await gridSteps(app, 1, 30_000);
    const r = await fetch(`${base}/v2/ui/net/1/reports/${category}/run`, { method: 'POST' });
    t.equal(r.status, 202, `${category}: run accepted`);
    const body = await r.json() as { name: string; task: { id: number } };
    const done = await waitFor(async () => {
      const task = (await get(`/v2/ui/net/1/tasks/${body.task.id}`)).json;
      return task.state === 'completed' || task.state === 'failed' ? task : undefined;
    }, 30_000, `${category} report task`);
    t.equal(done.state, 'completed', `${category}: task completed`);
    t.same(done.result.files, [`${body.name}.csv`, `${body.name}.html`], `${category}: task names its files`);
    const item = (await get(`/v2/ui/net/1/reports/${category}/${body.name}`)).json;
    return { name: body.name, createdAt: item.createdAt };
  };

  // Inventory: every device of the inventory, one row each.
  const inv = await run('inventory');
  const invCsv = await get(`/reports/${inv.name}.csv`);
  t.equal(invCsv.status, 200);
  t.equal(invCsv.type, 'text/csv; charset=utf-8', 'CSV content type');
  const invRows = parseCsv(invCsv.text);
  t.same(invRows[0], ['deviceId', 'name', 'address', 'vendor', 'model', 'serialNumber', 'os', 'sysObjectID', 'sysLocation', 'interfaces', 'tags'], 'inventory header');
  const gen = app.monitor.networks.generation(1, {})!;
  const expected = [...gen.devices].sort((a, b) => a.id - b.id)
    .map((d) => [String(d.id), d.name, d.address, d.vendor, d.model, d.serialNumber, d.os ?? '', d.sysObjectID, d.sysLocation, String(d.interfaces.length), d.tags.join(';')]);
  t.equal(expected.length, 3, 'three devices in the inventory');
  t.same(invRows.slice(1), expected, 'inventory rows = the collector\'s devices');
  const invHtml = await get(`/reports/${inv.name}.html`);
  t.equal(invHtml.type, 'text/html; charset=utf-8', 'HTML content type');
  for (const d of gen.devices) t.ok(invHtml.text.includes(`<td>${d.address}</td>`), `HTML lists ${d.address}`);

  // Utilisation: mean and max of each series from the start of the hour holding createdAt − 24 h to
  // createdAt, from the data call.
  const util = await run('utilisation');
  const utilRows = parseCsv((await get(`/reports/${util.name}.csv`)).text);
  const header = utilRows[0]!;
  t.same(header.slice(0, 5), ['deviceId', 'device', 'ifIndex', 'interface', 'speedBps'], 'utilisation header');
  const ifInRate = app.monitor.catalog.instances(1).filter((i) => i.name === 'ifInRate');
  t.equal(utilRows.length - 1, ifInRate.length, 'one row per polled interface');
  const stats = (ts: string[]) => {
    const v = ts.slice(1).map((l) => Number(l.split(',')[1]));
    return v.length === 0 ? { mean: '', max: '', n: 0 } : {
      mean: v.reduce((a, b) => a + b, 0) / v.length, max: Math.max(...v), n: v.length,
    };
  };
  for (const row of utilRows.slice(1, 4)) {
    const [dev, , idx] = row;
    const ids = ['ifInUtil', 'ifOutUtil', 'ifInRate', 'ifOutRate'].map((n) => `${n}.${dev}.${idx}`).join(',');
    const data = (await get(`/v2/ui/net/1/data/${ids}?start=${Math.floor((util.createdAt - 24 * HOUR) / HOUR) * HOUR}&end=${util.createdAt}`)).json;
    t.equal(data.errors, '', 'data call answered');
    const cols = ['inUtil', 'outUtil', 'inRate', 'outRate'];
    data.info.forEach((info: { timeseries: string[] }, k: number) => {
      const s = stats(info.timeseries);
      const mean = row[header.indexOf(`${cols[k]}Mean`)]!, max = row[header.indexOf(`${cols[k]}Max`)]!;
      if (s.n === 0) { t.equal(mean, '', `${cols[k]} of ${dev}.${idx}: no data, empty`); return; }
      t.ok(Math.abs(Number(mean) - (s.mean as number)) <= 0.0005 + 1e-9 * Math.abs(s.mean as number), `${cols[k]}Mean of ${dev}.${idx}: ${mean} ≈ ${s.mean}`);
      t.ok(Math.abs(Number(max) - (s.max as number)) <= 0.0005 + 1e-9 * Math.abs(s.max as number), `${cols[k]}Max of ${dev}.${idx}: ${max} ≈ ${s.max}`);
      if (k === 2) t.equal(Number(row[header.indexOf('samples')]), s.n, `samples of ${dev}.${idx}`);
    });
  }

  // Discovery: the latest generation's devices, links and errors.
  const disc = await run('discovery');
  const discRows = parseCsv((await get(`/reports/${disc.name}.csv`)).text).slice(1);
  const latest = app.monitor.networks.generations(1).at(-1)!;
  t.equal(discRows.filter((r) => r[0] === 'device').length, latest.devices, 'a row per device found');
  t.equal(discRows.filter((r) => r[0] === 'link').length, latest.links, 'a row per link');
  t.ok(discRows.every((r) => r[1] === String(latest.number)), 'every row names the generation');

  // keep: a fourth and fifth inventory run remove the oldest ones.
  const inv2 = await run('inventory'), inv3 = await run('inventory'), inv4 = await run('inventory');
  const kept = [inv2, inv3, inv4];
  const all = (await get('/v2/ui/net/1/reports/inventory/list')).json;
  t.same(all.reports.map((r: { name: string }) => r.name), kept.map((k) => k.name).reverse(), `keep ${KEEP}: the newest, newest first`);
  t.equal(all.total, KEEP);
  t.equal((await get(`/reports/${inv.name}.csv`)).status, 404, 'the oldest run\'s files are gone');

  // The 3.0 list: [query, expected names in order]
  const names = (xs: { name: string }[]) => xs.map((x) => x.name);
  const listCases: [string, string[]][] = [
    ['desc=false', names(kept)],
    ['offset=1&limit=1', [inv3.name]],
    ['most_recent=true', [inv4.name]],
    ['most_recent=true&desc=false', [inv4.name]],
    [`from=${inv3.createdAt}`, [inv4.name, inv3.name]],
    [`until=${inv3.createdAt}`, [inv3.name, inv2.name]],
    [`from=${inv3.createdAt}&until=${inv3.createdAt}`, [inv3.name]],
    [`from=${new Date(inv4.createdAt).toISOString()}`, [inv4.name]],
    [`q=${inv2.name.slice(-12).toUpperCase()}`, [inv2.name]],
    ['q=utilisation', []],
    ['status=completed', names(kept).reverse()],
    ['status=running,failed', []],
    ['s=name&desc=false', [...names(kept)].sort()],
  ];
  for (const [query, want] of listCases) {
    const r = await get(`/v2/ui/net/1/reports/inventory/list?${query}`);
    t.equal(r.status, 200, `list?${query}`);
    t.same(names(r.json.reports), want, `list?${query}`);
  }
  const narrowed = (await get('/v2/ui/net/1/reports/inventory/list?fields=name,createdAt&limit=1')).json.reports;
  t.same(narrowed, [{ name: inv4.name, createdAt: inv4.createdAt }], 'fields narrows each report');
  const countCases: [string, number, number][] = [['', 3, 3], ['offset=2', 1, 3], ['limit=2', 2, 3], ['offset=5', 0, 3], [`q=${inv3.name}`, 1, 1], ['status=failed', 0, 0]];
  for (const [query, count, total] of countCases) {
    const r = (await get(`/v2/ui/net/1/reports/inventory/count?${query}`)).json;
    t.same([r.count, r.total], [count, total], `count?${query}`);
  }
  const one = (await get(`/v2/ui/net/1/reports/inventory/${inv4.name}`)).json;
  t.same([one.status, one.files.map((f: { contentType: string }) => f.contentType)], ['completed', ['text/csv; charset=utf-8', 'text/html; charset=utf-8']], 'get: one report with its files');
  const taskId = (await get(`/v2/ui/net/1/reports/inventory/list?most_recent=true`)).json.reports[0].taskId;
  t.equal((await get(`/v2/ui/net/1/reports/inventory/${taskId}`)).json.name, inv4.name, 'get by the id of its task');

  // Bad parameters and unknown names: [path, status]
  const bad: [string, number][] = [
    ['list?limit=0', 400], ['list?limit=1001', 400], ['list?offset=-1', 400], ['list?s=size', 400], ['list?desc=maybe', 400],
    ['list?fields=name,secret', 400], ['list?status=done', 400], ['list?from=yesterday', 400], [`list?from=${inv4.createdAt}&until=${inv2.createdAt}`, 400],
    ['list?most_recent=2', 400], ['count?limit=x', 400], ['count?status=', 400], ['nosuch', 404], ['inventory-net1-20200101T000000000Z', 404],
  ];
  for (const [p, status] of bad) t.equal((await get(`/v2/ui/net/1/reports/inventory/${p}`)).status, status, `${p}: ${status}`);
  t.equal((await get('/v2/ui/net/1/reports/weather/list')).status, 404, 'unknown category: 404');
  t.equal((await get('/v2/ui/net/9/reports/inventory/list')).status, 404, 'unknown network: 404');
  t.equal((await fetch(`${base}/v2/ui/net/1/reports/weather/run`, { method: 'POST' })).status, 404, 'run of an unknown category: 404');

  // Legacy list (docs/api.md "Reports"), /reports, files.
  const legacy = (await get('/api/ui/networks/1/reports')).json;
  t.equal(legacy.network, '1');
  t.same(legacy.reports.map((r: { fileName: string }) => r.fileName).sort(),
    [...kept, util, disc].flatMap((k) => [`${k.name}.csv`, `${k.name}.html`]).sort(), 'legacy list: every file');
  t.ok(legacy.reports.every((r: { createdAt: number }, i: number, a: { createdAt: number }[]) => i === 0 || a[i - 1]!.createdAt >= r.createdAt), 'newest first');
  const htmlList = await get('/reports');
  t.equal(htmlList.type, 'text/html; charset=utf-8');
  for (const r of legacy.reports) t.ok(htmlList.text.includes(`href="/reports/${r.fileName}"`), `/reports links ${r.fileName}`);

  // Traversal and other names that are not report files: never 200, never a file's content.
  const attempts = [
    '/reports/..', '/reports/..%2F..%2Fetc%2Fpasswd', '/reports/%2e%2e%2f%2e%2e%2fetc%2fpasswd', '/reports/..%5c..%5cwin.ini',
    '/reports/%2Fetc%2Fpasswd', `/reports/${inv4.name}.csv%00.html`, `/reports/${inv4.name}.csv%00`, '/reports/%252e%252e%252f',
    `/reports/..%2F${inv4.name}.csv`, `/reports/.%2F${inv4.name}.csv`, `/reports/${inv4.name}.CSV`, `/reports/${inv4.name}.csv.tmp`,
    '/reports/../api/ui/networks/1/reports', `/reports/./${inv4.name}.csv`, `/reports//${inv4.name}.csv`, '/reports/lock', '/reports/%00',
  ];
  for (const path of attempts) {
    const r = await rawGet(app.port, path);
    t.ok(r.status === 400 || r.status === 404, `${path}: refused (${r.status})`);
    t.notOk(r.body.includes('deviceId,name'), `${path}: no report content`);
  }
});
