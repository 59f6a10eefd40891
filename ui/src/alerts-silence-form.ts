import { html } from 'htm/preact';
import { useState } from 'preact/hooks';
import { createSilence, MAX_SILENCE_MS, matchText, updateSilence, when } from './alerts-api.js';
import type { Silence, SilenceMatch as Match } from './api-types.js';

/**
 * The silence form: the match (six attributes, `''`/`0` take no part), how long it lasts from now,
 * and the reason. For a new silence (`silence` absent) it creates one; for an existing one it
 * updates it, sending only what changed (the expiry only when a new duration is given).
 */

const UNITS: readonly [string, number][] = [['minutes', 60_000], ['hours', 3_600_000], ['days', 86_400_000]];

export function SilenceForm(props: {
  initial: Match;
  silence?: Silence;
  onDone: (id: number) => void;
  onCancel: () => void;
}) {
  const editing = props.silence !== undefined;
  const [match, setMatch] = useState<Match>({ ...props.initial });
  const [amount, setAmount] = useState(editing ? '' : '1');
  const [unit, setUnit] = useState(editing ? 'hours' : 'hours');
  const [reason, setReason] = useState(props.silence?.reason ?? '');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const text = (k: 'key' | 'varName' | 'deviceName' | 'tags', label: string) => html`
    <label>${label} <input name=${`match-${k}`} value=${match[k]}
      onInput=${(e: Event) => setMatch({ ...match, [k]: (e.target as HTMLInputElement).value })} /></label>`;
  const num = (k: 'deviceId' | 'index', label: string) => html`
    <label>${label} <input name=${`match-${k}`} type="number" min="0" step="1" value=${match[k] || ''} placeholder="0 (any)"
      onInput=${(e: Event) => setMatch({ ...match, [k]: Number((e.target as HTMLInputElement).value || 0) })} /></label>`;

  const submit = async (e: Event): Promise<void> => {
    e.preventDefault();
    setError('');
    const factor = UNITS.find(([u]) => u === unit)![1];
    let ms: number | undefined;
    if (amount.trim() !== '') {
      const n = Number(amount);
      ms = Math.round(n * factor);
      if (!Number.isFinite(n) || ms < 1 || ms > MAX_SILENCE_MS) { setError('The duration must be more than 0 and at most 10 years.'); return; }
    } else if (!editing) { setError('Give how long the silence lasts.'); return; }
    if (!Number.isSafeInteger(match.deviceId) || match.deviceId < 0 || !Number.isSafeInteger(match.index) || match.index < 0) {
      setError('Device id and index are whole numbers, 0 or more.'); return;
    }
    setBusy(true);
    try {
      let id: number;
      if (editing) {
        const s = props.silence!;
        const body: Partial<{ expirationTimeMs: number; match: Match; reason: string }> = {};
        if (ms !== undefined) body.expirationTimeMs = ms;
        if (reason !== s.reason) body.reason = reason;
        if (JSON.stringify(match) !== JSON.stringify({ ...s.match })) body.match = match;
        if (Object.keys(body).length === 0) { setError('Nothing changed.'); setBusy(false); return; }
        id = await updateSilence(s.id, body);
      } else {
        id = await createSilence({ expirationTimeMs: ms!, match, reason });
      }
      props.onDone(id);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return html`
    <form class="silence-form panel" onSubmit=${submit} aria-label=${editing ? `Edit silence ${props.silence!.id}` : 'New silence'}>
      <h3>${editing ? `Edit silence #${props.silence!.id}` : 'New silence'}</h3>
      <fieldset>
        <legend>Match <span class="muted">(every attribute given must hold; empty or 0 takes no part)</span></legend>
        <div class="match-grid">
          ${text('key', 'Alert key')} ${text('varName', 'Variable or alert name')}
          ${num('deviceId', 'Device id')} ${text('deviceName', 'Device name')}
          ${num('index', 'Component index')} ${text('tags', 'Tags')}
        </div>
        <p class="muted small">Matches: ${matchText(match)}</p>
      </fieldset>
      <div class="row">
        <label>${editing ? 'New expiry: in' : 'Expires in'}
          <input name="amount" type="number" min="0" step="any" value=${amount} placeholder=${editing ? 'keep' : ''}
            onInput=${(e: Event) => setAmount((e.target as HTMLInputElement).value)} />
        </label>
        <label class="sr-only" for="silence-unit">Unit</label>
        <select id="silence-unit" name="unit" value=${unit} onChange=${(e: Event) => setUnit((e.target as HTMLSelectElement).value)}>
          ${UNITS.map(([u]) => html`<option value=${u}>${u}</option>`)}
        </select>
        ${editing && html`<span class="muted">now expires ${when(props.silence!.expirationTimeMs)}</span>`}
      </div>
      <label class="block">Comment <textarea name="reason" rows="2" maxlength="2000" value=${reason}
        onInput=${(e: Event) => setReason((e.target as HTMLTextAreaElement).value)}></textarea></label>
      ${error && html`<p class="error" role="alert">${error}</p>`}
      <div class="row">
        <button type="submit" class="primary" disabled=${busy}>${editing ? 'Save' : 'Create silence'}</button>
        <button type="button" onClick=${props.onCancel} disabled=${busy}>Cancel</button>
      </div>
    </form>`;
}
