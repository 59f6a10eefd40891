import { scryptSync } from 'node:crypto';
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';

/**
 * The thread of a password pool (services/password-pool.ts): derives scrypt keys one at a time
 * with scryptSync, so that password checks never take a thread of libuv's pool, which file and
 * store work share. Loaded by path (password-worker.js next to password-pool.js in dist/).
 *
 * On Linux the thread lowers its own CPU priority (nice PASSWORD_THREAD_NICE; a thread's nice value
 * is its own there): when the cores are scarce the event loop, which answers every other request,
 * comes first, and password checks take what it leaves. Elsewhere, or if refused, it runs as is.
 */
export const PASSWORD_THREAD_NICE = 10;
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

/** This thread's id on Linux (`/proc/thread-self` → `<pid>/task/<tid>`), else null. */
function threadId(): number | null {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(tid) && tid > 0 ? tid : null;
  } catch {
    return null;
  }
}

if (parentPort !== null) {
  const port = parentPort;
  const tid = threadId();
  if (tid !== null) {
    try { setPriority(tid, PASSWORD_THREAD_NICE); } catch { /* not allowed here: the default priority */ }
  }
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
