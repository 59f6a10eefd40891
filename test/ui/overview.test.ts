import t from 'tap';
import type { Page } from 'playwright-core';
import { waitFor } from '../fakes/helpers.js';
import { browserGate, launchBrowser, screenshot, startUiServer, watchedPage } from './browser.js';

/**
 * The overview (home) page in a real browser, on the simulated network with one device declared at
 * an address where nothing answers (never answered: it raises deviceUnreachable; the simulator's
 * admin-up, oper-down ports raise interfaceDown): the page is what `/` opens; its device counts by
 * state are the device list call's, its active alerts per rule the alert call's, its busiest
 * interfaces the `vars` call's sorted by utilisation, its seeds and health components the status and
 * healthcheck calls'; the navigation's badge shows the active-alert count, on this page and others.
 */
const SILENT = '127.1.0.240';
const STATES = ['answering', 'unreachable', 'neverAnswered', 'unknown'] as const;

interface Device { id: number; pollState: { reachability: string | null } }
interface Alert { name: string; deviceId: number; silenced: boolean; active: boolean }

/** The API's numbers the page must show: devices by state, active alerts by rule. */
async function apiNumbers(base: string): Promise<{ devices: Record<string, number>; rules: Record<string, number>; active: number }> {
  const { devices } = await (await fetch(`${base}/v2/ui/net/1/devices`)).json() as { devices: Device[] };
  const byState: Record<string, number> = { total: devices.length };
  for (const s of STATES) byState[s] = devices.filter((d) => (d.pollState.reachability ?? 'unknown') === s).length;
  const alerts = await (await fetch(`${base}/v2/alerts/net/1/alerts?active=true`)).json() as Alert[];
  const rules: Record<string, number> = {};
  for (const a of alerts) rules[a.name] = (rules[a.name] ?? 0) + 1;
  return { devices: byState, rules, active: alerts.length };
}

/** The same numbers as the page shows them. */
async function pageNumbers(page: Page): Promise<{ devices: Record<string, number>; rules: Record<string, number>; active: number }> {
  await page.waitForSelector('.ov-devices [data-count=total]');
  await page.waitForSelector('.ov-alerts [data-count=active]');
  const devices = await page.$$eval('.ov-devices [data-count]', (els) => Object.fromEntries(els.map((e) => [e.getAttribute('data-count'), Number(e.textContent)])));
  const rules = await page.$$eval('.ov-rules tbody tr', (rows) => Object.fromEntries(rows.map((r) => [r.getAttribute('data-rule'), Number(r.querySelector('[data-field=active]')?.textContent)])));
  const active = Number(await page.textContent('.ov-alerts [data-count=active]'));
  return { devices, rules, active };
}

t.test('overview: device states, alerts by rule, busiest interfaces, discovery, health, the nav badge', { timeout: 300_000 }, async (t) => {
  if (!browserGate(t)) return;
  const ui = await startUiServer(t, {
    devices: 4, interfacesPerDevice: 4, pollInterval: '2s',
    networkExtra: `    discoveryInterval: 1h\n    devices:\n      - { address: ${SILENT}, name: silent-box }`,
  });
  const api = async <T>(path: string): Promise<T> => (await (await fetch(`${ui.base}${path}`)).json()) as T;

  // Wait for the states the page must show: the silent device never answered, alerts of both kinds.
  await waitFor(async () => {
    const n = await apiNumbers(ui.base);
    return n.devices.neverAnswered === 1 && n.devices.answering === 4 && n.rules.interfaceDown && n.rules.deviceUnreachable ? n : undefined;
  }, 120_000, 'the silent device never answered, the others answering, interfaceDown and deviceUnreachable alerts active');

  const browser = await launchBrowser(t);
  const { page, errors } = await watchedPage(browser);
  await page.goto(`${ui.base}/`);
  await page.waitForSelector('.overview-page');
  t.equal(await page.textContent('header.top nav a.active'), 'Overview', '/ opens the overview, marked in the navigation');

  // The numbers: equal to the API's at one moment (they move with the polls: read both again until they meet).
  const agreed = await waitFor(async () => {
    const before = await apiNumbers(ui.base);
    const shown = await pageNumbers(page);
    const after = await apiNumbers(ui.base);
    if (JSON.stringify(before) === JSON.stringify(after) && JSON.stringify(shown) === JSON.stringify(before)) return shown;
    await page.click('.overview-head button:has-text("Refresh")');
    await page.waitForTimeout(500);
    return undefined;
  }, 60_000, 'the page\'s numbers to be the API\'s');
  for (const s of ['total', ...STATES]) t.pass(`devices ${s}: ${agreed.devices[s]} on the page and in the device list call`);
  t.equal(agreed.devices.neverAnswered, 1, 'the silent device is counted never answered');
  t.ok(agreed.rules.interfaceDown! > 0 && agreed.rules.deviceUnreachable! > 0, `active alerts by rule as the alert call: ${JSON.stringify(agreed.rules)}`);
  t.equal(agreed.active, Object.values(agreed.rules).reduce((a, b) => a + b, 0), 'the active count is the sum over the rules');

  const row = page.locator(`.ov-failing tr:has-text("${SILENT}")`);
  t.match(await row.textContent() ?? '', /never answered.*never answered: timeout/s, 'the silent device is named with its state and why');

  // The navigation's badge: the active-alert count, here and on another page.
  const badge = async (): Promise<number | undefined> => {
    const n = (await apiNumbers(ui.base)).active;
    const el = await page.$('header.top nav .nav-badge');
    const shown = el ? await el.getAttribute('data-count') : null;
    if (Number(shown) === n && (await apiNumbers(ui.base)).active === n) return n;
    await page.evaluate(() => { location.hash = location.hash === '#/device' ? '#/overview' : '#/device'; });
    return undefined;
  };
  const count = await waitFor(badge, 60_000, 'the badge to show the API\'s active-alert count');
  t.ok(count > 0, `the badge shows ${count}, the alert call's active alerts`);
  await page.evaluate(() => { location.hash = '#/silences'; });
  await page.waitForSelector('.silences-page');
  t.equal(await waitFor(badge, 60_000, 'the badge on the silences page'), (await apiNumbers(ui.base)).active, 'and on another page');

  // Busiest interfaces: the vars call's top items, highest first.
  await page.evaluate(() => { location.hash = '#/overview'; });
  for (const v of ['ifInUtil', 'ifOutUtil']) {
    const items = await api<{ value: string }[]>(`/api/monitor/networks/1/vars?name=${v}&sortBy=curr.desc&limit=10`);
    const withValue = items.filter((i) => i.value !== '').length;
    t.ok(withValue > 0, `${v}: the API has ${withValue} interfaces with a value`);
    const shown = await waitFor(async () => {
      const vals = await page.$$eval(`table.ov-top[data-variable=${v}] td[data-value]`, (tds) => tds.map((td) => Number(td.getAttribute('data-value'))));
      return vals.length > 0 ? vals : undefined;
    }, 30_000, `the ${v} table`);
    t.equal(shown.length, withValue, `${v}: as many rows as the API's top items with a value`);
    t.same(shown, [...shown].sort((a, b) => b - a), `${v}: highest first`);
  }

  // Discovery and health: the status call's seeds, the healthcheck's components.
  const status = await api<{ failingSeeds: unknown[]; latestDiscovery: { number: number } }>('/v2/ui/net/1/status');
  t.equal(Number(await page.getAttribute('.ov-discovery [data-field=failingSeeds]', 'data-count')), status.failingSeeds.length, 'the seeds not answering are the status call\'s');
  t.match(await page.textContent('.ov-discovery [data-field=latestDiscovery]') ?? '', `#${status.latestDiscovery.number}`, 'the latest discovery is the status call\'s');
  const health = await api<{ components: Record<string, unknown> }>('/api/metrics/healthcheck');
  const components = await page.$$eval('.ov-components tr[data-component]', (rows) => rows.map((r) => r.getAttribute('data-component')));
  t.same(components.sort(), Object.keys(health.components).sort(), 'every healthcheck component is shown');
  t.match(await page.textContent('.ov-health [data-component=store]') ?? '', /ok/, 'the store is ok');

  await screenshot(page, 'overview');
  t.same(errors, [], 'no console errors');
});
