import type { AlertRuleChecker } from '../../core/config-schema.js';
import type { Device, VariableInstance } from '../../core/types.js';
import { compileMatcher, parseExpression, variablesSource, type Expr, type RowSource } from '../../svcql/index.js';
import { toNumber } from '../../svcql/scalar.js';
import { ConditionSource } from './alert-condition.js';

/**
 * An alert rule's two SvcQL matching expressions, compiled: `input` over the `variables` table
 * (which variable instances of a network the rule watches) and `condition` over the rule's inputs
 * (services/alerts/alert-condition.ts: `value`, `previous`, the inputs' columns, sibling variables).
 */

/**
 * The loader's check of a rule's `input` and `condition` (main.ts passes it to loadConfig): throws
 * the SvcQL error (SVCQL_SYNTAX, SVCQL_EVAL, SVCQL_REGEXP…) whose message carries the position.
 */
export const checkAlertRule: AlertRuleChecker = (expr, part) => {
  if (part === 'input') compileMatcher(expr, variablesSource([], () => NaN));
  else compileMatcher(expr, new ConditionSource([]));
};

/**
 * The instances of `variables` (a network's `variables` table over `instances`) that the rule's
 * input selects, in table order. With `byName` (each variable name's positions in `instances`,
 * ascending), an input that can only match some names (`variable = 'x'`, `variable IN (…)`, ANDed
 * at its top) is tested on those instances only.
 */
export function selectInputs(
  input: string, variables: RowSource<VariableInstance>, instances: readonly VariableInstance[],
  byName?: ReadonlyMap<string, readonly number[]>,
): VariableInstance[] {
  const expr = parseExpression(input);
  const test = compileMatcher(expr, variables);
  const out: VariableInstance[] = [];
  const names = byName ? namesOf(expr) : null;
  if (!names || !byName) {
    for (const v of instances) if (test(v)) out.push(v);
    return out;
  }
  const positions: number[] = [];
  for (const n of names) for (const p of byName.get(n) ?? []) positions.push(p);
  if (names.size > 1) positions.sort((a, b) => a - b);
  for (const p of positions) { const v = instances[p]!; if (test(v)) out.push(v); }
  return out;
}

/** Each variable name's positions in `instances`, ascending (for selectInputs). */
export function positionsByName(instances: readonly VariableInstance[]): Map<string, number[]> {
  const m = new Map<string, number[]>();
  for (let i = 0; i < instances.length; i++) {
    const n = instances[i]!.name;
    let list = m.get(n);
    if (!list) m.set(n, list = []);
    list.push(i);
  }
  return m;
}

/**
 * The variable names an expression can only match, or null when it may match any: `variable = 'x'`
 * and `variable IN ('x', …)` (names, not numbers: a numeric text compares as a number), through AND
 * (either side restricts) and OR (both sides must).
 */
export function namesOf(e: Expr): Set<string> | null {
  const word = (v: string | number): v is string => typeof v === 'string' && Number.isNaN(toNumber(v));
  switch (e.kind) {
    case 'and': {
      const l = namesOf(e.left);
      const r = namesOf(e.right);
      if (!l || !r) return l ?? r;
      return new Set([...l].filter((n) => r.has(n)));
    }
    case 'or': {
      const l = namesOf(e.left);
      const r = namesOf(e.right);
      return l && r ? new Set([...l, ...r]) : null;
    }
    case 'compare':
      return e.op === '=' && e.left.kind === 'column' && e.left.name === 'variable' && e.right.kind === 'string' && word(e.right.value)
        ? new Set([e.right.value]) : null;
    case 'in':
      return !e.negated && e.operand.kind === 'column' && e.operand.name === 'variable' && e.values.every((l) => word(l.value))
        ? new Set(e.values.map((l) => l.value as string)) : null;
    default:
      return null;
  }
}

interface CompiledCondition {
  /** Tests input i against the source's frame (set it before calling). */
  readonly test: (i: number) => boolean;
  readonly source: ConditionSource;
}

/** Compiles `condition` over the rule's inputs; the sibling names it reads are `source.siblings()`. */
export function compileCondition(
  condition: string, inputs: readonly VariableInstance[], variableNames: readonly string[], devices: readonly Device[],
): CompiledCondition {
  const source = new ConditionSource(inputs, variableNames, devices);
  return { test: compileMatcher(condition, source), source };
}
