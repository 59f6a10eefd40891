import type { Checker, Path } from './config-check.js';
import type { SnmpVariableConfig, SnmpVariableIndex, SnmpVariableType, ViewRuleChecker } from './config-schema.js';
import { MAX_VIEW_RULE_CHARS } from './config-schema.js';
import { CONTROL_CHARS } from './names.js';
import { parseThresholds } from './config-thresholds.js';
import { SERVER_VARIABLE_NAMES } from './variable-names.js';

/**
 * `variables.snmp[]`: operator-defined SNMP variables (SnmpVariableConfig; docs/variables.md).
 * Errors name the key and its line (Checker.fail).
 */

/**
 * The names of the built-in variables (collector/inventory/variables-builtin.ts; core may not import
 * the collector, test/core/config-snmp-variables.test.ts checks the two lists agree). An operator
 * variable may not take one of them.
 */
export const BUILTIN_VARIABLE_NAMES: readonly string[] = Object.freeze([
  'ifInRate', 'ifOutRate', 'ifInUtil', 'ifOutUtil', 'ifInUcastPkts', 'ifOutUcastPkts',
  'ifInMulticastPkts', 'ifOutMulticastPkts', 'ifInBroadcastPkts', 'ifOutBroadcastPkts', 'ifInErrors', 'ifOutErrors',
  'ifInDiscards', 'ifOutDiscards', 'ifOperStatus', 'ifAdminStatus', 'ifSpeed', 'sysUpTime', 'cpuUtil', 'memUtil',
  'sensorValue', 'reachable',
]);

/** A letter then letters, digits or _ (at most 64): what the catalog (VariableDefs) accepts. */
const NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
/** A numeric OID of at least two arcs (a leading dot is accepted and dropped). */
const OID_TEXT = /^\.?(\d+)(\.\d+)+$/;
const MAX_OID_ARCS = 128;
/** Most operator SNMP variables in one file (each adds ops to every selected device's plan). */
const MAX_SNMP_VARIABLES = 1000;
const MAX_TEXT = 200;

const TYPES: readonly SnmpVariableType[] = ['gauge', 'counter32', 'counter64', 'enum'];
const INDEXES: readonly SnmpVariableIndex[] = ['scalar', 'interface', 'table'];
const KEYS = ['name', 'oid', 'index', 'type', 'enumValues', 'nameOid', 'unit', 'scale', 'category', 'description', 'devices', 'thresholds'];

export function parseSnmpVariables(c: Checker, raw: unknown, path: Path, checkDeviceRule?: ViewRuleChecker): SnmpVariableConfig[] {
  const list = c.list(raw, path);
  if (list.length > MAX_SNMP_VARIABLES) c.fail(path, `at most ${MAX_SNMP_VARIABLES} variables, got ${list.length}`);
  const seen = new Map<string, number>();
  return list.map((item, i) => {
    const p: Path = [...path, i];
    const o = c.object(item, p, KEYS);
    const name = c.str(o.name, [...p, 'name']);
    if (!NAME.test(name)) c.fail([...p, 'name'], `must be a letter then letters, digits or _ (at most 64), got ${JSON.stringify(name)}`);
    if (BUILTIN_VARIABLE_NAMES.includes(name)) c.fail([...p, 'name'], `'${name}' is a built-in variable; choose another name`);
    if (SERVER_VARIABLE_NAMES.includes(name)) c.fail([...p, 'name'], `'${name}' is a variable the server defines (alert state); choose another name`);
    const first = seen.get(name);
    if (first !== undefined) c.fail([...p, 'name'], `'${name}' is already defined by ${path.join('.')}[${first}]`);
    seen.set(name, i);

    const oid = oidOf(c, o.oid, [...p, 'oid']);
    const index = c.oneOf(o.index, [...p, 'index'], INDEXES, 'scalar');
    const type = c.oneOf(o.type, [...p, 'type'], TYPES, 'gauge');

    const enumValues: Record<string, string> = {};
    if (o.enumValues !== undefined) {
      if (type !== 'enum') c.fail([...p, 'enumValues'], `only with type enum (this variable's type is ${type})`);
      const ev = c.object(o.enumValues, [...p, 'enumValues'], Object.keys(o.enumValues ?? {}));
      for (const [k, v] of Object.entries(ev)) {
        if (!/^-?\d{1,10}$/.test(k) || !Number.isSafeInteger(Number(k))) c.fail([...p, 'enumValues', k], `keys must be integers, got ${JSON.stringify(k)}`);
        enumValues[String(Number(k))] = text(c, v, [...p, 'enumValues', k], undefined);
      }
    }

    let nameOid = '';
    if (o.nameOid !== undefined) {
      if (index !== 'table') c.fail([...p, 'nameOid'], `only with index table (this variable's index is ${index})`);
      nameOid = oidOf(c, o.nameOid, [...p, 'nameOid']);
    }

    const unit = o.unit === undefined ? '' : text(c, o.unit, [...p, 'unit'], '');
    let scale = 1;
    if (o.scale !== undefined) {
      if (typeof o.scale !== 'number' || !Number.isFinite(o.scale) || o.scale === 0) c.fail([...p, 'scale'], `must be a non-zero number, got ${JSON.stringify(o.scale)}`);
      scale = o.scale;
    }
    const category = o.category === undefined ? 'Custom' : text(c, o.category, [...p, 'category'], undefined);
    const description = o.description === undefined ? name : text(c, o.description, [...p, 'description'], undefined);

    let devices = '';
    if (o.devices !== undefined && o.devices !== null) {
      if (typeof o.devices !== 'string') c.fail([...p, 'devices'], `must be a SvcQL matching expression (a string), got ${JSON.stringify(o.devices)}`);
      if (o.devices.length > MAX_VIEW_RULE_CHARS) c.fail([...p, 'devices'], `at most ${MAX_VIEW_RULE_CHARS} characters, got ${o.devices.length}`);
      devices = o.devices.trim();
      if (checkDeviceRule && devices !== '') {
        try { checkDeviceRule(devices, 'devices'); } catch (e) { c.fail([...p, 'devices'], `not a matching expression over the devices table: ${(e as Error).message}`); }
      }
    }
    const thresholds = o.thresholds === undefined || o.thresholds === null ? null : parseThresholds(c, o.thresholds, [...p, 'thresholds']);
    return { name, oid, index, type, enumValues, nameOid, unit, scale, category, description, devices, thresholds };
  });
}

function oidOf(c: Checker, v: unknown, p: Path): string {
  if (typeof v !== 'string' || !OID_TEXT.test(v)) c.fail(p, `must be a numeric OID like 1.3.6.1.2.1.2.2.1.4 (names are not resolved), got ${JSON.stringify(v)}`);
  const oid = v.startsWith('.') ? v.slice(1) : v;
  const arcs = oid.split('.');
  if (arcs.length > MAX_OID_ARCS || arcs.some((a) => a.length > 10 || Number(a) > 4294967295)) c.fail(p, `arcs must be at most 4294967295, at most ${MAX_OID_ARCS} of them`);
  return arcs.map((a) => String(Number(a))).join('.');
}

/** A short single-line text ('' allowed only when `dflt` is given). */
function text(c: Checker, v: unknown, p: Path, dflt: string | undefined): string {
  if (typeof v !== 'string' || (v === '' && dflt === undefined)) c.fail(p, `must be a non-empty string, got ${JSON.stringify(v)}`);
  if (v.length > MAX_TEXT || CONTROL_CHARS.test(v)) c.fail(p, `must be at most ${MAX_TEXT} characters without control characters`);
  return v;
}
