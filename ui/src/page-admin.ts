import { html } from 'htm/preact';
import type { Whoami } from './api-types.js';
import { href, type Route } from './route.js';
import { AdminDevices } from './admin-devices.js';
import { AdminBlocked } from './admin-blocked.js';
import { AdminUsers, AdminTokens } from './admin-accounts.js';
import { AdminSettings } from './admin-settings.js';

/**
 * `#/admin/<section>`: onboarding for administrators (issue 26.3) — devices (add, edit, remove, the
 * test poll), blocked addresses, users, API tokens and the settings in force. Shown to
 * administrators only (and to everyone with authentication off, where every call is allowed); the
 * server refuses every write of these sections to anyone else in any case (403).
 */
const SECTIONS: Record<string, { title: string; page: () => unknown }> = {
  devices: { title: 'Devices', page: AdminDevices },
  blocked: { title: 'Blocked addresses', page: AdminBlocked },
  users: { title: 'Users', page: AdminUsers },
  tokens: { title: 'API tokens', page: AdminTokens },
  settings: { title: 'Settings', page: AdminSettings },
};

/** Whether the caller may use the administration pages. */
export const isAdmin = (who: Whoami): boolean => who.authentication === 'off' || who.role === 'admin';

export function AdminPage(props: { route: Route; who: Whoami }) {
  if (!isAdmin(props.who)) {
    return html`<section class="admin-page"><h2>Administration</h2>
      <p class="error" role="alert" data-refused="admin">Administrators only: your role is ${props.who.role ?? 'none'}.</p></section>`;
  }
  const key = props.route.parts[1] ?? 'devices';
  const section = SECTIONS[key] ?? SECTIONS.devices!;
  return html`
    <section class="admin-page">
      <h2>Administration</h2>
      <nav class="tabs">
        ${Object.entries(SECTIONS).map(([k, s]) => html`<a href=${href('admin', k)} class=${k === key || (!SECTIONS[key] && k === 'devices') ? 'active' : ''}>${s.title}</a>`)}
      </nav>
      <${section.page} />
    </section>`;
}
