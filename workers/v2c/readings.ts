import { SnmpType } from '../../snmp/types.js';

/**
 * One poll's values, by position (op-program.ts), in typed arrays reused from poll to poll of the
 * same device. For each position:
 *   tag    the varbind's type tag; 0 = nothing read
 *   num    the value as a number, as poll-eval.ts's numberOf() would give it (NaN when not a number)
 *   exact  1 when the value is a non-negative integer known exactly (what poll-eval.ts's exactOf()
 *          accepts), then hi/lo hold its two unsigned 32-bit halves
 * and per walked column the sum and count of its rows' finite numbers (ColumnAvg).
 */
export class Readings {
  readonly tag: Uint8Array;
  readonly num: Float64Array;
  readonly exact: Uint8Array;
  readonly hi: Uint32Array;
  readonly lo: Uint32Array;
  readonly colSum: Float64Array;
  readonly colCount: Int32Array;

  constructor(positions: number, columns: number) {
    this.tag = new Uint8Array(positions);
    this.num = new Float64Array(positions);
    this.exact = new Uint8Array(positions);
    this.hi = new Uint32Array(positions);
    this.lo = new Uint32Array(positions);
    this.colSum = new Float64Array(columns);
    this.colCount = new Int32Array(columns);
  }

  /** Forgets the first `positions` readings and `columns` column sums (all by default). */
  clear(positions = this.tag.length, columns = this.colSum.length): void {
    this.tag.fill(0, 0, positions);
    this.exact.fill(0, 0, positions);
    this.num.fill(NaN, 0, positions);
    this.colSum.fill(0, 0, columns);
    this.colCount.fill(0, 0, columns);
  }

  /** Room for this many positions and columns. */
  fits(positions: number, columns: number): boolean {
    return this.tag.length >= positions && this.colSum.length >= columns;
  }

  /** INTEGER (signed) or Counter32/Gauge32/TimeTicks (unsigned) already converted to a number. */
  setInt(pos: number, tag: number, v: number): void {
    this.tag[pos] = tag;
    this.num[pos] = v;
    if (v >= 0) { this.exact[pos] = 1; this.hi[pos] = 0; this.lo[pos] = v; } else this.exact[pos] = 0;
  }

  /** Counter64 from its two halves. */
  setU64(pos: number, hi: number, lo: number): void {
    this.tag[pos] = SnmpType.Counter64;
    this.num[pos] = hi * 4294967296 + lo;
    this.exact[pos] = 1;
    this.hi[pos] = hi;
    this.lo[pos] = lo;
  }

  /** A value with no number in it (NULL, exceptions, OIDs, addresses). */
  setNone(pos: number, tag: number): void {
    this.tag[pos] = tag;
    this.num[pos] = NaN;
    this.exact[pos] = 0;
  }

  /** OCTET STRING: numeric text counts as a gauge value (as poll-eval.ts), never as a counter. */
  setText(pos: number, bytes: Uint8Array, start: number, end: number): void {
    this.tag[pos] = SnmpType.OctetString;
    this.num[pos] = textNumber(bytes, start, end);
    this.exact[pos] = 0;
  }

  /** One walked row of column `col` (its value already reduced to a number, NaN if none). */
  addRow(col: number, x: number): void {
    if (Number.isFinite(x)) { this.colSum[col] += x; this.colCount[col]++; }
  }
}

/** Number(latin1 text trimmed), NaN when not finite: the rule of poll-eval.ts for OCTET STRING values. */
export function textNumber(bytes: Uint8Array, start: number, end: number): number {
  // Rare on the poll path (a few vendor gauges are strings); the string made here is not per interface sample.
  const n = Number(Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start).toString('latin1').trim());
  return Number.isFinite(n) ? n : NaN;
}

/**
 * A thread's scratch for polls: Readings are needed only while a poll is in flight, so they are lent
 * per poll (memory bounded by the polls in flight, not by the devices), and the evaluation scratch is
 * one array (evaluation is synchronous).
 */
export class PollScratch {
  private readonly free: Readings[] = [];
  private localArray = new Float64Array(1024);

  readings(positions: number, columns: number): Readings {
    for (let i = this.free.length - 1; i >= 0; i--) {
      const r = this.free[i]!;
      if (r.fits(positions, columns)) { this.free.splice(i, 1); r.clear(positions, columns); return r; }
    }
    // a new one, rounded up so that it fits other devices of about this size
    const r = new Readings(Math.max(64, 1 << Math.ceil(Math.log2(Math.max(1, positions)))), Math.max(4, columns));
    r.clear();
    return r;
  }

  release(r: Readings): void {
    if (this.free.length < 4096) this.free.push(r);
  }

  local(count: number): Float64Array {
    if (this.localArray.length < count) this.localArray = new Float64Array(1 << Math.ceil(Math.log2(count)));
    return this.localArray;
  }
}
