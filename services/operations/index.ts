// The public face of the operations wing (services/operations/). The actions of a network and the
// settings (OperationsService), the registry of the server's caches, and the pipeline counters of
// `/metrics`. Folders outside the wing import only what this file exports.
export { OperationsService, type ActionStatus } from './operations.js';
export { CYCLE_BUCKETS_SECONDS, SelfMetricsService } from './self-metrics.js';
export { ServerCaches } from './server-caches.js';
