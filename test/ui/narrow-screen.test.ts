import t from 'tap';
import { browserGate, launchBrowser, screenshot, startUiServer, watchedPage } from '../fakes/browser.js';

/**
 * The web UI on a phone-sized screen (375 px wide, issue 26.7): on every page of the navigation,
 * every navigation link, the device search and the user's corner lie inside the screen (nothing cut
 * off at the right), the header fits, and nothing of the page reaches past the screen but what
 * scrolls inside itself (wide tables, charts).
 */
const WIDTH = 375;

t.test('the navigation at 375 px wide', { timeout: 120_000 }, async (t) => {
  if (!browserGate(t)) return;
  const ui = await startUiServer(t, { devices: 3, interfacesPerDevice: 2 });
  const browser = await launchBrowser(t);
  const { page, errors } = await watchedPage(browser);
  await page.setViewportSize({ width: WIDTH, height: 740 });
  await page.goto(`${ui.base}/`);
  await page.waitForSelector('header.top nav a');
  const links = await page.$$eval('header.top nav a', (as) => as.map((a) => a.getAttribute('href') ?? ''));
  t.ok(links.length >= 5, `${links.length} navigation links`);
  for (const href of links) {
    await page.goto(`${ui.base}/${href}`);
    await page.waitForSelector('header.top nav a');
    await page.waitForTimeout(300); // the page's first answers drawn
    const outside = await page.evaluate((width) => [...document.querySelectorAll('header.top nav a, header.top form.device-search input, header.top .who')]
      .map((e) => ({ what: (e.textContent ?? '').trim() || e.tagName.toLowerCase(), box: e.getBoundingClientRect() }))
      .filter(({ box }) => box.left < 0 || box.right > width + 0.5 || box.width === 0)
      .map(({ what, box }) => `${what} at ${Math.round(box.left)}–${Math.round(box.right)}`), WIDTH);
    t.same(outside, [], `${href}: every link, the search and the user's corner inside the screen`);
    const headerWidth = await page.evaluate(() => document.querySelector('header.top')!.scrollWidth);
    t.ok(headerWidth <= WIDTH, `${href}: the header fits (${headerWidth} px)`);
    const wide = await page.evaluate((w) => [...document.querySelectorAll('main *')]
      .filter((e) => e.getBoundingClientRect().right > w + 0.5 && !e.closest('table.grid, .console-table, svg, .chart'))
      .slice(0, 3).map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')}`), WIDTH);
    t.same(wide, [], `${href}: nothing of the page reaches past the screen (wide tables and charts scroll inside themselves)`);
  }
  await page.goto(`${ui.base}/`);
  await page.waitForSelector('header.top nav a');
  await screenshot(page, 'narrow-overview');
  t.same(errors, [], 'no console errors');
});
