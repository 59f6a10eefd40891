/**
 * The central's points path as a process (remote-central.ts), for the tests and benchmarks of the
 * remote collectors: started, killed and started again on the same data directory, its last status
 * line read.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { IngestStats } from '../../remote/central-ingest.js';

/** The central's slot of the key `v<N>`: CENTRAL_SLOT_BASE + N (remote-central.ts); any other key names nothing. */
export const CENTRAL_SLOT_BASE = 100_000;
const SCRIPT = fileURLToPath(new URL('./remote-central.js', import.meta.url));

/** A status line: the ingest's status and the process's CPU time so far. */
export type CentralSaid = IngestStats & { readonly cpuMs: number };

/** The central's process: started, killed and started again on the same data directory. */
export function centralProcess(t: { teardown(fn: () => unknown): void }, dataDir: string, natsUrl: string, stream: string) {
  let proc: ChildProcess | null = null;
  let last: CentralSaid | undefined;
  let log = '';
  t.teardown(() => { proc?.kill('SIGKILL'); });
  return {
    status: () => last,
    log: () => log,
    start() {
      last = undefined;
      const p = spawn(process.execPath, ['--enable-source-maps', SCRIPT, dataDir, natsUrl, stream], { stdio: ['ignore', 'pipe', 'pipe'] });
      let buffered = '';
      p.stdout!.on('data', (d: Buffer) => {
        buffered += d.toString();
        const lines = buffered.split('\n');
        buffered = lines.pop()!;
        for (const line of lines) {
          const m = /^(?:status|stopped) (.*)$/.exec(line);
          if (m) last = JSON.parse(m[1]!) as CentralSaid;
        }
      });
      p.stderr!.on('data', (d: Buffer) => { log = (log + d.toString()).slice(-4000); });
      proc = p;
    },
    async stop(signal: NodeJS.Signals): Promise<void> {
      const p = proc;
      if (!p || p.exitCode !== null || p.signalCode !== null) return;
      const exited = new Promise<void>((r) => p.once('exit', () => r()));
      p.kill(signal);
      await exited;
      proc = null;
    },
  };
}
