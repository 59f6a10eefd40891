/**
 * The one file that imports `lmdb` (lmdb-js). It opens one LMDB environment in a data directory
 * and hands out named tables behind the small interfaces below, which are all the series and
 * metadata stores need. Values of value tables are encoded with msgpackr (lmdb-js's default);
 * binary tables hold raw bytes that our own codecs write.
 *
 * Key order is lmdb-js's ordered-binary order: numbers before strings, strings by UTF-8 bytes,
 * arrays element by element with a shorter prefix first. A one-element array is the same key as
 * its element (`['a']` and `'a'` are one key); range keys come back in the scalar form then.
 */
import { open, type Database, type Key } from 'lmdb';

export type EnvKey = string | number | readonly (string | number)[];

export interface EnvRange {
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

export interface StoreEnv {
  readonly path: string;
  binaryTable(name: string): BinaryTable;
  valueTable(name: string): ValueTable;
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
  close(): Promise<void>;
}

/** Named databases an environment may hold: the series tables plus one per metadata namespace. */
const MAX_DBS = 256;

export function openStoreEnv(path: string): StoreEnv {
  // noSubdir: false — `path` is always a directory. lmdb-js otherwise guesses from an extension and
  // takes a directory such as `netmon.d` or a mktemp `tmp.XXXX` for a database file (EISDIR at start).
  // permissionsMode: data.mdb and lock.mdb are the server's user's only (lmdb-js passes it to mdb_env_open)
  const root = open({ path, maxDbs: MAX_DBS, compression: false, noSubdir: false, permissionsMode: 0o600 } as Parameters<typeof open>[0]);
  const tables = new Map<string, BinaryTable | ValueTable>();

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
    const db: Database<Buffer, Key> = root.openDB<Buffer, Key>({ name, encoding: 'binary' });
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

  const valueTable = (name: string): ValueTable => {
    const have = tables.get('v:' + name);
    if (have) return have as ValueTable;
    const db: Database<unknown, Key> = root.openDB<unknown, Key>({ name });
    const t: ValueTable = {
      get: (key) => db.get(key as Key),
      put: async (key, value) => { await db.put(key as Key, value); await root.flushed; },
      remove: async (key) => { await db.remove(key as Key); await root.flushed; },
      putSync: (key, value) => { db.putSync(key as Key, value); },
      removeSync: (key) => { db.removeSync(key as Key); },
      entries: (r) => db.getRange(rangeOf(r)) as Iterable<{ key: EnvKey; value: unknown }>,
    };
    tables.set('v:' + name, t);
    return t;
  };

  return {
    path,
    binaryTable,
    valueTable,
    write: async (fn, durable = true) => {
      await root.transaction(fn);
      root.resetReadTxn(); // reads from here on see this transaction
      if (durable) await root.flushed;
    },
    transaction: async <R>(fn: () => R, durable = true): Promise<R> => {
      const result = await root.transaction(fn) as R;
      root.resetReadTxn();
      if (durable) await root.flushed;
      return result;
    },
    atomically: (fn) => { root.transactionSync(fn); }, // inside a write transaction: a child transaction
    whenFlushed: async () => { await root.flushed; },
    close: () => root.close(),
  };
}
