/**
 * Child process of the memory benchmark (run with `node --expose-gc`). Two modes:
 *
 *   --prepare --vars N --dir D   writes the slot map of N simulated variables into a fresh LMDB
 *                                metadata store in D (as a previous run of the server would have),
 *                                so that the measured process only reads it;
 *   --vars N --dir D [--cold]    builds the collector's in-memory structures for those variables,
 *                                one after the other, and measures process memory after a full GC
 *                                at each stage; prints `RESULT {…}`.
 *
 * Stages: the discovery generation (devices and interfaces), Inventory.rebuild (variables as
 * parallel arrays, packed poll plans in shared memory, grid kinds; slots read from the LMDB
 * metadata store), the poll workers' per-device state (what each of the pool's threads keeps
 * between polls of every device), the RingBuffer and
 * SlotState at the capacity the Monitor gives them, the GridInterpolator. Every slot of the ring,
 * the slot state and the interpolator is written once, so that its pages are resident as in
 * operation. The series store is not opened: its head window (the current hour's points) is
 * excluded by construction. VariableInstance objects are made on demand for the API and are not
 * part of the collector's resident set (see RESULTS.md).
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { getHeapSpaceStatistics } from 'node:v8';
import { GridInterpolator } from '../../collector/polling/interpolate.js';
import { Inventory } from '../../collector/inventory/inventory.js';
import { VariableDefs } from '../../collector/inventory/variable-defs.js';
import { capacityFor } from '../../collector/monitor.js';
import { openStoreEnv } from '../../store/lmdb-env.js';
import { LmdbMetaStore } from '../../store/meta/lmdb-meta.js';
import { RingBuffer } from '../../store/ring.js';
import { SlotState } from '../../workers/slot-state.js';
import { planView } from '../../workers/v2c/plan-handle.js';
import { RESULT } from '../harness/process.js';
import { benchNetwork, devicesFor, syntheticGeneration } from './synthetic-generation.js';

export interface Mem {
  rss: number; rssAnon: number; rssFile: number; heapUsed: number; heapTotal: number; external: number; arrayBuffers: number;
}

export interface StageDelta {
  readonly stage: string;
  readonly rss: number;
  readonly rssAnon: number;
  readonly rssFile: number;
  /**
   * heapUsed + external + the SharedArrayBuffers allocated in the stage (V8's external counter
   * leaves SharedArrayBuffers out, so their bytes are added from their known sizes).
   */
  readonly heap: number;
  /** V8 heap reserved (heapTotal): above `heap`'s JS part, pages V8 keeps after a stage's garbage was collected. */
  readonly heapCommitted: number;
}

export interface MemoryResult {
  readonly variables: number;
  readonly devices: number;
  readonly slotCapacity: number;
  readonly stages: readonly StageDelta[];
  readonly total: StageDelta;
  /** Bytes of the inventory's parts, computed from their sizes. */
  readonly inventoryParts: readonly { readonly part: string; readonly heap: number }[];
  /** Poll worker threads whose per-device state was built. */
  readonly threads: number;
  /** The young generation was brought to its working size before the start (warmYoungGeneration). */
  readonly warmYoungGeneration: boolean;
  /** V8 new space, bytes, at the start and at the end. */
  readonly newSpaceAtStart: number;
  readonly newSpaceAtEnd: number;
  readonly rebuildMs: number;
}

const gcFn = (globalThis as { gc?: () => void }).gc;

async function settle(): Promise<void> {
  if (!gcFn) throw new Error('run with node --expose-gc');
  for (let i = 0; i < 4; i++) {
    gcFn();
    await new Promise((r) => setImmediate(r));
  }
}

function statusKb(text: string, field: string): number {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text);
  return m ? Number(m[1]) * 1024 : NaN;
}

async function measure(): Promise<Mem> {
  await settle();
  const u = process.memoryUsage();
  const status = readFileSync('/proc/self/status', 'utf8');
  return {
    rss: u.rss, rssAnon: statusKb(status, 'RssAnon'), rssFile: statusKb(status, 'RssFile'),
    heapUsed: u.heapUsed, heapTotal: u.heapTotal, external: u.external, arrayBuffers: u.arrayBuffers,
  };
}

const delta = (stage: string, a: Mem, b: Mem, sabBytes = 0): StageDelta => ({
  stage, rss: b.rss - a.rss, rssAnon: b.rssAnon - a.rssAnon, rssFile: b.rssFile - a.rssFile,
  heap: b.heapUsed + b.external - (a.heapUsed + a.external) + sabBytes,
  heapCommitted: b.heapTotal - a.heapTotal,
});

/** The Monitor's own capacity rule for the ring, slot state and interpolation arrays. */
export const monitorCapacity = capacityFor;

function arg(name: string): string {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0 || i + 1 >= process.argv.length) throw new Error(`--${name} is required`);
  return process.argv[i + 1];
}

/** What a previous run of the server leaves: the slot map written by the collector's own Inventory. */
async function prepare(variables: number, dir: string): Promise<void> {
  const env = openStoreEnv(dir);
  const inventory = new Inventory(new LmdbMetaStore(env), new VariableDefs());
  await inventory.rebuild(benchNetwork, syntheticGeneration(devicesFor(variables)));
  const slots = inventory.slotCount;
  await env.close();
  process.stdout.write(`${RESULT}${JSON.stringify({ slots })}\n`);
}

/** The pool's default thread count (collector/pool.ts: one per core). */
const THREADS = Math.max(1, availableParallelism());

/**
 * Brings V8's young generation to its working size, as in any process that has been running for a
 * while (polling and API calls allocate all the time): V8 grows the young generation up to a fixed
 * cap (2 × 16 MB semi-spaces by default) on a burst of allocation, whatever the inventory's size.
 * Without this the first stage that allocates a lot (Inventory.rebuild) is charged those ~14–30 MB,
 * a fixed cost that shows as ~140+ bytes per variable at 100k and ~14 at 1M.
 */
function warmYoungGeneration(): void {
  let keep: object[] = [];
  for (let i = 0; i < 4_000_000; i++) {
    keep.push({ i, s: `x${i}` });
    if (keep.length === 50_000) keep = [];
  }
}

const newSpaceBytes = (): number => getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0;

async function run(variables: number, dir: string, warm: boolean): Promise<void> {
  if (warm) warmYoungGeneration();
  const newSpaceAtStart = newSpaceBytes();
  const marks: [string, Mem, number][] = [['start', await measure(), 0]];
  const mark = async (stage: string, sabBytes = 0) => { marks.push([stage, await measure(), sabBytes]); };

  const gen = syntheticGeneration(devicesFor(variables));
  await mark('discovery generation (devices, interfaces)');

  const env = openStoreEnv(dir);
  const meta = new LmdbMetaStore(env);
  const inventory = new Inventory(meta, new VariableDefs());
  const t = performance.now();
  await inventory.rebuild(benchNetwork, gen);
  const rebuildMs = performance.now() - t;
  const plans = inventory.plans(1);
  const packedBytes = plans.reduce((n, p) => n + p.packed.byteLength, 0);
  await mark('Inventory.rebuild (variable columns, packed poll plans, kinds; slot map read from LMDB)', packedBytes);
  const slots = inventory.slotCount;
  const capacity = monitorCapacity(slots);

  // What every poll worker thread keeps per device between polls (workers/v2c/fast-poll.ts): the
  // request count of its last poll; FastDevice objects are made per poll (bounded by the polls in
  // flight), kept only for the rare device whose requests were adapted to tooBig answers.
  const workers: Map<number, number>[] = [];
  for (let w = 0; w < THREADS; w++) workers.push(new Map(plans.map((h) => [h.deviceId, planView(h).requests.length])));
  await mark(`poll workers' per-device state (${THREADS} threads)`);

  // the variables' slots, read straight from the inventory's columns (no VariableInstance objects)
  const slotColumn = (inventory as unknown as { byNetwork: Map<number, { slot: Int32Array }> }).byNetwork.get(1)!.slot;
  const ring = RingBuffer.create(capacity);
  for (const s of slotColumn) ring.write(s, 1_700_000_000_000, s);
  await mark(`RingBuffer (${capacity} slots: the Monitor's capacity rule)`, ring.buffer.byteLength);

  const state = SlotState.create(capacity);
  for (const s of slotColumn) { state.lastCounter[s] = 1n; state.lastTsMs[s] = 1_700_000_000_000; state.has[s] = 1; }
  await mark(`SlotState (${capacity} slots)`, state.buffer.byteLength);

  const interp = new GridInterpolator(benchNetwork.pollIntervalMs);
  interp.reserve(capacity);
  interp.setKinds(inventory.kinds());
  const sink = () => {};
  for (const s of slotColumn) interp.observe(s, 1_700_000_000_000, 1, sink);
  await mark('GridInterpolator');

  const stages: StageDelta[] = [];
  for (let i = 1; i < marks.length; i++) stages.push(delta(marks[i][0], marks[i - 1][1], marks[i][1], marks[i][2]));
  const total = delta('total', marks[0][1], marks[marks.length - 1][1], marks.reduce((n, m) => n + m[2], 0));

  const n = slotColumn.length;
  const parts = [
    { part: 'packed poll plans (shared memory: op program and GET requests)', heap: packedBytes },
    { part: 'variable columns (name number, component index, slot)', heap: 10 * n },
    { part: 'grid kinds (one byte per slot)', heap: inventory.kinds().byteLength },
  ];
  // Keep everything reachable until the end of the measurement.
  void [gen, ring, state, interp, workers];
  await env.close();

  const result: MemoryResult = {
    variables: slots, devices: gen.devices.length, slotCapacity: capacity, stages, total, inventoryParts: parts,
    rebuildMs: Math.round(rebuildMs), threads: THREADS, warmYoungGeneration: warm, newSpaceAtStart, newSpaceAtEnd: newSpaceBytes(),
  };
  process.stdout.write(`${RESULT}${JSON.stringify(result)}\n`);
}

const variables = Number(arg('vars'));
const dir = arg('dir');
(process.argv.includes('--prepare') ? prepare(variables, dir) : run(variables, dir, !process.argv.includes('--cold')))
  .catch((e) => { process.stderr.write(`memory measure: ${(e as Error).stack}\n`); process.exit(1); });
