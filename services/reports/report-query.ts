import type { ReportItem, ReportStatus } from './report-item.js';

/** Fields a list answer may be narrowed to (`fields`) and sorted by (`s`: the scalar ones). */
export const REPORT_FIELDS = Object.freeze(['id', 'name', 'category', 'network', 'status', 'createdAt', 'sizeBytes', 'files', 'taskId', 'error'] as const);
export type ReportField = (typeof REPORT_FIELDS)[number];
export const REPORT_SORT_FIELDS = Object.freeze(['createdAt', 'name', 'status', 'sizeBytes'] as const);
export type ReportSortField = (typeof REPORT_SORT_FIELDS)[number];
export const REPORT_STATUSES: readonly ReportStatus[] = Object.freeze(['completed', 'running', 'failed']);

/** The 3.0 count call's parameters (checked by the route). */
export interface ReportCountQuery {
  /** Reports skipped after filtering and sorting. */
  readonly offset: number;
  /** At most this many answered after `offset`. */
  readonly limit: number;
  /** Case-insensitive text the report's name must contain; null: any. */
  readonly q: string | null;
  /** Only reports in these states; null: any. */
  readonly status: readonly ReportStatus[] | null;
}

/** The 3.0 list call's parameters (checked by the route). */
export interface ReportListQuery extends ReportCountQuery {
  /** Only reports created at or after (ms since the epoch); null: no bound. */
  readonly from: number | null;
  /** Only reports created at or before; null: no bound. */
  readonly until: number | null;
  readonly sort: ReportSortField;
  readonly desc: boolean;
  /** Only these fields of each report; null: all. */
  readonly fields: readonly ReportField[] | null;
  /** Only the newest matching report (after the filters; before offset and limit). */
  readonly mostRecent: boolean;
}

/** Filters, sorts (ties by name), keeps the newest one if asked, pages and narrows the fields. Pure. */
export function selectReports(items: readonly ReportItem[], q: ReportListQuery): { total: number; page: Record<string, unknown>[] } {
  const needle = q.q?.toLowerCase() ?? null;
  let hit = items.filter((i) =>
    (needle === null || i.name.toLowerCase().includes(needle)) &&
    (q.status === null || q.status.includes(i.status)) &&
    (q.from === null || i.createdAt >= q.from) &&
    (q.until === null || i.createdAt <= q.until));
  if (q.mostRecent && hit.length > 0) {
    hit = [hit.reduce((a, b) => (b.createdAt > a.createdAt || (b.createdAt === a.createdAt && b.name > a.name) ? b : a))];
  }
  const dir = q.desc ? -1 : 1;
  hit.sort((a, b) => {
    const x = a[q.sort], y = b[q.sort];
    const c = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return c !== 0 ? c * dir : a.name.localeCompare(b.name) * dir;
  });
  const page = hit.slice(q.offset, q.offset + q.limit).map((i) => {
    if (q.fields === null) return { ...i } as Record<string, unknown>;
    const o: Record<string, unknown> = {};
    for (const f of q.fields) o[f] = i[f];
    return o;
  });
  return { total: hit.length, page };
}
