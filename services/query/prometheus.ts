import { AppError } from '../../core/errors.js';
import type { VariableInstance } from '../../core/types.js';
import { Budget, jsonBytes, regexpTester } from '../../svcql/index.js';
import { facetOf, wordOf } from '../../svcql/tag-set.js';
import { AnswerBound } from '../answer-bound.js';
import type { ServiceDeps } from '../deps.js';
import type { NetworkService } from '../networks/index.js';
import { parsePromql, parseSelector, type LabelMatcher } from './promql-parse.js';
import { REQUEST_LIMITS } from '../request-limits.js';
import type { SeriesService } from '../series/index.js';

/**
 * The Prometheus HTTP API's basic reads over our variables (docs/api.md "Prometheus HTTP API"),
 * so that Grafana's built-in Prometheus data source graphs them without a plugin.
 *
 * A series is a variable instance; its labels are `__name__` (the variable), `device`,
 * `component` (absent for a device-level variable; an empty value is an absent label, as in
 * Prometheus), `index`, `network` (the network id) and one
 * `tag_<facet>` per tag facet of the instance (the facet's words joined by ','). The network is
 * the one a `network="<id>"` matcher names, else network 1.
 *
 * Values at a step (query_range) or at the time (query): the last point at or before it within a
 * lookback of LOOKBACK_MS, as Prometheus does; a series with no value in the whole range is left
 * out. Points read go through SeriesService (its points bound, AppError REQUEST_LIMIT); the answer
 * is bounded in bytes (REQUEST_LIMITS.maxAnswerBytes), the steps per series by MAX_STEPS, the
 * selection by the inventory's time budget.
 */

/** Prometheus' default lookback delta: a value is current for 5 minutes after its point. */
const LOOKBACK_MS = 5 * 60_000;

/** Prometheus' bound of steps per series in query_range. */
const MAX_STEPS = 11_000;

/** The network a query reads without a `network` matcher. */
const DEFAULT_NETWORK = 1;

const NARROW = 'narrow the selector (more label matchers), the time range, or raise step';

type PromLabels = Record<string, string>;

/** A series of query_range: its labels and its values at steps `steps[k]` (step i is at startMs + i × stepMs). */
interface RangeSeries {
  readonly metric: PromLabels;
  readonly steps: Int32Array;
  readonly values: Float64Array;
}

export interface RangeResult {
  readonly startMs: number;
  readonly stepMs: number;
  readonly series: readonly RangeSeries[];
}

/** Bytes of JSON of one `[unixSeconds,"value"]` pair, about (for the answer's bound). */
const PAIR_BYTES = 32;

interface VectorSample {
  readonly metric: PromLabels;
  readonly value: [number, string];
}

type InstantResult =
  | { readonly resultType: 'vector'; readonly result: VectorSample[] }
  | { readonly resultType: 'scalar'; readonly result: [number, string] };

interface RangeWindow {
  readonly startMs: number;
  readonly endMs: number;
  readonly stepMs: number;
}

/** A sample value as Prometheus writes it: a string, `+Inf`, `-Inf`, `NaN`. */
export function formatSample(v: number): string {
  if (v === Infinity) return '+Inf';
  if (v === -Infinity) return '-Inf';
  return String(v);
}

const seconds = (ms: number): number => ms / 1000;

/** An instance's labels. */
function labelsOf(netId: number, v: VariableInstance): PromLabels {
  const labels: PromLabels = { __name__: v.name };
  if (v.deviceName !== '') labels['device'] = v.deviceName;
  if (v.componentName !== '') labels['component'] = v.componentName;
  labels['index'] = String(v.index);
  labels['network'] = String(netId);
  for (const tag of v.tags) {
    const word = wordOf(tag);
    if (word === '') continue;
    const name = `tag_${facetOf(tag).replace(/[^A-Za-z0-9_]/g, '_')}`;
    labels[name] = labels[name] === undefined ? word : `${labels[name]},${word}`;
  }
  return labels;
}

export class PrometheusService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly networks: NetworkService,
    private readonly series: SeriesService,
    private readonly monotonicMs?: () => number,
  ) {}

  /**
   * query_range: a selector's series at each step of the window (a constant: the constant at each
   * step). Each series' values are typed arrays (step numbers and values), not pairs: an answer of
   * 50 series × 1441 steps is 72,000 pairs, which the route writes as JSON text without building
   * them (api/http/prom-answer.ts).
   */
  queryRange(query: string, w: RangeWindow): RangeResult {
    checkWindow(w);
    const expr = parsePromql(query);
    const steps = Math.floor((w.endMs - w.startMs) / w.stepMs) + 1;
    const bound = new AnswerBound(NARROW);
    if (expr.kind === 'number') {
      bound.row(steps * PAIR_BYTES);
      const stepIdx = Int32Array.from({ length: steps }, (_, i) => i);
      return { startMs: w.startMs, stepMs: w.stepMs, series: [{ metric: {}, steps: stepIdx, values: new Float64Array(steps).fill(expr.value) }] };
    }
    const budget = this.budget();
    const { netId, instances } = this.select(expr.matchers, budget);
    const read = this.series.graphPoints(instances.map((i) => ({ varId: '', instance: i })), { fromMs: w.startMs - LOOKBACK_MS, toMs: w.endMs });
    const stepIdx = new Int32Array(steps);
    const stepVal = new Float64Array(steps);
    const series: RangeSeries[] = [];
    for (const inst of instances) {
      const { tsMs: ts, values: vs } = read(inst);
      let n = 0;
      let j = 0;
      for (let i = 0; i < steps; i++) {
        const t = w.startMs + i * w.stepMs;
        while (j < ts.length && ts[j]! <= t) j++;
        // ts[j - 1] is the last point at or before t
        if (j === 0 || ts[j - 1]! <= t - LOOKBACK_MS) continue;
        stepIdx[n] = i;
        stepVal[n++] = vs[j - 1]!;
      }
      if (n === 0) continue;
      const metric = labelsOf(netId, inst);
      bound.row(n * PAIR_BYTES + jsonBytes(metric) + 24);
      series.push({ metric, steps: stepIdx.slice(0, n), values: stepVal.slice(0, n) });
    }
    return { startMs: w.startMs, stepMs: w.stepMs, series };
  }

  /** query: a selector's value of each series at `timeMs` (a constant: a scalar). */
  query(query: string, timeMs: number): InstantResult {
    if (!Number.isFinite(timeMs)) throw new AppError('BAD_PARAMETER', 'time is not a finite time');
    const expr = parsePromql(query);
    if (expr.kind === 'number') return { resultType: 'scalar', result: [seconds(timeMs), formatSample(expr.value)] };
    const budget = this.budget();
    const { netId, instances } = this.select(expr.matchers, budget);
    const bound = new AnswerBound(NARROW);
    const result: VectorSample[] = [];
    for (const inst of instances) {
      budget.spend();
      const last = this.deps.series.last(inst.slot, timeMs - LOOKBACK_MS, timeMs);
      if (last === null || last.tsMs <= timeMs - LOOKBACK_MS) continue;
      const metric = labelsOf(netId, inst);
      const text = formatSample(last.value);
      bound.row(jsonBytes(metric) + text.length + 32);
      result.push({ metric, value: [seconds(timeMs), text] });
    }
    return { resultType: 'vector', result };
  }

  /** series: the labels of every series matched by any of the selectors (at least one). */
  seriesLabels(selectors: readonly string[]): PromLabels[] {
    if (selectors.length === 0) throw new AppError('BAD_PARAMETER', 'no match[] parameter given; give at least one series selector');
    const bound = new AnswerBound(NARROW);
    const out: PromLabels[] = [];
    const seen = new Set<string>();
    for (const { netId, inst } of this.selectMany(selectors)) {
      const key = `${netId}:${inst.slot}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const labels = labelsOf(netId, inst);
      bound.row(jsonBytes(labels));
      out.push(labels);
    }
    return out;
  }

  /** labels: the label names of the selected series (every series of network 1 without selectors), sorted. */
  labelNames(selectors: readonly string[]): string[] {
    const names = new Set<string>();
    for (const { netId, inst } of this.selectMany(selectors)) for (const k of Object.keys(labelsOf(netId, inst))) names.add(k);
    return [...names].sort();
  }

  /** label/:name/values: the distinct values of a label over the selected series, sorted. */
  labelValues(name: string, selectors: readonly string[]): string[] {
    const values = new Set<string>();
    const bound = new AnswerBound(NARROW);
    for (const { netId, inst } of this.selectMany(selectors)) {
      const v = labelsOf(netId, inst)[name];
      if (v === undefined || values.has(v)) continue;
      bound.row(v.length + 4);
      values.add(v);
    }
    return [...values].sort();
  }

  private budget(): Budget {
    return new Budget({ timeMs: REQUEST_LIMITS.inventoryTimeBudgetMs, points: REQUEST_LIMITS.maxPointsPerRequest, narrow: NARROW }, this.monotonicMs);
  }

  /** The series of several selectors (none: every series of the default network). */
  private *selectMany(selectors: readonly string[]): Generator<{ netId: number; inst: VariableInstance }> {
    const budget = this.budget();
    if (selectors.length === 0) {
      const netId = this.networks.need(DEFAULT_NETWORK).id;
      for (const inst of this.deps.collector.catalog.instances(netId)) { budget.spend(); yield { netId, inst }; }
      return;
    }
    const parsed = selectors.map((s) => parseSelector(s));
    for (const matchers of parsed) {
      const { netId, instances } = this.select(matchers, budget);
      for (const inst of instances) yield { netId, inst };
    }
  }

  /** The network of a selector and its instances that every matcher accepts. */
  private select(matchers: readonly LabelMatcher[], budget: Budget): { netId: number; instances: VariableInstance[] } {
    const netMatcher = matchers.find((m) => m.label === 'network' && m.op === '=');
    let netId = DEFAULT_NETWORK;
    if (netMatcher !== undefined) {
      if (!/^[0-9]{1,9}$/.test(netMatcher.value)) {
        throw new AppError('BAD_PARAMETER', `network="${netMatcher.value.slice(0, 40)}": the network label is a network id (a non-negative integer)`);
      }
      netId = Number(netMatcher.value);
    }
    netId = this.networks.need(netId).id;
    const tests = matchers.map((m) => matcherTest(m, budget));
    const name = matchers.find((m) => m.label === '__name__' && m.op === '=')?.value;
    const out: VariableInstance[] = [];
    for (const inst of this.deps.collector.catalog.instances(netId)) {
      budget.spend();
      if (name !== undefined && inst.name !== name) continue;
      const labels = labelsOf(netId, inst);
      if (tests.every((test) => test(labels))) out.push(inst);
    }
    return { netId, instances: out };
  }
}

/** A matcher as a test of a series' labels; an absent label is the empty value (Prometheus). */
function matcherTest(m: LabelMatcher, budget: Budget): (labels: PromLabels) => boolean {
  switch (m.op) {
    case '=': return (l) => (l[m.label] ?? '') === m.value;
    case '!=': return (l) => (l[m.label] ?? '') !== m.value;
    default: {
      let test: (s: string) => boolean;
      try {
        test = regexpTester(`^(?:${m.value})$`, budget);
      } catch (e) {
        throw new AppError('BAD_PARAMETER', `label matcher ${m.label}${m.op}"${m.value.slice(0, 120)}": ${(e as Error).message}`, { cause: e });
      }
      return m.op === '=~' ? (l) => test(l[m.label] ?? '') : (l) => !test(l[m.label] ?? '');
    }
  }
}

function checkWindow(w: RangeWindow): void {
  if (!Number.isFinite(w.startMs) || !Number.isFinite(w.endMs)) throw new AppError('BAD_PARAMETER', 'start and end must be finite times');
  if (w.endMs < w.startMs) throw new AppError('BAD_PARAMETER', 'end timestamp must not be before start time');
  if (!Number.isFinite(w.stepMs) || w.stepMs <= 0) throw new AppError('BAD_PARAMETER', 'zero or negative query resolution step widths are not accepted; try a positive integer');
  if ((w.endMs - w.startMs) / w.stepMs > MAX_STEPS) {
    throw new AppError('BAD_PARAMETER', `exceeded maximum resolution of ${MAX_STEPS} points per timeseries; try decreasing the query resolution (?step=XX)`);
  }
}
