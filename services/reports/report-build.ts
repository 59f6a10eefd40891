import type { CollectorPorts } from '../../core/ports/index.js';
import type { Generation } from '../../core/types.js';
import type { SeriesStore } from '../../store/series/series.js';
import { hourStartOf } from '../../store/series/chunk-format.js';
import { TimeSlice } from '../../core/time-slice.js';
import { csvChunks, htmlChunks, type Cell, type HtmlSection, type RowSource } from './report-format.js';
import type { ReportCategory } from './report-names.js';

/**
 * One report's content: CSV always, HTML for a person to read, each as its text in pieces (written
 * to the file one after another: a large report is never one string); `rows` counts the CSV's data rows.
 */
interface ReportContent {
  csv(): Iterable<string>;
  html(): Iterable<string>;
  readonly rows: number;
}

interface ReportSources {
  readonly collector: CollectorPorts;
  readonly series: SeriesStore;
}

/**
 * The window of the utilisation report: the 24 hours before the run, its start moved back to the
 * start of its hour (utilisationFromMs), so that every hour but the current one is a whole stored
 * hour that the store answers from its hour rollup without reading any slot's points.
 */
const UTILISATION_WINDOW_MS = 24 * 3_600_000;
/** Interface slots per store rollup of the utilisation report; the event loop runs between two. */
export const UTILISATION_BATCH_SLOTS = 2048;
/**
 * Catalog instances looked at in one batch (the catalog makes a batch's instances at once); the run
 * lets the event loop turn between batches once it has run REPORT_SLICE_MS. The rows are made as
 * the files are written, report-format.ts ROWS_PER_CHUNK at a time.
 */
const UTILISATION_YIELD_EVERY = 500;
/**
 * The longest a report build holds the event loop at a time: 800 runs asked at once on a network of
 * 10,000 interfaces (some 150,000 instances) must leave pings under 50 ms (bench/api/report-storm.ts;
 * with 2,500 instances between turns, and no clock, a turn held it 60-100 ms).
 */
const REPORT_SLICE_MS = 8;

/** The start of the utilisation report's window for a run at `nowMs`: the start of the hour holding now − 24 h. */
const utilisationFromMs = (nowMs: number): number => hourStartOf(nowMs - UTILISATION_WINDOW_MS);


/** `list` in slices of `size` (a catalog without instanceBatches). */
function* inBatches<T>(list: readonly T[], size: number): Generator<readonly T[]> {
  for (let at = 0; at < list.length; at += size) yield list.slice(at, at + size);
}

const INVENTORY_HEADER = ['deviceId', 'name', 'address', 'vendor', 'model', 'serialNumber', 'os', 'sysObjectID', 'sysLocation', 'interfaces', 'tags'] as const;
export const UTILISATION_HEADER = [
  'deviceId', 'device', 'ifIndex', 'interface', 'speedBps',
  'inUtilMean', 'inUtilMax', 'outUtilMean', 'outUtilMax', 'inRateMean', 'inRateMax', 'outRateMean', 'outRateMax', 'samples',
] as const;
const DISCOVERY_HEADER = ['kind', 'generation', 'deviceId', 'device', 'address', 'peerDeviceId', 'peerDevice', 'detail'] as const;

/** The four series of a utilisation row, in column order (mean and max of each). */
const UTIL_VARS = ['ifInUtil', 'ifOutUtil', 'ifInRate', 'ifOutRate'] as const;

/** Rounds to 3 decimals (the CSV's precision); NaN for no data. */
const r3 = (v: number): number => Math.round(v * 1000) / 1000;

/** Builds the content of one report of `category` for network `netId` as of `nowMs`. Reads only; rejects with what the ports throw. */
export async function buildReport(src: ReportSources, category: ReportCategory, netId: number, netName: string, nowMs: number): Promise<ReportContent> {
  const when = new Date(nowMs).toISOString();
  switch (category) {
    case 'inventory': return inventory(src, netId, netName, when);
    case 'utilisation': return utilisation(src, netId, netName, nowMs, when);
    case 'discovery': return discovery(src, netId, netName, when);
  }
}

/** Every device of the inventory as it stands (the latest completed generation with the changes since). */
function inventory(src: ReportSources, netId: number, netName: string, when: string): ReportContent {
  const gen = src.collector.networks.generation(netId, {});
  const rows: Cell[][] = (gen?.devices ?? []).map((d) => [
    d.id, d.name, d.address, d.vendor, d.model, d.serialNumber, d.os ?? '', d.sysObjectID, d.sysLocation, d.interfaces.length, d.tags.join(';'),
  ]);
  rows.sort((a, b) => (a[0] as number) - (b[0] as number));
  return {
    csv: () => csvChunks(INVENTORY_HEADER, rows), rows: rows.length,
    html: () => htmlChunks(`Device inventory — ${netName}`, `Network ${netId}, generation ${gen?.number ?? 'none'}, ${rows.length} devices, made ${when}`,
      [{ title: 'Devices', header: INVENTORY_HEADER, rows }]),
  };
}

/**
 * Per interface (every interface with one of ifInUtil, ifOutUtil, ifInRate, ifOutRate): mean
 * (sum / count) and max of each over [utilisationFromMs(now), now] from the store's rollups, 3
 * decimals; empty cells where the series has no point in the window. `samples`: points of ifInRate
 * in the window. The rollups are asked in batches of UTILISATION_BATCH_SLOTS slots, yielding to the
 * event loop between batches.
 */
async function utilisation(src: ReportSources, netId: number, netName: string, nowMs: number, when: string): Promise<ReportContent> {
  const byIf = new Map<string, { deviceId: number; device: string; index: number; name: string; slots: number[]; at: number[] }>();
  // Only the four variables' instances are made, UTILISATION_YIELD_EVERY of the catalog's list at
  // a time (making all of them at once held the loop some 150-200 ms on 10,000 interfaces).
  const catalog = src.collector.catalog;
  const batches = catalog.instanceBatches
    ? catalog.instanceBatches(netId, UTILISATION_YIELD_EVERY, UTIL_VARS)
    : inBatches(catalog.instances(netId), UTILISATION_YIELD_EVERY);
  const slice = new TimeSlice(REPORT_SLICE_MS);
  for (const part of batches) {
    await slice.turn();
    for (const v of part) {
      const col = (UTIL_VARS as readonly string[]).indexOf(v.name);
      if (col < 0) continue;
      const key = `${v.deviceId}/${v.index}`;
      let e = byIf.get(key);
      if (!e) byIf.set(key, e = { deviceId: v.deviceId, device: v.deviceName, index: v.index, name: v.componentName, slots: [-1, -1, -1, -1], at: [-1, -1, -1, -1] });
      e.slots[col] = v.slot;
    }
  }
  const ifs = [...byIf.values()].sort((a, b) => a.deviceId - b.deviceId || a.index - b.index);
  // Every interface's slots in one list (each slot's position kept: no map from slot to position).
  const slots: number[] = [];
  for (const e of ifs) e.slots.forEach((s, col) => { if (s >= 0) { e.at[col] = slots.length; slots.push(s); } });
  const fromMs = utilisationFromMs(nowMs);
  const roll = { count: new Float64Array(slots.length), sum: new Float64Array(slots.length), max: new Float64Array(slots.length) };
  for (let b = 0; b < slots.length; b += UTILISATION_BATCH_SLOTS) {
    await slice.turn();
    const part = src.series.rollup(slots.slice(b, b + UTILISATION_BATCH_SLOTS), fromMs, nowMs);
    roll.count.set(part.count, b);
    roll.sum.set(part.sum, b);
    roll.max.set(part.max, b);
  }
  const speeds = new Map<string, number>();
  const gen = src.collector.networks.generation(netId, {});
  for (const d of gen?.devices ?? []) {
    await slice.turn();
    for (const i of d.interfaces) speeds.set(`${d.id}/${i.index}`, i.speedBps);
  }
  // The rows are made when their chunk is written (report-format.ts RowSource), not all at once.
  const rows: RowSource = {
    count: ifs.length,
    rowAt: (k) => {
      const e = ifs[k]!;
      const row: Cell[] = [e.deviceId, e.device, e.index, e.name, speeds.get(`${e.deviceId}/${e.index}`) ?? null];
      for (const i of e.at) {
        const n = i >= 0 ? roll.count[i]! : 0;
        row.push(n > 0 ? r3(roll.sum[i]! / n) : null, n > 0 ? r3(roll.max[i]!) : null);
      }
      const rate = e.at[2]!;
      row.push(rate >= 0 ? roll.count[rate]! : 0);
      return row;
    },
  };
  return {
    csv: () => csvChunks(UTILISATION_HEADER, rows), rows: rows.count,
    html: () => htmlChunks(`Interface utilisation — ${netName}`,
      `Network ${netId}, ${rows.count} interfaces, mean and max from ${new Date(fromMs).toISOString()} (the start of the hour 24 hours before) to ${when} (utilisation in %, rates in bit/s)`,
      [{ title: 'Interfaces', header: UTILISATION_HEADER, rows }]),
  };
}

/** The latest generation (any status): a row per device found, per link and per error. */
function discovery(src: ReportSources, netId: number, netName: string, when: string): ReportContent {
  const gen = latestGeneration(src, netId);
  const names = new Map<number, string>((gen?.devices ?? []).map((d) => [d.id, d.name]));
  const devices: Cell[][] = [], links: Cell[][] = [], errors: Cell[][] = [];
  const n = gen?.number ?? null;
  for (const d of gen?.devices ?? []) {
    devices.push(['device', n, d.id, d.name, d.address, null, null, `${d.vendor} ${d.model}`.trim() + `; ${d.interfaces.length} interfaces`]);
  }
  for (const l of gen?.links ?? []) {
    links.push(['link', n, l.a.deviceId, names.get(l.a.deviceId) ?? '', null, l.b.deviceId, names.get(l.b.deviceId) ?? '', `${l.a.ifName} — ${l.b.ifName} (${l.protocol})`]);
  }
  for (const e of gen?.errors ?? []) errors.push(['error', n, null, null, null, null, null, e]);
  const rows = [...devices, ...links, ...errors];
  const summary = gen
    ? `Network ${netId}, generation ${gen.number} (${gen.kind ?? 'full'}, ${gen.status}), started ${new Date(gen.startedAtMs).toISOString()}` +
      `${gen.completedAtMs !== null ? `, completed ${new Date(gen.completedAtMs).toISOString()}` : ''}: ` +
      `${devices.length} devices, ${links.length} links, ${errors.length} errors; made ${when}`
    : `Network ${netId}: no discovery generation yet; made ${when}`;
  const sections: HtmlSection[] = [
    { title: 'Devices found', header: DISCOVERY_HEADER, rows: devices },
    { title: 'Links', header: DISCOVERY_HEADER, rows: links },
    { title: 'Errors', header: DISCOVERY_HEADER, rows: errors },
  ];
  return { csv: () => csvChunks(DISCOVERY_HEADER, rows), rows: rows.length, html: () => htmlChunks(`Discovery — ${netName}`, summary, sections) };
}

/** The newest generation's stored record (running, failed or completed), else the latest completed one, else null. */
function latestGeneration(src: ReportSources, netId: number): Generation | null {
  const all = src.collector.networks.generations(netId);
  for (let i = all.length - 1; i >= 0; i--) {
    try {
      const g = src.collector.networks.generation(netId, { generation: all[i]!.number });
      if (g) return g;
    } catch { /* not stored (a run in progress): try the one before */ }
  }
  return src.collector.networks.generation(netId, {});
}
