import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { BenchLog } from './bench.js';
import { nodeArgs, spawnPinned, stopChild } from './process.js';

const SIM_MAIN = fileURLToPath(new URL('../../sim/main.js', import.meta.url));
/** How long the simulator may take to print its ready line (5,000 devices take a few seconds). */
const READY_MS = 60_000;

/**
 * Starts the SNMP simulator (sim/main.js with `args`) as a child pinned to `core`, on a random port
 * in 20000–49999, and resolves once it prints `simulator up` (logged). A simulator that exits or
 * is not up within READY_MS is stopped and the promise rejects.
 */
export async function startSimulator(core: number | undefined, args: readonly string[], log: BenchLog): Promise<{ child: ChildProcess; port: number }> {
  const port = 20_000 + Math.floor(Math.random() * 30_000);
  const [cmd, a] = nodeArgs(SIM_MAIN, [...args, '--port', String(port)]);
  const child = spawnPinned(core, cmd, a);
  try {
    await new Promise<void>((resolve, reject) => {
      let buf = '';
      const timer = setTimeout(() => reject(new Error(`the simulator did not come up within ${READY_MS / 1000} s`)), READY_MS);
      child.stdout!.on('data', (b: Buffer) => {
        buf += b.toString();
        if (buf.includes('simulator up')) { clearTimeout(timer); log(buf.trim()); resolve(); }
      });
      child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`the simulator exited (${code})`)); });
    });
  } catch (e) {
    await stopChild(child);
    throw e;
  }
  return { child, port };
}
