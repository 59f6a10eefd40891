/**
 * Poll plans for simulated devices, made the way the server makes them: each device is probed
 * (collector/discovery/discovery-device.ts, through the worker task module run in this thread) and its plan
 * built by collector/polling/plan-build.ts. Used by the collector benchmarks and the fast-path tests.
 */
import { probeDevice } from '../../collector/discovery/discovery-device.js';
import { buildDevicePlan } from '../../collector/polling/plan-build.js';
import type { WorkerPool } from '../../collector/pool.js';
import { loadConfig } from '../../core/config-load.js';
import type { NetworkConfig, PollPath, SnmpVariableConfig } from '../../core/config-schema.js';
import type { Device } from '../../core/types.js';
import type { PollPlan } from '../../workers/poll-plan.js';
import type { GridKind } from '../../collector/polling/grid-kind.js';
import runTask, { type Task } from '../../workers/task.js';

export interface SimPlans {
  readonly plans: PollPlan[];
  readonly devices: Device[];
  readonly kinds: Map<number, GridKind>;
  /** Slots assigned (the ring and slot state need at least this many). */
  readonly slotCount: number;
  /** Addresses that did not answer the probe (dead devices). */
  readonly unreachable: string[];
}

/**
 * The network of a simulator, through the config loader (so its values are validated as a file's):
 * `pollPath` and `maxMessageBytes` reach the plans' targets (collector/polling/plan-build.ts) and so
 * the workers, as in the server.
 */
export function simNetworkConfig(simPort: number, opts: {
  timeoutMs?: number; retries?: number; pollIntervalS?: number; pollPath?: PollPath; maxMessageBytes?: number;
} = {}): NetworkConfig {
  const snmp = [`port: ${simPort}`, `timeout: ${opts.timeoutMs ?? 1000}ms`, `retries: ${opts.retries ?? 1}`];
  if (opts.pollPath !== undefined) snmp.push(`pollPath: ${opts.pollPath}`);
  if (opts.maxMessageBytes !== undefined) snmp.push(`maxMessageBytes: ${opts.maxMessageBytes}`);
  const cfg = loadConfig({
    path: 'bench.yaml',
    env: { HOST: '127.0.0.1', PORT: '0', DATA_DIR: '.' },
    text: `
networks:
  - id: 1
    name: sim
    seeds: [127.0.0.1]
    snmp: { ${snmp.join(', ')} }
    pollInterval: ${opts.pollIntervalS ?? 10}s
`,
  });
  return cfg.networks[0]!;
}

/**
 * 20 operator-defined SNMP variables the simulator answers (sim/mib-tables.ts), parsed as a config
 * file's `variables.snmp`: 10 interface-column counters (ifTable's eight Counter32 columns, two of
 * ifXTable's Counter64), 5 interface-column gauges (ifType, ifMtu, ifSpeed, ifAdminStatus,
 * ifOperStatus) and 5 scalars (ifNumber.0, sysUpTime.0, hrStorage row 1's units, size and used).
 */
export const BENCH_OPERATOR_VARS: readonly SnmpVariableConfig[] = (() => {
  const ifCol = (c: number) => `1.3.6.1.2.1.2.2.1.${c}`;
  const lines = [
    ...[10, 11, 13, 14, 16, 17, 19, 20].map((c) => `{ name: opCtr${c}, oid: ${ifCol(c)}, index: interface, type: counter32 }`),
    ...[6, 10].map((c) => `{ name: opHc${c}, oid: 1.3.6.1.2.1.31.1.1.1.${c}, index: interface, type: counter64, scale: 8 }`),
    ...[3, 4, 5, 7, 8].map((c) => `{ name: opIf${c}, oid: ${ifCol(c)}, index: interface, type: gauge }`),
    '{ name: opIfNumber, oid: 1.3.6.1.2.1.2.1.0 }', '{ name: opUptime, oid: 1.3.6.1.2.1.1.3.0, scale: 0.01 }',
    ...[4, 5, 6].map((c) => `{ name: opHr${c}, oid: 1.3.6.1.2.1.25.2.3.1.${c}.1 }`),
  ];
  const cfg = loadConfig({ path: 'bench-vars.yaml', env: { DATA_DIR: '.' }, text: `networks:\n  - { id: 1, seeds: [127.0.0.1] }\nvariables:\n  snmp:\n${lines.map((l) => `    - ${l}`).join('\n')}\n` });
  return cfg.variables.snmp;
})();

/** An in-thread WorkerPool (a fake at our own interface): tasks run in this thread. */
export const inThreadPool: WorkerPool = {
  threads: 1,
  run: ((task: Task) => runTask(task)) as WorkerPool['run'],
  poll: (plan, ring, state) => runTask({ kind: 'poll', plan, ring, state }) as ReturnType<WorkerPool['poll']>,
  destroy: async () => {},
};

/** Probes every address (bounded concurrency) and builds plans with consecutive slots. */
export async function discoverSimPlans(net: NetworkConfig, addresses: readonly string[], concurrency = 64): Promise<SimPlans> {
  const slots = new Map<string, number>();
  const slotOf = (name: string, deviceId: number, index: number) => {
    const k = `${name}|${deviceId}|${index}`;
    let s = slots.get(k);
    if (s === undefined) slots.set(k, s = slots.size);
    return s;
  };
  const found: (Device | null)[] = new Array(addresses.length).fill(null);
  const unreachable: string[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(concurrency, addresses.length) }, async () => {
    while (next < addresses.length) {
      const i = next++;
      const r = await probeDevice(inThreadPool, addresses[i]!, net, Date.now);
      if (r.ok) found[i] = { ...r.device, id: i + 1 } as Device;
      else unreachable.push(addresses[i]!);
    }
  }));
  const devices = found.filter((d): d is Device => d !== null);
  const plans: PollPlan[] = [];
  const kinds = new Map<number, GridKind>();
  for (const d of devices) {
    const dp = buildDevicePlan(d, net, slotOf);
    plans.push(dp.plan);
    dp.vars.slots.forEach((s, k) => kinds.set(s, dp.vars.kinds[k]!));
  }
  return { plans, devices, kinds, slotCount: slots.size, unreachable };
}
