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

/** CSV text: the header row and the rows, CRLF line ends (RFC 4180). */
export function csvText(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

export function htmlEscape(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

const cellHtml = (v: Cell): string => htmlEscape(v === null ? '' : typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : v);

export interface HtmlSection {
  readonly title: string;
  readonly header: readonly string[];
  readonly rows: readonly (readonly Cell[])[];
}

/** A standalone HTML page of tables; every text escaped. */
export function htmlPage(title: string, subtitle: string, sections: readonly HtmlSection[]): string {
  const parts = [
    '<!DOCTYPE html>', '<html lang="en"><head><meta charset="utf-8">', `<title>${htmlEscape(title)}</title>`,
    '<style>body{font-family:sans-serif}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px;text-align:left}</style>',
    '</head><body>', `<h1>${htmlEscape(title)}</h1>`, `<p>${htmlEscape(subtitle)}</p>`,
  ];
  for (const s of sections) {
    parts.push(`<h2>${htmlEscape(s.title)}</h2>`, '<table><thead><tr>', ...s.header.map((h) => `<th>${htmlEscape(h)}</th>`), '</tr></thead><tbody>');
    for (const r of s.rows) parts.push(`<tr>${r.map((c) => `<td>${cellHtml(c)}</td>`).join('')}</tr>`);
    parts.push('</tbody></table>');
  }
  parts.push('</body></html>', '');
  return parts.join('\n');
}
