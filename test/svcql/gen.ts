/** Random SvcQL ASTs and query texts for the round-trip and fuzz tests (seeded, reproducible). */
import {
  FUNCTIONS, type CompareOp, type Expr, type FunctionName, type Literal, type Operand, type SelectStatement,
} from '../../svcql/index.js';
import { parseDurationMs } from '../../svcql/language/duration.js';

export { rng } from '../fakes/rng.js';

export class Gen {
  constructor(readonly r: () => number) {}
  int(n: number): number { return Math.floor(this.r() * n); }
  pick<T>(xs: readonly T[]): T { return xs[this.int(xs.length)]!; }
  chance(p: number): boolean { return this.r() < p; }

  columnName(): string {
    return this.pick(['name', 'device', 'Role', 'metric', 'time', 'id', 'address', 'tag', 'my col', 'a`b', 'AND', 'if.in', 'x1', 'Vendor', 'ifRole', 'élan']);
  }
  stringValue(): string {
    return this.pick(['', 'Core', "it's", 'a\\b', 'back\\', '"dq"', 'dfw3-dr01-re0', '10.0.0.0/8', 'new\nline', '%x_', 'ünï', 'NULL', 'AND', '5', '`']);
  }
  numberValue(): number {
    return this.pick([0, 1, -1, 42, 3.5, -0.25, 1e21, 1e-7, 123456789, -98765.4321, 2 ** 53]);
  }
  literal(): Literal {
    return this.chance(0.5) ? { kind: 'string', value: this.stringValue() } : { kind: 'number', value: this.numberValue() };
  }
  operand(depth: number): Operand {
    const k = this.int(depth > 2 ? 3 : 4);
    if (k === 0) return { kind: 'column', name: this.columnName() };
    if (k === 1 || k === 2) return this.literal();
    const name = this.pick(Object.keys(FUNCTIONS)) as FunctionName;
    const [lo, hi] = FUNCTIONS[name].args;
    const n = lo + this.int(hi - lo + 1);
    if (name === 'count' && this.chance(0.3)) return { kind: 'call', name, args: [{ kind: 'star' }] };
    return { kind: 'call', name, args: Array.from({ length: n }, () => this.operand(depth + 1)) };
  }
  pattern(): string {
    return this.pick(['^if', 'a+b*', '[Cc]ore', '\\d{1,3}', '(x|y)+$', '', 'Gi0/\\d+', '(?:ab)?c', '(?<n>q)']);
  }
  cidr(): string {
    return this.pick(['10.0.0.0/8', '192.168.1.0/24', '2001:db8::/32', '::/0', '::ffff:10.0.0.0/104', '1.2.3.4']);
  }
  expr(depth = 0): Expr {
    if (depth < 4 && this.chance(0.45)) {
      const k = this.int(3);
      if (k === 0) return { kind: 'and', left: this.expr(depth + 1), right: this.expr(depth + 1) };
      if (k === 1) return { kind: 'or', left: this.expr(depth + 1), right: this.expr(depth + 1) };
      return { kind: 'not', expr: this.expr(depth + 1) };
    }
    const operand = this.operand(depth);
    const negated = this.chance(0.3);
    switch (this.int(7)) {
      case 0: return { kind: 'compare', op: this.pick<CompareOp>(['=', '!=', '<', '<=', '>', '>=']), left: operand, right: this.operand(depth) };
      case 1: return { kind: 'in', negated, operand, values: Array.from({ length: 1 + this.int(4) }, () => this.literal()) };
      case 2: return { kind: 'like', negated, operand, pattern: this.stringValue() };
      case 3: return { kind: 'regexp', negated, operand, pattern: this.pattern() };
      case 4: return { kind: 'between', negated, operand, low: this.literal(), high: this.literal() };
      case 5: return { kind: 'isNull', negated, operand };
      default: return { kind: 'subnet', operand, cidr: this.cidr() };
    }
  }
  statement(): SelectStatement {
    const items = this.chance(0.2)
      ? [{ kind: 'star' as const }]
      : Array.from({ length: 1 + this.int(3) }, () => ({
        kind: 'item' as const, expr: this.operand(0), alias: this.chance(0.4) ? this.pick(['x', 'avg max', 'AS', 'a.b', 'ok_1']) : null,
      }));
    const duration = this.pick(['30s', '5m', '1h', '1d', '250ms', '2w']);
    return {
      kind: 'select',
      distinct: this.chance(0.3),
      items,
      from: this.pick(['devices', 'interfaces', 'variables', 'tags', 'alerts', 'ifInRate', 'cpuLoad', 'if.in', 'nope']),
      where: this.chance(0.6) ? this.expr() : null,
      groupBy: this.chance(0.4)
        ? [
          ...(this.chance(0.5) ? [{ kind: 'groupColumn' as const, name: this.columnName() }] : []),
          ...(this.chance(0.5) ? [{ kind: 'groupTime' as const, duration, ms: parseDurationMs(duration)! }] : []),
        ]
        : [],
      orderBy: this.chance(0.4) ? [{ name: this.columnName(), desc: this.chance(0.5) }] : [],
      limit: this.chance(0.3) ? { count: this.int(5) - 1, offset: this.int(3) } : null,
    };
  }
}
