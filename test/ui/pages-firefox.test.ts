import t from 'tap';
import { browserGate, launchBrowser, screenshot, startUiServer, watchedPage } from '../fakes/browser.js';

/**
 * Issue 15 point 7: the UI works in Firefox too. Debian's Firefox ESR (over WebDriver BiDi) logs in
 * and opens every page of the UI on the simulated network; each page shows its content (the element
 * the Chromium tests wait for) and no page logs a console error. The Chromium tests check the pages'
 * behaviour in depth; this one checks that nothing in them is Chromium-only.
 */
const PAGES: readonly [string, string, string][] = [
  ['overview (home)', '#/overview', '.ov-devices [data-count=total]'],
  ['maps (the view tiles)', '#/views', '.view-tiles a[href^="#/map/"]'],
  ['map of a view', '', 'svg.netmap g.dev'],
  ['device list', '#/device', '.device-list a[href^="#/device/"]'],
  ['device panel', '', '.summary dd[data-field=name]'],
  ['device interfaces', '', 'table.interfaces tbody tr'],
  ['graph workbench', '#/workbench?name=ifInRate', '.wb-graph .chart canvas'],
  ['SvcQL console', "#/svcql?q=SELECT%20device%2C%20metric%20FROM%20ifInRate%20LIMIT%203", 'table.result tbody tr'],
  ['alerts', '#/alerts', '.alerts-count, .alerts-list .empty'],
  ['silences', '#/silences', 'table.silences-table, p.empty'],
  ['admin: devices', '#/admin/devices', 'table.admin-device-table tbody tr'],
  ['admin: blocked addresses', '#/admin/blocked', 'form.block-form'],
  ['admin: users', '#/admin/users', 'tr[data-user=alice]'],
  ['admin: API tokens', '#/admin/tokens', 'form.add-token'],
  ['admin: settings', '#/admin/settings', 'pre[data-field=config]'],
];

t.test('every page in Firefox: logged in, content shown, no console errors', { timeout: 240_000 }, async (t) => {
  if (!browserGate(t, 'firefox')) return;
  const ui = await startUiServer(t, { users: [['alice', 'alice-password', 'admin']] });
  const browser = await launchBrowser(t, 'firefox');
  const { page, errors } = await watchedPage(browser);

  await page.goto(`${ui.base}/`);
  await page.waitForSelector('form.login');
  await page.fill('input[name=user]', 'alice');
  await page.fill('input[name=password]', 'alice-password');
  await page.click('button[type=submit]');
  await page.waitForSelector('header.top .user');
  t.equal(await page.textContent('header.top .user'), 'alice', 'logged in');
  errors.length = 0; // the whoami before logging in is an expected 401

  // ids from the API, as a page would link to them
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  const api = async (path: string) => (await fetch(ui.base + path, { headers: { cookie } })).json() as Promise<any>;
  const devices = await (async () => {
    for (let i = 0; i < 120; i++) {
      const d = await api('/v2/discovery/net/1/devices');
      if (d.devices?.length > 0) return d.devices;
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error('no discovery');
  })();
  const status = await api('/v2/ui/net/1/status');
  const viewId = (status.views ?? status.tiles ?? [])[0]?.id;
  t.ok(viewId !== undefined, `a view to open (${viewId})`);

  for (const [what, hash0, selector] of PAGES) {
    const hash = hash0 !== '' ? hash0
      : what === 'map of a view' ? `#/map/${viewId}`
      : what === 'device panel' ? `#/device/${devices[0].id}`
      : `#/device/${devices[0].id}?tab=interfaces`;
    // a hash change is a same-document navigation (no load event): the app follows hashchange
    await page.evaluate((h) => { location.hash = h; }, hash);
    await page.waitForSelector(selector, { timeout: 60_000 });
    t.pass(`${what}: ${selector}`);
    await screenshot(page, `firefox-${what.replace(/[^a-z]+/g, '-')}`);
  }
  t.same(errors, [], 'no console errors on any page');
});
