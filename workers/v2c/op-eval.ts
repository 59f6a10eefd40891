import { endianness } from 'node:os';
import type { RingBuffer } from '../../store/ring.js';
import type { SlotState } from '../slot-state.js';
import { OpKind, type OpProgram } from './op-program.js';
import type { Readings } from './readings.js';

/**
 * The typed-array twin of poll-eval.ts's evaluateOps: same rules (test/workers/eval-conformance.ts runs
 * one table against both), no Map, no BigInt, no object per value. Counter state stays in SlotState:
 * its BigUint64 `lastCounter` is read and written as two Uint32 halves through a view of the same
 * memory, so both evaluators can poll the same slots.
 */
if (endianness() !== 'LE') throw new Error('op-eval.ts reads 64-bit counters as little-endian halves');

const TWO_32 = 4294967296;

interface EvalOut {
  readonly slots: Int32Array;
  readonly values: Float64Array;
  count: number;
}

/** A SlotState with the Uint32 view over its counters (made once per SlotState buffer). */
export class StateView {
  readonly halves: Uint32Array;
  constructor(readonly state: SlotState) {
    this.halves = new Uint32Array(state.buffer, 0, state.capacity * 2);
  }
}

/**
 * sysUpTime went back since the last poll (a reboot)? Also remembers this reading. Only a 32-bit
 * numeric value counts, as in the net-snmp path.
 */
export function checkReboot(sv: StateView, uptimeSlot: number, r: Readings, pos: number): boolean {
  if (pos < 0) return false;
  const tag = r.tag[pos]!;
  if (!(tag === 2 || tag === 0x41 || tag === 0x42 || tag === 0x43) || r.exact[pos] !== 1) return false;
  const h = sv.halves, has = sv.state.has;
  const ticks = r.lo[pos]!;
  const rebooted = has[uptimeSlot] === 1 && (h[2 * uptimeSlot + 1]! > 0 || ticks < h[2 * uptimeSlot]!);
  h[2 * uptimeSlot] = ticks; h[2 * uptimeSlot + 1] = 0; has[uptimeSlot] = 1;
  return rebooted;
}

/**
 * Computes every op from the readings, updates counter state, writes non-NaN values to the ring.
 * `local` (at least `p.count` long) is scratch: the value of each op for later Ratio ops.
 */
export function evaluateProgram(p: OpProgram, r: Readings, tsMs: number, rebooted: boolean, sv: StateView, ring: RingBuffer, out: EvalOut, local: Float64Array): void {
  const scales = p.scales;
  let allAt = 0; // CpuTicks and UsedPct ops take their allPos entries in op order
  for (let i = 0; i < p.count; i++) {
    let v = NaN;
    const a = p.a[i]!, b = p.b[i]!, scale = scales[p.scaleOf[i]!]!;
    switch (p.kind[i]) {
      case OpKind.Counter: v = counterRate(sv, p.slot[i]!, r, a, p.width[i]!, scale, tsMs, rebooted); break;
      case OpKind.Gauge: v = r.num[a]! * scale; break;
      case OpKind.Ratio: {
        const num = a >= 0 ? local[a]! : NaN;
        const den = b >= 0 ? local[b]! : NaN;
        v = den > 0 ? (num / den) * scale : NaN;
        break;
      }
      case OpKind.ColumnAvg: {
        const n = r.colCount[a]!;
        v = n > 0 ? (r.colSum[a]! / n) * scale : NaN;
        break;
      }
      case OpKind.UsedFreeSum: {
        const used = r.colSum[a]!, free = r.colSum[b]!;
        v = r.colCount[a]! > 0 && r.colCount[b]! > 0 && used + free > 0 ? (used / (used + free)) * 100 : NaN;
        break;
      }
      case OpKind.SizeUsedSum: {
        const size = r.colSum[a]!, used = r.colSum[b]!;
        v = r.colCount[a]! > 0 && r.colCount[b]! > 0 && size > 0 ? (used / size) * 100 : NaN;
        break;
      }
      case OpKind.UsedPct: {
        const total = r.num[a]!;
        let free = r.num[b]!;
        const w = p.width[i]!;
        if (w === 0) { v = total > 0 ? ((total - free) / total) * 100 : NaN; break; }
        for (let end = allAt + w; allAt < end; allAt++) free += r.num[p.allPos[allAt]!]!;
        v = total > 0 ? (Math.max(0, total - free) / total) * 100 : NaN;
        break;
      }
      case OpKind.FillPct: {
        const size = r.num[a]!, used = r.num[b]!;
        v = size > 0 ? (used / size) * 100 : NaN;
        break;
      }
      case OpKind.CpuTicks: v = cpuBusy(sv, p, i, allAt, r, tsMs, rebooted); allAt += p.width[i]!; break;
    }
    local[i] = v;
    out.slots[out.count] = p.slot[i]!;
    out.values[out.count] = v;
    out.count++;
    if (!Number.isNaN(v)) ring.write(p.slot[i]!, tsMs, v);
  }
}

/** rate.ts counterDelta() on halves: the increase as a float (exactly Number(bigint delta)), or NaN when there is none to trust. */
function delta(prevHi: number, prevLo: number, hi: number, lo: number, width: number): number {
  if (hi > prevHi || (hi === prevHi && lo >= prevLo)) {
    let dLo = lo - prevLo, dHi = hi - prevHi;
    if (dLo < 0) { dLo += TWO_32; dHi -= 1; }
    // dHi × 2^32 is exact, so the sum is rounded once: the same double as Number(bigint delta)
    return dHi * TWO_32 + dLo;
  }
  if (width === 32 && prevHi === 0 && hi === 0) return lo + TWO_32 - prevLo;
  return NaN;
}

function counterRate(sv: StateView, slot: number, r: Readings, pos: number, width: number, scale: number, tsMs: number, rebooted: boolean): number {
  const has = sv.state.has, h = sv.halves;
  if (r.exact[pos] !== 1) { has[slot] = 0; return NaN; }
  const hi = r.hi[pos]!, lo = r.lo[pos]!;
  let v = NaN;
  if (has[slot] === 1 && !rebooted) {
    const d = delta(h[2 * slot + 1]!, h[2 * slot]!, hi, lo, width);
    if (!Number.isNaN(d)) {
      const dtMs = tsMs - sv.state.lastTsMs[slot]!;
      v = dtMs > 0 ? (d * 1000 * scale) / dtMs : NaN;
    }
  }
  h[2 * slot] = lo; h[2 * slot + 1] = hi;
  sv.state.lastTsMs[slot] = tsMs;
  has[slot] = 1;
  return v;
}

function cpuBusy(sv: StateView, p: OpProgram, i: number, allAt: number, r: Readings, tsMs: number, rebooted: boolean): number {
  const slot = p.slot[i]!, aux = p.b[i]!, idlePos = p.a[i]!;
  const has = sv.state.has, h = sv.halves;
  let allHi = 0, allLo = 0;
  for (let k = allAt, end = k + p.width[i]!; k < end; k++) {
    const pos = p.allPos[k]!;
    if (r.exact[pos] !== 1) { has[slot] = 0; return NaN; }
    allLo += r.lo[pos]!;
    allHi += r.hi[pos]!;
    if (allLo >= TWO_32) { allLo -= TWO_32; allHi += 1; }
  }
  if (r.exact[idlePos] !== 1) { has[slot] = 0; return NaN; }
  allHi = allHi % TWO_32;
  let v = NaN;
  if (has[slot] === 1 && !rebooted) {
    const dIdle = delta(h[2 * slot + 1]!, h[2 * slot]!, r.hi[idlePos]!, r.lo[idlePos]!, 32);
    const dAll = delta(h[2 * aux + 1]!, h[2 * aux]!, allHi, allLo, 64);
    if (!Number.isNaN(dIdle) && !Number.isNaN(dAll) && dAll > 0) v = 100 * (1 - dIdle / dAll);
  }
  h[2 * slot] = r.lo[idlePos]!; h[2 * slot + 1] = r.hi[idlePos]!;
  h[2 * aux] = allLo; h[2 * aux + 1] = allHi;
  sv.state.lastTsMs[slot] = tsMs;
  has[slot] = 1;
  return v;
}
