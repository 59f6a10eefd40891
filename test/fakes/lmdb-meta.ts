/** The metadata store on real LMDB files, opened for one piece of work and closed after it. */
import { openStoreEnv } from '../../store/lmdb-env.js';
import { LmdbMetaStore } from '../../store/meta/lmdb-meta.js';
import type { MetaStore } from '../../store/meta/meta.js';

/** Runs `fn` on the metadata store in `dir`, closing the store and its environment after. */
export async function withLmdbMeta<R>(dir: string, fn: (meta: MetaStore) => Promise<R>): Promise<R> {
  const env = openStoreEnv(dir);
  const meta = new LmdbMetaStore(env);
  try { return await fn(meta); } finally { await meta.close(); await env.close(); }
}
