import type { SnmpVariableConfig } from '../../core/config-schema.js';
import type { Device, VariableRow } from '../../core/types.js';
import type { Varbind } from '../../snmp/types.js';
import { isException } from '../../snmp/types.js';
import { compileMatcher, devicesSource } from '../../svcql/index.js';
import { text } from '../discovery/snmp-values.js';

/** Most rows kept per table variable and device (a runaway table must not flood the inventory). */
const MAX_VARIABLE_ROWS = 1000;

/**
 * The operator's SNMP variables (config `variables.snmp`) with their `devices` rules compiled: which
 * of them a device polls. One object per configuration: the inventory re-plans every device when it
 * is replaced (Inventory.setVariables). A rule that does not compile (the loader checked it, so this
 * is a mismatch of versions) selects no device.
 */
export class OperatorVariables {
  private readonly rules: readonly ((d: Device) => boolean)[];

  constructor(readonly snmp: readonly SnmpVariableConfig[]) {
    const source = devicesSource([]);
    this.rules = snmp.map((v) => {
      if (v.devices === '') return () => true;
      try { return compileMatcher(v.devices, source); } catch { return () => false; }
    });
  }

  /** The variables whose `devices` rule selects the device (its row of the `devices` table), in config order. */
  forDevice(d: Device | Omit<Device, 'id'>): SnmpVariableConfig[] {
    const row = ('id' in d ? d : { ...d, id: 0 }) as Device;
    return this.snmp.filter((_, k) => this.rules[k]!(row));
  }

  /** The columns discovery walks for a device's table variables: each variable's column and its name column. */
  tableColumns(d: Device | Omit<Device, 'id'>): string[] {
    const cols = new Set<string>();
    for (const v of this.forDevice(d)) {
      if (v.index !== 'table') continue;
      cols.add(v.oid);
      if (v.nameOid !== '') cols.add(v.nameOid);
    }
    return [...cols];
  }

  /** Every table variable's column (a reload that adds one needs a discovery to find its rows). */
  allTableColumns(): Set<string> {
    return new Set(this.snmp.filter((v) => v.index === 'table').map((v) => v.oid));
  }
}

export const NO_OPERATOR_VARIABLES = new OperatorVariables([]);

/**
 * Device.variableRows from the walked cells: for each table variable selecting the device, the rows
 * of its column whose index is one arc (others are skipped), named by the `nameOid` cell of the same
 * row (else the index), at most MAX_VARIABLE_ROWS, in index order.
 */
export function readVariableRows(vars: readonly SnmpVariableConfig[], cells: readonly Varbind[]): Record<string, VariableRow[]> {
  const out: Record<string, VariableRow[]> = {};
  for (const v of vars) {
    if (v.index !== 'table' || out[v.oid] !== undefined) continue;
    const names = new Map<number, string>();
    if (v.nameOid !== '') for (const vb of cells) { const i = rowOf(vb, v.nameOid); if (i !== null) names.set(i, text(vb)); }
    const rows: VariableRow[] = [];
    for (const vb of cells) {
      const i = rowOf(vb, v.oid);
      if (i !== null && rows.length < MAX_VARIABLE_ROWS) rows.push({ index: i, name: names.get(i) || String(i) });
    }
    rows.sort((a, b) => a.index - b.index);
    out[v.oid] = rows;
  }
  return out;
}

function rowOf(vb: Varbind, column: string): number | null {
  if (isException(vb) || !vb.oid.startsWith(column + '.')) return null;
  const rest = vb.oid.slice(column.length + 1);
  if (!/^\d{1,10}$/.test(rest)) return null;
  const i = Number(rest);
  return i <= 2_147_483_647 ? i : null;
}
