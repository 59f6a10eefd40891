/**
 * How the simulator's MIB is laid out: a list of tables in OID order. A table is a base OID,
 * sorted columns and sorted rows (index suffixes); a group of scalars is a table with the single
 * row `0`. Instances are base.column.row, ordered column-major exactly as SNMP orders them.
 * Column and row encodings are pre-computed so that answering writes bytes, never builds OIDs.
 */
import { encodeArcs, encodeOidContent, oid } from '../snmp/index.js';
import type { BerWriter, Oid } from '../snmp/index.js';
import type { DeviceModel } from './model.js';

/** Sorted index suffixes of a table's rows with their encodings. */
export interface RowSet {
  readonly idx: readonly Uint32Array[];
  readonly enc: readonly Buffer[];
}

export interface MibTable {
  readonly name: string;
  readonly base: Oid;
  readonly baseEnc: Buffer;
  /** sorted column sub-identifiers */
  readonly columns: Uint32Array;
  readonly colEnc: readonly Buffer[];
  /** BER type tag of each column (parallel to columns), e.g. to skip Counter64 for SNMPv1 */
  readonly colTypes: Uint8Array;
  /** the rows this device has (may be empty: the table is then skipped) */
  rows(dev: DeviceModel): RowSet;
  /** writes the value TLV of (column sub-id, row position in rows(dev)) at time s seconds since start */
  write(dev: DeviceModel, col: number, row: number, s: number, w: BerWriter): void;
}

export function makeRowSet(idx: Uint32Array[]): RowSet {
  return { idx, enc: idx.map((r) => encodeArcs(r)) };
}

export const SCALAR_ROWS: RowSet = makeRowSet([Uint32Array.of(0)]);

/** Row sets `1..n` shared by every device with n rows. */
const countedRows = new Map<number, RowSet>();
export function rowsOneTo(n: number): RowSet {
  let r = countedRows.get(n);
  if (!r) {
    r = makeRowSet(Array.from({ length: n }, (_, i) => Uint32Array.of(i + 1)));
    countedRows.set(n, r);
  }
  return r;
}

let nextTableId = 0;

/**
 * Per-device row sets computed on first use and cached on the device (for rows that depend on
 * the device's own address or neighbours).
 */
export function perDeviceRows(build: (dev: DeviceModel) => RowSet): (dev: DeviceModel) => RowSet {
  const id = nextTableId++;
  return (dev) => {
    let r = dev.rowCache[id] as RowSet | undefined;
    if (!r) {
      r = build(dev);
      dev.rowCache[id] = r;
    }
    return r;
  };
}

export function defineTable(def: {
  name: string;
  base: string;
  /** [column sub-id, BER type] in any order */
  columns: readonly (readonly [number, number])[];
  rows: (dev: DeviceModel) => RowSet;
  write: MibTable['write'];
}): MibTable {
  const cols = [...def.columns].sort((a, b) => a[0] - b[0]);
  const base = oid(def.base);
  return {
    name: def.name,
    base,
    baseEnc: encodeOidContent(base),
    columns: Uint32Array.from(cols.map((c) => c[0])),
    colEnc: cols.map((c) => encodeArcs([c[0]])),
    colTypes: Uint8Array.from(cols.map((c) => c[1])),
    rows: def.rows,
    write: def.write,
  };
}
