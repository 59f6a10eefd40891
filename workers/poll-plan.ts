import type { SnmpTarget } from '../snmp/types.js';

/**
 * What one poll of one device reads and how each variable slot is computed from it. Built by the
 * collector from discovery results; evaluated by a worker (poll-eval.ts). Ops run in order, so a
 * `ratio` may use slots computed earlier in the same poll.
 */
export type PollOp =
  /** Per-second rate of a counter × scale (e.g. octets → bit/s with scale 8). */
  | { readonly op: 'counter'; readonly slot: number; readonly oid: string; readonly width: 32 | 64; readonly scale: number }
  /** The value × scale. */
  | { readonly op: 'gauge'; readonly slot: number; readonly oid: string; readonly scale: number }
  /** value(numSlot) / value(denSlot) × scale, both of this poll; NaN when the denominator is 0 or missing. */
  | { readonly op: 'ratio'; readonly slot: number; readonly numSlot: number; readonly denSlot: number; readonly scale: number }
  /** Mean of every row under a walked column × scale (e.g. hrProcessorLoad). */
  | { readonly op: 'columnAvg'; readonly slot: number; readonly column: string; readonly scale: number }
  /**
   * (total − free) / total × 100; with `alsoFreeOids` (e.g. UCD memBuffer, memCached), their values
   * count as free too: max(0, total − free − Σ alsoFree) / total × 100, NaN when one of them has no
   * numeric value this poll. At most 255 of them.
   */
  | { readonly op: 'usedPct'; readonly slot: number; readonly totalOid: string; readonly freeOid: string; readonly alsoFreeOids?: readonly string[] }
  /** used / size × 100. */
  | { readonly op: 'fillPct'; readonly slot: number; readonly sizeOid: string; readonly usedOid: string }
  /**
   * 100 × Σused / (Σused + Σfree) over the rows of two walked columns (memory pools); NaN when either
   * column has no numeric row or the sum is 0.
   */
  | { readonly op: 'usedFreeSum'; readonly slot: number; readonly usedColumn: string; readonly freeColumn: string }
  /** 100 × Σused / Σsize over the rows of two walked columns; NaN when either has no numeric row or Σsize is 0. */
  | { readonly op: 'sizeUsedSum'; readonly slot: number; readonly sizeColumn: string; readonly usedColumn: string }
  /**
   * CPU busy % from raw tick counters: 100 × (1 − Δidle / Δall). `auxSlot` keeps the sum of all ticks
   * between polls (a state-only slot with no variable).
   */
  | { readonly op: 'cpuTicks'; readonly slot: number; readonly auxSlot: number; readonly idleOid: string; readonly allOids: readonly string[] };

export interface PollPlan {
  readonly deviceId: number;
  readonly target: SnmpTarget;
  /** sysUpTime.0 is always read; a decrease means the device rebooted and every counter rate is a gap. */
  readonly uptimeSlot: number;
  readonly scalars: readonly string[];
  readonly columns: readonly string[];
  readonly ops: readonly PollOp[];
}

/**
 * True when the target is polled through net-snmp (workers/netsnmp): SNMPv3 agents, and every agent
 * of a network with `snmp.pollPath: net-snmp`; else the v2c fast path (workers/v2c) polls it.
 */
export function pollsThroughNetSnmp(t: SnmpTarget): boolean {
  return t.version === '3' || t.pollPath === 'net-snmp';
}

export interface PollResult {
  readonly ok: boolean;
  readonly deviceId: number;
  /** The poll's observation time: the midpoint of the request/response exchange. */
  readonly tsMs: number;
  readonly durationMs: number;
  readonly error: string;
  readonly timeout: boolean;
  /**
   * Answers from the device's address carrying one of the poll's request ids that did not fit their
   * request (forged, or a broken agent): dropped, the request kept waiting for its real answer.
   */
  readonly rejectedAnswers: number;
  /** Why one of them did not fit (the first, on the v2c path; '' when none). */
  readonly rejectedWhy: string;
  readonly rebooted: boolean;
  /** Varbinds in the device's answers to this poll (0 when it failed): the poller's throughput counts them. */
  readonly varbinds: number;
  /** Slots computed, and their values (NaN: no value this time, e.g. a counter's first reading). */
  readonly slots: Int32Array;
  readonly values: Float64Array;
  readonly count: number;
}

export const SYS_UPTIME_OID = '1.3.6.1.2.1.1.3.0';
