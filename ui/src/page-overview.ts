import { html } from 'htm/preact';
import { useEffect, useState } from 'preact/hooks';
import { span, when } from './alerts-api.js';
import type { Health, LastValue, ManagedDeviceList, NetworkStatus } from './api-types.js';
import {
  activeAlerts, alertsByRule, countByState, DEVICE_STATES, deviceState, failingDevices, healthcheck, managedDevices,
  networkStatus, topUtilisation, type DeviceState, type RuleCount,
} from './overview-data.js';
import { formatValue } from './device-format.js';
import { href } from './route.js';
import { CollectorsPanel } from './overview-collectors.js';

/**
 * The home page (`#/` and `#/overview`): what an operator looks at first. Devices answering,
 * unreachable and never answered (and the ones not answering, with why); active alerts by rule; the
 * busiest interfaces each way; discovery (the latest run, the seeds that did not answer) and polling;
 * the server's health by component. Each panel asks its own call (overview-data.ts) and paints as
 * soon as that answers, so a slow call holds only its panel; all are read again every REFRESH_MS.
 */

const REFRESH_MS = 15_000;
/** How many devices that do not answer the devices panel names. */
const FAILING_SHOWN = 10;

type Load<T> = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ok'; data: T };

/** One call's answer, read again at each tick; the previous answer stays shown while the next is read. */
function useLoad<T>(read: () => Promise<T>, tick: number): Load<T> {
  const [load, setLoad] = useState<Load<T>>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    read().then(
      (data) => { if (live) setLoad({ kind: 'ok', data }); },
      (e: unknown) => { if (live) setLoad({ kind: 'error', message: (e as Error).message }); },
    );
    return () => { live = false; };
  }, [tick]);
  return load;
}

/** A panel's body: its loading and error states, else what `ok` draws. */
function body<T>(load: Load<T>, what: string, ok: (data: T) => unknown) {
  if (load.kind === 'loading') return html`<p class="loading">Loading ${what}…</p>`;
  if (load.kind === 'error') return html`<p class="error" role="alert">${what} could not be read: ${load.message}</p>`;
  return ok(load.data);
}

export function OverviewPage() {
  const [tick, setTick] = useState(0);
  const [at, setAt] = useState(Date.now());
  const refresh = (): void => { setTick((n) => n + 1); setAt(Date.now()); };
  useEffect(() => {
    const t = setInterval(refresh, REFRESH_MS);
    return () => clearInterval(t);
  }, []);
  return html`
    <section class="overview-page">
      <div class="overview-head">
        <h2>Overview</h2>
        <span class="muted">read at ${when(at).slice(11)}</span>
        <button type="button" onClick=${refresh} title="read every panel again now">Refresh</button>
      </div>
      <div class="overview-grid">
        <${DevicesPanel} tick=${tick} />
        <${AlertsPanel} tick=${tick} />
        <${InterfacesPanel} tick=${tick} />
        <${DiscoveryPanel} tick=${tick} />
        <${HealthPanel} tick=${tick} />
        <${CollectorsPanel} tick=${tick} />
      </div>
    </section>`;
}

const STATE_LABEL: Record<DeviceState, string> = {
  answering: 'answering', unreachable: 'unreachable', neverAnswered: 'never answered', unknown: 'not polled yet',
};
const STATE_CLASS: Record<DeviceState, string> = {
  answering: 'status-ok', unreachable: 'status-crit', neverAnswered: 'status-crit', unknown: 'status-none',
};

function DevicesPanel(props: { tick: number }) {
  const load = useLoad<ManagedDeviceList>(managedDevices, props.tick);
  return html`
    <article class="panel ov-devices" aria-label="Devices">
      <h3><a href=${href('device')}>Devices</a></h3>
      ${body(load, 'the devices', ({ devices }) => {
        const counts = countByState(devices);
        const failing = failingDevices(devices);
        return html`
          <div class="ov-counts">
            <div class="ov-count"><b data-count="total">${devices.length}</b><span>devices</span></div>
            ${DEVICE_STATES.map((s) => html`
              <div class=${`ov-count ${counts[s] > 0 ? STATE_CLASS[s] : ''}`}><b data-count=${s}>${counts[s]}</b><span>${STATE_LABEL[s]}</span></div>`)}
          </div>
          ${failing.length > 0 && html`
            <table class="grid ov-failing">
              <thead><tr><th>Not answering</th><th>State</th><th>Why</th></tr></thead>
              <tbody>${failing.slice(0, FAILING_SHOWN).map((d) => html`
                <tr data-device=${d.id}>
                  <td><a href=${href('device', d.id)}>${d.name}</a> <span class="muted">${d.address}</span></td>
                  <td class=${STATE_CLASS[deviceState(d)]}>${STATE_LABEL[deviceState(d)]}</td>
                  <td class="why">${d.pollState.summary}</td>
                </tr>`)}</tbody>
            </table>
            ${failing.length > FAILING_SHOWN && html`<p class="muted">and ${failing.length - FAILING_SHOWN} more: <a href=${href('device')}>the device list</a></p>`}`}`;
      })}
    </article>`;
}

function AlertsPanel(props: { tick: number }) {
  const load = useLoad(activeAlerts, props.tick);
  return html`
    <article class="panel ov-alerts" aria-label="Active alerts">
      <h3><a href=${href('alerts')}>Active alerts</a></h3>
      ${body(load, 'the alerts', (alerts) => {
        const rules: RuleCount[] = alertsByRule(alerts);
        const oldest = alerts.reduce((m, a) => (a.active && (m === 0 || a.activeSince < m) ? a.activeSince : m), 0);
        return html`
          <div class="ov-counts">
            <div class=${`ov-count ${alerts.length > 0 ? 'status-crit' : 'status-ok'}`}><b data-count="active">${alerts.length}</b><span>active</span></div>
            <div class="ov-count"><b data-count="silenced">${alerts.filter((a) => a.silenced).length}</b><span>silenced</span></div>
            <div class="ov-count"><b data-count="rules">${rules.length}</b><span>rules</span></div>
          </div>
          ${rules.length === 0
            ? html`<p class="empty">No active alerts.</p>`
            : html`
              <table class="grid ov-rules">
                <thead><tr><th>Rule</th><th class="num">Active</th><th class="num">Silenced</th><th class="num">Devices</th></tr></thead>
                <tbody>${rules.map((r) => html`
                  <tr data-rule=${r.name}>
                    <td><a href=${href('alerts', { name: r.name })}>${r.name}</a></td>
                    <td class="num" data-field="active">${r.active}</td>
                    <td class="num" data-field="silenced">${r.silenced}</td>
                    <td class="num" data-field="devices">${r.devices}</td>
                  </tr>`)}</tbody>
              </table>
              <p class="muted">The oldest active for ${span(Date.now() - oldest)}.</p>`}`;
      })}
    </article>`;
}

function InterfacesPanel(props: { tick: number }) {
  const inbound = useLoad(() => topUtilisation('ifInUtil'), props.tick);
  const outbound = useLoad(() => topUtilisation('ifOutUtil'), props.tick);
  const table = (items: LastValue[], variable: string) => items.length === 0
    ? html`<p class="empty">No utilisation polled yet.</p>`
    : html`
      <table class="grid ov-top" data-variable=${variable}>
        <thead><tr><th>Interface</th><th class="num">Used</th></tr></thead>
        <tbody>${items.map((i) => html`
          <tr>
            <td><a href=${href('workbench', { name: variable, devices: i.device, components: i.component })}>${i.device} ${i.component}</a></td>
            <td class="num" style=${`color: ${i.color}`} data-value=${i.value}>${formatValue(Number(i.value), i.unit)}</td>
          </tr>`)}</tbody>
      </table>`;
  return html`
    <article class="panel ov-interfaces" aria-label="Busiest interfaces">
      <h3>Busiest interfaces <span class="muted">(share of the speed, last poll)</span></h3>
      <div class="ov-two">
        <div><h4>Inbound</h4>${body(inbound, 'the inbound utilisation', (items) => table(items, 'ifInUtil'))}</div>
        <div><h4>Outbound</h4>${body(outbound, 'the outbound utilisation', (items) => table(items, 'ifOutUtil'))}</div>
      </div>
    </article>`;
}

function DiscoveryPanel(props: { tick: number }) {
  const load = useLoad<NetworkStatus>(networkStatus, props.tick);
  return html`
    <article class="panel ov-discovery" aria-label="Discovery and polling">
      <h3>Discovery and polling</h3>
      ${body(load, 'the network status', (s) => {
        const last = s.latestDiscovery;
        const now = s.ongoingDiscovery;
        const p = s.polling;
        return html`
          <dl class="ov-facts">
            <dt>Network</dt><dd>${s.network.name} <span class="muted">(polled every ${span(s.network.pollIntervalMs)}, discovered every ${span(s.network.discoveryIntervalMs)})</span></dd>
            <dt>Latest discovery</dt><dd data-field="latestDiscovery">${last
              ? html`#${last.number} ${last.status}, ${last.devices} devices, ${last.links} links, ${last.completedAtMs ? `ended ${when(last.completedAtMs)}` : ''}`
              : html`<span class="muted">none completed yet</span>`}</dd>
            <dt>Running</dt><dd>${now ? `#${now.number}: ${now.probed} probed, ${now.queued} queued` : html`<span class="muted">none</span>`}</dd>
            <dt>Last poll cycle</dt><dd>${p.lastCycleStartMs
              ? `${when(p.lastCycleStartMs)}, ${p.devicesPolled} polled, ${p.devicesFailed} failed, ${p.lastCycleDurationMs ?? 0} ms`
              : html`<span class="muted">none yet</span>`}</dd>
            <dt>Seeds not answering</dt><dd data-field="failingSeeds" data-count=${s.failingSeeds.length}>${s.failingSeeds.length === 0
              ? html`<span class="status-ok">none</span>`
              : html`<ul class="ov-seeds">${s.failingSeeds.map((f) => html`
                  <li><b>${f.address}</b>: ${f.reasonText} <span class="muted">(${f.reason})</span></li>`)}</ul>`}</dd>
          </dl>`;
      })}
    </article>`;
}

const HEALTH_CLASS: Record<string, string> = { ok: 'status-ok', degraded: 'status-warn', failing: 'status-crit' };

/** A component's status; a component that gives none is `ok` when healthy, else `failing` (core/ports/networks.ts ComponentHealth). */
function statusOf(c: { healthy?: boolean; status?: string }): string {
  return c.status ?? (c.healthy === false ? 'failing' : 'ok');
}

function HealthPanel(props: { tick: number }) {
  const load = useLoad<Health>(healthcheck, props.tick);
  return html`
    <article class="panel ov-health" aria-label="Server health">
      <h3>Server health</h3>
      ${body(load, 'the healthcheck', (h) => html`
        <p>
          <span class=${`ov-verdict ${HEALTH_CLASS[h.status] ?? ''}`} data-field="health">${h.status}</span>
          <span class="muted"> · up ${span(h.uptimeMs)}</span>
        </p>
        <table class="grid ov-components">
          <tbody>${Object.entries(h.components).map(([name, c]) => html`
            <tr data-component=${name}>
              <th>${name}</th>
              <td class=${HEALTH_CLASS[statusOf(c)]}>${statusOf(c)}</td>
              <td class="why">${c.detail}</td>
            </tr>`)}</tbody>
        </table>`)}
    </article>`;
}
