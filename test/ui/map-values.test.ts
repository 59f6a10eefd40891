import t, { type Test } from 'tap';
import type { Page } from 'playwright-core';
import { waitFor } from '../fakes/helpers.js';
import { browserGate, launchBrowser, screenshot, startUiServer, watchedPage, type BrowserKind } from '../fakes/browser.js';

/**
 * Issue 26 point 7, in Chromium and Firefox ESR on the simulated network (its admin-up, oper-down
 * ports raise interfaceDown alerts): the map colours a device by the worst active alert touching it
 * (the alert list's devices; an alert without `severity` counts as critical), labels each link end
 * with its interface's in and out rate (the values call's at the map's time: the map is opened at
 * a past time so that both read the same step), and draws a link as wide as its speed (the slower
 * end's ifSpeed, wider for faster); the SvcQL console writes the FROM variable's unit (the catalog's)
 * beside the columns that carry its value, and none elsewhere. No console errors.
 */

interface Alert { deviceId: number; active: boolean; severity?: string }
interface Values { timestampMs: number | null; links: { a: { deviceId: number; ifIndex: number; value: number | null }; b: { deviceId: number; ifIndex: number; value: number | null } }[] }
interface Label { link: string; end: string; in: string; out: string }

async function labels(page: Page): Promise<Label[]> {
  return page.$$eval('svg.netmap g.link', (gs) => gs.flatMap((g) => [...g.querySelectorAll('text.rate-label')].map((x) => ({
    link: `${g.getAttribute(x.getAttribute('data-end') === 'a' ? 'data-a' : 'data-b')}`, end: x.getAttribute('data-end') ?? '',
    in: x.getAttribute('data-in') ?? '', out: x.getAttribute('data-out') ?? '',
  }))));
}

/** To a hash of the app already open: a hash change (Firefox fires no load event for one, so no goto). */
async function go(page: Page, hash: string): Promise<void> {
  await page.evaluate((h) => { location.hash = h; }, hash);
}

async function run(t: Test, kind: BrowserKind, base: string, viewId: number): Promise<void> {
  const api = async <T>(path: string): Promise<T> => {
    const r = await fetch(base + path);
    if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
    return r.json() as Promise<T>;
  };
  const browser = await launchBrowser(t, kind);
  const { page, errors } = await watchedPage(browser);

  // Live: devices by their worst active alert (the list may change between reads: compare until equal).
  await page.goto(`${base}/#/map/${viewId}`);
  await page.waitForSelector('svg.netmap text.rate-label', { state: 'attached' });
  const agreed = await waitFor(async () => {
    const alerts = (await api<Alert[]>('/v2/alerts/net/1/alerts?active=true')).filter((a) => a.active);
    const want = [...new Set(alerts.map((a) => a.deviceId))].sort((a, b) => a - b).map((id) => `${id}:${alerts.find((a) => a.deviceId === id && a.severity)?.severity ?? 'critical'}`);
    const shown = await page.$$eval('svg.netmap g.dev[data-severity]', (gs) => gs.map((g) => `${g.getAttribute('data-id')}:${g.getAttribute('data-severity')}`));
    shown.sort((a, b) => Number(a.split(':')[0]) - Number(b.split(':')[0]));
    return JSON.stringify(shown) === JSON.stringify(want) && want.length > 0 ? want : undefined;
  }, 60_000, 'the devices with active alerts coloured');
  t.ok(agreed.length > 0, `${agreed.length} devices coloured by their worst alert (${agreed.slice(0, 4).join(', ')}…)`);
  const fills = await page.$$eval('svg.netmap g.dev', (gs) => gs.map((g) => ({ sev: g.getAttribute('data-severity'), down: g.classList.contains('down'), fill: getComputedStyle(g.querySelector('path')!).fill })));
  // The rules carry severities: each coloured device (not down: an unreachable one stays red) in its worst alert's colour.
  const colour: Record<string, string> = { critical: 'rgb(211, 47, 47)', warning: 'rgb(249, 168, 37)', info: 'rgb(30, 136, 229)' };
  const coloured = fills.filter((f) => f.sev && !f.down);
  t.ok(coloured.length > 0 && coloured.every((f) => f.fill === colour[f.sev!]), `each device in its worst alert's severity colour (${coloured.map((f) => `${f.sev}=${f.fill}`).slice(0, 4).join(', ')})`);
  t.ok(fills.filter((f) => !f.sev && !f.down).every((f) => f.fill !== 'rgb(211, 47, 47)'), 'devices without alerts are not');
  await screenshot(page, `map-alerts-rates-${kind}`);

  // At a past time: labels equal the values call's rates at that time, widths follow ifSpeed.
  // (A time whose rates are in the series store already: the values call at a time reads it.)
  const read = (lv: string, at: number) => api<Values>(`/v2/ui/net/1/views/${viewId}/linkVar/${lv}/nodeVar/reachable?timestamp=${at}`);
  const at = await waitFor(async () => {
    const at = Date.now() - 10_000;
    return (await read('ifInRate', at)).links.some((l) => l.a.value !== null) ? at : undefined;
  }, 60_000, 'rates in the series store');
  await go(page, `#/map/${viewId}?at=${at}`);
  await page.waitForSelector('.past-badge');
  await page.waitForSelector('svg.netmap text.rate-label', { state: 'attached' });
  const [inV, outV, speedV] = await Promise.all(['ifInRate', 'ifOutRate', 'ifSpeed'].map((lv) => read(lv, at)));
  const byEnd = (v: Values) => new Map<string, number | null>(v.links.flatMap((l) => [[`${l.a.deviceId}:${l.a.ifIndex}`, l.a.value], [`${l.b.deviceId}:${l.b.ifIndex}`, l.b.value]] as const));
  const ins = byEnd(inV!), outs = byEnd(outV!), speeds = byEnd(speedV!);
  const shown = await labels(page);
  t.equal(shown.length, (await page.locator('svg.netmap g.link').count()) * 2, 'a label at each end of every link');
  const wrong = shown.filter((l) => l.in !== String(ins.get(l.link) ?? '') || l.out !== String(outs.get(l.link) ?? ''));
  t.same(wrong, [], 'every end labelled with its interface\'s in and out rate of the values call');
  t.ok(shown.some((l) => l.in !== ''), 'with rates');
  const wires = await page.$$eval('svg.netmap g.link', (gs) => gs.map((g) => ({ a: g.getAttribute('data-a')!, b: g.getAttribute('data-b')!, speed: g.getAttribute('data-speed'), width: parseFloat(getComputedStyle(g.querySelector('.wire')!).strokeWidth) })));
  const slower = (a: number | null | undefined, b: number | null | undefined) => (a && b ? Math.min(a, b) : a || b || null);
  t.same(wires.map((w) => w.speed === null ? null : Number(w.speed)), wires.map((w) => slower(speeds.get(w.a), speeds.get(w.b))), 'a link\'s speed: the slower end\'s ifSpeed');
  const sorted = [...wires].filter((w) => w.speed !== null).sort((x, y) => Number(x.speed) - Number(y.speed));
  t.ok(sorted.every((w, i) => i === 0 || w.width >= sorted[i - 1]!.width), 'a faster link is never drawn thinner');
  const distinct = new Set(sorted.map((w) => w.speed));
  if (distinct.size > 1) t.ok(sorted[sorted.length - 1]!.width > sorted[0]!.width, `the fastest link (${sorted[sorted.length - 1]!.speed}) wider than the slowest (${sorted[0]!.speed})`);
  else t.comment(`every link at ${[...distinct][0]} bit/s: one width`);
  await page.click('button[aria-label="Zoom in"]');
  await page.click('button[aria-label="Zoom in"]');
  await page.click('button[aria-label="Zoom in"]');
  await screenshot(page, `map-rates-zoomed-${kind}`);

  // The console: units where the column carries the FROM variable's value.
  const cases: [string, string, string[]][] = [
    ['SELECT device, component, metric FROM ifInRate LIMIT 3', 'device,component,metric', ['', '', 'bit/s']],
    ['SELECT device, max(tsmax(metric)) AS peak, count(metric) AS n FROM cpuUtil GROUP BY device', 'device,peak,n', ['', '%', '']],
    ['SELECT id, name FROM devices LIMIT 3', 'id,name', ['', '']],
  ];
  const catalog = await api<{ name: string; unit: string }[]>('/v2/ui/net/1/gw/catalog/variables/ifInRate,cpuUtil');
  t.same(catalog.map((c) => c.unit), ['bit/s', '%'], 'the catalog\'s units');
  await go(page, '#/svcql');
  await page.waitForSelector('#svcql-text');
  for (const [q, columns, want] of cases) {
    await page.fill('#svcql-text', q);
    await page.click('.console-form button[type=submit]');
    // The columns of this query's table (not the last one's), named without their units.
    await page.waitForFunction((cols) => [...document.querySelectorAll('table.result thead th')]
      .map((th) => th.firstChild?.textContent ?? '').join(',') === cols, columns);
    t.same(await page.$$eval('table.result thead th', (ths) => ths.map((th) => th.getAttribute('data-unit'))), want, q);
    if (want.some((u) => u !== '')) await screenshot(page, `console-units-${kind}`);
  }
  t.same(errors, [], 'no console errors');
}

t.test('map colours, rate labels and widths; console units', { timeout: 300_000 }, async (t) => {
  if (!browserGate(t)) return;
  const ui = await startUiServer(t, { devices: 8, interfacesPerDevice: 4, pollInterval: '2s' });
  const views = await (await fetch(`${ui.base}/v2/ui/net/1/views`)).json() as { id: number; type: string }[];
  const viewId = views.find((v) => v.type === 'SYSTEM')!.id;
  await waitFor(async () => {
    const alerts = await (await fetch(`${ui.base}/v2/alerts/net/1/alerts?active=true`)).json() as Alert[];
    const v = await (await fetch(`${ui.base}/v2/ui/net/1/views/${viewId}/linkVar/ifInRate/nodeVar/reachable`)).json() as Values;
    return alerts.length > 0 && v.links?.some((l) => l.a.value !== null) ? true : undefined;
  }, 120_000, 'active alerts and link rates');
  await t.test('chromium', async (t) => { await run(t, 'chromium', ui.base, viewId); });
  await t.test('firefox', async (t) => {
    if (!browserGate(t, 'firefox')) return;
    await run(t, 'firefox', ui.base, viewId);
  });
});
