import { html } from 'htm/preact';
import { useEffect, useState } from 'preact/hooks';
import { get } from './api.js';
import type { RemoteMetrics, ServerMetrics } from './api-types.js';
import { span } from './alerts-api.js';

/**
 * The overview's collectors panel (docs/scale-out.md), from `GET /api/metrics/metrics`'s `remote`:
 * at a collector, the site's collectors from their heartbeats (live, health, lag, bytes waiting,
 * devices polled); at a central, the collectors it takes batches from (clock skew, how far behind
 * their newest grid step is, batches, points, batches that came again). Nothing on a standalone server.
 */
export function CollectorsPanel(props: { tick: number }) {
  const [remote, setRemote] = useState<RemoteMetrics | null | undefined>(undefined);
  const [error, setError] = useState('');
  useEffect(() => {
    let live = true;
    get<ServerMetrics>('/api/metrics/metrics').then(
      (m) => { if (live) { setRemote(m.remote ?? null); setError(''); } },
      (e: unknown) => { if (live) setError((e as Error).message); },
    );
    return () => { live = false; };
  }, [props.tick]);
  if (remote === null || (remote === undefined && error === '')) return null;
  return html`
    <article class="panel ov-collectors" aria-label="Collectors">
      <h3>Collectors</h3>
      ${error !== '' ? html`<p class="error" role="alert">the collectors could not be read: ${error}</p>`
        : remote!.central ? centralTable(remote!) : siteTable(remote!)}
    </article>`;
}

const HEALTH_CLASS: Record<string, string> = { ok: 'status-ok', degraded: 'status-warn', failing: 'status-crit' };
const bytes = (n: number | undefined): string => (n === undefined ? '' : n < 1024 ? `${n} B` : n < 1 << 20 ? `${(n / 1024).toFixed(1)} KiB` : `${(n / (1 << 20)).toFixed(1)} MiB`);
const seconds = (ms: number | undefined): string => (ms === undefined ? '' : `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`);

/** A collector: the site's collectors as their heartbeats say. */
function siteTable(r: RemoteMetrics) {
  const rows = r.collectors ?? [];
  return html`
    <p class="muted">${r.connected ? 'connected to the site\'s NATS server' : html`<span class="status-crit">not connected to the site's NATS server</span>`}${' · '}this collector polls ${r.polledDevices ?? 0} devices · ${bytes(r.bufferedBytes)} waiting</p>
    <table class="grid">
      <thead><tr><th>collector</th><th>live</th><th>health</th><th>lag</th><th>waiting</th><th>devices polled</th></tr></thead>
      <tbody>${rows.map((c) => html`
        <tr data-collector=${c.collector}>
          <th>${c.collector}</th>
          <td class=${c.live ? 'status-ok' : 'status-crit'}>${c.live ? 'yes' : `no (${span(c.ageMs ?? 0)} silent)`}</td>
          <td class=${HEALTH_CLASS[c.health ?? ''] ?? ''}>${c.health}</td>
          <td data-field="lag">${seconds(c.lagMs)}</td>
          <td data-field="buffered">${bytes(c.bufferedBytes)}</td>
          <td data-field="polled">${c.polled}</td>
        </tr>`)}</tbody>
    </table>`;
}

/** A central: the collectors it takes batches from. */
function centralTable(r: RemoteMetrics) {
  const c = r.central!;
  const now = Date.now();
  return html`
    <p class="muted">${r.connected ? 'connected to the hub\'s NATS server' : html`<span class="status-crit">not connected to the hub's NATS server</span>`}${' · '}${c.held ?? 0} batches wait for an inventory · ${c.unmapped ?? 0} points unmapped</p>
    <table class="grid">
      <thead><tr><th>collector</th><th>clock skew</th><th>behind</th><th>batches</th><th>points</th><th>came again</th></tr></thead>
      <tbody>${(c.collectors ?? []).map((x) => html`
        <tr data-collector=${x.collector}>
          <th>${x.collector}</th>
          <td data-field="skew" class=${Math.abs(x.skewMs ?? 0) >= 10_000 ? 'status-crit' : ''}>${seconds(x.skewMs)}</td>
          <td data-field="lag">${x.newestGridMs ? seconds(Math.max(0, now - x.newestGridMs)) : ''}</td>
          <td>${x.batches}</td><td>${x.points}</td><td>${x.redelivered}</td>
        </tr>`)}</tbody>
    </table>`;
}
