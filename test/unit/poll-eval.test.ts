import t from 'tap';
import { RingBuffer } from '../../store/ring.js';
import { evaluateOps } from '../../workers/poll-eval.js';
import type { PollOp } from '../../workers/poll-plan.js';
import { SlotState } from '../../workers/slot-state.js';
import { SnmpType, type Varbind } from '../../workers/snmp-types.js';

const TWO_60 = 1n << 60n;
const c64 = (oid: string, v: bigint): Varbind => ({ oid, type: SnmpType.Counter64, value: v });
const c32 = (oid: string, v: number): Varbind => ({ oid, type: SnmpType.Counter32, value: v });
const int = (oid: string, v: number): Varbind => ({ oid, type: SnmpType.Integer, value: v });

function harness(ops: PollOp[]) {
  const state = SlotState.create(16);
  const ring = RingBuffer.create(16);
  const poll = (tsMs: number, vbs: Varbind[], opts: { rebooted?: boolean; columns?: [string, Varbind[]][] } = {}) => {
    const out = { slots: new Int32Array(ops.length), values: new Float64Array(ops.length), count: 0 };
    evaluateOps(ops, { tsMs, values: new Map(vbs.map((v) => [v.oid, v])), columns: new Map(opts.columns ?? []), rebooted: opts.rebooted ?? false }, state, ring, out);
    return Array.from(out.values.subarray(0, out.count));
  };
  return { poll, ring };
}

t.test('Counter64 above 2^53: exact bit rates end to end through the poll evaluation', async (t) => {
  const h = harness([{ op: 'counter', slot: 1, oid: 'in', width: 64, scale: 8 }]);
  t.ok(Number.isNaN(h.poll(1_000, [c64('in', TWO_60 + 1n)])[0]), 'first reading: no rate yet');
  t.same(h.poll(11_000, [c64('in', TWO_60 + 1n + 12_345n)]), [9876], '12345 octets in 10 s = 9876 bit/s, exactly');
  t.same(h.poll(21_000, [c64('in', TWO_60 + 12_346n + 3n)]), [2.4]);
  t.same(h.ring.read(1), { tsMs: [11_000, 21_000], values: [9876, 2.4] }, 'the ring holds the per-poll rates at the poll times');
});

t.test('counter rules: wrap, reset, reboot, missing value', async (t) => {
  const h = harness([{ op: 'counter', slot: 2, oid: 'c', width: 32, scale: 1 }, { op: 'counter', slot: 3, oid: 'h', width: 64, scale: 1 }]);
  const steps: [string, number, Varbind[], { rebooted?: boolean }, number[]][] = [
    ['first', 0, [c32('c', 4_294_967_000), c64('h', 1000n)], {}, [NaN, NaN]],
    ['32-bit wrap counts once, 64-bit normal', 1000, [c32('c', 296), c64('h', 1500n)], {}, [592, 500]],
    ['64-bit reset is a gap', 2000, [c32('c', 396), c64('h', 10n)], {}, [100, NaN]],
    ['after the reset the rate resumes', 3000, [c32('c', 496), c64('h', 20n)], {}, [100, 10]],
    ['reboot (sysUpTime went back): every counter is a gap', 4000, [c32('c', 5), c64('h', 25n)], { rebooted: true }, [NaN, NaN]],
    ['after the reboot', 5000, [c32('c', 15), c64('h', 35n)], {}, [10, 10]],
    ['a missing varbind is a gap and forgets the reading', 6000, [c64('h', 45n)], {}, [NaN, 10]],
    ['…so the next reading starts afresh', 7000, [c32('c', 1000), c64('h', 55n)], {}, [NaN, 10]],
  ];
  for (const [name, ts, vbs, opts, want] of steps) t.same(h.poll(ts, vbs, opts), want, name);
  t.ok(h.ring.read(2).tsMs.length <= 4, 'the ring keeps at most 4 observations');
});

t.test('gauges, ratios, column means, memory and CPU ticks', async (t) => {
  const h = harness([
    { op: 'counter', slot: 1, oid: 'oct', width: 64, scale: 8 },
    { op: 'gauge', slot: 2, oid: 'speedMb', scale: 1e6 },
    { op: 'ratio', slot: 3, numSlot: 1, denSlot: 2, scale: 100 },
    { op: 'columnAvg', slot: 4, column: 'load', scale: 1 },
    { op: 'usedPct', slot: 5, totalOid: 'total', freeOid: 'avail' },
    { op: 'fillPct', slot: 6, sizeOid: 'size', usedOid: 'used' },
    { op: 'cpuTicks', slot: 7, auxSlot: 8, idleOid: 'idle', allOids: ['user', 'idle'] },
  ]);
  const vbs = (oct: bigint, idle: number, user: number) => [
    c64('oct', oct), int('speedMb', 10), int('total', 1000), int('avail', 250), int('size', 400), int('used', 100),
    c32('idle', idle), c32('user', user),
  ];
  const load: [string, Varbind[]] = ['load', [int('load.1', 20), int('load.2', 40)]];
  t.same(h.poll(0, vbs(0n, 100, 100), { columns: [load] }), [NaN, 10e6, NaN, 30, 75, 25, NaN]);
  // 1,250,000 octets in 1 s = 10 Mbit/s on a 10 Mbit/s port = 100 %; ticks: 30 idle of 40 → 25 % busy
  t.same(h.poll(1000, vbs(1_250_000n, 130, 110), { columns: [load] }), [10e6, 10e6, 100, 30, 75, 25, 25]);
  const h2 = harness([{ op: 'gauge', slot: 1, oid: 's', scale: 1 }, { op: 'ratio', slot: 2, numSlot: 9, denSlot: 1, scale: 100 }]);
  t.ok(Number.isNaN(h2.poll(0, [int('s', 0)])[1]), 'a zero denominator gives no value, not Infinity');
});
