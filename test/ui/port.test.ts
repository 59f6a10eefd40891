import t, { type Test } from 'tap';
import type { Page } from 'playwright-core';
import { waitFor } from '../fakes/helpers.js';
import { browserGate, launchBrowser, screenshot, startUiServer, watchedPage, type BrowserKind } from '../fakes/browser.js';

/**
 * Issue 26 point 6, the port page, and the device panel's Neighbours tab, in Chromium and Firefox
 * ESR on the simulated network (a ring: every device has LLDP neighbours): every interface row links
 * to its port page; the page draws traffic in and out mirrored (out below zero) and gives the 95th
 * percentile of the window, equal to the one computed here from the data call's points of the same
 * window; utilisation, errors and discards, unicast and non-unicast (multicast, broadcast) packets
 * are drawn from the interface's variables, the packets mirrored like traffic;
 * the neighbour is the link summary's peer and the LLDP entries the device reported for the port,
 * and its link leads to the peer's port page. The Neighbours tab lists every entry of the full
 * device data, resolved peers linked. No console errors.
 */

interface Neighbor { localIfIndex: number; remoteSysName: string; remotePortId: string; protocol: string }
interface Topo { links: { a: { deviceId: number; ifIndex: number }; b: { deviceId: number; ifIndex: number } }[] }

/** Nearest rank, written here again (not imported): the figure the page must agree with. */
function p95(values: number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.ceil(s.length * 0.95) - 1]!;
}

async function run(t: Test, kind: BrowserKind, base: string): Promise<void> {
  const api = async <T>(path: string): Promise<T> => {
    const r = await fetch(base + path);
    if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
    return r.json() as Promise<T>;
  };
  // A linked port with rate points.
  const topo = await api<Topo>('/v2/discovery/net/1/topo');
  const { a: end, b: other } = topo.links[0]!;
  const devId = end.deviceId, ifIndex = end.ifIndex;
  const brief = await api<{ device: { interfaces: { index: number; name: string }[] } }>(`/v2/ui/net/1/data/device/${devId}`);

  const browser = await launchBrowser(t, kind);
  const { page, errors } = await watchedPage(browser);

  // Every interface row links to its port page; the link opens it.
  await page.goto(`${base}/#/device/${devId}?tab=interfaces`);
  await page.waitForSelector('table.interfaces tbody tr');
  const links = await page.$$eval('table.interfaces td.ifname a', (as) => as.map((a) => a.getAttribute('href')));
  t.same(links, brief.device.interfaces.map((i) => `#/port/${devId}/${i.index}`), 'every interface row links to its port page');
  await page.click(`table.interfaces td.ifname a[href="#/port/${devId}/${ifIndex}"]`);
  await page.waitForSelector('.port-page [data-field=p95In]');
  t.equal(await page.getAttribute('.port-page', 'data-ifindex'), String(ifIndex), 'the row\'s port page');

  // Traffic mirrored, and the 95th percentile of the window's points.
  await page.waitForSelector('[data-chart=traffic] .chart canvas');
  t.equal(await page.getAttribute('[data-chart=traffic] .chart', 'data-series'), '4', 'in, out and the two percentile lines');
  const win = await page.$eval('[data-chart=traffic]', (el) => ({ start: Number(el.getAttribute('data-start')), end: Number(el.getAttribute('data-end')), last: Number(el.getAttribute('data-last')) }));
  const data = await api<{ info: { timeseries: string[] }[] }>(`/v2/ui/net/1/data/ifInRate.${devId}.${ifIndex},ifOutRate.${devId}.${ifIndex}?start=${win.start}&end=${win.end}`);
  // Only the points the page had (a grid step written after it read is left out).
  const [inV, outV] = data.info.map((i) => i.timeseries.slice(1).map((l) => l.split(',').map(Number)).filter(([ts]) => ts! <= win.last).map(([, v]) => v!));
  t.ok(inV!.length > 0, `${inV!.length} inbound points in the window`);
  t.equal(Number(await page.getAttribute('[data-field=p95In]', 'data-value')), p95(inV!), 'the inbound 95th percentile of the window');
  t.equal(Number(await page.getAttribute('[data-field=p95Out]', 'data-value')), p95(outV!), 'the outbound 95th percentile of the window');
  const negative = await page.$eval('[data-chart=traffic]', (el) => el.getAttribute('data-min-out'));
  t.ok(Number(negative) <= 0, `out drawn below zero (lowest ${negative})`);

  // Utilisation, errors and discards, unicast and non-unicast packets: the interface's variables;
  // the packet charts mirrored (out below zero, as traffic).
  const charts: [string, string[], boolean][] = [
    ['util', ['ifInUtil', 'ifOutUtil'], false],
    ['errors', ['ifInErrors', 'ifOutErrors', 'ifInDiscards', 'ifOutDiscards'], false],
    ['packets', ['ifInUcastPkts', 'ifOutUcastPkts'], true],
    ['nucast', ['ifInMulticastPkts', 'ifOutMulticastPkts', 'ifInBroadcastPkts', 'ifOutBroadcastPkts'], true],
  ];
  for (const [chart, names, mirrored] of charts) {
    await page.waitForSelector(`[data-chart=${chart}] .chart canvas`);
    t.same((await page.getAttribute(`[data-chart=${chart}]`, 'data-vars'))!.split(','), names.map((n) => `${n}.${devId}.${ifIndex}`), `${chart}: drawn from ${names.join(', ')}`);
    t.equal(await page.getAttribute(`[data-chart=${chart}] .chart`, 'data-series'), String(names.length), `${chart}: a series per variable`);
    const minOut = Number(await page.getAttribute(`[data-chart=${chart}]`, 'data-min-out'));
    if (mirrored) t.ok(minOut < 0, `${chart}: out drawn below zero (lowest ${minOut})`);
    else t.equal(minOut, 0, `${chart}: not mirrored`);
  }
  t.equal(await page.$('.packets-note'), null, 'no "non-unicast packets are not polled" note');

  // The neighbour: the link summary's peer and the device's LLDP entries for the port.
  const summary = await api<{ peer: { deviceId: number; ifIndex: number } | null }>(`/api/monitor/networks/1/nodes/${devId}/interfaces/${ifIndex}/linkSummary`);
  t.same(summary.peer && [summary.peer.deviceId, summary.peer.ifIndex], [other.deviceId, other.ifIndex], 'the API\'s peer is the topology link\'s other end');
  await page.waitForSelector('.neighbour a.peer');
  t.equal(await page.getAttribute('.neighbour a.peer', 'href'), `#/port/${other.deviceId}/${other.ifIndex}`, 'the neighbour links to the peer\'s port page');
  const full = await api<{ device: { neighbors: Neighbor[] } }>(`/v2/ui/net/1/data/device/${devId}?format=full&category=Status`);
  const entries = full.device.neighbors.filter((n) => n.localIfIndex === ifIndex);
  t.same(await page.$$eval('.neighbour-entry [data-field=remoteSysName]', (dd) => dd.map((d) => d.textContent)), entries.map((n) => n.remoteSysName), 'the LLDP entries of the port');
  await screenshot(page, `port-${kind}`);
  await page.click('.neighbour a.peer');
  await page.waitForFunction((want) => document.querySelector('.port-page')?.getAttribute('data-ifindex') === want && location.hash.startsWith('#/port/'), String(other.ifIndex));
  t.equal(await page.getAttribute('.port-page', 'data-device'), String(other.deviceId), 'the peer\'s port page');

  // The Neighbours tab (a hash change: Firefox fires no load event for one, so no goto).
  await page.evaluate((h) => { location.hash = h; }, `#/device/${devId}?tab=neighbours`);
  await page.waitForSelector('table.neighbours tbody tr');
  const rows = await page.$$eval('table.neighbours tbody tr', (trs) => trs.map((tr) => ({ ifIndex: Number(tr.getAttribute('data-ifindex')), peer: tr.getAttribute('data-peer') })));
  t.same(rows.map((r) => r.ifIndex), full.device.neighbors.map((n) => n.localIfIndex), 'a row per LLDP/CDP entry, in the device\'s order');
  const byPort = new Map(topo.links.flatMap((l) => [[`${l.a.deviceId}:${l.a.ifIndex}`, `${l.b.deviceId}:${l.b.ifIndex}`], [`${l.b.deviceId}:${l.b.ifIndex}`, `${l.a.deviceId}:${l.a.ifIndex}`]]));
  t.same(rows.map((r) => r.peer), rows.map((r) => byPort.get(`${devId}:${r.ifIndex}`) ?? ''), 'each entry resolved to the link\'s other end where discovery linked it');
  t.ok(rows.some((r) => r.peer !== ''), 'some entries resolved');
  await screenshot(page, `device-neighbours-${kind}`);

  t.same(errors, [], 'no console errors');
}

t.test('the port page and the Neighbours tab', { timeout: 300_000 }, async (t) => {
  if (!browserGate(t)) return;
  const ui = await startUiServer(t, { devices: 4, interfacesPerDevice: 4, pollInterval: '2s' });
  await waitFor(async () => {
    const topo = await fetch(`${ui.base}/v2/discovery/net/1/topo`).then((r) => r.json() as Promise<Topo>).catch(() => ({ links: [] }));
    const l = topo.links[0];
    if (!l) return undefined;
    const d = await fetch(`${ui.base}/v2/ui/net/1/data/ifInRate.${l.a.deviceId}.${l.a.ifIndex}?intervalHr=0.2`).then((r) => r.json() as Promise<{ info: { timeseries: string[] }[] }>);
    return (d.info[0]?.timeseries.length ?? 0) > 3 ? true : undefined;
  }, 120_000, 'a linked port with rate points');
  await t.test('chromium', async (t) => { await run(t, 'chromium', ui.base); });
  await t.test('firefox', async (t) => {
    if (!browserGate(t, 'firefox')) return;
    await run(t, 'firefox', ui.base);
  });
});
