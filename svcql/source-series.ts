import type { SeriesPoints, VariableInstance } from '../core/types.js';
import { Budget } from './budget.js';
import { limitError } from './language/errors.js';
import { limits } from './language/limits.js';
import { buildSource, single, type RowSource, type SeriesSource, type TimeRange } from './row-source.js';
import { instanceColumns, instanceIdentity, siblingColumns, type InstanceSourceOptions } from './source-variables.js';

interface SeriesSourceOptions extends InstanceSourceOptions {
  /** Latest value of a slot, for other-variable columns; without it, the last point in the range. */
  readonly latest?: (slot: number) => number;
}

/**
 * A series table named after a variable: one row per instance of `name` (among `instances`, all
 * variable instances). `read(slot, fromMs, toMs)` gives the points of a slot; the evaluator opens
 * the table with the statement's time range. In the opened table `metric` is the last value in the
 * range and `time` its time stamp; each slot is read at most once per statement, and reading more
 * than limits.maxPoints points in one statement is SVCQL_LIMIT; every read is also charged to the
 * budget the table is opened with (points per request, time).
 */
export function seriesSource(
  name: string,
  instances: readonly VariableInstance[],
  read: (slot: number, fromMs: number, toMs: number) => SeriesPoints,
  opts: SeriesSourceOptions = {},
): SeriesSource {
  const rows = instances.filter((v) => v.name === name);
  const base = instanceColumns(opts);
  return {
    kind: 'series',
    table: name,
    open(range: TimeRange, budget: Budget = Budget.unlimited()): RowSource<VariableInstance> {
      const cache = new Map<number, SeriesPoints>();
      let pointsRead = 0;
      const points = (slot: number): SeriesPoints => {
        let p = cache.get(slot);
        if (!p) {
          budget.check();
          p = read(slot, range.fromMs, range.toMs);
          pointsRead += p.tsMs.length;
          if (pointsRead > limits.maxPoints) {
            throw limitError(`the statement reads more than ${limits.maxPoints} points; narrow the time range or the series`);
          }
          budget.readPoints(p.tsMs.length);
          cache.set(slot, p);
        }
        return p;
      };
      const lastValue = (slot: number): number => {
        const p = points(slot);
        return p.values.length ? p.values[p.values.length - 1]! : NaN;
      };
      return buildSource<VariableInstance>({
        table: name,
        rows: () => rows,
        columns: {
          variable: base.variable!, device: base.device!, component: base.component!, description: base.description!,
          metric: single((v) => { const p = points(v.slot); return p.values.length ? p.values[p.values.length - 1]! : null; }),
          time: single((v) => { const p = points(v.slot); return p.tsMs.length ? p.tsMs[p.tsMs.length - 1]! : null; }),
          ...base,
        },
        tagsOf: (v) => v.tags,
        extra: siblingColumns(instances, opts.latest ?? lastValue),
        identity: instanceIdentity,
        star: ['variable', 'device', 'component', 'description', 'metric'],
        series: { range, points: (v) => points(v.slot) },
      });
    },
  };
}
