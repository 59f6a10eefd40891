import { html } from 'htm/preact';
import { useEffect, useState } from 'preact/hooks';
import { del, get, post, put, state } from './api.js';
import type { AgentTestResult, ManagedDevice, ManagedDeviceList } from './api-types.js';
import { useV3UserNames } from './admin-snmp.js';
import { href } from './route.js';

/**
 * The devices section of the administration page: the managed devices with their poll state (a
 * device that never answered says why), a form to add one, each one's edit form (name, comment,
 * its own community: write-only, the field starts empty and an empty field changes nothing) and
 * remove; and the test poll of an address with the community typed or the network's, showing what
 * the agent answered (sysName, sysObjectID, the profile matched) or why not.
 */

/** The list is read again this often: a device fixed here shows answering within a poll interval. */
const REFRESH_MS = 3000;

const devicesPath = (): string => `/v2/ui/net/${state.netId}/devices`;

/** The test poll of an address (`POST …/devices/test`): a community, or one of the network's v3 users, or (neither) the network's credentials. */
export const testAgent = (address: string, community: string, v3User = ''): Promise<AgentTestResult> =>
  post<AgentTestResult>(`${devicesPath()}/test`, { address, ...(community ? { community } : v3User ? { v3User } : {}) });

/** What a test poll answered, in words. */
export function TestResult(props: { result: AgentTestResult | null; error: string }) {
  if (props.error) return html`<p class="error test-result" role="alert" data-answered="error">${props.error}</p>`;
  const r = props.result;
  if (!r) return null;
  if (!r.answered) {
    return html`<div class="test-result panel" role="status" data-answered="false">
      <strong class="status-crit">No answer from ${r.address}:${r.port}</strong>
      <dl class="kv"><dt>Why</dt><dd data-field="reasonText">${r.reasonText}</dd><dt>Error</dt><dd data-field="reason">${r.reason}</dd>
      <dt>Took</dt><dd>${Math.round(r.tookMs)} ms</dd></dl></div>`;
  }
  return html`<div class="test-result panel" role="status" data-answered="true">
    <strong class="status-ok">${r.address}:${r.port} answered (SNMP v${r.version}, ${r.credential})</strong>
    <dl class="kv">
      <dt>sysName</dt><dd data-field="sysName">${r.sysName || '—'}</dd>
      <dt>sysObjectID</dt><dd data-field="sysObjectID">${r.sysObjectID}</dd>
      <dt>sysDescr</dt><dd class="descr">${r.sysDescr}</dd>
      <dt>Profile</dt><dd data-field="profile">${r.profile ?? 'none matches'}</dd>
      <dt>Vendor / model / OS</dt><dd>${[r.vendor, r.model, r.os].filter(Boolean).join(' / ') || '—'}</dd>
      <dt>Took</dt><dd>${Math.round(r.tookMs)} ms</dd>
    </dl></div>`;
}

/** The test form: an address, a community (empty: the network's) and a port. */
function TestForm() {
  const [address, setAddress] = useState('');
  const [community, setCommunity] = useState('');
  const [v3User, setV3User] = useState('');
  const users = useV3UserNames();
  const [result, setResult] = useState<AgentTestResult | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async (e: Event): Promise<void> => {
    e.preventDefault();
    setBusy(true); setError(''); setResult(null);
    try { setResult(await testAgent(address, community, v3User)); } catch (err) { setError((err as Error).message); }
    setBusy(false);
  };
  return html`
    <form class="admin-form test-form panel" onSubmit=${run}>
      <h3>Test an address</h3>
      <label>Address <input name="address" required value=${address} onInput=${(e: Event) => setAddress((e.target as HTMLInputElement).value)} /></label>
      <label>Community <input name="community" type="password" autocomplete="off" placeholder="the network's" value=${community} onInput=${(e: Event) => setCommunity((e.target as HTMLInputElement).value)} /></label>
      ${users.length > 0 && html`<label>or v3 user <select name="v3User" disabled=${community !== ''} onChange=${(e: Event) => setV3User((e.target as HTMLSelectElement).value)}>
        <option value="">—</option>${users.map((u) => html`<option value=${u} selected=${u === v3User}>${u}</option>`)}</select></label>`}
      <button type="submit" disabled=${busy}>${busy ? 'Testing…' : 'Test'}</button>
      <${TestResult} result=${result} error=${error} />
    </form>`;
}

/** The add form: address, name, its own community (optional), port (optional). */
function AddForm(props: { onDone: (text: string) => void }) {
  const [error, setError] = useState('');
  const submit = async (e: Event): Promise<void> => {
    e.preventDefault();
    const f = new FormData(e.target as HTMLFormElement);
    const text = (k: string): string => String(f.get(k) ?? '').trim();
    const port = Number(text('port'));
    setError('');
    try {
      await post(`${devicesPath()}/`, {
        address: text('address'), ...(text('name') ? { name: text('name') } : {}),
        ...(text('community') ? { community: text('community') } : {}), ...(port ? { port } : {}),
      });
      (e.target as HTMLFormElement).reset();
      props.onDone(`${text('address')} added: it is probed now and listed at once.`);
    } catch (err) { setError((err as Error).message); }
  };
  return html`
    <form class="admin-form add-device panel" onSubmit=${submit}>
      <h3>Add a device</h3>
      <label>Address <input name="address" required placeholder="IP address or DNS name" /></label>
      <label>Name <input name="name" placeholder="its sysName" /></label>
      <label>Community <input name="community" type="password" autocomplete="off" placeholder="the network's" /></label>
      <label>Port <input name="port" type="number" min="1" max="65535" placeholder="the network's" /></label>
      <button type="submit" class="primary">Add</button>
      ${error && html`<p class="error" role="alert">${error}</p>`}
    </form>`;
}

/** A device's edit form; the community field is empty (write-only) and changes nothing when left so. */
function EditRow(props: { device: ManagedDevice; onDone: (text: string) => void; onCancel: () => void }) {
  const d = props.device;
  const [error, setError] = useState('');
  const [result, setResult] = useState<AgentTestResult | null>(null);
  const [community, setCommunity] = useState('');
  const save = async (e: Event): Promise<void> => {
    e.preventDefault();
    const f = new FormData(e.target as HTMLFormElement);
    const name = String(f.get('name') ?? '').trim();
    const comment = String(f.get('comment') ?? '');
    setError('');
    try {
      await put(`${devicesPath()}/${d.id}`, {
        ...(name && name !== d.name ? { name } : {}), ...(comment !== d.comment ? { comment } : {}),
        ...(community ? { community } : {}),
      });
      props.onDone(`Device ${d.id} saved${community ? ': probed again with its new community' : ''}.`);
    } catch (err) { setError((err as Error).message); }
  };
  const test = async (): Promise<void> => {
    setError(''); setResult(null);
    try { setResult(await testAgent(d.declaredAddress || d.address, community)); } catch (err) { setError((err as Error).message); }
  };
  return html`<tr class="edit-row"><td colspan="6">
    <form class="admin-form edit-device" data-device=${d.id} onSubmit=${save}>
      <label>Name <input name="name" value=${d.name} /></label>
      <label>Comment <input name="comment" value=${d.comment} /></label>
      <label>Community <input name="community" type="password" autocomplete="off" placeholder="unchanged" value=${community} onInput=${(e: Event) => setCommunity((e.target as HTMLInputElement).value)} /></label>
      <button type="button" onClick=${test}>Test</button>
      <button type="submit" class="primary">Save</button>
      <button type="button" onClick=${props.onCancel}>Cancel</button>
      ${error && html`<p class="error" role="alert">${error}</p>`}
      <${TestResult} result=${result} error="" />
    </form></td></tr>`;
}

function stateCell(d: ManagedDevice) {
  const p = d.pollState;
  const value = p.reachability ?? p.state;
  const cls = value === 'answering' ? 'status-ok' : value === 'neverAnswered' || value === 'unreachable' ? 'status-crit' : 'muted';
  return html`<td data-field="state" data-value=${value} class=${cls}>${p.summary || p.state}</td>`;
}

export function AdminDevices() {
  const [list, setList] = useState<ManagedDevice[] | null>(null);
  const [loadError, setLoadError] = useState('');
  const [editing, setEditing] = useState<number | null>(null);
  const [notice, setNotice] = useState('');
  const [error, setError] = useState('');
  const [tick, setTick] = useState(0);
  const refresh = (): void => setTick((n) => n + 1);
  useEffect(() => {
    let live = true;
    get<ManagedDeviceList>(devicesPath()).then(
      (r) => { if (live) { setList(r.devices); setLoadError(''); } },
      (e: unknown) => { if (live) setLoadError((e as Error).message); },
    );
    return () => { live = false; };
  }, [tick]);
  useEffect(() => { const t = setInterval(refresh, REFRESH_MS); return () => clearInterval(t); }, []);

  const done = (text: string): void => { setNotice(text); setError(''); setEditing(null); refresh(); };
  const remove = async (d: ManagedDevice): Promise<void> => {
    if (!confirm(`Remove device ${d.id} (${d.name})? It is no longer polled; its series stay readable.`)) return;
    try { await del(`${devicesPath()}/${d.id}`); done(`Device ${d.id} removed.`); } catch (e) { setError((e as Error).message); }
  };

  return html`
    <div class="admin-devices">
      <div class="admin-forms"><${AddForm} onDone=${done} /><${TestForm} /></div>
      ${notice && html`<p class="ok-note" role="status">${notice}</p>`}
      ${error && html`<p class="error" role="alert">${error}</p>`}
      ${loadError && html`<p class="error" role="alert">The devices could not be read: ${loadError}</p>`}
      ${list === null ? html`<p class="loading">Loading devices…</p>` : html`
      <div class="table-scroll"><table class="grid admin-device-table">
        <thead><tr><th>Id</th><th>Name</th><th>Address</th><th>Origin</th><th>State</th><th><span class="sr-only">Actions</span></th></tr></thead>
        <tbody>${list.map((d) => html`
          <tr key=${d.id} data-device=${d.id}>
            <td>${d.id}</td><td><a href=${href('device', d.id)}>${d.name}</a></td><td>${d.address}</td><td>${d.origin}</td>
            ${stateCell(d)}
            <td class="actions">
              <button type="button" disabled=${d.origin === 'config'} title=${d.origin === 'config' ? 'declared in the configuration: change it there' : ''} onClick=${() => { setEditing(d.id); setNotice(''); }}>Edit</button>
              <button type="button" class="danger" onClick=${() => remove(d)}>Remove</button>
            </td>
          </tr>
          ${editing === d.id && html`<${EditRow} device=${d} onDone=${done} onCancel=${() => setEditing(null)} />`}`)}
        </tbody>
      </table></div>`}
    </div>`;
}
