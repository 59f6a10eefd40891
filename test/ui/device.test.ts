import t from 'tap';
import type { Page } from 'playwright-core';
import { waitFor } from '../fakes/helpers.js';
import { browserGate, launchBrowser, screenshot, startUiServer, watchedPage } from '../fakes/browser.js';

/**
 * The device panel and the device search in a real browser, against a simulated network: the
 * interfaces the API lists with live rates (equal, to the display's rounding, to the data call's
 * value at the time stamp shown, and moving after a poll cycle), the Summary's fields as the
 * Summary call gives them, the hardware and graph tabs, search by text and by SvcQL.
 */

interface Var { varId: string; name: string; value: number | null; tsMs: number | null; index: number }

/** `24.8 Mb/s` → 24800000; `—` → null. */
function parseRate(text: string): number | null {
  const m = /^(-?[\d.]+) (b|kb|Mb|Gb)\/s$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * { b: 1, kb: 1e3, Mb: 1e6, Gb: 1e9 }[m[2] as 'b']!;
}

/** Within the display's three significant figures. */
function closeTo(shown: number, actual: number): boolean {
  return Math.abs(shown - actual) <= Math.max(Math.abs(actual) * 0.006, 1e-9);
}

interface RateCell { varId: string; ts: number; text: string }

async function rateCells(page: Page): Promise<RateCell[]> {
  return page.$$eval('table.interfaces td.rate', (tds) => tds.map((td) => ({
    varId: td.getAttribute('data-var') ?? '', ts: Number(td.getAttribute('data-ts')), text: td.querySelector('.num')?.textContent ?? '',
  })));
}

t.test('device panel: summary, live interface rates, hardware, graphs; device search', { timeout: 240_000 }, async (t) => {
  if (!browserGate(t)) return;
  const ui = await startUiServer(t, { devices: 4, interfacesPerDevice: 4, pollInterval: '2s' });
  const api = async <T>(path: string, body?: unknown): Promise<T> => {
    const r = await fetch(`${ui.base}${path}`, body === undefined ? {} : {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-requested-with': 'test' }, body: JSON.stringify(body),
    });
    if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
    return r.json() as Promise<T>;
  };

  // A polled device: every interface rate has a value.
  const dev = await waitFor(async () => {
    const { devices } = await api<{ devices: { id: number; name: string; address: string; vendor: string }[] }>('/v2/ui/net/1/devices').catch(() => ({ devices: [] }));
    const d = devices[0];
    if (!d) return undefined;
    const data = await api<{ variables: Var[] }>(`/v2/ui/net/1/data/device/${d.id}`);
    const rates = data.variables.filter((v) => v.name === 'ifInRate');
    return rates.length > 0 && rates.every((v) => v.value !== null) ? d : undefined;
  }, 90_000, 'a polled device');
  const brief = await api<{ device: { interfaces: { index: number; name: string }[] } }>(`/v2/ui/net/1/data/device/${dev.id}`);

  const browser = await launchBrowser(t);
  const { page, errors } = await watchedPage(browser);

  // Summary.
  await page.goto(`${ui.base}/#/device/${dev.id}`);
  await page.waitForSelector('.summary dd[data-field=name]');
  const dash = await api<{ identity: Record<string, string>; topInterfaces: unknown[]; alerts: unknown[] }>(`/v2/ui/net/1/dashboards/device/${dev.id}`);
  for (const f of ['name', 'address', 'vendor', 'model', 'os', 'softwareRev', 'serialNumber', 'location', 'contact', 'sysObjectID']) {
    t.equal((await page.textContent(`.summary dd[data-field=${f}]`))?.trim(), dash.identity[f] || '—', `summary ${f} as the Summary call gives it`);
  }
  t.equal(await page.locator('table.top-interfaces tbody tr').count(), dash.topInterfaces.length, 'the top interfaces of the Summary call');
  t.equal(await page.textContent('.summary dd[data-field=reachable]').then((s) => s?.trim()), 'yes', 'reachable');
  const cpu = await page.$eval('.summary dd[data-field=cpu]', (dd) => ({ ts: Number(dd.getAttribute('data-ts')), text: dd.textContent ?? '' }));
  const cpuData = await api<{ info: { timeseries: string[] }[] }>(`/v2/ui/net/1/data/cpuUtil.${dev.id}.0?intervalHr=0.5`);
  const cpuPoint = cpuData.info[0]!.timeseries.slice(1).map((l) => l.split(',').map(Number)).find(([ts]) => ts === cpu.ts);
  t.ok(cpuPoint && closeTo(Number(/[\d.]+/.exec(cpu.text)![0]), cpuPoint[1]!), `CPU shown (${cpu.text}) is the data call's value at its time`);
  if (dash.alerts.length === 0) t.ok(await page.isVisible('.no-alerts'), 'no active alerts: said so');
  await screenshot(page, 'device-summary');

  // Interfaces with live rates.
  await page.click('nav.tabs a:has-text("Interfaces")');
  await page.waitForSelector('table.interfaces tbody tr');
  const shownIdx = await page.$$eval('table.interfaces tbody tr', (trs) => trs.map((tr) => Number(tr.getAttribute('data-ifindex'))));
  t.same(shownIdx, brief.device.interfaces.map((i) => i.index), 'every interface the API lists, in its order');

  const checkRates = async (cells: RateCell[], when: string): Promise<void> => {
    for (let i = 0; i < cells.length; i += 10) {
      const batch = cells.slice(i, i + 10);
      const d = await api<{ info: { timeseries: string[] }[] }>(`/v2/ui/net/1/data/${batch.map((c) => c.varId).join(',')}?intervalHr=0.5`);
      const byId = new Map(d.info.map((inf) => [inf.timeseries[0]!.split(',')[1]!, inf.timeseries.slice(1).map((l) => l.split(',').map(Number))]));
      for (const c of batch) {
        const point = byId.get(c.varId)?.find(([ts]) => ts === c.ts);
        const shown = parseRate(c.text);
        t.ok(point !== undefined && shown !== null && closeTo(shown, point[1]!), `${when}: ${c.varId} shows ${c.text}, the data call has ${point?.[1]} at ${c.ts}`);
      }
    }
  };
  const first = await rateCells(page);
  t.equal(first.length, brief.device.interfaces.length * 2, 'an in and an out rate per interface');
  await checkRates(first, 'first');
  await page.waitForSelector('table.interfaces svg.spark polyline');
  t.ok(await page.locator('table.interfaces svg.spark polyline').count() > 0, 'sparklines of the last hour');
  await screenshot(page, 'device-interfaces');

  // After a poll cycle the page shows the next points.
  await page.waitForFunction((ts) => {
    const td = document.querySelector('table.interfaces td.rate');
    return td !== null && Number(td.getAttribute('data-ts')) > ts;
  }, first[0]!.ts, { timeout: 60_000 });
  const second = await rateCells(page);
  await checkRates(second, 'after a poll');
  t.ok(second.some((c, i) => c.text !== first[i]!.text), 'rates changed after a poll cycle');
  t.ok(second.every((c, i) => c.ts > first[i]!.ts), 'every rate is of a later poll');

  // Hardware.
  await page.click('nav.tabs a:has-text("Hardware")');
  await page.waitForSelector('table.components, .hw-empty');
  const full = await api<{ device: { components: unknown[] } }>(`/v2/ui/net/1/data/device/${dev.id}?format=full`);
  if (full.device.components.length > 0) t.equal(await page.locator('table.components tbody tr').count(), full.device.components.length, 'the ENTITY-MIB components');
  else t.ok(await page.isVisible('.hw-empty'), 'no components: the empty state');
  await screenshot(page, 'device-hardware');

  // Graphs: CPU and memory by default.
  await page.click('nav.tabs a:has-text("Graphs")');
  await page.waitForSelector('.graph-area .uplot');
  t.ok(await page.isVisible('.graph-area .uplot canvas'), 'a chart of the picked variables');
  await page.click('.graph-area button:has-text("Last 24 h")');
  await page.waitForSelector('.graph-area .uplot');
  await screenshot(page, 'device-graphs');

  // Search by text from the header box.
  const part = dev.name.slice(0, Math.max(3, dev.name.length - 2));
  await page.fill('header.top form.device-search input', part);
  await page.press('header.top form.device-search input', 'Enter');
  await page.waitForSelector('table.results');
  const textHits = await page.$$eval('table.results tbody a', (as) => as.map((a) => a.getAttribute('href')));
  t.ok(textHits.includes(`#/device/${dev.id}`), `text search '${part}' finds the device`);
  await screenshot(page, 'device-search-text');

  // Search by SvcQL: the devices of the vendor.
  const { devices } = await api<{ devices: { id: number; vendor: string }[] }>('/v2/ui/net/1/devices');
  await page.fill('header.top form.device-search input', `Vendor = '${dev.vendor}'`);
  await page.press('header.top form.device-search input', 'Enter');
  await page.waitForSelector('.result-count:has-text("SvcQL")');
  const svcHits = await page.$$eval('table.results tbody a', (as) => as.map((a) => a.getAttribute('href')));
  t.same(svcHits.sort(), devices.filter((d) => d.vendor === dev.vendor).map((d) => `#/device/${d.id}`).sort(), 'SvcQL search finds the devices of the vendor');
  await screenshot(page, 'device-search-svcql');
  await page.click(`table.results a[href="#/device/${dev.id}"]`);
  await page.waitForSelector('.summary dd[data-field=name]');
  t.pass('a result links to the panel');

  // A SvcQL error is shown with its position in what was typed.
  await page.fill('header.top form.device-search input', 'Vendor = ');
  await page.press('header.top form.device-search input', 'Enter');
  await page.waitForSelector('.device-list .error');
  t.match(await page.textContent('.device-list .error') ?? '', /at column \d+/, 'a SvcQL error is shown with its column');
  await screenshot(page, 'device-search-error');

  // An unknown device: the API's message.
  await page.goto(`${ui.base}/#/device/999`);
  await page.waitForSelector('main .error');
  t.match(await page.textContent('main .error') ?? '', /999/, 'an unknown device: the API error');
  const unexpected = errors.filter((e) => !/status of 404/.test(e));
  t.same(unexpected, [], 'no console errors (but the unknown device\'s 404)');
});
