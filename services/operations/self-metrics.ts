import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { CycleDone, GridStepWritten } from '../../core/ports/events.js';
import type { ComponentHealth } from '../../core/ports/networks.js';
import type { ServiceDeps } from '../deps.js';

/**
 * Upper bounds (seconds) of the poll cycle duration histogram: a cycle of a few devices takes
 * milliseconds, a large network's up to its interval (10 s … 5 min), so the buckets span both.
 */
export const CYCLE_BUCKETS_SECONDS: readonly number[] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];

/** A network's pipeline figures since the server started (counters only grow). */
interface NetworkPipelineCounters {
  readonly networkId: number;
  /** Poll cycles finished. */
  readonly cycles: number;
  /** Cumulative counts per bucket of CYCLE_BUCKETS_SECONDS (`le` each bound), then +Inf (= cycles). */
  readonly cycleBucketCounts: readonly number[];
  /** Sum of the cycles' durations (seconds). */
  readonly cycleSecondsSum: number;
  /** Device polls that ended in a failure (timeout and retries spent, or an error answer), over all cycles. */
  readonly devicePollsFailed: number;
  /** Device polls that were answered, over all cycles. */
  readonly devicePollsOk: number;
  /** Grid values written to the series store (one per variable instance and cycle, `reachable` included). */
  readonly pointsWritten: number;
  /** Varbinds in the devices' answers to the polls, over all cycles (a rate of it is varbinds/s). */
  readonly varbindsReceived: number;
}

interface Counters {
  cycles: number; buckets: number[]; secondsSum: number; failed: number; ok: number; points: number; varbinds: number;
}

/**
 * The self-observation counters of the poll → store pipeline (the Prometheus exposition and the
 * internal metrics read them): it listens to the collector's PipelineEvents from construction
 * until `close()`. Figures count from the server's start; nothing is persisted.
 */
export class SelfMetricsService {
  private readonly byNetwork = new Map<number, Counters>();
  private readonly unsubscribe: (() => void)[];

  constructor(private readonly deps: ServiceDeps) {
    this.unsubscribe = [
      deps.collector.events.onCycleDone((e) => this.cycleDone(e)),
      deps.collector.events.onGridStepWritten((e) => this.stepWritten(e)),
    ];
  }

  /** Per network, ordered by id. */
  counters(): NetworkPipelineCounters[] {
    return [...this.byNetwork.entries()].sort((a, b) => a[0] - b[0]).map(([networkId, c]) => ({
      networkId, cycles: c.cycles, cycleBucketCounts: [...c.buckets, c.cycles], cycleSecondsSum: c.secondsSum,
      devicePollsFailed: c.failed, devicePollsOk: c.ok, pointsWritten: c.points, varbindsReceived: c.varbinds,
    }));
  }

  /**
   * Bytes of the files in the data directory (the stores, the lock), summed over its tree; null
   * when the directory cannot be read. Apparent sizes, as `ls -l` shows them.
   */
  storeSizeBytes(): number | null {
    try {
      return treeBytes(this.deps.config().server.dataDir, 0);
    } catch {
      return null;
    }
  }

  /**
   * The metadata store (accounts, views, alerts…): `ok` when a read answers, `failing` with the
   * error when it throws. Its writes share the series store's LMDB environment, so their state is
   * the `store` component's.
   */
  metadataHealth(): ComponentHealth {
    try {
      this.deps.meta.get(PROBE_NAMESPACE, 'probe');
      return { healthy: true, status: 'ok', detail: 'reads answer; writes as the store component says' };
    } catch (e) {
      return { healthy: false, status: 'failing', detail: `a read failed: ${(e as Error).message}` };
    }
  }

  close(): void {
    for (const u of this.unsubscribe.splice(0)) u();
  }

  private of(networkId: number): Counters {
    let c = this.byNetwork.get(networkId);
    if (!c) this.byNetwork.set(networkId, c = { cycles: 0, buckets: CYCLE_BUCKETS_SECONDS.map(() => 0), secondsSum: 0, failed: 0, ok: 0, points: 0, varbinds: 0 });
    return c;
  }

  private cycleDone(e: CycleDone): void {
    const c = this.of(e.networkId);
    const s = e.durationMs / 1000;
    c.cycles++;
    c.secondsSum += s;
    for (let i = 0; i < CYCLE_BUCKETS_SECONDS.length; i++) if (s <= CYCLE_BUCKETS_SECONDS[i]) c.buckets[i]++;
    c.failed += e.devicesFailed;
    c.ok += e.devicesPolled; // the scheduler's devicesPolled counts answered polls only
    c.varbinds += e.varbinds;
  }

  private stepWritten(e: GridStepWritten): void {
    this.of(e.networkId).points += e.points;
  }
}

/** A namespace nothing writes: the metadata probe reads a key there. */
const PROBE_NAMESPACE = 'health-probe';

/** Directory depth walked by treeBytes: the stores sit one or two levels down. */
const MAX_DEPTH = 4;

function treeBytes(dir: string, depth: number): number {
  let sum = 0;
  for (const d of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, d.name);
    if (d.isFile()) sum += statSync(p).size;
    else if (d.isDirectory() && depth < MAX_DEPTH) sum += treeBytes(p, depth + 1);
  }
  return sum;
}
