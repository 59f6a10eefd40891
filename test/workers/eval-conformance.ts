/**
 * One table of poll-evaluation cases run against every evaluator: poll-eval.ts (Map + BigInt, the
 * net-snmp path) and workers/v2c (typed arrays, the v2c fast path). The cases of
 * test/workers/poll-eval.test.ts are here, plus the edges where the two implementations could drift
 * (64-bit halves, value types, OCTET STRING numbers, op order).
 */
import type { Test } from 'tap';
import { RingBuffer } from '../../store/ring.js';
import { evaluateOps } from '../../workers/netsnmp/poll-eval.js';
import type { PollOp } from '../../workers/poll-plan.js';
import { SlotState } from '../../workers/slot-state.js';
import { SnmpType, type Varbind } from '../../snmp/types.js';
import { compileOps } from '../../workers/v2c/op-program.js';
import { evaluateProgram, StateView } from '../../workers/v2c/op-eval.js';
import { Readings, textNumber } from '../../workers/v2c/readings.js';

export interface PollInput { rebooted?: boolean; columns?: [string, Varbind[]][] }
/** Evaluates one poll and returns the op values in op order. */
export type Poller = (tsMs: number, vbs: Varbind[], opts?: PollInput) => number[];
export interface Evaluator { readonly name: string; harness(ops: PollOp[]): { poll: Poller; ring: RingBuffer; state: SlotState } }

export const mapEvaluator: Evaluator = {
  name: 'poll-eval (Map, BigInt)',
  harness(ops) {
    const state = SlotState.create(16);
    const ring = RingBuffer.create(16);
    const poll: Poller = (tsMs, vbs, opts = {}) => {
      const out = { slots: new Int32Array(ops.length), values: new Float64Array(ops.length), count: 0 };
      evaluateOps(ops, { tsMs, values: new Map(vbs.map((v) => [v.oid, v])), columns: new Map(opts.columns ?? []), rebooted: opts.rebooted ?? false }, state, ring, out);
      return Array.from(out.values.subarray(0, out.count));
    };
    return { poll, ring, state };
  },
};

/** Puts a decoded varbind into a reading the way the fast decoder does for the same bytes. */
export function setReading(r: Readings, pos: number, vb: Varbind): void {
  const x = vb.value;
  switch (vb.type) {
    case SnmpType.Integer: case SnmpType.Counter32: case SnmpType.Gauge32: case SnmpType.TimeTicks: r.setInt(pos, vb.type, x as number); break;
    case SnmpType.Counter64: { const b = x as bigint; r.setU64(pos, Number(b >> 32n), Number(b & 0xffffffffn)); break; }
    case SnmpType.OctetString: { const u = x as Uint8Array; r.setText(pos, u, 0, u.length); break; }
    default: r.setNone(pos, vb.type);
  }
}

/** A row's number as ColumnAvg counts it. */
export function rowNumber(vb: Varbind): number {
  const x = vb.value;
  if (typeof x === 'number') return x;
  if (typeof x === 'bigint') return Number(x);
  if (x instanceof Uint8Array && vb.type === SnmpType.OctetString) return textNumber(x, 0, x.length);
  return NaN;
}

export const fastEvaluator: Evaluator = {
  name: 'fast (typed arrays)',
  harness(ops) {
    const state = SlotState.create(16);
    const ring = RingBuffer.create(16);
    const sv = new StateView(state);
    const p = compileOps(ops);
    const posOf = new Map(p.oids.map((o, i) => [o, i]));
    const colOf = new Map(p.columns.map((c, i) => [c, i]));
    const r = new Readings(p.oids.length, p.columns.length);
    const poll: Poller = (tsMs, vbs, opts = {}) => {
      r.clear();
      for (const vb of vbs) { const pos = posOf.get(vb.oid); if (pos !== undefined) setReading(r, pos, vb); }
      for (const [col, rows] of opts.columns ?? []) { const c = colOf.get(col); if (c !== undefined) for (const vb of rows) r.addRow(c, rowNumber(vb)); }
      const out = { slots: new Int32Array(ops.length), values: new Float64Array(ops.length), count: 0 };
      evaluateProgram(p, r, tsMs, opts.rebooted ?? false, sv, ring, out, p.local);
      return Array.from(out.values.subarray(0, out.count));
    };
    return { poll, ring, state };
  },
};

export const evaluators: readonly Evaluator[] = [mapEvaluator, fastEvaluator];

const TWO_60 = 1n << 60n;
const TWO_64 = 1n << 64n;
const c64 = (oid: string, v: bigint): Varbind => ({ oid, type: SnmpType.Counter64, value: v });
const c32 = (oid: string, v: number): Varbind => ({ oid, type: SnmpType.Counter32, value: v });
const g32 = (oid: string, v: number): Varbind => ({ oid, type: SnmpType.Gauge32, value: v });
const int = (oid: string, v: number): Varbind => ({ oid, type: SnmpType.Integer, value: v });
const str = (oid: string, s: string): Varbind => ({ oid, type: SnmpType.OctetString, value: new TextEncoder().encode(s) });
const none = (oid: string, type: number): Varbind => ({ oid, type, value: null });

/** A sequence of polls of one op list: [name, tsMs, varbinds, options, expected op values]. */
export interface Scenario {
  readonly name: string;
  readonly ops: PollOp[];
  readonly steps: [string, number, Varbind[], PollInput, number[]][];
  /** Expected ring contents after the last step, per slot. */
  readonly ring?: [number, { tsMs: number[]; values: number[] }][];
}

export const scenarios: Scenario[] = [
  {
    name: 'Counter64 above 2^53: exact bit rates',
    ops: [{ op: 'counter', slot: 1, oid: 'in', width: 64, scale: 8 }],
    steps: [
      ['first reading: no rate yet', 1_000, [c64('in', TWO_60 + 1n)], {}, [NaN]],
      ['12345 octets in 10 s = 9876 bit/s, exactly', 11_000, [c64('in', TWO_60 + 1n + 12_345n)], {}, [9876]],
      ['3 octets in 10 s', 21_000, [c64('in', TWO_60 + 12_346n + 3n)], {}, [2.4]],
    ],
    ring: [[1, { tsMs: [11_000, 21_000], values: [9876, 2.4] }]],
  },
  {
    name: 'counter rules: wrap, reset, reboot, missing value',
    ops: [{ op: 'counter', slot: 2, oid: 'c', width: 32, scale: 1 }, { op: 'counter', slot: 3, oid: 'h', width: 64, scale: 1 }],
    steps: [
      ['first', 0, [c32('c', 4_294_967_000), c64('h', 1000n)], {}, [NaN, NaN]],
      ['32-bit wrap counts once, 64-bit normal', 1000, [c32('c', 296), c64('h', 1500n)], {}, [592, 500]],
      ['64-bit reset is a gap', 2000, [c32('c', 396), c64('h', 10n)], {}, [100, NaN]],
      ['after the reset the rate resumes', 3000, [c32('c', 496), c64('h', 20n)], {}, [100, 10]],
      ['reboot: every counter is a gap', 4000, [c32('c', 5), c64('h', 25n)], { rebooted: true }, [NaN, NaN]],
      ['after the reboot', 5000, [c32('c', 15), c64('h', 35n)], {}, [10, 10]],
      ['a missing varbind is a gap and forgets the reading', 6000, [c64('h', 45n)], {}, [NaN, 10]],
      ['…so the next reading starts afresh', 7000, [c32('c', 1000), c64('h', 55n)], {}, [NaN, 10]],
      ['noSuchInstance is a missing value', 8000, [none('c', SnmpType.NoSuchInstance), c64('h', 65n)], {}, [NaN, 10]],
      ['same time twice: no rate', 8000, [c32('c', 1000), c64('h', 75n)], {}, [NaN, NaN]],
    ],
  },
  {
    name: '64-bit halves: borrows, 2^32 steps, the top of the range',
    ops: [{ op: 'counter', slot: 4, oid: 'h', width: 64, scale: 1 }, { op: 'counter', slot: 5, oid: 'w', width: 32, scale: 8 }],
    steps: [
      ['first', 0, [c64('h', (1n << 32n) - 5n), c32('w', 0xffffffff)], {}, [NaN, NaN]],
      ['low half borrows across 2^32', 1000, [c64('h', (1n << 32n) + 5n), c32('w', 0)], {}, [10, 8]],
      ['a step of exactly 2^32', 2000, [c64('h', (2n << 32n) + 5n), c32('w', 0)], {}, [4294967296, 0]],
      ['near 2^64', 3000, [c64('h', TWO_64 - 1n), c32('w', 7)], {}, [Number(TWO_64 - 1n - (2n << 32n) - 5n), 56]],
      ['a delta above 2^53 rounds like Number(bigint)', 4000, [c64('h', TWO_64 - 1n), c32('w', 7)], {}, [0, 0]],
      ['back to a small value: reset', 5000, [c64('h', 3n), c32('w', 6)], {}, [NaN, Number(6n + (1n << 32n) - 7n) * 8]],
      ['a huge rise', 6000, [c64('h', (1n << 62n) + 3n), c32('w', 6)], {}, [Number(1n << 62n), 0]],
    ],
  },
  {
    name: 'value types: INTEGER counters, negative values, OCTET STRING numbers, Counter64 gauges',
    ops: [
      { op: 'counter', slot: 1, oid: 'i', width: 32, scale: 1 },
      { op: 'gauge', slot: 2, oid: 'g', scale: 2 },
      { op: 'gauge', slot: 3, oid: 's', scale: 1 },
      { op: 'counter', slot: 4, oid: 's', width: 64, scale: 1 },
      { op: 'gauge', slot: 5, oid: 'big', scale: 1 },
    ],
    steps: [
      ['first', 0, [int('i', 10), int('g', -3), str('s', ' 42 '), c64('big', (1n << 60n) + 1n)], {}, [NaN, -6, 42, NaN, Number((1n << 60n) + 1n)]],
      ['INTEGER counts as a counter', 1000, [int('i', 20), g32('g', 7), str('s', '1e3'), c64('big', 5n)], {}, [10, 14, 1000, NaN, 5]],
      ['a negative INTEGER is no counter reading', 2000, [int('i', -1), none('g', SnmpType.Null), str('s', 'abc'), none('big', SnmpType.NoSuchObject)], {}, [NaN, NaN, NaN, NaN, NaN]],
      ['empty text is 0 (Number rule)', 3000, [int('i', 30), int('g', 0), str('s', ''), g32('big', 0)], {}, [NaN, 0, 0, NaN, 0]],
    ],
  },
  {
    name: 'gauges, ratios, column means, memory and CPU ticks',
    ops: [
      { op: 'counter', slot: 1, oid: 'oct', width: 64, scale: 8 },
      { op: 'gauge', slot: 2, oid: 'speedMb', scale: 1e6 },
      { op: 'ratio', slot: 3, numSlot: 1, denSlot: 2, scale: 100 },
      { op: 'columnAvg', slot: 4, column: 'load', scale: 1 },
      { op: 'usedPct', slot: 5, totalOid: 'total', freeOid: 'avail' },
      { op: 'fillPct', slot: 6, sizeOid: 'size', usedOid: 'used' },
      { op: 'cpuTicks', slot: 7, auxSlot: 8, idleOid: 'idle', allOids: ['user', 'idle'] },
    ],
    steps: [
      ['first', 0, cpuVbs(0n, 100, 100), { columns: [['load', [int('load.1', 20), int('load.2', 40)]]] }, [NaN, 10e6, NaN, 30, 75, 25, NaN]],
      ['10 Mbit/s of 10 Mbit/s; 30 idle ticks of 40', 1000, cpuVbs(1_250_000n, 130, 110), { columns: [['load', [int('load.1', 20), int('load.2', 40)]]] }, [10e6, 10e6, 100, 30, 75, 25, 25]],
      ['rows without numbers are left out of the mean; no rows: NaN', 2000, cpuVbs(1_250_000n, 130, 110), { columns: [['load', [none('load.1', SnmpType.NoSuchInstance), int('load.2', 50)]]] }, [0, 10e6, 0, 50, 75, 25, NaN]],
      ['no column rows, a missing tick counter', 3000, [c64('oct', 1_250_000n), int('speedMb', 10), c32('idle', 200)], {}, [0, 10e6, 0, NaN, NaN, NaN, NaN]],
      ['ticks start afresh', 4000, cpuVbs(1_250_000n, 300, 300), {}, [0, 10e6, 0, NaN, 75, 25, NaN]],
      ['idle wraps 32 bits inside the tick sum', 5000, cpuVbs(1_250_000n, 310, 390), {}, [0, 10e6, 0, NaN, 75, 25, 90]],
    ],
  },
  {
    name: 'column sums: used/free and size/used over every numeric row (memory pools, hpLocalMem)',
    ops: [
      { op: 'usedFreeSum', slot: 1, usedColumn: 'used', freeColumn: 'free' },
      { op: 'sizeUsedSum', slot: 2, sizeColumn: 'size', usedColumn: 'used' },
      { op: 'gauge', slot: 3, oid: 'cpu', scale: 1 },
    ],
    steps: [
      ['two pools: 300 used of 300 + 100 free; 300 used of 1200', 0, [g32('cpu', 7)], {
        columns: [['used', [g32('used.1', 100), c64('used.2', 200n)]], ['free', [g32('free.1', 50), g32('free.2', 50)]], ['size', [int('size.1', 1000), int('size.2', 200)]]],
      }, [75, 25, 7]],
      ['rows without numbers are left out; text numbers count', 1000, [], {
        columns: [['used', [none('used.1', SnmpType.NoSuchInstance), str('used.2', '30')]], ['free', [g32('free.1', 10)]], ['size', [int('size.1', 60)]]],
      }, [75, 50, NaN]],
      ['a column without rows: no value', 2000, [], { columns: [['used', [g32('used.1', 5)]], ['size', [int('size.1', 10)]]] }, [NaN, 50, NaN]],
      ['zero totals: no value', 3000, [], { columns: [['used', [g32('used.1', 0)]], ['free', [g32('free.1', 0)]], ['size', [int('size.1', 0)]]] }, [NaN, NaN, NaN]],
    ],
    ring: [[1, { tsMs: [0, 1000], values: [75, 75] }], [2, { tsMs: [0, 1000, 2000], values: [25, 50, 50] }]],
  },
  {
    name: 'memory without buffers and cache (usedPct alsoFreeOids), its allPos entries between two cpuTicks ops',
    ops: [
      { op: 'cpuTicks', slot: 1, auxSlot: 9, idleOid: 'idle', allOids: ['user', 'idle'] },
      { op: 'usedPct', slot: 2, totalOid: 'total', freeOid: 'avail', alsoFreeOids: ['buf', 'cache'] },
      { op: 'usedPct', slot: 3, totalOid: 'total', freeOid: 'avail' },
      { op: 'cpuTicks', slot: 4, auxSlot: 10, idleOid: 'idle2', allOids: ['user2', 'idle2'] },
    ],
    steps: [
      // used = total − avail − buf − cache; the plain op keeps total − avail
      ['1000 total, 100 free, 150 buffers, 250 cached: 500 used', 0,
        [int('total', 1000), int('avail', 100), g32('buf', 150), g32('cache', 250), c32('idle', 10), c32('user', 10), c32('idle2', 0), c32('user2', 0)], {},
        [NaN, 50, 90, NaN]],
      ['the ticks after it still find their counters', 1000,
        [int('total', 1000), int('avail', 100), g32('buf', 150), str('cache', '350'), c32('idle', 40), c32('user', 20), c32('idle2', 10), c32('user2', 30)], {},
        [25, 40, 90, 75]],
      ['cached missing this poll: no value (not a spike to total − free)', 2000,
        [int('total', 1000), int('avail', 100), g32('buf', 150), none('cache', SnmpType.NoSuchObject), c32('idle', 40), c32('user', 20)], {},
        [NaN, NaN, 90, NaN]],
      ['buffers and cache above total − free: 0, not below', 3000,
        [int('total', 1000), int('avail', 600), g32('buf', 300), g32('cache', 200)], {},
        [NaN, 0, 40, NaN]],
      ['a zero total: no value', 4000, [int('total', 0), int('avail', 0), g32('buf', 0), g32('cache', 0)], {}, [NaN, NaN, NaN, NaN]],
    ],
    ring: [[2, { tsMs: [0, 1000, 3000], values: [50, 40, 0] }]],
  },
  {
    name: 'ratio operands: a zero denominator, a slot not computed yet, the latest op of a slot',
    ops: [
      { op: 'gauge', slot: 1, oid: 's', scale: 1 },
      { op: 'ratio', slot: 2, numSlot: 9, denSlot: 1, scale: 100 },
      { op: 'ratio', slot: 3, numSlot: 1, denSlot: 4, scale: 1 },
      { op: 'gauge', slot: 4, oid: 't', scale: 1 },
      { op: 'gauge', slot: 1, oid: 't', scale: 3 },
      { op: 'ratio', slot: 5, numSlot: 1, denSlot: 4, scale: 1 },
    ],
    steps: [
      ['zero denominator is no value; later slots are not seen yet', 0, [int('s', 0), int('t', 2)], {}, [0, NaN, NaN, 2, 6, 3]],
      ['a missing numerator', 1000, [int('s', 5)], {}, [5, NaN, NaN, NaN, NaN, NaN]],
    ],
  },
];

function cpuVbs(oct: bigint, idle: number, user: number): Varbind[] {
  return [
    c64('oct', oct), int('speedMb', 10), int('total', 1000), int('avail', 250), int('size', 400), int('used', 100),
    c32('idle', idle), c32('user', user),
  ];
}

/** Runs every scenario against one evaluator. */
export async function runConformance(t: Test, ev: Evaluator): Promise<void> {
  for (const sc of scenarios) {
    await t.test(sc.name, async (t) => {
      const h = ev.harness(sc.ops);
      for (const [name, ts, vbs, opts, want] of sc.steps) t.same(h.poll(ts, vbs, opts), want, name);
      for (const [slot, want] of sc.ring ?? []) t.same(h.ring.read(slot), want, `ring of slot ${slot}`);
    });
  }
}
