import { mkdirSync } from 'node:fs';
import type { Clock } from '../core/clock.js';
import { AppError } from '../core/errors.js';
import type { Logger } from '../core/logger.js';
import { silentLogger } from '../core/logger.js';
import type { StoreStatus } from '../core/ports/networks.js';
import { lockDataDir, type DataDirLock } from './data-dir-lock.js';
import { openStoreEnv, type StoreEnv } from './lmdb-env.js';
import { LmdbMetaStore } from './meta/lmdb-meta.js';
import { openLmdbSeriesStore } from './series/lmdb-series.js';
import type { MetaStore } from './meta/meta.js';
import type { SeriesStore } from './series/series.js';

export interface EmbeddedStore {
  readonly series: SeriesStore;
  readonly meta: MetaStore;
  /** Whether writes reach the disk and what the series store holds in memory meanwhile. */
  status(): StoreStatus;
  /**
   * Flushes the series, then closes both stores and the environment and releases the data
   * directory. Everything is closed even when the flush fails (its error goes up then).
   */
  close(): Promise<void>;
}

interface EmbeddedStoreOptions {
  dataDir: string;
  logger?: Logger;
  clock?: Clock;
  flushIntervalMs?: number;
  /** Points held in memory while writes fail (see LmdbSeriesOptions.maxUnwrittenPoints). */
  maxUnwrittenPoints?: number;
  /** Free space kept in reserve: writes are refused below it (see StoreEnvOptions.minFreeBytes). */
  minFreeBytes?: number;
}

/**
 * Opens the embedded store: one LMDB environment in `dataDir` (created when missing, mode 0700;
 * its files 0600) holding the series and the metadata, after taking the directory's lock
 * (data-dir-lock.ts). Fails with DATA_DIR_LOCKED naming the PID of another server using the
 * directory, and with INTERNAL naming the directory when it cannot be opened.
 */
export async function openEmbeddedStore(opts: EmbeddedStoreOptions): Promise<EmbeddedStore> {
  const logger = (opts.logger ?? silentLogger).child('store');
  try {
    mkdirSync(opts.dataDir, { recursive: true, mode: 0o700 });
  } catch (err) {
    throw new AppError('INTERNAL', `cannot create the data directory ${opts.dataDir}: ${(err as Error).message}`, { cause: err });
  }
  const lock: DataDirLock = lockDataDir(opts.dataDir, { logger });
  let env: StoreEnv;
  try {
    env = openStoreEnv(opts.dataDir, { logger, clock: opts.clock, minFreeBytes: opts.minFreeBytes });
  } catch (err) {
    lock.release();
    throw new AppError('INTERNAL', `cannot open the data directory ${opts.dataDir}: ${(err as Error).message}`, { cause: err });
  }
  try {
    const series = await openLmdbSeriesStore({
      env, logger, clock: opts.clock, flushIntervalMs: opts.flushIntervalMs, maxUnwrittenPoints: opts.maxUnwrittenPoints,
    });
    const meta = new LmdbMetaStore(env);
    return {
      series,
      meta,
      status: () => series.status(),
      close: async () => {
        try {
          await series.close();
        } finally {
          await meta.close();
          await env.close();
          lock.release();
        }
      },
    };
  } catch (err) {
    await env.close().catch(() => {});
    lock.release();
    throw err instanceof AppError ? err : new AppError('INTERNAL', `cannot open the store in ${opts.dataDir}: ${(err as Error).message}`, { cause: err });
  }
}

/** The metadata store alone, for a program beside the server (the accounts CLI). */
interface OpenedMetaStore {
  readonly meta: MetaStore;
  close(): Promise<void>;
}

/**
 * Opens the metadata store of `dataDir` (created when missing, mode 0700) without taking the data
 * directory's lock, so that it works while a server runs on the directory. That is safe: LMDB
 * serializes write transactions across processes (its lock.mdb) and every reader sees whole
 * commits; the lock file is there to keep two servers (two pollers and series writers) apart,
 * and this opens no series store. Writes made here are seen by the server's next read.
 */
export function openMetaStore(opts: { dataDir: string; logger?: Logger }): OpenedMetaStore {
  const logger = (opts.logger ?? silentLogger).child('store');
  try {
    mkdirSync(opts.dataDir, { recursive: true, mode: 0o700 });
  } catch (err) {
    throw new AppError('INTERNAL', `cannot create the data directory ${opts.dataDir}: ${(err as Error).message}`, { cause: err });
  }
  let env: StoreEnv;
  try {
    env = openStoreEnv(opts.dataDir, { logger });
  } catch (err) {
    throw new AppError('INTERNAL', `cannot open the data directory ${opts.dataDir}: ${(err as Error).message}`, { cause: err });
  }
  const meta = new LmdbMetaStore(env);
  return { meta, close: async () => { await meta.close(); await env.close(); } };
}
