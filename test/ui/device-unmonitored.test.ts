import t from 'tap';
import { waitFor } from '../fakes/helpers.js';
import { browserGate, launchBrowser, screenshot, startUiServer, watchedPage } from '../fakes/browser.js';

/**
 * Nothing silently unmonitored, in a real browser: a device declared in the config at an address
 * where no agent answers is in the device list as `never answered` with its reason in words, next to
 * the simulated devices shown `answering`; its panel opens (it is in the generation) and its Last
 * contact says never answered, with the reason.
 */
const SILENT = '127.1.0.240';

t.test('device list and panel: a device that never answered says so, with why', { timeout: 180_000 }, async (t) => {
  if (!browserGate(t)) return;
  const ui = await startUiServer(t, {
    devices: 2, interfacesPerDevice: 2, pollInterval: '2s',
    networkExtra: `    discoveryInterval: 1h\n    devices:\n      - { address: ${SILENT}, name: silent-box }`,
  });
  // The API's own view first: the states the page must show.
  const listed = await waitFor(async () => {
    const r = await fetch(`${ui.base}/v2/ui/net/1/devices`);
    const { devices } = await r.json() as { devices: { id: number; address: string; pollState: { reachability: string | null; reasonKind: string | null; summary: string } }[] };
    const silent = devices.find((d) => d.address === SILENT);
    const others = devices.filter((d) => d.address !== SILENT);
    return silent?.pollState.reasonKind && others.length === 2 && others.every((d) => d.pollState.reachability === 'answering') ? { silent, others } : undefined;
  }, 60_000, 'the silent device with its reason, the others answering');

  const browser = await launchBrowser(t);
  const { page, errors } = await watchedPage(browser);
  await page.goto(`${ui.base}/#/device`);
  const row = page.locator(`tr[data-device="${listed.silent.id}"] td[data-field="state"]`);
  await row.waitFor();
  t.equal(await row.getAttribute('data-value'), 'neverAnswered', 'the list marks it never answered');
  const text = (await row.textContent()) ?? '';
  t.match(text, /never answered/, `the list says never answered: ${text}`);
  t.match(text, /timeout/, 'and why, in words');
  t.match(text, SILENT, 'with the error text naming the address');
  for (const d of listed.others) {
    t.equal(await page.locator(`tr[data-device="${d.id}"] td[data-field="state"]`).getAttribute('data-value'), 'answering', `device ${d.id} answering`);
  }
  await screenshot(page, 'device-list-never-answered');

  await page.goto(`${ui.base}/#/device/${listed.silent.id}`);
  const contact = page.locator('[data-field="pollSummary"]');
  await contact.waitFor();
  t.equal(await contact.getAttribute('data-value'), 'neverAnswered', 'the panel opens and says never answered');
  t.match((await contact.textContent()) ?? '', /never answered: timeout/, 'with the reason');
  t.same(errors, [], 'no page errors');
});
