/**
 * Store benchmark (project issue #4, item 3): the embedded series store fed the value mix
 * (bench/store/series-mix.ts: 60 % constant, 25 % noisy full-precision rates, 10 % rare-changing
 * statuses, 5 % gauges with 2 decimals) for 100k variables (10k quick) at a 60 s grid over 26.5
 * hours of synthetic time, one flush per step. It reports steady ingest, bytes on disk per point,
 * a lossless check of every value, read latency over 24 h, and last/min/max/top-10 over every
 * variable for the last hour, then the retention's prune of the oldest hours. One run happens in a process of its own (store-measure.ts) on a
 * fresh temporary directory.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Bench, BenchOptions, Figure } from '../harness/bench.js';
import { nodeArgs, RESULT, runPinned } from '../harness/process.js';
import type { StoreResult } from './store-measure.js';

const SCRIPT = fileURLToPath(new URL('./store-measure.js', import.meta.url));

async function measure(slots: number, hours: number): Promise<StoreResult> {
  // No dot in the name: lmdb-js takes a path with an extension for a file, not a directory.
  const dir = mkdtempSync(join(tmpdir(), 'store-bench-'));
  try {
    const [cmd, a] = nodeArgs(SCRIPT, ['--slots', String(slots), '--hours', String(hours), '--dir', dir], ['--expose-gc']);
    const r = await runPinned(undefined, cmd, a, { timeoutMs: 1_800_000, passStderr: true });
    const line = r.stdout.split('\n').find((l) => l.startsWith(RESULT));
    if (r.code !== 0 || !line) throw new Error(`store measurement exited with ${r.code}: ${r.stdout}`);
    return JSON.parse(line.slice(RESULT.length)) as StoreResult;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const cpus = availableParallelism();
const perPoint = (bytes: number, points: number) => Math.round((bytes / points) * 1000) / 1000;

/** Ingest time per steady hour by phase. */
function profile(r: StoreResult): string {
  const p = r.profileMs, total = p.append + p.blobFlush + p.closeFlush;
  const part = (ms: number, what: string) => `${what} ${Math.round(ms / p.hours)} ms (${Math.round((100 * ms) / total)} %)`;
  return [part(p.append, 'appendStep into the head'), part(p.blobFlush, '59 flushes of step blobs (write + fsync)'), part(p.closeFlush, 'the flush that closes the previous hour into chunks')].join(', ');
}

async function run(o: BenchOptions): Promise<Figure[]> {
  const slots = o.scale === 'full' ? 100_000 : 10_000;
  const hours = 26;
  o.log(`${slots.toLocaleString('en-US')} variables × ${hours}.5 h at a 60 s grid`);
  const r = await measure(slots, hours);

  // Steady-state file growth: from the end of hour `steadyFrom` (step blobs of one hour already
  // written and freed once, so their pages are reused) to the end of the last full hour.
  const f = r.fileBytesPerHour;
  const growthHours = f.length - 1 - r.steadyFrom;
  const growthPerHour: number[] = [];
  for (let h = r.steadyFrom + 1; h < f.length; h++) growthPerHour.push(perPoint(f[h] - f[h - 1], r.pointsPerHour));
  const slope = perPoint(f[f.length - 1] - f[r.steadyFrom], r.pointsPerHour * growthHours);
  const classes = (['idle', 'busy', 'status', 'gauge'] as const).map((c) => {
    const b = r.chunkBytes[c];
    return `${c} ${perPoint(b.bytes, b.points)} B/point (${Math.round(b.bytes / b.chunks)} B/chunk, ${Math.round((100 * b.points) / r.chunkBytes.all.points)} % of points)`;
  });
  const vars = `${r.slots.toLocaleString('en-US')} variables`;
  return [
    {
      name: 'store ingest, steady (append + flush + hour close)', unit: 'points/s', samples: r.ingestPerHour,
      target: { op: '>=', value: 3_000_000 },
      note: `one sample per hour from the third on (${r.ingestPerHour.length} hours); time in appendStep and flush (one durable flush per 60 s step, hour closes included), value generation excluded; longest flush ${Math.round(r.worstFlushMs)} ms. Where the time goes, per hour: ${profile(r)}`,
    },
    {
      name: 'store disk: data.mdb growth per steady hour ÷ points per hour', unit: 'bytes/point', samples: growthPerHour,
      target: { op: '<=', value: 4 },
      note: `file growth from the end of hour ${r.steadyFrom} to hour ${f.length - 1} (${growthHours} hours, ${slope} bytes/point overall); by then each hour's step blobs reuse the pages freed by the previous hour's, so the growth is what an hour costs for good: its chunks, its rollup value, LMDB page overhead`,
    },
    {
      name: 'store disk: chunk + hour-rollup pages ÷ points in closed hours', unit: 'bytes/point', samples: [perPoint(r.pages.chunks + r.pages.hourRollups, r.pointsClosed)],
      note: `LMDB pages of the chunks table ${perPoint(r.pages.chunks, r.pointsClosed)} + the hour-rollup table ${perPoint(r.pages.hourRollups, r.pointsClosed)} bytes/point (${r.pointsClosed.toLocaleString('en-US')} points in closed hours)`,
    },
    {
      name: 'store disk: encoded chunk bytes ÷ points', unit: 'bytes/point', samples: [perPoint(r.chunkBytes.all.bytes, r.chunkBytes.all.points)],
      note: `chunk values alone, without keys and pages; by class: ${classes.join('; ')}`,
    },
    {
      name: 'store disk: data.mdb at the end ÷ every point appended', unit: 'bytes/point', samples: [perPoint(r.fileBytesEnd, r.points)],
      note: `${(r.fileBytesEnd / 1e6).toFixed(0)} MB for ${r.points.toLocaleString('en-US')} points; includes the step blobs of the open hour and the free pages left by the last closed hour's blobs (about ${perPoint(r.pages.steps, r.headPoints || 1)} bytes per head point, a fixed cost of about one hour of raw points, not a per-point cost)`,
    },
    {
      name: 'store lossless: values read back differing', unit: 'values', samples: [r.mismatches],
      target: { op: '<=', value: 0 },
      note: `every value of every variable (${r.checked.toLocaleString('en-US')} values) read back and compared bit for bit with the generated mix in ${(r.checkMs / 1000).toFixed(1)} s`,
    },
    {
      name: 'store read 1 variable × 24 h, p99', unit: 'ms', samples: r.readOneP99Ms, target: { op: '<=', value: 2 },
      note: `p99 of 400 reads of random variables per sample (5 samples), 1,440 points each, issued one at a time after a 1 ms pause (as requests reach a server, not a CPU-bound loop); p50 ${r.readOneP50Ms.toFixed(3)} ms`,
    },
    {
      name: 'store read 10 variables × 24 h, p99', unit: 'ms', samples: r.readTenP99Ms, target: { op: '<=', value: 10 },
      note: `p99 of 200 queries of 10 random variables per sample (5 samples), each after a 1 ms pause; p50 ${r.readTenP50Ms.toFixed(3)} ms`,
    },
    {
      name: 'store read 1 variable × 24 h, p99 CPU time', unit: 'ms', samples: r.readOneCpuP99Ms,
      note: `the reads above timed in process CPU time instead of wall time: what a read costs when the process is not preempted (load average at the end ${r.loadAverage.map((x) => x.toFixed(1)).join(' / ')} on ${cpus} cores)`,
    },
    {
      name: 'store read 10 variables × 24 h, p99 CPU time', unit: 'ms', samples: r.readTenCpuP99Ms,
    },
    ...(r.readOneOnCpuP99Ms.length === 0 ? [] : [
      {
        name: 'store read 1 variable × 24 h, p99 wall minus run-queue wait', unit: 'ms', samples: r.readOneOnCpuP99Ms,
        note: `wall time of each read minus the time its thread was runnable but waiting for a CPU (/proc/thread-self/schedstat); ${Math.round(r.readOneWaitedShare * 1000) / 10} % of the 1-variable reads and ${Math.round(r.readTenWaitedShare * 1000) / 10} % of the 10-variable queries waited more than 0.1 ms for a CPU, which is what puts the wall p99 where it is on a shared machine`,
      },
      { name: 'store read 10 variables × 24 h, p99 wall minus run-queue wait', unit: 'ms', samples: r.readTenOnCpuP99Ms },
    ]),
    {
      name: `store last/min/max/top-10 over ${vars}, last hour`, unit: 'ms', samples: r.rollupMs, target: { op: '<=', value: 100 },
      note: `rollup of every variable from per-chunk rollups: the previous closed hour's rollup value and the open hour's running rollups (30 min), then the top 10 by max; top-10 slots ${r.top10.join(',')}`,
    },
    {
      name: `store last/min/max/top-10 over ${vars}, exact window now − 1 h … now`, unit: 'ms', samples: r.rollupExactMs,
      note: 'the same with a window starting inside a closed hour: that partial hour is read point by point from its chunks (no target; per-chunk rollups answer at hour granularity)',
    },
    {
      name: `store retention: prune ${r.prune.hours} closed hours of ${vars}`, unit: 'ms', samples: [Math.round(r.prune.ms)],
      note: `pruneBefore (series retention) removing ${r.prune.hours} hours, ${(r.prune.bytes / 1e6).toFixed(1)} MB of chunks and rollup values, in transactions of 4096 keys while a step was appended and flushed after each other: ${r.prune.flushesDuring} flushes served meanwhile, the longest ${r.prune.worstFlushMs.toFixed(1)} ms; longest event-loop stall during the prune ${r.prune.maxStallMs.toFixed(1)} ms`,
    },
    {
      name: 'store retention: longest event-loop stall while pruning', unit: 'ms', samples: [Math.round(r.prune.maxStallMs * 10) / 10],
    },
  ];
}

export const storeBench: Bench = {
  name: 'store',
  title: 'embedded series store: ingest, bytes/point, lossless, 24 h reads, last-hour rollups (issue #4 item 3)',
  run,
};
