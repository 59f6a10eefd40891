import type { Clock } from '../core/clock.js';
import type { Logger } from '../core/logger.js';
import type { CollectorPorts } from '../core/ports/index.js';
import type { SeriesStore } from '../store/series/series.js';

/** What every service is built from: the collector's ports, the series store (read side), a clock and a logger. */
export interface ServiceDeps {
  readonly collector: CollectorPorts;
  readonly series: SeriesStore;
  readonly clock: Clock;
  readonly logger: Logger;
}
