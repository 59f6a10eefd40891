import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { LOCK_FILE } from '../../store/data-dir-lock.js';
import { openEmbeddedStore } from '../../store/open-store.js';

/**
 * One server per data directory: the store's lock file, against real processes. A directory held
 * by a running process is refused naming that process's PID; a lock left by a process that is
 * gone (dead PID, PID reused by another process, our own PID after a restart, a file its creator
 * never finished) is taken over; the lock goes with close. The directory and the files are the
 * server's user's only.
 */
const HOLDER = fileURLToPath(new URL('./fixtures/hold-store.js', import.meta.url));
const dirs: string[] = [];
const children: ChildProcess[] = [];
t.teardown(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const tempDir = () => { const d = mkdtempSync(join(tmpdir(), 'netmon-lock-')); dirs.push(d); return join(d, 'data'); };

/** A child holding the store open in `dir`, once it says so. */
async function holder(dir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [HOLDER, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (b) => { out += b; if (out.includes('ready')) resolve(); });
    child.once('exit', (code) => reject(new Error(`holder exited ${code} before it was ready`)));
  });
  return child;
}

async function killed(child: ChildProcess): Promise<void> {
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await gone;
}

/** The PID of a process that has run and exited (reaped). */
async function deadPid(): Promise<number> {
  const c = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
  await new Promise((r) => c.once('exit', r));
  return c.pid!;
}

const lockText = (pid: number, startTicks: string | null, sinceMs = Date.now() - 60_000) =>
  JSON.stringify({ pid, startTicks, host: hostname(), sinceMs }) + '\n';

t.test('a directory held by a running server is refused, naming its PID; after a kill -9 it is taken over', async (t) => {
  const dir = tempDir();
  const child = await holder(dir);
  await t.rejects(openEmbeddedStore({ dataDir: dir }), { code: 'DATA_DIR_LOCKED', message: new RegExp(`in use by another server \\(PID ${child.pid} on `) });
  t.match(readFileSync(join(dir, LOCK_FILE), 'utf8'), `"pid":${child.pid}`, 'the refused open leaves the holder\'s lock alone');
  await killed(child);
  const store = await openEmbeddedStore({ dataDir: dir });
  t.match(readFileSync(join(dir, LOCK_FILE), 'utf8'), `"pid":${process.pid}`, 'the stale lock of the killed holder is taken over');
  await store.close();
  t.notOk(existsSync(join(dir, LOCK_FILE)), 'close removes the lock file');
});

const stale: { name: string; write: (dir: string) => Promise<void> }[] = [
  { name: 'a PID that does not run', write: async (dir) => writeFileSync(join(dir, LOCK_FILE), lockText(await deadPid(), null)) },
  { name: 'a PID reused by another process (its start time differs)', write: async (dir) => {
    const other = await holder(tempDir());
    writeFileSync(join(dir, LOCK_FILE), lockText(other.pid!, '1'));
  } },
  { name: 'our own PID (a container restarted with the same PID)', write: async (dir) => writeFileSync(join(dir, LOCK_FILE), lockText(process.pid, null)) },
  { name: 'a lock file its creator never finished writing', write: async (dir) => {
    const file = join(dir, LOCK_FILE);
    closeSync(openSync(file, 'w'));
    const old = new Date(Date.now() - 60_000);
    utimesSync(file, old, old);
  } },
];

for (const c of stale) {
  t.test(`a stale lock is taken over: ${c.name}`, async (t) => {
    const dir = tempDir();
    await (await openEmbeddedStore({ dataDir: dir })).close(); // creates the directory
    await c.write(dir);
    const store = await openEmbeddedStore({ dataDir: dir });
    const now = JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'));
    t.equal(now.pid, process.pid, 'the lock is ours');
    await store.close();
  });
}

t.test('a lock file being written right now is not taken over', async (t) => {
  const dir = tempDir();
  await (await openEmbeddedStore({ dataDir: dir })).close();
  closeSync(openSync(join(dir, LOCK_FILE), 'w'));
  await t.rejects(openEmbeddedStore({ dataDir: dir }), { code: 'DATA_DIR_LOCKED', message: /cannot take the lock .* after \d+ attempts/ });
});

t.test('the data directory and its files are the server\'s user\'s only', async (t) => {
  const dir = tempDir();
  const store = await openEmbeddedStore({ dataDir: dir });
  await store.meta.put('t', 'k', 1);
  const mode = (p: string) => (statSync(p).mode & 0o777).toString(8);
  t.equal(mode(dir), '700', 'data directory 0700');
  for (const f of ['data.mdb', 'lock.mdb', LOCK_FILE]) t.equal(mode(join(dir, f)), '600', `${f} 0600`);
  await store.close();
});
