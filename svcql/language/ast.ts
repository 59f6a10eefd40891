/**
 * The SvcQL syntax tree: plain readonly objects tagged by `kind`. It records meaning only (no
 * positions, no quoting style), so `parse(print(ast))` gives back an equal tree.
 */

interface ColumnRef { readonly kind: 'column'; readonly name: string }
interface StringLit { readonly kind: 'string'; readonly value: string }
interface NumberLit { readonly kind: 'number'; readonly value: number }
/** `*`, only as the argument of count(*). */
interface StarArg { readonly kind: 'star' }
export interface FuncCall { readonly kind: 'call'; readonly name: FunctionName; readonly args: readonly Operand[] }

export type Literal = StringLit | NumberLit;
export type Operand = ColumnRef | Literal | FuncCall | StarArg;

export type CompareOp = '=' | '!=' | '<' | '<=' | '>' | '>=';

interface OrExpr { readonly kind: 'or'; readonly left: Expr; readonly right: Expr }
interface AndExpr { readonly kind: 'and'; readonly left: Expr; readonly right: Expr }
interface NotExpr { readonly kind: 'not'; readonly expr: Expr }
interface CompareExpr { readonly kind: 'compare'; readonly op: CompareOp; readonly left: Operand; readonly right: Operand }
interface InExpr { readonly kind: 'in'; readonly negated: boolean; readonly operand: Operand; readonly values: readonly Literal[] }
interface LikeExpr { readonly kind: 'like'; readonly negated: boolean; readonly operand: Operand; readonly pattern: string }
interface RegexpExpr { readonly kind: 'regexp'; readonly negated: boolean; readonly operand: Operand; readonly pattern: string }
interface BetweenExpr { readonly kind: 'between'; readonly negated: boolean; readonly operand: Operand; readonly low: Literal; readonly high: Literal }
/** IS NULL, ISNULL (negated false); IS NOT NULL, NOTNULL, NOT NULL (negated true). */
interface NullExpr { readonly kind: 'isNull'; readonly negated: boolean; readonly operand: Operand }
/** `operand << cidr`: the address lies inside the subnet. */
interface SubnetExpr { readonly kind: 'subnet'; readonly operand: Operand; readonly cidr: string }

export type Predicate = CompareExpr | InExpr | LikeExpr | RegexpExpr | BetweenExpr | NullExpr | SubnetExpr;
export type Expr = OrExpr | AndExpr | NotExpr | Predicate;

interface StarItem { readonly kind: 'star' }
interface ExprItem { readonly kind: 'item'; readonly expr: Operand; readonly alias: string | null }
export type SelectItem = StarItem | ExprItem;

interface GroupColumn { readonly kind: 'groupColumn'; readonly name: string }
/** `time(30s)`; `duration` is the text as written (validated), `ms` its length. */
interface GroupTime { readonly kind: 'groupTime'; readonly duration: string; readonly ms: number }
export type GroupItem = GroupColumn | GroupTime;

export interface OrderItem { readonly name: string; readonly desc: boolean }

/** `LIMIT count[, offset]` or `LIMIT count OFFSET offset`; count -1 means no limit. */
export interface Limit { readonly count: number; readonly offset: number }

export interface SelectStatement {
  readonly kind: 'select';
  readonly distinct: boolean;
  readonly items: readonly SelectItem[];
  readonly from: string;
  readonly where: Expr | null;
  readonly groupBy: readonly GroupItem[];
  readonly orderBy: readonly OrderItem[];
  readonly limit: Limit | null;
}

/** Functions and their arity. `tspercentile` takes (p, x). */
export const FUNCTIONS = {
  // across series (aggregates)
  avg: { family: 'aggregate', args: [1, 1] },
  median: { family: 'aggregate', args: [1, 1] },
  min: { family: 'aggregate', args: [1, 1] },
  max: { family: 'aggregate', args: [1, 1] },
  sum: { family: 'aggregate', args: [1, 1] },
  count: { family: 'aggregate', args: [1, 1] },
  // over time (one value per series)
  tslast: { family: 'reduce', args: [1, 1] },
  tsmin: { family: 'reduce', args: [1, 1] },
  tsmax: { family: 'reduce', args: [1, 1] },
  tsavg: { family: 'reduce', args: [1, 1] },
  tsmedian: { family: 'reduce', args: [1, 1] },
  tspercentile95: { family: 'reduce', args: [1, 1] },
  tspercentile: { family: 'reduce', args: [2, 2] },
  // series transforms
  sma: { family: 'transform', args: [2, 2] },
  cumulative_sum: { family: 'transform', args: [1, 1] },
  tslinear: { family: 'transform', args: [1, 1] },
  // scalar
  ifnan: { family: 'scalar', args: [2, 2] },
  ifnull: { family: 'scalar', args: [2, 2] },
  to_long: { family: 'scalar', args: [1, 1] },
} as const satisfies Record<string, { family: FunctionFamily; args: readonly [number, number] }>;

type FunctionFamily = 'aggregate' | 'reduce' | 'transform' | 'scalar';
export type FunctionName = keyof typeof FUNCTIONS;

export const isFunctionName = (s: string): s is FunctionName => Object.prototype.hasOwnProperty.call(FUNCTIONS, s);

/** Words the lexer hands over as identifiers but the parser reads as keywords (case-insensitive). */
export const KEYWORDS: ReadonlySet<string> = new Set([
  'SELECT', 'DISTINCT', 'FROM', 'WHERE', 'GROUP', 'BY', 'ORDER', 'ASC', 'DESC', 'LIMIT', 'OFFSET', 'AS',
  'AND', 'OR', 'NOT', 'IN', 'LIKE', 'REGEXP', 'BETWEEN', 'IS', 'NULL', 'ISNULL', 'NOTNULL',
]);
