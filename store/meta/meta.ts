/**
 * Metadata store: small records (generations, inventory slot map, views, filters, kv, silences…)
 * in named namespaces. Keys are strings, numbers or arrays of those (ordered like lmdb-js keys).
 * Values are plain data (encoded by the backend). Writes are durable when the promise resolves.
 *
 * `put` and `remove` write one record. A read-modify-write that must not lose a concurrent write
 * (a counter, a record that two requests change at once, two records that change together) goes
 * through `transaction` or `update`.
 */
export type MetaKey = string | number | readonly (string | number)[];

/**
 * The view a transaction function has of the store. Reads see the latest committed data plus
 * the function's own writes; writes are kept apart until the function returns, then committed
 * together. Values are copied on put and get, as by the store. Valid only while the function
 * runs: any use after it has returned throws.
 */
export interface MetaTxn {
  get<T>(ns: string, key: MetaKey): T | undefined;
  /** `value` must not be undefined (that is `remove`). */
  put(ns: string, key: MetaKey, value: unknown): void;
  remove(ns: string, key: MetaKey): void;
}

export interface MetaStore {
  get<T>(ns: string, key: MetaKey): T | undefined;
  put(ns: string, key: MetaKey, value: unknown): Promise<void>;
  remove(ns: string, key: MetaKey): Promise<void>;
  /** Entries of a namespace in key order; `start` inclusive, `end` exclusive. */
  range<T>(ns: string, opts?: { start?: MetaKey; end?: MetaKey; reverse?: boolean; limit?: number }): Iterable<{ key: MetaKey; value: T }>;
  /**
   * Runs `fn` once, synchronously, in an atomic transaction and resolves with what it returns once
   * its writes are durable. `fn` sees every write issued before the call (committed or queued) and
   * its own writes. Its writes, in any namespaces, are committed all together or not at all: when
   * `fn` throws, nothing is written and the promise rejects with that error. Transactions are
   * serialized: no other transaction or write runs while `fn` runs, so a value read in `fn` is
   * still the current one when `fn`'s writes commit. `fn` must not be async (a returned promise is
   * refused as INTERNAL, with nothing written) and must write through `tx` only (a write to the
   * store itself while `fn` runs is refused as INTERNAL). It may run later than the call (the LMDB
   * store runs it in its next write batch), so it should not depend on state the caller changes
   * meanwhile.
   */
  transaction<R>(fn: (tx: MetaTxn) => R): Promise<R>;
  /**
   * Atomically replaces one record with `fn(old)` (`old` undefined when absent); `fn` returning
   * undefined removes the record. Resolves with the new value. `fn` runs as a transaction's does.
   */
  update<T>(ns: string, key: MetaKey, fn: (old: T | undefined) => T | undefined): Promise<T | undefined>;
  close(): Promise<void>;
}
