import type { Generation, VariableDef, VariableInstance } from '../core/types.js';
import type { SeriesStore } from '../store/series/series.js';
import type { RingBuffer } from '../store/ring.js';

/**
 * The narrow interface through which the API reaches the collector. The collector implements it;
 * router tests use an in-memory implementation of it.
 */
export interface NetworkSummary {
  readonly id: number;
  readonly name: string;
  readonly pollIntervalMs: number;
  readonly discoveryIntervalMs: number;
  readonly seeds: readonly string[];
  readonly ranges: readonly { readonly cidr: string; readonly sweep: boolean }[];
}

export interface GenerationSummary {
  readonly number: number;
  readonly status: 'running' | 'completed' | 'failed';
  readonly startedAtMs: number;
  readonly completedAtMs: number | null;
  readonly devices: number;
  readonly links: number;
}

export interface DiscoveryStatus {
  /** The generation being built now, with progress, or null. */
  readonly running: (GenerationSummary & { readonly probed: number; readonly queued: number }) | null;
  /** The latest completed generation, or null before the first completes. */
  readonly latest: GenerationSummary | null;
  readonly generations: number;
}

export interface PollStatus {
  readonly cycles: number;
  readonly lastCycleStartMs: number | null;
  readonly lastCycleDurationMs: number | null;
  readonly devicesPolled: number;
  readonly devicesFailed: number;
  readonly variables: number;
}

export interface GenerationSelector {
  readonly timestampMs?: number;
  readonly generation?: number;
}

export interface MonitorService {
  networks(): readonly NetworkSummary[];
  network(netId: number): NetworkSummary | undefined;
  discoveryStatus(netId: number): DiscoveryStatus;
  /** Starts a discovery run unless one is running; never throws for a known network. */
  startDiscovery(netId: number): { readonly started: boolean; readonly generation: number; readonly message: string };
  /**
   * Selection rules of spec 4.1.1. Returns null when no discovery has completed yet (and none was
   * asked for explicitly); throws AppError UNKNOWN_GENERATION for an explicit generation or
   * timestamp that selects nothing.
   */
  generation(netId: number, sel: GenerationSelector): Generation | null;
  pollStatus(netId: number): PollStatus;
  variables(netId: number): readonly VariableInstance[];
  variable(netId: number, name: string, deviceId: number, index: number): VariableInstance | undefined;
  variableDef(name: string): VariableDef | undefined;
  readonly series: SeriesStore;
  readonly ring: RingBuffer;
  /** Component health for /api/metrics/healthcheck. */
  health(): { readonly healthy: boolean; readonly components: Record<string, { healthy: boolean; detail: string }> };
}
