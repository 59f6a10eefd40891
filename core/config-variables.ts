import type { Checker, Path } from './config-check.js';
import type { VariableDef } from './types.js';
import { BUILTIN_VARIABLE_NAMES, parseSnmpVariables } from './config-snmp-variables.js';
import { SERVER_VARIABLE_NAMES } from './variable-names.js';
import { parseThresholds } from './config-thresholds.js';
import type {
  DerivedExpressionChecker, DerivedVariableConfig, SnmpVariableConfig, VariablesConfig, VariableThresholds, ViewRuleChecker,
} from './config-schema.js';
import { MAX_VIEW_RULE_CHARS } from './config-schema.js';

/**
 * `variables:` — operator-defined SNMP variables (`snmp`), derived variables (`derived`) and the
 * thresholds of any variable (`thresholds`, by name). docs/variables.md is the user's page.
 */

export const defaultVariables = (): VariablesConfig => ({ snmp: [], derived: [], thresholds: {} });

export function parseVariables(
  c: Checker, raw: unknown, checkDeviceRule?: ViewRuleChecker, checkExpression?: DerivedExpressionChecker,
): VariablesConfig {
  if (raw === undefined || raw === null) return defaultVariables();
  const v = c.object(raw, ['variables'], ['snmp', 'derived', 'thresholds']);
  const snmp = parseSnmpVariables(c, v.snmp, ['variables', 'snmp'], checkDeviceRule);
  const derived = parseDerivedVariables(c, v.derived, ['variables', 'derived'], checkDeviceRule, checkExpression, snmp.map((x) => x.name));
  const thresholds: Record<string, VariableThresholds> = {};
  if (v.thresholds !== undefined) {
    const t = c.object(v.thresholds, ['variables', 'thresholds'], Object.keys(v.thresholds ?? {}));
    for (const [name, th] of Object.entries(t)) thresholds[name] = parseThresholds(c, th, ['variables', 'thresholds', name]);
  }
  return { snmp, derived, thresholds };
}

/** Most derived variables in one configuration. */
const MAX_DERIVED_VARIABLES = 256;
/** Longest derived expression (svcql/derived-expr.ts has the same bound). */
const MAX_DERIVED_EXPRESSION_CHARS = 4096;

/**
 * `variables.derived[]` (DerivedVariableConfig): `name` and `expression` required; `scope` device
 * (default) or interface; `unit` ''; `category` 'Derived'; `description` the expression; `devices`
 * '' (every device), else a SvcQL matching expression over the devices table; `thresholds`. With a
 * checker, the expression is parsed here, and it may read a derived variable only if that one is
 * earlier in the list (not itself, not a later one). A name may not be an SNMP variable's
 * (`snmpNames`), a built-in variable's (BUILTIN_VARIABLE_NAMES) nor one the server defines
 * (SERVER_VARIABLE_NAMES: the alert state), nor repeat.
 */
function parseDerivedVariables(
  c: Checker, raw: unknown, path: Path, checkDeviceRule?: ViewRuleChecker, checkExpression?: DerivedExpressionChecker,
  snmpNames: readonly string[] = [],
): DerivedVariableConfig[] {
  const list = c.list(raw, path);
  if (list.length > MAX_DERIVED_VARIABLES) c.fail(path, `at most ${MAX_DERIVED_VARIABLES} derived variables, got ${list.length}`);
  const out: DerivedVariableConfig[] = [];
  const names = new Set<string>();
  const all = new Set<string>();
  for (const item of list) {
    const n = item !== null && typeof item === 'object' && !Array.isArray(item) ? (item as Record<string, unknown>).name : undefined;
    if (typeof n === 'string') all.add(n);
  }
  list.forEach((item, i) => {
    const p: Path = [...path, i];
    const o = c.object(item, p, ['name', 'scope', 'expression', 'unit', 'category', 'description', 'devices', 'thresholds']);
    const name = c.str(o.name, [...p, 'name']);
    if (!/^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(name)) c.fail([...p, 'name'], `must be a letter then letters, digits or _ (at most 64), got '${name}'`);
    if (names.has(name)) c.fail([...p, 'name'], `derived variable '${name}' is defined twice`);
    if (BUILTIN_VARIABLE_NAMES.includes(name)) c.fail([...p, 'name'], `'${name}' is a built-in variable; choose another name`);
    if (SERVER_VARIABLE_NAMES.includes(name)) c.fail([...p, 'name'], `'${name}' is a variable the server defines (alert state); choose another name`);
    if (snmpNames.includes(name)) c.fail([...p, 'name'], `'${name}' is already an SNMP variable of variables.snmp`);
    const scope = c.oneOf(o.scope, [...p, 'scope'], ['device', 'interface'] as const, 'device');
    const expression = c.str(o.expression, [...p, 'expression']);
    if (expression.length > MAX_DERIVED_EXPRESSION_CHARS) c.fail([...p, 'expression'], `must be at most ${MAX_DERIVED_EXPRESSION_CHARS} characters`);
    if (checkExpression) {
      let reads: readonly string[] = [];
      try { reads = checkExpression(expression, scope); } catch (e) { c.fail([...p, 'expression'], (e as Error).message); }
      for (const r of reads) {
        if (r === name) c.fail([...p, 'expression'], `'${name}' reads itself`);
        if (all.has(r) && !names.has(r)) c.fail([...p, 'expression'], `reads derived variable '${r}', which is defined later in the list; define it before '${name}'`);
      }
    }
    const text = (k: 'unit' | 'category' | 'description', dflt: string): string => {
      const v = o[k];
      if (v === undefined || v === null) return dflt;
      if (typeof v !== 'string') c.fail([...p, k], `must be a string, got ${JSON.stringify(v)}`);
      if (v.length > 256) c.fail([...p, k], 'must be at most 256 characters');
      return v;
    };
    let devices = '';
    if (o.devices !== undefined && o.devices !== null) {
      if (typeof o.devices !== 'string') c.fail([...p, 'devices'], `must be a SvcQL matching expression (a string), got ${JSON.stringify(o.devices)}`);
      if (o.devices.length > MAX_VIEW_RULE_CHARS) c.fail([...p, 'devices'], `must be at most ${MAX_VIEW_RULE_CHARS} characters`);
      if (checkDeviceRule && o.devices.trim() !== '') {
        try { checkDeviceRule(o.devices, 'devices'); } catch (e) { c.fail([...p, 'devices'], `not a matching expression over the devices table: ${(e as Error).message}`); }
      }
      devices = o.devices;
    }
    const thresholds = o.thresholds === undefined || o.thresholds === null ? null : parseThresholds(c, o.thresholds, [...p, 'thresholds']);
    names.add(name);
    out.push({
      name, scope, expression, unit: text('unit', ''), category: text('category', 'Derived') || 'Derived',
      description: text('description', expression) || expression, devices, thresholds,
    });
  });
  return out;
}

/** The VariableDef of each operator variable (`snmp` then `derived`, in the file's order). */
export function configuredDefinitions(v: VariablesConfig): VariableDef[] {
  const snmp = v.snmp.map((s): VariableDef => ({
    // an enum's value names follow its description, as the built-in ifOperStatus's do ("… (1 up, 2 down)")
    name: s.name, description: withEnumNames(s.description, s.enumValues), unit: s.unit, category: s.category,
    type: s.type === 'counter32' || s.type === 'counter64' ? 'counter' : s.type,
    scope: s.index === 'scalar' ? 'device' : s.index === 'interface' ? 'interface' : 'component',
  }));
  const derived = v.derived.map((d): VariableDef => ({
    name: d.name, description: d.description, unit: d.unit, category: d.category, type: 'gauge', scope: d.scope,
  }));
  return [...snmp, ...derived];
}

/** `description (1 up, 2 down)` for an enum with value names (keys in numeric order); the description alone otherwise. */
function withEnumNames(description: string, values: Readonly<Record<string, string>>): string {
  const keys = Object.keys(values).sort((a, b) => Number(a) - Number(b));
  return keys.length === 0 ? description : `${description} (${keys.map((k) => `${k} ${values[k]}`).join(', ')})`;
}
