/**
 * Writing report content: CSV cells (RFC 4180 quoting) and HTML text (escaped). Cell text that a
 * spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, tab or CR, and not a number)
 * gets a leading `'`, so that a device's sysName or a tag cannot become a formula in the reader's
 * spreadsheet.
 */

export type Cell = string | number | null;

export function csvCell(v: Cell): string {
  if (v === null) return '';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  let s = v;
  if (/^[=+\-@\t\r]/.test(s) && !/^[+-]?\d+(\.\d+)?$/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Rows per chunk of csvChunks and htmlChunks: a report is written chunk by chunk, never as one string. */
export const ROWS_PER_CHUNK = 100;

/**
 * Rows made on demand: `count` rows, row `k` made by `rowAt(k)` when its chunk is written, so a
 * large report's rows are never all in memory at once (the utilisation report's 10,000 rows).
 */
export interface RowSource {
  readonly count: number;
  rowAt(k: number): readonly Cell[];
}

type Rows = readonly (readonly Cell[])[] | RowSource;

const source = (rows: Rows): RowSource => ('rowAt' in rows ? rows : { count: rows.length, rowAt: (k) => rows[k]! });

/** Rows [at, at + n) of `src`. */
function* slice(src: RowSource, at: number, n: number): Generator<readonly Cell[]> {
  for (let k = at; k < Math.min(src.count, at + n); k++) yield src.rowAt(k);
}

/** CSV text: the header row and the rows, CRLF line ends (RFC 4180). */
export function csvText(header: readonly string[], rows: Rows): string {
  return [...csvChunks(header, rows)].join('');
}

/** csvText in pieces of at most ROWS_PER_CHUNK rows each, in order. */
export function* csvChunks(header: readonly string[], rows: Rows): Generator<string> {
  yield header.map(csvCell).join(',') + '\r\n';
  const src = source(rows);
  for (let at = 0; at < src.count; at += ROWS_PER_CHUNK) {
    let text = '';
    for (const r of slice(src, at, ROWS_PER_CHUNK)) text += r.map(csvCell).join(',') + '\r\n';
    yield text;
  }
}

export function htmlEscape(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

const cellHtml = (v: Cell): string => htmlEscape(v === null ? '' : typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : v);

export interface HtmlSection {
  readonly title: string;
  readonly header: readonly string[];
  readonly rows: Rows;
}

/** A standalone HTML page of tables; every text escaped. */
export function htmlPage(title: string, subtitle: string, sections: readonly HtmlSection[]): string {
  return [...htmlChunks(title, subtitle, sections)].join('');
}

/** htmlPage in pieces (the head, then at most ROWS_PER_CHUNK table rows each), in order. */
export function* htmlChunks(title: string, subtitle: string, sections: readonly HtmlSection[]): Generator<string> {
  const line = (parts: readonly string[]): string => parts.map((x) => `${x}\n`).join('');
  yield line([
    '<!DOCTYPE html>', '<html lang="en"><head><meta charset="utf-8">', `<title>${htmlEscape(title)}</title>`,
    '<style>body{font-family:sans-serif}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px;text-align:left}</style>',
    '</head><body>', `<h1>${htmlEscape(title)}</h1>`, `<p>${htmlEscape(subtitle)}</p>`,
  ]);
  for (const s of sections) {
    yield line([`<h2>${htmlEscape(s.title)}</h2>`, '<table><thead><tr>', ...s.header.map((h) => `<th>${htmlEscape(h)}</th>`), '</tr></thead><tbody>']);
    const src = source(s.rows);
    for (let at = 0; at < src.count; at += ROWS_PER_CHUNK) {
      yield line([...slice(src, at, ROWS_PER_CHUNK)].map((r) => `<tr>${r.map((c) => `<td>${cellHtml(c)}</td>`).join('')}</tr>`));
    }
    yield line(['</tbody></table>']);
  }
  yield '</body></html>\n';
}
