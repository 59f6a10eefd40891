import { KEYWORDS, type Expr, type Literal, type Operand, type SelectStatement } from './ast.js';
import { isIdentifier } from './lexer.js';

/**
 * Prints an AST back to SvcQL such that parsing the text gives an equal AST. Strings are always
 * single-quoted, columns are bare when they can be and backticked otherwise (always on the right
 * of an operator, where a bare word would be a string).
 */
export function printExpression(e: Expr): string {
  return expr(e, 0);
}

export function printStatement(s: SelectStatement): string {
  const parts: string[] = ['SELECT'];
  if (s.distinct) parts.push('DISTINCT');
  parts.push(s.items.map((it) => (it.kind === 'star' ? '*' : operand(it.expr, 'left') + (it.alias !== null ? ` AS ${name(it.alias)}` : ''))).join(', '));
  parts.push('FROM', name(s.from));
  if (s.where) parts.push('WHERE', expr(s.where, 0));
  if (s.groupBy.length) {
    parts.push('GROUP BY', s.groupBy.map((g) => (g.kind === 'groupTime' ? `time(${g.duration})` : name(g.name))).join(', '));
  }
  if (s.orderBy.length) parts.push('ORDER BY', s.orderBy.map((o) => `${name(o.name)}${o.desc ? ' DESC' : ''}`).join(', '));
  if (s.limit) parts.push(`LIMIT ${s.limit.count}${s.limit.offset ? `, ${s.limit.offset}` : ''}`);
  return parts.join(' ');
}

/** Prints an operand as it would stand on the left of an operator (also the default select item name). */
export function printOperand(o: Operand): string {
  return operand(o, 'left');
}

/** A string literal: single quotes; `'` and `\` are backslash-escaped. */
function quoteString(v: string): string {
  return `'${v.replace(/[\\']/g, (c) => `\\${c}`)}'`;
}

const bareName = (n: string): boolean => isIdentifier(n) && !KEYWORDS.has(n.toUpperCase());

/** A name (table, alias, GROUP/ORDER column): bare when possible, else backticked. */
function name(n: string): string {
  return bareName(n) ? n : `\`${n.replace(/`/g, '``')}\``;
}

function literal(l: Literal): string {
  return l.kind === 'number' ? numberText(l.value) : quoteString(l.value);
}

function numberText(v: number): string {
  return Object.is(v, -0) ? '-0' : String(v);
}

function operand(o: Operand, side: 'left' | 'right'): string {
  switch (o.kind) {
    case 'column': return side === 'left' ? name(o.name) : `\`${o.name.replace(/`/g, '``')}\``;
    case 'string': return quoteString(o.value);
    case 'number': return numberText(o.value);
    case 'star': return '*';
    case 'call': return `${o.name}(${o.args.map((a) => operand(a, 'left')).join(', ')})`;
  }
}

/** Precedence: OR 1, AND 2, NOT 3, predicates 4. A child binding weaker than its place gets parentheses. */
function expr(e: Expr, min: number): string {
  let text: string;
  let prec: number;
  switch (e.kind) {
    case 'or':
      prec = 1;
      text = `${expr(e.left, 1)} OR ${expr(e.right, 2)}`;
      break;
    case 'and':
      prec = 2;
      text = `${expr(e.left, 2)} AND ${expr(e.right, 3)}`;
      break;
    case 'not':
      prec = 3;
      text = `NOT ${expr(e.expr, 3)}`;
      break;
    default:
      prec = 4;
      text = predicate(e);
  }
  return prec < min ? `(${text})` : text;
}

function predicate(e: Exclude<Expr, { kind: 'or' | 'and' | 'not' }>): string {
  const not = 'negated' in e && e.negated ? 'NOT ' : '';
  switch (e.kind) {
    case 'compare': return `${operand(e.left, 'left')} ${e.op} ${operand(e.right, 'right')}`;
    case 'in': return `${operand(e.operand, 'left')} ${not}IN (${e.values.map(literal).join(', ')})`;
    case 'like': return `${operand(e.operand, 'left')} ${not}LIKE ${quoteString(e.pattern)}`;
    case 'regexp': return `${operand(e.operand, 'left')} ${not}REGEXP ${quoteString(e.pattern)}`;
    case 'between': return `${operand(e.operand, 'left')} ${not}BETWEEN ${literal(e.low)} AND ${literal(e.high)}`;
    case 'isNull': return `${operand(e.operand, 'left')} IS ${e.negated ? 'NOT ' : ''}NULL`;
    case 'subnet': return `${operand(e.operand, 'left')} << ${quoteString(e.cidr)}`;
  }
}
