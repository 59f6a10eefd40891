/**
 * A real NATS server with JetStream (Debian's `nats-server`), started by the test itself: its own
 * store directory, loopback, a random port; never the system's service. Stopped (SIGTERM, or
 * SIGKILL to test a crash) and started again on the same port and store by the test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createConnection } from 'node:net';
import { randomPort, skipOrFail, stopChild, tempDir, waitFor } from './helpers.js';
import { which } from './snmp-tools.js';

/** Debian installs it in /usr/sbin, which a non-root PATH may leave out. */
function natsServerPath(): string | undefined {
  return which('nats-server') ?? ['/usr/sbin/nats-server', '/usr/local/sbin/nats-server'].find((p) => {
    try { accessSync(p, constants.X_OK); return true; } catch { return false; }
  });
}

/**
 * Whether nats-server can run here; when it is missing the test skips with a loud message, except
 * with CI=true, where it is a failure (CI installs it).
 */
export function natsServerOrSkip(t: { plan: (n: number, skipReason?: string) => unknown; fail: (msg: string) => unknown }): boolean {
  return natsServerPath() ? true : skipOrFail(t, `nats-server missing: install Debian package 'nats-server' to run this test`);
}

export interface NatsServer {
  /** `nats://127.0.0.1:<port>` */
  readonly url: string;
  readonly port: number;
  /** Starts the server (again) on the same port and store directory; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it with `signal` (SIGTERM: a clean stop; SIGKILL: a crash); resolves once it has exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** The last characters it logged. */
  log(): string;
}

export interface NatsServerOptions {
  /** Runs it in this network namespace (`ip netns exec`); it is then ready when it says so in its log. */
  readonly netns?: string;
  /** The port for clients (default: a random one). */
  readonly port?: number;
  /**
   * A configuration file's text (nats-server `-c`), given the store directory and the client port:
   * for JetStream domains and leaf nodes. Without it: `-js` on 127.0.0.1.
   */
  readonly config?: (storeDir: string, port: number) => string;
}

/** A JetStream server for this test, started; stopped at teardown. */
export async function startNatsServer(t: { teardown(fn: () => unknown): void }, opts: NatsServerOptions = {}): Promise<NatsServer> {
  const program = natsServerPath();
  if (!program) throw new Error('nats-server is not installed');
  const storeDir = tempDir(t, 'netmon-nats-');
  const port = opts.port ?? randomPort();
  const args = opts.config
    ? ['-c', configFile(storeDir, opts.config(storeDir, port))]
    : ['-js', '-sd', storeDir, '-a', '127.0.0.1', '-p', String(port), '-n', `netmon-test-${port}`];
  const [command, argv] = opts.netns ? ['ip', ['netns', 'exec', opts.netns, program, ...args]] : [program, args];
  let proc: ChildProcess | null = null;
  let log = '';
  const server: NatsServer = {
    url: `nats://127.0.0.1:${port}`,
    port,
    async start() {
      log = '';
      const p = spawn(command, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
      const keep = (b: Buffer) => { log = (log + b.toString()).slice(-8000); };
      p.stdout!.on('data', keep);
      p.stderr!.on('data', keep);
      proc = p;
      await waitFor(() => new Promise<true | undefined>((resolve) => {
        if (p.exitCode !== null) return resolve(undefined);
        if (opts.netns) return resolve(/Server is ready/.test(log) ? true : undefined);
        const s = createConnection({ host: '127.0.0.1', port }, () => { s.destroy(); resolve(/Server is ready/.test(log) ? true : undefined); });
        s.once('error', () => resolve(undefined));
      }), 20_000, `nats-server on port ${port}: ${log.slice(-500)}`, 50);
    },
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      await stopChild(proc, signal);
      proc = null;
    },
    log: () => log,
  };
  t.teardown(() => server.stop('SIGKILL'));
  await server.start();
  return server;
}

/** Writes the configuration next to the store (its own directory, removed with it). */
function configFile(storeDir: string, text: string): string {
  const file = join(storeDir, 'nats-server.conf');
  writeFileSync(file, text);
  return file;
}
