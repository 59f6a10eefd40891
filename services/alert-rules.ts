import type { AlertRuleChecker } from '../core/config-schema.js';
import type { Device, VariableInstance } from '../core/types.js';
import { compileMatcher, variablesSource, type RowSource } from '../svcql/index.js';
import { ConditionSource } from './alert-condition.js';

/**
 * An alert rule's two SvcQL matching expressions, compiled: `input` over the `variables` table
 * (which variable instances of a network the rule watches) and `condition` over the rule's inputs
 * (services/alert-condition.ts: `value`, `previous`, the inputs' columns, sibling variables).
 */

/**
 * The loader's check of a rule's `input` and `condition` (main.ts passes it to loadConfig): throws
 * the SvcQL error (SVCQL_SYNTAX, SVCQL_EVAL, SVCQL_REGEXP…) whose message carries the position.
 */
export const checkAlertRule: AlertRuleChecker = (expr, part) => {
  if (part === 'input') compileMatcher(expr, variablesSource([], () => NaN));
  else compileMatcher(expr, new ConditionSource([]));
};

/** The instances of `variables` (a network's `variables` table over `instances`) that the rule's input selects, in table order. */
export function selectInputs(input: string, variables: RowSource<VariableInstance>, instances: readonly VariableInstance[]): VariableInstance[] {
  const test = compileMatcher(input, variables);
  const out: VariableInstance[] = [];
  for (const v of instances) if (test(v)) out.push(v);
  return out;
}

export interface CompiledCondition {
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
