import type { Expr, Literal, Operand } from './language/ast.js';
import { parseDurationMs } from './language/duration.js';
import { evalError } from './eval-error.js';
import type { Position } from './language/errors.js';
import { positionOf } from './language/parser.js';
import type { TimeRange } from './row-source.js';

/** The range of a series statement without a time condition: the last hour. */
const DEFAULT_RANGE_MS = 3_600_000;

const ISO_RE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const REL_RE = /^now\s*(?:([+-])\s*(\S+))?$/i;

/**
 * Reads a time value: epoch milliseconds (number or numeric text), `now`, `now-6h`/`now+5m`
 * (units ms, s, m, h, d, w), or an ISO 8601 date-time (UTC unless it has an offset).
 */
export function parseTimeValue(v: string | number, nowMs: number, pos?: Position): number {
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw evalError(`'${v}' is not a time`, pos);
    return v;
  }
  const s = v.trim();
  if (/^\d+$/.test(s)) return Number(s);
  const rel = REL_RE.exec(s);
  if (rel) {
    if (!rel[1]) return nowMs;
    const d = parseDurationMs(rel[2]!);
    if (d === null) throw evalError(`'${v}' is not a time: expected now-<n><unit> with unit ms, s, m, h, d or w`, pos);
    return rel[1] === '-' ? nowMs - d : nowMs + d;
  }
  if (ISO_RE.test(s)) {
    const iso = s.replace(' ', 'T');
    const t = Date.parse(/[zZ]|[+-]\d{2}:?\d{2}$/.test(iso) || !iso.includes('T') ? iso : `${iso}Z`);
    if (!Number.isNaN(t)) return t;
  }
  throw evalError(`'${v}' is not a time: use epoch milliseconds, now, now-6h or an ISO 8601 date-time`, pos);
}

const isTimeColumn = (o: Operand): boolean => o.kind === 'column' && o.name.toLowerCase() === 'time';

function mentionsTime(e: Expr): boolean {
  switch (e.kind) {
    case 'and': case 'or': return mentionsTime(e.left) || mentionsTime(e.right);
    case 'not': return mentionsTime(e.expr);
    case 'compare': return isTimeColumn(e.left) || isTimeColumn(e.right);
    default: return isTimeColumn(e.operand);
  }
}

/**
 * Splits a series statement's WHERE into its time range and the rest. Time conditions are
 * `time >|>=|<|<=|= value` and `time BETWEEN a AND b`, joined to the rest by AND at the top level;
 * anything else mentioning `time` is SVCQL_EVAL. A missing bound comes from `defaults` (the
 * request's range, e.g. the dashboard query's from/until), else the range ends now and starts an
 * hour before its end.
 */
export function extractTimeRange(
  where: Expr | null, nowMs: number, defaults?: Partial<TimeRange>,
): { range: TimeRange; rest: Expr | null } {
  let from = -Infinity;
  let to = Infinity;
  const rest: Expr[] = [];
  const conjuncts: Expr[] = [];
  const flatten = (e: Expr): void => {
    if (e.kind === 'and') { flatten(e.left); flatten(e.right); } else conjuncts.push(e);
  };
  if (where) flatten(where);
  const lit = (l: Literal): number => parseTimeValue(l.value, nowMs, positionOf(l));
  for (const c of conjuncts) {
    if (c.kind === 'compare' && isTimeColumn(c.left) && (c.right.kind === 'string' || c.right.kind === 'number')) {
      const t = lit(c.right);
      switch (c.op) {
        case '>': from = Math.max(from, t + 1); break;
        case '>=': from = Math.max(from, t); break;
        case '<': to = Math.min(to, t - 1); break;
        case '<=': to = Math.min(to, t); break;
        case '=': from = Math.max(from, t); to = Math.min(to, t); break;
        default: throw evalError(`time ${c.op} … is not a time range; use >, >=, <, <=, = or BETWEEN`, positionOf(c));
      }
      continue;
    }
    if (c.kind === 'between' && !c.negated && isTimeColumn(c.operand)) {
      from = Math.max(from, lit(c.low));
      to = Math.min(to, lit(c.high));
      continue;
    }
    if (mentionsTime(c)) {
      throw evalError('time conditions must be joined to the rest of WHERE by AND, as time > a, time < b or time BETWEEN a AND b', positionOf(c));
    }
    rest.push(c);
  }
  if (to === Infinity) to = defaults?.toMs ?? nowMs;
  if (from === -Infinity) from = defaults?.fromMs ?? to - DEFAULT_RANGE_MS;
  const restExpr = rest.length === 0 ? null : rest.reduce((a, b) => ({ kind: 'and', left: a, right: b }));
  return { range: { fromMs: from, toMs: to }, rest: restExpr };
}
