import type { RingBuffer } from '../../store/ring.js';
import { counterDelta, ratePerSecond } from '../rate.js';
import type { SlotState } from '../slot-state.js';
import type { PollOp } from '../poll-plan.js';
import { SnmpType, type Varbind } from '../../snmp/types.js';

interface EvalInput {
  readonly tsMs: number;
  /** Every varbind read in this poll, by OID. */
  readonly values: ReadonlyMap<string, Varbind>;
  /** Rows of each walked column, by column OID. */
  readonly columns: ReadonlyMap<string, readonly Varbind[]>;
  /** True when sysUpTime went backwards since the last poll: every counter's rate is a gap. */
  readonly rebooted: boolean;
}

interface EvalOutput {
  readonly slots: Int32Array;
  readonly values: Float64Array;
  count: number;
}

/**
 * Computes every op of a plan from one poll's readings, updating counter state and writing each value
 * to the ring buffer (a counter's value is its per-poll rate). NaN results are returned (so the
 * interpolator knows the poll happened) but not written to the ring.
 */
export function evaluateOps(ops: readonly PollOp[], input: EvalInput, state: SlotState, ring: RingBuffer, out: EvalOutput): void {
  const local = new Map<number, number>();
  for (const op of ops) {
    let v = NaN;
    switch (op.op) {
      case 'counter': v = counterRate(state, op.slot, input.values.get(op.oid), op.width, op.scale, input.tsMs, input.rebooted); break;
      case 'gauge': v = numberOf(input.values.get(op.oid)) * op.scale; break;
      case 'ratio': {
        const num = local.get(op.numSlot) ?? NaN;
        const den = local.get(op.denSlot) ?? NaN;
        v = den > 0 ? (num / den) * op.scale : NaN;
        break;
      }
      case 'columnAvg': {
        const rows = input.columns.get(op.column) ?? [];
        let sum = 0, n = 0;
        for (const vb of rows) { const x = numberOf(vb); if (Number.isFinite(x)) { sum += x; n++; } }
        v = n > 0 ? (sum / n) * op.scale : NaN;
        break;
      }
      case 'usedFreeSum': {
        const used = columnSum(input, op.usedColumn), free = columnSum(input, op.freeColumn);
        v = used.n > 0 && free.n > 0 && used.sum + free.sum > 0 ? (used.sum / (used.sum + free.sum)) * 100 : NaN;
        break;
      }
      case 'sizeUsedSum': {
        const size = columnSum(input, op.sizeColumn), used = columnSum(input, op.usedColumn);
        v = size.n > 0 && used.n > 0 && size.sum > 0 ? (used.sum / size.sum) * 100 : NaN;
        break;
      }
      case 'usedPct': {
        const total = numberOf(input.values.get(op.totalOid));
        let free = numberOf(input.values.get(op.freeOid));
        if (op.alsoFreeOids === undefined || op.alsoFreeOids.length === 0) { v = total > 0 ? ((total - free) / total) * 100 : NaN; break; }
        for (const o of op.alsoFreeOids) free += numberOf(input.values.get(o));
        v = total > 0 ? (Math.max(0, total - free) / total) * 100 : NaN;
        break;
      }
      case 'fillPct': {
        const size = numberOf(input.values.get(op.sizeOid));
        const used = numberOf(input.values.get(op.usedOid));
        v = size > 0 ? (used / size) * 100 : NaN;
        break;
      }
      case 'cpuTicks': v = cpuBusy(state, op, input); break;
    }
    local.set(op.slot, v);
    out.slots[out.count] = op.slot;
    out.values[out.count] = v;
    out.count++;
    if (!Number.isNaN(v)) ring.write(op.slot, input.tsMs, v);
  }
}

/** The sum and count of a walked column's numeric rows (the rows ColumnAvg counts). */
function columnSum(input: EvalInput, column: string): { sum: number; n: number } {
  let sum = 0, n = 0;
  for (const vb of input.columns.get(column) ?? []) { const x = numberOf(vb); if (Number.isFinite(x)) { sum += x; n++; } }
  return { sum, n };
}

function numberOf(vb: Varbind | undefined): number {
  if (!vb) return NaN;
  const x = vb.value;
  if (typeof x === 'number') return x;
  if (typeof x === 'bigint') return Number(x);
  if (x instanceof Uint8Array && vb.type === SnmpType.OctetString) {
    const n = Number(Buffer.from(x).toString('latin1').trim());
    return Number.isFinite(n) ? n : NaN;
  }
  return NaN;
}

function exactOf(vb: Varbind | undefined): bigint | null {
  if (!vb) return null;
  if (typeof vb.value === 'bigint') return vb.value;
  if (typeof vb.value === 'number' && Number.isInteger(vb.value) && vb.value >= 0) return BigInt(vb.value);
  return null;
}

/** Rate since the slot's previous reading, then remembers this reading. NaN on the first reading, a reset, or a reboot. */
function counterRate(state: SlotState, slot: number, vb: Varbind | undefined, width: 32 | 64, scale: number, tsMs: number, rebooted: boolean): number {
  const cur = exactOf(vb);
  if (cur === null) { state.has[slot] = 0; return NaN; }
  let v = NaN;
  if (state.has[slot] === 1 && !rebooted) {
    const delta = counterDelta(state.lastCounter[slot], cur, width);
    if (delta !== null) v = ratePerSecond(delta, tsMs - state.lastTsMs[slot], scale);
  }
  state.lastCounter[slot] = cur;
  state.lastTsMs[slot] = tsMs;
  state.has[slot] = 1;
  return v;
}

function cpuBusy(state: SlotState, op: Extract<PollOp, { op: 'cpuTicks' }>, input: EvalInput): number {
  const idle = exactOf(input.values.get(op.idleOid));
  let all = 0n;
  for (const oid of op.allOids) {
    const x = exactOf(input.values.get(oid));
    if (x === null) { state.has[op.slot] = 0; return NaN; }
    all += x;
  }
  if (idle === null) { state.has[op.slot] = 0; return NaN; }
  let v = NaN;
  if (state.has[op.slot] === 1 && !input.rebooted) {
    const dIdle = counterDelta(state.lastCounter[op.slot], idle, 32);
    const dAll = counterDelta(state.lastCounter[op.auxSlot], all, 64);
    if (dIdle !== null && dAll !== null && dAll > 0n) v = 100 * (1 - Number(dIdle) / Number(dAll));
  }
  state.lastCounter[op.slot] = idle;
  state.lastCounter[op.auxSlot] = all;
  state.lastTsMs[op.slot] = input.tsMs;
  state.has[op.slot] = 1;
  return v;
}
