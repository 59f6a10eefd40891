import t from 'tap';
import { browserGate, launchBrowser, screenshot, startUiServer, watchedPage } from '../fakes/browser.js';

/**
 * The UI's shell in a real browser: served at `/` by the server itself, compressed and cached;
 * with authentication on, the login form, a wrong password refused, the user's name and logout.
 */
t.test('web UI: served at /, login, the user\'s name, logout', { timeout: 180_000 }, async (t) => {
  if (!browserGate(t)) return;
  const ui = await startUiServer(t, { users: [['alice', 'alice-password', 'admin']] });

  // The files: the page, compressed, with an ETag that answers 304.
  const page0 = await fetch(`${ui.base}/`, { headers: { 'accept-encoding': 'br, gzip' } });
  t.equal(page0.status, 200, 'GET / answers the page');
  t.match(page0.headers.get('content-type') ?? '', /^text\/html/, 'as HTML');
  const js = await fetch(`${ui.base}/ui/vendor-uplot.js`, { headers: { 'accept-encoding': 'gzip' } });
  t.equal(js.headers.get('content-encoding'), 'gzip', 'a script is sent gzip-compressed when asked');
  t.match(js.headers.get('content-type') ?? '', /^text\/javascript/);
  const etag = js.headers.get('etag') ?? '';
  t.match(etag, /^"[\w-]+"$/, 'with an ETag');
  t.equal(js.headers.get('cache-control'), 'no-cache', 'revalidated on each use');
  t.equal((await fetch(`${ui.base}/ui/vendor-uplot.js`, { headers: { 'if-none-match': etag } })).status, 304, 'unchanged: 304');
  t.equal((await fetch(`${ui.base}/ui/nope.js`)).status, 404, 'an unknown file: 404');
  t.equal((await fetch(`${ui.base}/ui/..%2Fmain.js`)).status, 404, 'no way out of the UI folder');

  const browser = await launchBrowser(t);
  const { page, errors } = await watchedPage(browser);
  await page.goto(`${ui.base}/`);
  await page.waitForSelector('form.login');
  await screenshot(page, 'login');

  await page.fill('input[name=user]', 'alice');
  await page.fill('input[name=password]', 'wrong-password');
  await page.click('button[type=submit]');
  await page.waitForSelector('form.login .error');
  t.match(await page.textContent('form.login .error') ?? '', /Wrong user name or password/, 'a wrong password is refused on the form');

  await page.fill('input[name=password]', 'alice-password');
  await page.click('button[type=submit]');
  await page.waitForSelector('header.top .user');
  t.equal(await page.textContent('header.top .user'), 'alice', 'the user\'s name in the header');
  await screenshot(page, 'home');

  await page.reload();
  await page.waitForSelector('header.top .user');
  t.pass('the session cookie keeps the user logged in across a reload');

  await page.click('header.top button:has-text("Log out")');
  await page.waitForSelector('form.login');
  await page.reload();
  await page.waitForSelector('form.login');
  t.pass('after logout the form is back, also after a reload');

  // The wrong password above is a 401 the UI expects; any other console error is a defect.
  const unexpected = errors.filter((e) => !/status of 401/.test(e));
  t.same(unexpected, [], 'no console errors');
});
