import { AppError } from '../../core/errors.js';
import { formatTriplet } from '../../core/triplet.js';
import type { SeriesPoints, VariableInstance } from '../../core/types.js';
import { Budget } from '../../svcql/index.js';
import { AnswerBound } from '../answer-bound.js';
import type { ServiceDeps } from '../deps.js';
import type { NetworkService } from '../networks/index.js';
import { selectByRule, type StatsWindow } from '../rule-select.js';
import { REQUEST_LIMITS } from '../request-limits.js';
import { reduceMinMax } from './series-reduce.js';
import { resolveIds } from './variable-ids.js';
import { seriesLegends, type SeriesLegend } from './series-legend.js';

/**
 * Series of variables for the graph and data calls (docs/api.md "Graphs and data"):
 * the variables named by ids or chosen by a matching rule, and their points from the series store
 * (a time window, optionally reduced to min/max per chunk) or from the device monitor's buffer.
 * Per-id problems are data (`errors`), not exceptions. A call may read at most
 * REQUEST_LIMITS.maxPointsPerRequest points (`checkPointCount`, before reading any) and answer at
 * most REQUEST_LIMITS.maxAnswerBytes (the data call's lines here, the graph's in its writer).
 */

/** How to narrow a graph or data call, ending its bound messages. */
export const NARROW_SERIES = 'narrow the window (start, end, intervalHr), choose fewer variables, or (graph) reduce each series with length';

/** How to narrow a rule selection that ran past its time budget. */
const NARROW_RULE_SELECTION = 'narrow the rule (name, devices, components, tags) or leave out sortBy';

/** Variables a rule-form graph or data call answers at most (a rule can match the whole inventory). */
const MAX_RULE_VARIABLES = 100;

export interface SeriesWindow {
  readonly fromMs: number;
  readonly toMs: number;
}

/** A variable of a call, with its canonical id. */
export interface ChosenVariable {
  readonly varId: string;
  readonly instance: VariableInstance;
}

export interface ChosenVariables {
  readonly found: readonly ChosenVariable[];
  /** One human-readable line per id that was not answered (id form), '' joined by the caller. */
  readonly errors: readonly string[];
  /** Notes about the selection (rule form). */
  readonly warnings: readonly string[];
}

/** The shortest grid step of any series: the shortest poll interval the configuration allows (core/config-load.ts). */
const MIN_GRID_MS = 1000;

/** Where a data call's points come from: the series store over the window, or the last raw polls. */
export type DataSource = 'store' | 'monitor';

export interface DataInfo {
  readonly varName: string;
  readonly deviceId: number;
  readonly index: number;
  readonly device: string;
  readonly component: string;
  readonly unit: string;
  readonly timeseries: readonly string[];
}

export class SeriesService {
  /** `monotonicMs`: the clock of the rule selection's time budget (default performance.now; tests pass their own). */
  constructor(private readonly deps: ServiceDeps, private readonly networks: NetworkService, private readonly monotonicMs?: () => number) {}

  /** Variables named by ids (triplets; at most 10 answered). Unknown network: AppError UNKNOWN_NETWORK. */
  byIds(netId: number, ids: readonly string[]): ChosenVariables {
    const net = this.networks.need(netId);
    const { found, errors } = resolveIds(this.deps.collector.catalog, net.id, ids);
    return { found, errors: ids.length === 0 ? ['no variable ids given'] : errors, warnings: [] };
  }

  /**
   * Variables chosen by a matching rule (`params`, docs/api.md "The variable matching rule"; sortBy statistics over `statsWindow`),
   * cut to MAX_RULE_VARIABLES with a warning.
   */
  byRule(netId: number, params: URLSearchParams, statsWindow: StatsWindow): ChosenVariables {
    const net = this.networks.need(netId);
    const budget = new Budget(
      { timeMs: REQUEST_LIMITS.inventoryTimeBudgetMs, points: REQUEST_LIMITS.maxPointsPerRequest, narrow: NARROW_RULE_SELECTION }, this.monotonicMs,
    );
    const { rule, instances } = selectByRule(params, this.deps.collector.catalog.instances(net.id), this.deps.series, statsWindow, budget);
    const warnings: string[] = [];
    if (rule.empty) warnings.push('empty matching rule: give name, devices, components or tags');
    let chosen = instances;
    if (chosen.length > MAX_RULE_VARIABLES) {
      warnings.push(`the rule selected ${chosen.length} variables; answered the first ${MAX_RULE_VARIABLES} (narrow the rule, or use limit, start and count)`);
      chosen = chosen.slice(0, MAX_RULE_VARIABLES);
    }
    return { found: chosen.map((instance) => ({ varId: formatTriplet(instance), instance })), errors: [], warnings };
  }

  /**
   * Checks, before reading any point, that the slots' points in the window (counted by one rollup
   * of the series store) stay within REQUEST_LIMITS.maxPointsPerRequest: AppError REQUEST_LIMIT
   * otherwise.
   */
  private checkPointCount(slots: readonly number[], w: SeriesWindow): void {
    if (slots.length === 0) return;
    // Points sit on a grid of at least MIN_GRID_MS (the shortest poll interval config allows), so a
    // slot has at most window / MIN_GRID_MS + 1 of them: when that bound is within the limit (every
    // usual call), nothing is read. Only a call that could be over it pays for the exact count (a
    // rollup decodes every hour's rollup table of the window: ~0.2 ms an hour at 10k slots).
    const bound = slots.length * (Math.floor((w.toMs - w.fromMs) / MIN_GRID_MS) + 1);
    if (bound <= REQUEST_LIMITS.maxPointsPerRequest) return;
    const r = this.deps.series.rollup(slots, w.fromMs, w.toMs);
    let n = 0;
    for (let i = 0; i < slots.length; i++) n += r.count[i]!;
    const max = REQUEST_LIMITS.maxPointsPerRequest;
    if (n > max) throw new AppError('REQUEST_LIMIT', `the call reads ${n} points, more than ${max} (points per request); ${NARROW_SERIES}`);
  }

  /** The legends of a graph answer's series, in `found`'s order (series-legend.ts). */
  legends(found: readonly ChosenVariable[]): SeriesLegend[] {
    const catalog = this.deps.collector.catalog;
    return seriesLegends(found, (name) => catalog.definition(name));
  }

  /**
   * The graph call's reader of the chosen variables' points in the window (`points` per instance),
   * once the points it would read are checked to be within the bound (AppError REQUEST_LIMIT).
   */
  graphPoints(found: readonly ChosenVariable[], w: SeriesWindow, length?: number): (v: VariableInstance) => SeriesPoints {
    this.checkPointCount(found.map((f) => f.instance.slot), w);
    return (v) => this.points(v.slot, w, length);
  }

  /** A slot's points in the window; with `length`, reduced to min/max per chunk (series-reduce.ts). */
  points(slot: number, w: SeriesWindow, length?: number): SeriesPoints {
    const points = this.deps.series.read(slot, w.fromMs, w.toMs);
    return length === undefined ? points : reduceMinMax(points, w.fromMs, w.toMs, length);
  }

  /** A slot's last raw observations (the device monitor's buffer), polls without a value left out. */
  monitorPoints(slot: number): SeriesPoints {
    const { tsMs, values } = this.deps.collector.latest.observations(slot);
    const ts: number[] = [];
    const vs: number[] = [];
    for (let i = 0; i < tsMs.length; i++) {
      if (Number.isNaN(values[i])) continue;
      ts.push(tsMs[i]!);
      vs.push(values[i]!);
    }
    return { tsMs: Float64Array.from(ts), values: Float64Array.from(vs) };
  }

  /**
   * The data call's items: `timestamp,<varId>` then `<ms>,<value>` lines per variable. Points read
   * and the answer's bytes are bounded (AppError REQUEST_LIMIT).
   */
  dataInfo(found: readonly ChosenVariable[], source: DataSource, w: SeriesWindow): DataInfo[] {
    if (source === 'store') this.checkPointCount(found.map((f) => f.instance.slot), w);
    const bound = new AnswerBound(NARROW_SERIES);
    return found.map(({ varId, instance }) => {
      const points = source === 'monitor' ? this.monitorPoints(instance.slot) : this.points(instance.slot, w);
      const timeseries = [`timestamp,${varId}`];
      bound.row(256 + timeseries[0]!.length); // the item's other fields, about
      for (let i = 0; i < points.tsMs.length; i++) {
        const line = `${points.tsMs[i]},${points.values[i]}`;
        bound.row(line.length + 2);
        timeseries.push(line);
      }
      return {
        varName: instance.name,
        deviceId: instance.deviceId,
        index: instance.index,
        device: instance.deviceName,
        component: instance.componentName,
        unit: instance.unit,
        timeseries,
      };
    });
  }
}
