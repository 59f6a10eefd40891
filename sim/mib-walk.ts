/**
 * Lookups over a device's ordered table list: exact match for GET, successor for GETNEXT/GETBULK,
 * and a cursor that steps through instances in lexicographic order without building OIDs.
 */
import { compareOid } from '../snmp/index.js';
import type { Oid } from '../snmp/index.js';
import type { DeviceModel } from './model.js';
import type { MibTable, RowSet } from './mib-table.js';

/** Compares a row index with the arcs of `o` from position `from` on (SNMP order). */
function compareSuffix(row: Uint32Array, o: Oid, from: number): number {
  const n = o.length - from;
  const m = row.length < n ? row.length : n;
  for (let i = 0; i < m; i++) {
    const d = row[i]! - o[from + i]!;
    if (d !== 0) return d;
  }
  return row.length - n;
}

/** First row position whose index sorts strictly after the suffix of `o` from `from`; rows.length if none. */
function firstRowAfter(rows: RowSet, o: Oid, from: number): number {
  let lo = 0;
  let hi = rows.idx.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareSuffix(rows.idx[mid]!, o, from) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function findRow(rows: RowSet, o: Oid, from: number): number {
  const i = firstRowAfter(rows, o, from) - 1;
  return i >= 0 && compareSuffix(rows.idx[i]!, o, from) === 0 ? i : -1;
}

/** A position in the MIB: table t, column position c, row position r. */
export class Cursor {
  t = 0;
  c = 0;
  r = 0;
  /** true once the walk has passed the last instance */
  ended = false;

  set(t: number, c: number, r: number): void {
    this.t = t;
    this.c = c;
    this.r = r;
    this.ended = false;
  }
}

type ExactResult = 'noSuchObject' | 'noSuchInstance' | 'found';

/** GET: positions `cur` on `o` if it is an instance of this device. */
export function findExact(tables: readonly MibTable[], dev: DeviceModel, o: Oid, cur: Cursor): ExactResult {
  for (let t = 0; t < tables.length; t++) {
    const tb = tables[t]!;
    const b = tb.base;
    if (o.length <= b.length) continue;
    let i = 0;
    while (i < b.length && o[i] === b[i]) i++;
    if (i < b.length) continue;
    const col = o[b.length]!;
    const c = tb.columns.indexOf(col);
    if (c < 0) continue;
    const rows = tb.rows(dev);
    const r = findRow(rows, o, b.length + 1);
    if (r < 0) return 'noSuchInstance';
    cur.set(t, c, r);
    return 'found';
  }
  return 'noSuchObject';
}

/** Moves `cur` to the first instance at or after (t, c, r), skipping empty tables; ends past the last. */
function settle(tables: readonly MibTable[], dev: DeviceModel, cur: Cursor, t: number, c: number, r: number): void {
  while (t < tables.length) {
    const tb = tables[t]!;
    const rows = tb.rows(dev);
    if (rows.idx.length > 0) {
      if (r >= rows.idx.length) { c++; r = 0; }
      if (c < tb.columns.length) {
        cur.set(t, c, r);
        return;
      }
    }
    t++;
    c = 0;
    r = 0;
  }
  cur.ended = true;
}

/** GETNEXT: positions `cur` on the first instance that sorts strictly after `o` (or ends it). */
export function findNext(tables: readonly MibTable[], dev: DeviceModel, o: Oid, cur: Cursor): void {
  for (let t = 0; t < tables.length; t++) {
    const tb = tables[t]!;
    const b = tb.base;
    if (compareOid(o, b) < 0) {
      // o sorts before every instance of the table (this includes o being a proper prefix of the base)
      settle(tables, dev, cur, t, 0, 0);
      return;
    }
    // o sorts after the table unless it lies under its base
    if (!isPrefix(b, o)) continue;
    // o is at or under the table's base
    if (o.length === b.length) {
      settle(tables, dev, cur, t, 0, 0);
      return;
    }
    const col = o[b.length]!;
    const cols = tb.columns;
    let c = 0;
    while (c < cols.length && cols[c]! < col) c++;
    if (c === cols.length) continue;
    if (cols[c]! > col) {
      settle(tables, dev, cur, t, c, 0);
      return;
    }
    const rows = tb.rows(dev);
    settle(tables, dev, cur, t, c, firstRowAfter(rows, o, b.length + 1));
    return;
  }
  cur.ended = true;
}

function isPrefix(p: Oid, o: Oid): boolean {
  if (p.length > o.length) return false;
  for (let i = 0; i < p.length; i++) if (p[i] !== o[i]) return false;
  return true;
}

/** Steps `cur` to the next instance in order (or ends it). */
export function advance(tables: readonly MibTable[], dev: DeviceModel, cur: Cursor): void {
  if (cur.ended) return;
  settle(tables, dev, cur, cur.t, cur.c, cur.r + 1);
}

/** Asserts the table list is in strict OID order with no overlapping bases (a bug otherwise). */
export function assertOrdered(tables: readonly MibTable[]): void {
  for (let i = 1; i < tables.length; i++) {
    const a = tables[i - 1]!;
    const b = tables[i]!;
    // the last possible instance prefix of a (base.maxColumn) must sort before the first of b (base.minColumn)
    const aLast = Uint32Array.from([...a.base, a.columns[a.columns.length - 1]!]);
    const bFirst = Uint32Array.from([...b.base, b.columns[0]!]);
    if (compareOid(aLast, bFirst) >= 0 || isPrefix(aLast, bFirst) || isPrefix(bFirst, aLast)) {
      throw new Error(`MIB tables out of order: ${a.name} then ${b.name}`);
    }
  }
}
