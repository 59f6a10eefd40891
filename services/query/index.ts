// The public face of the query wing (services/query/). The dashboard query calls (QueryService, the
// Grafana datasource) and the Prometheus HTTP API (PrometheusService, with its PromQL selectors).
// Folders outside the wing import only what this file exports.
export { formatSample, PrometheusService, type RangeResult } from './prometheus.js';
export { QueryService } from './query.js';
