import { AppError } from '../core/errors.js';
import { tokenize, type Token } from './language/lexer.js';

/**
 * The expression language of derived variables (config `variables.derived[].expression`,
 * docs/variables.md "Derived variables"): numbers, variable names, `+ - * /` with the usual
 * precedence, parentheses, unary minus, and SvcQL's function names `sum avg min max count` (over a
 * device's interfaces: scope `device` only, argument a variable name) and `ifnan ifnull abs`.
 *
 * Evaluation is over numbers; NaN is "no value": an input with no point at the grid time, a
 * division by 0, an aggregate over no value (except `count`, which is then 0). NaN goes through
 * arithmetic, so a missing input makes the result NaN (a gap: nothing is stored) unless `ifnan` /
 * `ifnull` (the same here) replace it. Aggregates skip the interfaces without a value.
 *
 * Errors: AppError SVCQL_SYNTAX `expression error at 1:7: …` (line:column of the offending
 * token, 1-based).
 */

export type DerivedScope = 'device' | 'interface';

type DExpr =
  | { readonly kind: 'num'; readonly value: number }
  | { readonly kind: 'ref'; readonly name: string; readonly at: number }
  | { readonly kind: 'neg'; readonly arg: DExpr }
  | { readonly kind: 'bin'; readonly op: '+' | '-' | '*' | '/'; readonly left: DExpr; readonly right: DExpr }
  | { readonly kind: 'agg'; readonly fn: AggregateFn; readonly name: string; readonly at: number }
  | { readonly kind: 'call'; readonly fn: 'ifnan' | 'ifnull' | 'abs'; readonly args: readonly DExpr[] };

type AggregateFn = 'sum' | 'avg' | 'min' | 'max' | 'count';

/** Longest expression text and deepest nesting (parentheses, unary minus, calls). */
export const MAX_EXPRESSION_CHARS = 4096;
const MAX_EXPRESSION_DEPTH = 32;
/** Most tokens of one expression. */
const MAX_EXPRESSION_TOKENS = 1024;

const AGGREGATES: readonly string[] = ['sum', 'avg', 'min', 'max', 'count'];
const SCALARS: Readonly<Record<string, number>> = { ifnan: 2, ifnull: 2, abs: 1 };

function posOf(text: string, offset: number): string {
  let line = 1;
  let col = 1;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text[i] === '\n') { line++; col = 1; } else col++;
  }
  return `${line}:${col}`;
}

const syntax = (where: string, message: string): AppError => new AppError('SVCQL_SYNTAX', `expression error at ${where}: ${message}`);

function fail(text: string, at: number, message: string): never {
  throw syntax(posOf(text, at), message);
}

/** The tokens of an expression: SvcQL's lexer with its arithmetic grammar, this language's errors. */
const tokenizeExpression = (text: string): Token[] => tokenize(text, {
  grammar: 'arithmetic',
  maxTokens: MAX_EXPRESSION_TOKENS,
  error: (_kind, message, pos) => syntax(pos ? `${pos.line}:${pos.col}` : posOf(text, text.length), message),
});

/**
 * Parses an expression of a derived variable of `scope` (aggregates only in scope `device`).
 * Throws AppError SVCQL_SYNTAX with the position.
 */
export function parseDerivedExpression(text: string, scope: DerivedScope): DExpr {
  if (text.length > MAX_EXPRESSION_CHARS) fail(text, MAX_EXPRESSION_CHARS, `longer than ${MAX_EXPRESSION_CHARS} characters`);
  if (text.trim() === '') fail(text, 0, 'empty expression');
  const toks = tokenizeExpression(text);
  let p = 0;
  const peek = (): Token => toks[p]!;
  /** Whether `t` is the operator or punctuation `s`. */
  const is = (t: Token, s: string): boolean => (t.kind === 'op' || t.kind === 'punct') && t.text === s;
  const describe = (t: Token): string => (t.kind === 'eof' ? 'the end' : `'${t.text}'`);
  const expect = (s: string): void => {
    const t = peek();
    if (!is(t, s)) fail(text, t.pos.offset, `expected '${s}' but found ${describe(t)}`);
    p++;
  };

  const sum = (depth: number): DExpr => {
    let left = product(depth);
    for (;;) {
      const t = peek();
      if (!is(t, '+') && !is(t, '-')) return left;
      p++;
      left = { kind: 'bin', op: t.text as '+' | '-', left, right: product(depth) };
    }
  };
  const product = (depth: number): DExpr => {
    let left = unary(depth);
    for (;;) {
      const t = peek();
      if (!is(t, '*') && !is(t, '/')) return left;
      p++;
      left = { kind: 'bin', op: t.text as '*' | '/', left, right: unary(depth) };
    }
  };
  const unary = (depth: number): DExpr => {
    const t = peek();
    if (depth > MAX_EXPRESSION_DEPTH) fail(text, t.pos.offset, `nested deeper than ${MAX_EXPRESSION_DEPTH}`);
    if (is(t, '-')) { p++; return { kind: 'neg', arg: unary(depth + 1) }; }
    if (is(t, '+')) { p++; return unary(depth + 1); }
    return primary(depth);
  };
  const primary = (depth: number): DExpr => {
    const t = peek();
    if (t.kind === 'number') {
      p++;
      const value = Number(t.text);
      if (!Number.isFinite(value)) fail(text, t.pos.offset, `number out of range '${t.text}'`);
      return { kind: 'num', value };
    }
    if (is(t, '(')) {
      p++;
      const e = sum(depth + 1);
      expect(')');
      return e;
    }
    if (t.kind === 'ident') {
      p++;
      const next = peek();
      if (!is(next, '(')) return { kind: 'ref', name: t.text, at: t.pos.offset };
      const fn = t.text.toLowerCase();
      p++;
      if (AGGREGATES.includes(fn)) {
        if (scope !== 'device') fail(text, t.pos.offset, `${fn}() runs over a device's interfaces: only in a derived variable of scope device`);
        const arg = peek();
        if (arg.kind !== 'ident') fail(text, arg.pos.offset, `${fn}() takes a variable name, found ${describe(arg)}`);
        p++;
        const close = peek();
        if (is(close, '(')) fail(text, close.pos.offset, `${fn}() takes a variable name, not a function call`);
        expect(')');
        return { kind: 'agg', fn: fn as AggregateFn, name: arg.text, at: arg.pos.offset };
      }
      const arity = SCALARS[fn];
      if (arity === undefined) {
        fail(text, t.pos.offset, `unknown function '${t.text}'; known: ${[...AGGREGATES, ...Object.keys(SCALARS)].join(', ')}`);
      }
      const args: DExpr[] = [];
      if (!is(peek(), ')')) {
        for (;;) {
          args.push(sum(depth + 1));
          const sep = peek();
          if (is(sep, ',')) { p++; continue; }
          break;
        }
      }
      if (args.length !== arity) fail(text, t.pos.offset, `${fn}() takes ${arity} argument${arity > 1 ? 's' : ''}, got ${args.length}`);
      expect(')');
      return { kind: 'call', fn: fn as 'ifnan' | 'ifnull' | 'abs', args };
    }
    fail(text, t.pos.offset, `expected a number, a variable name, a function or '(' but found ${describe(t)}`);
  };

  const e = sum(0);
  const end = peek();
  if (end.kind !== 'eof') fail(text, end.pos.offset, `expected an operator or the end but found ${describe(end)}`);
  return e;
}

/** The variable names an expression reads (as values and as aggregate arguments), each once, in order. */
function referencedNames(e: DExpr): string[] {
  const out: string[] = [];
  const walk = (x: DExpr): void => {
    switch (x.kind) {
      case 'ref': case 'agg': if (!out.includes(x.name)) out.push(x.name); return;
      case 'neg': walk(x.arg); return;
      case 'bin': walk(x.left); walk(x.right); return;
      case 'call': for (const a of x.args) walk(a); return;
      default: return;
    }
  };
  walk(e);
  return out;
}

/**
 * The loader's check of a derived variable's expression (core/config-schema.ts
 * DerivedExpressionChecker): parses it; returns the names it reads, so that the loader can apply
 * the order rule among derived variables.
 */
export function checkDerivedExpression(expression: string, scope: DerivedScope): string[] {
  return referencedNames(parseDerivedExpression(expression, scope));
}

/**
 * Where a compiled expression reads its inputs, for one instance `k` of the derived variable: a
 * `ref` reads `values[refIndex[k * refs + r]]` (r: the ref's number in the expression, in
 * `refNames` order); an aggregate `a` reads `values[aggIndex[j]]` for j from `aggStart[k * aggs + a]`
 * to `aggStart[k * aggs + a + 1]`... (aggEnd). An index may point at a cell that holds NaN (no input).
 */
interface InputLayout {
  readonly refIndex: Int32Array;
  readonly aggStart: Int32Array;
  readonly aggEnd: Int32Array;
  readonly aggIndex: Int32Array;
}

/** An expression compiled to a function of (values, instance k); no allocation per call. */
export type CompiledExpression = (values: Float64Array, k: number) => number;

/** The refs (value names) and aggregates of an expression, in the order `compileDerived` numbers them. */
export function expressionInputs(e: DExpr): { refs: string[]; aggs: { fn: AggregateFn; name: string }[] } {
  const refs: string[] = [];
  const aggs: { fn: AggregateFn; name: string }[] = [];
  const walk = (x: DExpr): void => {
    switch (x.kind) {
      case 'ref': if (!refs.includes(x.name)) refs.push(x.name); return;
      case 'agg': aggs.push({ fn: x.fn, name: x.name }); return;
      case 'neg': walk(x.arg); return;
      case 'bin': walk(x.left); walk(x.right); return;
      case 'call': for (const a of x.args) walk(a); return;
      default: return;
    }
  };
  walk(e);
  return { refs, aggs };
}

/** Compiles a parsed expression over a layout (see expressionInputs for the numbering of refs and aggregates). */
export function compileDerived(e: DExpr, layout: InputLayout): CompiledExpression {
  const { refs, aggs } = expressionInputs(e);
  const nRefs = refs.length;
  const nAggs = aggs.length;
  const { refIndex, aggStart, aggEnd, aggIndex } = layout;
  let aggNo = 0;
  const build = (x: DExpr): CompiledExpression => {
    switch (x.kind) {
      case 'num': { const c = x.value; return () => c; }
      case 'ref': {
        const r = refs.indexOf(x.name);
        return (v, k) => v[refIndex[k * nRefs + r]!]!;
      }
      case 'neg': { const a = build(x.arg); return (v, k) => -a(v, k); }
      case 'bin': {
        const l = build(x.left);
        const r = build(x.right);
        switch (x.op) {
          case '+': return (v, k) => l(v, k) + r(v, k);
          case '-': return (v, k) => l(v, k) - r(v, k);
          case '*': return (v, k) => l(v, k) * r(v, k);
          default: return (v, k) => { const d = r(v, k); return d === 0 ? NaN : l(v, k) / d; };
        }
      }
      case 'call': {
        const a = build(x.args[0]!);
        if (x.fn === 'abs') return (v, k) => Math.abs(a(v, k));
        const b = build(x.args[1]!);
        return (v, k) => { const y = a(v, k); return Number.isNaN(y) ? b(v, k) : y; };
      }
      case 'agg': {
        const slot = aggNo++;
        const fn = x.fn;
        return (v, k) => {
          const from = aggStart[k * nAggs + slot]!;
          const to = aggEnd[k * nAggs + slot]!;
          let n = 0;
          let acc = fn === 'min' ? Infinity : fn === 'max' ? -Infinity : 0;
          for (let j = from; j < to; j++) {
            const y = v[aggIndex[j]!]!;
            if (Number.isNaN(y)) continue;
            n++;
            if (fn === 'min') { if (y < acc) acc = y; } else if (fn === 'max') { if (y > acc) acc = y; } else acc += y;
          }
          if (fn === 'count') return n;
          if (n === 0) return NaN;
          return fn === 'avg' ? acc / n : acc;
        };
      }
    }
  };
  return build(e);
}
