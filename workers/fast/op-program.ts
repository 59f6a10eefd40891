import type { PollOp } from '../poll-plan.js';

/** Op kinds of a compiled program (one byte per op). */
export const OpKind = { Counter: 1, Gauge: 2, Ratio: 3, ColumnAvg: 4, UsedPct: 5, FillPct: 6, CpuTicks: 7 } as const;

/**
 * A PollPlan's ops compiled to typed arrays. Every OID an op reads becomes a *position* (its index in
 * `oids`); every walked column an index in `columns`. Evaluation (op-eval.ts) then reads the poll's
 * values by position and never looks at an OID string.
 *
 * Per op i: `kind[i]`, `slot[i]`, `scale[i]`, and two operands whose meaning depends on the kind:
 *   Counter    a = position, width[i] = 32 | 64
 *   Gauge      a = position
 *   Ratio      a, b = index of the earlier op that last computed numSlot / denSlot (−1: none → NaN)
 *   ColumnAvg  a = column index
 *   UsedPct    a = total position, b = free position
 *   FillPct    a = size position, b = used position
 *   CpuTicks   a = idle position, b = aux slot, allPos[allStart[i] .. allStart[i] + allLen[i]) = positions summed
 */
export interface OpProgram {
  readonly count: number;
  readonly kind: Uint8Array;
  readonly slot: Int32Array;
  readonly a: Int32Array;
  readonly b: Int32Array;
  readonly width: Uint8Array;
  readonly scale: Float64Array;
  readonly allStart: Int32Array;
  readonly allLen: Int32Array;
  readonly allPos: Int32Array;
  /** Position of sysUpTime.0 when the program was compiled with it, else −1. */
  readonly uptimePos: number;
}

/** compileOps' result: the program and the OID text behind its positions and columns. */
export interface CompiledOps extends OpProgram {
  /** Position → OID (text, as in the plan). */
  readonly oids: readonly string[];
  /** Column index → column OID (walked, for ColumnAvg). */
  readonly columns: readonly string[];
  /** Scratch for evaluateProgram, `count` long. */
  readonly local: Float64Array;
}

/** Compiles ops; `extraOids` (e.g. sysUpTime.0 and the plan's scalars) get positions too, first. */
export function compileOps(ops: readonly PollOp[], extraOids: readonly string[] = [], uptimeOid?: string): CompiledOps {
  const posOf = new Map<string, number>();
  const oids: string[] = [];
  const pos = (oid: string): number => {
    let p = posOf.get(oid);
    if (p === undefined) { p = oids.length; oids.push(oid); posOf.set(oid, p); }
    return p;
  };
  const colOf = new Map<string, number>();
  const columns: string[] = [];
  for (const o of extraOids) pos(o);

  const n = ops.length;
  const kind = new Uint8Array(n), slot = new Int32Array(n), a = new Int32Array(n).fill(-1), b = new Int32Array(n).fill(-1);
  const width = new Uint8Array(n), scale = new Float64Array(n), allStart = new Int32Array(n), allLen = new Int32Array(n);
  const allPos: number[] = [];
  const lastOpOfSlot = new Map<number, number>();
  ops.forEach((op, i) => {
    slot[i] = op.slot;
    switch (op.op) {
      case 'counter': kind[i] = OpKind.Counter; a[i] = pos(op.oid); width[i] = op.width; scale[i] = op.scale; break;
      case 'gauge': kind[i] = OpKind.Gauge; a[i] = pos(op.oid); scale[i] = op.scale; break;
      case 'ratio':
        kind[i] = OpKind.Ratio; scale[i] = op.scale;
        a[i] = lastOpOfSlot.get(op.numSlot) ?? -1;
        b[i] = lastOpOfSlot.get(op.denSlot) ?? -1;
        break;
      case 'columnAvg': {
        kind[i] = OpKind.ColumnAvg; scale[i] = op.scale;
        let c = colOf.get(op.column);
        if (c === undefined) { c = columns.length; columns.push(op.column); colOf.set(op.column, c); }
        a[i] = c;
        break;
      }
      case 'usedPct': kind[i] = OpKind.UsedPct; a[i] = pos(op.totalOid); b[i] = pos(op.freeOid); break;
      case 'fillPct': kind[i] = OpKind.FillPct; a[i] = pos(op.sizeOid); b[i] = pos(op.usedOid); break;
      case 'cpuTicks':
        kind[i] = OpKind.CpuTicks; a[i] = pos(op.idleOid); b[i] = op.auxSlot;
        allStart[i] = allPos.length; allLen[i] = op.allOids.length;
        for (const o of op.allOids) allPos.push(pos(o));
        break;
    }
    lastOpOfSlot.set(op.slot, i);
  });
  return {
    count: n, kind, slot, a, b, width, scale, allStart, allLen, allPos: Int32Array.from(allPos),
    oids, columns, uptimePos: uptimeOid === undefined ? -1 : pos(uptimeOid), local: new Float64Array(n),
  };
}
