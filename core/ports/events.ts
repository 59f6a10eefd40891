/**
 * Pipeline events: what the collector announces as data flows, for the parts that act on it
 * (alert evaluation, derived variables, self-observation). Listeners run synchronously on the
 * collector's thread after the work they announce; they must be quick (hand long work to a timer)
 * and a listener that throws is logged and does not stop the others or the collector.
 */

/** One poll cycle of a network finished (every poll of it answered, failed or timed out). */
export interface CycleDone {
  readonly networkId: number;
  readonly cycleStartMs: number;
  readonly durationMs: number;
  readonly devicesPolled: number;
  readonly devicesFailed: number;
  readonly devicesSkipped: number;
  /** Varbinds in the devices' answers to this cycle's polls. */
  readonly varbinds: number;
}

/**
 * Grid values of a network were handed to the series store during a cycle: `gridTsMs` is the newest
 * grid time written (older ones may have been completed too, e.g. after a gap), `points` how many
 * values were written in that cycle, every polled device's `reachable` (1 or 0 at the cycle's grid
 * time) included: they are in the store when this is sent. Sent after the cycle's CycleDone; not
 * sent for a cycle that wrote nothing.
 */
export interface GridStepWritten {
  readonly networkId: number;
  readonly gridTsMs: number;
  readonly points: number;
}

export interface PipelineEvents {
  /** Returns a function that removes the listener. */
  onCycleDone(listener: (e: CycleDone) => void): () => void;
  onGridStepWritten(listener: (e: GridStepWritten) => void): () => void;
}
