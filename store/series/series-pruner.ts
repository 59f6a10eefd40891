import type { Clock } from '../../core/clock.js';
import type { Logger } from '../../core/logger.js';
import type { PruneResult, SeriesStore } from './series.js';

/** What the pruner did and holds; `SeriesPruner.status()`. Times in ms since the epoch. */
interface PrunerStatus {
  /** The retention in force now (the configuration's, read at each pass). */
  readonly retentionMs: number;
  /** Whether a pass runs now. */
  readonly running: boolean;
  /** When the last finished pass ended, or null before the first. */
  readonly lastPassAtMs: number | null;
  /** The cutoff of the last finished pass: hours ending at or before it were removed. */
  readonly lastCutoffMs: number | null;
  /** Hours and encoded bytes the last finished pass removed. */
  readonly lastPassHours: number;
  readonly lastPassBytes: number;
  /** Totals since start. */
  readonly hoursPruned: number;
  readonly bytesFreed: number;
  /** The start of the oldest hour the store still holds, or null when it holds none (or cannot tell). */
  readonly oldestHourKeptMs: number | null;
  /** Why the last pass failed ('' when it succeeded); the next pass retries. */
  readonly lastError: string;
  /** When the next periodic pass is due, or null while stopped. */
  readonly nextPassAtMs: number | null;
}

/** One pass of `pruneNow`. */
interface PrunePass extends PruneResult {
  readonly cutoffMs: number;
  readonly tookMs: number;
}

interface SeriesPrunerOptions {
  /** The store whose old hours go; a store without `pruneBefore` keeps everything (passes remove nothing). */
  readonly series: SeriesStore;
  /** The retention, read at each pass (so a reloaded configuration applies at the next pass). */
  readonly retentionMs: () => number;
  /** The delay between passes, read after each pass. */
  readonly intervalMs: () => number;
  readonly clock: Clock;
  readonly logger: Logger;
}

/**
 * Retention of the series: removes the hours older than now − retention in the background (the
 * store deletes in small transactions and yields between them: see SeriesStore.pruneBefore). A
 * pass runs at `start()`, then every `intervalMs()` after the previous one ended, and on
 * `pruneNow()`. One pass at a time: a call during a pass gets that pass's promise. A failed pass
 * (a store that cannot write) is logged and recorded in `status().lastError`; the next one retries.
 */
export class SeriesPruner {
  private readonly opts: SeriesPrunerOptions;
  private timer: NodeJS.Timeout | undefined;
  private nextPassAtMs: number | null = null;
  private running: Promise<PrunePass> | null = null;
  /** Aborts the pass in progress (stop()). */
  private abort: AbortController | null = null;
  private stopped = true;
  private last: PrunePass | null = null;
  private lastPassAtMs: number | null = null;
  private hoursPruned = 0;
  private bytesFreed = 0;
  private lastError = '';

  constructor(opts: SeriesPrunerOptions) {
    this.opts = opts;
  }

  /** Runs a pass now (not awaited) and then periodically until `stop()`. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.runAndReschedule();
  }

  /**
   * Stops the periodic passes and aborts a pass in progress, waiting only for its current
   * transaction (its failure is already logged): a long pass (the first after retention was
   * lowered on a large store) must not hold up the server's stop. The hours it did not reach are
   * removed by the next pass (the next start's).
   */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.nextPassAtMs = null;
    this.abort?.abort();
    await this.running?.catch(() => {});
  }

  /**
   * A pass now (or the one in progress): removes every hour ending at or before now − retention.
   * Rejects when the store's writes fail (the hours not yet removed wait for the next pass).
   */
  pruneNow(): Promise<PrunePass> {
    if (this.running) return this.running;
    const run = this.pass().finally(() => { this.running = null; });
    this.running = run;
    return run;
  }

  status(): PrunerStatus {
    return {
      retentionMs: this.opts.retentionMs(),
      running: this.running !== null,
      lastPassAtMs: this.lastPassAtMs,
      lastCutoffMs: this.last?.cutoffMs ?? null,
      lastPassHours: this.last?.hours ?? 0,
      lastPassBytes: this.last?.bytes ?? 0,
      hoursPruned: this.hoursPruned,
      bytesFreed: this.bytesFreed,
      oldestHourKeptMs: this.opts.series.oldestHourMs?.() ?? null,
      lastError: this.lastError,
      nextPassAtMs: this.nextPassAtMs,
    };
  }

  private async pass(): Promise<PrunePass> {
    const { series, clock, logger } = this.opts;
    const started = clock.nowMs();
    const retentionMs = this.opts.retentionMs();
    const cutoffMs = started - retentionMs;
    const abort = this.abort = new AbortController();
    try {
      const r = series.pruneBefore ? await series.pruneBefore(cutoffMs, abort.signal) : { hours: 0, bytes: 0 };
      const done: PrunePass = { cutoffMs, hours: r.hours, bytes: r.bytes, tookMs: clock.nowMs() - started };
      this.last = done;
      this.lastPassAtMs = clock.nowMs();
      this.hoursPruned += r.hours;
      this.bytesFreed += r.bytes;
      this.lastError = '';
      const oldest = series.oldestHourMs?.() ?? null;
      logger.info(abort.signal.aborted ? 'series retention pass stopped by the server stop; the next start resumes it' : 'series retention pass', {
        retentionDays: retentionMs / 86_400_000, cutoff: new Date(cutoffMs).toISOString(), hoursPruned: r.hours, bytesFreed: r.bytes,
        oldestHourKept: oldest === null ? null : new Date(oldest).toISOString(), ms: done.tookMs,
      });
      return done;
    } catch (err) {
      this.lastError = (err as Error).message;
      logger.error('series retention pass failed; the next pass retries', { cutoff: new Date(cutoffMs).toISOString(), error: this.lastError });
      throw err;
    } finally {
      if (this.abort === abort) this.abort = null;
    }
  }

  private runAndReschedule(): void {
    this.pruneNow().catch(() => { /* logged and recorded by pass() */ }).finally(() => {
      if (this.stopped) return;
      const delay = Math.max(1000, this.opts.intervalMs());
      this.nextPassAtMs = this.opts.clock.nowMs() + delay;
      this.timer = setTimeout(() => this.runAndReschedule(), delay);
      this.timer.unref();
    });
  }
}
