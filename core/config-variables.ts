import type { Checker, Path } from './config-check.js';
import type { VariableDef } from './types.js';
import { parseSnmpVariables } from './config-snmp-variables.js';
import { parseThresholds } from './config-thresholds.js';
import type {
  DerivedVariableConfig, VariablesConfig, VariableThresholds, ViewRuleChecker,
} from './config-schema.js';

/**
 * `variables:` — operator-defined SNMP variables (`snmp`), derived variables (`derived`) and the
 * thresholds of any variable (`thresholds`, by name). docs/variables.md is the user's page.
 */

export const defaultVariables = (): VariablesConfig => ({ snmp: [], derived: [], thresholds: {} });

export function parseVariables(c: Checker, raw: unknown, checkDeviceRule?: ViewRuleChecker): VariablesConfig {
  if (raw === undefined || raw === null) return defaultVariables();
  const v = c.object(raw, ['variables'], ['snmp', 'derived', 'thresholds']);
  const snmp = parseSnmpVariables(c, v.snmp, ['variables', 'snmp'], checkDeviceRule);
  const derived = parseDerivedVariables(c, v.derived, ['variables', 'derived'], checkDeviceRule);
  const thresholds: Record<string, VariableThresholds> = {};
  if (v.thresholds !== undefined) {
    const t = c.object(v.thresholds, ['variables', 'thresholds'], Object.keys(v.thresholds ?? {}));
    for (const [name, th] of Object.entries(t)) thresholds[name] = parseThresholds(c, th, ['variables', 'thresholds', name]);
  }
  return { snmp, derived, thresholds };
}

/** `{ direction?: above|below, warning?: number, critical?: number }`: core/config-thresholds.ts. */
export { parseThresholds } from './config-thresholds.js';

/** `variables.snmp[]` (SnmpVariableConfig): core/config-snmp-variables.ts. */
export { parseSnmpVariables } from './config-snmp-variables.js';

/** `variables.derived[]` (DerivedVariableConfig). */
export function parseDerivedVariables(c: Checker, raw: unknown, path: Path, _checkDeviceRule?: ViewRuleChecker): DerivedVariableConfig[] {
  if (c.list(raw, path).length > 0) c.fail(path, 'derived variables are not implemented yet');
  return [];
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
export function withEnumNames(description: string, values: Readonly<Record<string, string>>): string {
  const keys = Object.keys(values).sort((a, b) => Number(a) - Number(b));
  return keys.length === 0 ? description : `${description} (${keys.map((k) => `${k} ${values[k]}`).join(', ')})`;
}
