import { AppError } from '../../core/errors.js';
import type { MetaKey, MetaTxn } from './meta.js';
import { canonicalMetaKey, checkMetaKey } from './meta-key-order.js';

/** One record a transaction writes: its final value, or `removed`. */
interface MetaWrite {
  readonly ns: string;
  readonly key: MetaKey;
  readonly value: unknown;
  readonly removed: boolean;
}

/**
 * Runs a transaction function against `read` (the store as committed so far) with its writes
 * kept apart, in a map per namespace, until it returns; both stores then apply `writes` in one
 * go. When `fn` throws, or returns a promise, nothing is returned to apply and the error goes
 * up. The `tx` handed to `fn` refuses any use once `fn` has returned.
 */
export function runMetaTxn<R>(fn: (tx: MetaTxn) => R, read: (ns: string, key: MetaKey) => unknown): { result: R; writes: MetaWrite[] } {
  const pending = new Map<string, Map<string, MetaWrite>>();
  let open = true;
  const check = (key: MetaKey) => {
    if (!open) throw new AppError('INTERNAL', 'meta store: transaction used after it ended');
    checkMetaKey(key);
  };
  const stage = (w: MetaWrite) => {
    let space = pending.get(w.ns);
    if (!space) { space = new Map(); pending.set(w.ns, space); }
    space.set(identity(w.key), w);
  };
  const tx: MetaTxn = {
    get: <T>(ns: string, key: MetaKey): T | undefined => {
      check(key);
      const w = pending.get(ns)?.get(identity(key));
      if (w) return w.removed ? undefined : structuredClone(w.value) as T;
      return read(ns, key) as T | undefined;
    },
    put: (ns, key, value) => {
      check(key);
      if (value === undefined) throw new AppError('INTERNAL', `meta store: undefined value for ${ns} ${JSON.stringify(key)} (remove it instead)`);
      stage({ ns, key: canonicalMetaKey(structuredClone(key) as MetaKey), value: structuredClone(value), removed: false });
    },
    remove: (ns, key) => {
      check(key);
      stage({ ns, key: canonicalMetaKey(structuredClone(key) as MetaKey), value: undefined, removed: true });
    },
  };
  let result: R;
  try {
    result = fn(tx);
  } finally {
    open = false;
  }
  const thenable = result as { then?: unknown } | null | undefined;
  if (typeof thenable?.then === 'function') {
    (result as PromiseLike<unknown>).then(undefined, () => {}); // its outcome is nobody's now
    throw new AppError('INTERNAL', 'meta store: a transaction function must be synchronous (it returned a promise)');
  }
  const writes: MetaWrite[] = [];
  for (const space of pending.values()) writes.push(...space.values());
  return { result, writes };
}

/** The body of `MetaStore.update`, as a transaction function. */
export function updateIn<T>(tx: MetaTxn, ns: string, key: MetaKey, fn: (old: T | undefined) => T | undefined): T | undefined {
  const next = fn(tx.get<T>(ns, key));
  if (next === undefined) tx.remove(ns, key);
  else tx.put(ns, key, next);
  return next;
}

/** One string per key, the same for keys that are the same (`'a'` and `['a']`, `0` and `-0`). */
const identity = (key: MetaKey): string => JSON.stringify(canonicalMetaKey(key));
