import { html } from 'htm/preact';
import { useEffect, useState } from 'preact/hooks';
import { emptyMatch, listSilences, matchText, span, updateSilence, when } from './alerts-api.js';
import type { Silence } from './api-types.js';
import { SilenceForm } from './alerts-silence-form.js';
import { href, type Route } from './route.js';

/**
 * `#/silences[?id=N]`: the network's active silences (the API lists only those), each editable
 * (match, comment, a new expiry) or expired now; a new silence from a blank match. The API has no
 * delete and never lists an expired silence, so the silences expired from this page are kept in
 * memory for the session and shown below the list (`id` highlights one silence).
 */

const REFRESH_MS = 15_000;

/** Silences expired from this page during the session (the API cannot list them). */
const expiredHere: Silence[] = [];

type Load = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ok'; data: Silence[]; at: number };

export function SilencesPage(props: { route: Route }) {
  const focus = Number(props.route.query.get('id') ?? 0);
  const [list, setList] = useState<Load>({ kind: 'loading' });
  const [tick, setTick] = useState(0);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [notice, setNotice] = useState('');
  const [error, setError] = useState('');
  const refresh = (): void => setTick((n) => n + 1);

  useEffect(() => {
    let live = true;
    listSilences().then(
      (data) => { if (live) setList({ kind: 'ok', data, at: Date.now() }); },
      (e: unknown) => { if (live) setList({ kind: 'error', message: (e as Error).message }); },
    );
    return () => { live = false; };
  }, [tick]);
  useEffect(() => {
    const t = setInterval(refresh, REFRESH_MS);
    return () => clearInterval(t);
  }, []);

  const expire = async (s: Silence): Promise<void> => {
    if (!confirm(`Expire silence #${s.id} now? It cannot be revived.`)) return;
    setError(''); setNotice('');
    try {
      await updateSilence(s.id, { expirationTimeMs: 1 });
      expiredHere.unshift({ ...s, expirationTimeMs: Date.now(), updatedAt: Date.now() });
      setNotice(`Silence #${s.id} expired.`);
      if (editing === s.id) setEditing(null);
      refresh();
    } catch (e) {
      setError(`Silence #${s.id} could not be expired: ${(e as Error).message}`);
    }
  };
  const done = (what: string) => (id: number): void => {
    setEditing(null); setError('');
    setNotice(`Silence #${id} ${what}.`);
    if (what === 'created') location.hash = href('silences', { id: String(id) });
    refresh();
  };

  let body;
  if (list.kind === 'loading') body = html`<p class="loading">Loading silences…</p>`;
  else if (list.kind === 'error') body = html`<p class="error" role="alert">Silences could not be read: ${list.message}</p>`;
  else if (list.data.length === 0) body = html`<p class="empty panel">No active silences.</p>`;
  else {
    const now = Date.now();
    body = html`
      <table class="grid silences-table">
        <thead><tr><th>Id</th><th>Match</th><th>Comment</th><th>User</th><th>Created / updated</th><th>Expires</th><th><span class="sr-only">Actions</span></th></tr></thead>
        <tbody>
          ${list.data.map((s) => html`
            <tr key=${s.id} data-id=${s.id} class=${s.id === focus ? 'selected' : ''}>
              <td>#${s.id}</td>
              <td class="match">${matchText(s.match)}</td>
              <td class="reason">${s.reason || html`<span class="muted">—</span>`}</td>
              <td>${s.user}</td>
              <td>${when(s.createdAt)}${s.updatedAt !== s.createdAt ? html`<br /><span class="muted">updated ${when(s.updatedAt)}</span>` : ''}</td>
              <td class="expires">in ${span(s.expirationTimeMs - now)}<br /><span class="muted">${when(s.expirationTimeMs)}</span></td>
              <td class="actions">
                <button type="button" onClick=${() => { setEditing(s.id); setNotice(''); }}>Edit</button>
                <button type="button" onClick=${() => expire(s)}>Expire</button>
              </td>
            </tr>
            ${editing === s.id && html`<tr class="edit-row"><td colspan="7">
              <${SilenceForm} initial=${s.match} silence=${s} onCancel=${() => setEditing(null)} onDone=${done('saved')} />
            </td></tr>`}`)}
        </tbody>
      </table>`;
  }

  return html`
    <section class="silences-page">
      <div class="row head">
        <h2>Silences</h2>
        <button type="button" class="primary" onClick=${() => { setEditing('new'); setNotice(''); }} disabled=${editing === 'new'}>New silence</button>
        <button type="button" onClick=${refresh}>Refresh</button>
        ${list.kind === 'ok' && html`<span class="muted">${list.data.length} active · updated ${when(list.at).slice(11)}</span>`}
      </div>
      <p class="muted">A silence mutes the alerts its match selects until it expires. Expired silences are not listed by the server and cannot be revived; there is no delete — expire a silence to end it.</p>
      ${notice && html`<p class="ok-note" role="status">${notice}</p>`}
      ${error && html`<p class="error" role="alert">${error}</p>`}
      ${editing === 'new' && html`<${SilenceForm} initial=${emptyMatch()} onCancel=${() => setEditing(null)} onDone=${done('created')} />`}
      ${body}
      ${expiredHere.length > 0 && html`
        <h3>Expired from this page</h3>
        <table class="grid silences-expired">
          <thead><tr><th>Id</th><th>Match</th><th>Comment</th><th>Expired</th></tr></thead>
          <tbody>${expiredHere.map((s) => html`<tr data-id=${s.id}><td>#${s.id}</td><td>${matchText(s.match)}</td><td>${s.reason}</td><td>${when(s.expirationTimeMs)}</td></tr>`)}</tbody>
        </table>`}
    </section>`;
}
