import { Worker } from 'node:worker_threads';
import { AppError } from '../../core/errors.js';
import { WorkGate, type WorkGateStats } from '../../core/work-gate.js';
import type { DeriveAnswer, DeriveRequest } from './password-worker.js';

/** The bounds of the password checks (config `auth.passwordThreads`, `passwordQueue`, `passwordChecksPerAddress`). */
interface PasswordPoolBounds {
  /** Threads deriving scrypt keys, each one key at a time: the checks running at once. */
  readonly threads: number;
  /** Checks waiting for a thread; past it a check is refused at once (SERVER_BUSY, 503). */
  readonly maxQueued: number;
  /** Checks running or waiting for one caller key (a client address group); past it RATE_LIMITED (429). */
  readonly maxPerCaller: number;
}

export interface ScryptTask {
  readonly password: string;
  readonly salt: Buffer;
  readonly N: number;
  readonly r: number;
  readonly p: number;
  readonly keyBytes: number;
}

/** A function that derives a scrypt key: the pool's `derive`, or libuv's async scrypt (password-hash.ts) where no pool runs (the CLI). */
export type DeriveKey = (task: ScryptTask, callerKey: string) => Promise<Buffer>;

interface Thread {
  readonly worker: Worker;
  /** The task it runs, if any. */
  task: { readonly id: number; readonly resolve: (b: Buffer) => void; readonly reject: (e: Error) => void } | null;
}

const WORKER_FILE = new URL('./password-worker.js', import.meta.url);

/**
 * Password checks and hashes (scrypt) on threads of their own (node:worker_threads running
 * password-worker.ts), never on libuv's thread pool: a storm of logins then takes at most
 * `threads` cores and leaves the file and store work that libuv's 4 threads serve alone.
 * Admission is a WorkGate ('password checks'): at most `threads` derivations run, `maxQueued`
 * wait (first come, first served), `maxPerCaller` per caller key; past those the call is refused
 * at once without hashing (AppError SERVER_BUSY 503 or RATE_LIMITED 429).
 *
 * Threads start on first use and are kept; an idle thread does not keep the process alive
 * (unref), a busy one does. `close` ends them (app stop); a thread that dies fails its task and is
 * replaced on the next one.
 */
export class PasswordPool {
  private readonly gate: WorkGate;
  private readonly threads: Thread[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private bounds: PasswordPoolBounds) {
    this.gate = new WorkGate('password checks', gateBounds(bounds));
  }

  stats(): WorkGateStats & { readonly threads: number } {
    return { ...this.gate.stats(), threads: this.threads.length };
  }

  get limits(): PasswordPoolBounds { return this.bounds; }

  /** Derives a key on a pool thread, admitted by the gate for `callerKey` (throws RATE_LIMITED, SERVER_BUSY when refused). */
  readonly derive: DeriveKey = (task, callerKey) => this.gate.run(callerKey, () => this.onThread(task));

  /** Ends the threads; a later `derive` is refused (SERVER_BUSY). */
  async close(): Promise<void> {
    this.closed = true;
    const all = this.threads.splice(0);
    for (const t of all) t.task?.reject(new AppError('SERVER_BUSY', 'password checks: the server is stopping'));
    await Promise.all(all.map((t) => t.worker.terminate().catch(() => 0)));
  }

  private onThread(task: ScryptTask): Promise<Buffer> {
    if (this.closed) return Promise.reject(new AppError('SERVER_BUSY', 'password checks: the server is stopping'));
    const t = this.threads.find((x) => x.task === null) ?? this.spawn();
    const id = this.nextId++;
    return new Promise<Buffer>((resolve, reject) => {
      t.task = { id, resolve, reject };
      t.worker.ref();
      const req: DeriveRequest = { id, password: task.password, salt: task.salt, N: task.N, r: task.r, p: task.p, keyBytes: task.keyBytes };
      t.worker.postMessage(req);
    });
  }

  private spawn(): Thread {
    // The gate admits at most `threads` at once, so a new thread is needed only below that count.
    const worker = new Worker(WORKER_FILE);
    const t: Thread = { worker, task: null };
    const settle = (fn: (task: NonNullable<Thread['task']>) => void) => {
      const task = t.task;
      t.task = null;
      worker.unref();
      if (task !== null) fn(task);
    };
    worker.on('message', (a: DeriveAnswer) => settle((task) => {
      if (a.id !== task.id) task.reject(new Error(`password thread answered task ${a.id} for ${task.id}`));
      else if ('error' in a) task.reject(new Error(`scrypt: ${a.error}`));
      else task.resolve(Buffer.from(a.key.buffer, a.key.byteOffset, a.key.byteLength));
    }));
    const gone = (e: Error) => {
      const i = this.threads.indexOf(t);
      if (i >= 0) this.threads.splice(i, 1);
      settle((task) => task.reject(e));
    };
    worker.on('error', gone);
    worker.on('exit', (code) => gone(new Error(`password thread exited (${code})`)));
    worker.unref();
    this.threads.push(t);
    return t;
  }
}

function gateBounds(b: PasswordPoolBounds) {
  return { maxRunning: b.threads, maxQueued: b.maxQueued, maxPerCaller: b.maxPerCaller };
}
