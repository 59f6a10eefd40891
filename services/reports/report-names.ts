/**
 * Report files and their names. A run of category C for network N at time T writes
 * `<C>-net<N>-<YYYYMMDDTHHMMSSmmmZ>.csv` (and `.html` for the categories a person reads) into
 * `<dataDir>/reports/`; the name without its extension is the report's name and id. The list,
 * count and get calls read the metadata from these names and the files' sizes: nothing else is
 * stored, so a file deleted by hand is simply gone from the lists.
 *
 * `parseReportFile` is the only door from a caller's text to a path: it accepts exactly the names
 * written here (letters, digits, `-`, one `.` before `csv` or `html`), so `..`, `/`, `\`, NUL and
 * percent-encoded forms of them never name a file.
 */

export const REPORT_CATEGORIES = Object.freeze(['inventory', 'utilisation', 'discovery'] as const);
export type ReportCategory = (typeof REPORT_CATEGORIES)[number];
export type ReportFormat = 'csv' | 'html';

export const CONTENT_TYPES: Readonly<Record<ReportFormat, string>> = Object.freeze({
  csv: 'text/csv; charset=utf-8',
  html: 'text/html; charset=utf-8',
});

export interface ReportFileName {
  readonly fileName: string;
  /** The file name without its extension: the report's name and id. */
  readonly name: string;
  readonly category: ReportCategory;
  readonly networkId: number;
  readonly createdAtMs: number;
  readonly format: ReportFormat;
}

const FILE = /^(inventory|utilisation|discovery)-net([1-9][0-9]{0,8})-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z\.(csv|html)$/;

export const isCategory = (s: string): s is ReportCategory => (REPORT_CATEGORIES as readonly string[]).includes(s);

/** The report name of a run: `inventory-net1-20261127T020000000Z`. */
export function reportName(category: ReportCategory, networkId: number, createdAtMs: number): string {
  const iso = new Date(createdAtMs).toISOString(); // 2026-11-27T02:00:00.000Z
  const stamp = iso.replace(/[-:]/g, '').replace('.', ''); // 20261127T020000000Z
  return `${category}-net${networkId}-${stamp}`;
}

/** The parts of a report file name, or null for anything not written by `reportName` + `.csv`/`.html`. */
export function parseReportFile(fileName: string): ReportFileName | null {
  const m = FILE.exec(fileName);
  if (!m) return null;
  const createdAtMs = Date.UTC(+m[3]!, +m[4]! - 1, +m[5]!, +m[6]!, +m[7]!, +m[8]!, +m[9]!);
  if (!Number.isFinite(createdAtMs) || reportName(m[1] as ReportCategory, +m[2]!, createdAtMs) !== fileName.slice(0, fileName.lastIndexOf('.'))) return null;
  return {
    fileName, name: fileName.slice(0, fileName.lastIndexOf('.')), category: m[1] as ReportCategory,
    networkId: +m[2]!, createdAtMs, format: m[10] as ReportFormat,
  };
}
