import { html } from 'htm/preact';
import { useEffect, useState } from 'preact/hooks';
import { ApiError, get, post, state } from './api.js';
import type { ManagedDeviceList, PollState, TableEntry, TargetError } from './api-types.js';
import { href } from './route.js';

/**
 * The device search: the header's box, and the list of devices it finds. Plain text matches a
 * device's name or address (substring, case-insensitive) over the inventory list
 * (`GET /v2/ui/net/:id/devices`); text with an operator (`Vendor = 'Cisco'`, `name REGEXP '^sw'`) is
 * a SvcQL matching expression over the `devices` table, run by the query API.
 */

interface FoundDevice {
  readonly id: number;
  readonly name: string;
  readonly address: string;
  readonly vendor: string;
  readonly model: string;
  /** Its poll state now (never answered, unreachable since…, answering, with the reason); absent when unknown to the list. */
  readonly pollState?: PollState;
}

interface SearchResult {
  readonly mode: 'text' | 'svcql';
  readonly devices: readonly FoundDevice[];
}

/** True when the text reads as a SvcQL matching expression rather than a name to look for. */
function isSvcql(text: string): boolean {
  return /[=<>!~()']/.test(text) || /\s(LIKE|REGEXP|IN|IS|AND|OR)\s/i.test(` ${text} `) || /^\s*(WHERE|NOT)\s/i.test(text);
}

const SELECT = 'SELECT id, name, address, Vendor, Model FROM devices WHERE ';

/** Runs a search; an empty text lists every device. Throws ApiError (SvcQL errors with their position in `text`). */
async function searchDevices(text: string): Promise<SearchResult> {
  const q = text.trim();
  if (q !== '' && isSvcql(q)) {
    const expr = q.replace(/^\s*WHERE\s+/i, '');
    const answer = await post<(TableEntry | TargetError)[]>(
      `/v2/query/net/${state.netId}/data/`, { targets: [{ id: 'A', svcql: SELECT + expr, format: 'table' }] });
    const entry = answer[0];
    if (entry !== undefined && 'error' in entry) {
      // The position refers to the whole statement: give it relative to what the user typed.
      const msg = entry.error.replace(/at 1:(\d+)/, (_m, c: string) => `at column ${Math.max(1, Number(c) - SELECT.length)}`);
      throw new ApiError(400, entry.code ?? 'SVCQL', msg);
    }
    const rows = entry !== undefined && 'rows' in entry ? entry.rows : [];
    // The states come from the inventory list (SvcQL's devices table has none).
    const states = new Map((await get<ManagedDeviceList>(`/v2/ui/net/${state.netId}/devices`).catch(() => ({ devices: [] }))).devices.map((d) => [d.id, d.pollState]));
    return {
      mode: 'svcql',
      devices: rows.map((r) => ({
        id: Number(r[0]), name: String(r[1] ?? ''), address: String(r[2] ?? ''), vendor: String(r[3] ?? ''), model: String(r[4] ?? ''),
        pollState: states.get(Number(r[0])),
      })),
    };
  }
  const { devices } = await get<ManagedDeviceList>(`/v2/ui/net/${state.netId}/devices`);
  const needle = q.toLowerCase();
  return {
    mode: 'text',
    devices: devices.filter((d) => needle === '' || d.name.toLowerCase().includes(needle) || d.address.toLowerCase().includes(needle)),
  };
}

/** The header's search box: Enter opens `#/device?q=<text>`. */
export function DeviceSearchBox() {
  const [text, setText] = useState('');
  const submit = (e: Event): void => {
    e.preventDefault();
    location.hash = href('device', text.trim() === '' ? {} : { q: text.trim() });
  };
  return html`
    <form class="device-search" role="search" onSubmit=${submit}>
      <input type="search" aria-label="Search devices (name, address or SvcQL)" placeholder="Search devices or Vendor = 'Cisco'"
        value=${text} onInput=${(e: Event) => setText((e.target as HTMLInputElement).value)} />
    </form>`;
}

/** The device list: every device, or those the search `q` finds, each linking to its panel. */
export function DeviceList(props: { q: string }) {
  const [result, setResult] = useState<SearchResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [text, setText] = useState(props.q);
  useEffect(() => {
    setResult(null); setError(null); setText(props.q);
    let live = true;
    searchDevices(props.q).then((r) => { if (live) setResult(r); }, (e: unknown) => { if (live) setError((e as Error).message); });
    return () => { live = false; };
  }, [props.q]);
  const submit = (e: Event): void => {
    e.preventDefault();
    location.hash = href('device', text.trim() === '' ? {} : { q: text.trim() });
  };
  return html`
    <section class="device-list">
      <h1>Devices</h1>
      <form class="device-search-page" role="search" onSubmit=${submit}>
        <label>Search <input type="search" name="q" value=${text} size="48"
          placeholder="name or address, or a SvcQL expression: Vendor = 'Cisco'"
          onInput=${(e: Event) => setText((e.target as HTMLInputElement).value)} /></label>
        <button type="submit" class="primary">Search</button>
        <span class="muted">Plain text matches names and addresses; text with an operator is a SvcQL matching expression over <code>devices</code>.</span>
      </form>
      ${error !== null ? html`<p class="error" role="alert">${error}</p>`
        : result === null ? html`<p class="loading">Searching…</p>`
        : html`
          <p class="muted result-count">${result.devices.length} device${result.devices.length === 1 ? '' : 's'}${props.q ? html` found by ${result.mode === 'svcql' ? 'SvcQL' : 'text'}` : ''}</p>
          ${result.devices.length === 0 ? html`<p class="empty">No device matches.</p>` : html`
            <table class="grid results">
              <thead><tr><th>Name</th><th>Address</th><th>State</th><th>Vendor</th><th>Model</th></tr></thead>
              <tbody>${result.devices.map((d) => html`
                <tr key=${d.id} data-device=${d.id}><td><a href=${href('device', d.id)}>${d.name}</a></td><td>${d.address}</td>${stateCell(d.pollState)}<td>${d.vendor}</td><td>${d.model}</td></tr>`)}
              </tbody>
            </table>`}`}
    </section>`;
}

/**
 * A device's state in the list: `never answered`, `unreachable since …` or `answering`, and (failing)
 * the reason in words; a device that is listed but not monitored must be seen here.
 */
function stateCell(p: PollState | undefined) {
  if (p === undefined || p.reachability === null) return html`<td data-field="state" data-value="unknown"><span class="muted">not polled yet</span></td>`;
  // The summary is `<state>: <reason in words> (<error text>)`: the state on its own line, the reason under it.
  const head = /^(never answered|unreachable since \S+): /.exec(p.summary);
  const label = head ? head[1] : p.reachability === 'neverAnswered' ? 'never answered' : p.reachability === 'unreachable' ? 'unreachable' : 'answering';
  const reason = head ? p.summary.slice(head[0].length) : p.reachability === 'answering' ? '' : p.summary;
  const cls = p.reachability === 'answering' ? 'status-ok' : 'status-crit';
  return html`<td data-field="state" data-value=${p.reachability} title=${p.summary}>
    <span class=${cls}>${label}</span>${reason === '' ? '' : html`<br /><span class="error reason">${reason}</span>`}</td>`;
}
