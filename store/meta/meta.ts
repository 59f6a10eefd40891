/**
 * Metadata store: small records (generations, inventory slot map, views, filters, kv, silences…)
 * in named namespaces. Keys are strings, numbers or arrays of those (ordered like lmdb-js keys).
 * Values are plain data (encoded by the backend). Writes are durable when the promise resolves.
 */
export type MetaKey = string | number | readonly (string | number)[];

export interface MetaStore {
  get<T>(ns: string, key: MetaKey): T | undefined;
  put(ns: string, key: MetaKey, value: unknown): Promise<void>;
  remove(ns: string, key: MetaKey): Promise<void>;
  /** Entries of a namespace in key order; `start` inclusive, `end` exclusive. */
  range<T>(ns: string, opts?: { start?: MetaKey; end?: MetaKey; reverse?: boolean; limit?: number }): Iterable<{ key: MetaKey; value: T }>;
  close(): Promise<void>;
}
