import { AppError } from '../../core/errors.js';
import { WriteGuard } from './write-guard.js';
import type { StoreEnv, ValueTable } from '../lmdb-env.js';
import type { MetaKey, MetaStore, MetaTxn } from './meta.js';
import { canonicalMetaKey as canon, checkMetaKey } from './meta-key-order.js';
import { runMetaTxn, updateIn } from './meta-txn.js';

/** Namespace names become LMDB table names `meta:<ns>`; keep them short and plain. */
const NS_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;

/**
 * The metadata store on LMDB: one table per namespace in the shared environment, values encoded
 * with msgpackr. A one-element array key is stored as its element (lmdb-js already treats `['a']`
 * and `'a'` as one key, but not `[5]` and `5`; this makes both kinds behave alike). `range` walks from `start` (inclusive) towards `end` (exclusive) in walk order:
 * with `reverse`, `start` is the high end (lmdb-js's own semantics). Closing it does not close the
 * environment, which its opener owns.
 *
 * A transaction function runs inside the environment's next write transaction (so it reads what
 * every earlier write left, and nothing else writes meanwhile), with its writes kept apart; once it
 * returns they are written in one nested transaction, which is undone as a whole if any of them
 * fails. The tables they go to are opened before that nested transaction.
 */
export class LmdbMetaStore implements MetaStore {
  private readonly env: StoreEnv;
  private readonly tables = new Map<string, ValueTable>();
  private readonly guard = new WriteGuard();

  constructor(env: StoreEnv) { this.env = env; }

  get<T>(ns: string, key: MetaKey): T | undefined {
    return this.readTable(ns)?.get(canon(key)) as T | undefined;
  }

  async put(ns: string, key: MetaKey, value: unknown): Promise<void> {
    this.guard.check();
    checkMetaKey(key);
    await this.table(ns).put(canon(key), value);
  }

  async remove(ns: string, key: MetaKey): Promise<void> {
    this.guard.check();
    await this.table(ns).remove(canon(key));
  }

  range<T>(ns: string, opts: { start?: MetaKey; end?: MetaKey; reverse?: boolean; limit?: number } = {}): Iterable<{ key: MetaKey; value: T }> {
    const r = { ...opts };
    if (r.start !== undefined) r.start = canon(r.start);
    if (r.end !== undefined) r.end = canon(r.end);
    return (this.readTable(ns)?.entries(r) ?? []) as Iterable<{ key: MetaKey; value: T }>;
  }

  async transaction<R>(fn: (tx: MetaTxn) => R): Promise<R> {
    this.guard.check();
    return this.env.transaction(() => {
      const { result, writes } = this.guard.running(() => runMetaTxn(fn, (ns, key) => this.table(ns).get(canon(key))));
      const tables = writes.map((w) => this.table(w.ns));
      this.env.atomically(() => {
        writes.forEach((w, i) => {
          if (w.removed) tables[i].removeSync(w.key);
          else tables[i].putSync(w.key, w.value);
        });
      });
      return result;
    });
  }

  update<T>(ns: string, key: MetaKey, fn: (old: T | undefined) => T | undefined): Promise<T | undefined> {
    return this.transaction((tx) => updateIn(tx, ns, key, fn));
  }

  async close(): Promise<void> { this.guard.close(); }


  /** The namespace's table for reading: undefined while it does not exist (reading creates nothing, so reads work on a full disk). */
  private readTable(ns: string): ValueTable | undefined {
    const t = this.tables.get(ns);
    if (t) return t;
    if (!NS_PATTERN.test(ns)) throw new AppError('INTERNAL', `meta store: bad namespace name '${ns}'`);
    const existing = this.env.existingValueTable('meta:' + ns);
    if (existing) this.tables.set(ns, existing);
    return existing;
  }

  private table(ns: string): ValueTable {
    let t = this.tables.get(ns);
    if (!t) {
      if (!NS_PATTERN.test(ns)) throw new AppError('INTERNAL', `meta store: bad namespace name '${ns}'`);
      t = this.env.valueTable('meta:' + ns);
      this.tables.set(ns, t);
    }
    return t;
  }
}
