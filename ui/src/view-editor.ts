import { html } from 'htm/preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, get, post, state } from './api.js';
import type { MapAnswer as Preview, MapView, ViewCreated } from './api-types.js';
import { href } from './route.js';
import { RuleField, useRuleCheck } from './view-editor-rule.js';

/**
 * The view editor (`#/views/new`, `#/views/<id>/edit`): name, devRule and linkRule checked as the
 * user types, the preview of what they match, the adjacent/connecting flags, save, delete and
 * share/unshare — all through the map view calls of the API (docs/api.md "Map views (v2)").
 */

interface Form { name: string; devRule: string; linkRule: string; adjacent: boolean; connecting: boolean }

const viewsPath = (): string => `/v2/ui/net/${state.netId}/views`;
const PREVIEW_DEBOUNCE_MS = 400;
const PREVIEW_ROWS = 200;

type Load = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; view: MapView | null; probe: number };

/** `viewId` null: a new view (created on save). */
export function ViewEditor(props: { viewId: number | null }) {
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [form, setForm] = useState<Form>({ name: '', devRule: '', linkRule: '', adjacent: false, connecting: false });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [confirmDelete, setConfirmDelete] = useState(false);

  const reload = async (): Promise<void> => {
    try {
      if (props.viewId === null) {
        // A new view's rules are checked and previewed against a view the caller sees (validate and
        // preview take every field from the request; nothing is stored).
        const views = await get<MapView[]>(viewsPath());
        if (views.length === 0) throw new Error('this network has no view to check rules against');
        setLoad({ kind: 'ready', view: null, probe: views[0]!.id });
      } else {
        const [view] = await get<MapView[]>(`${viewsPath()}/${props.viewId}`);
        if (!view) throw new Error(`view ${props.viewId} not found`);
        setForm({ name: view.name, devRule: view.devRule, linkRule: view.linkRule, adjacent: view.adjacent, connecting: view.connecting });
        setLoad({ kind: 'ready', view, probe: view.id });
      }
    } catch (e) {
      setLoad({ kind: 'error', message: (e as Error).message });
    }
  };
  useEffect(() => { setLoad({ kind: 'loading' }); void reload(); }, [props.viewId]);

  const probe = load.kind === 'ready' ? load.probe : null;
  const devCheck = useRuleCheck(probe, 'devRule', form.devRule);
  const linkCheck = useRuleCheck(probe, 'linkRule', form.linkRule);
  // Previewed once both rules passed their check (not while a check is under way: a slow answer
  // would let the preview call go out with a rule the check then refuses), and not while a save or
  // a delete is under way (a preview timer firing then would ask for a view just deleted).
  const gate: PreviewGate = devCheck.kind === 'error' || linkCheck.kind === 'error' ? 'refused'
    : devCheck.kind === 'ok' && linkCheck.kind === 'ok' && !busy ? 'go' : 'wait';
  const preview = usePreview(probe, form, gate);

  if (load.kind === 'loading') return html`<p class="loading">Loading the view…</p>`;
  if (load.kind === 'error') {
    return html`<div class="view-editor"><p class="error" role="alert">${load.message}</p><a href=${href('views')}>Back to the views</a></div>`;
  }
  const view = load.view;
  const readOnly = view !== null && !view.editable;
  const set = <K extends keyof Form>(k: K, v: Form[K]): void => { setForm((f) => ({ ...f, [k]: v })); setNotice(''); };

  const act = async (what: () => Promise<void>): Promise<void> => {
    setBusy(true);
    setError('');
    try { await what(); } catch (e) { setError((e as Error).message); } finally { setBusy(false); }
  };
  const body = { name: form.name, devRule: form.devRule, linkRule: form.linkRule, adjacent: form.adjacent, connecting: form.connecting };
  const save = (e: Event): void => {
    e.preventDefault();
    void act(async () => {
      if (form.name.trim() === '') throw new Error('The view needs a name.');
      if (view) {
        await post(`${viewsPath()}/${view.id}/update`, body);
      } else {
        // Checked first, so that a refused body leaves no half-made view behind.
        await post(`${viewsPath()}/${load.probe}/validate`, body);
        const made = await post<ViewCreated>(viewsPath());
        try {
          await post(`${viewsPath()}/${made.id}/update`, body);
        } catch (err) {
          await api('DELETE', `${viewsPath()}/${made.id}`).catch(() => undefined);
          throw err;
        }
      }
      location.hash = href('views');
    });
  };
  const remove = (): void => {
    if (!view) return;
    void act(async () => {
      await api('DELETE', `${viewsPath()}/${view.id}`);
      location.hash = href('views');
    });
  };
  const share = (on: boolean): void => {
    if (!view) return;
    void act(async () => {
      await post(`${viewsPath()}/${view.id}/${on ? 'share' : 'unshare'}`);
      const [fresh] = await get<MapView[]>(`${viewsPath()}/${view.id}`);
      if (fresh) setLoad({ kind: 'ready', view: fresh, probe: fresh.id });
      setNotice(on ? 'The view is shared: every user sees it.' : 'The view is private again.');
    });
  };

  return html`
    <div class="view-editor">
      <form class="panel view-form" onSubmit=${save} aria-label="View editor">
        <h1>${view ? `Edit view ${view.name}` : 'New view'}</h1>
        ${view && html`<p class="muted view-meta">
          ${`${view.type} · ${view.shared ? 'shared' : 'private'}${view.owner ? ` · owner ${view.owner}` : ''} · `}<a
            href=${href('map', view.id)}>open the map</a></p>`}
        ${readOnly && html`<p class="notice">This view cannot be changed here (${view!.type === 'INTERACTIVE' ? 'another user\'s view' : `a ${view!.type} view`}); its rules can still be tried in the preview.</p>`}
        <label class="view-name">Name
          <input name="name" required maxlength="200" value=${form.name} disabled=${readOnly}
            placeholder="e.g. Core switches" onInput=${(e: Event) => set('name', (e.target as HTMLInputElement).value)} />
        </label>
        <${RuleField} id="devRule" label="Devices" hint="devRule: SvcQL over the devices table, e.g. Name REGEXP 'core'"
          value=${form.devRule} check=${devCheck} onInput=${(v: string) => set('devRule', v)} />
        <${RuleField} id="linkRule" label="Links" hint="linkRule: SvcQL over the interfaces table, e.g. Speed >= 10000000000"
          value=${form.linkRule} check=${linkCheck} onInput=${(v: string) => set('linkRule', v)} />
        <fieldset class="view-flags">
          <legend>Also show</legend>
          <label><input type="checkbox" name="adjacent" checked=${form.adjacent}
            onChange=${(e: Event) => set('adjacent', (e.target as HTMLInputElement).checked)} />
            adjacent: devices one hop from a matching device</label>
          <label><input type="checkbox" name="connecting" checked=${form.connecting}
            onChange=${(e: Event) => set('connecting', (e.target as HTMLInputElement).checked)} />
            connecting: devices on the shortest paths between matching devices</label>
        </fieldset>
        ${error && html`<p class="error" role="alert">${error}</p>`}
        ${notice && html`<p class="notice" role="status">${notice}</p>`}
        <div class="view-actions">
          ${!readOnly && html`<button type="submit" class="primary" disabled=${busy || devCheck.kind === 'error' || linkCheck.kind === 'error'}>
            ${view ? 'Save' : 'Create view'}</button>`}
          <a href=${href('views')}>Cancel</a>
          <span class="spacer"></span>
          ${view?.editable && html`
            <button type="button" disabled=${busy} onClick=${() => share(!view.shared)}>${view.shared ? 'Unshare' : 'Share'}</button>
            ${confirmDelete
              ? html`<span class="confirm">Delete this view and its layout?
                  <button type="button" class="danger" disabled=${busy} onClick=${remove}>Delete</button>
                  <button type="button" onClick=${() => setConfirmDelete(false)}>Keep</button></span>`
              : html`<button type="button" class="danger" onClick=${() => setConfirmDelete(true)}>Delete…</button>`}`}
        </div>
      </form>
      <${PreviewPanel} preview=${preview} />
    </div>`;
}

type PreviewState = { kind: 'idle' } | { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; data: Preview };

/** 'go': the rules passed their checks; 'wait': a check or a save is under way (the shown preview
 *  stays, no call goes out); 'refused': a rule failed its check (no preview). */
type PreviewGate = 'go' | 'wait' | 'refused';

/** The preview call (`hide=true`: only what the map would show), debounced, only when the gate is 'go'. */
function usePreview(probe: number | null, form: Form, gate: PreviewGate): PreviewState {
  const [p, setP] = useState<PreviewState>({ kind: 'idle' });
  const seq = useRef(0);
  useEffect(() => {
    if (probe === null) return undefined;
    if (gate === 'refused') { ++seq.current; setP({ kind: 'idle' }); return undefined; }
    if (gate === 'wait') return undefined;
    const mine = ++seq.current;
    setP((old) => (old.kind === 'ready' ? old : { kind: 'loading' }));
    const q = new URLSearchParams({
      devRule: form.devRule, linkRule: form.linkRule, adjacent: String(form.adjacent), connecting: String(form.connecting), hide: 'true',
    });
    const timer = setTimeout(() => {
      get<Preview>(`${viewsPath()}/${probe}/preview?${q.toString()}`).then(
        (data) => { if (seq.current === mine) setP({ kind: 'ready', data }); },
        (e: unknown) => { if (seq.current === mine) setP({ kind: 'error', message: (e as Error).message }); },
      );
    }, PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [probe, form.devRule, form.linkRule, form.adjacent, form.connecting, gate]);
  return p;
}

function why(d: { matching: boolean; adjacent: boolean; connecting: boolean }): string {
  return d.matching ? 'matching' : [d.adjacent ? 'adjacent' : '', d.connecting ? 'connecting' : ''].filter(Boolean).join(', ');
}

function PreviewPanel(props: { preview: PreviewState }) {
  const p = props.preview;
  let content: unknown;
  if (p.kind === 'idle') content = html`<p class="muted">Fix the rules to see what they match.</p>`;
  else if (p.kind === 'loading') content = html`<p class="muted">Loading the preview…</p>`;
  else if (p.kind === 'error') content = html`<p class="error" role="alert">${p.message}</p>`;
  else if (p.data.generation === null) content = html`<p class="muted">No discovery has completed yet: there is nothing to match.</p>`;
  else {
    const ds = p.data.devices;
    const count = (k: 'matching' | 'adjacent' | 'connecting'): number => ds.filter((d) => d[k]).length;
    content = html`
      <p class="preview-summary">
        <strong>${ds.length}</strong> device${ds.length === 1 ? '' : 's'} and <strong>${p.data.links.length}</strong> link${p.data.links.length === 1 ? '' : 's'} on the map${' '}<span class="muted">(${count('matching')} matching, ${count('adjacent')} adjacent, ${count('connecting')} connecting; generation ${p.data.generation})</span>
      </p>
      ${ds.length === 0
        ? html`<p class="muted">No device matches these rules.</p>`
        : html`<div class="preview-scroll"><table class="grid preview-devices">
            <thead><tr><th>Device</th><th>Address</th><th>Vendor / model</th><th>Shown as</th></tr></thead>
            <tbody>${ds.slice(0, PREVIEW_ROWS).map((d) => html`
              <tr key=${d.id}><td><a href=${href('device', d.id)}>${d.name}</a></td><td>${d.address}</td>
                <td>${d.vendor} ${d.model}</td><td class=${d.matching ? '' : 'muted'}>${why(d)}</td></tr>`)}
            </tbody></table>
            ${ds.length > PREVIEW_ROWS && html`<p class="muted">… and ${ds.length - PREVIEW_ROWS} more.</p>`}</div>`}`;
  }
  return html`<section class="panel view-preview" aria-label="Preview"><h2>Preview</h2>${content}</section>`;
}
