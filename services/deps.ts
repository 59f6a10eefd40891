import type { Clock } from '../core/clock.js';
import type { Logger } from '../core/logger.js';
import type { Config } from '../core/config-schema.js';
import type { CollectorPorts } from '../core/ports/index.js';
import type { MetaStore } from '../store/meta/meta.js';
import type { SeriesPruner } from '../store/series/series-pruner.js';
import type { SeriesStore } from '../store/series/series.js';

/**
 * What every service is built from: the collector's ports, the series store (read side), the
 * metadata store (views, accounts, filters, key-value records…), the running configuration (a
 * function: a reload replaces it whole), a clock, a logger and the series pruner.
 */
export interface ServiceDeps {
  readonly collector: CollectorPorts;
  readonly series: SeriesStore;
  readonly meta: MetaStore;
  readonly config: () => Config;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Series retention (status, prune now); absent where no pruner runs (unit tests). */
  readonly retention?: SeriesPruner;
}
