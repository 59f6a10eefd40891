import t from 'tap';
import type { Browser, Page } from 'playwright-core';
import { waitFor } from '../fakes/helpers.js';
import { browserGate, go, launchBrowser, logIn, screenshot, startUiServer, watchedPage, type BrowserKind, type UiServer } from '../fakes/browser.js';

/**
 * A network's SNMP credentials edited by an administrator in the UI (issue 26.3), in a real browser
 * on the built server and its simulated network, whose agents answer the community `public` only
 * while the configuration file gives the network another one — so a device added without its own
 * community never answers until an administrator adds `public` to the network in the Settings tab:
 * then it is polled within one poll interval, without a restart. The secrets typed are in no GET
 * answer, nowhere on the page once saved, and never in the server's log.
 */
const POLL_MS = 2000;
/** The probe's and the poll's SNMP timeout (no retries). */
const SNMP_TIMEOUT_MS = 300;
const DEVICE = '127.1.0.2';
const FILE_COMMUNITY = 'not-the-agents-file';
/** A community no agent answers, added first: the device's probe must try past it. */
const WRONG = 'Wrong-Overlay-Community-41';
const RIGHT = 'public';
const V3_KEYS = ['ui-auth-Secret-77', 'ui-priv-Secret-88'];
const FILE_V3 = '{ name: ops, level: authPriv, authProtocol: sha, authKey: file-auth-Key-1, privProtocol: aes, privKey: file-priv-Key-2 }';


/** The rows of the credentials table: `community:<source>-<index>` and `v3:<name>:<source>`, in order. */
async function rows(page: Page): Promise<string[]> {
  return page.locator('table.snmp-credentials tbody tr').evaluateAll((trs) => trs.map((tr) => {
    const e = tr as HTMLElement;
    return e.dataset.community !== undefined ? `community:${e.dataset.community}` : `v3:${e.dataset.v3user}:${e.dataset.source}`;
  }));
}

for (const kind of ['chromium', 'firefox'] as const satisfies readonly BrowserKind[]) {
t.test(`SNMP credentials in ${kind}: a community added in the UI makes a device answer without a restart; secrets write-only`, { timeout: 300_000 }, async (t) => {
  if (!browserGate(t, kind)) return;
  const ui = await startUiServer(t, {
    devices: 3, interfacesPerDevice: 2, pollInterval: `${POLL_MS / 1000}s`, timeout: `${SNMP_TIMEOUT_MS}ms`, retries: 0,
    networkExtra: '    discoveryInterval: 1h',
    users: [['root', 'root-password', 'admin'], ['ann', 'ann-password', 'user']],
    editConfig: (yaml) => yaml.replace('snmp: { port:', `snmp: { communities: [${FILE_COMMUNITY}], v3Users: [${FILE_V3}], port:`),
  });
  // Everything the server logs from here on (its helper keeps only the end).
  let log = '';
  ui.server.proc.stdout?.on('data', (b: Buffer) => { log += b.toString(); });
  ui.server.proc.stderr?.on('data', (b: Buffer) => { log += b.toString(); });
  const browser = await launchBrowser(t, kind);
  const shot = (p: Page, name: string) => screenshot(p, `snmp-${kind}-${name}`);
  const { page, errors, cookie } = await logIn(browser, ui, 'root', 'root-password');
  const api = async (path: string, init: RequestInit = {}) => {
    const r = await fetch(ui.base + path, { ...init, headers: { cookie, 'content-type': 'application/json', ...(init.headers ?? {}) } });
    return { status: r.status, text: await r.text() };
  };
  const deviceOf = async () => (JSON.parse((await api('/v2/ui/net/1/devices')).text).devices as any[]).find((d) => d.address === DEVICE);

  // A device that answers only `public`, added without a community of its own: it never answers the file's.
  t.equal((await api('/v2/ui/net/1/devices', { method: 'POST', body: JSON.stringify({ address: DEVICE, name: 'edge-2' }) })).status, 200, 'the device is added');
  const added = await waitFor(async () => {
    const d = await deviceOf();
    return d?.pollState.reachability === 'neverAnswered' && /timeout/.test(d.pollState.summary ?? '') ? d : undefined;
  }, 30_000, 'the device listed as never answered');

  await go(page, '#/admin/settings');
  await page.waitForSelector('table.snmp-credentials');
  t.same(await rows(page), ['community:file-0', 'v3:ops:file'], 'the file\'s credentials, by index and name');
  await shot(page, 'file-only');

  // The wrong community first, then the right one: the overlay is tried first, in its order.
  await page.fill('form.add-community input[name=community]', WRONG);
  await page.click('form.add-community button[type=submit]');
  await page.waitForSelector('table.snmp-credentials tr[data-community=ui-0]');
  await page.fill('form.add-community input[name=community]', RIGHT);
  await page.click('form.add-community button[type=submit]');
  await page.waitForSelector('table.snmp-credentials tr[data-community=ui-1]');
  t.same(await rows(page), ['community:ui-0', 'community:ui-1', 'community:file-0', 'v3:ops:file'], 'the UI\'s communities first, then the file\'s');
  t.equal(await page.locator('form.add-community input[name=community]').inputValue(), '', 'the field is emptied once saved');

  // One poll interval, plus the probe's timeouts (the wrong community, then the right one), plus a margin for a loaded machine.
  const fixed = await waitFor(async () => {
    const d = await deviceOf();
    return d?.pollState.reachability === 'answering' ? d : undefined;
  }, POLL_MS + 2 * SNMP_TIMEOUT_MS + 3000, 'the device answering its polls within one poll interval of the change');
  t.equal(fixed.id, added.id, 'the same device, now answering, without a restart');
  const record = await waitFor(async () => {
    const d = JSON.parse((await api(`/v2/ui/net/1/devices/${added.id}`)).text);
    return d.record ? d : undefined;
  }, 30_000, 'the device probed again: its record');
  t.ok(record.record.sysObjectID, 'probed with the new credentials: it has its discovery record');
  await shot(page, 'community-added');

  // A v3 user added in the UI, then the wrong community removed.
  await page.fill('form.add-v3user input[name=name]', 'ui-ops');
  await page.selectOption('form.add-v3user select[name=authProtocol]', 'sha256');
  await page.fill('form.add-v3user input[name=authKey]', V3_KEYS[0]!);
  await page.fill('form.add-v3user input[name=privKey]', V3_KEYS[1]!);
  await page.click('form.add-v3user button[type=submit]');
  await page.waitForSelector('table.snmp-credentials tr[data-v3user=ui-ops]');
  await page.click('table.snmp-credentials tr[data-community=ui-0] button:has-text("Remove")');
  await page.waitForSelector('table.snmp-credentials tr[data-community=ui-1]', { state: 'detached' });
  t.same(await rows(page), ['community:ui-0', 'community:file-0', 'v3:ui-ops:ui', 'v3:ops:file'], 'the right community stays, the user is added');
  const view = JSON.parse((await api('/v2/admin/net/1/snmp')).text);
  t.match(view, { network: 1, communities: [{ source: 'ui', index: 0 }, { source: 'file', index: 0 }], updatedBy: 'root' }, 'the GET names them by source and index');
  t.match(view.v3Users, [{ name: 'ui-ops', level: 'authPriv', authProtocol: 'sha256', privProtocol: 'aes', source: 'ui' }, { name: 'ops', source: 'file' }], 'and the v3 users by name');
  await shot(page, 'credentials-edited');
  t.equal((await deviceOf())?.pollState.reachability, 'answering', 'the device still answers (its community stayed)');

  // A malformed entry: 400 naming the entry, not its value.
  const bad = await api('/v2/admin/net/1/snmp', { method: 'PUT', body: JSON.stringify({ v3Users: [{ name: 'x', authKey: 'short-k', privKey: 'Long-enough-9' }] }) });
  t.equal(bad.status, 400, 'a short key is refused');
  t.match(bad.text, /v3Users\[0\]\.authKey/, 'naming the entry');
  t.notOk(bad.text.includes('short-k'), 'without its value');

  // Write-only: no GET answer, nothing on the page, nothing in the log carries a secret (nor the refused one's).
  const secrets = [WRONG, FILE_COMMUNITY, ...V3_KEYS, 'file-auth-Key-1', 'file-priv-Key-2', 'short-k', 'Long-enough-9'];
  const paths = ['/v2/admin/net/1/snmp', '/v2/ui/net/1/settings', '/v2/ui/net/1/devices', `/v2/ui/net/1/devices/${added.id}`, `/v2/discovery/net/1/devices/${added.id}`];
  const reads = await Promise.all(paths.map(async (p) => ({ p, ...(await api(p)) })));
  t.same(reads.filter((r) => r.status !== 200).map((r) => `${r.p}: ${r.status}`), [], 'every read answers');
  t.same(reads.flatMap((r) => secrets.filter((s) => r.text.includes(s)).map((s) => `${r.p}: ${s}`)), [], 'no GET answer carries a secret');
  t.notOk(reads[0]!.text.includes(`"${RIGHT}"`), 'nor the community that answers');
  const whole = await page.content();
  t.same(secrets.filter((s) => whole.includes(s)), [], 'nor the page');
  t.match(log, /SNMP credentials of a network set through the API/, 'the change is logged');
  t.same(secrets.filter((s) => log.includes(s)), [], 'the server log carries no secret');
  t.notOk(log.includes(`"${RIGHT}"`) || log.includes(`=${RIGHT} `), 'nor the community that answers as a value');

  // The test form of the devices section offers the v3 users in force, the UI's among them.
  await go(page, '#/admin/devices');
  await page.waitForSelector('form.test-form select[name=v3User] option[value=ui-ops]', { state: 'attached' });
  t.same(await page.locator('form.test-form select[name=v3User] option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value)), ['', 'ui-ops', 'ops'], 'the test form names the v3 users in force');

  // A user-role caller: the page refuses them, and so does the server.
  const ann = await logIn(browser, ui, 'ann', 'ann-password');
  const status = async (method: string, body?: unknown) => (await fetch(`${ui.base}/v2/admin/net/1/snmp`, {
    method, headers: { cookie: ann.cookie, 'content-type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}),
  })).status;
  t.equal(await status('GET'), 403, 'GET: 403');
  t.equal(await status('PUT', { communities: [] }), 403, 'PUT: 403');
  t.same(JSON.parse((await api('/v2/admin/net/1/snmp')).text).communities.length, 2, 'and nothing changed');
  t.same(errors, [], 'no console errors');
  t.same(ann.errors, [], 'no console errors for the user');
});
}
