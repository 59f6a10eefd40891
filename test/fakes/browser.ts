import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, firefox, type Browser, type Page } from 'playwright-core';
import { startServerReady, tempDir, writeSimulatedConfig, type ServerProcess, type SimulatedConfig } from './helpers.js';

/**
 * The browser tests' harness: Debian's chromium driven by playwright-core, against the built server
 * (dist/main.js) with a simulated network. Without chromium the tests skip loudly — except under
 * CI=true, where .ci/run installs it and a missing browser is a failure.
 */

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * Debian's Firefox ESR, driven over WebDriver BiDi (playwright-core's `moz-firefox` channel drives a
 * stock Firefox; playwright-core is pinned to 1.57.0, whose BiDi commands Firefox ESR 153 has — later
 * releases call `emulation.setMediaFeaturesOverride`, which it lacks).
 */
export const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
export type BrowserKind = 'chromium' | 'firefox';
const BROWSER_PATH: Readonly<Record<BrowserKind, string>> = { chromium: CHROMIUM, firefox: FIREFOX };
const MAIN = fileURLToPath(new URL('../../main.js', import.meta.url));
/** Where the tests' screenshots go (ignored by git; CI keeps them as artifacts if asked). */
export const SCREENSHOTS = fileURLToPath(new URL('../../../test-artifacts/ui/', import.meta.url));

interface Tap {
  teardown(fn: () => void | Promise<void>): void;
  fail(msg: string): void;
  comment(msg: string): void;
  plan(n: number, why: string): void;
}

/** True when the browser is there; otherwise skips (or fails under CI=true) and returns false. */
export function browserGate(t: Tap, kind: BrowserKind = 'chromium'): boolean {
  const path = BROWSER_PATH[kind];
  if (existsSync(path)) return true;
  const why = `no ${kind} at ${path} (apt-get install ${kind === 'chromium' ? 'chromium' : 'firefox-esr'}, or set ${kind === 'chromium' ? 'CHROMIUM_PATH' : 'FIREFOX_PATH'})`;
  const banner = `BROWSER TEST NOT RUN: ${why}`;
  console.error(`\n*** ${banner} ***\n`); // stderr: shown by tap's reporter
  if (process.env.CI === 'true') t.fail(`${banner} (CI=true: the browser tests must run in CI)`);
  else { t.comment(banner); t.plan(0, banner); }
  return false;
}

/** A headless chromium (or Firefox), closed at teardown. */
export async function launchBrowser(t: Tap, kind: BrowserKind = 'chromium'): Promise<Browser> {
  const browser = kind === 'chromium'
    ? await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] })
    : await firefox.launch({ channel: 'moz-firefox', executablePath: FIREFOX, headless: true });
  t.teardown(() => browser.close());
  return browser;
}

/** A page of a 1366×768 window whose console errors and uncaught exceptions are collected. */
export async function watchedPage(browser: Browser): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  // Playwright's 30 s for a wait is short on a 2-core machine running four test files at once.
  page.setDefaultTimeout(60_000);
  const errors: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  return { page, errors };
}

/** Saves a full-page screenshot as test-artifacts/ui/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

export interface UiServer {
  readonly base: string;
  readonly server: ServerProcess;
  readonly dataDir: string;
  readonly configPath: string;
}

/**
 * The built server on a simulated network, with users made by the CLI before it starts when
 * `users` is given (authentication on): [name, password, role].
 */
export async function startUiServer(t: Tap, c: Partial<SimulatedConfig> & { users?: readonly [string, string, string][]; editConfig?: (yaml: string) => string } = {}): Promise<UiServer> {
  const dir = tempDir(t, 'netmon-ui-');
  const dataDir = join(dir, 'data');
  const auth = c.users !== undefined && c.users.length > 0;
  const configPath = writeSimulatedConfig(dir, {
    devices: c.devices ?? 6, interfacesPerDevice: c.interfacesPerDevice ?? 8, pollInterval: c.pollInterval ?? '2s',
    ...(c.timeout ? { timeout: c.timeout } : {}), ...(c.retries !== undefined ? { retries: c.retries } : {}),
    ...(c.networkExtra ? { networkExtra: c.networkExtra } : {}),
    extra: [auth ? 'auth: { enabled: true }' : '', c.extra ?? ''].join('\n'),
  });
  if (c.editConfig) writeFileSync(configPath, c.editConfig(readFileSync(configPath, 'utf8')));
  for (const [name, password, role] of c.users ?? []) {
    const r = spawnSync(process.execPath, [MAIN, 'user', 'add', name, '--role', role], {
      env: { ...process.env, DATA_DIR: dataDir, NETMON_CONFIG: '' }, input: `${password}\n`, encoding: 'utf8', timeout: 60_000,
    });
    if (r.status !== 0) throw new Error(`user add ${name}: ${r.stdout}${r.stderr}`);
  }
  const { base, server } = await startServerReady(t, configPath, dataDir);
  return { base, server, dataDir, configPath };
}

/** A same-document navigation (the app follows hashchange; Firefox fires no load event for it). */
export const go = (page: Page, hash: string): Promise<void> => page.evaluate((h) => { location.hash = h; }, hash);

/** Logs in through the login form; the page's errors are counted from then on, and the session cookie is returned. */
export async function logIn(browser: Browser, ui: UiServer, user: string, password: string): Promise<{ page: Page; errors: string[]; cookie: string }> {
  const { page, errors } = await watchedPage(browser);
  page.on('dialog', (d) => { void d.accept(); });
  await page.goto(`${ui.base}/`);
  await page.waitForSelector('form.login');
  await page.fill('input[name=user]', user);
  await page.fill('input[name=password]', password);
  await page.click('button[type=submit]');
  await page.waitForSelector('header.top .user');
  errors.length = 0; // the whoami before logging in is an expected 401
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  return { page, errors, cookie };
}
