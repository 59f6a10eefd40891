import t from 'tap';
import type { Page } from 'playwright-core';
import { waitFor } from '../fakes/helpers.js';
import { browserGate, launchBrowser, screenshot, startUiServer, watchedPage } from '../fakes/browser.js';

/**
 * The graph workbench and the SvcQL console in a real browser, against the built server on a
 * simulated network: every number compared comes from the API itself.
 */

interface GraphAnswer { info: { varId: string; timeseries: string[] }[]; warnings: string; errors: string }

const pointsOf = (a: GraphAnswer): number => a.info.reduce((n, i) => n + Math.max(0, i.timeseries.length - 1), 0);

async function chartPoints(page: Page): Promise<{ points: number; ids: string[]; hash: string; path: string }> {
  await page.waitForSelector('.wb-graph .chart canvas');
  return page.evaluate(() => ({
    points: Number(document.querySelector('.wb-graph .chart')!.getAttribute('data-points')),
    ids: [...document.querySelectorAll('table.wb-series code')].map((c) => c.textContent ?? ''),
    hash: location.hash,
    path: document.querySelector('.wb-graph')!.getAttribute('data-path') ?? '',
  }));
}

t.test('graph workbench and SvcQL console', { timeout: 240_000 }, async (t) => {
  if (!browserGate(t)) return;
  const ui = await startUiServer(t, { devices: 3, interfacesPerDevice: 4, pollInterval: '2s' });
  const api = async <T>(path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${ui.base}${path}`, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return await res.json() as T;
  };

  // A device with ifInRate points (15 polls in: the fixed window below ends 15 s back and still holds some).
  const device = await waitFor(async () => {
    const gw = await api<{ name: string; devices: string[] }[]>('/api/monitor/networks/1/gw/');
    const dev = gw.find((v) => v.name === 'ifInRate')?.devices[0];
    if (dev === undefined) return undefined;
    const g = await api<GraphAnswer>(`/api/monitor/networks/1/graph/?name=ifInRate&devices=${dev}&intervalHr=1`);
    return g.info.length > 0 && g.info.every((i) => i.timeseries.length > 15) ? dev : undefined;
  }, 150_000, 'ifInRate points');

  const browser = await launchBrowser(t);
  const { page, errors } = await watchedPage(browser);

  // The empty workbench, then the rule filled in the form.
  await page.goto(`${ui.base}/#/workbench`);
  await page.waitForSelector('form.wb-rule select[name=name] option[value=ifInRate]', { state: 'attached' });
  t.match(await page.textContent('.wb-graph') ?? '', /Choose a variable/, 'without a rule: what to do');
  await screenshot(page, 'workbench-empty');
  await page.selectOption('form.wb-rule select[name=name]', 'ifInRate');
  await page.fill('form.wb-rule input[name=devices]', device);
  await page.selectOption('form.wb-rule select[name=sortBy]', 'component.asc');
  await page.click('form.wb-rule button[type=submit]');
  const first = await chartPoints(page);
  const byRule = await api<GraphAnswer>(first.path);
  t.ok(first.points > 0, `the chart shows points (${first.points})`);
  t.same(first.ids, byRule.info.map((i) => i.varId), 'the series are the rule\'s variables, in the rule\'s order');
  t.ok(first.ids.length >= 2, 'several series in one graph');
  t.match(first.hash, /name=ifInRate/, 'the rule is in the link');
  t.match(await page.textContent('.wb-graph') ?? '', /Inbound traffic rate/, 'legends from the graph answer');
  await screenshot(page, 'workbench-graph');

  // A fixed window in the past: the chart's points equal the graph call's for those ids. Its end
  // is far enough back (several 2 s polls) that no late poll on a loaded machine lands in it.
  const end = Date.now() - 15_000;
  const start = end - 10 * 60_000;
  await page.goto(`${ui.base}/#/workbench?name=ifInRate&devices=${device}&sortBy=component.asc&range=custom&start=${start}&end=${end}`);
  await page.waitForFunction(() => document.querySelector('.wb-graph')?.getAttribute('data-path')?.includes('start='));
  const fixed = await chartPoints(page);
  const byIds = await api<GraphAnswer>(`/v2/ui/net/1/graph/${fixed.ids.join(',')}?start=${start}&end=${end}&length=3000`);
  t.equal(byIds.errors, '', 'the ids are known');
  t.equal(fixed.points, pointsOf(byIds), `the chart has the graph call's ${pointsOf(byIds)} points of ${fixed.ids.length} series`);

  // The link reproduces the graph.
  await page.reload();
  const again = await chartPoints(page);
  t.same({ ids: again.ids, points: again.points, hash: again.hash }, { ids: fixed.ids, points: fixed.points, hash: fixed.hash }, 'after a reload: the same graph');

  // Zoom: drag across the middle of the plot → a narrower window inside the old one.
  const over = (await page.locator('.wb-graph .u-over').boundingBox())!;
  const y = over.y + over.height / 2;
  await page.mouse.move(over.x + over.width * 0.3, y);
  await page.mouse.down();
  await page.mouse.move(over.x + over.width * 0.5, y, { steps: 5 });
  await page.mouse.move(over.x + over.width * 0.7, y, { steps: 5 });
  await page.mouse.up();
  await page.waitForFunction((h) => location.hash !== h, fixed.hash);
  const q = new URLSearchParams(await page.evaluate(() => location.hash.slice(location.hash.indexOf('?') + 1)));
  const zs = Number(q.get('start'));
  const ze = Number(q.get('end'));
  t.ok(zs > start && ze < end && zs < ze, `zoom narrows the window (${(ze - zs) / 1000} s of ${(end - start) / 1000} s)`);
  await page.waitForFunction((s) => document.querySelector('.wb-graph')?.getAttribute('data-path')?.includes(`start=${s}`), String(zs));
  const zoomed = await chartPoints(page);
  const byZoom = await api<GraphAnswer>(`/v2/ui/net/1/graph/${zoomed.ids.join(',')}?start=${zs}&end=${ze}&length=3000`);
  t.equal(zoomed.points, pointsOf(byZoom), 'the zoomed chart has the graph call\'s points for its window');
  t.ok(zoomed.points < fixed.points, 'fewer points than the whole window');
  await screenshot(page, 'workbench-zoomed');

  // A preset range button.
  await page.click('form.wb-range button:has-text("Last 24 h")');
  await page.waitForFunction(() => document.querySelector('.wb-graph')?.getAttribute('data-path')?.includes('intervalHr=24'));
  t.match(await page.evaluate(() => location.hash), /range=24h/, 'Last 24 h is in the link');

  // The SvcQL console: the table is the query API's answer.
  const query = 'SELECT device, metric FROM ifInRate LIMIT 5';
  await page.goto(`${ui.base}/#/svcql`);
  await page.waitForSelector('textarea#svcql-text');
  await page.fill('textarea#svcql-text', query);
  await page.press('textarea#svcql-text', 'Control+Enter');
  await page.waitForSelector('table.result tbody tr');
  const shown = await page.evaluate(() => ({
    // A column's unit (the console adds it where the variable has one) is a span after its name.
    columns: [...document.querySelectorAll('table.result th')].map((c) => c.firstChild?.textContent ?? ''),
    rows: [...document.querySelectorAll('table.result tbody tr')].map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent ?? '')),
  }));
  const answer = await api<{ columns: { text: string }[]; rows: unknown[][] }[]>('/v2/query/net/1/data/', { targets: [{ id: 'A', svcql: query, format: 'table' }] });
  t.same(shown.columns, answer[0]!.columns.map((c) => c.text), 'the columns of the answer');
  t.equal(shown.rows.length, answer[0]!.rows.length, `the answer's ${answer[0]!.rows.length} rows`);
  t.same(shown.rows.map((r) => r[0]), answer[0]!.rows.map((r) => String(r[0])), 'the devices of the answer, in its order');
  t.ok(shown.rows.every((r) => Number.isFinite(Number(r[1])) && r[1] !== ''), 'metric values are numbers (they change with every poll, so not compared)');
  t.match(await page.evaluate(() => location.hash), /q=SELECT/, 'the query is in the link');
  await screenshot(page, 'svcql-table');

  // A bad query: its error with its position.
  const bad = 'SELECT device\nFROM ifInRate WHERE metric = AND';
  await page.fill('textarea#svcql-text', bad);
  await page.click('form.console-form button[type=submit]');
  await page.waitForSelector('.console-error');
  const badAnswer = await api<{ error: string; code: string }[]>('/v2/query/net/1/data/', { targets: [{ id: 'A', svcql: bad, format: 'table' }] });
  const errText = await page.textContent('.console-error p.error') ?? '';
  t.ok(errText.includes(badAnswer[0]!.error), `the API's error is shown: ${badAnswer[0]!.error}`);
  t.ok(errText.includes(badAnswer[0]!.code), 'with its code');
  const pos = /at (\d+):(\d+)/.exec(badAnswer[0]!.error)!;
  const caret = await page.textContent('.console-error pre.error-at') ?? '';
  const [line, marks] = caret.split('\n');
  t.equal(line, bad.split('\n')[Number(pos[1]) - 1], 'the line of the error is shown');
  t.equal(marks!.indexOf('^') + 1, Number(pos[2]), 'a caret under its column');
  const sel = await page.evaluate(() => (document.querySelector('textarea#svcql-text') as HTMLTextAreaElement).selectionStart);
  t.equal(sel, bad.indexOf('\n') + 1 + Number(pos[2]) - 1, 'the text\'s caret is put at the error');
  await screenshot(page, 'svcql-error');

  // A valid query whose WHERE names an unknown column: the API's warning above its (empty) table.
  const misspelt = "SELECT device FROM interfaces WHERE devic = 'x'";
  await page.fill('textarea#svcql-text', misspelt);
  await page.click('form.console-form button[type=submit]');
  await page.waitForSelector('.console-warnings li');
  const warned = await api<{ warnings?: string[] }[]>('/v2/query/net/1/data/', { targets: [{ id: 'A', svcql: misspelt, format: 'table' }] });
  t.equal(warned[0]!.warnings?.length, 1, 'the API warns about devic');
  t.same(await page.$$eval('.console-warnings li', (lis) => lis.map((li) => li.textContent)), warned[0]!.warnings!.map((w) => `⚠ ${w}`),
    'the console shows the API\'s warning');
  t.equal(await page.$('.console-error'), null, 'not as an error');

  // An example runs on a click.
  await page.click('.console-examples button >> nth=1');
  await page.waitForSelector('table.result tbody tr');
  t.pass('an example query runs');

  t.same(errors, [], 'no console errors');
});
