import { html } from 'htm/preact';
import { useEffect, useState } from 'preact/hooks';
import { ApiError, get, state } from './api.js';
import type { NetworkStatus as Status, Settings, ViewTile as Tile } from './api-types.js';
import { href, type Route } from './route.js';
import { ViewEditor } from './view-editor.js';

/**
 * The maps page (`#/views`): the network's map views as tiles, from the status call
 * (`GET /v2/ui/net/:id/status`), each opening its map (`#/map/<id>`), with a network selector when
 * several networks are configured. `#/views/new` and `#/views/<id>/edit` are the view editor.
 */

/** The network picked last (kept across reloads), read before any page asks the API. */
const NET_KEY = 'netmon.netId';
try {
  const stored = Number(localStorage.getItem(NET_KEY));
  if (Number.isInteger(stored) && stored >= 0 && localStorage.getItem(NET_KEY) !== null) state.netId = stored;
} catch { /* storage refused: the default network */ }

function pickNetwork(id: number): void {
  state.netId = id;
  try { localStorage.setItem(NET_KEY, String(id)); } catch { /* not kept */ }
}

export function ViewsPage(props: { route: Route }) {
  const [, second, third] = props.route.parts;
  if (second === 'new') return html`<${ViewEditor} key="new" viewId=${null} />`;
  if (second !== undefined && third === 'edit' && /^\d+$/.test(second)) return html`<${ViewEditor} key=${second} viewId=${Number(second)} />`;
  return html`<${Tiles} />`;
}

type Load = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; status: Status };

function Tiles() {
  const [netId, setNetId] = useState(state.netId);
  const [networks, setNetworks] = useState<Settings['networks']>([]);
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [order, setOrder] = useState<'id' | 'name'>('id');

  useEffect(() => {
    let live = true;
    setLoad((l) => (l.kind === 'ready' && l.status.network.id === netId ? l : { kind: 'loading' }));
    get<Status>(`/v2/ui/net/${netId}/status?s=${order}`).then(
      (status) => { if (live) setLoad({ kind: 'ready', status }); },
      (e: unknown) => {
        if (!live) return;
        // A network remembered from an earlier configuration: back to the first one.
        if (e instanceof ApiError && e.code === 'UNKNOWN_NETWORK' && networks.length > 0 && networks[0]!.id !== netId) {
          pickNetwork(networks[0]!.id);
          setNetId(networks[0]!.id);
          return;
        }
        setLoad({ kind: 'error', message: (e as Error).message });
      },
    );
    return () => { live = false; };
  }, [netId, order, networks]);

  useEffect(() => {
    // The configured networks (the settings call names them); failing, only the current one is shown.
    get<Settings>(`/v2/ui/net/${state.netId}/settings`).then(
      (s) => setNetworks(s.networks),
      () => setNetworks([]),
    );
  }, []);

  const choose = (e: Event): void => {
    const id = Number((e.target as HTMLSelectElement).value);
    pickNetwork(id);
    setNetId(id);
  };

  return html`
    <div class="views-page">
      <div class="views-head">
        <h1>Maps</h1>
        ${networks.length > 1 && html`
          <label class="net-select">Network
            <select name="network" value=${String(netId)} onChange=${choose}>
              ${networks.map((n) => html`<option value=${String(n.id)}>${n.name} (${n.id})</option>`)}
            </select></label>`}
        <label class="views-order">Order
          <select name="order" value=${order} onChange=${(e: Event) => setOrder((e.target as HTMLSelectElement).value as 'id' | 'name')}>
            <option value="id">by creation</option><option value="name">by name</option>
          </select></label>
        <span class="spacer"></span>
        <a class="button primary" href=${href('views', 'new')}>New view</a>
      </div>
      ${load.kind === 'loading' && html`<p class="loading">Loading the views…</p>`}
      ${load.kind === 'error' && html`<p class="error" role="alert">${load.message}</p>`}
      ${load.kind === 'ready' && html`<${StatusLine} status=${load.status} />
        ${load.status.views.length === 0
          ? html`<p class="muted">No views yet. <a href=${href('views', 'new')}>Create one</a>.</p>`
          : html`<ul class="view-tiles">${load.status.views.map((v) => html`<${TileCard} key=${v.id} tile=${v} />`)}</ul>`}`}
    </div>`;
}

function when(ms: number | null): string {
  return ms === null ? '—' : new Date(ms).toLocaleString();
}

/** The network's state in one line: the latest discovery's counts, one running, failing polls. */
function StatusLine(props: { status: Status }) {
  const s = props.status;
  const d = s.latestDiscovery;
  const failing = s.polling?.devicesFailing ?? 0;
  return html`
    <p class="net-status">
      <strong>${s.network.name}</strong>
      ${d ? html` · <span class="net-devices">${d.devices} devices</span>, <span class="net-links">${d.links} links</span> (discovery ${d.number}, ${when(d.completedAtMs)})`
          : html` · <span class="muted">no discovery completed yet</span>`}
      ${s.ongoingDiscovery && html` · <span class="muted">discovery ${s.ongoingDiscovery.number} running</span>`}
      ${s.polling && html` · ${failing > 0
        ? html`<span class="status-crit">${failing} device${failing === 1 ? '' : 's'} failing polls</span>`
        : html`<span class="status-ok">polling ok</span>`}`}
    </p>`;
}

function TileCard(props: { tile: Tile }) {
  const v = props.tile;
  return html`
    <li class="view-tile" data-view-id=${v.id}>
      <a class="tile-open" href=${href('map', v.id)}>
        <span class="tile-name">${v.name}</span>
        <span class="tile-badges">
          <span class=${`badge type-${v.type.toLowerCase()}`}>${v.type}</span>
          <span class="badge">${v.shared ? 'shared' : 'private'}</span>
        </span>
        <span class="tile-time muted">updated ${when(v.updatedAt)}</span>
      </a>
      ${v.editable && html`<a class="tile-edit" href=${href('views', v.id, 'edit')} aria-label=${`Edit view ${v.name}`}>Edit</a>`}
    </li>`;
}
