/**
 * Where the time goes: summarises a V8 `.cpuprofile` (written by `node --cpu-prof`) as self time
 * per function, largest first. `npm run bench` passes `--cpu-prof` to server children when the
 * environment variable BENCH_CPU_PROF_DIR names a directory.
 *
 *   node dist/bench/harness/cpu-profile.js <file.cpuprofile> [top=25] [--under <text>]
 *
 * `--under graph-data.js` keeps only samples with a frame whose function name or file contains
 * the text (e.g. the time spent answering graph calls, without the store fill before it).
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
export interface CpuProfile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }

export interface SelfTime { readonly fn: string; readonly ms: number; readonly share: number }

/** Node flags that make a child write its profile into `dir` at exit (none when dir is undefined). */
export const cpuProfFlags = (dir: string | undefined): string[] => (dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : []);

/**
 * Self time per function (name + file:line), largest first; `share` of all sampled time (idle
 * included), or with `under`, of the samples whose stack has a frame containing that text.
 */
export function selfTimes(p: CpuProfile, under?: string): SelfTime[] {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inside = new Map<number, boolean>();
  const isUnder = (id: number): boolean => {
    if (under === undefined) return true;
    const known = inside.get(id);
    if (known !== undefined) return known;
    const f = byId.get(id)?.callFrame;
    const up = parent.get(id);
    const v = (f !== undefined && (f.functionName.includes(under) || f.url.includes(under))) || (up !== undefined && isUnder(up));
    inside.set(id, v);
    return v;
  };
  const ms = new Map<string, number>();
  let total = 0;
  for (let i = 0; i < p.samples.length; i++) {
    const n = byId.get(p.samples[i]);
    if (!n || !isUnder(n.id)) continue;
    const dt = (p.timeDeltas[i] ?? 0) / 1000;
    total += dt;
    const f = n.callFrame;
    const file = f.url === '' ? '' : ` ${f.url.replace(/^.*\/(dist|node_modules)\//, '$1/')}:${f.lineNumber + 1}`;
    const key = `${f.functionName || '(anonymous)'}${file}`;
    ms.set(key, (ms.get(key) ?? 0) + dt);
  }
  return [...ms].map(([fn, t]) => ({ fn, ms: t, share: total > 0 ? t / total : 0 })).sort((a, b) => b.ms - a.ms);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const file = process.argv[2];
  if (!file) {
    process.stderr.write('usage: node dist/bench/harness/cpu-profile.js <file.cpuprofile> [top]\n');
    process.exit(2);
  }
  const at = process.argv.indexOf('--under');
  const under = at > 0 ? process.argv[at + 1] : undefined;
  const rest = process.argv.slice(3).filter((_, i, a) => a[i] !== '--under' && a[i - 1] !== '--under');
  const top = Number(rest[0] ?? 25);
  for (const s of selfTimes(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile, under).slice(0, top)) {
    process.stdout.write(`${(100 * s.share).toFixed(1).padStart(5)}%  ${s.ms.toFixed(0).padStart(7)} ms  ${s.fn}\n`);
  }
}
