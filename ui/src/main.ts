import { html } from 'htm/preact';
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { ApiError, get, post } from './api.js';
import type { Whoami } from './api-types.js';
import { Login } from './login.js';
import { href, useRoute, type Route } from './route.js';
import { ViewsPage } from './page-views.js';
import { MapPage } from './page-map.js';
import { DevicePage } from './page-device.js';
import { PortPage } from './page-port.js';
import { WorkbenchPage } from './page-workbench.js';
import { ConsolePage } from './page-console.js';
import { AlertsPage } from './page-alerts.js';
import { SilencesPage } from './page-silences.js';
import { DeviceSearchBox } from './device-search.js';
import { OverviewPage } from './page-overview.js';
import { AlertBadge } from './alert-badge.js';
import { AdminPage, isAdmin } from './page-admin.js';

/**
 * The pages by the route's first part (`#/map/12` → MapPage with parts ['map', '12']); the first,
 * the overview, is the home page (an empty or unknown route).
 */
const PAGES: Record<string, { title: string; nav?: string; adminOnly?: boolean; page: (p: { route: Route; who: Whoami }) => unknown }> = {
  overview: { title: 'Overview', nav: 'Overview', page: OverviewPage },
  views: { title: 'Maps', nav: 'Maps', page: ViewsPage },
  map: { title: 'Map', page: MapPage },
  device: { title: 'Device', nav: 'Devices', page: DevicePage },
  port: { title: 'Port', page: PortPage },
  workbench: { title: 'Graphs', nav: 'Graphs', page: WorkbenchPage },
  svcql: { title: 'SvcQL', nav: 'SvcQL', page: ConsolePage },
  alerts: { title: 'Alerts', nav: 'Alerts', page: AlertsPage },
  silences: { title: 'Silences', nav: 'Silences', page: SilencesPage },
  // Onboarding (devices, blocked addresses, users, tokens, settings): in the navigation of administrators only.
  admin: { title: 'Administration', nav: 'Admin', adminOnly: true, page: AdminPage },
};

type Session = { kind: 'loading' } | { kind: 'login' } | { kind: 'in'; who: Whoami } | { kind: 'down'; message: string };

function App() {
  const route = useRoute();
  const [session, setSession] = useState<Session>({ kind: 'loading' });
  const check = (): void => {
    get<Whoami>('/v2/whoami').then(
      (who) => setSession({ kind: 'in', who }),
      (e: unknown) => setSession(e instanceof ApiError && e.status === 401 ? { kind: 'login' } : { kind: 'down', message: (e as Error).message }),
    );
  };
  useEffect(() => {
    check();
    const on = (): void => setSession({ kind: 'login' });
    window.addEventListener('unauthorized', on);
    return () => window.removeEventListener('unauthorized', on);
  }, []);

  if (session.kind === 'loading') return html`<p class="loading">Loading…</p>`;
  if (session.kind === 'login') return html`<${Login} onDone=${check} />`;
  if (session.kind === 'down') return html`<p class="error" role="alert">${session.message}</p>`;

  const key = route.parts[0] ?? 'overview';
  const page = PAGES[key] ?? PAGES.overview!;
  document.title = `${page.title} — netmon`;
  const logout = async (): Promise<void> => {
    await post('/v2/logout').catch(() => undefined);
    setSession({ kind: 'login' });
  };
  const who = session.who;
  return html`
    <header class="top">
      <a class="brand" href=${href('overview')}>netmon</a>
      <nav>
        ${Object.entries(PAGES).filter(([, p]) => p.nav && (!p.adminOnly || isAdmin(who))).map(([k, p]) => html`
          <a href=${k === 'device' ? href('device') : href(k)} class=${k === key ? 'active' : ''}>${p.nav}${k === 'alerts' ? html` <${AlertBadge} />` : ''}</a>`)}
      </nav>
      <${DeviceSearchBox} />
      <span class="who">
        ${who.authentication === 'on'
          ? html`<span class="user">${who.name ?? who.kind}</span> <button class="link" onClick=${logout}>Log out</button>`
          : html`<span class="user muted">authentication off</span>`}
      </span>
    </header>
    <main>${html`<${page.page} route=${route} who=${who} />`}</main>`;
}

render(html`<${App} />`, document.getElementById('app')!);
