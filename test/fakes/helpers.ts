import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A temporary directory removed at teardown. */
export function tempDir(t: { teardown(fn: () => void): void }, prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  t.teardown(() => rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }));
  return dir;
}

/** A UDP/TCP port unlikely to collide between parallel test files (10000–59999). */
export const randomPort = (): number => 10_000 + Math.floor(Math.random() * 50_000);

/** Polls `probe` until it returns a value (not undefined) or the time is up; bounded. */
export async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs: number, what: string, stepMs = 250): Promise<T> {
  const end = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < end) {
    try {
      const v = await probe();
      if (v !== undefined) return v;
    } catch (e) { last = e; }
    await new Promise((r) => setTimeout(r, stepMs));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? `: ${(last as Error).message}` : ''}`);
}

/** Waits (bounded) until the app has written `n` grid steps of any network from now on. */
export async function gridSteps(app: { monitor: { events: { onGridStepWritten(l: () => void): () => void } } }, n: number, timeoutMs = 60_000): Promise<void> {
  let steps = 0;
  const off = app.monitor.events.onGridStepWritten(() => { steps++; });
  try {
    await waitFor(async () => (steps >= n ? true : undefined), timeoutMs, `${n} grid steps written`);
  } finally {
    off();
  }
}

/**
 * fetch for an idempotent request (GET, HEAD), tried once more when a kept-alive connection turned
 * out closed (UND_ERR_SOCKET), as browsers do: a test that blocks its event loop (spawnSync of the
 * CLI) for longer than the server's idle timeout finds its pooled connection closed under it.
 */
export async function fetchIdempotent(url: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (e) {
    if ((e as { cause?: { code?: string } }).cause?.code !== 'UND_ERR_SOCKET') throw e;
    return fetch(url, init);
  }
}

export async function getJson(base: string, path: string): Promise<{ status: number; body: any }> {
  const r = await fetchIdempotent(base + path);
  const text = await r.text();
  let body: unknown = text;
  try { body = JSON.parse(text); } catch { /* plain text */ }
  return { status: r.status, body };
}

export interface ServerProcess {
  readonly proc: ChildProcess;
  /** Resolves with the exit code (or the signal's name) once the process has exited. */
  readonly exited: Promise<number | string>;
  /** The last characters the server logged (8000 unless asked for more). */
  log(): string;
}

/**
 * Runs the built server (dist/main.js) as a child process with `args` and the environment's
 * HOST=127.0.0.1 plus `env`; keeps the last `keepChars` characters it logged; killed at teardown if
 * still running.
 */
export function spawnServer(
  t: { teardown(fn: () => void): void }, args: string[], env: Record<string, string>, keepChars = 8000,
): ServerProcess {
  const main = fileURLToPath(new URL('../../main.js', import.meta.url));
  const proc = spawn(process.execPath, [main, ...args], { env: { ...process.env, HOST: '127.0.0.1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const keep = (b: Buffer) => { log = (log + b.toString()).slice(-keepChars); };
  proc.stdout!.on('data', keep);
  proc.stderr!.on('data', keep);
  // 'close', not 'exit': the output is all read by then.
  const exited = new Promise<number | string>((r) => proc.once('close', (code, sig) => r(code ?? sig ?? 'unknown')));
  t.teardown(() => { if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL'); });
  return { proc, exited, log: () => log };
}

/**
 * The built server with `--config` and DATA_DIR on a random port, once it answers
 * /api/metrics/ping. A random port another test holds makes the server exit at start ("the port is
 * in use"): it is started again on another port, up to three times. Any other exit, or no answer
 * within `timeoutMs`, throws with the end of the server's log.
 */
export async function startServerReady(
  t: { teardown(fn: () => void): void }, configPath: string, dataDir: string, timeoutMs = 60_000,
): Promise<{ server: ServerProcess; port: number; base: string }> {
  for (let attempt = 1; ; attempt++) {
    const port = randomPort();
    const base = `http://127.0.0.1:${port}`;
    const server = startServer(t, configPath, dataDir, port);
    const exited = () => server.proc.exitCode !== null || server.proc.signalCode !== null;
    const ready = await waitFor(async () => {
      if (exited()) return false;
      return (await fetch(`${base}/api/metrics/ping`)).status === 200 ? true : undefined;
    }, timeoutMs, `the server on port ${port}`).catch((e: Error) => { throw new Error(`${e.message}; its log: ${server.log().slice(-2000)}`); });
    if (ready) return { server, port, base };
    if (attempt < 3 && /port is in use/.test(server.log())) continue;
    throw new Error(`the server exited at start (${server.proc.exitCode ?? server.proc.signalCode}): ${server.log().slice(-2000)}`);
  }
}

/** The built server with `--config`, PORT and DATA_DIR (see spawnServer). */
export function startServer(
  t: { teardown(fn: () => void): void }, configPath: string, dataDir: string, port: number,
): ServerProcess {
  return spawnServer(t, ['--config', configPath], { PORT: String(port), DATA_DIR: dataDir });
}

export interface SimulatedConfig {
  readonly devices: number;
  readonly interfacesPerDevice: number;
  /** Poll interval as config writes it (e.g. `2s`). */
  readonly pollInterval: string;
  /** More YAML lines for the network (indented by four spaces), e.g. `    discoveryMinInterval: 1h`. */
  readonly networkExtra?: string;
  /** More top-level YAML (auth:, …). */
  readonly extra?: string;
  /** The network's SNMP timeout and retries (default `1s` and 1). */
  readonly timeout?: string;
  readonly retries?: number;
}

/**
 * The YAML of a configuration with a simulated network of its own on `simPort` (network 1, seeded
 * at the simulator's first address), for servers started by tests.
 */
export function simulatedConfigText(simPort: number, c: SimulatedConfig): string {
  return `
simulator: { devices: ${c.devices}, interfacesPerDevice: ${c.interfacesPerDevice}, port: ${simPort} }
networks:
  - id: 1
    name: sim
    seeds: [127.1.0.1]
    ranges: [127.1.0.0/16]
    snmp: { port: ${simPort}, timeout: ${c.timeout ?? '1s'}, retries: ${c.retries ?? 1} }
    pollInterval: ${c.pollInterval}
${c.networkExtra ?? ''}
${c.extra ?? ''}
`;
}

/** Writes `simulatedConfigText` on a random simulator port into `dir`/netmon.yaml; returns the file's path. */
export function writeSimulatedConfig(dir: string, c: SimulatedConfig): string {
  const path = join(dir, 'netmon.yaml');
  writeFileSync(path, simulatedConfigText(randomPort(), c));
  return path;
}

/** Ends a child process with `signal` and resolves once it has exited (at once when it has). */
export async function stopChild(p: ChildProcess | null, signal: NodeJS.Signals): Promise<void> {
  if (!p || p.exitCode !== null || p.signalCode !== null) return;
  const exited = new Promise<void>((r) => p.once('exit', () => r()));
  p.kill(signal);
  await exited;
}

/**
 * A test that cannot run here (a missing tool, not root) skips with a loud message, except with
 * CI=true, where it fails (CI installs what the tests need). Returns false.
 */
export function skipOrFail(t: { plan: (n: number, skipReason?: string) => unknown; fail: (msg: string) => unknown }, msg: string): false {
  if (process.env.CI === 'true') t.fail(msg);
  else {
    process.stderr.write(`\n*** SKIPPED: ${msg} ***\n\n`);
    t.plan(0, msg);
  }
  return false;
}
