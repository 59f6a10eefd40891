import { html } from 'htm/preact';
import { useEffect, useState } from 'preact/hooks';
import { get, put, state } from './api.js';
import type { SnmpCredentials } from './api-types.js';

/**
 * The network's SNMP credentials (`GET/PUT /v2/admin/net/:id/snmp`): those of the configuration file
 * and those added here (the overlay, tried first), named by where they come from and their index or
 * name — the server never sends a secret, and the fields that take one start empty. A change is a
 * whole new overlay: the entries added here that stay are sent as `{keep}`, the new one with its
 * secret; the network is planned again with them at once.
 */

const snmpPath = (): string => `/v2/admin/net/${state.netId}/snmp`;

type Entry = SnmpCredentials['communities'][number];
type V3View = SnmpCredentials['v3Users'][number];

/** The overlay as kept entries: every community and v3 user added here, but those dropped. */
function kept(c: SnmpCredentials, dropCommunity?: number, dropUser?: string) {
  return {
    communities: c.communities.filter((e) => e.source === 'ui' && e.index !== dropCommunity).map((e) => ({ keep: e.index })),
    v3Users: c.v3Users.filter((u) => u.source === 'ui' && u.name !== dropUser).map((u) => ({ name: u.name, keep: true as const })),
  };
}

/** The names of the network's v3 users in force (file and overlay), for the test form. */
export function useV3UserNames(): string[] {
  const [names, setNames] = useState<string[]>([]);
  useEffect(() => {
    get<SnmpCredentials>(snmpPath()).then((c) => setNames(c.v3Users.map((u) => u.name)), () => setNames([]));
  }, []);
  return names;
}

const sourceWords = (s: 'ui' | 'file'): string => (s === 'ui' ? 'added here' : 'configuration file');

function CommunityRows(props: { list: readonly Entry[]; onRemove: (index: number) => void }) {
  return props.list.map((e, i) => html`
    <tr data-community=${`${e.source}-${e.index}`} data-source=${e.source}>
      <td>${i + 1}</td><td>community ${e.index + 1} (${sourceWords(e.source)})</td><td>v2c</td>
      <td>${e.source === 'ui' ? html`<button type="button" class="danger" onClick=${() => props.onRemove(e.index)}>Remove</button>` : html`<span class="muted">change it in the file</span>`}</td>
    </tr>`);
}

function UserRows(props: { list: readonly V3View[]; onRemove: (name: string) => void }) {
  return props.list.map((u) => html`
    <tr data-v3user=${u.name} data-source=${u.source}>
      <td>—</td><td>v3 user <strong>${u.name}</strong> (${sourceWords(u.source)}${u.replacesFile ? ', replaces the file\'s' : ''})</td>
      <td>${u.level}, ${u.authProtocol}/${u.privProtocol}</td>
      <td>${u.source === 'ui' ? html`<button type="button" class="danger" onClick=${() => props.onRemove(u.name)}>Remove</button>` : html`<span class="muted">change it in the file</span>`}</td>
    </tr>`);
}

/** A form whose fields go into one new entry; reset once the server took it. */
function AddCommunity(props: { onAdd: (community: string) => Promise<boolean> }) {
  const submit = async (e: Event): Promise<void> => {
    e.preventDefault();
    const form = e.target as HTMLFormElement;
    const community = String(new FormData(form).get('community') ?? '');
    if (await props.onAdd(community)) form.reset();
  };
  return html`
    <form class="admin-form add-community" onSubmit=${submit}>
      <h4>Add a v2c community</h4>
      <label>Community <input name="community" type="password" autocomplete="off" required maxlength="255" /></label>
      <button type="submit" class="primary">Add</button>
    </form>`;
}

function AddV3User(props: { onAdd: (u: Record<string, string>) => Promise<boolean> }) {
  const [level, setLevel] = useState('authPriv');
  const submit = async (e: Event): Promise<void> => {
    e.preventDefault();
    const form = e.target as HTMLFormElement;
    const f = new FormData(form);
    const u: Record<string, string> = {};
    for (const k of ['name', 'level', 'authProtocol', 'authKey', 'privProtocol', 'privKey']) {
      const v = String(f.get(k) ?? '');
      if (v !== '') u[k] = v;
    }
    if (await props.onAdd(u)) form.reset();
  };
  const needAuth = level !== 'noAuthNoPriv';
  const needPriv = level === 'authPriv';
  return html`
    <form class="admin-form add-v3user" onSubmit=${submit}>
      <h4>Add or replace a v3 user</h4>
      <label>Name <input name="name" required maxlength="255" /></label>
      <label>Level <select name="level" value=${level} onChange=${(e: Event) => setLevel((e.target as HTMLSelectElement).value)}>
        ${['authPriv', 'authNoPriv', 'noAuthNoPriv'].map((l) => html`<option value=${l}>${l}</option>`)}</select></label>
      <label>Auth <select name="authProtocol" disabled=${!needAuth}>${['sha', 'sha256', 'sha512', 'sha224', 'sha384', 'md5'].map((p) => html`<option value=${p}>${p}</option>`)}</select></label>
      <label>Auth key <input name="authKey" type="password" autocomplete="off" minlength="8" required=${needAuth} disabled=${!needAuth} /></label>
      <label>Privacy <select name="privProtocol" disabled=${!needPriv}>${['aes', 'aes256b', 'aes256r', 'des'].map((p) => html`<option value=${p}>${p}</option>`)}</select></label>
      <label>Priv key <input name="privKey" type="password" autocomplete="off" minlength="8" required=${needPriv} disabled=${!needPriv} /></label>
      <button type="submit" class="primary">Save user</button>
    </form>`;
}

export function SnmpCredentialsPanel() {
  const [creds, setCreds] = useState<SnmpCredentials | null>(null);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  useEffect(() => {
    get<SnmpCredentials>(snmpPath()).then(setCreds, (e: unknown) => setError((e as Error).message));
  }, []);
  if (!creds) return error ? html`<p class="error" role="alert">The SNMP credentials could not be read: ${error}</p>` : html`<p class="loading">Loading SNMP credentials…</p>`;

  /** Sends the new overlay; true when the server took it. */
  const save = async (body: ReturnType<typeof kept>, done: string): Promise<boolean> => {
    setError(''); setNotice('');
    try {
      setCreds(await put<SnmpCredentials>(snmpPath(), body));
      setNotice(`${done} The network is planned again with them now.`);
      return true;
    } catch (e) { setError((e as Error).message); return false; }
  };
  const base = kept(creds);
  return html`
    <div class="admin-snmp panel">
      <h3>SNMP credentials of network ${creds.network}</h3>
      <p class="muted">Tried in this order. Those added here come first and are kept by the server (a v3 user named as one of the file's replaces it); the file's are changed in the file. Secrets are never shown.</p>
      <div class="table-scroll"><table class="grid snmp-credentials">
        <thead><tr><th>#</th><th>Credential</th><th>Kind</th><th><span class="sr-only">Actions</span></th></tr></thead>
        <tbody>
          <${CommunityRows} list=${creds.communities} onRemove=${(i: number) => save(kept(creds, i), `Community ${i + 1} added here removed.`)} />
          <${UserRows} list=${creds.v3Users} onRemove=${(name: string) => save(kept(creds, undefined, name), `v3 user ${name} removed.`)} />
        </tbody>
      </table></div>
      ${creds.updatedBy && html`<p class="muted" data-field="updated">Last changed here by ${creds.updatedBy} at ${new Date(creds.updatedAtMs ?? 0).toISOString()}.</p>`}
      ${notice && html`<p class="ok-note" role="status">${notice}</p>`}
      ${error && html`<p class="error" role="alert">${error}</p>`}
      <div class="admin-forms">
        <${AddCommunity} onAdd=${(community: string) => save({ ...base, communities: [...base.communities, { community } as never] }, 'Community added.')} />
        <${AddV3User} onAdd=${(u: Record<string, string>) => save({ ...base, v3Users: [...base.v3Users.filter((x) => x.name !== u.name), u as never] }, `v3 user ${u.name} saved.`)} />
      </div>
    </div>`;
}
