/**
 * One server per data directory. LMDB itself lets several processes open one environment (its
 * `lock.mdb` coordinates readers and writers, by design), so two servers on one directory would
 * both poll and write the same series without a word. The server therefore holds a lock file of
 * its own, `<dataDir>/netmon.lock`, created exclusively (`open(…, 'wx')`: one creator wins) and
 * holding the holder's PID, the start time of that process (from /proc, where there is one) and
 * the host name, and removes it when it stops.
 *
 * A lock file whose process is gone (a kill -9, a crash, a reboot) is stale and is taken over: the
 * PID does not run, or it runs but started at another time than the one recorded (the PID was
 * reused), or it is our own PID (a container restarted with the same PID). Takeover renames the
 * stale file away (one renamer wins), checks that what it renamed is still the stale holder's file
 * (else puts it back), then creates its own. A process in another PID namespace sharing the
 * directory cannot be seen and counts as gone.
 */
import { closeSync, linkSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { AppError } from '../core/errors.js';
import { silentLogger, type Logger } from '../core/logger.js';

export const LOCK_FILE = 'netmon.lock';

/** Attempts to create the lock file (each stale takeover costs one). */
const MAX_ATTEMPTS = 8;
/** A lock file still empty or unreadable after this long was left by a process that died creating it. */
const HALF_WRITTEN_STALE_MS = 5_000;
/** Wait between attempts while another process is writing its lock file. */
const HALF_WRITTEN_WAIT_MS = 50;

export interface DataDirLock {
  /** The lock file. */
  readonly path: string;
  /** Removes the lock file if it is still ours. Idempotent. */
  release(): void;
}

interface Holder {
  readonly pid: number;
  /** The process's start time in clock ticks since boot (/proc/<pid>/stat field 22), or null. */
  readonly startTicks: string | null;
  readonly host: string;
  readonly sinceMs: number;
}

/**
 * Takes the data directory's lock (the directory must exist). Throws AppError DATA_DIR_LOCKED
 * naming the holder's PID when another running process holds it.
 */
export function lockDataDir(dataDir: string, opts: { logger?: Logger } = {}): DataDirLock {
  const logger = opts.logger ?? silentLogger;
  const path = join(dataDir, LOCK_FILE);
  const me: Holder = { pid: process.pid, startTicks: startTicksOf(process.pid), host: hostname(), sinceMs: Date.now() };
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    let fd: number;
    try {
      fd = openSync(path, 'wx', 0o600);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new AppError('INTERNAL', `cannot create the lock file ${path}: ${(err as Error).message}`, { cause: err });
      }
      const holder = readHolder(path);
      if (holder === 'gone') continue; // removed meanwhile: try again
      if (holder === 'half-written') { sleepMs(HALF_WRITTEN_WAIT_MS); continue; }
      if (isRunning(holder)) {
        throw new AppError('DATA_DIR_LOCKED',
          `data directory ${dataDir} is in use by another server (PID ${holder.pid} on ${holder.host}, since ${new Date(holder.sinceMs).toISOString()}): ` +
          `stop it, or give this server another data directory (server.dataDir or DATA_DIR)`);
      }
      if (takeOver(path, holder)) {
        logger.warn('took over a stale lock of the data directory', { path, stalePid: holder.pid, staleSince: new Date(holder.sinceMs).toISOString() });
      }
      continue;
    }
    try {
      writeSync(fd, JSON.stringify(me) + '\n');
    } finally {
      closeSync(fd);
    }
    let released = false;
    return {
      path,
      release: () => {
        if (released) return;
        released = true;
        const now = readHolder(path);
        if (typeof now === 'object' && now.pid === me.pid && now.sinceMs === me.sinceMs) {
          try { unlinkSync(path); } catch { /* gone already */ }
        }
      },
    };
  }
  throw new AppError('DATA_DIR_LOCKED', `cannot take the lock ${path} after ${MAX_ATTEMPTS} attempts (other servers starting on the same data directory?)`);
}

/**
 * Moves a stale lock file out of the way. Returns false when the file was no longer that holder's
 * (another process took it over first; it is put back) or was gone.
 */
function takeOver(path: string, stale: Holder): boolean {
  const aside = `${path}.stale-${process.pid}`;
  try {
    renameSync(path, aside);
  } catch {
    return false; // another process moved it first
  }
  const moved = readHolder(aside);
  const same = typeof moved === 'object' && moved.pid === stale.pid && moved.sinceMs === stale.sinceMs;
  if (!same) {
    // We moved a newer holder's file: put it back unless a third process created one meanwhile.
    try { linkSync(aside, path); } catch { /* the third one holds it */ }
  }
  try { unlinkSync(aside); } catch { /* gone already */ }
  return same;
}

function readHolder(path: string): Holder | 'gone' | 'half-written' {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 'gone';
    throw new AppError('INTERNAL', `cannot read the lock file ${path}: ${(err as Error).message}`, { cause: err });
  }
  try {
    const h = JSON.parse(text) as Partial<Holder>;
    if (Number.isSafeInteger(h.pid) && h.pid! > 0 && typeof h.sinceMs === 'number') {
      return { pid: h.pid!, startTicks: typeof h.startTicks === 'string' ? h.startTicks : null, host: String(h.host ?? '?'), sinceMs: h.sinceMs };
    }
  } catch { /* not (yet) JSON */ }
  // Being written by its creator, or left half-written by a crash: stale once old enough.
  let ageMs = 0;
  try { ageMs = Date.now() - statSync(path).mtimeMs; } catch { return 'gone'; }
  return ageMs > HALF_WRITTEN_STALE_MS ? { pid: 0x7fffffff, startTicks: null, host: '?', sinceMs: 0 } : 'half-written';
}

/** Whether the holder's process still runs (see the module comment). */
function isRunning(h: Holder): boolean {
  if (h.pid === process.pid) return false;
  try {
    process.kill(h.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false; // ESRCH: no such process
  }
  if (h.startTicks !== null) {
    const now = startTicksOf(h.pid);
    if (now !== null && now !== h.startTicks) return false; // the PID was reused
  }
  return true;
}

/** A process's start time in clock ticks since boot, from /proc (Linux); null elsewhere. */
function startTicksOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // after the command name (in parentheses, may hold spaces): field 3 onwards; start time is field 22
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

function sleepMs(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
