// The public face of the reports wing (services/reports/). Report files: build, schedule, list, and
// the report query fields. Folders outside the wing import only what this file exports.
export { htmlEscape } from './report-format.js';
export type { ReportStatus } from './report-item.js';
export {
  REPORT_FIELDS, REPORT_SORT_FIELDS, REPORT_STATUSES, type ReportCountQuery, type ReportField, type ReportListQuery, type ReportSortField,
} from './report-query.js';
export { ReportService } from './reports.js';
