import type { Tag } from '../core/types.js';
import { FUNCTIONS, type Expr, type FuncCall, type Literal, type Operand, type Predicate } from './language/ast.js';
import { parseCidr, subnetTest } from '../core/cidr.js';
import { evalError } from './eval-error.js';
import type { Position } from './language/errors.js';
import { positionOf } from './language/parser.js';
import { compileLike } from './like.js';
import { printOperand } from './language/printer.js';
import { Budget } from './budget.js';
import { regexpTester } from './regexp-safety.js';
import type { RowSource } from './row-source.js';
import { asText, compareScalars, compareToConst, isNullish, toNumber, type Scalar } from './scalar.js';
import {
  checkWindow, cumulativeSum, fromPoints, isSeries, pointwise, reduce, sma, toScalar, tslinear,
  type Reduction, type Value,
} from './series-math.js';

/**
 * Compilation of expressions into closures. Column names are resolved once, constants are
 * prepared once (regexps, LIKE matchers, subnets, numeric readings), and each row costs only the
 * calls of the resulting closures: no AST is walked per row.
 */

/** An operand bound to an environment type E (a row for WHERE, an expanded row for SELECT). */
type Bound<E> =
  | { readonly multi: false; readonly get: (e: E) => Value; readonly constant?: Scalar }
  | {
    readonly multi: true;
    readonly values: (e: E) => readonly Scalar[];
    readonly facet?: { readonly name: string; readonly tags: (e: E) => readonly Tag[] };
  };

export interface Binder<E> {
  /** A column of the table; `wantSeries`: the series form of `metric` on a series table. */
  column(name: string, wantSeries: boolean, pos?: Position): Bound<E>;
}

/** Resolves a column name: exact, else the unique case-insensitive match, else as written. */
export function resolveColumnName(src: RowSource<any>, name: string, pos?: Position): string {
  const known = src.knownColumns();
  if (known.includes(name)) return name;
  const lower = name.toLowerCase();
  const hits = known.filter((k) => k.toLowerCase() === lower);
  if (hits.length === 1) return hits[0]!;
  if (hits.length > 1) throw evalError(`column '${name}' is ambiguous in table ${src.table}: ${hits.join(', ')}`, pos);
  return name;
}

/** The binder of WHERE: environment = a row of the source. */
function rowBinder<R>(src: RowSource<R>): Binder<R> {
  return {
    column(name, wantSeries, pos) {
      const resolved = resolveColumnName(src, name, pos);
      const series = src.series;
      if (wantSeries && series && resolved === 'metric') return { multi: false, get: (r: R) => fromPoints(series.points(r)) };
      const c = src.column(resolved);
      if (!c) throw evalError(`unknown column '${name}' in table ${src.table}`, pos);
      return c.multi ? { multi: true, values: c.values, ...(c.facet ? { facet: c.facet } : {}) } : { multi: false, get: c.get };
    },
  };
}

const constant = <E>(v: Scalar): Bound<E> => ({ multi: false, get: () => v, constant: v });

function literalValue(l: Literal): Scalar {
  return l.value;
}

/** Applies a non-aggregate function to evaluated arguments. */
export function applyCall(name: string, args: readonly Value[]): Value {
  switch (name) {
    case 'tslast': case 'tsmin': case 'tsmax': case 'tsavg': case 'tsmedian': case 'tspercentile95':
      return reduce(name as Reduction, args[0]!);
    case 'tspercentile': {
      const p = toNumber(toScalar(args[0]!));
      if (!(p >= 0 && p <= 100)) throw evalError(`tspercentile() percentile must be a number from 0 to 100, not ${String(toScalar(args[0]!))}`);
      return reduce('tspercentile', args[1]!, p);
    }
    case 'sma': {
      const n = checkWindow(toScalar(args[1]!));
      const x = args[0]!;
      return isSeries(x) ? sma(x, n) : x;
    }
    case 'cumulative_sum': { const x = args[0]!; return isSeries(x) ? cumulativeSum(x) : x; }
    case 'tslinear': { const x = args[0]!; return isSeries(x) ? tslinear(x) : x; }
    case 'ifnan': {
      const fallback = toScalar(args[1]!);
      return pointwise(args[0]!, (v) => (typeof v === 'number' && Number.isNaN(v) ? fallback : v));
    }
    case 'ifnull': {
      const fallback = toScalar(args[1]!);
      return pointwise(args[0]!, (v) => (v === null ? fallback : v));
    }
    case 'to_long':
      return pointwise(args[0]!, (v) => { const n = toNumber(v); return Number.isNaN(n) ? null : Math.trunc(n); });
    default:
      throw evalError(`${name}() combines rows and cannot be used here`);
  }
}

/** Checks literal arguments (sma window, percentile) at compile time, so errors can say where. */
function checkConstantArgs(node: FuncCall): void {
  const arg = node.name === 'sma' ? node.args[1] : node.name === 'tspercentile' ? node.args[0] : undefined;
  if (!arg || (arg.kind !== 'number' && arg.kind !== 'string')) return;
  try {
    applyCall(node.name, node.name === 'sma' ? [null, arg.value] : [arg.value, null]);
  } catch (e) {
    throw evalError((e as Error).message.replace(/^SvcQL error: /, ''), positionOf(arg));
  }
}

/** Whether the function's first argument is read as a series (metric's points on a series table). */
export const wantsSeriesArg = (name: string): boolean => {
  const fam = FUNCTIONS[name as keyof typeof FUNCTIONS]?.family;
  return fam === 'reduce' || fam === 'transform';
};

/**
 * Compiles a row-level operand. Aggregates are refused (`context` names where, for the message).
 * A multi-valued column yields a multi-valued operand; a function over one maps each value.
 */
export function compileOperand<E>(node: Operand, b: Binder<E>, wantSeries: boolean, context: string): Bound<E> {
  switch (node.kind) {
    case 'column': return b.column(node.name, wantSeries, positionOf(node));
    case 'string': case 'number': return constant(literalValue(node));
    case 'star': throw evalError(`'*' is only allowed in count(*)`);
    case 'call': {
      const fam = FUNCTIONS[node.name].family;
      if (fam === 'aggregate') throw evalError(`${node.name}() combines rows and cannot be used in ${context}`, positionOf(node));
      checkConstantArgs(node);
      const seriesArgIndex = node.name === 'tspercentile' ? 1 : 0;
      const args = node.args.map((a, i) =>
        compileOperand(a, b, i === seriesArgIndex ? (wantsSeriesArg(node.name) || wantSeries) : false, context));
      const name = node.name;
      const firstMulti = args[seriesArgIndex];
      if (args.some((a, i) => a.multi && i !== seriesArgIndex)) {
        throw evalError(`${printOperand(node)}: only the value argument may be a multi-valued column`, positionOf(node));
      }
      const others = args.map((a) => (a.multi ? null : a.get));
      if (firstMulti && firstMulti.multi) {
        const values = firstMulti.values;
        const apply = (e: E, v: Scalar): Scalar =>
          toScalar(applyCall(name, others.map((g, i) => (i === seriesArgIndex ? v : g!(e)))));
        return {
          multi: true,
          // A facet with no word is NULL: the function sees one null (ifnull(Role, 'none') = 'none').
          values: (e) => {
            const vs = values(e);
            return vs.length ? vs.map((v) => apply(e, v)) : [apply(e, null)];
          },
        };
      }
      const getters = others as ((e: E) => Value)[];
      if (getters.length === 1) { const g0 = getters[0]!; return { multi: false, get: (e) => applyCall(name, [g0(e)]) }; }
      return { multi: false, get: (e) => applyCall(name, getters.map((g) => g(e))) };
    }
  }
}

/**
 * Compiles a matching expression into a predicate over environments E. REGEXP tests are charged
 * to `budget` (regexp-safety.ts: regexpTester).
 */
function compileExpr<E>(e: Expr, b: Binder<E>, budget: Budget = Budget.unlimited()): (env: E) => boolean {
  switch (e.kind) {
    case 'and': { const l = compileExpr(e.left, b, budget); const r = compileExpr(e.right, b, budget); return (x) => l(x) && r(x); }
    case 'or': { const l = compileExpr(e.left, b, budget); const r = compileExpr(e.right, b, budget); return (x) => l(x) || r(x); }
    case 'not': { const f = compileExpr(e.expr, b, budget); return (x) => !f(x); }
    default: return compilePredicate(e, b, budget);
  }
}

/** Compiles a WHERE expression against a row source (REGEXP tests charged to `budget`). */
export function compileWhere<R>(e: Expr | null, src: RowSource<R>, budget?: Budget): (row: R) => boolean {
  if (e === null) return () => true;
  return compileExpr(e, rowBinder(src), budget);
}

/**
 * A predicate holds for a multi-valued operand when some value satisfies it, except the negative
 * forms (!=, NOT IN, NOT LIKE, NOT REGEXP, NOT BETWEEN) which hold when no value satisfies the
 * positive form; a single value behaves as a list of one (NULL as a list of none).
 */
function compilePredicate<E>(p: Predicate, b: Binder<E>, budget: Budget): (env: E) => boolean {
  const where = 'WHERE';
  if (p.kind === 'isNull') {
    const o = compileOperand(p.operand, b, false, where);
    if (o.multi) {
      const values = o.values;
      const isNull = (x: E): boolean => { for (const v of values(x)) if (!isNullish(v)) return false; return true; };
      return p.negated ? (x) => !isNull(x) : isNull;
    }
    const get = o.get;
    return p.negated ? (x) => !isNullish(toScalar(get(x))) : (x) => isNullish(toScalar(get(x)));
  }

  const left = p.kind === 'compare' ? p.left : p.operand;
  const o = compileOperand(left, b, false, where);
  let negated = false;
  let test: (v: Scalar) => boolean;
  /** Non-numeric constants of `=` / IN, for the facet shortcut. */
  const words: string[] = [];

  switch (p.kind) {
    case 'compare': {
      negated = p.op === '!=';
      const op = negated ? '=' : p.op;
      const r = compileOperand(p.right, b, false, where);
      if (r.multi) throw evalError(`the right side of ${p.op} cannot be a multi-valued column`, positionOf(p.right));
      if (r.constant !== undefined) {
        const cmp = compareToConst(r.constant);
        test = cmpTest(op, cmp);
        if (op === '=' && typeof r.constant === 'string' && Number.isNaN(toNumber(r.constant))) words.push(r.constant);
        break;
      }
      // Two columns (or functions): both sides are read per row.
      const rg = r.get;
      let holds: (x: E) => boolean;
      if (!o.multi) {
        const lg = o.get;
        holds = (x) => opHolds(op, compareScalars(toScalar(lg(x)), toScalar(rg(x))));
      } else {
        const lv = o.values;
        holds = (x) => {
          const rv = toScalar(rg(x));
          for (const v of lv(x)) if (opHolds(op, compareScalars(v, rv))) return true;
          return false;
        };
      }
      return negated ? (x) => !holds(x) : holds;
    }
    case 'in': {
      negated = p.negated;
      const nums = new Set<number>();
      const strs = new Set<string>();
      let allWords = true;
      for (const l of p.values) {
        const v = literalValue(l);
        const n = toNumber(v);
        if (Number.isNaN(n)) { strs.add(asText(v)); words.push(asText(v)); } else { nums.add(n); allWords = false; }
      }
      if (!allWords) words.length = 0;
      test = (v) => {
        if (isNullish(v)) return false;
        const n = toNumber(v);
        return Number.isNaN(n) ? strs.has(v as string) : nums.has(n);
      };
      break;
    }
    case 'like': {
      negated = p.negated;
      const m = compileLike(p.pattern);
      test = (v) => v !== null && m(asText(v));
      break;
    }
    case 'regexp': {
      negated = p.negated;
      const re = regexpTester(p.pattern, budget);
      test = (v) => v !== null && re(typeof v === 'string' ? v : String(v));
      break;
    }
    case 'between': {
      negated = p.negated;
      const lo = compareToConst(literalValue(p.low));
      const hi = compareToConst(literalValue(p.high));
      test = (v) => lo(v) >= 0 && hi(v) <= 0;
      break;
    }
    case 'subnet': {
      const net = parseCidr(p.cidr);
      if (!net) throw evalError(`'${p.cidr}' is not a subnet`);
      const inside = subnetTest(net);
      test = (v) => v !== null && inside(asText(v));
      break;
    }
  }

  // Facet columns: `Facet = 'Word'` / IN ('a','b') become lookups of the tags `Facet.Word`.
  if (o.multi && o.facet && words.length > 0) {
    const full = words.map((w) => `${o.facet!.name}.${w}`);
    const t0 = full[0]!;
    const tt: (tags: readonly Tag[]) => boolean = full.length === 1
      ? (tags) => tags.includes(t0)
      : (tags) => { for (const t of full) if (tags.includes(t)) return true; return false; };
    const tagsOf = o.facet.tags;
    return negated ? (x) => !tt(tagsOf(x)) : (x) => tt(tagsOf(x));
  }

  if (o.multi) {
    const values = o.values;
    const some = (x: E): boolean => { for (const v of values(x)) if (test(v)) return true; return false; };
    return negated ? (x) => !some(x) : some;
  }
  const get = o.get;
  const isCall = left.kind === 'call';
  if (isCall) return negated ? (x) => !test(toScalar(get(x))) : (x) => test(toScalar(get(x)));
  const g = get as (e: E) => Scalar;
  return negated ? (x) => !test(g(x)) : (x) => test(g(x));
}

function opHolds(op: string, c: number): boolean {
  switch (op) {
    case '=': return c === 0;
    case '<': return c < 0;
    case '<=': return c <= 0;
    case '>': return c > 0;
    case '>=': return c >= 0;
    default: return false;
  }
}

function cmpTest(op: string, cmp: (v: Scalar) => number): (v: Scalar) => boolean {
  switch (op) {
    case '=': return (v) => cmp(v) === 0;
    case '<': return (v) => cmp(v) < 0;
    case '<=': return (v) => cmp(v) <= 0;
    case '>': return (v) => cmp(v) > 0;
    case '>=': return (v) => cmp(v) >= 0;
    default: throw evalError(`unknown operator ${op}`);
  }
}
