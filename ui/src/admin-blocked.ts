import { html } from 'htm/preact';
import { useEffect, useState } from 'preact/hooks';
import { del, get, post, put, state } from './api.js';
import type { BlockedAddress } from './api-types.js';

/**
 * The blocked addresses of the administration page: addresses and CIDR ranges discovery never
 * probes (a device at one stops being polled). Entries of the configuration are read-only.
 */
const blockedPath = (): string => `/v2/ui/net/${state.netId}/devices/blocking`;

function BlockForm(props: { initial?: BlockedAddress; onDone: (text: string) => void; onCancel?: () => void }) {
  const [error, setError] = useState('');
  const b = props.initial;
  const submit = async (e: Event): Promise<void> => {
    e.preventDefault();
    const f = new FormData(e.target as HTMLFormElement);
    const body = { address: String(f.get('address') ?? '').trim(), comment: String(f.get('comment') ?? '') };
    setError('');
    try {
      if (b) await put(`${blockedPath()}/${b.id}`, body); else await post(`${blockedPath()}/`, body);
      if (!b) (e.target as HTMLFormElement).reset();
      props.onDone(b ? `Entry ${b.id} saved.` : `${body.address} blocked.`);
    } catch (err) { setError((err as Error).message); }
  };
  return html`
    <form class="admin-form block-form ${b ? '' : 'panel'}" onSubmit=${submit}>
      ${!b && html`<h3>Block an address or range</h3>`}
      <label>Address <input name="address" required placeholder="10.1.2.3 or 10.1.2.0/24" value=${b?.address ?? ''} /></label>
      <label>Comment <input name="comment" value=${b?.comment ?? ''} /></label>
      <button type="submit" class="primary">${b ? 'Save' : 'Block'}</button>
      ${props.onCancel && html`<button type="button" onClick=${props.onCancel}>Cancel</button>`}
      ${error && html`<p class="error" role="alert">${error}</p>`}
    </form>`;
}

export function AdminBlocked() {
  const [list, setList] = useState<BlockedAddress[] | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [notice, setNotice] = useState('');
  const [error, setError] = useState('');
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    get<{ blocked: BlockedAddress[] }>(blockedPath()).then((r) => { if (live) setList(r.blocked); }, (e: unknown) => { if (live) setError((e as Error).message); });
    return () => { live = false; };
  }, [tick]);
  const done = (text: string): void => { setNotice(text); setError(''); setEditing(null); setTick((n) => n + 1); };
  const remove = async (b: BlockedAddress): Promise<void> => {
    if (!confirm(`Unblock ${b.address}? Discovery may probe it again.`)) return;
    try { await del(`${blockedPath()}/${b.id}`); done(`${b.address} unblocked.`); } catch (e) { setError((e as Error).message); }
  };
  return html`
    <div class="admin-blocked">
      <${BlockForm} onDone=${done} />
      ${notice && html`<p class="ok-note" role="status">${notice}</p>`}
      ${error && html`<p class="error" role="alert">${error}</p>`}
      ${list === null ? html`<p class="loading">Loading…</p>` : list.length === 0 ? html`<p class="empty panel">No address is blocked.</p>` : html`
      <div class="table-scroll"><table class="grid admin-blocked-table">
        <thead><tr><th>Id</th><th>Address</th><th>Comment</th><th>By</th><th>Origin</th><th><span class="sr-only">Actions</span></th></tr></thead>
        <tbody>${list.map((b) => html`
          <tr key=${b.id} data-block=${b.id}><td>${b.id}</td><td>${b.address}</td><td>${b.comment}</td><td>${b.user}</td><td>${b.origin}</td>
            <td class="actions">${b.origin === 'config' ? html`<span class="muted">in the configuration</span>` : html`
              <button type="button" onClick=${() => setEditing(b.id)}>Edit</button>
              <button type="button" class="danger" onClick=${() => remove(b)}>Unblock</button>`}</td></tr>
          ${editing === b.id && html`<tr class="edit-row"><td colspan="6"><${BlockForm} initial=${b} onDone=${done} onCancel=${() => setEditing(null)} /></td></tr>`}`)}
        </tbody></table></div>`}
    </div>`;
}
