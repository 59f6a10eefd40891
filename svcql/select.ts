import type { AppError } from '../core/errors.js';
import { isAppError } from '../core/errors.js';
import { FUNCTIONS, type Operand, type SelectStatement } from './language/ast.js';
import { abortsRequest, Budget } from './budget.js';
import { applyCall, compileOperand, compileWhere, resolveColumnName, wantsSeriesArg, type Binder } from './compile.js';
import { evalError } from './eval-error.js';
import { limitError, type Position } from './language/errors.js';
import { limits } from './language/limits.js';
import { parseStatements, positionOf } from './language/parser.js';
import { printOperand } from './language/printer.js';
import {
  isSeriesSource, type Catalog, type RowIdentity, type RowSource, type TableSource, type TimeRange,
} from './row-source.js';
import { sortCompare, type Scalar } from './scalar.js';
import {
  aggregate, bucketize, checkBuckets, fromPoints, isSeries, toScalar, type Aggregate, type Series, type Value,
} from './series-math.js';
import { extractTimeRange } from './time-range.js';

export interface ExecuteOptions {
  /** "now" for relative times and the default range. */
  readonly nowMs: number;
  /**
   * The range a series statement covers where its WHERE sets no bound (the dashboard query's
   * from/until); without it, the hour before now.
   */
  readonly defaultRange?: Partial<TimeRange>;
  /**
   * What the request may spend (time, points); every row, comparison and read is charged to it.
   * Without it, unlimited (the statement's own bounds of limits.ts still hold).
   */
  readonly budget?: Budget;
}

interface ResultColumn {
  readonly name: string;
  /** The `time` column of a series table (the table format then lists one row per point). */
  readonly isTime: boolean;
}

interface ResultRow {
  /** One value per column: a scalar, or a series (metric, transforms, aggregates of series). */
  readonly values: readonly Value[];
  /** Who the row is: the row's identity, or for a group the fields its members share ('*' otherwise). */
  readonly identity: RowIdentity;
}

export interface SelectResult {
  readonly table: string;
  readonly columns: readonly ResultColumn[];
  readonly rows: readonly ResultRow[];
  /** The time range of a series table, null for the other tables. */
  readonly range: TimeRange | null;
}

type StatementOutcome =
  | { readonly ok: true; readonly statement: SelectStatement; readonly result: SelectResult }
  | { readonly ok: false; readonly statement: SelectStatement; readonly error: AppError };

/**
 * Parses and runs every statement of a query text. A syntax or limit error in the text throws;
 * an error while running one statement is that statement's outcome and the others still run,
 * except a spent budget (budget.ts: abortsRequest), which stops the request and propagates.
 * Errors that are not AppErrors are bugs and propagate.
 */
export function executeQuery(text: string, catalog: Catalog, opts: ExecuteOptions): StatementOutcome[] {
  return parseStatements(text).map((statement) => {
    try {
      return { ok: true, statement, result: executeStatement(statement, catalog, opts) };
    } catch (e) {
      if (isAppError(e) && !abortsRequest(e)) return { ok: false, statement, error: e };
      throw e;
    }
  });
}

/** Finds a table: exact name, else the unique case-insensitive match. SVCQL_EVAL when unknown. */
function resolveTable(catalog: Catalog, name: string, pos?: Position): TableSource {
  const exact = catalog.table(name);
  if (exact) return exact;
  const lower = name.toLowerCase();
  const hits = catalog.tableNames().filter((n) => n.toLowerCase() === lower);
  if (hits.length === 1) {
    const t = catalog.table(hits[0]!);
    if (t) return t;
  }
  if (hits.length > 1) throw evalError(`table '${name}' is ambiguous: ${hits.join(', ')}`, pos);
  throw evalError(`unknown table '${name}': use devices, interfaces, variables, tags, alerts or a variable name`, pos);
}

interface Env { readonly row: unknown; readonly picks: readonly Scalar[] }
type GroupFn = (members: readonly Env[]) => Value;

const hasAggregate = (o: Operand): boolean =>
  o.kind === 'call' && (FUNCTIONS[o.name].family === 'aggregate' || o.args.some(hasAggregate));

function columnsOf(o: Operand, out: string[]): string[] {
  if (o.kind === 'column') out.push(o.name);
  if (o.kind === 'call') for (const a of o.args) columnsOf(a, out);
  return out;
}

/** Runs one parsed statement against a catalog. Throws AppError SVCQL_* on evaluation errors. */
export function executeStatement(stmt: SelectStatement, catalog: Catalog, opts: ExecuteOptions): SelectResult {
  const budget = opts.budget ?? Budget.unlimited();
  const table = resolveTable(catalog, stmt.from, positionOf(stmt));
  const times = stmt.groupBy.filter((g) => g.kind === 'groupTime');
  if (times.length > 1) throw evalError('GROUP BY may name time() once', positionOf(times[1]!));
  const bucketMs = times.length ? (times[0] as { ms: number }).ms : 0;
  let src: RowSource<any>;
  let where = stmt.where;
  let range: TimeRange | null = null;
  if (isSeriesSource(table)) {
    const x = extractTimeRange(where, opts.nowMs, opts.defaultRange);
    range = x.range;
    where = x.rest;
    if (bucketMs) checkBuckets(range.fromMs, range.toMs, bucketMs);
    src = table.open(range, budget);
  } else {
    if (bucketMs) throw evalError(`GROUP BY time() needs a series table (a variable name), not ${table.table}`, positionOf(times[0]!));
    src = table;
  }

  const match = compileWhere(where, src, budget);
  const all = src.rows();
  const rows: unknown[] = [];
  for (let i = 0; i < all.length; i++) {
    budget.spend();
    if (match(all[i])) rows.push(all[i]);
  }

  // Select items (`*` expands to the table's star columns).
  const items: { expr: Operand; name: string }[] = [];
  for (const it of stmt.items) {
    if (it.kind === 'star') {
      const star = stmt.distinct && src.distinctStarColumns ? src.distinctStarColumns : src.starColumns;
      for (const c of star) items.push({ expr: { kind: 'column', name: c }, name: c });
    }
    else items.push({ expr: it.expr, name: it.alias ?? (it.expr.kind === 'column' ? it.expr.name : printOperand(it.expr)) });
  }
  const groupCols = stmt.groupBy.flatMap((g) => (g.kind === 'groupColumn' ? [g.name] : []));

  // Multi-valued columns named by the items or GROUP BY: each row appears once per value.
  const pickIndex = new Map<string, number>();
  const pickers: ((row: unknown) => readonly Scalar[])[] = [];
  for (const name of [...items.flatMap((it) => columnsOf(it.expr, [])), ...groupCols]) {
    const resolved = resolveColumnName(src, name);
    if (pickIndex.has(resolved)) continue;
    const c = src.column(resolved);
    if (c && c.multi) { pickIndex.set(resolved, pickers.length); pickers.push(c.values); }
  }
  const envs = expand(rows, pickers, budget);

  const seriesCache = new Map<unknown, Series>();
  const series = src.series;
  const binder: Binder<Env> = {
    column(name, wantSeries, pos) {
      const resolved = resolveColumnName(src, name, pos);
      if (wantSeries && series && resolved === 'metric') {
        return {
          multi: false,
          get: (e) => {
            let s = seriesCache.get(e.row);
            if (!s) {
              s = fromPoints(series.points(e.row));
              if (bucketMs) s = bucketize(s, bucketMs);
              seriesCache.set(e.row, s);
            }
            return s;
          },
        };
      }
      const c = src.column(resolved);
      if (!c) throw evalError(`unknown column '${name}' in table ${src.table}`, pos);
      if (!c.multi) { const g = c.get; return { multi: false, get: (e) => g(e.row) }; }
      const k = pickIndex.get(resolved);
      if (k !== undefined) return { multi: false, get: (e) => e.picks[k]! };
      const values = c.values;
      return { multi: false, get: (e) => values(e.row)[0] ?? null };
    },
  };

  const compileGroup = (node: Operand, wantSeries: boolean): GroupFn => {
    if (node.kind === 'star') return (m) => m.length;
    if (node.kind !== 'call' || !hasAggregate(node)) {
      const b = compileOperand(node, binder, wantSeries, 'SELECT');
      if (b.multi) throw evalError(`internal: unexpanded column in ${printOperand(node)}`);
      const get = b.get;
      const fallback = b.constant ?? null;
      return (m) => (m.length ? get(m[0]!) : fallback);
    }
    const fam = FUNCTIONS[node.name].family;
    if (fam === 'aggregate') {
      const arg = node.args[0]!;
      if (arg.kind === 'star') return (m) => m.length;
      const fn = node.name as Aggregate;
      if (!hasAggregate(arg)) {
        // The common case: a row-level argument, read straight from each member.
        const b = compileOperand(arg, binder, wantSeries, 'SELECT');
        if (b.multi) throw evalError(`internal: unexpanded column in ${printOperand(arg)}`);
        const get = b.get;
        return (m) => {
          const vals: Value[] = new Array(m.length);
          for (let i = 0; i < m.length; i++) vals[i] = get(m[i]!);
          budget.spend(seriesPoints(vals)); // combining series costs their points
          return aggregate(fn, vals);
        };
      }
      const inner = compileGroup(arg, wantSeries);
      return (m) => {
        const vals: Value[] = new Array(m.length);
        for (let i = 0; i < m.length; i++) vals[i] = inner([m[i]!]);
        budget.spend(seriesPoints(vals));
        return aggregate(fn, vals);
      };
    }
    const seriesArg = node.name === 'tspercentile' ? 1 : 0;
    const args = node.args.map((a, i) => compileGroup(a, i === seriesArg ? (wantsSeriesArg(node.name) || wantSeries) : false));
    const name = node.name;
    return (m) => applyCall(name, args.map((a) => a(m)));
  };

  const itemFns = items.map((it) => compileGroup(it.expr, true));
  const grouped = items.some((it) => hasAggregate(it.expr)) || groupCols.length > 0;
  let groups: Env[][];
  if (grouped) {
    const keyFns = groupCols.map((g) => {
      const b = binder.column(g, false);
      if (b.multi) throw evalError(`internal: unexpanded GROUP BY column ${g}`);
      return b.get;
    });
    const byKey = new Map<Scalar, Env[]>();
    const k0 = keyFns[0];
    for (const e of envs) {
      budget.spend();
      // One key column: its value is the map key (1 and '1' stay apart, as JSON would keep them).
      const key = keyFns.length === 0 ? '' : keyFns.length === 1 ? toScalar(k0!(e)) : JSON.stringify(keyFns.map((f) => toScalar(f(e))));
      let g = byKey.get(key);
      if (!g) { g = []; byKey.set(key, g); }
      g.push(e);
    }
    groups = [...byKey.values()];
    if (groups.length === 0 && keyFns.length === 0) groups = [[]];
  } else {
    groups = envs.map((e) => [e]);
  }

  let out = groups.map((members) => {
    budget.spend(1 + members.length);
    return { values: itemFns.map((f) => f(members)), identity: mergeIdentity(members, (e) => src.identity(e.row)), members };
  });

  if (stmt.distinct) {
    const seen = new Set<string>();
    out = out.filter((r) => {
      budget.spend();
      const k = JSON.stringify(r.values.map(toScalar));
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
  }

  if (stmt.orderBy.length) {
    const keyFns = stmt.orderBy.map((o) => {
      let idx = items.findIndex((it) => it.name === o.name);
      if (idx < 0) {
        const lower = o.name.toLowerCase();
        const hits = items.map((it, i) => (it.name.toLowerCase() === lower ? i : -1)).filter((i) => i >= 0);
        if (hits.length === 1) idx = hits[0]!;
      }
      if (idx >= 0) { const k = idx; return (r: { values: readonly Value[] }) => toScalar(r.values[k]!); }
      const b = binder.column(o.name, false);
      if (b.multi) throw evalError(`internal: multi-valued ORDER BY column ${o.name}`);
      const get = b.get;
      return (r: { members: readonly Env[] }) => (r.members.length ? toScalar(get(r.members[0]!)) : null);
    });
    const keyed = out.map((r) => { budget.spend(); return { r, keys: keyFns.map((f) => f(r)) }; });
    keyed.sort((a, b) => {
      budget.spend();
      for (let i = 0; i < keyFns.length; i++) {
        const c = sortCompare(a.keys[i]!, b.keys[i]!);
        if (c !== 0) return stmt.orderBy[i]!.desc && !(a.keys[i] === null || b.keys[i] === null) ? -c : c;
      }
      return 0;
    });
    out = keyed.map((k) => k.r);
  }

  if (stmt.limit) {
    const { count, offset } = stmt.limit;
    out = out.slice(offset, count < 0 ? undefined : offset + count);
  }

  const timeNames = series ? new Set(['time']) : new Set<string>();
  return {
    table: src.table,
    columns: items.map((it) => ({
      name: it.name,
      isTime: it.expr.kind === 'column' && timeNames.has(resolveColumnName(src, it.expr.name)),
    })),
    rows: out.map((r) => ({ values: r.values, identity: r.identity })),
    range,
  };
}

/** Points of the series among `vals` (what combining them costs). */
function seriesPoints(vals: readonly Value[]): number {
  let n = 0;
  for (const v of vals) if (isSeries(v)) n += v.ts.length;
  return n;
}

/** One environment per combination of the multi-valued columns' values (a row with none: NULL). */
function expand(rows: readonly unknown[], pickers: readonly ((row: unknown) => readonly Scalar[])[], budget: Budget): Env[] {
  const out: Env[] = [];
  const none: readonly Scalar[] = [null];
  const noPicks: readonly Scalar[] = [];
  for (const row of rows) {
    budget.spend();
    if (pickers.length === 0) { out.push({ row, picks: noPicks }); continue; }
    if (out.length >= limits.maxExpandedRows) {
      throw limitError(`more than ${limits.maxExpandedRows} rows after expanding multi-valued columns`);
    }
    if (pickers.length === 1) {
      const v = pickers[0]!(row);
      budget.spend(v.length);
      if (v.length === 0) out.push({ row, picks: none });
      else for (let i = 0; i < v.length; i++) out.push({ row, picks: [v[i]!] });
      continue;
    }
    const lists = pickers.map((p) => { const v = p(row); return v.length ? v : none; });
    const idx = new Array<number>(lists.length).fill(0);
    for (;;) {
      budget.spend();
      if (out.length >= limits.maxExpandedRows) {
        throw limitError(`more than ${limits.maxExpandedRows} rows after expanding multi-valued columns`);
      }
      out.push({ row, picks: lists.map((l, i) => l[idx[i]!]!) });
      let k = lists.length - 1;
      while (k >= 0 && ++idx[k]! >= lists[k]!.length) { idx[k] = 0; k--; }
      if (k < 0) break;
    }
  }
  return out;
}

/** The identity of a group: each field its members share, '*' (or null, '') where they differ. */
function mergeIdentity(members: readonly Env[], identity: (e: Env) => RowIdentity): RowIdentity {
  if (members.length === 0) {
    return { variable: '*', device: '*', deviceId: null, component: '*', index: null, description: '', tags: [] };
  }
  const first = identity(members[0]!);
  if (members.length === 1) return first;
  let { variable, device, deviceId, component, index, description } = first;
  let tags = first.tags;
  for (let i = 1; i < members.length; i++) {
    const id = identity(members[i]!);
    if (id.variable !== variable) variable = '*';
    if (id.device !== device) device = '*';
    if (id.deviceId !== deviceId) deviceId = null;
    if (id.component !== component) component = '*';
    if (id.index !== index) index = null;
    if (id.description !== description) description = '';
    if (tags.length && id.tags !== tags) tags = tags.filter((t) => id.tags.includes(t));
    // Nothing left in common: the rest of the group cannot change the answer.
    if (variable === '*' && device === '*' && component === '*' && deviceId === null && index === null &&
      description === '' && tags.length === 0) break;
  }
  return { variable, device, deviceId, component, index, description, tags };
}
