/**
 * Closed-form interface counters: any poll time gives a consistent, monotonic value, so a test can
 * compute exactly what the simulator answered at time t.
 *
 *   octets(s) = floor(R·s + R·a·P/2π · (cos φ − cos(2π·s/P + φ)))      (s = seconds since start)
 *
 * is the integral of a rate R·(1 + a·sin(2π·s/P + φ)), always > 0 because a < 1, that swings
 * slowly (period P of 2–15 min) around a mean R of 2–400 Mb/s. Packets are octets divided by a
 * per-interface mean packet size; multicast and broadcast packets a small per-interface share of
 * those (0.1–2% and 0.05–0.5%), so they swing with the traffic; errors and discards grow slowly and
 * linearly. Each counter is
 * base + increment, kept as two exact 32-bit halves (no BigInt on the answer path); a quarter of
 * the interfaces have a Counter64 base above 2^60. Oper-down interfaces keep their base.
 * The 32-bit columns are the low half, so they wrap like real Counter32s.
 */
import { frac4, hash4 } from './hash.js';
import { ifOperUp, ifSpeedBps, type DeviceModel } from './model.js';

export const CounterKind = {
  InOctets: 0, OutOctets: 1, InUcastPkts: 2, OutUcastPkts: 3,
  InDiscards: 4, InErrors: 5, OutDiscards: 6, OutErrors: 7,
  // in = even, out = odd, as above (counterHiLo takes the direction from the low bit)
  InMulticastPkts: 8, OutMulticastPkts: 9, InBroadcastPkts: 10, OutBroadcastPkts: 11,
} as const;
export type CounterKindCode = (typeof CounterKind)[keyof typeof CounterKind];

/** Output of counterHiLo: the two exact 32-bit halves of the 64-bit counter. */
export interface HiLo { hi: number; lo: number }

const TWO32 = 4294967296;
const TWO_PI = 2 * Math.PI;

/** Octets carried since start, on direction dir (0 in, 1 out), as an exact integer < 2^53. */
function octetsSince(seed: number, d: DeviceModel, ifIndex: number, dir: number, s: number): number {
  const k = d.index;
  const mgmt = ifIndex > d.ports;
  // mean rate: log-uniform 2..400 Mb/s (20..200 kb/s on management), at most 60% of the line rate
  const bits = mgmt ? 2e4 * Math.pow(10, frac4(seed, k, ifIndex, 10 + dir)) : 2e6 * Math.pow(200, frac4(seed, k, ifIndex, 10 + dir));
  const R = Math.min(bits, 0.6 * ifSpeedBps(d, ifIndex)) / 8;
  const a = 0.2 + 0.5 * frac4(seed, k, ifIndex, 12 + dir);
  const P = 120 + 780 * frac4(seed, k, ifIndex, 14 + dir);
  const phi = TWO_PI * frac4(seed, k, ifIndex, 16 + dir);
  const v = R * s + ((R * a * P) / TWO_PI) * (Math.cos(phi) - Math.cos((TWO_PI * s) / P + phi));
  return v > 0 ? Math.floor(v) : 0;
}

/** Multicast or broadcast packets since start: a per-interface share of the unicast packets' pace. */
function nonUnicastSince(seed: number, d: DeviceModel, ifIndex: number, kind: CounterKindCode, s: number): number {
  const k = d.index;
  const dir = kind & 1;
  const meanPacketBytes = 300 + 1100 * frac4(seed, k, ifIndex, 40 + dir);
  const multicast = kind <= CounterKind.OutMulticastPkts;
  const share = multicast ? 0.001 + 0.019 * frac4(seed, k, ifIndex, 110 + kind) : 0.0005 + 0.0045 * frac4(seed, k, ifIndex, 110 + kind);
  return Math.floor((octetsSince(seed, d, ifIndex, dir, s) / meanPacketBytes) * share);
}

/**
 * Writes the counter of `kind` on (device, ifIndex) at `s` seconds after start into `out`.
 * Exact: the base halves come from hashes and the increment is an integer below 2^53.
 */
export function counterHiLo(seed: number, d: DeviceModel, ifIndex: number, kind: CounterKindCode, s: number, out: HiLo): void {
  const k = d.index;
  let baseHi: number;
  let baseLo = hash4(seed, k, ifIndex, 20 + kind);
  const up = ifOperUp(seed, d, ifIndex);
  const ss = up && s > 0 ? s : 0;
  let inc: number;
  if (kind >= CounterKind.InMulticastPkts) {
    baseHi = 0;
    baseLo = hash4(seed, k, ifIndex, 90 + kind);
    inc = nonUnicastSince(seed, d, ifIndex, kind, ss);
  } else if (kind <= CounterKind.OutUcastPkts) {
    const dir = kind & 1;
    const octets = octetsSince(seed, d, ifIndex, dir, ss);
    if (kind <= CounterKind.OutOctets) {
      // a quarter of the interfaces start above 2^60, the others below 2^40
      baseHi = hash4(seed, k, ifIndex, 30) % 4 === 0 ? 0x10000000 + (hash4(seed, k, ifIndex, 31 + dir) & 0xffff) : hash4(seed, k, ifIndex, 31 + dir) & 0xff;
      inc = octets;
    } else {
      const meanPacketBytes = 300 + 1100 * frac4(seed, k, ifIndex, 40 + dir);
      baseHi = hash4(seed, k, ifIndex, 42 + dir) & 0xf;
      inc = Math.floor(octets / meanPacketBytes);
    }
  } else {
    // errors ≤ 0.02/s, discards ≤ 0.5/s; 32-bit only columns, small bases
    const perSecond = (kind === CounterKind.InErrors || kind === CounterKind.OutErrors ? 0.02 : 0.5) * frac4(seed, k, ifIndex, 45 + kind);
    baseHi = 0;
    baseLo = baseLo % 1000;
    inc = Math.floor(perSecond * ss);
  }
  const incLo = inc % TWO32;
  const incHi = Math.floor(inc / TWO32);
  let lo = baseLo + incLo;
  let carry = 0;
  if (lo >= TWO32) { lo -= TWO32; carry = 1; }
  out.hi = (baseHi + incHi + carry) % TWO32;
  out.lo = lo;
}

export function counterBigInt(seed: number, d: DeviceModel, ifIndex: number, kind: CounterKindCode, s: number): bigint {
  const hl = { hi: 0, lo: 0 };
  counterHiLo(seed, d, ifIndex, kind, s, hl);
  return (BigInt(hl.hi) << 32n) | BigInt(hl.lo);
}

/** hrProcessorLoad of CPU n (0..100), swinging slowly around a per-device mean. */
export function cpuLoad(seed: number, d: DeviceModel, cpu: number, s: number): number {
  const mean = 5 + 40 * frac4(seed, d.index, cpu, 80);
  const amp = 20 * frac4(seed, d.index, cpu, 81);
  const P = 60 + 540 * frac4(seed, d.index, cpu, 82);
  const v = mean + amp * Math.sin((TWO_PI * s) / P + TWO_PI * frac4(seed, d.index, cpu, 83));
  return Math.max(0, Math.min(100, Math.round(v)));
}

/** RAM in kB: a total of 4, 8 or 16 GB and a used amount drifting between 30% and 80%. */
export function memoryKb(seed: number, d: DeviceModel, s: number): { totalKb: number; usedKb: number } {
  const totalKb = 4194304 * (1 << (hash4(seed, d.index, 0, 84) % 3));
  const P = 300 + 900 * frac4(seed, d.index, 0, 85);
  const f = 0.55 + 0.25 * Math.sin((TWO_PI * s) / P + TWO_PI * frac4(seed, d.index, 0, 86));
  return { totalKb, usedKb: Math.round(totalKb * f) };
}
