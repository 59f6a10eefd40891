import t from 'tap';
import type { Browser, Page } from 'playwright-core';
import { waitFor } from '../fakes/helpers.js';
import { browserGate, go, launchBrowser, logIn, screenshot, startUiServer, watchedPage, type BrowserKind, type UiServer } from '../fakes/browser.js';

/**
 * Onboarding in the UI (issue 26.3), in a real browser on the built server and its simulated
 * network, whose agents answer the community `public` while the network's configured community is
 * another one — so a device added without the right community never answers:
 * - an administrator adds a device with a wrong community: the list says never answered, and why;
 *   the test poll with a wrong community says why not, with the right one shows sysName, sysObjectID
 *   and the profile; saved, the device is polled (answering) within one poll interval;
 * - users (add, role, reset password, remove; never the last administrator), API tokens (the
 *   secret shown once, working, revoked), blocked addresses, the settings in force;
 * - a user-role caller has no Admin link, the page refuses them, and so does the server.
 */
const POLL_MS = 2000;
/** The probe's and the poll's SNMP timeout (no retries). */
const SNMP_TIMEOUT_MS = 300;
const DEVICE = '127.1.0.2';
const WRONG = 'wrong-community-7';
const RIGHT = 'public';
/** A v3 user of the network (the simulated agents speak v2c only): its keys must never reach the page. */
const V3_SECRETS = ['v3-auth-Secret-1', 'v3-priv-Secret-2'];
const V3_USER = `{ name: ops, level: authPriv, authProtocol: sha, authKey: ${V3_SECRETS[0]}, privProtocol: aes, privKey: ${V3_SECRETS[1]} }`;


// The same flows in Chromium and in Firefox ESR, each on a server of its own.
for (const kind of ['chromium', 'firefox'] as const satisfies readonly BrowserKind[]) {
t.test(`onboarding pages in ${kind}: a device fixed in the browser, users, tokens, blocked addresses, settings`, { timeout: 300_000 }, async (t) => {
  if (!browserGate(t, kind)) return;
  const ui = await startUiServer(t, {
    devices: 3, interfacesPerDevice: 2, pollInterval: `${POLL_MS / 1000}s`, timeout: `${SNMP_TIMEOUT_MS}ms`, retries: 0,
    networkExtra: '    discoveryInterval: 1h',
    users: [['root', 'root-password', 'admin'], ['ann', 'ann-password', 'user']],
    editConfig: (yaml) => yaml.replace('snmp: { port:', `snmp: { communities: [not-the-agents], v3Users: [${V3_USER}], port:`),
  });
  const browser = await launchBrowser(t, kind);
  const shot = (p: Page, name: string) => screenshot(p, `onboarding-${kind}-${name}`);
  const { page, errors, cookie } = await logIn(browser, ui, 'root', 'root-password');
  const api = async (path: string, init: RequestInit = {}) => {
    const r = await fetch(ui.base + path, { ...init, headers: { cookie, 'content-type': 'application/json', ...(init.headers ?? {}) } });
    return { status: r.status, text: await r.text() };
  };
  const deviceOf = async () => (JSON.parse((await api('/v2/ui/net/1/devices')).text).devices as any[]).find((d) => d.address === DEVICE);

  t.test('a device added with a wrong community, fixed through the UI', async (t) => {
    await page.click('header.top nav a:has-text("Admin")');
    await page.waitForSelector('form.add-device');
    await page.fill('form.add-device input[name=address]', DEVICE);
    await page.fill('form.add-device input[name=name]', 'edge-2');
    await page.fill('form.add-device input[name=community]', WRONG);
    await page.click('form.add-device button[type=submit]');
    await page.waitForSelector('p.ok-note:has-text("added")');
    const added = await waitFor(deviceOf, 10_000, 'the device listed');

    const state = page.locator(`tr[data-device="${added.id}"] td[data-field=state]`);
    // Listed at once (`not polled yet`), then with the reason of its first failed poll.
    await page.waitForSelector(`tr[data-device="${added.id}"] td[data-field=state][data-value=neverAnswered]:has-text("timeout")`);
    t.match(await state.textContent(), /never answered: timeout/, 'listed as never answered, with the reason in words');
    const health = await waitFor(async () => {
      const h = await api('/api/metrics/healthcheck');
      return h.text.includes(DEVICE) ? h.text : undefined;
    }, 30_000, 'the healthcheck naming the device');
    t.match(health, /degraded/, 'the healthcheck is degraded, naming it');
    await shot(page, 'admin-device-never-answered');

    // The test poll from the top form: the wrong community, then the right one.
    await page.fill('form.test-form input[name=address]', DEVICE);
    await page.fill('form.test-form input[name=community]', WRONG);
    await page.click('form.test-form button[type=submit]');
    const failed = page.locator('form.test-form .test-result[data-answered=false]');
    await failed.waitFor();
    t.match(await failed.locator('[data-field=reasonText]').textContent(), /timeout: no SNMP answer/, 'a wrong community: why, in words');
    t.match(await failed.locator('[data-field=reason]').textContent(), DEVICE, 'the error text names the address');

    // One of the network's v3 users, chosen by name: the agent (v2c only) does not answer it.
    await page.fill('form.test-form input[name=community]', '');
    await page.selectOption('form.test-form select[name=v3User]', 'ops');
    await page.click('form.test-form button[type=submit]');
    await page.waitForSelector('form.test-form .test-result[data-answered=false]');
    t.match(await page.locator('form.test-form .test-result [data-field=reason]').textContent(), DEVICE, 'the network\'s v3 user tried: why not, in words');

    // The fix: the device's edit form, tested with the right community, then saved.
    await page.click(`tr[data-device="${added.id}"] button:has-text("Edit")`);
    const edit = page.locator(`form.edit-device[data-device="${added.id}"]`);
    await edit.locator('input[name=community]').fill(RIGHT);
    await edit.locator('button:has-text("Test")').click();
    const answered = edit.locator('.test-result[data-answered=true]');
    await answered.waitFor();
    t.match(await answered.locator('[data-field=sysName]').textContent(), /\S/, 'the agent\'s sysName');
    t.match(await answered.locator('[data-field=sysObjectID]').textContent(), /^1\.3\.6\.1\.4\.1\./, 'its sysObjectID');
    t.match(await answered.locator('[data-field=profile]').textContent(), /\S/, 'the profile that would match (or none, said so)');
    await shot(page, 'admin-device-test-answered');

    await edit.locator('button[type=submit]').click();
    await page.waitForSelector('p.ok-note:has-text("probed again")');
    // One poll interval, plus the probe's timeout (the right community answers at once), plus a margin for a loaded machine.
    const fixed = await waitFor(async () => {
      const d = await deviceOf();
      return d?.pollState.reachability === 'answering' ? d : undefined;
    }, POLL_MS + SNMP_TIMEOUT_MS + 3000, 'the device answering its polls within one poll interval');
    t.equal(fixed.id, added.id, 'the same device, now answering');
    await page.waitForSelector(`tr[data-device="${added.id}"] td[data-field=state][data-value=answering]`);
    const record = await waitFor(async () => {
      const d = JSON.parse((await api(`/v2/ui/net/1/devices/${added.id}`)).text);
      return d.record ? d : undefined;
    }, 30_000, 'the device probed again: its record');
    t.ok(record.record.sysObjectID, 'probed again: it has its discovery record');
    await shot(page, 'admin-device-fixed');

    const paths = ['/v2/ui/net/1/devices', `/v2/ui/net/1/devices/${added.id}`, '/v2/ui/net/1/settings', `/v2/discovery/net/1/devices/${added.id}`,
      `/api/ui/networks/1/nodes/${added.id}`, `/v2/ui/net/1/dashboards/device/${added.id}`, `/v2/ui/net/1/data/device/${added.id}?format=full`];
    const reads = await Promise.all(paths.map(async (p) => ({ p, ...(await api(p)) })));
    t.same(reads.filter((r) => r.status !== 200).map((r) => `${r.p}: ${r.status}`), [], 'every read answers');
    t.same(reads.filter((r) => r.text.includes(WRONG) || /"(community|firstCommunities)"/.test(r.text)).map((r) => r.p), [],
      'no GET answer carries the device\'s community, the old or the new one');
    t.same(errors, [], 'no console errors');
  });

  t.test('users: add, role, reset password, remove; the last administrator stays', async (t) => {
    await go(page, '#/admin/users');
    await page.waitForSelector('tr[data-user=root]');
    await page.fill('form.add-user input[name=name]', 'bob');
    await page.selectOption('form.add-user select[name=role]', 'user');
    await page.fill('form.add-user input[name=password]', 'bob-password');
    await page.click('form.add-user button[type=submit]');
    await page.waitForSelector('tr[data-user=bob]');
    t.equal(await page.locator('form.add-user input[name=password]').inputValue(), '', 'the form is cleared');

    await page.selectOption('tr[data-user=bob] select[name=role]', 'admin');
    await page.waitForSelector('p.ok-note:has-text("bob is now admin")');
    t.match(JSON.parse((await api('/v2/admin/users')).text).users, [{ name: 'ann', role: 'user' }, { name: 'bob', role: 'admin' }, { name: 'root', role: 'admin' }], 'the role is changed');

    await page.click('tr[data-user=bob] button:has-text("Reset password")');
    await page.fill('form.reset-password input[name=password]', 'bob-new-password');
    await page.click('form.reset-password button[type=submit]');
    await page.waitForSelector('p.ok-note:has-text("password of bob is reset")');
    const login = async (user: string, password: string) => (await fetch(`${ui.base}/v2/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ user, password }) })).status;
    t.equal(await login('bob', 'bob-new-password'), 200, 'the new password works');
    t.equal(await login('bob', 'bob-password'), 401, 'the old one no longer');
    await shot(page, 'admin-users');

    await page.click('tr[data-user=bob] button:has-text("Remove")');
    await page.waitForSelector('tr[data-user=bob]', { state: 'detached' });
    await page.click('tr[data-user=root] button:has-text("Remove")');
    await page.waitForSelector('p.error:has-text("last administrator")');
    t.ok(await page.locator('tr[data-user=root]').count(), 'the last administrator is not removed, and the page says why');
    t.notOk((await api('/v2/admin/users')).text.includes('password'), 'the list carries no password');
    t.same(errors.filter((e) => !/status of 409/.test(e)), [], 'no console errors (but the refused removal)');
    errors.length = 0;
  });

  t.test('API tokens: the secret shown once, it works, revoked it does not', async (t) => {
    await go(page, '#/admin/tokens');
    await page.waitForSelector('form.add-token');
    await page.fill('form.add-token input[name=name]', 'grafana');
    await page.click('form.add-token button[type=submit]');
    const secret = (await page.locator('.token-secret [data-field=secret]').textContent()) ?? '';
    t.match(secret, /^\S{20,}$/, 'the secret is shown');
    await page.waitForSelector('tr[data-token=grafana]');
    await shot(page, 'admin-tokens');
    const whoami = async () => (await fetch(`${ui.base}/v2/whoami`, { headers: { 'x-nsg-auth-api-token': secret } })).status;
    t.equal(await whoami(), 200, 'the token works');
    t.notOk((await api('/v2/admin/tokens')).text.includes(secret), 'the list never carries it');
    await page.reload();
    await page.waitForSelector('tr[data-token=grafana]');
    t.equal(await page.locator('.token-secret').count(), 0, 'shown once: gone after a reload');
    await page.click('tr[data-token=grafana] button:has-text("Revoke")');
    await page.waitForSelector('tr[data-token=grafana]', { state: 'detached' });
    t.equal(await whoami(), 401, 'revoked, it is refused');
    t.same(errors, [], 'no console errors');
  });

  t.test('blocked addresses and the settings in force', async (t) => {
    await go(page, '#/admin/blocked');
    await page.waitForSelector('form.block-form');
    await page.fill('form.block-form input[name=address]', '10.9.0.0/16');
    await page.fill('form.block-form input[name=comment]', 'lab');
    await page.click('form.block-form button[type=submit]');
    const row = page.locator('tr[data-block]:has-text("10.9.0.0/16")');
    await row.waitFor();
    await row.locator('button:has-text("Edit")').click();
    await page.fill('tr.edit-row input[name=comment]', 'the lab, blocked');
    await page.click('tr.edit-row button[type=submit]');
    await page.waitForSelector('tr[data-block]:has-text("the lab, blocked")');
    await shot(page, 'admin-blocked');
    await page.locator('tr[data-block]:has-text("10.9.0.0/16") button:has-text("Unblock")').click();
    await page.waitForSelector('tr[data-block]:has-text("10.9.0.0/16")', { state: 'detached' });
    t.same(JSON.parse((await api('/v2/ui/net/1/devices/blocking')).text).blocked, [], 'added, changed and removed');

    await go(page, '#/admin/settings');
    const config = page.locator('pre[data-field=config]');
    await config.waitFor();
    const text = (await config.textContent()) ?? '';
    t.match(text, /"pollIntervalMs": 2000/, 'the settings in force');
    t.notOk(text.includes('not-the-agents'), 'the network\'s community is not shown');
    const whole = await page.content();
    t.same(V3_SECRETS.filter((x) => whole.includes(x)), [], 'nor the v3 user\'s keys, anywhere on the page');
    t.match(text, /"name": "ops"/, 'the v3 user is named');
    t.match(await page.locator('[data-field=source]').textContent(), /netmon\.yaml/, 'where the configuration came from');
    await shot(page, 'admin-settings');
    t.same(errors, [], 'no console errors');
  });

  t.test('a user-role caller: no Admin link, the page and the server refuse', async (t) => {
    const ann = await logIn(browser, ui, 'ann', 'ann-password');
    t.equal(await ann.page.locator('header.top nav a:has-text("Admin")').count(), 0, 'no Admin link');
    await go(ann.page, '#/admin/users');
    await ann.page.waitForSelector('[data-refused=admin]');
    t.equal(await ann.page.locator('form.add-user').count(), 0, 'no form');
    await shot(ann.page, 'admin-refused');
    const status = async (method: string, path: string, body?: unknown) => (await fetch(ui.base + path, {
      method, headers: { cookie: ann.cookie, 'content-type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}),
    })).status;
    t.equal(await status('GET', '/v2/admin/users'), 403, 'the users: 403');
    t.equal(await status('POST', '/v2/admin/tokens', { name: 'x', role: 'admin' }), 403, 'a token: 403');
    t.equal(await status('POST', '/v2/ui/net/1/devices/test', { address: DEVICE }), 403, 'the test poll: 403');
    t.same(ann.errors, [], 'no console errors');
  });
});
}
