import t, { type Test } from 'tap';
import type { Page } from 'playwright-core';
import { waitFor } from '../fakes/helpers.js';
import { browserGate, launchBrowser, screenshot, startUiServer, watchedPage, type BrowserKind } from '../fakes/browser.js';

/**
 * Maps keep their shape (issue 26, point 2), in Chromium and Firefox ESR on the simulated network:
 * a new view's map has every device placed by the server; dragging one device with the mouse and
 * reloading the page leaves every other device at exactly its earlier position and the dragged one
 * where it was dropped (positions read from the SVG, and the map call agreeing); Reset lays the map
 * out as a new view again (every device back where it first was); Fit puts every device inside the
 * window. Each browser works on a view of its own.
 */

interface MapAnswer {
  generation: number | null;
  devices: { id: number; name: string; x: number | null; y: number | null }[];
  links: unknown[];
}
type Positions = Record<number, [number, number]>;

/** Every drawn device's position, from its SVG transform (`translate(x,y)`), by id. */
async function drawn(page: Page): Promise<Positions> {
  const rows = await page.$$eval('svg.netmap g.dev', (gs) => gs.map((g) => {
    const m = /translate\(([-\d.e]+),\s*([-\d.e]+)\)/.exec(g.getAttribute('transform') ?? '');
    return [Number(g.getAttribute('data-id')), m ? Number(m[1]) : NaN, m ? Number(m[2]) : NaN] as const;
  }));
  return Object.fromEntries(rows.map(([id, x, y]) => [id, [x, y]]));
}

/** The map call's positions by id (null stays null: the checks below see it). */
const fromApi = (m: MapAnswer): Positions => Object.fromEntries(m.devices.map((d) => [d.id, [d.x, d.y] as [number, number]]));

/** A device whose centre on screen is its own (no label or other device over it), and that centre. */
function grabbable(page: Page): Promise<{ id: number; x: number; y: number } | null> {
  return page.$$eval('svg.netmap g.dev', (gs) => {
    for (const g of gs) {
      const r = g.querySelector('path')!.getBoundingClientRect();
      const x = r.left + r.width / 2, y = r.top + r.height / 2;
      const top = document.elementFromPoint(x, y)?.closest('g.dev');
      if (top === g && x > 150 && y > 150 && x < innerWidth - 150 && y < innerHeight - 150) return { id: Number(g.getAttribute('data-id')), x, y };
    }
    return null;
  });
}

async function run(t: Test, kind: BrowserKind, base: string, expected: MapAnswer): Promise<void> {
  const api = async <T>(path: string, init?: RequestInit): Promise<T> => {
    const r = await fetch(`${base}${path}`, init);
    if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
    return (await r.json()) as T;
  };
  const view = (await api<{ id: number }>('/v2/ui/net/1/views', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).id;
  const mapPath = `/v2/ui/net/1/views/${view}/map`;
  const n = expected.devices.length;

  const browser = await launchBrowser(t, kind);
  const { page, errors } = await watchedPage(browser);
  page.on('dialog', (d) => { void d.accept(); }); // Reset asks first
  // The bodies of the page's PUT calls, kept by the page itself (Firefox's driver does not hand
  // over request bodies).
  await page.addInitScript(() => {
    const w = window as unknown as { puts: string[]; fetch: typeof fetch };
    const original = w.fetch.bind(window);
    w.puts = [];
    w.fetch = (input, init) => { if (init?.method === 'PUT') w.puts.push(String(init.body)); return original(input, init); };
  });
  const allDrawn = () => page.waitForFunction((count) => document.querySelectorAll('svg.netmap g.dev').length === count, n);

  await page.goto(`${base}/#/map/${view}`);
  await allDrawn();
  const first = await drawn(page);
  const firstApi = fromApi(await api<MapAnswer>(mapPath));
  t.equal(Object.keys(first).length, n, `${kind}: every device drawn`);
  t.ok(Object.values(firstApi).every(([x, y]) => x !== null && y !== null), `${kind}: a new view's map call places every device`);
  t.same(first, firstApi, `${kind}: each drawn where the map call places it`);
  await screenshot(page, `map-shape-${kind}-new-view`);

  // Drag one device with the mouse.
  const grab = await grabbable(page);
  t.ok(grab, `${kind}: a device to drag`);
  if (!grab) return;
  const saved = page.waitForResponse((r) => r.url().endsWith(`/views/${view}/coordinates`) && r.request().method() === 'PUT');
  await page.mouse.move(grab.x, grab.y);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(grab.x - 12 * i, grab.y + 7 * i);
  await page.mouse.up();
  const put = await saved;
  t.equal(put.status(), 200, `${kind}: the drag is saved`);
  const bodies = await page.evaluate(() => (window as unknown as { puts: string[] }).puts);
  t.same(bodies.map((b) => (JSON.parse(b) as { id: number }[]).map((e) => e.id)), [[grab.id]], `${kind}: one coordinates call, of the dragged device only`);
  await page.waitForSelector('.map-note');
  const dropped = await drawn(page);
  t.ok(dropped[grab.id]![0] < first[grab.id]![0] && dropped[grab.id]![1] > first[grab.id]![1],
    `${kind}: the dragged device moved left and down (${first[grab.id]} → ${dropped[grab.id]})`);
  const others = (p: Positions) => Object.fromEntries(Object.entries(p).filter(([id]) => Number(id) !== grab.id));
  t.same(others(dropped), others(first), `${kind}: while dragging, no other device moved`);

  await page.reload();
  await allDrawn();
  const reloaded = await drawn(page);
  t.same(others(reloaded), others(first), `${kind}: after a reload every other device is exactly where it was`);
  t.same(reloaded[grab.id], dropped[grab.id], `${kind}: and the dragged one where it was dropped`);
  t.same(fromApi(await api<MapAnswer>(mapPath)), reloaded, `${kind}: as the map call answers`);
  await screenshot(page, `map-shape-${kind}-after-reload`);

  // Reset: the layout of a new view again, so every device back where it first was.
  const resetCall = page.waitForResponse((r) => r.url().includes(`/views/${view}/map?layout=reset`));
  await page.click('button:has-text("Reset")');
  t.equal((await resetCall).status(), 200, `${kind}: Reset calls layout=reset`);
  await page.waitForSelector('.map-note:has-text("laid out anew")');
  t.same(await drawn(page), first, `${kind}: after Reset every device is back at its first position`);
  t.same(fromApi(await api<MapAnswer>(mapPath)), first, `${kind}: and stored so`);

  // Fit: every device inside the window (margin 40), stored.
  const fitCall = page.waitForResponse((r) => r.url().includes(`/views/${view}/map?layout=fit`));
  await page.click('button:has-text("Fit")');
  const fitUrl = new URL((await fitCall).url());
  await page.waitForSelector('.map-note:has-text("fitted")');
  const w = Number(fitUrl.searchParams.get('width')), h = Number(fitUrl.searchParams.get('height'));
  const fitted = await drawn(page);
  t.ok(Object.values(fitted).every(([x, y]) => x >= 40 - 0.01 && x <= w - 40 + 0.01 && y >= 40 - 0.01 && y <= h - 40 + 0.01),
    `${kind}: after Fit every device inside the ${w}×${h} window less its margin`);
  t.same(fromApi(await api<MapAnswer>(mapPath)), fitted, `${kind}: and stored so`);
  await screenshot(page, `map-shape-${kind}-fit`);

  t.same(errors, [], `${kind}: no console errors`);
}

t.test('a map keeps its shape: drag one device, reload, the others have not moved', { timeout: 300_000 }, async (t) => {
  if (!browserGate(t)) return;
  const ui = await startUiServer(t, { devices: 12, interfacesPerDevice: 8, pollInterval: '2s' });
  // The SYSTEM view's map once discovery found the devices and their links (a new view shows the same).
  const views = await (await fetch(`${ui.base}/v2/ui/net/1/views`)).json() as { id: number; type: string }[];
  const system = views.find((v) => v.type === 'SYSTEM')!;
  const expected = await waitFor(async () => {
    const r = await fetch(`${ui.base}/v2/ui/net/1/views/${system.id}/map`);
    const m = (await r.json()) as MapAnswer;
    return m.generation !== null && m.devices.length > 0 && m.links.length > 0 ? m : undefined;
  }, 90_000, 'a discovered map');

  await t.test('chromium', async (t) => { await run(t, 'chromium', ui.base, expected); });
  await t.test('firefox', async (t) => {
    if (!browserGate(t, 'firefox')) return;
    await run(t, 'firefox', ui.base, expected);
  });
});
