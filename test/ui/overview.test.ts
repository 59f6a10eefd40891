import t from 'tap';
import type { Page } from 'playwright-core';
import { waitFor } from '../fakes/helpers.js';
import { browserGate, launchBrowser, screenshot, startUiServer, watchedPage } from '../fakes/browser.js';

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

type Numbers = { devices: Record<string, number>; rules: Record<string, number>; active: number };

/** The numbers the page must show, counted here from the API's answers: devices by state, active alerts by rule. */
function countOf(devices: Device[], alerts: Alert[]): Numbers {
  const byState: Record<string, number> = { total: devices.length };
  for (const s of STATES) byState[s] = devices.filter((d) => (d.pollState.reachability ?? 'unknown') === s).length;
  const rules: Record<string, number> = {};
  for (const a of alerts) rules[a.name] = (rules[a.name] ?? 0) + 1;
  return { devices: byState, rules, active: alerts.length };
}

async function apiNumbers(base: string): Promise<Numbers> {
  const { devices } = await (await fetch(`${base}/v2/ui/net/1/devices`)).json() as { devices: Device[] };
  const alerts = await (await fetch(`${base}/v2/alerts/net/1/alerts?active=true`)).json() as Alert[];
  return countOf(devices, alerts);
}

/** The same numbers as the page shows them. */
async function pageNumbers(page: Page): Promise<Numbers> {
  const devices = await page.$$eval('.ov-devices [data-count]', (els) => Object.fromEntries(els.map((e) => [e.getAttribute('data-count'), Number(e.textContent)])));
  const rules = await page.$$eval('.ov-rules tbody tr', (rows) => Object.fromEntries(rows.map((r) => [r.getAttribute('data-rule'), Number(r.querySelector('[data-field=active]')?.textContent)])));
  const active = Number(await page.textContent('.ov-alerts [data-count=active]'));
  return { devices, rules, active };
}

/** The numbers as text with every key in order (the page lists rules by count, the API's alerts come in key order). */
function canonical(n: Numbers): string {
  const sorted = (o: Record<string, number>): [string, number][] => Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([sorted(n.devices), sorted(n.rules), n.active]);
}

const isDevicesCall = (url: string): boolean => new URL(url).pathname === '/v2/ui/net/1/devices';
const isActiveAlertsCall = (url: string): boolean => new URL(url).pathname === '/v2/alerts/net/1/alerts' && new URL(url).search === '?active=true';

/**
 * Refreshes the overview and takes the answers the API gave the page (the states move with the
 * polls: a fetch of the test's own could see a later poll), then waits until the page shows what the
 * test counts in them. Undefined when the page does not (a later answer overtook, say): try again.
 */
async function refreshedAgainstApi(page: Page): Promise<Numbers | undefined> {
  const [devRes, alertRes] = await Promise.all([
    page.waitForResponse((r) => isDevicesCall(r.url())),
    page.waitForResponse((r) => isActiveAlertsCall(r.url())),
    page.click('.overview-head button:has-text("Refresh")'),
  ]);
  const expected = countOf(((await devRes.json()) as { devices: Device[] }).devices, (await alertRes.json()) as Alert[]);
  let shown: Numbers | undefined;
  for (let i = 0; i < 20; i++) {
    shown = await pageNumbers(page);
    if (canonical(shown) === canonical(expected)) return expected;
    await page.waitForTimeout(250);
  }
  // Said when every try fails (waitFor names the last error).
  throw new Error(`the page shows ${JSON.stringify(shown)}, the API's answers ${JSON.stringify(expected)}`);
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

  // The numbers: those of the API's answers to the page's calls, counted by the test.
  await page.waitForSelector('.ov-devices [data-count=total]');
  await page.waitForSelector('.ov-alerts [data-count=active]');
  const agreed = await waitFor(() => refreshedAgainstApi(page), 60_000, 'the page\'s numbers to be the API\'s');
  for (const s of ['total', ...STATES]) t.pass(`devices ${s}: ${agreed.devices[s]} on the page and in the device list call`);
  t.equal(agreed.devices.neverAnswered, 1, 'the silent device is counted never answered');
  t.ok(agreed.rules.interfaceDown! > 0 && agreed.rules.deviceUnreachable! > 0, `active alerts by rule as the alert call: ${JSON.stringify(agreed.rules)}`);
  t.equal(agreed.active, Object.values(agreed.rules).reduce((a, b) => a + b, 0), 'the active count is the sum over the rules');

  const row = page.locator(`.ov-failing tr:has-text("${SILENT}")`);
  t.match(await row.textContent() ?? '', /never answered.*never answered: timeout/s, 'the silent device is named with its state and why');

  // The navigation's badge: the active-alert count of the alert call's answer, here and on another page
  // (a page change has the badge read the call again).
  const badge = async (hash: string): Promise<number | undefined> => {
    const [res] = await Promise.all([
      page.waitForResponse((r) => isActiveAlertsCall(r.url())),
      page.evaluate((h) => { location.hash = h; }, hash),
    ]);
    const n = ((await res.json()) as Alert[]).length;
    for (let i = 0; i < 20; i++) {
      const el = await page.$('header.top nav .nav-badge');
      if (el && Number(await el.getAttribute('data-count')) === n) return n;
      await page.waitForTimeout(250);
    }
    return undefined;
  };
  const count = await waitFor(() => badge('#/device'), 60_000, 'the badge to show the API\'s active-alert count');
  t.ok(count > 0, `the badge shows ${count}, the alert call's active alerts (on the device list)`);
  const again = await waitFor(() => badge('#/silences'), 60_000, 'the badge on the silences page');
  t.ok(again > 0, `and ${again} on the silences page, the alert call's answer there`);
  t.equal(Number(await page.getAttribute('header.top nav .nav-badge', 'data-count')), again, 'the badge is in the navigation');

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
