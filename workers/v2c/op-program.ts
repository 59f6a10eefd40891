import type { PollOp } from '../poll-plan.js';

/** Op kinds of a compiled program (one byte per op). */
export const OpKind = { Counter: 1, Gauge: 2, Ratio: 3, ColumnAvg: 4, UsedPct: 5, FillPct: 6, CpuTicks: 7, UsedFreeSum: 8, SizeUsedSum: 9 } as const;

/**
 * A PollPlan's ops compiled to typed arrays. Every OID an op reads becomes a *position* (its index in
 * `oids`); every walked column an index in `columns`. Evaluation (op-eval.ts) then reads the poll's
 * values by position and never looks at an OID string.
 *
 * Per op i: `kind[i]`, `slot[i]`, its scale `scales[scaleOf[i]]` (a plan has few distinct scales),
 * and operands whose meaning depends on the kind:
 *   Counter    a = position, width[i] = 32 | 64
 *   Gauge      a = position
 *   Ratio      a, b = index of the earlier op that last computed numSlot / denSlot (−1: none → NaN)
 *   ColumnAvg  a = column index
 *   UsedFreeSum  a = used column index, b = free column index
 *   SizeUsedSum  a = size column index, b = used column index
 *   UsedPct    a = total position, b = free position, width[i] = number of positions also counted
 *              as free: the next width[i] entries of allPos
 *   FillPct    a = size position, b = used position
 *   CpuTicks   a = idle position, b = aux slot, width[i] = number of positions summed: the next
 *              width[i] entries of allPos (CpuTicks and UsedPct ops take their allPos entries in op order)
 * About 15 bytes per op: programs are kept for every device (plan-handle.ts).
 */
export interface OpProgram {
  readonly count: number;
  readonly kind: Uint8Array;
  readonly slot: Int32Array;
  readonly a: Int32Array;
  readonly b: Int32Array;
  readonly width: Uint8Array;
  readonly scaleOf: Uint8Array;
  readonly scales: Float64Array;
  readonly allPos: Int32Array;
  /** Position of sysUpTime.0 when the program was compiled with it, else −1. */
  readonly uptimePos: number;
}

/** compileOps' result: the program and the OID text behind its positions and columns. */
interface CompiledOps extends OpProgram {
  /** Position → OID (text, as in the plan). */
  readonly oids: readonly string[];
  /** Column index → column OID (walked, for ColumnAvg, UsedFreeSum and SizeUsedSum). */
  readonly columns: readonly string[];
  /** Scratch for evaluateProgram, `count` long. */
  readonly local: Float64Array;
}

/** Where compileOps takes its arrays from (plan-handle.ts passes scratch memory it copies out of). */
interface ArrayAlloc {
  u8(n: number): Uint8Array;
  i32(n: number): Int32Array;
  f64(n: number): Float64Array;
}

const heapAlloc: ArrayAlloc = { u8: (n) => new Uint8Array(n), i32: (n) => new Int32Array(n), f64: (n) => new Float64Array(n) };

/**
 * Reusable scratch memory handing out zeroed typed arrays; `reset()` takes everything back. For
 * results copied elsewhere at once: many small short-lived typed arrays each get their own native
 * allocation, which the C heap keeps (resident) after they are collected.
 */
export class ScratchArena implements ArrayAlloc {
  private buf = new ArrayBuffer(1 << 20);
  private at = 0;
  reset(): void { this.at = 0; }
  private take(bytes: number): number {
    const start = (this.at + 7) & ~7;
    if (start + bytes > this.buf.byteLength) {
      // the arrays handed out so far keep the old buffer; later ones come from a bigger one
      this.buf = new ArrayBuffer(Math.max(2 * this.buf.byteLength, bytes + 8));
      this.at = 0;
      return this.take(bytes);
    }
    this.at = start + bytes;
    new Uint8Array(this.buf, start, bytes).fill(0);
    return start;
  }
  u8(n: number): Uint8Array { return new Uint8Array(this.buf, this.take(n), n); }
  i32(n: number): Int32Array { return new Int32Array(this.buf, this.take(4 * n), n); }
  f64(n: number): Float64Array { return new Float64Array(this.buf, this.take(8 * n), n); }
}

/** Compiles ops; `extraOids` (e.g. sysUpTime.0 and the plan's scalars) get positions too, first. */
export function compileOps(ops: readonly PollOp[], extraOids: readonly string[] = [], uptimeOid?: string, alloc: ArrayAlloc = heapAlloc): CompiledOps {
  return drainSteps(compileOpsSteps(ops, extraOids, uptimeOid, alloc));
}

/** Ops compiled between two pauses of compileOpsSteps (a plan of 100,000 ops compiles in ~25 pauses). */
export const COMPILE_STEP_OPS = 4096;

/** Runs a generator of steps to its end at once (the synchronous form of a step-wise computation). */
export function drainSteps<T>(g: Generator<void, T, void>): T {
  for (;;) { const r = g.next(); if (r.done) return r.value; }
}

/**
 * compileOps as steps: pauses (yields) after every COMPILE_STEP_OPS ops, so that a caller may let
 * other work run between two steps (the result is the same however it is driven).
 */
export function* compileOpsSteps(ops: readonly PollOp[], extraOids: readonly string[] = [], uptimeOid?: string, alloc: ArrayAlloc = heapAlloc): Generator<void, CompiledOps, void> {
  const posOf = new Map<string, number>();
  const oids: string[] = [];
  const pos = (oid: string): number => {
    let p = posOf.get(oid);
    if (p === undefined) { p = oids.length; oids.push(oid); posOf.set(oid, p); }
    return p;
  };
  const colOf = new Map<string, number>();
  const columns: string[] = [];
  const col = (column: string): number => {
    let c = colOf.get(column);
    if (c === undefined) { c = columns.length; columns.push(column); colOf.set(column, c); }
    return c;
  };
  for (const o of extraOids) pos(o);

  const n = ops.length;
  const kind = alloc.u8(n), slot = alloc.i32(n), a = alloc.i32(n).fill(-1), b = alloc.i32(n).fill(-1);
  const width = alloc.u8(n), scaleOf = alloc.u8(n);
  const scales: number[] = [];
  const scaleIndex = new Map<number, number>();
  const scale = (i: number, x: number): void => {
    let k = scaleIndex.get(x);
    if (k === undefined) {
      if (scales.length === 256) throw new Error('a poll plan with more than 256 distinct scales');
      k = scales.length; scales.push(x); scaleIndex.set(x, k);
    }
    scaleOf[i] = k;
  };
  const allPos: number[] = [];
  const lastOpOfSlot = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    if (i > 0 && i % COMPILE_STEP_OPS === 0) yield;
    const op = ops[i]!;
    slot[i] = op.slot;
    switch (op.op) {
      case 'counter': kind[i] = OpKind.Counter; a[i] = pos(op.oid); width[i] = op.width; scale(i, op.scale); break;
      case 'gauge': kind[i] = OpKind.Gauge; a[i] = pos(op.oid); scale(i, op.scale); break;
      case 'ratio':
        kind[i] = OpKind.Ratio; scale(i, op.scale);
        a[i] = lastOpOfSlot.get(op.numSlot) ?? -1;
        b[i] = lastOpOfSlot.get(op.denSlot) ?? -1;
        break;
      case 'columnAvg': kind[i] = OpKind.ColumnAvg; scale(i, op.scale); a[i] = col(op.column); break;
      case 'usedFreeSum': kind[i] = OpKind.UsedFreeSum; scale(i, 1); a[i] = col(op.usedColumn); b[i] = col(op.freeColumn); break;
      case 'sizeUsedSum': kind[i] = OpKind.SizeUsedSum; scale(i, 1); a[i] = col(op.sizeColumn); b[i] = col(op.usedColumn); break;
      case 'usedPct': {
        kind[i] = OpKind.UsedPct; a[i] = pos(op.totalOid); b[i] = pos(op.freeOid); scale(i, 1);
        const also = op.alsoFreeOids ?? [];
        if (also.length > 255) throw new Error('a usedPct op counting more than 255 OIDs as free');
        width[i] = also.length;
        for (const o of also) allPos.push(pos(o));
        break;
      }
      case 'fillPct': kind[i] = OpKind.FillPct; a[i] = pos(op.sizeOid); b[i] = pos(op.usedOid); scale(i, 1); break;
      case 'cpuTicks':
        kind[i] = OpKind.CpuTicks; a[i] = pos(op.idleOid); b[i] = op.auxSlot; scale(i, 1);
        if (op.allOids.length > 255) throw new Error('a cpuTicks op summing more than 255 counters');
        width[i] = op.allOids.length;
        for (const o of op.allOids) allPos.push(pos(o));
        break;
    }
    lastOpOfSlot.set(op.slot, i);
  }
  return {
    count: n, kind, slot, a, b, width, scaleOf, scales: Float64Array.from(scales), allPos: Int32Array.from(allPos),
    oids, columns, uptimePos: uptimeOid === undefined ? -1 : pos(uptimeOid), local: alloc.f64(n),
  };
}
