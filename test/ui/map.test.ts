import t from 'tap';
import { waitFor } from '../fakes/helpers.js';
import { browserGate, launchBrowser, screenshot, startUiServer, watchedPage } from '../fakes/browser.js';

/**
 * The network map page (`#/map/<viewId>`) in a real browser on the simulated network: every device
 * and link of the API's map call drawn (count and names from the API's own answer), a dragged
 * device's position stored by the coordinates call and shown again after a reload, the hover popup,
 * the earlier-time mode, the error of an unknown view, no console errors.
 */

interface MapAnswer {
  generation: number | null;
  devices: { id: number; name: string; x: number | null; y: number | null }[];
  links: { a: { deviceId: number; ifIndex: number }; b: { deviceId: number; ifIndex: number } }[];
}

t.test('network map: every device and link, drag persists, hover popup', { timeout: 240_000 }, async (t) => {
  if (!browserGate(t)) return;
  const ui = await startUiServer(t, { devices: 12, interfacesPerDevice: 8, pollInterval: '2s' });
  const api = async <T>(path: string): Promise<T> => {
    const r = await fetch(`${ui.base}${path}`);
    if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
    return (await r.json()) as T;
  };

  // The network's view (the SYSTEM "Whole network") and its map once discovery completed.
  const views = await api<{ id: number; type: string; name: string }[]>('/v2/ui/net/1/views');
  const view = views.find((v) => v.type === 'SYSTEM')!;
  t.ok(view, 'the network has its SYSTEM view');
  const mapPath = `/v2/ui/net/1/views/${view.id}/map`;
  const expected = await waitFor(async () => {
    const m = await api<MapAnswer>(mapPath);
    return m.generation !== null && m.devices.length > 0 && m.links.length > 0 ? m : undefined;
  }, 90_000, 'a discovered map');

  // Utilisation needs two polls (a rate): wait until the values call has some, so the links are coloured.
  const valuesPath = `/v2/ui/net/1/views/${view.id}/linkVar/ifInUtil/nodeVar/reachable`;
  const values = await waitFor(async () => {
    const v = await api<{ links: { a: { value: number | null }; b: { value: number | null } }[] }>(valuesPath);
    return v.links.some((l) => l.a.value !== null || l.b.value !== null) ? v : undefined;
  }, 90_000, 'link utilisation values');
  t.ok(values.links.length > 0, 'the values call answers the map\'s links');

  const browser = await launchBrowser(t);
  const { page, errors } = await watchedPage(browser);
  await page.goto(`${ui.base}/#/map/${view.id}`);
  await page.waitForFunction((n) => document.querySelectorAll('svg.netmap g.dev').length === n, expected.devices.length);
  // Values colour the devices once read (the `reachable` answer): wait for them before the screenshot.
  await page.waitForSelector('svg.netmap g.dev.up, svg.netmap g.dev.down');
  await page.waitForSelector('.map-stamp');
  await page.waitForSelector('svg.netmap g.link[data-v]', { state: 'attached' });
  await screenshot(page, 'map');

  // Every device and link of the API's answer, by name and by ends.
  const shown = await page.$$eval('svg.netmap g.dev', (gs) => gs.map((g) => ({ id: Number(g.getAttribute('data-id')), name: g.querySelector('.dev-label')?.textContent ?? '' })));
  t.equal(shown.length, expected.devices.length, `the map shows the API's ${expected.devices.length} devices`);
  t.same(shown.map((d) => d.name).sort(), expected.devices.map((d) => d.name).sort(), 'with the API\'s device names as labels');
  t.same(shown.map((d) => d.id).sort((a, b) => a - b), expected.devices.map((d) => d.id).sort((a, b) => a - b), 'and ids');
  const links = await page.$$eval('svg.netmap g.link', (gs) => gs.map((g) => `${g.getAttribute('data-a')}-${g.getAttribute('data-b')}`));
  t.equal(links.length, expected.links.length, `the map shows the API's ${expected.links.length} links`);
  t.same(links.sort(), expected.links.map((l) => `${l.a.deviceId}:${l.a.ifIndex}-${l.b.deviceId}:${l.b.ifIndex}`).sort(), 'between the API\'s interface ends');
  const counts = await page.textContent('.map-counts');
  t.match(counts ?? '', new RegExp(`${expected.devices.length} devices · ${expected.links.length} links`), 'the counts in the bar');
  t.match(await page.textContent('.map-legend') ?? '', /≥ 90 %/, 'the utilisation legend is shown');

  // Hover a device: its popup (the popup call's variables).
  const first = expected.devices[0]!;
  await page.hover(`svg.netmap g.dev[data-id="${first.id}"] path`);
  await page.waitForSelector('.map-popup table');
  const popupText = await page.textContent('.map-popup') ?? '';
  t.match(popupText, first.name, 'the device popup names the device');
  const devPopup = await api<{ info: { legend: string }[] }>(`/v2/ui/net/1/popup/device/${first.id}`);
  t.ok(devPopup.info.length > 0 && popupText.includes(devPopup.info[0]!.legend), 'and lists the popup call\'s variables');
  await screenshot(page, 'map-popup-device');

  // Hover a link: the popups of its two ends.
  await page.mouse.move(5, 5);
  await page.waitForSelector('.map-popup', { state: 'detached' });
  // The pointer goes to a point of the first link where the topmost element is a link (a device's
  // label may cover the middle of one), found again on each try: on a loaded machine the map may be
  // drawn anew between reading a position and moving there.
  const pointOnLink = () => page.$eval('svg.netmap g.link .hit', (line) => {
    const l = line as SVGLineElement;
    const m = l.getScreenCTM()!;
    for (const f of [0.5, 0.4, 0.6, 0.3, 0.7, 0.25, 0.75]) {
      const p = new DOMPoint(l.x1.baseVal.value + f * (l.x2.baseVal.value - l.x1.baseVal.value), l.y1.baseVal.value + f * (l.y2.baseVal.value - l.y1.baseVal.value)).matrixTransform(m);
      if (document.elementFromPoint(p.x, p.y)?.closest('g.link')) return { x: p.x, y: p.y };
    }
    return null;
  });
  let linkPopup = false;
  for (let attempt = 0; attempt < 6 && !linkPopup; attempt++) {
    const at = await pointOnLink();
    if (!at) continue;
    await page.mouse.move(5, 5);
    await page.mouse.move(at.x, at.y);
    linkPopup = await page.waitForSelector('.map-popup .popup-title:has-text("Link")', { timeout: 5_000 }).then(() => true, () => false);
  }
  t.ok(linkPopup, 'hovering a link opens the link popup');
  await page.waitForSelector('.map-popup table');
  t.pass('hovering a link shows its popup');
  await screenshot(page, 'map-popup-link');
  await page.mouse.move(5, 5);

  // Drag a device: its position is stored (the coordinates call) and survives a reload.
  const target = expected.devices[expected.devices.length - 1]!;
  const sel = `svg.netmap g.dev[data-id="${target.id}"]`;
  const before = await page.$eval(sel, (g) => ({ x: Number(g.getAttribute('data-x')), y: Number(g.getAttribute('data-y')) }));
  const box = (await (await page.$(`${sel} path`))!.boundingBox())!;
  const cx = box.x + box.width / 2, cy = box.y + box.height / 2;
  const saved = page.waitForResponse((r) => r.url().endsWith(`/views/${view.id}/coordinates`) && r.request().method() === 'PUT');
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(cx - 10 * i, cy + 6 * i);
  await page.mouse.up();
  t.equal((await saved).status(), 200, 'the drag is saved with the coordinates call');
  await page.waitForSelector('.map-note');
  const after = await page.$eval(sel, (g) => ({ x: Number(g.getAttribute('data-x')), y: Number(g.getAttribute('data-y')) }));
  t.ok(after.x < before.x && after.y > before.y, `the device moved left and down (${before.x},${before.y} → ${after.x},${after.y})`);
  const stored = (await api<MapAnswer>(mapPath)).devices.find((d) => d.id === target.id)!;
  t.same({ x: stored.x, y: stored.y }, after, 'the map call answers the dragged position');
  t.equal(page.url().includes('#/map/'), true, 'a drag does not open the device');

  await page.reload();
  await page.waitForFunction((n) => document.querySelectorAll('svg.netmap g.dev').length === n, expected.devices.length);
  const reloaded = await page.$eval(sel, (g) => ({ x: Number(g.getAttribute('data-x')), y: Number(g.getAttribute('data-y')) }));
  t.same(reloaded, after, 'after a reload the device is where it was dropped');
  await screenshot(page, 'map-after-drag');

  // Pan and zoom change the viewBox only.
  const vb0 = await page.getAttribute('svg.netmap', 'viewBox');
  await page.click('button[aria-label="Zoom in"]');
  const vb1 = await page.getAttribute('svg.netmap', 'viewBox');
  t.ok(Number(vb1!.split(' ')[2]) < Number(vb0!.split(' ')[2]), 'zoom in narrows the viewBox');
  const sb = (await (await page.$('svg.netmap'))!.boundingBox())!;
  await page.mouse.move(sb.x + sb.width - 30, sb.y + 20);
  await page.mouse.down();
  await page.mouse.move(sb.x + sb.width - 130, sb.y + 70, { steps: 4 });
  await page.mouse.up();
  const vb2 = await page.getAttribute('svg.netmap', 'viewBox');
  t.not(vb2, vb1, 'dragging the background pans');
  t.equal(Number(vb2!.split(' ')[2]), Number(vb1!.split(' ')[2]), 'without zooming');

  // Click a device: its panel.
  await page.click(`svg.netmap g.dev[data-id="${first.id}"] path`);
  await page.waitForFunction((id) => location.hash === `#/device/${id}`, first.id);
  t.pass('clicking a device opens #/device/<id>');

  // The map at an earlier time: both calls with `timestamp`, and back to live.
  const at = Date.now() - 1000;
  const stamped = page.waitForResponse((r) => r.url().includes(`/map?timestamp=${at}`));
  await page.goto(`${ui.base}/#/map/${view.id}?at=${at}`);
  t.equal((await stamped).status(), 200, 'the map call is made with the timestamp');
  await page.waitForSelector('.past-badge');
  await page.waitForFunction((n) => document.querySelectorAll('svg.netmap g.dev').length === n, expected.devices.length);
  await screenshot(page, 'map-earlier');
  await page.click('button:has-text("Back to live")');
  await page.waitForSelector('.live-badge');
  t.pass('earlier-time mode, then back to live');

  // Auto layout: the server's positions, stored, drawn.
  const laid = page.waitForResponse((r) => r.url().includes('/map?layout=auto'));
  await page.click('button:has-text("Auto layout")');
  t.equal((await laid).status(), 200, 'Auto layout calls layout=auto');
  await page.waitForSelector('.map-note:has-text("Automatic layout")');
  const auto = await api<MapAnswer>(mapPath);
  const drawn = await page.$$eval('svg.netmap g.dev', (gs) => gs.map((g) => [Number(g.getAttribute('data-id')), Number(g.getAttribute('data-x')), Number(g.getAttribute('data-y'))]));
  t.same(drawn.sort((a, b) => a[0]! - b[0]!), auto.devices.map((d) => [d.id, d.x, d.y]).sort((a, b) => a[0]! - b[0]!), 'every device is drawn at its stored auto-layout position');
  t.ok(auto.devices.every((d) => d.x !== null), 'and every position is stored');
  await screenshot(page, 'map-auto-layout');

  // A view whose rule matches no device: the page says so.
  const created = await fetch(`${ui.base}/v2/ui/net/1/views`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  const emptyId = ((await created.json()) as { id: number }).id;
  const upd = await fetch(`${ui.base}/v2/ui/net/1/views/${emptyId}/update`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Nothing', devRule: "name = 'no-such-device'" }),
  });
  t.equal(upd.status, 200, 'a view matching no device');
  t.equal((await api<MapAnswer>(`/v2/ui/net/1/views/${emptyId}/map`)).devices.length, 0, 'whose map is empty');
  await page.goto(`${ui.base}/#/map/${emptyId}`);
  await page.waitForSelector('.map-empty');
  t.match(await page.textContent('.map-empty') ?? '', /empty/, 'the page says the map is empty');
  await screenshot(page, 'map-empty');

  // An unknown view: the API's error, not a blank page.
  await page.goto(`${ui.base}/#/map/987654`);
  await page.waitForSelector('.map-page .error');
  t.match(await page.textContent('.map-page .error') ?? '', /view/i, 'an unknown view shows the API\'s error');
  await screenshot(page, 'map-unknown-view');

  // The unknown view's 404 is expected; any other console error is a defect.
  t.same(errors.filter((e) => !/status of 404/.test(e)), [], 'no console errors');
});
