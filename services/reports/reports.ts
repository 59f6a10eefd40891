import type { Dirent } from 'node:fs';
import { mkdir, open, readdir, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../../core/errors.js';
import { defaultReports, type ReportsConfig } from '../../core/config-reports.js';
import type { TaskInfo } from '../../core/ports/tasks.js';
import type { ServiceDeps } from '../deps.js';
import { buildReport } from './report-build.js';
import { folderFileSize, readFolderFile } from './folder-file.js';
import {
  CONTENT_TYPES, REPORT_CATEGORIES, isCategory, parseReportFile, reportName, type ReportCategory, type ReportFileName,
} from './report-names.js';
import { nextDueMs } from './report-schedule.js';
import { selectReports, type ReportListQuery, type ReportCountQuery } from './report-query.js';
import type { ReportFileInfo, ReportItem, ReportStatus } from './report-item.js';
import type { WorkGates } from '../work-gates.js';

interface ReportRun {
  readonly name: string;
  readonly task: TaskInfo;
}

/** Runs kept in memory (running and failed ones are listed from here); finished ones are on disk. */
const MAX_RUNS = 200;
/** The scheduler looks again at least this often, so that a reloaded `reports.schedule` applies soon. */
const SCHEDULE_RECHECK_MS = 60_000;

interface RunRecord {
  name: string; category: ReportCategory; network: number; createdAt: number; taskId: number; status: ReportStatus; error: string;
}

/**
 * Report files in `<server.dataDir>/reports/` (services/reports/report-names.ts: names and metadata), made
 * by runs: on demand (`run`, a background task of the TasksPort answered at once) or on the
 * `reports.schedule` (every category of every network; `start`/`stop` by app.ts). After each run
 * the network's runs of that category beyond `reports.keep` are deleted, oldest first. A file is
 * written piece by piece (report-format.ts ROWS_PER_CHUNK rows at a time) to a temporary name and
 * renamed, so a listed file is always whole and a large report is never one string in memory.
 * The scheduled runs of a tick run one after another (each begins when the previous one ended).
 */
export class ReportService {
  private readonly runs: RunRecord[] = [];
  private timer: NodeJS.Timeout | null = null;
  private lastCheckMs = 0;
  private stopped = true;
  /** The scheduled runs queued or running: each tick's runs are chained after the previous ones. */
  private scheduled: Promise<void> = Promise.resolve();

  /** Config keys read at each tick and run of the schedule through the holder: a reload applies them with the swap (core/config-applier.ts). */
  static readonly configKeys: readonly string[] = ['reports'];

  /** `gates`: the on-demand runs' gate (`limits.reportRuns`); absent (unit tests), runs are not gated. */
  constructor(private readonly deps: ServiceDeps, private readonly gates?: WorkGates) {}

  get dir(): string { return join(this.deps.config().server.dataDir, 'reports'); }
  private settings(): ReportsConfig { return this.deps.config().reports ?? defaultReports(); }

  /**
   * Starts the schedule (idempotent): every tick (at the next due time, and at least every minute,
   * so a reloaded schedule applies soon) runs every category of every network when a due time of
   * `reports.schedule` passed since the previous tick, one run after another (so that a tick does not
   * build every report of every network at once). Runs missed while the server was down are not made
   * up; after `stop()` the queued scheduled runs are not begun.
   */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.lastCheckMs = this.deps.clock.nowMs();
    this.arm();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private arm(): void {
    if (this.stopped) return;
    const now = this.deps.clock.nowMs();
    const due = nextDueMs(this.settings().schedule, now);
    const wait = due === null ? SCHEDULE_RECHECK_MS : Math.min(Math.max(0, due - now), SCHEDULE_RECHECK_MS);
    this.timer = setTimeout(() => this.tick(), wait);
    this.timer.unref();
  }

  private tick(): void {
    this.timer = null;
    if (this.stopped) return;
    const now = this.deps.clock.nowMs();
    const due = nextDueMs(this.settings().schedule, this.lastCheckMs);
    this.lastCheckMs = now;
    if (due !== null && due <= now) {
      const queue: [number, ReportCategory][] = [];
      for (const n of this.deps.collector.networks.list()) for (const c of REPORT_CATEGORIES) queue.push([n.id, c]);
      this.deps.logger.info('scheduled reports', { dueAt: new Date(due).toISOString(), runs: queue.length });
      this.scheduled = this.scheduled.then(async () => {
        for (const [netId, cat] of queue) {
          if (this.stopped) return;
          try {
            await this.begin(netId, cat, 'schedule').done;
          } catch (e) {
            // A network removed by a reload since the tick: its runs are skipped.
            this.deps.logger.warn('scheduled report not run', { network: netId, category: cat, error: (e as Error).message });
          }
        }
      });
    }
    this.arm();
  }

  /**
   * Begins a run of `category` for the network as a background task; answers at once. On-demand runs
   * pass the gate `limits.reportRuns` under `callerKey` (services/work-gates.ts): at most maxRunning
   * build at once, at most maxQueued wait (their task `queued`), at most maxPerCaller per caller;
   * past a bound the call throws RATE_LIMITED (429) or SERVER_BUSY (503) and nothing is begun.
   * Throws UNKNOWN_NETWORK, UNKNOWN_REPORT (category).
   */
  run(netId: number, category: string, user: string, callerKey: string = user): ReportRun {
    return this.begin(netId, needCategory(category), user, callerKey).run;
  }

  /** The scheduled runs are not gated: they run one after another by construction. */
  private begin(netId: number, cat: ReportCategory, user: string, callerKey: string | null = null): { run: ReportRun; done: Promise<void> } {
    const net = this.deps.collector.networks.get(netId);
    if (!net) throw new AppError('UNKNOWN_NETWORK', `no network ${netId}`);
    // Admission first (a refusal records nothing); the work itself begins on a later turn of the
    // event loop, once the run below is recorded.
    let body: (() => Promise<void>) | null = null;
    const later = async (): Promise<void> => { await new Promise<void>((r) => setImmediate(r)); await body!(); };
    const done = callerKey !== null && this.gates ? this.gates.gate('reportRuns').start(callerKey, later) : later();
    let createdAt = this.deps.clock.nowMs();
    // Two runs of one category in the same millisecond would share a name: the later one moves on.
    while (this.runs.some((r) => r.network === netId && r.category === cat && r.createdAt === createdAt)) createdAt++;
    const name = reportName(cat, netId, createdAt);
    const task = this.deps.collector.tasks.begin(netId, 'action', `report ${cat} (${name})`, user);
    const rec: RunRecord = { name, category: cat, network: netId, createdAt, taskId: task.id, status: 'running', error: '' };
    this.runs.push(rec);
    if (this.runs.length > MAX_RUNS) {
      // Forget the oldest run that has ended (running ones stay listed until they end).
      const ended = this.runs.findIndex((r) => r.status !== 'running');
      if (ended >= 0) this.runs.splice(ended, 1);
    }
    const log = this.deps.logger;
    body = () => new Promise<void>((resolve) => {
      task.start();
      void (async () => {
        const content = await buildReport(this.deps, cat, netId, net.name, createdAt);
        task.progress(50, `${content.rows} rows`);
        await mkdir(this.dir, { recursive: true });
        for (const [format, pieces] of [['csv', content.csv()], ['html', content.html()]] as const) {
          const file = join(this.dir, `${name}.${format}`);
          await writePieces(`${file}.tmp`, pieces);
          await rename(`${file}.tmp`, file);
        }
        const removed = await this.prune(netId, cat);
        rec.status = 'completed';
        log.info('report written', { report: name, rows: content.rows, removedOld: removed });
        task.complete({ name, rows: content.rows, files: [`${name}.csv`, `${name}.html`] });
      })().catch((err: unknown) => {
        rec.status = 'failed';
        rec.error = err instanceof Error ? err.message : String(err);
        log.error('report failed', { report: name, network: netId, error: rec.error });
        task.fail(rec.error);
      }).finally(resolve);
    });
    return { run: { name, task: this.deps.collector.tasks.get(netId, task.id)! }, done };
  }

  /** Deletes the network's runs of `category` beyond `reports.keep`, oldest first; the number of runs removed. */
  private async prune(netId: number, category: ReportCategory): Promise<number> {
    const keep = this.settings().keep;
    const mine = (await this.files()).filter((f) => f.networkId === netId && f.category === category);
    const names = [...new Set(mine.sort((a, b) => b.createdAtMs - a.createdAtMs).map((f) => f.name))];
    const old = new Set(names.slice(keep));
    for (const f of mine) if (old.has(f.name)) await unlink(join(this.dir, f.fileName)).catch(() => undefined);
    return old.size;
  }

  /**
   * Every report file in the directory: regular files named as reports (other names, symbolic
   * links, directories, FIFOs… ignored); none when the directory does not exist yet.
   */
  async files(): Promise<ReportFileName[]> {
    let entries: Dirent[];
    try { entries = await readdir(this.dir, { withFileTypes: true }); } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw e;
    }
    const out: ReportFileName[] = [];
    for (const d of entries) {
      if (!d.isFile()) continue;
      const f = parseReportFile(d.name);
      if (f) out.push(f);
    }
    return out;
  }

  /** Every report of the network and category: finished ones from the files, running and failed ones from memory. */
  async items(netId: number, category: string): Promise<ReportItem[]> {
    const cat = needCategory(category);
    const byName = new Map<string, { f: ReportFileName[] }>();
    for (const f of await this.files()) {
      if (f.networkId !== netId || f.category !== cat) continue;
      let e = byName.get(f.name);
      if (!e) byName.set(f.name, e = { f: [] });
      e.f.push(f);
    }
    const items: ReportItem[] = [];
    for (const [name, { f }] of byName) {
      const files: ReportFileInfo[] = [];
      for (const x of f.sort((a, b) => a.format.localeCompare(b.format))) {
        const size = await folderFileSize(this.dir, x.fileName) ?? -1;
        if (size >= 0) files.push({ fileName: x.fileName, format: x.format, contentType: CONTENT_TYPES[x.format], sizeBytes: size, href: `/reports/${x.fileName}` });
      }
      if (files.length === 0) continue;
      const run = this.runs.find((r) => r.name === name);
      items.push({
        id: name, name, category: cat, network: netId, status: 'completed', createdAt: f[0]!.createdAtMs,
        sizeBytes: files.reduce((s, x) => s + x.sizeBytes, 0), files, taskId: run?.taskId ?? null, error: '',
      });
    }
    for (const r of this.runs) {
      if (r.network !== netId || r.category !== cat || r.status === 'completed' || byName.has(r.name)) continue;
      items.push({ id: r.name, name: r.name, category: cat, network: netId, status: r.status, createdAt: r.createdAt, sizeBytes: 0, files: [], taskId: r.taskId, error: r.error });
    }
    return items;
  }

  /** The 3.0 list (report-query.ts says what each parameter does). */
  async list(netId: number, category: string, q: ReportListQuery): Promise<{ network: number; category: string; total: number; offset: number; limit: number; reports: Record<string, unknown>[] }> {
    const items = await this.items(netId, category);
    const { total, page } = selectReports(items, q);
    return { network: netId, category, total, offset: q.offset, limit: q.limit, reports: page };
  }

  /** The 3.0 count: how many the same list call would answer (`count`) and how many match before offset and limit (`total`). */
  async count(netId: number, category: string, q: ReportCountQuery): Promise<{ network: number; category: string; count: number; total: number }> {
    const items = await this.items(netId, category);
    const { total, page } = selectReports(items, { ...q, from: null, until: null, sort: 'createdAt', desc: true, fields: null, mostRecent: false });
    return { network: netId, category, count: page.length, total };
  }

  /** One report by name (= id) or by the id of the task that made it; UNKNOWN_REPORT otherwise. */
  async get(netId: number, category: string, nameOrId: string): Promise<ReportItem> {
    const items = await this.items(netId, category);
    const byTask = /^[0-9]{1,15}$/.test(nameOrId) ? Number(nameOrId) : null;
    const it = items.find((i) => i.name === nameOrId || (byTask !== null && i.taskId === byTask));
    if (!it) throw new AppError('UNKNOWN_REPORT', `no ${category} report '${nameOrId.slice(0, 80)}' in network ${netId}`);
    return it;
  }

  /** The legacy list (docs/api.md "Reports"): every report file of the network, newest first. */
  async legacyList(netId: number): Promise<{ fileName: string; createdAt: number }[]> {
    return (await this.files()).filter((f) => f.networkId === netId)
      .sort((a, b) => b.createdAtMs - a.createdAtMs || a.fileName.localeCompare(b.fileName))
      .map((f) => ({ fileName: f.fileName, createdAt: f.createdAtMs }));
  }

  /** Every report file of every network, newest first (the HTML list). */
  async allFiles(): Promise<ReportFileName[]> {
    return (await this.files()).sort((a, b) => b.createdAtMs - a.createdAtMs || a.fileName.localeCompare(b.fileName));
  }

  /**
   * A report file's bytes and content type; UNKNOWN_REPORT for a name that is not a report file's
   * (traversal attempts included), that does not exist, or that is not a regular file in the
   * folder (a symbolic link, a directory, a FIFO…: services/reports/folder-file.ts).
   */
  async read(fileName: string): Promise<{ body: Buffer; contentType: string }> {
    const f = parseReportFile(fileName);
    const unknown = (): AppError => new AppError('UNKNOWN_REPORT', `no report file '${fileName.replace(/[\u0000-\u001f\u007f]/g, '?').slice(0, 120)}'`);
    if (!f) throw unknown();
    const body = await readFolderFile(this.dir, f.fileName);
    if (body === null) throw unknown();
    return { body, contentType: CONTENT_TYPES[f.format] };
  }
}

function needCategory(category: string): ReportCategory {
  if (!isCategory(category)) throw new AppError('UNKNOWN_REPORT', `unknown report category '${category.slice(0, 40)}'; one of ${REPORT_CATEGORIES.join(', ')}`);
  return category;
}

/** Writes `pieces` to a new file (mode 0644 as writeFile's), one write per piece; the file is closed, also on failure. */
async function writePieces(path: string, pieces: Iterable<string>): Promise<void> {
  const fh = await open(path, 'w');
  try {
    for (const piece of pieces) await fh.write(piece, null, 'utf8');
  } finally {
    await fh.close();
  }
}
