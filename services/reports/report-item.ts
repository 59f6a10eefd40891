import type { ReportCategory, ReportFormat } from './report-names.js';

/** What the reports' list, count and get calls answer per report (services/reports/reports.ts). */

export type ReportStatus = 'completed' | 'running' | 'failed';

export interface ReportFileInfo {
  readonly fileName: string;
  readonly format: ReportFormat;
  readonly contentType: string;
  readonly sizeBytes: number;
  /** Where to read it: `/reports/<fileName>`. */
  readonly href: string;
}

/** One report: a finished run (its files) or a run still going or failed (no files). */
export interface ReportItem {
  /** The report's name, also its id (`inventory-net1-20261127T020000000Z`). */
  readonly id: string;
  readonly name: string;
  readonly category: ReportCategory;
  readonly network: number;
  readonly status: ReportStatus;
  readonly createdAt: number;
  /** Total bytes of its files. */
  readonly sizeBytes: number;
  readonly files: readonly ReportFileInfo[];
  /** The background task that made it, when made since this server started. */
  readonly taskId: number | null;
  /** Why a failed run failed ('' otherwise). */
  readonly error: string;
}

