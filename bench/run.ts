/**
 * `npm run bench` — runs every registered benchmark, prints one table and records the run in
 * bench/RESULTS.md (newest first).
 *
 *   npm run bench                                  quick scale (a smoke run: no pass/miss)
 *   npm run bench -- --full                        full scale: pass/miss against the targets
 *   npm run bench -- --full --only api,memory      some benchmarks only
 *   npm run bench -- --no-record                   print only, leave RESULTS.md alone
 *
 * No benchmark is a test assertion: a miss is reported here and explained in RESULTS.md.
 */
import { fileURLToPath } from 'node:url';
import type { Bench, Figure, Scale } from './harness/bench.js';
import { pinningNote } from './harness/process.js';
import { appendRun, runInfo, runSection } from './harness/results.js';
import { formatTable, rowOf, type Row } from './harness/table.js';
import { RESULTS_HEADER } from './harness/results-header.js';
import { alertsBench } from './alerts/alerts-bench.js';
import { apiBench } from './api/api-bench.js';
import { collectorBench, faultsBench } from './collector/collector-bench.js';
import { devicePanelBench } from './device-panel/device-panel-bench.js';
import { discoveryBench } from './discovery/discovery-bench.js';
import { authBench } from './api/auth-bench.js';
import { loginStormBench } from './api/login-storm.js';
import { mapsBench } from './maps/maps-bench.js';
import { promBench } from './api/prom-bench.js';
import { remoteBench } from './remote/remote-bench.js';
import { assignmentBench } from './remote/assignment-bench.js';
import { memoryBench } from './memory/memory-bench.js';
import { storeBench } from './store/store-bench.js';
import { svcqlBench } from './svcql/svcql-bench.js';
import { uiMapBench } from './ui/map-paint.js';
import { uiOverviewBench } from './ui/overview-paint.js';

/** Every benchmark, one per line, in run order. Add yours here. */
const BENCHES: readonly Bench[] = [
  collectorBench,
  faultsBench,
  discoveryBench,
  apiBench,
  authBench,
  loginStormBench,
  memoryBench,
  storeBench,
  svcqlBench,
  mapsBench,
  alertsBench,
  promBench,
  devicePanelBench,
  uiMapBench,
  uiOverviewBench,
  remoteBench,
  assignmentBench,
];

interface Args { scale: Scale; only: string[] | null; record: boolean }

function parseArgs(argv: readonly string[]): Args | string {
  const a: Args = { scale: 'quick', only: null, record: true };
  for (let i = 0; i < argv.length; i++) {
    const x = argv[i];
    if (x === '--full') a.scale = 'full';
    else if (x === '--quick') a.scale = 'quick';
    else if (x === '--no-record') a.record = false;
    else if (x === '--only' && i + 1 < argv.length) a.only = argv[++i].split(',').map((s) => s.trim()).filter((s) => s !== '');
    else if (x.startsWith('--only=')) a.only = x.slice(7).split(',').map((s) => s.trim()).filter((s) => s !== '');
    else return `unknown argument '${x}' (use --full, --quick, --only a,b, --no-record)`;
  }
  const names = BENCHES.map((b) => b.name);
  const unknown = (a.only ?? []).filter((n) => !names.includes(n));
  if (unknown.length > 0) return `unknown benchmark(s) ${unknown.join(', ')}; known: ${names.join(', ')}`;
  return a;
}

/** The command as the user typed it, as far as it can be known. */
function commandLine(argv: readonly string[]): string {
  const rest = argv.join(' ');
  if (process.env.npm_lifecycle_event === 'bench') return `npm run bench${rest === '' ? '' : ' -- ' + rest}`;
  return `node dist/bench/run.js${rest === '' ? '' : ' ' + rest}`;
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const args = parseArgs(argv);
  if (typeof args === 'string') {
    process.stderr.write(args + '\n');
    return 2;
  }
  const log = (line: string) => process.stderr.write(`  ${line}\n`);
  const rows: Row[] = [];
  const notes: string[] = [pinningNote()];
  for (const b of BENCHES) {
    if (args.only && !args.only.includes(b.name)) continue;
    process.stderr.write(`[${b.name}] ${b.title} (${args.scale})\n`);
    let figures: Figure[];
    try {
      figures = await b.run({ scale: args.scale, log });
    } catch (e) {
      const msg = (e as Error).stack ?? String(e);
      process.stderr.write(`[${b.name}] FAILED: ${msg}\n`);
      rows.push({ bench: b.name, figure: `failed: ${(e as Error).message.split('\n')[0]}`, median: '', range: '', target: '', verdict: 'miss' });
      continue;
    }
    for (const f of figures) {
      rows.push(rowOf(b.name, f, args.scale));
      if (f.note) notes.push(`${b.name} / ${f.name}: ${f.note}`);
    }
  }
  const table = formatTable(rows);
  process.stdout.write(`\n${table}\n\n${notes.map((n) => `- ${n}`).join('\n')}\n`);
  if (args.record) {
    const path = fileURLToPath(new URL('../../bench/RESULTS.md', import.meta.url));
    appendRun(path, RESULTS_HEADER, runSection(runInfo(commandLine(argv), args.scale), table, notes));
    process.stderr.write(`recorded in bench/RESULTS.md\n`);
  }
  return 0;
}

main().then((code) => { process.exitCode = code; }, (e) => { process.stderr.write(`${(e as Error).stack}\n`); process.exitCode = 1; });
