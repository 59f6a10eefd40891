import { parser } from '@prometheus-io/lezer-promql';
import { AppError } from '../../core/errors.js';

/**
 * PromQL as this server answers it (the Prometheus HTTP API of docs/api.md): a vector selector
 * with label matchers (`ifInRate{device="r1", component=~"xe-.*"}`), or a constant number
 * expression (`1+1`, which Grafana's connection test sends). Parsed with the official Lezer
 * grammar of Prometheus (@prometheus-io/lezer-promql; this file is its one importer). Anything
 * else (functions such as rate, aggregations, range selectors, offset, @, binary operations on
 * series) is AppError BAD_PARAMETER naming what is supported.
 */

type MatchOp = '=' | '!=' | '=~' | '!~';

export interface LabelMatcher {
  readonly label: string;
  readonly op: MatchOp;
  readonly value: string;
}

type PromExpr =
  | { readonly kind: 'selector'; readonly matchers: readonly LabelMatcher[] }
  | { readonly kind: 'number'; readonly value: number };

/** What the messages say is supported. */
const PROMQL_SUPPORTED =
  'supported: a vector selector with label matchers (metric{label="value", ...} with =, !=, =~, !~) or a constant number expression';

/** The longest query text parsed (a selector is short; the parser's work grows with the text). */
const MAX_PROMQL_CHARS = 16 * 1024;

interface Node {
  readonly name: string;
  readonly from: number;
  readonly to: number;
  readonly firstChild: Node | null;
  readonly nextSibling: Node | null;
  readonly type: { readonly isError: boolean };
}

const quoteText = (s: string): string => JSON.stringify(s.length > 120 ? `${s.slice(0, 120)}…` : s);

const bad = (msg: string): AppError => new AppError('BAD_PARAMETER', msg);

function children(n: Node): Node[] {
  const out: Node[] = [];
  for (let c = n.firstChild; c !== null; c = c.nextSibling) out.push(c);
  return out;
}

/** Parses a query; AppError BAD_PARAMETER for a syntax error or anything beyond what is supported. */
export function parsePromql(text: string): PromExpr {
  if (text.trim() === '') throw bad('query is empty; ' + PROMQL_SUPPORTED);
  if (text.length > MAX_PROMQL_CHARS) throw bad(`query is longer than ${MAX_PROMQL_CHARS} characters`);
  const tree = parser.parse(text);
  let error: Node | undefined;
  tree.iterate({ enter(n) { if (error === undefined && n.type.isError) error = n.node as unknown as Node; return error === undefined; } });
  if (error !== undefined) throw bad(`query ${quoteText(text)} has a syntax error at character ${error.from + 1}`);
  const top = (tree.topNode as unknown as Node).firstChild;
  if (top === null) throw bad('query is empty; ' + PROMQL_SUPPORTED);
  if (top.name === 'VectorSelector') return { kind: 'selector', matchers: selector(text, top) };
  return { kind: 'number', value: constant(text, top) };
}

/** Parses a selector alone (the `match[]` of the labels and series calls). */
export function parseSelector(text: string): readonly LabelMatcher[] {
  const e = parsePromql(text);
  if (e.kind !== 'selector') throw bad(`${quoteText(text)} is not a series selector (metric{label="value", ...})`);
  return e.matchers;
}

function selector(text: string, node: Node): LabelMatcher[] {
  const out: LabelMatcher[] = [];
  for (const c of children(node)) {
    if (c.name === 'Identifier') out.push({ label: '__name__', op: '=', value: text.slice(c.from, c.to) });
    else if (c.name === 'LabelMatchers') {
      for (const m of children(c)) out.push(matcher(text, m));
    } else throw unsupported(text, c);
  }
  if (!out.some((m) => !regexMatches(m, ''))) {
    throw bad(`vector selector ${quoteText(text)} must contain at least one matcher that does not match the empty value`);
  }
  return out;
}

/** Whether a matcher accepts `value` (used here for the empty value; RE2's full-match semantics). */
function regexMatches(m: LabelMatcher, value: string): boolean {
  switch (m.op) {
    case '=': return m.value === value;
    case '!=': return m.value !== value;
    default: {
      let hit: boolean;
      try { hit = new RegExp(`^(?:${m.value})$`).test(value); } catch { hit = false; }
      return m.op === '=~' ? hit : !hit;
    }
  }
}

const OPS: Record<string, MatchOp> = { EqlSingle: '=', Neq: '!=', EqlRegex: '=~', NeqRegex: '!~' };

function matcher(text: string, m: Node): LabelMatcher {
  const parts = children(m);
  if (m.name === 'QuotedLabelName') return { label: '__name__', op: '=', value: unquote(text, parts[0]!) };
  if (m.name !== 'UnquotedLabelMatcher' && m.name !== 'QuotedLabelMatcher') throw unsupported(text, m);
  const [nameNode, opNode, valueNode] = parts;
  if (nameNode === undefined || opNode === undefined || valueNode === undefined) throw unsupported(text, m);
  const label = nameNode.name === 'LabelName' ? text.slice(nameNode.from, nameNode.to) : unquote(text, nameNode.firstChild ?? nameNode);
  const opName = opNode.firstChild?.name ?? '';
  const op = OPS[opName];
  if (op === undefined) throw unsupported(text, opNode);
  return { label, op, value: unquote(text, valueNode) };
}

function unsupported(text: string, n: Node): AppError {
  const part = text.slice(n.from, n.to);
  return bad(`${describe(n.name)} ${quoteText(part)} is not supported; ${PROMQL_SUPPORTED}`);
}

function describe(name: string): string {
  switch (name) {
    case 'FunctionCall': return 'a function call';
    case 'AggregateExpr': return 'an aggregation';
    case 'MatrixSelector': return 'a range selector';
    case 'SubqueryExpr': return 'a subquery';
    case 'OffsetExpr': return 'offset';
    case 'StepInvariantExpr': return 'the @ modifier';
    case 'BinaryExpr': return 'a binary operation on series';
    case 'StringLiteral': return 'a string literal';
    default: return `'${name}'`;
  }
}

/** A constant number expression: literals, parentheses, unary minus and + - * / % ^ between them. */
function constant(text: string, n: Node): number {
  switch (n.name) {
    case 'NumberDurationLiteral': return numberLiteral(text, n);
    case 'ParenExpr': {
      const inner = n.firstChild;
      if (inner === null) throw unsupported(text, n);
      return constant(text, inner);
    }
    case 'UnaryExpr': {
      const [op, operand] = children(n);
      if (op === undefined || operand === undefined) throw unsupported(text, n);
      const v = constant(text, operand);
      return text.slice(op.from, op.to).trim() === '-' ? -v : v;
    }
    case 'BinaryExpr': {
      const parts = children(n);
      if (parts.length !== 3) throw unsupported(text, n);
      const [l, op, r] = parts as [Node, Node, Node];
      const a = constantOr(text, l, n);
      const b = constantOr(text, r, n);
      switch (op.name) {
        case 'Add': return a + b;
        case 'Sub': return a - b;
        case 'Mul': return a * b;
        case 'Div': return a / b;
        case 'Mod': return a % b;
        case 'Pow': return a ** b;
        default: throw unsupported(text, n);
      }
    }
    default: throw unsupported(text, n);
  }
}

/** An operand of a binary operation: a series operand makes the operation unsupported as a whole. */
function constantOr(text: string, operand: Node, whole: Node): number {
  if (operand.name === 'VectorSelector' || operand.name === 'MatrixSelector' || operand.name === 'FunctionCall' || operand.name === 'AggregateExpr') {
    throw unsupported(text, whole);
  }
  return constant(text, operand);
}

function numberLiteral(text: string, n: Node): number {
  const s = text.slice(n.from, n.to).replace(/_/g, '');
  const body = s.replace(/^[+-]/, '');
  const sign = s.startsWith('-') ? -1 : 1;
  if (/^inf$/i.test(body)) return sign * Infinity;
  if (/^nan$/i.test(body)) return NaN;
  const v = /^0x[0-9a-f]+$/i.test(body) ? parseInt(body, 16) : Number(body);
  if (!Number.isFinite(v) || !/^(?:0x[0-9a-f]+|[0-9]*\.?[0-9]*(?:e[+-]?[0-9]+)?)$/i.test(body)) {
    throw bad(`${quoteText(s)} is a duration, not a number; ${PROMQL_SUPPORTED}`);
  }
  return sign * v;
}

const ESCAPES: Record<string, string> = { a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\', '"': '"', "'": "'" };

/** A PromQL string literal's value: "…" and '…' with Go escapes, or `…` raw. */
function unquote(text: string, n: Node): string {
  const s = text.slice(n.from, n.to);
  if (s.length < 2) throw bad(`${quoteText(s)} is not a string literal`);
  const q = s[0];
  const body = s.slice(1, -1);
  if (q === '`') return body;
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c !== '\\') { out += c; continue; }
    const e = body[++i] ?? '';
    if (e in ESCAPES) { out += ESCAPES[e]; continue; }
    const hex = e === 'x' ? 2 : e === 'u' ? 4 : e === 'U' ? 8 : 0;
    if (hex > 0) {
      const h = body.slice(i + 1, i + 1 + hex);
      if (!new RegExp(`^[0-9a-fA-F]{${hex}}$`).test(h)) throw bad(`bad escape \\${e}${h} in ${quoteText(s)}`);
      const cp = parseInt(h, 16);
      if (cp > 0x10ffff) throw bad(`bad escape \\${e}${h} in ${quoteText(s)}`);
      out += String.fromCodePoint(cp);
      i += hex;
      continue;
    }
    if (/[0-7]/.test(e)) {
      const o = body.slice(i, i + 3);
      if (!/^[0-7]{3}$/.test(o)) throw bad(`bad escape \\${o} in ${quoteText(s)}`);
      out += String.fromCharCode(parseInt(o, 8) & 0xff);
      i += 2;
      continue;
    }
    throw bad(`unknown escape \\${e} in ${quoteText(s)}`);
  }
  return out;
}
