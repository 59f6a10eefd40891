import t from 'tap';
import type { Page } from 'playwright-core';
import { waitFor } from '../fakes/helpers.js';
import { browserGate, launchBrowser, screenshot, startUiServer, watchedPage, type BrowserKind } from '../fakes/browser.js';

/**
 * Alerts for people (issue 26.5) in Chromium and Firefox ESR, logged in as a user-role user on the
 * simulated network (its admin-up, oper-down ports raise interfaceDown alerts, severity warning):
 * the list shows each alert's severity and filters by severity and acknowledgement as the API
 * does; an alert's detail shows its rule's condition, a chart of its input and state around the
 * activation and its activations; acknowledging it with a comment records who, when and the
 * comment in the API and on the page; the device and component names link to the device page,
 * whose alert history lists the alert's activations as the API's history does; withdrawing the
 * acknowledgement reaches the API. No console errors.
 */

interface Alert {
  key: string; name: string; deviceId: number; deviceName: string; componentName: string; componentIndex: number; active: boolean;
  activeSince: number; severity: string; acknowledged: boolean; acknowledgedBy: string; acknowledgedAt: number; acknowledgeComment: string;
}
interface Rule { name: string; severity: string; condition: string; input: string }
interface HistoryEntry { key: string; enteredAt: number; clearedAt: number }

/** The keys of the alert rows the page shows, once the list has loaded. */
async function uiKeys(page: Page): Promise<string[]> {
  await page.waitForSelector('.alerts-count, .alerts-list .empty');
  return (await page.$$eval('table.alerts-table tbody tr', (rows) => rows.map((r) => r.getAttribute('data-key') ?? ''))).sort();
}

const BROWSERS: readonly BrowserKind[] = ['chromium', 'firefox'];

t.test('web UI: severities, acknowledgement, an alert\'s detail and a device\'s alert history', { timeout: 600_000 }, async (t) => {
  const kinds = BROWSERS.filter((k) => browserGate(t, k));
  if (kinds.length === 0) return;
  const ui = await startUiServer(t, { users: [['alice', 'alice-password', 'user']] });
  const basic = { authorization: `Basic ${Buffer.from('alice:alice-password').toString('base64')}` };
  const api = async <T>(path: string): Promise<T> => (await (await fetch(`${ui.base}${path}`, { headers: basic })).json()) as T;

  const downs = await waitFor(async () => {
    const list = (await api<Alert[]>('/v2/alerts/net/1/alerts?active=true')).filter((a) => a.name === 'interfaceDown');
    return list.length >= kinds.length ? list : undefined;
  }, 120_000, `${kinds.length} interfaceDown alerts`);
  const rules = await api<Rule[]>('/v2/alerts/net/1/rules');
  const rule = rules.find((r) => r.name === 'interfaceDown')!;
  t.equal(rule.severity, 'warning', 'the built-in interfaceDown rule is a warning');

  for (const [n, kind] of kinds.entries()) {
    await t.test(kind, async (t) => {
      const target = downs[n]!;
      const browser = await launchBrowser(t, kind);
      const { page, errors } = await watchedPage(browser);
      await page.goto(`${ui.base}/`);
      await page.waitForSelector('form.login');
      await page.fill('input[name=user]', 'alice');
      await page.fill('input[name=password]', 'alice-password');
      await page.click('button[type=submit]');
      await page.waitForSelector('header.top .user');
      errors.length = 0; // the whoami before logging in is an expected 401

      /** Waits until the page's list is the API's answer to `query`, refreshing the page's list between tries. */
      const sameAsApi = (query: string): Promise<string[]> => waitFor(async () => {
        const want = (await api<Alert[]>(`/v2/alerts/net/1/alerts${query}`)).map((a) => a.key).sort();
        const shown = await uiKeys(page);
        if (JSON.stringify(want) === JSON.stringify(shown)) return want;
        await page.click('form.alert-filter button:has-text("Refresh")');
        await page.waitForTimeout(300);
        return undefined;
      }, 60_000, `the page's alerts to be the API's (${query})`);

      // The list: every row's severity is the API's.
      await page.evaluate(() => { location.hash = '#/alerts'; });
      await sameAsApi('?active=true');
      const bySeverity = Object.fromEntries((await api<Alert[]>('/v2/alerts/net/1/alerts?active=true')).map((a) => [a.key, a.severity]));
      const shownSeverity = Object.fromEntries(await page.$$eval('table.alerts-table tbody tr', (rows) =>
        rows.map((r) => [r.getAttribute('data-key'), r.querySelector('.sev')?.textContent ?? ''])));
      t.same(shownSeverity, bySeverity, 'each row shows its alert\'s severity');
      await screenshot(page, `alerts-people-list-${kind}`);

      // Severity filter: the select narrows the list as the API's `severity` does.
      for (const sev of ['warning', 'critical', 'info']) {
        await page.selectOption('form.alert-filter select[name=severity]', sev);
        await page.waitForFunction((s) => location.hash.includes(`severity=${s}`), sev);
        const keys = await sameAsApi(`?active=true&severity=${sev}`);
        t.ok(sev !== 'warning' || keys.includes(target.key), `severity ${sev}: the API's ${keys.length} alerts`);
      }
      await page.selectOption('form.alert-filter select[name=severity]', '');
      await page.waitForFunction(() => !location.hash.includes('severity='));

      // The detail: the rule's condition, a chart of the input and state around the activation, the activations.
      await page.evaluate((k) => { location.hash = `#/alerts?key=${k}`; }, target.key);
      await page.waitForSelector(`aside.alert-details[data-key="${target.key}"] [data-field=rule-condition]`);
      t.equal(await page.textContent('aside.alert-details [data-field=rule-condition]'), rule.condition, 'the detail shows the rule\'s condition');
      t.equal(await page.textContent('aside.alert-details [data-field=rule-input]'), rule.input, 'and its input');
      const chart = await page.waitForSelector('aside.alert-details .alert-chart .chart canvas');
      t.ok(chart, 'a chart is drawn');
      const series = Number(await page.getAttribute('aside.alert-details .alert-chart .chart', 'data-series'));
      const points = Number(await page.getAttribute('aside.alert-details .alert-chart .chart', 'data-points'));
      t.equal(series, 2, 'of the input and the alert\'s state');
      t.ok(points > 0, `with ${points} points`);
      const history = await api<HistoryEntry[]>(`/v2/alerts/net/1/history?key=${target.key}`);
      const shownEntered = await page.$$eval('aside.alert-details table.history tbody tr', (rows) => rows.map((r) => Number(r.getAttribute('data-entered'))));
      t.same(shownEntered, history.map((h) => h.enteredAt), 'the activations are the API\'s history of the alert');
      t.equal(history[0]?.enteredAt, target.activeSince, 'the newest is the current activation');
      await screenshot(page, `alert-people-detail-${kind}`);

      // Acknowledge with a comment: who, when and the comment, in the API and on the page.
      const comment = `on it from ${kind}: replacing the cable`;
      await page.fill('form.ack-form textarea[name=ack-comment]', comment);
      const before = Date.now();
      await page.click('form.ack-form button[type=submit]');
      await page.waitForSelector('aside.alert-details .ack-state.acknowledged');
      const acked = await api<Alert>(`/v2/alerts/net/1/alerts/${target.key}`);
      t.equal(acked.acknowledged, true, 'the API\'s alert is acknowledged');
      t.equal(acked.acknowledgedBy, 'alice', 'by the logged-in user');
      t.equal(acked.acknowledgeComment, comment, 'with the comment');
      t.ok(acked.acknowledgedAt >= before - 1000 && acked.acknowledgedAt <= Date.now() + 1000, 'at the time of the click');
      t.equal(acked.active, true, 'and it stays active');
      t.equal(await page.textContent('aside.alert-details [data-field=ack-by]'), 'alice', 'the detail says who');
      t.equal(await page.textContent('aside.alert-details .ack-comment'), comment, 'and the comment');
      await page.waitForSelector(`tr[data-key="${target.key}"].is-acked`);
      t.match(await page.textContent(`tr[data-key="${target.key}"] .ack-cell`) ?? '', /by alice/, 'the row shows it acknowledged');
      await screenshot(page, `alert-people-acknowledged-${kind}`);

      // Acknowledgement filter: acknowledged and unacknowledged, each the API's.
      await page.click('.ack-seg a[data-ack=acknowledged]');
      t.ok((await sameAsApi('?active=true&acknowledged=true')).includes(target.key), '"Acknowledged" lists the API\'s acknowledged alerts, the target among them');
      await page.click('.ack-seg a[data-ack=unacknowledged]');
      t.notOk((await sameAsApi('?active=true&acknowledged=false')).includes(target.key), '"Unacknowledged" lists the API\'s others, without it');
      await screenshot(page, `alerts-people-unacknowledged-${kind}`);
      await page.click('.ack-seg a[data-ack=any]');
      await sameAsApi('?active=true');

      // Links: the device name to the device page, the interface to its Interfaces tab.
      const row = `table.alerts-table tr[data-key="${target.key}"]`;
      t.equal(await page.getAttribute(`${row} a.device-link`, 'href'), `#/device/${target.deviceId}`, 'the device name links to the device page');
      t.equal(await page.getAttribute(`${row} a.component-link`, 'href'), `#/device/${target.deviceId}?tab=interfaces`, 'the interface name to its Interfaces tab');
      await page.click(`${row} a.component-link`);
      await page.waitForSelector('table.interfaces tbody tr');
      t.pass('the interface link opens the device\'s interfaces');
      await page.evaluate((k) => { location.hash = `#/alerts?key=${k}`; }, target.key);
      await page.click(`${row} a.device-link`);

      // The device's alert history: its alerts' activations as the API's history of the device.
      await page.waitForSelector(`.device-alert-history tr[data-key="${target.key}"]`);
      const deviceHistory = await api<HistoryEntry[]>(`/v2/alerts/net/1/history?deviceId=${target.deviceId}&limit=100`);
      const shown = await waitFor(async () => {
        const rows = await page.$$eval('.device-alert-history tbody tr', (rs) => rs.map((r) => `${r.getAttribute('data-key')}@${r.getAttribute('data-entered')}`));
        const want = (await api<HistoryEntry[]>(`/v2/alerts/net/1/history?deviceId=${target.deviceId}&limit=100`)).map((h) => `${h.key}@${h.enteredAt}`);
        return JSON.stringify(rows) === JSON.stringify(want) ? rows : undefined;
      }, 30_000, 'the device\'s history to be the API\'s');
      t.ok(shown.length >= 1 && deviceHistory.every((h) => h.key !== ''), `the device page lists the API's ${shown.length} activations of its alerts`);
      const activeRow = `.summary table.alerts tr[data-key="${target.key}"]`;
      await page.waitForSelector(activeRow);
      t.equal(await page.textContent(`${activeRow} .sev`), 'warning', 'the device\'s active alerts show the severity');
      t.match(await page.textContent(`${activeRow} .ack-cell`) ?? '', /by alice/, 'and the acknowledgement');
            await screenshot(page, `device-alert-history-${kind}`);
      await page.click(`.device-alert-history tr[data-key="${target.key}"] a.alert-link`);
      await page.waitForSelector(`aside.alert-details[data-key="${target.key}"] .ack-state.acknowledged`);
      t.pass('an alert of the history links to its detail');

      // Withdraw the acknowledgement.
      await page.click('aside.alert-details button:has-text("Withdraw acknowledgement")');
      await page.waitForSelector('aside.alert-details form.ack-form');
      const withdrawn = await api<Alert>(`/v2/alerts/net/1/alerts/${target.key}`);
      t.same([withdrawn.acknowledged, withdrawn.acknowledgedBy, withdrawn.acknowledgedAt, withdrawn.acknowledgeComment], [false, '', 0, ''],
        'withdrawn: the API\'s alert is no longer acknowledged');

      t.same(errors, [], 'no console errors');
    });
  }
});
