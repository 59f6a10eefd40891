import { html } from 'htm/preact';
import { useEffect, useState } from 'preact/hooks';
import { get, state } from './api.js';
import type { Settings } from './api-types.js';
import { SnmpCredentialsPanel } from './admin-snmp.js';

/**
 * The settings in force (`GET /v2/ui/net/:id/settings`): where the configuration came from, the
 * data directory, the networks, and the whole effective configuration with every secret shown as
 * the server sends it ("***"). Changed in the configuration file (and a reload), but for the
 * network's SNMP credentials, which administrators may add here too (admin-snmp.ts).
 */
export function AdminSettings() {
  const [settings, setSettings] = useState<Settings | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    get<Settings>(`/v2/ui/net/${state.netId}/settings`).then(setSettings, (e: unknown) => setError((e as Error).message));
  }, []);
  if (error) return html`<p class="error" role="alert">The settings could not be read: ${error}</p>`;
  if (!settings) return html`<p class="loading">Loading settings…</p>`;
  return html`
    <div class="admin-settings">
      <dl class="kv panel">
        <dt>Version</dt><dd>${settings.version}</dd>
        <dt>Started</dt><dd>${settings.startedAtMs ? new Date(settings.startedAtMs).toISOString() : '—'}</dd>
        <dt>Configuration</dt><dd data-field="source">${settings.source}</dd>
        <dt>Data directory</dt><dd>${settings.dataDir}</dd>
        <dt>Networks</dt><dd>${settings.networks.map((n) => `${n.id} ${n.name}`).join(', ')}</dd>
      </dl>
      <${SnmpCredentialsPanel} />
      <p class="muted">The configuration file in force, secrets hidden (the SNMP credentials added above are not in it). It is changed in the configuration file, then reloaded (SIGHUP or the reload action).</p>
      <pre class="settings-config panel" data-field="config">${JSON.stringify(settings.config, null, 2)}</pre>
    </div>`;
}
