import { AppError, isAppError } from '../core/errors.js';
import type { Device, SeriesPoints, VariableInstance } from '../core/types.js';
import { Budget } from './budget.js';
import { isOutputFormat, type AnswerMeter, type OutputFormat, type TableEntry, type TimeSeriesEntry } from './format.js';
import { datapointsBytes, jsonBytes, textBytes } from './json-size.js';
import { limits } from './language/limits.js';
import { regexpTester } from './regexp-safety.js';
import { aggregatePoints, AGGREGATORS, isAggregator } from './series-aggregate.js';
import { compileTagRules, facetOf, facetWords, parseTagRules, wordOf } from './tag-set.js';

/**
 * A structured dashboard target (docs/api.md "Query body"): variables chosen by literal variable and device names,
 * component and description (regex when written /…/), tag rules; each with a `metric` (the
 * selector's value over the range); sorted, made unique by a column, limited; shaped as
 * time_series, table or list (the same output shapes as SvcQL targets).
 *
 * Order of work: filter → metric (only when sorting, uniqueness or the columns need it) → sort →
 * unique → limit → points (time_series, only for the rows kept); a list makes its values unique and
 * limits them instead of the rows (listOf). `tagFacet` is a column (the facets of the variable's tags). Points read by one target are
 * bounded by the SvcQL points limit. Work is charged to the request's budget and rows to its meter
 * (services/query/query.ts); without them, unbounded.
 */

/**
 * The reads a structured target makes of the series store (the store's SeriesStore has them; the
 * engine names only what it reads, as it may not import store/).
 */
interface TargetSeries {
  /** Points of one slot with from ≤ tsMs ≤ to, ascending, gaps omitted. */
  read(slot: number, fromMs: number, toMs: number): SeriesPoints;
  /** Aggregates of each requested slot's points with fromMs ≤ tsMs ≤ toMs, one entry per slot. */
  rollup(slots: ArrayLike<number>, fromMs: number, toMs: number): {
    readonly count: ArrayLike<number>;
    readonly min: ArrayLike<number>;
    readonly max: ArrayLike<number>;
    readonly last: ArrayLike<number>;
    readonly lastTsMs: ArrayLike<number>;
  };
}

/** Text order of sorted rows and list values: numeric-aware (`if2` before `if10`), as the inventory's lists. */
const collator = new Intl.Collator('en', { numeric: true });
const compareText = (a: string, b: string): number => collator.compare(a, b);

export interface TargetContext {
  readonly instances: readonly VariableInstance[];
  readonly devices: ReadonlyMap<number, Device>;
  readonly series: TargetSeries;
  readonly fromMs: number;
  readonly untilMs: number;
  /** time_series bucket (mean per bucket, stamped at the bucket's start); 0 for raw points. */
  readonly groupByMs: number;
  /** The request's budget: rows, comparisons, reads and REGEXP tests are charged to it. */
  readonly budget?: Budget;
  /** Told of every row of the answer before it is built (svcql AnswerMeter). */
  readonly meter?: AnswerMeter;
}

const NO_METER: AnswerMeter = { row: () => {} };

type Selector = 'min' | 'max' | 'last';
type Cell = string | number | null;

const SORT_ORDERS: ReadonlySet<string> = new Set(['ascending', 'descending', 'none']);

/** Facets of a variable's tags, each once, in tag order (the `tagFacet` column). */
function facetsOf(tags: readonly string[]): string[] {
  const out: string[] = [];
  for (const tag of tags) { const f = facetOf(tag); if (!out.includes(f)) out.push(f); }
  return out;
}

const DEFAULT_COLUMNS: readonly string[] = ['variable', 'device', 'component', 'metric'];

const bad = (msg: string): AppError => new AppError('BAD_PARAMETER', msg);

function str(t: Record<string, unknown>, name: string): string {
  const v = t[name];
  if (v === undefined || v === null) return '';
  if (typeof v !== 'string') throw bad(`'${name}' must be a string`);
  return v.trim();
}

/**
 * Literal, or regex when enclosed in slashes: checked and run as SvcQL REGEXP (svcql
 * regexp-safety.ts: only patterns V8 runs in linear time, tests charged to the budget). A refused
 * pattern is AppError SVCQL_REGEXP naming the field.
 */
function textMatcher(name: string, pattern: string, budget: Budget): ((s: string) => boolean) | null {
  if (pattern === '') return null;
  if (pattern.length >= 2 && pattern.startsWith('/') && pattern.endsWith('/')) {
    try {
      return regexpTester(pattern.slice(1, -1), budget);
    } catch (e) {
      if (isAppError(e) && e.code === 'SVCQL_REGEXP') throw new AppError('SVCQL_REGEXP', `'${name}': ${e.message}`, { cause: e });
      throw e;
    }
  }
  return (s) => s === pattern;
}

interface Stat { readonly value: number | null; readonly tsMs: number | null }
const NO_STAT: Stat = Object.freeze({ value: null, tsMs: null });

function pick(p: SeriesPoints, selector: Selector): Stat {
  const n = p.values.length;
  if (n === 0) return { value: null, tsMs: null };
  let at = n - 1;
  if (selector !== 'last') {
    at = 0;
    for (let i = 1; i < n; i++) {
      const x = p.values[i]!;
      if (selector === 'min' ? x < p.values[at]! : x > p.values[at]!) at = i;
    }
  }
  return { value: p.values[at]!, tsMs: p.tsMs[at]! };
}

/** Mean per bucket of `stepMs`, stamped at the bucket's start. */
function bucketMean(p: SeriesPoints, stepMs: number): [number, number][] {
  const out: [number, number][] = [];
  let bucket = NaN;
  let sum = 0;
  let n = 0;
  for (let i = 0; i < p.tsMs.length; i++) {
    const b = Math.floor(p.tsMs[i]! / stepMs) * stepMs;
    if (b !== bucket) {
      if (n > 0) out.push([sum / n, bucket]);
      bucket = b; sum = 0; n = 0;
    }
    sum += p.values[i]!; n++;
  }
  if (n > 0) out.push([sum / n, bucket]);
  return out;
}

/**
 * Answers one structured target. Throws AppError for a bad field (the caller turns it into the
 * target's `{id, error}`).
 */
export function answerStructuredTarget(t: Record<string, unknown>, id: string, ctx: TargetContext): unknown[] {
  const budget = ctx.budget ?? Budget.unlimited();
  const meter = ctx.meter ?? NO_METER;
  const format = str(t, 'format') || 'time_series';
  if (!isOutputFormat(format)) throw bad(`unknown format '${format}': use time_series, table or list`);
  const selector = (str(t, 'selector') || 'last') as Selector;
  if (selector !== 'min' && selector !== 'max' && selector !== 'last') throw bad(`selector '${selector}' is not one of min, max, last`);
  let limit = -1;
  if (t.limit !== undefined && t.limit !== null && t.limit !== '') {
    const n = typeof t.limit === 'string' ? Number(t.limit.trim()) : t.limit;
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < -1) throw bad(`'limit' must be an integer ≥ -1, got ${JSON.stringify(t.limit)}`);
    limit = n;
  }
  // The datasource's blank choice is ' -- '. Used by time_series only (series-aggregate.ts).
  const aggregatorText = str(t, 'aggregator').replace(/^-+$/, '');
  if (aggregatorText !== '' && !isAggregator(aggregatorText)) throw bad(`aggregator '${aggregatorText}' is not one of ${AGGREGATORS.join(', ')}`);
  const aggregator = aggregatorText === '' ? null : aggregatorText;
  const unique = str(t, 'unique');
  const columnsText = str(t, 'columns');
  const columns = columnsText === '' ? [...DEFAULT_COLUMNS] : columnsText.split(',').map((c) => c.trim()).filter((c) => c !== '');
  const sortByEl = str(t, 'sortByEl');
  let sort: { column: string; desc: boolean } | null = null;
  if (sortByEl !== '') {
    const colon = sortByEl.lastIndexOf(':');
    let column = (colon < 0 ? sortByEl : sortByEl.slice(0, colon)).trim();
    let order = colon < 0 ? 'ascending' : sortByEl.slice(colon + 1).trim().toLowerCase();
    // The Grafana datasource's graph query (docs/grafana.md) sends a bare order (`none`) and, when no
    // sorting was chosen, `metric:undefined`: a bare order sorts by metric, `undefined` is none.
    if (colon < 0 && SORT_ORDERS.has(column.toLowerCase())) { order = column.toLowerCase(); column = 'metric'; }
    if (order === 'undefined') order = 'none';
    if (order !== 'ascending' && order !== 'descending' && order !== 'none' && order !== '') {
      throw bad(`sortByEl order '${order}' is not one of ascending, descending, none`);
    }
    if (column === '') throw bad(`sortByEl '${sortByEl}' names no column`);
    if (order !== 'none') sort = { column, desc: order === 'descending' };
  }

  // Filter.
  const variable = str(t, 'variable');
  const device = str(t, 'device');
  const component = textMatcher('component', str(t, 'component'), budget);
  const description = textMatcher('description', str(t, 'description'), budget);
  const tagText = str(t, 'tags');
  const tagsHold = tagText === '' ? null : compileTagRules(parseTagRules(tagText), 'AND');
  // Reading the series of the whole inventory is never what a blank dashboard panel meant: a
  // time_series target that selects nothing (a new panel with no variable chosen, as the Grafana
  // datasource sends it) answers no series, not an error entry (the datasource hands every entry
  // to the graph, which needs datapoints).
  if (format === 'time_series' && variable === '' && device === '' && !component && !description && !tagsHold) {
    return [];
  }
  let rows = ctx.instances.filter((v) => {
    budget.spend();
    return (variable === '' || v.name === variable) && (device === '' || v.deviceName === device)
      && (!component || component(v.componentName)) && (!description || description(v.description))
      && (!tagsHold || tagsHold(v.tags));
  });

  // Reads: each slot at most once, bounded in points.
  let pointsRead = 0;
  const pointsCache = new Map<number, SeriesPoints>();
  const pointsOf = (slot: number): SeriesPoints => {
    let p = pointsCache.get(slot);
    if (!p) {
      budget.check();
      p = ctx.series.read(slot, ctx.fromMs, ctx.untilMs);
      pointsRead += p.tsMs.length;
      if (pointsRead > limits.maxPoints) throw bad(`the target reads more than ${limits.maxPoints} points; narrow the range or the selection`);
      budget.readPoints(p.tsMs.length);
      pointsCache.set(slot, p);
    }
    return p;
  };
  // The metric of every filtered row from one rollup of the series store (per-hour rollups answer
  // whole hours without reading points): the selector's value, and for `last` its time. The time
  // of a min or max is not in a rollup: the `time` column then reads the row's points.
  let rolled: Map<number, Stat> | null = null;
  const rollupStat = (slot: number): Stat => {
    if (rolled === null) {
      rolled = new Map();
      const slots = rows.map((v) => v.slot);
      const r = ctx.series.rollup(slots, ctx.fromMs, ctx.untilMs);
      const column = selector === 'min' ? r.min : selector === 'max' ? r.max : r.last;
      for (let i = 0; i < slots.length; i++) {
        rolled.set(slots[i]!, r.count[i] === 0 ? NO_STAT : { value: column[i]!, tsMs: selector === 'last' ? r.lastTsMs[i]! : null });
      }
    }
    return rolled.get(slot) ?? NO_STAT;
  };
  const statCache = new Map<number, Stat>();
  const statOf = (slot: number, needTime: boolean): Stat => {
    if (!needTime || selector === 'last') return rollupStat(slot);
    let s = statCache.get(slot);
    if (!s) statCache.set(slot, s = pick(pointsOf(slot), selector));
    return s;
  };
  const cellOf = (v: VariableInstance, column: string): Cell => {
    switch (column) {
      case 'time': return statOf(v.slot, true).tsMs;
      case 'metric': { const x = statOf(v.slot, false).value; return x !== null && Number.isFinite(x) ? x : null; }
      case 'variable': return v.name;
      case 'device': return v.deviceName;
      case 'deviceId': return v.deviceId;
      case 'component': return v.componentName;
      case 'index': return v.index;
      case 'description': return v.description;
      case 'unit': return v.unit;
      case 'category': return v.category;
      case 'triplet': return `${v.name}.${v.deviceId}.${v.index}`;
      case 'address': return ctx.devices.get(v.deviceId)?.address ?? null;
      case 'tagFacet': { const f = facetsOf(v.tags); return f.length ? f.join(',') : null; }
      default: {
        const words = facetWords(v.tags, column);
        return words.length ? words.join(',') : null;
      }
    }
  };

  if (sort) {
    const { column, desc } = sort;
    const keyed = rows.map((v) => { budget.spend(); return { v, k: cellOf(v, column) }; });
    keyed.sort((a, b) => {
      budget.spend();
      if (a.k === null || b.k === null) return a.k === b.k ? 0 : a.k === null ? 1 : -1; // nulls last
      const c = typeof a.k === 'number' && typeof b.k === 'number' ? a.k - b.k : compareText(String(a.k), String(b.k));
      return desc ? -c : c;
    });
    rows = keyed.map((x) => x.v);
  }
  // A list answers values, several per row for `tagFacet` and facet columns: its uniqueness and
  // limit apply to the values (shape).
  if (unique !== '' && format !== 'list') {
    const seen = new Set<string>();
    rows = rows.filter((v) => {
      budget.spend();
      const k = JSON.stringify(cellOf(v, unique));
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
  }
  if (limit >= 0 && format !== 'list') rows = rows.slice(0, limit);
  if (format === 'list') {
    const column = unique !== '' ? unique : columns[0]!;
    return listOf(rows, column, sort && sort.column === column ? sort.desc : null, limit, cellOf, budget, meter);
  }
  const out = shape(format, rows, columns, id, cellOf, pointsOf, ctx.groupByMs, budget, meter);
  if (format !== 'time_series' || aggregator === null) return out;
  const series = out as TimeSeriesEntry[];
  const name = variable !== '' ? variable : [...new Set(series.map((e) => e.variable))].join(',');
  const one: TimeSeriesEntry = {
    id, target: `${aggregator}(${name})`, name: 'metric', variable: name, device: device, component: '', description: '', tags: {},
    datapoints: aggregatePoints(aggregator, series.map((e) => e.datapoints)),
  };
  return [one];
}

/**
 * The `list` answer: the distinct non-null values of `column` over the rows, in row order, each word
 * of a multi-valued column (`tagFacet`, a tag facet) its own value; sorted by text when the target
 * sorts by that column (`desc` not null); at most `limit` values (-1: all).
 */
function listOf(
  rows: readonly VariableInstance[], column: string, desc: boolean | null, limit: number,
  cellOf: (v: VariableInstance, column: string) => Cell, budget: Budget, meter: AnswerMeter,
): string[] {
  const out = new Set<string>();
  const add = (text: string): void => {
    if (out.has(text)) return;
    meter.row(textBytes(text) + 1);
    out.add(text);
  };
  for (const v of rows) {
    budget.spend();
    if (column === 'tagFacet') { for (const f of facetsOf(v.tags)) add(f); continue; }
    const c = cellOf(v, column);
    if (c === null) continue;
    if (typeof c === 'string' && !BUILT_IN_COLUMNS.has(column)) { for (const w of facetWords(v.tags, column)) add(w); continue; }
    add(String(c));
  }
  let values = [...out];
  if (desc !== null) values.sort((a, b) => (desc ? -compareText(a, b) : compareText(a, b)));
  if (limit >= 0) values = values.slice(0, limit);
  return values;
}

/** `"datapoints":` and the comma before it. */
const DATAPOINTS_KEY_BYTES = 14;

/** Columns that are not tag facets (cellOf). */
const BUILT_IN_COLUMNS: ReadonlySet<string> = new Set([
  'time', 'metric', 'variable', 'device', 'deviceId', 'component', 'index', 'description', 'unit', 'category', 'triplet', 'address', 'tagFacet',
]);

function shape(
  format: Exclude<OutputFormat, 'list'>, rows: readonly VariableInstance[], columns: readonly string[], id: string,
  cellOf: (v: VariableInstance, column: string) => Cell, pointsOf: (slot: number) => SeriesPoints, groupByMs: number,
  budget: Budget, meter: AnswerMeter,
): unknown[] {
  switch (format) {
    case 'table': {
      const cells = rows.map((v) => {
        budget.spend();
        const row = columns.map((c) => cellOf(v, c));
        meter.row(jsonBytes(row) + 1);
        return row;
      });
      const entry: TableEntry = { type: 'table', id, columns: columns.map((text) => ({ text })), rows: cells };
      return [entry];
    }
    case 'time_series':
      return rows.map((v): TimeSeriesEntry => {
        const p = pointsOf(v.slot);
        budget.spend(p.tsMs.length);
        const tags: Record<string, string> = {};
        for (const tag of v.tags) { const f = facetOf(tag); if (!(f in tags)) tags[f] = wordOf(tag); }
        const head = {
          id, target: `${v.name}:${v.deviceName}:${v.componentName}`, name: 'metric', variable: v.name, device: v.deviceName,
          component: v.componentName, description: v.description, tags,
        };
        // Bucket means are fewer than the points: the points' size bounds them.
        meter.row(jsonBytes(head) + DATAPOINTS_KEY_BYTES + datapointsBytes(p.tsMs, p.values));
        const datapoints: (readonly [number | null, number])[] = groupByMs > 0
          ? bucketMean(p, groupByMs)
          : Array.from(p.tsMs, (ts, i) => [Number.isFinite(p.values[i]!) ? p.values[i]! : null, ts] as const);
        return { ...head, datapoints };
      });
  }
}
