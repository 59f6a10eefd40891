/**
 * The collector under test, in a process of its own (the benchmarks pin it to one core): the real
 * pieces — worker pool (piscina), the poll task (fast v2c path, or net-snmp with --path net-snmp),
 * SlotState, ring, PollScheduler cycles, SeriesWriter/GridInterpolator, the LMDB series store in a
 * temporary directory — driven with plans from a discovery of the simulator (collector/polling/plan-build.ts).
 * --path and --max-message-bytes are the network's snmp.pollPath and snmp.maxMessageBytes, carried
 * to the workers in the plans' targets as in the server.
 *
 *   node dist/bench/collector/collector-child.js --sim-port P --base 127.2.0.1 --devices N
 *        [--path fast|net-snmp] [--task handle|plan] [--max-message-bytes B] [--threads T] [--timeout-ms 1000] [--retries 1]
 *        [--operator-vars 0|20]   20: every device also polls 20 operator-defined variables (sim-plans.ts BENCH_OPERATOR_VARS)
 *        throughput:  --seconds S          cycles back to back for S seconds (the first is warm-up)
 *        faults:      --cycles C --interval-ms I [--alerts default|off]   C cycles on the grid (with the server's
 *                     default alert rules evaluated after each, as its grid step event does), then a gap check
 *
 * Prints progress on stderr and one line `RESULT <json>` on stdout.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildDevicePlan } from '../../collector/polling/plan-build.js';
import { createPool } from '../../collector/pool.js';
import { PollScheduler } from '../../collector/polling/scheduler.js';
import { SeriesWriter } from '../../collector/polling/series-writer.js';
import { silentLogger } from '../../core/logger.js';
import type { Device } from '../../core/types.js';
import { openLmdbSeriesStore } from '../../store/series/lmdb-series.js';
import { RingBuffer } from '../../store/ring.js';
import { SYS_UPTIME_OID, type PollPlan, type PollResult } from '../../workers/poll-plan.js';
import { SlotState } from '../../workers/slot-state.js';
import { makePlanHandle, type PlanHandle } from '../../workers/v2c/plan-handle.js';
import { addressAt, formatIpv4, parseIpv4 } from '../../sim/addresses.js';
import { cpuSeconds } from '../harness/cpu-time.js';
import type { DeviceVars } from '../../collector/polling/plan-build.js';
import { FaultsAlerts } from './faults-alerts.js';
import { BENCH_OPERATOR_VARS, discoverSimPlans, simNetworkConfig } from './sim-plans.js';

interface Args {
  simPort: number; base: string; devices: number; path: 'fast' | 'net-snmp'; threads: number;
  timeoutMs: number; retries: number; seconds: number; cycles: number; intervalMs: number;
  /** What a poll task carries: the packed plan (PlanHandle, as the collector sends it) or the whole plan cloned per task. */
  task: 'plan' | 'handle';
  /** Answer size the fast path plans GETs for: the network's snmp.maxMessageBytes (0: its default). */
  maxMessageBytes: number;
  /** Faults mode: evaluate the server's default alert rules after every cycle (bench/collector/faults-alerts.ts). */
  alerts: 'default' | 'off';
  /** Operator-defined SNMP variables per device (0 or 20: BENCH_OPERATOR_VARS). */
  operatorVars: number;
}

function parseArgs(argv: readonly string[]): Args {
  const a: Args = { simPort: 0, base: '127.2.0.1', devices: 100, path: 'fast', threads: 1, timeoutMs: 1000, retries: 1, seconds: 0, cycles: 0, intervalMs: 1000, task: 'handle', maxMessageBytes: 0, alerts: 'default', operatorVars: 0 };
  for (let i = 0; i < argv.length; i += 2) {
    const k = argv[i]!, v = argv[i + 1] ?? '';
    switch (k) {
      case '--sim-port': a.simPort = Number(v); break;
      case '--base': a.base = v; break;
      case '--devices': a.devices = Number(v); break;
      case '--path': if (v !== 'fast' && v !== 'net-snmp') throw new Error('--path is fast or net-snmp'); a.path = v; break;
      case '--threads': a.threads = Number(v); break;
      case '--timeout-ms': a.timeoutMs = Number(v); break;
      case '--retries': a.retries = Number(v); break;
      case '--seconds': a.seconds = Math.min(600, Number(v)); break;
      case '--cycles': a.cycles = Math.min(100, Number(v)); break;
      case '--interval-ms': a.intervalMs = Number(v); break;
      case '--max-message-bytes': a.maxMessageBytes = Number(v); break;
      case '--alerts': if (v !== 'default' && v !== 'off') throw new Error('--alerts is default or off'); a.alerts = v; break;
      case '--operator-vars': if (v !== '0' && v !== String(BENCH_OPERATOR_VARS.length)) throw new Error(`--operator-vars is 0 or ${BENCH_OPERATOR_VARS.length}`); a.operatorVars = Number(v); break;
      case '--task': if (v !== 'plan' && v !== 'handle') throw new Error('--task is plan or handle'); a.task = v; break;
      default: throw new Error(`unknown flag ${k}`);
    }
  }
  if (!(a.simPort > 0) || !(a.devices > 0) || (a.seconds > 0) === (a.cycles > 0)) throw new Error('need --sim-port, --devices and one of --seconds / --cycles');
  return a;
}

const log = (s: string) => process.stderr.write(`  [collector] ${s}\n`);

/** Values an op reads (distinct OIDs incl. sysUpTime.0): the varbinds a successful poll delivers. */
function varbindsOf(plan: PollPlan): number {
  const oids = new Set<string>([SYS_UPTIME_OID, ...plan.scalars]);
  for (const op of plan.ops) {
    if ('oid' in op) oids.add(op.oid);
    if (op.op === 'usedPct') { oids.add(op.totalOid); oids.add(op.freeOid); for (const o of op.alsoFreeOids ?? []) oids.add(o); }
    if (op.op === 'fillPct') { oids.add(op.sizeOid); oids.add(op.usedOid); }
    if (op.op === 'cpuTicks') { oids.add(op.idleOid); op.allOids.forEach((o) => oids.add(o)); }
  }
  return oids.size;
}

async function main(): Promise<void> {
  const a = parseArgs(process.argv.slice(2));
  const base = parseIpv4(a.base)!;
  const addresses = Array.from({ length: a.devices }, (_, i) => formatIpv4(addressAt(base, i)!));
  // The path and the answer size are the network's config, carried to the workers in every plan's target.
  const net = simNetworkConfig(a.simPort, {
    timeoutMs: a.timeoutMs, retries: a.retries, pollIntervalS: Math.max(1, a.intervalMs / 1000),
    pollPath: a.path === 'net-snmp' ? 'net-snmp' : 'auto', maxMessageBytes: a.maxMessageBytes > 0 ? a.maxMessageBytes : undefined,
  });

  const t0 = Date.now();
  // only the devices are kept: the discovery's own plans and kinds are dropped (see below)
  const { devices: liveDevices, unreachable } = await discoverSimPlans({ ...net, snmp: { ...net.snmp, timeoutMs: 1000, retries: 1 } }, addresses, 48);
  const found = { devices: liveDevices, unreachable };
  log(`discovered ${found.devices.length} of ${a.devices} devices in ${Date.now() - t0} ms (${found.unreachable.length} not answering)`);
  // Devices that do not answer were discovered before they died: they get the plan of a live device at their address.
  const live = found.devices.length;
  let devices: Device[] = found.devices;
  if (found.unreachable.length > 0 && live > 0) {
    devices = [...found.devices, ...found.unreachable.map((address, i) => ({ ...found.devices[i % live]!, id: 1_000_000 + i, address, name: address }))];
  }
  // Built like the collector's inventory, then dropped: what stays for the cycles is what the
  // collector keeps (packed plans, the generation, typed arrays), not millions of plan objects and
  // slot keys (a 1.7 GB heap of them made V8's full collections the faults bench's largest cost).
  const slots = new Map<string, number>();
  const slotOf = (name: string, deviceId: number, index: number) => { const k = `${name}|${deviceId}|${index}`; let s = slots.get(k); if (s === undefined) slots.set(k, s = slots.size); return s; };
  const plans: PollPlan[] = [];
  const capacity0 = 16;
  let kindBySlot = new Uint8Array(capacity0);
  const liveList: number[] = [];
  const withAlerts = a.cycles > 0 && a.alerts === 'default';
  /** Devices with their variables and `reachable` slot, for the alert evaluator (faults mode). */
  const alertDevices: [Device, DeviceVars, number][] = [];
  const reachableSlot = new Map<number, number>();
  for (const d of devices) {
    const dp = buildDevicePlan(d, net, slotOf, a.operatorVars > 0 ? BENCH_OPERATOR_VARS : []);
    plans.push(dp.plan);
    if (withAlerts) {
      const r = slotOf('reachable', d.id, 0);
      reachableSlot.set(d.id, r);
      alertDevices.push([d, dp.vars, r]);
    }
    if (kindBySlot.length < slots.size) { const k = new Uint8Array(Math.max(slots.size, 2 * kindBySlot.length)); k.set(kindBySlot); kindBySlot = k; }
    dp.vars.slots.forEach((s, k) => { kindBySlot[s] = dp.vars.kinds[k]!; });
    if (d.id < 1_000_000) dp.vars.slots.forEach((s, k) => { if (dp.vars.names[k] !== 'sysUpTime') liveList.push(s); });
  }
  const liveSlots = Int32Array.from(liveList);
  liveList.length = 0;
  const varbindsByDevice = new Map(plans.map((p) => [p.deviceId, varbindsOf(p)]));
  const varbindsPerDevice = varbindsOf(plans[0]!);
  const capacity = slots.size + 16;
  slots.clear();
  if (kindBySlot.length < capacity) { const k = new Uint8Array(capacity); k.set(kindBySlot); kindBySlot = k; }
  /** What a poll task carries: packed plans (the plan objects are dropped), or the plans themselves. */
  const items: (PollPlan | PlanHandle)[] = a.task === 'handle' ? plans.map((p) => makePlanHandle(p)) : plans;
  if (a.task === 'handle') plans.length = 0;
  const ring = RingBuffer.create(capacity);
  const state = SlotState.create(capacity);
  const dir = mkdtempSync(join(tmpdir(), 'collector-bench-'));
  const series = await openLmdbSeriesStore({ dir, flushIntervalMs: 1000 });
  const newWriter = (intervalMs: number) => {
    const w = new SeriesWriter(series, intervalMs);
    w.reserve(capacity);
    w.setKinds(kindBySlot);
    return w;
  };
  let writer = newWriter(a.intervalMs);
  const alerts = withAlerts ? new FaultsAlerts(series, a.intervalMs) : null;
  for (const [d, vars, r] of alertDevices) alerts!.addDevice(d, vars, r);
  alertDevices.length = 0;
  const pool = createPool({ threads: a.threads, maxInFlight: 4096 });
  let varbinds = 0;
  const accept = (r: PollResult) => { varbinds += varbindsByDevice.get(r.deviceId) ?? 0; writer.accept(r); };
  const scheduler = new PollScheduler({
    intervalMs: a.intervalMs, plans: () => items, nowMs: Date.now, logger: silentLogger, accept,
    poll: (plan) => pool.run({ kind: 'poll', plan, ring: ring.buffer, state: state.buffer }),
    // as the network monitor does: each device's `reachable` at its cycle's grid time
    onPolled: alerts ? (plan, outcome, gridMs) => {
      const slot = reachableSlot.get(plan.deviceId);
      if (slot !== undefined) writer.markReachable(slot, gridMs, outcome.ok ? 1 : 0);
    } : undefined,
  });
  const flushTimer = setInterval(() => { series.flush().catch(() => {}); }, 1000);
  const result: Record<string, unknown> = { path: a.path, task: a.task, devices: items.length, liveDevices: live, threads: a.threads, varbindsPerDevice };
  try {
    if (a.seconds > 0) {
      await scheduler.cycle(); // warm-up: compiles, first counter readings, JIT
      log(`warm-up cycle: ${scheduler.stats.lastCycleDurationMs} ms, ${scheduler.stats.devicesPolled} polled, ${scheduler.stats.devicesFailed} failed`);
      await scheduler.cycle();
      const second = scheduler.stats.lastCycleDurationMs ?? 10;
      await scheduler.cycle();
      const third = scheduler.stats.lastCycleDurationMs ?? 10;
      // Cycles run back to back: a grid step about one cycle long makes every poll complete about one
      // grid point per variable, as in operation (a shorter step would multiply the store's work, a
      // longer one hide it). Cycles still speed up after the first ones: the shorter of two is used.
      const gridMs = Math.max(10, Math.ceil(Math.min(second, third) / 10) * 10);
      writer = newWriter(gridMs);
      result.gridMs = gridMs;
      log(`second and third cycles: ${second} and ${third} ms; grid step ${gridMs} ms`);
      varbinds = 0;
      const cpu0 = process.cpuUsage(), w0 = performance.now();
      let cycles = 0, failed = 0;
      while (performance.now() - w0 < a.seconds * 1000 && cycles < 10_000) {
        await scheduler.cycle();
        cycles++;
        failed += scheduler.stats.devicesFailed;
      }
      const wallS = (performance.now() - w0) / 1000;
      const cpu = process.cpuUsage(cpu0);
      const cpuS = (cpu.user + cpu.system) / 1e6;
      Object.assign(result, {
        cycles, wallS, varbinds, failedPolls: failed, cpuS,
        varbindsPerS: varbinds / wallS, cpuSPer1M: cpuS / (varbinds / 1e6), pointsWritten: writer.pointsWritten,
        pointsPerVarbind: writer.pointsWritten / varbinds,
      });
    } else {
      const I = a.intervalMs;
      await scheduler.cycle(); // cold: plans compiled in the workers, first counter readings
      const coldCycleMs = scheduler.stats.lastCycleDurationMs;
      log(`cold cycle: ${coldCycleMs} ms (${scheduler.stats.devicesPolled} polled, ${scheduler.stats.devicesFailed} failed)`);
      const durations: number[] = [];
      const cpuMs: number[] = [], mainCpuMs: number[] = [], sysMs: number[] = [];
      const starts: number[] = [];
      let failedLive = 0, failedDead = 0;
      const alertCpuMs: number[] = [];
      for (let c = 0; c < a.cycles; c++) {
        const now = Date.now();
        const next = Math.floor(now / I) * I + I;
        await new Promise((r) => setTimeout(r, next - now));
        starts.push(next);
        const cpu0 = process.cpuUsage(), main0 = cpuSeconds(process.pid, process.pid), threads0 = threadCpu();
        const prof = await profileCycle(c + 1);
        await scheduler.cycle(next);
        const cpu = process.cpuUsage(cpu0);
        mainCpuMs.push(Math.round((cpuSeconds(process.pid, process.pid) - main0) * 1000));
        if (process.env.BENCH_THREAD_CPU) log(`cycle ${c + 1} CPU by thread: ${threadCpuDelta(threads0, threadCpu())}`);
        await prof?.();
        if (alerts) {
          // what the cycle's GridStepWritten starts in the server: the default rules over the step just written
          writer.flushPending();
          const w = writer.takeWritten();
          const c0 = process.cpuUsage();
          if (w.points > 0) await alerts.step(w.gridTsMs);
          const c = process.cpuUsage(c0);
          alertCpuMs.push(Math.round((c.user + c.system) / 1000));
        }
        cpuMs.push(Math.round((cpu.user + cpu.system) / 1000));
        sysMs.push(Math.round(cpu.system / 1000));
        durations.push(scheduler.stats.lastCycleDurationMs ?? NaN);
        failedLive += Math.max(0, scheduler.stats.devicesFailed - found.unreachable.length);
        failedDead += Math.min(scheduler.stats.devicesFailed, found.unreachable.length);
        log(`cycle ${c + 1}/${a.cycles}: ${scheduler.stats.lastCycleDurationMs} ms of ${I}, CPU ${cpuMs[c]} ms (main thread ${mainCpuMs[c]} ms, system ${sysMs[c]} ms)${alerts ? `, alerts ${alertCpuMs[c]} ms CPU` : ''} (${scheduler.stats.devicesPolled} polled, ${scheduler.stats.devicesFailed} failed, ${scheduler.stats.devicesSkipped} skipped)`);
      }
      await series.flush();
      // Every live series must have a point at every grid time from the third cycle's on (a rate
      // needs two readings, and the grid value is emitted once the next poll arrives) to the one
      // before the last cycle's.
      const from = starts[2]!, to = starts[starts.length - 1]! - I;
      const expected = Math.round((to - from) / I) + 1;
      let gaps = 0, slotsWithGaps = 0;
      for (const s of liveSlots) {
        const got = series.read(s, from, to).tsMs.length;
        if (got < expected) { gaps += expected - got; slotsWithGaps++; }
      }
      Object.assign(result, {
        intervalMs: I, coldCycleMs, cycleMs: durations, cycleCpuMs: cpuMs, cycleMainCpuMs: mainCpuMs, maxCycleMs: Math.max(...durations), deadDevices: found.unreachable.length,
        failedLivePolls: failedLive, failedDeadPolls: failedDead, liveSlotsChecked: liveSlots.length,
        gridStepsChecked: expected, missingPoints: gaps, slotsWithGaps,
        alerts: alerts ? { inputs: alerts.inputs, stepCpuMs: alertCpuMs, active: alerts.activeAlerts(), notices: alerts.notices() } : null,
      });
      await alerts?.stop();
    }
  } finally {
    clearInterval(flushTimer);
    // Let late answers and retries drain first: Node 20 can abort the process when a worker is
    // terminated while its UDP socket is receiving (UDPWrap::OnRecv during termination).
    await new Promise((r) => setTimeout(r, a.timeoutMs * (a.retries + 1) + 500));
    await pool.destroy();
    await series.close();
    rmSync(dir, { recursive: true, force: true });
  }
  process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
}

/** CPU seconds of every thread of this process, by "tid name" (Linux /proc). */
function threadCpu(): Map<string, number> {
  const out = new Map<string, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    try { out.set(`${tid} ${readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim()}`, cpuSeconds(process.pid, Number(tid))); } catch { /* thread ended */ }
  }
  return out;
}

/** BENCH_THREAD_CPU=1: the threads that used ≥ 50 ms in a cycle, busiest first. */
function threadCpuDelta(a: Map<string, number>, b: Map<string, number>): string {
  return [...b].map(([k, v]) => [k, v - (a.get(k) ?? 0)] as const).filter(([, d]) => d >= 0.05)
    .sort((x, y) => y[1] - x[1]).map(([k, d]) => `${k} ${Math.round(d * 1000)} ms`).join(', ');
}

/**
 * BENCH_PROFILE_CYCLES=1,2 BENCH_CPU_PROF_DIR=<dir>: a V8 CPU profile of the main thread during those
 * faults cycles (where the first cycle's extra time goes), written as cycle-<n>.cpuprofile.
 */
async function profileCycle(n: number): Promise<(() => Promise<void>) | null> {
  const cycles = (process.env.BENCH_PROFILE_CYCLES ?? '').split(',').map(Number);
  const dir = process.env.BENCH_CPU_PROF_DIR;
  if (!dir || !cycles.includes(n)) return null;
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(join(dir, `cycle-${n}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  };
}

main().then(() => process.exit(0), (e) => { process.stderr.write(`${(e as Error).stack}\n`); process.exit(1); });
