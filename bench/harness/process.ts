/**
 * Child processes for benchmarks: servers and load generators run in processes of their own,
 * pinned to a CPU core with `taskset -c <core>` where the two would compete for one. Without
 * taskset (or with one core) they run unpinned and `pinningNote()` says so for the results.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { availableParallelism } from 'node:os';

let tasksetAvailable: boolean | undefined;

export function hasTaskset(): boolean {
  if (tasksetAvailable === undefined) {
    const r = spawnSync('taskset', ['-c', '0', 'true'], { stdio: 'ignore' });
    tasksetAvailable = r.status === 0;
  }
  return tasksetAvailable;
}

/** Cores for a server and its load generator: 0 and 1 when pinning is possible, else undefined. */
export function serverAndLoadCores(): { server: number | undefined; load: number | undefined } {
  if (hasTaskset() && availableParallelism() >= 2) return { server: 0, load: 1 };
  return { server: undefined, load: undefined };
}

/** A line for the results explaining how server and load shared the machine. */
export function pinningNote(): string {
  if (!hasTaskset()) return 'taskset missing: server and load NOT pinned (they compete for cores)';
  if (availableParallelism() < 2) return 'one core: server and load share it';
  return 'server pinned to core 0, load to core 1 (taskset)';
}

/** The command line that runs `cmd args` on `core` (unchanged when core is undefined or taskset missing). */
export function pinnedCommand(core: number | undefined, cmd: string, args: readonly string[]): [string, string[]] {
  if (core === undefined || !hasTaskset()) return [cmd, [...args]];
  return ['taskset', ['-c', String(core), cmd, ...args]];
}

/** Starts a long-running child (a server): stdout is piped for its ready line, stderr passed through. */
export function spawnPinned(core: number | undefined, cmd: string, args: readonly string[]): ChildProcess {
  const [c, a] = pinnedCommand(core, cmd, args);
  return spawn(c, a, { stdio: ['ignore', 'pipe', 'inherit'] });
}

/** The current Node binary with the given script (a compiled dist/ path) and arguments. */
export function nodeArgs(script: string, args: readonly string[], nodeFlags: readonly string[] = []): [string, string[]] {
  return [process.execPath, [...nodeFlags, script, ...args]];
}

export interface RunResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a command to completion (killed after `timeoutMs`), pinned like `spawnPinned`. */
export function runPinned(
  core: number | undefined, cmd: string, args: readonly string[],
  o: { timeoutMs: number; passStderr?: boolean; onSpawn?: (pid: number | undefined) => void },
): Promise<RunResult> {
  const [c, a] = pinnedCommand(core, cmd, args);
  return new Promise((resolve, reject) => {
    const child = spawn(c, a, { stdio: ['ignore', 'pipe', o.passStderr ? 'inherit' : 'pipe'] });
    o.onSpawn?.(child.pid);
    let stdout = '', stderr = '';
    child.stdout!.on('data', (b: Buffer) => { stdout += b.toString(); });
    child.stderr?.on('data', (b: Buffer) => { stderr += b.toString(); });
    const timer = setTimeout(() => { child.kill('SIGKILL'); }, o.timeoutMs);
    child.on('error', (e) => { clearTimeout(timer); reject(e); });
    child.on('close', (code) => { clearTimeout(timer); resolve({ code, stdout, stderr }); });
  });
}

/**
 * Protocol between a benchmark and its child: the child prints one line `READY <json>` on stdout
 * once it serves (e.g. `READY {"port":41234}`) and, for a one-shot child, `RESULT <json>` at the end.
 */
export const READY = 'READY ';
export const RESULT = 'RESULT ';

/** Waits for a line starting with `prefix` on the child's stdout and returns its JSON. */
export function waitForLine<T>(child: ChildProcess, prefix: string, timeoutMs: number): Promise<T> {
  return new Promise((resolve, reject) => {
    let buf = '';
    const done = (err: Error | null, value?: T) => {
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      child.off('exit', onExit);
      if (err) reject(err); else resolve(value as T);
    };
    const onData = (b: Buffer) => {
      buf += b.toString();
      let nl;
      while ((nl = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        if (line.startsWith(prefix)) {
          try { done(null, JSON.parse(line.slice(prefix.length)) as T); } catch (e) { done(e as Error); }
          return;
        }
      }
    };
    const onExit = (code: number | null) => done(new Error(`child exited (${code}) before printing '${prefix.trim()}'`));
    const timer = setTimeout(() => done(new Error(`no '${prefix.trim()}' line from the child within ${timeoutMs} ms`)), timeoutMs);
    child.stdout!.on('data', onData);
    child.on('exit', onExit);
  });
}

/** Resolves once a TCP connection to host:port succeeds; rejects after `timeoutMs`. */
export async function waitForPort(host: string, port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = connect({ host, port });
      s.once('connect', () => { s.destroy(); resolve(true); });
      s.once('error', () => { s.destroy(); resolve(false); });
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on ${host}:${port} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Ends a child we started (SIGTERM, then SIGKILL after `graceMs`) and waits for it to exit. */
export async function stopChild(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}
