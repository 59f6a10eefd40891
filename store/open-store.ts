import { mkdirSync } from 'node:fs';
import type { Clock } from '../core/clock.js';
import { AppError } from '../core/errors.js';
import type { Logger } from '../core/logger.js';
import { silentLogger } from '../core/logger.js';
import { openStoreEnv, type StoreEnv } from './lmdb-env.js';
import { LmdbMetaStore } from './meta/lmdb-meta.js';
import { openLmdbSeriesStore } from './series/lmdb-series.js';
import type { MetaStore } from './meta/meta.js';
import type { SeriesStore } from './series/series.js';

export interface EmbeddedStore {
  readonly series: SeriesStore;
  readonly meta: MetaStore;
  /** Flushes the series, then closes both stores and the environment. */
  close(): Promise<void>;
}

export interface EmbeddedStoreOptions {
  dataDir: string;
  logger?: Logger;
  clock?: Clock;
  flushIntervalMs?: number;
}

/**
 * Opens the embedded store: one LMDB environment in `dataDir` (created when missing) holding
 * the series and the metadata. Fails with INTERNAL naming the directory when it cannot be opened.
 */
export async function openEmbeddedStore(opts: EmbeddedStoreOptions): Promise<EmbeddedStore> {
  const logger = (opts.logger ?? silentLogger).child('store');
  let env: StoreEnv;
  try {
    mkdirSync(opts.dataDir, { recursive: true });
    env = openStoreEnv(opts.dataDir);
  } catch (err) {
    throw new AppError('INTERNAL', `cannot open the data directory ${opts.dataDir}: ${(err as Error).message}`, { cause: err });
  }
  try {
    const series = await openLmdbSeriesStore({ env, logger, clock: opts.clock, flushIntervalMs: opts.flushIntervalMs });
    const meta = new LmdbMetaStore(env);
    return {
      series,
      meta,
      close: async () => {
        await series.close();
        await meta.close();
        await env.close();
      },
    };
  } catch (err) {
    await env.close().catch(() => {});
    throw err instanceof AppError ? err : new AppError('INTERNAL', `cannot open the store in ${opts.dataDir}: ${(err as Error).message}`, { cause: err });
  }
}
