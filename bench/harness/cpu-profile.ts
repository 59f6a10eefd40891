/**
 * Where the time goes: summarises a V8 `.cpuprofile` (written by `node --cpu-prof`) as self time
 * per function, largest first. `npm run bench` passes `--cpu-prof` to server children when the
 * environment variable BENCH_CPU_PROF_DIR names a directory.
 *
 *   node dist/bench/harness/cpu-profile.js <file.cpuprofile> [top=25] [--under <text>]
 *   node dist/bench/harness/cpu-profile.js <file.cpuprofile> --holds [--under <text>] [--after <s>] [--count <n>]   # the longest stretches without an idle sample
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

/** One stretch of the main thread without an idle sample: its start (ms into the profile), length and heaviest functions. */
export interface Hold { readonly startMs: number; readonly ms: number; readonly top: SelfTime[]; readonly inclusive: SelfTime[] }

/**
 * The longest stretches of consecutive samples that are not `(idle)` (the event loop held), longest
 * first: per stretch the functions by self time and by inclusive time (any frame of the stack);
 * with `under`, only the stretches with a frame whose function name or file contains that text;
 * with `afterMs`, only those that start that late into the profile (past a server's start-up).
 */
export function holds(p: CpuProfile, count = 10, per = 8, under?: string, afterMs = 0): Hold[] {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const name = (id: number): string => {
    const f = byId.get(id)!.callFrame;
    return `${f.functionName || '(anonymous)'}${f.url === '' ? '' : ` ${f.url.replace(/^.*\/(dist|node_modules)\//, '$1/')}:${f.lineNumber + 1}`}`;
  };
  const spans: { from: number; to: number; startMs: number; ms: number }[] = [];
  let t = 0, from = -1, startMs = 0, ms = 0;
  for (let i = 0; i <= p.samples.length; i++) {
    const dt = i < p.samples.length ? (p.timeDeltas[i] ?? 0) / 1000 : 0;
    t += dt;
    const idle = i === p.samples.length || byId.get(p.samples[i]!)?.callFrame.functionName === '(idle)';
    if (!idle) {
      if (from < 0) { from = i; startMs = t; ms = 0; }
      ms += i + 1 < p.samples.length ? (p.timeDeltas[i + 1] ?? 0) / 1000 : 0;
    } else if (from >= 0) { spans.push({ from, to: i, startMs, ms }); from = -1; }
  }
  const touches = (s: { from: number; to: number }): boolean => {
    if (under === undefined) return true;
    for (let i = s.from; i < s.to; i++) {
      for (let up: number | undefined = p.samples[i]!, k = 0; up !== undefined && k < 500; up = parent.get(up), k++) if (name(up).includes(under)) return true;
    }
    return false;
  };
  spans.sort((a, b) => b.ms - a.ms);
  return spans.filter((s) => s.startMs >= afterMs && touches(s)).slice(0, count).map((s) => {
    const self = new Map<string, number>(), incl = new Map<string, number>();
    for (let i = s.from; i < s.to; i++) {
      const dt = i + 1 < p.samples.length ? (p.timeDeltas[i + 1] ?? 0) / 1000 : 0;
      const id = p.samples[i]!;
      self.set(name(id), (self.get(name(id)) ?? 0) + dt);
      const seen = new Set<string>();
      for (let up: number | undefined = id, k = 0; up !== undefined && k < 500; up = parent.get(up), k++) {
        const nm = name(up);
        if (!seen.has(nm)) { seen.add(nm); incl.set(nm, (incl.get(nm) ?? 0) + dt); }
      }
    }
    const list = (m: Map<string, number>): SelfTime[] => [...m].map(([fn, v]) => ({ fn, ms: v, share: s.ms > 0 ? v / s.ms : 0 })).sort((a, b) => b.ms - a.ms);
    return { startMs: s.startMs, ms: s.ms, top: list(self).slice(0, per), inclusive: list(incl).filter((x) => x.fn.includes(':')).slice(0, per * 2) };
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href && process.argv.includes('--holds')) {
  const file = process.argv[2]!;
  const opt = (name: string): string | undefined => { const i = process.argv.indexOf(name); return i > 0 ? process.argv[i + 1] : undefined; };
  const after = Number(opt('--after') ?? 0) * 1000;
  for (const h of holds(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile, Number(opt('--count') ?? 10), 8, opt('--under'), after)) {
    process.stdout.write(`hold at ${(h.startMs / 1000).toFixed(3)} s: ${h.ms.toFixed(1)} ms\n`);
    for (const s of h.top) process.stdout.write(`   self ${s.ms.toFixed(1).padStart(7)} ms  ${s.fn}\n`);
    for (const s of h.inclusive) process.stdout.write(`   incl ${s.ms.toFixed(1).padStart(7)} ms  ${s.fn}\n`);
  }
} else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
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
