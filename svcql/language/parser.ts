import {
  FUNCTIONS, KEYWORDS, isFunctionName,
  type CompareOp, type Expr, type GroupItem, type Limit, type Literal, type Operand, type OrderItem,
  type SelectItem, type SelectStatement,
} from './ast.js';
import { parseDurationMs } from './duration.js';
import { limitError, syntaxError, type Position } from './errors.js';
import { tokenize, type Token } from './lexer.js';
import { limits } from './limits.js';
import { checkRegexpSource } from './regexp-check.js';
import { parseCidr } from '../../core/cidr.js';

/** Parses a matching expression (the part after WHERE; a leading WHERE is accepted). */
export function parseExpression(src: string): Expr {
  const p = new Parser(src);
  if (p.isKeyword('WHERE')) p.next();
  const e = p.expr();
  p.expectEnd();
  return e;
}

/** Parses one or more SELECT statements separated by `;`. */
export function parseStatements(src: string): SelectStatement[] {
  const p = new Parser(src);
  const out: SelectStatement[] = [];
  for (;;) {
    while (p.isPunct(';')) p.next();
    if (p.peek().kind === 'eof') break;
    if (out.length >= limits.maxStatements) throw limitError(`more than ${limits.maxStatements} statements`, p.peek().pos);
    out.push(p.statement());
    if (p.isPunct(';')) continue;
    p.expectEnd();
    break;
  }
  if (out.length === 0) throw syntaxError(p.peek().pos, `expected SELECT or FROM but found end of input`);
  return out;
}

/** Parses exactly one SELECT statement (a trailing `;` is accepted). */
export function parseStatement(src: string): SelectStatement {
  const all = parseStatements(src);
  if (all.length !== 1) throw syntaxError({ line: 1, col: 1, offset: 0 }, `expected one statement but found ${all.length}`);
  return all[0]!;
}

/**
 * Where nodes came from, kept out of the AST's visible shape (which records meaning only) so that evaluation
 * errors can say where: operands, predicates and GROUP BY time items map to their first token; a
 * statement maps to its table name.
 */
const POSITION: unique symbol = Symbol('svcql.position');
type Positioned = { [POSITION]?: Position };
export const positionOf = (node: object): Position | undefined => (node as Positioned)[POSITION];
/** Attaches a position as a non-enumerable symbol property: invisible to JSON and to deep equality. */
function at<T extends object>(node: T, pos: Position): T {
  Object.defineProperty(node, POSITION, { value: pos });
  return node;
}

const COMPARE_OPS: ReadonlySet<string> = new Set(['=', '!=', '<', '<=', '>', '>=']);

function describe(t: Token): string {
  if (t.kind === 'eof') return 'end of input';
  const text = t.text.length > 40 ? `${t.text.slice(0, 37)}...` : t.text;
  return `'${text}'`;
}

class Parser {
  private readonly tokens: Token[];
  private i = 0;
  private depth = 0;

  constructor(src: string) {
    this.tokens = tokenize(src);
  }

  peek(k = 0): Token {
    return this.tokens[Math.min(this.i + k, this.tokens.length - 1)]!;
  }

  next(): Token {
    const t = this.peek();
    if (t.kind !== 'eof') this.i++;
    return t;
  }

  isKeyword(kw: string, k = 0): boolean {
    const t = this.peek(k);
    return t.kind === 'ident' && t.value.toUpperCase() === kw;
  }

  isPunct(p: string): boolean {
    const t = this.peek();
    return t.kind === 'punct' && t.value === p;
  }

  fail(expected: string, t: Token = this.peek()): never {
    throw syntaxError(t.pos, `expected ${expected} but found ${describe(t)}`);
  }

  expectKeyword(kw: string, context: string): void {
    if (!this.isKeyword(kw)) this.fail(`${kw}${context}`);
    this.next();
  }

  expectPunct(p: string, context: string): void {
    if (!this.isPunct(p)) this.fail(`'${p}'${context}`);
    this.next();
  }

  expectEnd(): void {
    if (this.peek().kind !== 'eof') this.fail('end of input');
  }

  private enter(): void {
    if (++this.depth > limits.maxDepth) throw limitError(`nesting deeper than ${limits.maxDepth}`, this.peek().pos);
  }

  private leave(): void {
    this.depth--;
  }

  // statement := SELECT [DISTINCT] selectItem {',' selectItem} FROM table [WHERE expr]
  //              [GROUP BY groupItem {',' groupItem}] [ORDER BY orderItem {',' orderItem}]
  //              [LIMIT n [',' offset] | LIMIT n OFFSET offset]
  //            | FROM table [WHERE expr]
  statement(): SelectStatement {
    let distinct = false;
    let items: SelectItem[];
    if (this.isKeyword('FROM')) {
      items = [{ kind: 'star' }];
    } else {
      this.expectKeyword('SELECT', ' or FROM');
      if (this.isKeyword('DISTINCT')) { this.next(); distinct = true; }
      items = [this.selectItem()];
      while (this.isPunct(',')) { this.next(); items.push(this.selectItem()); }
    }
    this.expectKeyword('FROM', items.length ? ' after the selected columns' : '');
    const fromPos = this.peek().pos;
    const from = this.name('a table name after FROM');
    let where: Expr | null = null;
    if (this.isKeyword('WHERE')) { this.next(); where = this.expr(); }
    const groupBy: GroupItem[] = [];
    if (this.isKeyword('GROUP')) {
      this.next();
      this.expectKeyword('BY', ' after GROUP');
      groupBy.push(this.groupItem());
      while (this.isPunct(',')) { this.next(); groupBy.push(this.groupItem()); }
    }
    const orderBy: OrderItem[] = [];
    if (this.isKeyword('ORDER')) {
      this.next();
      this.expectKeyword('BY', ' after ORDER');
      orderBy.push(this.orderItem());
      while (this.isPunct(',')) { this.next(); orderBy.push(this.orderItem()); }
    }
    let limit: Limit | null = null;
    if (this.isKeyword('LIMIT')) { this.next(); limit = this.limit(); }
    return at({ kind: 'select', distinct, items, from, where, groupBy, orderBy, limit }, fromPos);
  }

  // selectItem := '*' | operand [[AS] alias]
  private selectItem(): SelectItem {
    if (this.isPunct('*')) { this.next(); return { kind: 'star' }; }
    const expr = this.operand('left', 'a column, value or function to select');
    let alias: string | null = null;
    if (this.isKeyword('AS')) {
      this.next();
      alias = this.name('an alias after AS');
    } else {
      const t = this.peek();
      if ((t.kind === 'ident' && !KEYWORDS.has(t.value.toUpperCase())) || t.kind === 'quotedIdent' || t.kind === 'string') {
        alias = this.name('an alias');
      }
    }
    return { kind: 'item', expr, alias };
  }

  /** A name: identifier (not a keyword), `quoted`, 'string', "string" or bareword. */
  private name(expected: string): string {
    const t = this.peek();
    if (t.kind === 'ident' && !KEYWORDS.has(t.value.toUpperCase())) { this.next(); return t.value; }
    if (t.kind === 'quotedIdent' || t.kind === 'string' || t.kind === 'bare') {
      if (t.value === '') this.fail(expected);
      this.next();
      return t.value;
    }
    return this.fail(expected);
  }

  // groupItem := column | time '(' duration ')'
  private groupItem(): GroupItem {
    if (this.isKeyword('TIME') && this.peek(1).kind === 'punct' && this.peek(1).value === '(') {
      const start = this.peek().pos;
      this.next();
      this.next();
      const t = this.peek();
      const ms = t.kind === 'eof' || t.kind === 'punct' || t.kind === 'op' ? null : parseDurationMs(t.value);
      if (ms === null) this.fail('a duration such as 30s, 5m, 1h or 1d in time()');
      this.next();
      this.expectPunct(')', ' after the duration');
      return at({ kind: 'groupTime', duration: t.value, ms }, start);
    }
    return { kind: 'groupColumn', name: this.name('a column after GROUP BY') };
  }

  // orderItem := column [ASC | DESC]
  private orderItem(): OrderItem {
    const name = this.name('a column after ORDER BY');
    let desc = false;
    if (this.isKeyword('ASC')) this.next();
    else if (this.isKeyword('DESC')) { this.next(); desc = true; }
    return { name, desc };
  }

  // limit := integer [',' integer] | integer OFFSET integer
  private limit(): Limit {
    const count = this.integer('a row count after LIMIT', -1);
    let offset = 0;
    if (this.isPunct(',')) { this.next(); offset = this.integer('an offset after the LIMIT count', 0); }
    else if (this.isKeyword('OFFSET')) { this.next(); offset = this.integer('an offset after OFFSET', 0); }
    return { count, offset };
  }

  private integer(expected: string, min: number): number {
    const t = this.peek();
    const v = t.kind === 'number' ? Number(t.value) : NaN;
    if (!Number.isSafeInteger(v) || v < min) this.fail(expected);
    this.next();
    return v;
  }

  // expr := andExpr {OR andExpr}
  expr(): Expr {
    const start = this.peek().pos;
    let left = this.andExpr();
    while (this.isKeyword('OR')) {
      this.next();
      left = at({ kind: 'or', left, right: this.andExpr() }, start);
    }
    return left;
  }

  // andExpr := notExpr {AND notExpr}
  private andExpr(): Expr {
    const start = this.peek().pos;
    let left = this.notExpr();
    while (this.isKeyword('AND')) {
      this.next();
      left = at({ kind: 'and', left, right: this.notExpr() }, start);
    }
    return left;
  }

  // notExpr := NOT notExpr | '(' expr ')' | predicate
  private notExpr(): Expr {
    if (this.isKeyword('NOT')) {
      const start = this.peek().pos;
      this.next();
      this.enter();
      const e = this.notExpr();
      this.leave();
      return at({ kind: 'not', expr: e }, start);
    }
    if (this.isPunct('(')) {
      this.next();
      this.enter();
      const e = this.expr();
      this.leave();
      this.expectPunct(')', ' to close the parenthesis');
      return e;
    }
    return this.predicate();
  }

  // predicate := operand op operand | operand [NOT] IN '(' value {',' value} ')'
  //            | operand [NOT] LIKE value | operand [NOT] REGEXP value
  //            | operand [NOT] BETWEEN value AND value | operand << cidr
  //            | operand IS [NOT] NULL | operand ISNULL | operand NOTNULL | operand NOT NULL
  private predicate(): Expr {
    const start = this.peek().pos;
    return at(this.predicateBody(), start);
  }

  private predicateBody(): Expr {
    const operand = this.operand('left', 'a column or value');
    const t = this.peek();
    if (t.kind === 'op') {
      this.next();
      if (t.value === '<<') {
        const v = this.peek();
        const lit = this.literal(`a subnet after '<<'`);
        const cidr = String(lit.value);
        if (parseCidr(cidr) === null) throw syntaxError(v.pos, `expected a subnet such as 10.0.0.0/8 or 2001:db8::/32 after '<<' but found ${describe(v)}`);
        return { kind: 'subnet', operand, cidr };
      }
      if (!COMPARE_OPS.has(t.value)) this.fail('a comparison operator', t);
      const right = this.operand('right', `a value after '${t.text}'`);
      return { kind: 'compare', op: t.value as CompareOp, left: operand, right };
    }
    let negated = false;
    if (this.isKeyword('NOT')) {
      if (this.isKeyword('NULL', 1)) { this.next(); this.next(); return { kind: 'isNull', negated: true, operand }; }
      this.next();
      negated = true;
    }
    if (this.isKeyword('IN')) {
      this.next();
      this.expectPunct('(', ' after IN');
      const values: Literal[] = [this.literal('a value in the IN list')];
      while (this.isPunct(',')) { this.next(); values.push(this.literal('a value in the IN list')); }
      this.expectPunct(')', ' to close the IN list');
      return { kind: 'in', negated, operand, values };
    }
    if (this.isKeyword('LIKE')) {
      this.next();
      return { kind: 'like', negated, operand, pattern: String(this.literal('a pattern after LIKE').value) };
    }
    if (this.isKeyword('REGEXP')) {
      this.next();
      const at = this.peek();
      const pattern = String(this.literal('a pattern after REGEXP').value);
      checkRegexpSource(pattern, at.pos);
      return { kind: 'regexp', negated, operand, pattern };
    }
    if (this.isKeyword('BETWEEN')) {
      this.next();
      const low = this.literal('a value after BETWEEN');
      this.expectKeyword('AND', ' between the BETWEEN bounds');
      const high = this.literal('a value after AND');
      return { kind: 'between', negated, operand, low, high };
    }
    if (negated) this.fail('IN, LIKE, REGEXP, BETWEEN or NULL after NOT');
    if (this.isKeyword('IS')) {
      this.next();
      let neg = false;
      if (this.isKeyword('NOT')) { this.next(); neg = true; }
      this.expectKeyword('NULL', neg ? ' after IS NOT' : ' after IS');
      return { kind: 'isNull', negated: neg, operand };
    }
    if (this.isKeyword('ISNULL')) { this.next(); return { kind: 'isNull', negated: false, operand }; }
    if (this.isKeyword('NOTNULL')) { this.next(); return { kind: 'isNull', negated: true, operand }; }
    return this.fail('an operator (=, !=, <, IN, LIKE, REGEXP, BETWEEN, IS NULL, <<…)');
  }

  /** value := 'string' | "string" | number | bareword (an identifier here is a bareword string). */
  private literal(expected: string): Literal {
    const t = this.peek();
    return at(this.literalBody(t, expected), t.pos);
  }

  private literalBody(t: Token, expected: string): Literal {
    if (t.kind === 'number') {
      const value = Number(t.value);
      if (!Number.isFinite(value)) throw syntaxError(t.pos, `number ${describe(t)} is out of range`);
      this.next();
      return { kind: 'number', value };
    }
    if (t.kind === 'string' || t.kind === 'bare') { this.next(); return { kind: 'string', value: t.value }; }
    if (t.kind === 'ident' && !KEYWORDS.has(t.value.toUpperCase())) { this.next(); return { kind: 'string', value: t.value }; }
    return this.fail(expected);
  }

  /**
   * operand := function '(' args ')' | `column` | column | value
   * An identifier is a column on the left of an operator and in function arguments; on the right it
   * is a bareword string (write `column` in backticks to compare two columns).
   */
  private operand(side: 'left' | 'right' | 'arg', expected: string): Operand {
    const t = this.peek();
    return at(this.operandBody(t, side, expected), t.pos);
  }

  private operandBody(t: Token, side: 'left' | 'right' | 'arg', expected: string): Operand {
    if (t.kind === 'ident') {
      const after = this.peek(1);
      if (after.kind === 'punct' && after.value === '(') {
        const name = t.value.toLowerCase();
        if (!isFunctionName(name)) throw syntaxError(t.pos, `unknown function '${t.value}'`);
        this.next();
        this.next();
        this.enter();
        const args: Operand[] = [];
        if (!this.isPunct(')')) {
          args.push(this.argument(name));
          while (this.isPunct(',')) { this.next(); args.push(this.argument(name)); }
        }
        this.leave();
        this.expectPunct(')', ` to close ${name}(`);
        const [lo, hi] = FUNCTIONS[name].args;
        if (args.length < lo || args.length > hi) {
          throw syntaxError(t.pos, `${name}() takes ${lo === hi ? lo : `${lo} to ${hi}`} argument${hi === 1 ? '' : 's'} but was given ${args.length}`);
        }
        return { kind: 'call', name, args };
      }
      if (KEYWORDS.has(t.value.toUpperCase())) return this.fail(expected);
      this.next();
      return side === 'right' ? { kind: 'string', value: t.value } : { kind: 'column', name: t.value };
    }
    if (t.kind === 'quotedIdent') {
      if (t.value === '') this.fail('a column name inside the backticks');
      this.next();
      return { kind: 'column', name: t.value };
    }
    if (t.kind === 'number' || t.kind === 'string' || t.kind === 'bare') return this.literal(expected);
    return this.fail(expected);
  }

  private argument(fn: string): Operand {
    if (this.isPunct('*')) {
      if (fn !== 'count') this.fail(`an argument of ${fn}()`);
      this.next();
      return { kind: 'star' };
    }
    return this.operand('arg', `an argument of ${fn}()`);
  }
}
