import { html } from 'htm/preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, post, state } from './api.js';
import type { ViewValidated } from './api-types.js';

/**
 * A SvcQL rule field of the view editor: the text, checked with the validate call as the user
 * types (debounced), and a failure shown at its position — the offending line echoed with the
 * column marked, a caret under it, and the server's message.
 */

/**
 * The outcome of checking one rule: `at` is the 1-based line and column the server named; a valid
 * rule's `warnings` name what its table does not know (a misspelt column matches nothing).
 */
type RuleCheck =
  | { readonly kind: 'idle' | 'checking' }
  | { readonly kind: 'ok'; readonly warnings?: readonly string[] }
  | { readonly kind: 'error'; readonly message: string; readonly at: { line: number; col: number } | null };

/** `… SvcQL syntax error at 2:16: expected …` → {line: 2, col: 16}; null when the message has none. */
function errorPosition(message: string): { line: number; col: number } | null {
  const m = /\bat (\d+):(\d+)\b/.exec(message);
  return m ? { line: Number(m[1]), col: Number(m[2]) } : null;
}

/** The offset in `text` of a 1-based line and column (clamped to the text). */
function offsetOf(text: string, at: { line: number; col: number }): number {
  const lines = text.split('\n');
  let off = 0;
  for (let i = 0; i < at.line - 1 && i < lines.length; i++) off += lines[i]!.length + 1;
  return Math.min(text.length, off + Math.max(0, at.col - 1));
}

const DEBOUNCE_MS = 300;

/**
 * Checks `field` = `text` with `POST …/views/:probe/validate` (only that field: the others keep the
 * probe view's stored, valid values), `DEBOUNCE_MS` after the last change; answers arriving for an
 * older text are dropped.
 */
export function useRuleCheck(probeViewId: number | null, field: 'devRule' | 'linkRule', text: string): RuleCheck {
  const [check, setCheck] = useState<RuleCheck>({ kind: 'idle' });
  const seq = useRef(0);
  useEffect(() => {
    if (probeViewId === null) return undefined;
    const mine = ++seq.current;
    if (text.trim() === '') { setCheck({ kind: 'ok' }); return undefined; }
    setCheck({ kind: 'checking' });
    const timer = setTimeout(() => {
      post<ViewValidated>(`/v2/ui/net/${state.netId}/views/${probeViewId}/validate`, { [field]: text }).then(
        (r) => {
          if (seq.current !== mine) return;
          setCheck({ kind: 'ok', warnings: (r.warnings ?? []).filter((w) => w.field === field).map((w) => w.message) });
        },
        (e: unknown) => {
          if (seq.current !== mine) return;
          const message = (e as Error).message;
          setCheck({ kind: 'error', message, at: e instanceof ApiError && e.code === 'VIEW_REFUSED' ? errorPosition(message) : null });
        },
      );
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [probeViewId, field, text]);
  return check;
}

/** The offending line with the column marked (a space past the end: "end of input"), and a caret. */
function ErrorEcho(props: { text: string; at: { line: number; col: number } }) {
  const line = props.text.split('\n')[props.at.line - 1] ?? '';
  const i = Math.min(line.length, Math.max(0, props.at.col - 1));
  const bad = line.slice(i, i + 1);
  // The caret's line break is an expression: htm drops whitespace-only text that holds a newline.
  return html`<pre class="rule-echo" aria-hidden="true">${line.slice(0, i)}<mark class=${bad === '' ? 'eol' : ''}>${bad === '' ? ' ' : bad}</mark>${line.slice(i + 1)}${'\n' + ' '.repeat(i) + '^'}</pre>`;
}

export function RuleField(props: {
  id: string; label: string; hint: string; value: string; check: RuleCheck; disabled?: boolean;
  onInput: (v: string) => void;
}) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const c = props.check;
  const errId = `${props.id}-error`;
  const showAt = (): void => {
    const el = ref.current;
    if (!el || c.kind !== 'error' || !c.at) return;
    const off = offsetOf(props.value, c.at);
    el.focus();
    el.setSelectionRange(off, Math.min(props.value.length, off + 1));
  };
  return html`
    <div class=${`rule-field rule-${c.kind}`}>
      <label for=${props.id}>${props.label} <span class="muted">${props.hint}</span></label>
      <textarea id=${props.id} name=${props.id} ref=${ref} rows="3" spellcheck=${false} disabled=${props.disabled}
        placeholder="empty: matches everything" value=${props.value}
        aria-invalid=${c.kind === 'error'} aria-describedby=${c.kind === 'error' ? errId : undefined}
        onInput=${(e: Event) => props.onInput((e.target as HTMLTextAreaElement).value)}></textarea>
      <div class="rule-status" aria-live="polite">
        ${c.kind === 'checking' && html`<span class="muted">checking…</span>`}
        ${c.kind === 'ok' && props.value.trim() !== '' && !c.warnings?.length && html`<span class="status-ok">✓ valid</span>`}
        ${c.kind === 'ok' && c.warnings?.length ? html`
          <ul class="rule-warnings status-warn">${c.warnings.map((w) => html`<li>⚠ ${w}</li>`)}</ul>` : null}
      </div>
      ${c.kind === 'error' && html`
        <div class="rule-error" id=${errId} role="alert">
          ${c.at && html`<${ErrorEcho} text=${props.value} at=${c.at} />`}
          <span class="error">${c.message}</span>
          ${c.at && html` <button type="button" class="link" onClick=${showAt}>Show in the text</button>`}
        </div>`}
    </div>`;
}
