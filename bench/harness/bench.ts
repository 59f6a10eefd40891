/**
 * The benchmark module interface. A benchmark measures, it never asserts: `run` returns figures
 * (samples with a unit and, where the project has one, a target) and the runner decides pass or
 * miss, only at full scale. A new benchmark is one module exporting a `Bench`, listed in bench/run.ts.
 */

export type Scale = 'quick' | 'full';

export interface Target {
  readonly op: '>=' | '<=';
  readonly value: number;
}

export interface Figure {
  /** What was measured, e.g. `api throughput ratio (uWS / node:http)`. */
  readonly name: string;
  /** Unit of the samples, e.g. `req/s`, `ms`, `×`, `bytes/var`. */
  readonly unit: string;
  /** One number per repetition (or one per request for latency figures summarised by percentile). */
  readonly samples: readonly number[];
  /** The project's target for this figure, when it has one; judged on the median. */
  readonly target?: Target;
  /** Short text shown under the table (settings, caveats). */
  readonly note?: string;
}

export interface BenchLog {
  (line: string): void;
}

export interface BenchOptions {
  readonly scale: Scale;
  /** Progress lines (stderr); never part of the results. */
  readonly log: BenchLog;
}

export interface Bench {
  /** Short id used by `--only`, e.g. `api`, `memory`, `store`. */
  readonly name: string;
  /** One line saying what it measures (printed before it runs). */
  readonly title: string;
  run(opts: BenchOptions): Promise<Figure[]>;
}
