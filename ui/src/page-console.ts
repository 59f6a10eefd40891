import { html } from 'htm/preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { get, post, state } from './api.js';
import { columnUnits, statements, statementShape } from './console-units.js';
import type { TableEntry, TargetError } from './api-types.js';
import { EXAMPLES } from './console-examples.js';
import { href, type Route } from './route.js';

/** One entry of the query API's answer for a `table` target: a table, or the target's error. */
type Entry = TableEntry | TargetError;

type Result =
  | { kind: 'idle' }
  | { kind: 'running' }
  | { kind: 'failed'; message: string; code: string }
  | { kind: 'done'; entries: Entry[]; ms: number; units: string[][] };

/** The catalog's unit of a variable; null when the name is no variable (a table such as `devices`) or the call fails. */
async function unitOf(name: string, cache: Map<string, string | null>): Promise<string | null> {
  if (!cache.has(name)) {
    const items = await get<{ name: string; unit: string }[]>(`/v2/ui/net/${state.netId}/gw/catalog/variables/${encodeURIComponent(name)}`).catch(() => []);
    cache.set(name, items.find((i) => i.name === name)?.unit ?? null);
  }
  return cache.get(name)!;
}

/** Per table entry, its columns' units, the entries lined up with the text's statements (none when they do not line up). */
async function unitsOf(svcql: string, entries: readonly Entry[], cache: Map<string, string | null>): Promise<string[][]> {
  const stmts = statements(svcql);
  return Promise.all(entries.map(async (e, k) => {
    if ('error' in e) return [];
    const shape = stmts.length === entries.length ? statementShape(stmts[k]!) : null;
    return columnUnits(shape, e.columns.length, shape ? await unitOf(shape.from, cache) : null);
  }));
}

/** `SvcQL syntax error at 1:17: …` → line 1, column 17. */
function errorPosition(message: string): { line: number; column: number } | null {
  const m = /\bat (\d+):(\d+)\b/.exec(message);
  return m ? { line: Number(m[1]), column: Number(m[2]) } : null;
}

/**
 * The SvcQL console (`#/svcql?q=…`): a query text, Run (or Ctrl+Enter), the dashboard-tool query
 * API's `table` answer per statement; an error shows its code, message and the place in the text.
 */
export function ConsolePage(props: { route: Route }) {
  const fromHash = props.route.query.get('q') ?? '';
  const [text, setText] = useState(fromHash || EXAMPLES[0]!.svcql);
  const [result, setResult] = useState<Result>({ kind: 'idle' });
  const area = useRef<HTMLTextAreaElement>(null);
  const unitCache = useRef(new Map<string, string | null>());

  const run = async (svcql: string): Promise<void> => {
    if (svcql.trim() === '') return;
    setResult({ kind: 'running' });
    const t0 = performance.now();
    try {
      const entries = await post<Entry[]>(`/v2/query/net/${state.netId}/data/`, { targets: [{ id: 'A', svcql, format: 'table' }] });
      const ms = performance.now() - t0;
      setResult({ kind: 'done', entries, ms, units: await unitsOf(svcql, entries, unitCache.current) });
      const e = entries.find((x): x is Extract<Entry, { error: string }> => 'error' in x);
      if (e) select(svcql, e.error);
    } catch (err) {
      setResult({ kind: 'failed', message: (err as Error).message, code: (err as { code?: string }).code ?? '' });
    }
    const link = href('svcql', { q: svcql });
    if (location.hash !== link) history.replaceState(null, '', link);
  };
  // A shared link runs its query once on arrival.
  useEffect(() => { if (fromHash) void run(fromHash); }, []);

  /** Puts the caret at the error's position in the text. */
  const select = (svcql: string, message: string): void => {
    const p = errorPosition(message);
    const el = area.current;
    if (!p || !el) return;
    const lines = svcql.split('\n');
    let offset = 0;
    for (let i = 0; i < p.line - 1 && i < lines.length; i++) offset += lines[i]!.length + 1;
    offset = Math.min(svcql.length, offset + p.column - 1);
    el.focus();
    el.setSelectionRange(offset, Math.min(svcql.length, offset + 1));
  };

  const onKey = (e: KeyboardEvent): void => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); void run(text); }
  };

  return html`
    <section class="console">
      <h1>SvcQL console</h1>
      <div class="console-body">
        <form class="panel console-form" onSubmit=${(e: Event) => { e.preventDefault(); void run(text); }}>
          <label for="svcql-text">Query</label>
          <textarea id="svcql-text" name="svcql" ref=${area} rows="6" spellcheck=${false} value=${text}
            onInput=${(e: Event) => setText((e.target as HTMLTextAreaElement).value)} onKeyDown=${onKey}></textarea>
          <div class="console-actions">
            <button type="submit" class="primary" disabled=${result.kind === 'running'}>Run</button>
            <span class="muted">Ctrl+Enter runs the query. Statements separated by <code>;</code> answer one after the other.</span>
          </div>
        </form>
        <aside class="panel console-examples">
          <h2>Examples</h2>
          <ul>
            ${EXAMPLES.map((x) => html`<li><button type="button" class="link" title=${x.svcql} onClick=${() => { setText(x.svcql); void run(x.svcql); }}>${x.title}</button></li>`)}
          </ul>
        </aside>
      </div>
      <div class="console-result">
        ${result.kind === 'idle' && html`<p class="muted">Run a query to see its table.</p>`}
        ${result.kind === 'running' && html`<p class="loading">Running…</p>`}
        ${result.kind === 'failed' && html`<p class="error" role="alert">${result.code ? html`<b>${result.code}</b> ` : ''}${result.message}</p>`}
        ${result.kind === 'done' && html`
          <p class="muted">${result.entries.length === 0 ? 'No result.' : `${result.entries.length} result${result.entries.length > 1 ? 's' : ''}`} in ${result.ms.toFixed(0)} ms</p>
          ${result.entries.map((e, k) => ('error' in e ? html`<${QueryError} entry=${e} text=${text} />` : html`<${ResultTable} table=${e} n=${k} units=${result.units[k] ?? []} />`))}`}
      </div>
    </section>`;
}

/** The error, and the text's line with a caret under the column when the message gives one. */
function QueryError(props: { entry: { error: string; code: string }; text: string }) {
  const p = errorPosition(props.entry.error);
  const line = p ? props.text.split('\n')[p.line - 1] : undefined;
  return html`
    <div class="panel console-error" role="alert">
      <p class="error"><b>${props.entry.code}</b> ${props.entry.error}</p>
      ${p && line !== undefined && html`<pre class="error-at">${`${line}\n${' '.repeat(Math.max(0, p.column - 1))}^`}</pre>`}
    </div>`;
}

function cell(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

function ResultTable(props: { table: TableEntry; n: number; units: readonly string[] }) {
  const { columns, rows, warnings } = props.table;
  return html`
    <div class="console-table">
      ${warnings?.length ? html`<ul class="console-warnings status-warn" role="status">${warnings.map((w) => html`<li>⚠ ${w}</li>`)}</ul>` : null}
      <p class="muted">${rows.length} row${rows.length === 1 ? '' : 's'}</p>
      <table class="grid result" data-statement=${props.n}>
        <thead><tr>${columns.map((c, i) => html`<th data-unit=${props.units[i] ?? ''}>${c.text}${props.units[i] ? html` <span class="unit muted">(${props.units[i]})</span>` : ''}</th>`)}</tr></thead>
        <tbody>${rows.map((r) => html`<tr>${r.map((v) => html`<td class=${typeof v === 'number' ? 'num' : ''}>${cell(v)}</td>`)}</tr>`)}</tbody>
      </table>
    </div>`;
}
