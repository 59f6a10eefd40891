// The public face of the alerts wing (services/alerts/). The alert evaluator (AlertEngine, the data
// processor of the alert rules), the alert list (AlertService) and the check of an alert rule in the
// config. Folders outside the wing import only what this file exports.
export { AlertEngine } from './alert-engine.js';
export { checkAlertRule } from './alert-rules.js';
export { AlertService } from './alerts.js';
export { DEFAULT_HISTORY_LIMIT, MAX_HISTORY_LIMIT, type AlertHistoryEntry, type AlertRuleView } from './alert-people.js';
