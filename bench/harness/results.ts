/**
 * bench/RESULTS.md: a fixed header (how to run, what the figures mean), then one section per run,
 * newest first. A run is inserted right after the `<!-- runs -->` marker; everything below it is kept.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';

export const RUNS_MARKER = '<!-- runs: newest first; `npm run bench` inserts each run below this line -->';

export interface RunInfo {
  readonly dateIso: string;
  readonly commit: string;
  readonly cores: number;
  readonly cpuModel: string;
  readonly node: string;
  readonly command: string;
  readonly scale: string;
  /** 1, 5 and 15 min load averages when the run ended: how much other work shared the machine. */
  readonly loadAvg: readonly number[];
}

export function runInfo(command: string, scale: string): RunInfo {
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    if (dirty !== '') commit += ' (working tree modified)';
  } catch { /* not a git checkout */ }
  return {
    dateIso: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    commit,
    cores: availableParallelism(),
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
    node: process.version,
    command,
    scale,
    loadAvg: loadavg(),
  };
}

/** One run's section of RESULTS.md. */
export function runSection(info: RunInfo, table: string, notes: readonly string[]): string {
  const lines = [
    `### ${info.dateIso} — ${info.scale} scale`,
    '',
    `- command: \`${info.command}\``,
    `- commit: ${info.commit}; cores: ${info.cores} (${info.cpuModel}); Node ${info.node}; ` +
      `load average at the end ${info.loadAvg.map((x) => x.toFixed(1)).join(' / ')} (1 / 5 / 15 min)`,
    '',
    table,
  ];
  if (notes.length > 0) lines.push('', ...notes.map((n) => `- ${n}`));
  return lines.join('\n') + '\n';
}

/** Inserts `section` as the newest run; creates the file from `header` when it is missing. */
export function insertRun(text: string, section: string): string {
  const at = text.indexOf(RUNS_MARKER);
  if (at < 0) return `${text.trimEnd()}\n\n${RUNS_MARKER}\n\n${section}`;
  const head = text.slice(0, at + RUNS_MARKER.length);
  const rest = text.slice(at + RUNS_MARKER.length).replace(/^\n+/, '');
  return `${head}\n\n${section}${rest === '' ? '' : '\n' + rest}`;
}

export function appendRun(path: string, header: string, section: string): void {
  const text = existsSync(path) ? readFileSync(path, 'utf8') : `${header.trimEnd()}\n\n${RUNS_MARKER}\n`;
  writeFileSync(path, insertRun(text, section));
}
