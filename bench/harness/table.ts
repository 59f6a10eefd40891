/** The results table: one row per figure — median, min–max, target, pass/miss. */
import type { Figure, Scale, Target } from './bench.js';
import { max, median, min } from './stats.js';

export type Verdict = 'pass' | 'miss' | 'quick' | '';

export interface Row {
  readonly bench: string;
  readonly figure: string;
  readonly median: string;
  readonly range: string;
  readonly target: string;
  readonly verdict: Verdict;
}

/** Pass/miss only at full scale (quick runs are smoke runs: 'quick'); '' for a figure without target. */
export function verdict(f: Figure, scale: Scale): Verdict {
  if (!f.target) return '';
  if (scale !== 'full') return 'quick';
  const m = median(f.samples);
  if (Number.isNaN(m)) return 'miss';
  return meets(m, f.target) ? 'pass' : 'miss';
}

export const meets = (value: number, t: Target): boolean => (t.op === '>=' ? value >= t.value : value <= t.value);

/** Three significant figures, no exponent below 1e9; integers ≥ 1000 as integers with thin grouping. */
export function formatNumber(x: number): string {
  if (Number.isNaN(x)) return '–';
  if (!Number.isFinite(x)) return x > 0 ? '∞' : '−∞';
  const a = Math.abs(x);
  if (a >= 1000) return Math.round(x).toLocaleString('en-US');
  if (a === 0) return '0';
  return String(Number(x.toPrecision(3)));
}

export function rowOf(bench: string, f: Figure, scale: Scale): Row {
  const unit = f.unit === '' ? '' : ` ${f.unit}`;
  const lo = min(f.samples), hi = max(f.samples);
  return {
    bench,
    figure: f.name,
    median: formatNumber(median(f.samples)) + unit,
    range: f.samples.length > 1 ? `${formatNumber(lo)}–${formatNumber(hi)}` : '',
    target: f.target ? `${f.target.op === '>=' ? '≥' : '≤'} ${formatNumber(f.target.value)}${unit}` : '',
    verdict: verdict(f, scale),
  };
}

const HEAD = ['bench', 'figure', 'median', 'min–max', 'target', 'pass/miss'];
const cells = (r: Row): string[] => [r.bench, r.figure, r.median, r.range, r.target, r.verdict];

/** A Markdown table (also readable as plain text: columns padded to equal width). */
export function formatTable(rows: readonly Row[]): string {
  const all = [HEAD, ...rows.map(cells)];
  const width = HEAD.map((_, c) => Math.max(...all.map((r) => [...r[c]].length)));
  const line = (r: string[]) => `| ${r.map((x, c) => x + ' '.repeat(width[c] - [...x].length)).join(' | ')} |`;
  const rule = `|${width.map((w) => '-'.repeat(w + 2)).join('|')}|`;
  return [line(HEAD), rule, ...rows.map((r) => line(cells(r)))].join('\n');
}
