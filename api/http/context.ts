import type { Clock } from '../../core/clock.js';
import type { BufferPool } from './buffer-pool.js';
import type { Logger } from '../../core/logger.js';
import type { MonitorService } from '../monitor-service.js';
import type { RouterStats } from './router.js';

/** What every handler may use; built once by `startApi` (or by a test). */
export interface ApiContext {
  readonly service: MonitorService;
  readonly clock: Clock;
  readonly logger: Logger;
  /** When the API started, for uptime. */
  readonly startedAtMs: number;
  /** Request counters kept by the router. */
  readonly routerStats: () => RouterStats;
  /** Buffers reused by large answers written as JSON text (graph answers). */
  readonly answerBuffers: BufferPool;
}
