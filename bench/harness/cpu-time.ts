/**
 * CPU time of a process from /proc/<pid>/stat (Linux): user + system time. On a shared machine a
 * server's CPU time per request is steadier than its requests/s, which also depend on how much of
 * its core the other tenants leave it.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

let ticksPerS: number | undefined;

function clockTicksPerS(): number {
  if (ticksPerS === undefined) {
    try { ticksPerS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100; } catch { ticksPerS = 100; }
  }
  return ticksPerS;
}

/** utime + stime in clock ticks from the text of /proc/<pid>/stat (fields 14 and 15; the name may hold spaces and parentheses). */
export function procStatCpuTicks(text: string): number {
  const rest = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // rest[0] is field 3 (state); utime is field 14, stime field 15.
  const utime = Number(rest[11]), stime = Number(rest[12]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime)) throw new Error(`cannot read CPU times from '${text.slice(0, 80)}…'`);
  return utime + stime;
}

/** CPU seconds used so far by `pid` (or by its thread `tid`), or NaN when it cannot be read (no /proc, process gone). */
export function cpuSeconds(pid: number | undefined, tid?: number): number {
  if (pid === undefined) return NaN;
  try {
    return procStatCpuTicks(readFileSync(tid === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${tid}/stat`, 'utf8')) / clockTicksPerS();
  } catch {
    return NaN;
  }
}

/**
 * Follows a short-lived process's CPU time by sampling every `everyMs` (it cannot be read once the
 * process has exited): `stop()` returns the last reading, which misses at most `everyMs` of it.
 */
export function followCpu(pid: number | undefined, everyMs = 100): { stop(): number } {
  let last = cpuSeconds(pid);
  const timer = setInterval(() => {
    const x = cpuSeconds(pid);
    if (!Number.isNaN(x)) last = x;
  }, everyMs);
  return { stop: () => { clearInterval(timer); return last; } };
}
