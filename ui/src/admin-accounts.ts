import { html } from 'htm/preact';
import { useEffect, useState } from 'preact/hooks';
import { del, get, post, put } from './api.js';
import type { AccountToken, AccountUser } from './api-types.js';

/**
 * Users and API tokens of the administration page. Passwords are typed, never shown; a token's
 * secret is shown once, in the answer that creates it, and is gone from the page when it is left.
 */

const when = (ms: number | null): string => (ms ? new Date(ms).toISOString().replace('T', ' ').slice(0, 19) : '—');
const text = (f: FormData, k: string): string => String(f.get(k) ?? '').trim();

/** A list read again on `tick`. */
function useList<T>(path: string, pick: (r: any) => T[], tick: number): { list: T[] | null; error: string } {
  const [list, setList] = useState<T[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    let live = true;
    get<unknown>(path).then((r) => { if (live) { setList(pick(r)); setError(''); } }, (e: unknown) => { if (live) setError((e as Error).message); });
    return () => { live = false; };
  }, [tick]);
  return { list, error };
}

function RoleSelect(props: { value?: string }) {
  return html`<select name="role">${['user', 'admin'].map((r) => html`<option value=${r} selected=${r === (props.value ?? 'user')}>${r}</option>`)}</select>`;
}

export function AdminUsers() {
  const [tick, setTick] = useState(0);
  const { list, error: loadError } = useList<AccountUser>('/v2/admin/users', (r) => r.users, tick);
  const [resetting, setResetting] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const [error, setError] = useState('');
  const act = async (what: () => Promise<unknown>, done: string): Promise<void> => {
    setError(''); setNotice('');
    try { await what(); setNotice(done); setResetting(null); setTick((n) => n + 1); } catch (e) { setError((e as Error).message); }
  };
  const add = (e: Event): void => {
    e.preventDefault();
    const form = e.target as HTMLFormElement;
    const f = new FormData(form);
    void act(async () => { await post('/v2/admin/users', { name: text(f, 'name'), role: text(f, 'role'), password: String(f.get('password') ?? '') }); form.reset(); }, `User ${text(f, 'name')} added.`);
  };
  const reset = (name: string) => (e: Event): void => {
    e.preventDefault();
    const f = new FormData(e.target as HTMLFormElement);
    void act(() => put(`/v2/admin/users/${encodeURIComponent(name)}`, { password: String(f.get('password') ?? '') }), `The password of ${name} is reset: their sessions ended.`);
  };
  return html`
    <div class="admin-users">
      <form class="admin-form add-user panel" onSubmit=${add}>
        <h3>Add a user</h3>
        <label>Name <input name="name" required autocomplete="off" /></label>
        <label>Role <${RoleSelect} /></label>
        <label>Password <input name="password" type="password" required minlength="8" autocomplete="new-password" /></label>
        <button type="submit" class="primary">Add</button>
      </form>
      ${notice && html`<p class="ok-note" role="status">${notice}</p>`}
      ${(error || loadError) && html`<p class="error" role="alert">${error || loadError}</p>`}
      ${list === null ? html`<p class="loading">Loading users…</p>` : html`
      <div class="table-scroll"><table class="grid admin-user-table">
        <thead><tr><th>Name</th><th>Role</th><th>Created</th><th>Changed</th><th><span class="sr-only">Actions</span></th></tr></thead>
        <tbody>${list.map((u) => html`
          <tr key=${u.name} data-user=${u.name}>
            <td>${u.name}</td>
            <td><select name="role" aria-label=${`role of ${u.name}`} onChange=${(e: Event) => act(() => put(`/v2/admin/users/${encodeURIComponent(u.name)}`, { role: (e.target as HTMLSelectElement).value }), `${u.name} is now ${(e.target as HTMLSelectElement).value}.`).then(() => setTick((n) => n + 1))}>
              ${['user', 'admin'].map((r) => html`<option value=${r} selected=${r === u.role}>${r}</option>`)}</select></td>
            <td>${when(u.createdAtMs)}</td><td>${when(u.changedAtMs)}</td>
            <td class="actions">
              <button type="button" onClick=${() => setResetting(u.name)}>Reset password</button>
              <button type="button" class="danger" onClick=${() => confirm(`Remove user ${u.name}? Their sessions end.`) && act(() => del(`/v2/admin/users/${encodeURIComponent(u.name)}`), `User ${u.name} removed.`)}>Remove</button>
            </td>
          </tr>
          ${resetting === u.name && html`<tr class="edit-row"><td colspan="5">
            <form class="admin-form reset-password" onSubmit=${reset(u.name)}>
              <label>New password for ${u.name} <input name="password" type="password" required minlength="8" autocomplete="new-password" /></label>
              <button type="submit" class="primary">Set</button><button type="button" onClick=${() => setResetting(null)}>Cancel</button>
            </form></td></tr>`}`)}
        </tbody></table></div>`}
    </div>`;
}

export function AdminTokens() {
  const [tick, setTick] = useState(0);
  const { list, error: loadError } = useList<AccountToken>('/v2/admin/tokens', (r) => r.tokens, tick);
  /** The secret of the token just made: shown once, in this page's memory only. */
  const [secret, setSecret] = useState<{ name: string; token: string } | null>(null);
  const [notice, setNotice] = useState('');
  const [error, setError] = useState('');
  const create = async (e: Event): Promise<void> => {
    e.preventDefault();
    const form = e.target as HTMLFormElement;
    const f = new FormData(form);
    setError(''); setNotice(''); setSecret(null);
    try {
      const r = await post<{ token: string; info: AccountToken }>('/v2/admin/tokens', { name: text(f, 'name'), role: text(f, 'role') });
      setSecret({ name: r.info.name, token: r.token });
      form.reset();
      setTick((n) => n + 1);
    } catch (err) { setError((err as Error).message); }
  };
  const revoke = async (t: AccountToken): Promise<void> => {
    if (!confirm(`Revoke token ${t.name}? Calls with it are refused from now on.`)) return;
    setError(''); setSecret(null);
    try { await del(`/v2/admin/tokens/${encodeURIComponent(t.name)}`); setNotice(`Token ${t.name} revoked.`); setTick((n) => n + 1); } catch (e) { setError((e as Error).message); }
  };
  return html`
    <div class="admin-tokens">
      <form class="admin-form add-token panel" onSubmit=${create}>
        <h3>Create an API token</h3>
        <label>Name <input name="name" required autocomplete="off" /></label>
        <label>Role <${RoleSelect} /></label>
        <button type="submit" class="primary">Create</button>
      </form>
      ${secret && html`<div class="token-secret panel" role="status">
        <p>The secret of token <strong>${secret.name}</strong>, shown this once (only its digest is stored): copy it now.</p>
        <code data-field="secret">${secret.token}</code></div>`}
      ${notice && html`<p class="ok-note" role="status">${notice}</p>`}
      ${(error || loadError) && html`<p class="error" role="alert">${error || loadError}</p>`}
      ${list === null ? html`<p class="loading">Loading tokens…</p>` : list.length === 0 ? html`<p class="empty panel">No API token.</p>` : html`
      <div class="table-scroll"><table class="grid admin-token-table">
        <thead><tr><th>Name</th><th>Role</th><th>Created</th><th>Last used</th><th><span class="sr-only">Actions</span></th></tr></thead>
        <tbody>${list.map((t) => html`
          <tr key=${t.name} data-token=${t.name}><td>${t.name}</td><td>${t.role}</td><td>${when(t.createdAtMs)}</td><td>${when(t.lastUsedMs)}</td>
            <td class="actions"><button type="button" class="danger" onClick=${() => revoke(t)}>Revoke</button></td></tr>`)}
        </tbody></table></div>`}
    </div>`;
}
