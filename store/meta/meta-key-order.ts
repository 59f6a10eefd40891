import { AppError } from '../../core/errors.js';
import type { MetaKey } from './meta.js';

/**
 * The order of metadata keys, the same as lmdb-js's ordered-binary keys: a key is a list of
 * parts (a scalar is a one-part list, so `'a'` and `['a']` are one key); parts compare numbers
 * before strings, numbers by value, strings by their UTF-8 bytes; a shorter prefix comes first.
 */
export function compareMetaKeys(a: MetaKey, b: MetaKey): number {
  const pa = partsOf(a), pb = partsOf(b);
  const n = Math.min(pa.length, pb.length);
  for (let i = 0; i < n; i++) {
    const c = comparePart(pa[i], pb[i]);
    if (c !== 0) return c;
  }
  return pa.length - pb.length;
}

/** The canonical form of a key: a one-part list becomes its part (as lmdb-js returns it). */
export function canonicalMetaKey(k: MetaKey): MetaKey {
  return Array.isArray(k) && k.length === 1 ? (k as readonly (string | number)[])[0] : k;
}

/** Keys are non-empty, made of finite numbers and strings; anything else is a caller's bug. */
export function checkMetaKey(k: MetaKey): void {
  const parts = partsOf(k);
  if (parts.length === 0) throw new AppError('INTERNAL', 'meta store: empty key');
  for (const p of parts) {
    if (typeof p === 'number' ? !Number.isFinite(p) : typeof p !== 'string') {
      throw new AppError('INTERNAL', `meta store: bad key part ${String(p)}`);
    }
  }
}

const partsOf = (k: MetaKey): readonly (string | number)[] => (Array.isArray(k) ? k : [k as string | number]);

function comparePart(a: string | number, b: string | number): number {
  if (typeof a === 'number') {
    if (typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0;
    return -1;
  }
  if (typeof b === 'number') return 1;
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}
