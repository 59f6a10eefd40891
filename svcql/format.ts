import type { AppError } from '../core/errors.js';
import { isAppError } from '../core/errors.js';
import { abortsRequest, Budget } from './budget.js';
import { statementWarnings } from './column-check.js';
import { datapointsBytes, jsonBytes, textBytes } from './json-size.js';
import type { Catalog } from './row-source.js';
import { asText, isNullish, type Scalar } from './scalar.js';
import { parseStatements } from './language/parser.js';
import { executeStatement, type ExecuteOptions, type SelectResult } from './select.js';
import { isSeries, toScalar, type Value } from './series-math.js';
import { facetOf, wordOf } from './tag-set.js';

/** The dashboard-tool output formats. */
export type OutputFormat = 'time_series' | 'table' | 'list';

export const isOutputFormat = (s: unknown): s is OutputFormat => s === 'time_series' || s === 'table' || s === 'list';

export interface TimeSeriesEntry {
  readonly id: string;
  /** `variable:device:component` ('*' for a field a group's members do not share). */
  readonly target: string;
  /** The select item the points come from (alias or expression). */
  readonly name: string;
  readonly variable: string;
  readonly device: string;
  readonly component: string;
  readonly description: string;
  /** Facet → word (the first word when a facet has several). */
  readonly tags: Readonly<Record<string, string>>;
  readonly datapoints: readonly (readonly [number | null, number])[];
}

export interface TableEntry {
  readonly type: 'table';
  readonly id: string;
  readonly columns: readonly { readonly text: string }[];
  readonly rows: readonly (readonly (string | number | null)[])[];
}

/**
 * Bounds an answer while it is built: told of each row of a table, entry of time_series and value
 * of a list before it is added, with its estimated JSON size (json-size.ts), and throws to stop
 * the answer (the caller's bounds of rows and bytes).
 */
export interface AnswerMeter {
  row(bytes: number): void;
}

interface FormatOptions {
  /** The dashboard tool's target id, copied into each entry. */
  readonly id?: string;
  /** list format: the column whose distinct values are listed (default: the first column). */
  readonly unique?: string;
  /** Told of every row before it is added (no bound without it). */
  readonly meter?: AnswerMeter;
  /** Charged per row and point written (unlimited without it). */
  readonly budget?: Budget;
}

const NO_METER: AnswerMeter = { row: () => {} };

/** `"datapoints":` and the comma before it. */
const DATAPOINTS_KEY_BYTES = 14;

const jsonNumber = (v: number): number | null => (Number.isFinite(v) ? v : null);
const cell = (v: Scalar): string | number | null => (typeof v === 'number' ? jsonNumber(v) : v);

/**
 * Shapes a SELECT result for the dashboard tool:
 * - time_series: one entry per row and series-valued column (a numeric scalar becomes one point
 *   at the end of the range);
 * - table: one row per result row with series shown by their last value, or, when the `time`
 *   column is selected, one row per time stamp of the row's series;
 * - list: the distinct non-null values of the first column (or of `unique`), as strings.
 */
export function formatResult(result: SelectResult, format: 'time_series', opts?: FormatOptions): TimeSeriesEntry[];
export function formatResult(result: SelectResult, format: 'table', opts?: FormatOptions): TableEntry[];
export function formatResult(result: SelectResult, format: 'list', opts?: FormatOptions): string[];
export function formatResult(result: SelectResult, format: OutputFormat, opts?: FormatOptions): unknown[];
export function formatResult(result: SelectResult, format: OutputFormat, opts: FormatOptions = {}): unknown[] {
  const id = opts.id ?? '';
  const meter = opts.meter ?? NO_METER;
  const budget = opts.budget ?? Budget.unlimited();
  switch (format) {
    case 'time_series': return timeSeries(result, id, meter, budget);
    case 'table': return [table(result, id, meter, budget)];
    case 'list': return list(result, opts.unique, meter, budget);
  }
}

function timeSeries(result: SelectResult, id: string, meter: AnswerMeter, budget: Budget): TimeSeriesEntry[] {
  const out: TimeSeriesEntry[] = [];
  const endMs = result.range?.toMs ?? null;
  for (const row of result.rows) {
    const idn = row.identity;
    const tags: Record<string, string> = {};
    for (const t of idn.tags) { const f = facetOf(t); if (!(f in tags)) tags[f] = wordOf(t); }
    result.columns.forEach((col, i) => {
      if (col.isTime) return;
      const v = row.values[i]!;
      if (!isSeries(v) && !(typeof v === 'number' && endMs !== null)) return;
      const head = {
        id, target: `${idn.variable}:${idn.device}:${idn.component}`, name: col.name,
        variable: idn.variable, device: idn.device, component: idn.component, description: idn.description,
        tags,
      };
      let datapoints: [number | null, number][];
      if (isSeries(v)) {
        budget.spend(v.ts.length);
        meter.row(jsonBytes(head) + DATAPOINTS_KEY_BYTES + datapointsBytes(v.ts, v.v));
        datapoints = Array.from(v.ts, (t, k) => [jsonNumber(v.v[k]!), t]);
      } else {
        datapoints = [[jsonNumber(v as number), endMs!]];
        meter.row(jsonBytes(head) + DATAPOINTS_KEY_BYTES + jsonBytes(datapoints));
      }
      out.push({ ...head, datapoints });
    });
  }
  return out;
}

function table(result: SelectResult, id: string, meter: AnswerMeter, budget: Budget): TableEntry {
  const timeCol = result.columns.findIndex((c) => c.isTime);
  const rows: (string | number | null)[][] = [];
  const add = (cells: (string | number | null)[]): void => {
    budget.spend();
    meter.row(jsonBytes(cells) + 1);
    rows.push(cells);
  };
  for (const row of result.rows) {
    const series = row.values.map((v, i) => (i !== timeCol && isSeries(v) ? v : null));
    if (timeCol >= 0 && series.some((s) => s !== null)) {
      const stamps = new Set<number>();
      for (const s of series) if (s) { budget.spend(s.ts.length); for (const t of s.ts) stamps.add(t); }
      // Each series is ascending: walk it with a cursor instead of searching per time stamp.
      const cursor = series.map(() => 0);
      for (const t of [...stamps].sort((a, b) => a - b)) {
        add(row.values.map((v, i) => {
          if (i === timeCol) return t;
          const s = series[i];
          if (!s) return cell(toScalar(v));
          let k = cursor[i]!;
          while (k < s.ts.length && s.ts[k]! < t) k++;
          cursor[i] = k;
          return k < s.ts.length && s.ts[k] === t ? jsonNumber(s.v[k]!) : null;
        }));
      }
      continue;
    }
    add(row.values.map((v: Value) => cell(toScalar(v))));
  }
  return { type: 'table', id, columns: result.columns.map((c) => ({ text: c.name })), rows };
}

function list(result: SelectResult, unique: string | undefined, meter: AnswerMeter, budget: Budget): string[] {
  let idx = 0;
  if (unique) {
    idx = result.columns.findIndex((c) => c.name === unique);
    if (idx < 0) idx = result.columns.findIndex((c) => c.name.toLowerCase() === unique.toLowerCase());
    if (idx < 0) return [];
  }
  const seen = new Set<string>();
  for (const row of result.rows) {
    budget.spend();
    const v = toScalar(row.values[idx] ?? null);
    if (isNullish(v)) continue;
    const text = asText(v);
    if (seen.has(text)) continue;
    meter.row(textBytes(text) + 1);
    seen.add(text);
  }
  return [...seen];
}

/**
 * The `json` format of SvcQL targets (NetSpyGlass' query language has it; the newest Grafana plugin
 * reads its FROM menu with it): one entry per statement, `{id, rows, dataFreshness, server, queryId,
 * age}` with each row an object keyed by column name (series shown by their last value, as in
 * `table`). `dataFreshness` and `age` are 0 (answers are computed when asked), `queryId` counts
 * the statements of the target from 0, `server` is ''.
 */
interface JsonEntry {
  readonly id: string;
  readonly rows: readonly Readonly<Record<string, string | number | null>>[];
  readonly dataFreshness: number;
  readonly server: string;
  readonly queryId: number;
  readonly age: number;
}

function jsonRows(result: SelectResult, id: string, queryId: number, meter: AnswerMeter, budget: Budget): JsonEntry {
  const names = result.columns.map((c) => c.name);
  const rows = result.rows.map((row) => {
    budget.spend();
    const o: Record<string, string | number | null> = {};
    row.values.forEach((v: Value, i) => { o[names[i]!] = cell(toScalar(v)); });
    meter.row(jsonBytes(o) + 1);
    return o;
  });
  return { id, rows, dataFreshness: 0, server: '', queryId, age: 0 };
}

/** A dashboard-tool SvcQL target `{svcql, format}`. */
interface SvcqlTarget {
  readonly svcql: string;
  readonly format?: string;
  readonly id?: string;
  readonly unique?: string;
}

/**
 * Answers one SvcQL target: the formatted results of its statements, concatenated, or
 * `[{id, error, code}]` when the text does not parse or a statement fails, so one bad target never
 * fails the others. Only AppErrors become answers, except a spent budget or a bound of the
 * request's answer (`meter`), which stop the request and propagate; anything else is a bug and
 * propagates.
 */
export function answerSvcqlTarget(target: SvcqlTarget, catalog: Catalog, opts: ExecuteOptions, meter?: AnswerMeter): unknown[] {
  const id = target.id ?? '';
  const format = target.format ?? 'time_series';
  const fail = (e: AppError): unknown[] => [{ id, error: e.message, code: e.code }];
  if (!isOutputFormat(format) && format !== 'json') {
    return [{ id, error: `unknown format '${format}': use time_series, table, list or json`, code: 'BAD_PARAMETER' }];
  }
  try {
    // Statement by statement, so that one statement's rows are gone before the next one runs.
    const out: unknown[] = [];
    let queryId = 0;
    for (const statement of parseStatements(target.svcql)) {
      const result = executeStatement(statement, catalog, opts);
      if (format === 'json') {
        out.push(jsonRows(result, id, queryId++, meter ?? NO_METER, opts.budget ?? Budget.unlimited()));
        continue;
      }
      const entries = formatResult(result, format, {
        id, ...(target.unique ? { unique: target.unique } : {}), ...(meter ? { meter } : {}), ...(opts.budget ? { budget: opts.budget } : {}),
      });
      const warnings = format === 'table' ? statementWarnings(statement, catalog) : [];
      for (const x of entries) out.push(warnings.length ? { ...(x as object), warnings } : x); // no push(...entries): too many arguments for a long answer
    }
    return out;
  } catch (e) {
    if (isAppError(e) && !abortsRequest(e)) return fail(e);
    throw e;
  }
}
