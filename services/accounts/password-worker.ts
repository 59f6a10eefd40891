import { scryptSync } from 'node:crypto';
import { parentPort } from 'node:worker_threads';

/**
 * The thread of a password pool (services/accounts/password-pool.ts): derives scrypt keys one at a time
 * with scryptSync, so that password checks never take a thread of libuv's pool, which file and
 * store work share. Loaded by path (password-worker.js next to password-pool.js in dist/).
 */
export interface DeriveRequest {
  readonly id: number;
  readonly password: string;
  readonly salt: Uint8Array;
  readonly N: number;
  readonly r: number;
  readonly p: number;
  readonly keyBytes: number;
}

export type DeriveAnswer = { readonly id: number; readonly key: Uint8Array } | { readonly id: number; readonly error: string };

if (parentPort !== null) {
  const port = parentPort;
  port.on('message', (m: DeriveRequest) => {
    let answer: DeriveAnswer;
    try {
      const maxmem = 256 * m.N * m.r + (1 << 20);
      const key = scryptSync(m.password, m.salt, m.keyBytes, { N: m.N, r: m.r, p: m.p, maxmem });
      answer = { id: m.id, key: new Uint8Array(key.buffer, key.byteOffset, key.byteLength) };
    } catch (e) {
      answer = { id: m.id, error: (e as Error).message };
    }
    port.postMessage(answer);
  });
}
