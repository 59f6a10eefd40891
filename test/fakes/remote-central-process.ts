/**
 * The central's points path as a process (remote-central.ts), for the tests and benchmarks of the
 * remote collectors: started, killed and started again on the same data directory, its last status
 * line read.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { IngestStats } from '../../remote/central-ingest.js';
import type { SeriesStore } from '../../store/series/series.js';
import { stopChild } from './helpers.js';

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
      await stopChild(proc, signal);
      proc = null;
    },
  };
}

/**
 * What is wrong with the central's store against what the collector published: every slot `v<s>`
 * (s < slots) holds exactly the points of grid steps 0…steps-1 from `t0`, each with `valueOf(s, k)`.
 * Empty when all is there once.
 */
export function storeFaults(series: Pick<SeriesStore, 'read'>, slots: number, steps: number, t0: number, stepMs: number, valueOf: (slot: number, step: number) => number): string[] {
  const wrong: string[] = [];
  for (let s = 0; s < slots; s++) {
    const got = series.read(CENTRAL_SLOT_BASE + s, t0, t0 + steps * stepMs);
    const have = Array.from(got.tsMs, (ts, i) => `${(ts - t0) / stepMs}=${got.values[i]}`);
    const want = Array.from({ length: steps }, (_, k) => `${k}=${valueOf(s, k)}`);
    if (have.join() !== want.join()) wrong.push(`slot ${s}: ${have.length} points of ${steps}, first ${have[0] ?? 'none'}`);
  }
  return wrong;
}
