import type { StoreStatus } from '../../core/ports/networks.js';
import type { SeriesPoints } from '../../core/types.js';

/**
 * Per-slot aggregates over a window, one entry per requested slot (index i ↔ slots[i]), in typed
 * arrays so that asking for 100k slots allocates six arrays, not 100k objects. A slot with no
 * point in the window has count 0 and NaN elsewhere.
 */
export interface SlotRollups {
  readonly count: Float64Array;
  readonly min: Float64Array;
  readonly max: Float64Array;
  readonly sum: Float64Array;
  readonly last: Float64Array;
  readonly lastTsMs: Float64Array;
}

/** What one `pruneBefore` removed. */
export interface PruneResult {
  /** Whole hours removed (hours that held points, chunks or a rollup value); an hour cut short by close is not counted (the next call finishes it). */
  readonly hours: number;
  /** Encoded bytes of the chunks and hour rollup values deleted; 0 for a backend without a disk. */
  readonly bytes: number;
}

/**
 * The time-series store interface. Every backend (the embedded LMDB one, later QuestDB) implements
 * it and runs the same conformance suite (test/store/series-conformance.ts).
 *
 * A series is addressed by its variable slot (assigned by the inventory, stable across restarts).
 * Points sit on a grid: `tsMs` is a multiple of the network's polling interval.
 */
export interface SeriesStore {
  /**
   * Records values of many slots at one grid time. May be called again for the same grid time
   * with other (or the same) slots: later values overwrite earlier ones. NaN values are gaps and
   * are not stored. `count` limits how many entries of `slots`/`values` are used. The arrays stay the
   * caller's: the store copies what it keeps before returning, so the caller may reuse them.
   * Durable within `flushIntervalMs` of the call (a kill -9 loses at most that) while the disk
   * takes writes. While it refuses them, a backend holds the points in memory up to a bound and
   * writes them once it takes writes again; past the bound it drops steps, counted in `status()`.
   */
  appendStep(gridTsMs: number, slots: Int32Array, values: Float64Array, count?: number): void;

  /**
   * A hint: slots below `slots` will be appended. A store may size its per-slot structures for
   * them once instead of growing them while the first points arrive.
   */
  reserveSlots?(slots: number): void;

  /** Points of one slot with from ≤ tsMs ≤ to, ascending, gaps omitted. */
  read(slot: number, fromMs: number, toMs: number): SeriesPoints;

  /** Last point of a slot at or before `toMs` (and ≥ fromMs), or null. */
  last(slot: number, fromMs: number, toMs: number): { tsMs: number; value: number } | null;

  /**
   * Aggregates of each slot's points with fromMs ≤ tsMs ≤ toMs (bounds inclusive, like `read`), one
   * entry per requested slot: the way to answer min/max/last/mean over many slots (a backend keeps
   * per-hour rollups so that whole hours cost no point reads).
   */
  rollup(slots: ArrayLike<number>, fromMs: number, toMs: number): SlotRollups;

  /**
   * The value of each slot at exactly `tsMs` (NaN where the slot has no point there), written to
   * `out[i]` for slots[i] (`out` at least slots.length long; a new array when omitted) and
   * returned. The read of one grid step over very many slots (the alert evaluator's): a backend
   * answers a slot's newest point without reading its other points. Optional: a caller without it
   * uses `rollup(slots, tsMs, tsMs).last`, which gives the same values.
   */
  valuesAt?(slots: ArrayLike<number>, tsMs: number, out?: Float64Array): Float64Array;

  /**
   * Retention: removes every whole hour that ends at or before `cutoffMs`, that is every point with
   * tsMs < hourStartOf(cutoffMs) (the hour holding the cutoff is kept whole). Reads of removed
   * times answer empty, as for times never written. A backend with a disk deletes in small
   * transactions and yields between them, so appends, reads and flushes go on meanwhile; an hour
   * it cannot prune now (its close is being retried after a write failure) is left for the next
   * call. Points appended for a removed hour afterwards are kept (the next call removes them).
   * Optional: a store without it keeps everything.
   *
   * `signal`: once aborted, the call stops between two transactions (between batches of an hour
   * and between hours) and resolves with what it removed so far; an hour cut short is found again
   * by the next call (the server's stop does this so that a long first pass does not hold it up).
   */
  pruneBefore?(cutoffMs: number, signal?: AbortSignal): Promise<PruneResult>;

  /** The start of the oldest hour that may hold points, or null when the store holds none. */
  oldestHourMs?(): number | null;

  /**
   * Makes everything appended so far durable. Rejects with AppError STORE_WRITE_FAILED when the
   * disk refuses the writes; what was appended stays in memory and a later flush writes it.
   */
  flush(): Promise<void>;
  /**
   * Whether writes reach the disk, and what is held in memory meanwhile (a backend without a
   * disk of its own may leave it out).
   */
  status?(): StoreStatus;
  close(): Promise<void>;
}
