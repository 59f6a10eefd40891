/**
 * The one file that imports `lmdb` (lmdb-js). It opens one LMDB environment in a data directory
 * and hands out named tables behind the small interfaces below, which are all the series and
 * metadata stores need. Values of value tables are encoded with msgpackr (lmdb-js's default);
 * binary tables hold raw bytes that our own codecs write.
 *
 * Key order is lmdb-js's ordered-binary order: numbers before strings, strings by UTF-8 bytes,
 * arrays element by element with a shorter prefix first. A one-element array is the same key as
 * its element (`['a']` and `'a'` are one key); range keys come back in the scalar form then.
 *
 * Write failures (a full file system, an I/O error) are data: every write promise rejects with
 * AppError STORE_WRITE_FAILED naming the directory and the reason, nothing of that write is kept
 * (LMDB's commit is all or nothing; what was committed before stays intact), and the environment
 * records the failure for the healthcheck (`writeHealth`) until a later write succeeds. The
 * environment's files are created readable by the server's user only (0600).
 */
import { statfsSync } from 'node:fs';
import { open, type Database, type Key } from 'lmdb';
import { systemClock, type Clock } from '../core/clock.js';
import { AppError } from '../core/errors.js';
import { silentLogger, type Logger } from '../core/logger.js';

export type EnvKey = string | number | readonly (string | number)[];

interface EnvRange {
  start?: EnvKey;
  end?: EnvKey;
  reverse?: boolean;
  limit?: number;
}

/** A table of raw byte values. */
export interface BinaryTable {
  /** The value's bytes, valid only until the next read of this environment; undefined when absent. */
  getBytes(key: EnvKey): Uint8Array | undefined;
  /**
   * Only inside `StoreEnv.write`'s callback. With `append`, the caller promises that the key sorts
   * after every key in the table (LMDB then fills pages completely instead of splitting them).
   */
  put(key: EnvKey, bytes: Uint8Array, append?: boolean): void;
  /** Only inside `StoreEnv.write`'s callback. */
  remove(key: EnvKey): void;
  /** Entries in key order; `start` inclusive, `end` exclusive (with `reverse`, start is the high end). */
  entries(range?: EnvRange): Iterable<{ key: EnvKey; value: Uint8Array }>;
  keys(range?: EnvRange): Iterable<EnvKey>;
  /** Bytes of the pages holding the table (not counting free pages of the file). */
  usedBytes(): number;
}

/** A table of plain-data values (msgpackr). Writes resolve once committed and flushed to disk. */
export interface ValueTable {
  /** Inside a write callback, sees that transaction's writes. */
  get(key: EnvKey): unknown;
  put(key: EnvKey, value: unknown): Promise<void>;
  remove(key: EnvKey): Promise<void>;
  /** Only inside `StoreEnv.write`'s or `StoreEnv.transaction`'s callback: written in that transaction. */
  putSync(key: EnvKey, value: unknown): void;
  /** Only inside `StoreEnv.write`'s or `StoreEnv.transaction`'s callback. */
  removeSync(key: EnvKey): void;
  entries(range?: EnvRange): Iterable<{ key: EnvKey; value: unknown }>;
}

/** Whether writes reach the disk; see StoreEnv.writeHealth. */
interface WriteHealth {
  /** True from a failed write until a write succeeds. */
  readonly failing: boolean;
  /** Why the last write failed ('' while not failing). */
  readonly reason: string;
  /** When the current run of failures started (ms), or null. */
  readonly failingSinceMs: number | null;
  /** Write transactions that failed since open. */
  readonly failedWrites: number;
}

interface StoreEnvOptions {
  /** Logs the transitions between writable and failing (default: silent). */
  logger?: Logger;
  clock?: Clock;
  /**
   * Writes are refused (STORE_WRITE_FAILED) while the file system holding the directory has less
   * than this many bytes free (default DEFAULT_MIN_FREE_BYTES; 0: no reserve). See DEFAULT_MIN_FREE_BYTES.
   */
  minFreeBytes?: number;
}

/**
 * The free space the store keeps: writes are refused below it, so that LMDB itself does not run
 * into a full file system. It has to: lmdb-js 3.5.6 answers a write that fails outright (ENOSPC)
 * by formatting its error message into a 100-byte buffer that the message can overflow, which
 * corrupts the process's memory (glibc then aborts it). A reserve far above one transaction's size
 * keeps that path for a disk filled by someone else faster than the store checks; a write that
 * fails partway (EIO) or a full map is reported cleanly.
 */
const DEFAULT_MIN_FREE_BYTES = 64 << 20;

export interface StoreEnv {
  readonly path: string;
  binaryTable(name: string): BinaryTable;
  /** Opened (created when missing: a write, refused while writes are) for reading and writing. */
  valueTable(name: string): ValueTable;
  /** The table if it exists, without creating it (for readers: a full disk does not stop them). */
  existingValueTable(name: string): ValueTable | undefined;
  /**
   * Runs `fn` inside one atomic write transaction (ordered after every write issued before it) and
   * resolves once that transaction is committed and, unless `durable` is false, flushed to disk
   * (a committed transaction survives a crash of the process either way; flushing guards against
   * a crash of the machine). The promise rejects when `fn` throws; the writes `fn` made before it
   * threw are still committed (lmdb-js shares one transaction among queued callbacks), unless
   * they were made inside `atomically`.
   */
  write(fn: () => void, durable?: boolean): Promise<void>;
  /** As `write`, resolving with what `fn` returns. `fn` must be synchronous. */
  transaction<R>(fn: () => R, durable?: boolean): Promise<R>;
  /**
   * Only inside `write`'s or `transaction`'s callback: runs `fn` in a nested transaction, so that
   * its writes are kept all together or, when it throws (the error goes up), not at all. Open the
   * tables `fn` writes before calling this: a table first opened inside a nested transaction that
   * is undone is unusable afterwards.
   */
  atomically(fn: () => void): void;
  /** Resolves once every committed transaction is flushed to disk. */
  whenFlushed(): Promise<void>;
  /**
   * The outcome of the latest writes: failing from a failed write until one succeeds. Every write
   * promise of this interface that rejects because the write did not reach the disk rejects with
   * AppError STORE_WRITE_FAILED (a callback's own error goes up unchanged). Such a rejection means
   * the write is not stored, except in one case: a write committed while a later transaction
   * failed before the flush it waited for may be stored all the same. Writers therefore retry
   * idempotently (the same keys and values) or read back.
   */
  writeHealth(): WriteHealth;
  /**
   * Free bytes of the file system holding the directory, for the server's user; null when the
   * system cannot tell.
   */
  freeBytes(): number | null;
  /** A small durable write (one key of its own table), to learn whether writes work again. */
  probeWrite(): Promise<void>;
  close(): Promise<void>;
}

/** Named databases an environment may hold: the series tables plus one per metadata namespace. */
const MAX_DBS = 256;

/** Below this many free bytes a failed write is put down to a full file system. */
const LOW_SPACE_BYTES = 1 << 20;

/** While writes keep failing, a reminder is logged at most this often. */
const STILL_FAILING_LOG_MS = 60_000;

/** LMDB's MDB_MAP_FULL. */
const MDB_MAP_FULL = -30792;

/** The table of `probeWrite`. */
const PROBE_TABLE = 'store-probe';

export function openStoreEnv(path: string, opts: StoreEnvOptions = {}): StoreEnv {
  const logger = opts.logger ?? silentLogger;
  const clock = opts.clock ?? systemClock;
  const root = open({
    path, maxDbs: MAX_DBS, compression: false,
    // `path` is always a directory. lmdb-js otherwise guesses from an extension and takes a
    // directory such as `netmon.d` or a mktemp `tmp.XXXX` for a database file (EISDIR at start).
    noSubdir: false,
    // Without event-turn batching, a failed commit rejects only the promises of its writers (with
    // it, lmdb-js also rejects a batch promise nobody holds: an unhandled rejection that ends the
    // process). Writes are still batched until the next turn: a transaction starts from
    // setImmediate, not after a few writes.
    eventTurnBatching: false,
    txnStartThreshold: 1 << 30,
    // data.mdb and lock.mdb: the server's user only (lmdb-js passes it to mdb_env_open)
    permissionsMode: 0o600,
  } as Parameters<typeof open>[0]);
  const tables = new Map<string, BinaryTable | ValueTable>();

  const minFreeBytes = opts.minFreeBytes ?? DEFAULT_MIN_FREE_BYTES;
  let failure: { reason: string; sinceMs: number; loggedMs: number } | null = null;
  let failedWrites = 0;
  const freeBytes = (): number | null => {
    try {
      const st = statfsSync(path);
      return Number(st.bavail) * Number(st.bsize);
    } catch {
      return null;
    }
  };
  const succeeded = () => {
    if (!failure) return;
    logger.info('store writes resumed', { path, failedForMs: clock.nowMs() - failure.sinceMs, failedWrites });
    failure = null;
  };
  /** Records a failed write (logging the start of a run of failures, and a reminder now and then); returns the AppError. */
  const record = (reason: string, what: string, cause?: unknown): AppError => {
    failedWrites++;
    const now = clock.nowMs();
    if (!failure) {
      failure = { reason, sinceMs: now, loggedMs: now };
      logger.error('store writes failing: nothing more is stored until they succeed again', { path, reason });
    } else {
      failure.reason = reason;
      if (now - failure.loggedMs >= STILL_FAILING_LOG_MS) {
        failure.loggedMs = now;
        logger.warn('store writes still failing', { path, reason, failingForMs: now - failure.sinceMs, failedWrites });
      }
    }
    return new AppError('STORE_WRITE_FAILED', `store ${path}: ${what}: ${reason}`, cause === undefined ? undefined : { cause });
  };
  /** The reserve's verdict before a write: an AppError when the file system has less than `minFreeBytes` free. */
  const refusal = (what: string): AppError | null => {
    if (minFreeBytes <= 0) return null;
    const free = freeBytes();
    if (free === null || free >= minFreeBytes) return null;
    return record(`no space left on the file system of ${path}: ${free} bytes free, below the ${minFreeBytes} bytes the store keeps in reserve`, what);
  };
  /** A rejected write: the AppError it becomes, after recording it (a callback's own error is returned as it is). */
  const failed = async (err: unknown): Promise<unknown> => {
    const cause = await commitCause(err);
    if (cause === undefined && !isLmdbWriteError(err)) return err;
    return record(describeWriteFailure(cause ?? err, path, freeBytes()), 'write failed', cause ?? err);
  };
  /** Runs a write (refused below the reserve unless `reserve` is false: waiting for a flush writes nothing new). */
  const checked = async <R>(run: () => Promise<R>, reserve = true): Promise<R> => {
    const refused = reserve ? refusal('write refused') : null;
    if (refused) throw refused;
    let result: R;
    try {
      result = await run();
    } catch (err) {
      throw await failed(err);
    }
    succeeded();
    return result;
  };
  const optionsOf = (name: string, binary: boolean) => (binary ? { name, encoding: 'binary' as const } : { name });
  /** The named database, or undefined when it does not exist (nothing is written). */
  const openExisting = <V>(name: string, binary: boolean): Database<V, Key> | undefined =>
    // `create: false`: an lmdb-js option its types leave out (openDB then returns undefined for a missing database)
    root.openDB<V, Key>({ ...optionsOf(name, binary), create: false } as unknown as ReturnType<typeof optionsOf>) as Database<V, Key> | undefined;
  /**
   * Opens a named database. Creating a missing one is a write (an existing one is opened without
   * writing anything): it is refused below the reserve, and its failure is a write failure.
   */
  const openDb = <V>(name: string, binary: boolean): Database<V, Key> => {
    const options = optionsOf(name, binary);
    const existing = openExisting<V>(name, binary);
    if (existing) return existing;
    const refused = refusal(`cannot create table ${name}`);
    if (refused) throw refused;
    try {
      return root.openDB<V, Key>(options);
    } catch (err) {
      if (!isLmdbWriteError(err)) throw err;
      throw record(describeWriteFailure(err, path, freeBytes()), `cannot create table ${name}`, err);
    }
  };

  const rangeOf = (r: EnvRange | undefined) => {
    const o: { start?: Key; end?: Key; reverse?: boolean; limit?: number } = {};
    if (r?.start !== undefined) o.start = r.start as Key;
    if (r?.end !== undefined) o.end = r.end as Key;
    if (r?.reverse) o.reverse = true;
    if (r?.limit !== undefined) o.limit = r.limit;
    return o;
  };

  const binaryTable = (name: string): BinaryTable => {
    const have = tables.get('b:' + name);
    if (have) return have as BinaryTable;
    const db = openDb<Buffer>(name, true);
    const t: BinaryTable = {
      getBytes: (key) => db.getBinaryFast(key as Key),
      put: (key, bytes, append) => {
        if (append) db.putSync(key as Key, bytes as Buffer, { append: true });
        else db.putSync(key as Key, bytes as Buffer);
      },
      remove: (key) => { db.removeSync(key as Key); },
      entries: (r) => db.getRange(rangeOf(r)) as Iterable<{ key: EnvKey; value: Uint8Array }>,
      keys: (r) => db.getKeys(rangeOf(r)) as Iterable<EnvKey>,
      usedBytes: () => {
        const st = db.getStats() as { pageSize: number; treeBranchPageCount: number; treeLeafPageCount: number; overflowPages: number };
        return st.pageSize * (st.treeBranchPageCount + st.treeLeafPageCount + st.overflowPages);
      },
    };
    tables.set('b:' + name, t);
    return t;
  };

  const valueTableOf = (name: string, db: Database<unknown, Key>): ValueTable => {
    const t: ValueTable = {
      get: (key) => db.get(key as Key),
      put: (key, value) => checked(async () => { await db.put(key as Key, value); await root.flushed; }),
      remove: (key) => checked(async () => { await db.remove(key as Key); await root.flushed; }),
      putSync: (key, value) => { db.putSync(key as Key, value); },
      removeSync: (key) => { db.removeSync(key as Key); },
      entries: (r) => db.getRange(rangeOf(r)) as Iterable<{ key: EnvKey; value: unknown }>,
    };
    tables.set('v:' + name, t);
    return t;
  };
  const valueTable = (name: string): ValueTable =>
    (tables.get('v:' + name) as ValueTable | undefined) ?? valueTableOf(name, openDb<unknown>(name, false));
  const existingValueTable = (name: string): ValueTable | undefined => {
    const have = tables.get('v:' + name) as ValueTable | undefined;
    if (have) return have;
    const db = openExisting<unknown>(name, false);
    return db ? valueTableOf(name, db) : undefined;
  };


  return {
    path,
    binaryTable,
    valueTable,
    existingValueTable,
    write: (fn, durable = true) => checked(async () => {
      await root.transaction(fn);
      root.resetReadTxn(); // reads from here on see this transaction
      if (durable) await root.flushed;
    }),
    transaction: <R>(fn: () => R, durable = true): Promise<R> => checked(async () => {
      const result = await root.transaction(fn) as R;
      root.resetReadTxn();
      if (durable) await root.flushed;
      return result;
    }),
    atomically: (fn) => { root.transactionSync(fn); }, // inside a write transaction: a child transaction
    whenFlushed: () => checked(async () => { await root.flushed; }, false),
    writeHealth: () => ({
      failing: failure !== null, reason: failure?.reason ?? '', failingSinceMs: failure?.sinceMs ?? null, failedWrites,
    }),
    freeBytes,
    probeWrite: () => checked(async () => {
      const probe = valueTable(PROBE_TABLE);
      await probe.put('probe', clock.nowMs());
    }),
    close: () => root.close(),
  };
}

/**
 * lmdb-js rejects the writers of a failed commit with "Commit failed" and the reason in
 * `commitError`, a promise that it rejects (with the LMDB or system error) right after; left
 * alone, that promise would be an unhandled rejection. Returns the reason, or undefined when
 * `err` is no commit failure. Waits one turn at most.
 */
async function commitCause(err: unknown): Promise<unknown> {
  const pending = (err as { commitError?: unknown } | null)?.commitError;
  if (!pending || typeof (pending as Promise<unknown>).then !== 'function') return undefined;
  let cause: unknown = err;
  (pending as Promise<unknown>).then(() => {}, (e: unknown) => { cause = e; });
  await new Promise<void>((r) => setImmediate(r));
  return cause;
}

/** An error LMDB or the system raised while writing (as opposed to an error thrown by a transaction callback). */
function isLmdbWriteError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === MDB_MAP_FULL || code === 5 || code === 28 || code === 'EIO' || code === 'ENOSPC' || code === 'EDQUOT' || code === 122;
}

/** Why a write failed, in words: a full file system, a full LMDB map, or the error's own message. */
function describeWriteFailure(err: unknown, path: string, freeBytes: number | null): string {
  const e = err as { code?: unknown; message?: unknown } | null;
  const msg = typeof e?.message === 'string' ? e.message : String(err);
  const code = e?.code;
  if (code === MDB_MAP_FULL) return `the LMDB map is full (${msg})`;
  const noSpace = code === 28 || code === 'ENOSPC' || code === 122 || code === 'EDQUOT';
  if ((freeBytes !== null && freeBytes < LOW_SPACE_BYTES) || noSpace) {
    return `no space left on the file system of ${path} (${freeBytes ?? 'unknown'} bytes free; ${msg})`;
  }
  return msg;
}
