import t from 'tap';
import type { Page } from 'playwright-core';
import { waitFor } from '../fakes/helpers.js';
import { browserGate, launchBrowser, screenshot, startUiServer, watchedPage } from '../fakes/browser.js';

/**
 * The views page in a real browser: the tiles are the status call's views; the view editor checks
 * a rule as it is typed and shows a bad one's error at its position, previews what a fixed one
 * matches (the preview call's devices), saves a new view (its tile appears) and deletes it; with
 * authentication on, a view is another user's to see only while it is shared.
 */

interface Tile { id: number; name: string; editable: boolean; shared: boolean }
interface Status { latestDiscovery: { devices: number } | null; views: Tile[] }
interface PreviewDevice { name: string; matching: boolean; adjacent: boolean; connecting: boolean }

type Fetcher = <T>(path: string, init?: { method?: string; body?: unknown }) => Promise<{ status: number; body: T }>;

function fetcher(base: string, auth?: [string, string]): Fetcher {
  return async <T>(path: string, init: { method?: string; body?: unknown } = {}) => {
    const headers: Record<string, string> = {};
    if (auth) headers.authorization = `Basic ${Buffer.from(`${auth[0]}:${auth[1]}`).toString('base64')}`;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${base}${path}`, { method: init.method ?? 'GET', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
    const text = await res.text();
    return { status: res.status, body: (text === '' ? null : JSON.parse(text)) as T };
  };
}

async function discovered(api: Fetcher): Promise<Status> {
  return waitFor(async () => {
    const s = (await api<Status>('/v2/ui/net/1/status')).body;
    return s.latestDiscovery !== null ? s : undefined;
  }, 60_000, 'the first discovery');
}

async function tileNames(page: Page): Promise<string[]> {
  return page.$$eval('ul.view-tiles li .tile-name', (els) => els.map((e) => e.textContent ?? ''));
}

/** Waits until the tiles on the page are the status call's views (names in order). */
async function tilesMatchApi(page: Page, api: Fetcher): Promise<string[]> {
  const names = (await api<Status>('/v2/ui/net/1/status')).body.views.map((v) => v.name);
  await page.waitForFunction((want) => {
    const got = [...document.querySelectorAll('ul.view-tiles li .tile-name')].map((e) => e.textContent);
    return JSON.stringify(got) === JSON.stringify(want);
  }, names);
  return names;
}

async function login(page: Page, base: string, user: string, password: string): Promise<void> {
  await page.goto(`${base}/#/views`);
  await page.waitForSelector('form.login');
  await page.fill('input[name=user]', user);
  await page.fill('input[name=password]', password);
  await page.click('button[type=submit]');
  await page.waitForSelector('header.top .user');
}

/** Creates a view in the editor with a devRule that passes; back on the tiles afterwards. */
async function createView(page: Page, name: string, devRule: string): Promise<void> {
  await page.click('a:has-text("New view")');
  await page.waitForSelector('form.view-form');
  await page.fill('input[name=name]', name);
  await page.fill('#devRule', devRule);
  await page.waitForSelector('.rule-field:has(#devRule) .status-ok');
  await page.click('button[type=submit]');
  await page.waitForSelector(`ul.view-tiles li .tile-name:text-is("${name}")`);
}

t.test('views page: tiles, the view editor (validate at the position, preview, save, delete)', { timeout: 240_000 }, async (t) => {
  if (!browserGate(t)) return;
  // A second network (nothing answers at its seed) for the network selector.
  const ui = await startUiServer(t, {
    devices: 6,
    networkExtra: '  - id: 2\n    name: second\n    seeds: [127.3.0.1]\n    snmp: { timeout: 1s, retries: 0 }\n    pollInterval: 1m',
  });
  const api = fetcher(ui.base);
  const status = await discovered(api);
  t.ok(status.views.length >= 1, 'the network has its views');

  const browser = await launchBrowser(t);
  const { page, errors } = await watchedPage(browser);
  // A refused rule is a 400 of the validate call, which chromium logs as a failed load: expected.
  const located: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') located.push(`${m.text()} @ ${m.location().url}`); });
  await page.goto(`${ui.base}/#/views`);
  await page.waitForSelector('ul.view-tiles li');
  const names = await tilesMatchApi(page, api);
  t.same(await tileNames(page), names, `the tiles are the status call's ${names.length} views`);
  const firstId = status.views[0]!.id;
  t.equal(await page.getAttribute('ul.view-tiles li:first-child a.tile-open', 'href'), `#/map/${firstId}`, 'a tile opens its map');
  t.match(await page.textContent('.net-status') ?? '', new RegExp(`${status.latestDiscovery!.devices} devices`), 'the status line has the device count');
  await screenshot(page, 'views-tiles');

  // A bad rule: its error at the position the validate call names.
  await page.click('a:has-text("New view")');
  await page.waitForSelector('form.view-form');
  await page.fill('input[name=name]', 'UI core view');
  const bad = "Name = 'x' AND";
  await page.fill('#devRule', bad);
  const refused = await api<{ error: string }>(`/v2/ui/net/1/views/${firstId}/validate`, { method: 'POST', body: { devRule: bad } });
  t.equal(refused.status, 400, 'the API refuses the bad rule');
  const col = Number(/at 1:(\d+)/.exec(refused.body.error)![1]);
  await page.waitForSelector('.rule-field:has(#devRule) .rule-error');
  t.equal(await page.textContent('.rule-field:has(#devRule) .rule-error .error'), refused.body.error, 'the editor shows the server\'s message');
  const before = await page.$eval('.rule-field:has(#devRule) pre.rule-echo', (pre) => {
    const mark = pre.querySelector('mark')!;
    let s = '';
    for (const n of pre.childNodes) { if (n === mark) break; s += n.textContent; }
    return s;
  });
  t.equal(before.length, col - 1, `the mark is at column ${col}, where the API says the error is`);
  t.equal(await page.getAttribute('#devRule', 'aria-invalid'), 'true', 'the field is marked invalid');
  t.ok(await page.isDisabled('button[type=submit]'), 'a refused rule cannot be saved');
  await screenshot(page, 'views-editor-error');

  // Valid but misspelt: the validate call's warning under the rule, instead of "✓ valid".
  const misspelt = "Nmae REGEXP 'core'";
  await page.fill('#devRule', misspelt);
  const warned = await api<{ warnings: { message: string }[] }>(`/v2/ui/net/1/views/${firstId}/validate`, { method: 'POST', body: { devRule: misspelt } });
  t.equal(warned.status, 200, 'the API accepts the misspelt rule');
  t.equal(warned.body.warnings.length, 1, 'with one warning');
  await page.waitForSelector('.rule-field:has(#devRule) .rule-warnings li');
  t.same(await page.$$eval('.rule-field:has(#devRule) .rule-warnings li', (lis) => lis.map((li) => li.textContent)),
    warned.body.warnings.map((w) => `⚠ ${w.message}`), 'the editor shows the server\'s warning');
  t.equal(await page.$('.rule-field:has(#devRule) .status-ok'), null, 'and no "✓ valid"');

  // Fixed: the preview lists the devices the preview call gives.
  const good = "Name REGEXP 'core|dist'";
  await page.fill('#devRule', good);
  await page.waitForSelector('.rule-field:has(#devRule) .status-ok');
  const previewOf = async (adjacent: boolean): Promise<string[]> => {
    const q = new URLSearchParams({ devRule: good, linkRule: '', adjacent: String(adjacent), connecting: 'false', hide: 'true' });
    const p = await api<{ devices: PreviewDevice[] }>(`/v2/ui/net/1/views/${firstId}/preview?${q.toString()}`);
    t.equal(p.status, 200, 'the preview call answers');
    return p.body.devices.map((d) => d.name);
  };
  const want = await previewOf(false);
  t.ok(want.length > 0 && want.length < status.latestDiscovery!.devices, `the rule matches some devices (${want.length})`);
  const rowsAre = async (names: string[]): Promise<string[]> => {
    await page.waitForFunction((w) => JSON.stringify([...document.querySelectorAll('table.preview-devices tbody tr td:first-child')]
      .map((e) => e.textContent)) === JSON.stringify(w), names);
    return page.$$eval('table.preview-devices tbody tr td:first-child', (els) => els.map((e) => e.textContent ?? ''));
  };
  t.same(await rowsAre(want), want, 'the preview lists the preview call\'s devices');
  await screenshot(page, 'views-editor-preview');

  await page.check('input[name=adjacent]');
  const wantAdjacent = await previewOf(true);
  t.same(await rowsAre(wantAdjacent), wantAdjacent, 'with adjacent, the preview call\'s devices with adjacent ones');
  t.ok(wantAdjacent.length >= want.length, 'adjacent adds devices, removes none');

  // Saved: the tile appears, and the tiles are still the status call's views.
  await page.click('button[type=submit]');
  await page.waitForSelector('ul.view-tiles li .tile-name:text-is("UI core view")');
  const after = await tilesMatchApi(page, api);
  t.equal(after.length, names.length + 1, 'one tile more');
  const made = (await api<Status>('/v2/ui/net/1/status')).body.views.find((v) => v.name === 'UI core view')!;
  const [stored] = (await api<{ devRule: string; adjacent: boolean; connecting: boolean }[]>(`/v2/ui/net/1/views/${made.id}`)).body;
  t.same([stored!.devRule, stored!.adjacent, stored!.connecting], [good, true, false], 'the view is stored with the rule and flags');
  await screenshot(page, 'views-tiles-saved');

  // Edit: the stored values are in the form; delete removes the tile.
  await page.click(`li[data-view-id="${made.id}"] a.tile-edit`);
  await page.waitForSelector('form.view-form');
  t.equal(await page.inputValue('#devRule'), good, 'the editor loads the stored rule');
  t.ok(await page.isChecked('input[name=adjacent]'), 'and the stored flag');
  await page.click('button:has-text("Delete…")');
  await page.click('.confirm button:has-text("Delete")');
  await page.waitForSelector('ul.view-tiles li');
  t.same(await tilesMatchApi(page, api), names, 'deleted: the tiles are the views of before');
  t.equal((await api(`/v2/ui/net/1/views/${made.id}`)).status, 404, 'and the API no longer has the view');

  // The network selector: network 2's tiles, kept across a reload, then back to network 1.
  await page.waitForSelector('select[name=network]');
  t.same(await page.$$eval('select[name=network] option', (os) => os.map((o) => (o as HTMLOptionElement).value)), ['1', '2'], 'both networks to choose from');
  await page.selectOption('select[name=network]', '2');
  const second = (await api<Status & { network: { name: string } }>('/v2/ui/net/2/status')).body;
  await page.waitForSelector('.net-status strong:text-is("second")');
  t.same(await tileNames(page), second.views.map((v) => v.name), 'network 2\'s tiles are its status call\'s views');
  await page.reload();
  await page.waitForSelector('.net-status strong:text-is("second")');
  t.equal(await page.inputValue('select[name=network]'), '2', 'the choice is kept across a reload');
  await screenshot(page, 'views-network-2');
  await page.selectOption('select[name=network]', '1');
  await page.waitForSelector('.net-status strong:text-is("sim")');
  t.same(await tilesMatchApi(page, api), names, 'back on network 1');

  t.equal(located.length, errors.length, 'every console error is located');
  t.ok(located.some((e) => /status of 400 .*\/validate$/.test(e)), 'the refused rule was the validate call\'s 400');
  t.same(located.filter((e) => !/status of 400 .*\/views\/\d+\/validate$/.test(e)), [], 'no other console errors');
});

t.test('views page with authentication on: share and unshare between two users', { timeout: 240_000 }, async (t) => {
  if (!browserGate(t)) return;
  const ui = await startUiServer(t, { devices: 4, users: [['alice', 'alice-password', 'user'], ['bob', 'bob-password', 'user']] });
  const asAlice = fetcher(ui.base, ['alice', 'alice-password']);
  const asBob = fetcher(ui.base, ['bob', 'bob-password']);
  await discovered(asAlice);

  const browser = await launchBrowser(t);
  const a = await watchedPage(browser);
  const b = await watchedPage(browser);
  await login(a.page, ui.base, 'alice', 'alice-password');
  await login(b.page, ui.base, 'bob', 'bob-password');
  // Before the login the UI's whoami is a 401 by design; any console error after it is a defect.
  a.errors.length = 0;
  b.errors.length = 0;
  await a.page.waitForSelector('ul.view-tiles li');
  await createView(a.page, "alice's view", "Name REGEXP 'core'");
  await tilesMatchApi(a.page, asAlice);
  const mine = (await asAlice<Status>('/v2/ui/net/1/status')).body.views.find((v) => v.name === "alice's view")!;
  t.same([mine.shared, mine.editable], [false, true], 'alice\'s new view is private and hers to edit');
  t.match(await a.page.textContent(`li[data-view-id="${mine.id}"]`) ?? '', /private/, 'the tile says private');

  await b.page.reload();
  await b.page.waitForSelector('ul.view-tiles li');
  const bobSees = await tilesMatchApi(b.page, asBob);
  t.notOk(bobSees.includes("alice's view"), 'bob does not see alice\'s private view');
  await screenshot(b.page, 'views-auth-bob-private');

  // Shared: bob sees it, and may not edit it.
  await a.page.click(`li[data-view-id="${mine.id}"] a.tile-edit`);
  await a.page.waitForSelector('form.view-form');
  await a.page.click('button:text-is("Share")');
  await a.page.waitForSelector('.view-actions button:has-text("Unshare")');
  t.match(await a.page.textContent('.notice') ?? '', /shared/, 'alice is told the view is shared');
  await a.page.waitForSelector('.view-preview table.preview-devices');
  await screenshot(a.page, 'views-auth-alice-shared');
  await b.page.reload();
  await b.page.waitForSelector(`li[data-view-id="${mine.id}"]`);
  t.ok((await tilesMatchApi(b.page, asBob)).includes("alice's view"), 'shared: bob sees alice\'s view');
  t.equal(await b.page.$(`li[data-view-id="${mine.id}"] a.tile-edit`), null, 'without an edit link');
  t.match(await b.page.textContent(`li[data-view-id="${mine.id}"]`) ?? '', /shared/, 'the tile says shared');
  await screenshot(b.page, 'views-auth-bob-shared');

  // Unshared: gone from bob's tiles again.
  await a.page.click('button:has-text("Unshare")');
  await a.page.waitForSelector('.view-actions button:text-is("Share")');
  await b.page.reload();
  await b.page.waitForSelector('ul.view-tiles li');
  t.notOk((await tilesMatchApi(b.page, asBob)).includes("alice's view"), 'unshared: bob no longer sees it');

  t.same(a.errors, [], 'no console errors (alice)');
  t.same(b.errors, [], 'no console errors (bob)');
});
