import { WriteGuard } from './write-guard.js';
import type { MetaKey, MetaStore, MetaTxn } from './meta.js';
import { canonicalMetaKey, checkMetaKey, compareMetaKeys } from './meta-key-order.js';
import { runMetaTxn, updateIn } from './meta-txn.js';

/**
 * The reference metadata store: sorted arrays in memory, nothing durable. Values are deep-copied
 * on put and get, as a backend that encodes them would. `range` walks from `start` (inclusive)
 * towards `end` (exclusive) in walk order: with `reverse`, `start` is the high end. Writes apply
 * at once, so a transaction function runs during the call and its writes are applied before the
 * call returns its promise.
 */
export class MemoryMetaStore implements MetaStore {
  private readonly spaces = new Map<string, { key: MetaKey; value: unknown }[]>();
  private readonly guard = new WriteGuard();

  get<T>(ns: string, key: MetaKey): T | undefined {
    const rows = this.spaces.get(ns);
    if (!rows) return undefined;
    const i = this.find(rows, key);
    return i >= 0 ? structuredClone(rows[i].value) as T : undefined;
  }

  async put(ns: string, key: MetaKey, value: unknown): Promise<void> {
    this.guard.check();
    checkMetaKey(key);
    this.write(ns, key, value);
  }

  async remove(ns: string, key: MetaKey): Promise<void> {
    this.guard.check();
    this.delete(ns, key);
  }

  async transaction<R>(fn: (tx: MetaTxn) => R): Promise<R> {
    this.guard.check();
    const { result, writes } = this.guard.running(() => runMetaTxn(fn, (ns, key) => this.get(ns, key)));
    for (const w of writes) {
      if (w.removed) this.delete(w.ns, w.key);
      else this.write(w.ns, w.key, w.value);
    }
    return result;
  }

  update<T>(ns: string, key: MetaKey, fn: (old: T | undefined) => T | undefined): Promise<T | undefined> {
    return this.transaction((tx) => updateIn(tx, ns, key, fn));
  }

  *range<T>(ns: string, opts: { start?: MetaKey; end?: MetaKey; reverse?: boolean; limit?: number } = {}): Iterable<{ key: MetaKey; value: T }> {
    const rows = (this.spaces.get(ns) ?? []).slice();
    if (opts.reverse) rows.reverse();
    const dir = opts.reverse ? -1 : 1;
    let n = 0;
    for (const row of rows) {
      if (opts.limit !== undefined && n >= opts.limit) return;
      if (opts.start !== undefined && dir * compareMetaKeys(row.key, opts.start) < 0) continue;
      if (opts.end !== undefined && dir * compareMetaKeys(row.key, opts.end) >= 0) return;
      n++;
      yield { key: structuredClone(row.key) as MetaKey, value: structuredClone(row.value) as T };
    }
  }

  async close(): Promise<void> { this.guard.close(); }


  private write(ns: string, key: MetaKey, value: unknown): void {
    let rows = this.spaces.get(ns);
    if (!rows) { rows = []; this.spaces.set(ns, rows); }
    const row = { key: canonicalMetaKey(structuredClone(key) as MetaKey), value: structuredClone(value) };
    const i = this.find(rows, key);
    if (i >= 0) rows[i] = row;
    else rows.splice(~i, 0, row);
  }

  private delete(ns: string, key: MetaKey): void {
    const rows = this.spaces.get(ns);
    if (!rows) return;
    const i = this.find(rows, key);
    if (i >= 0) rows.splice(i, 1);
  }

  /** Index of the key, or ~(insertion point) when absent. */
  private find(rows: readonly { key: MetaKey }[], key: MetaKey): number {
    let lo = 0, hi = rows.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const c = compareMetaKeys(rows[mid].key, key);
      if (c === 0) return mid;
      if (c < 0) lo = mid + 1;
      else hi = mid - 1;
    }
    return ~lo;
  }
}
