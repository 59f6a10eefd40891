/**
 * Discovery of a large simulated network (project issue #12: 5,000 devices in ≤ 60 s). The
 * simulator runs in a process of its own pinned to core 1; each discovery is a fresh process
 * pinned to core 0 (discovery-child.ts: the real piscina pool, the LMDB store in a temporary
 * directory, the collector's Monitor or the same steps timed one by one).
 *
 * Figures: the wall time a user waits — from the start of the discovery to the generation saved
 * and adopted, the poll plans built (`monitor` runs, median of 3) — the probe rate, and where the
 * time goes (`phases` runs: probe walks, id allocation, topology, generation save, inventory
 * rebuild). The network is a binary tree (what discovery meets in a campus: the frontier of
 * addresses to probe widens at every level); one more run on a ring (each device knows two
 * neighbours, so at most two addresses are ever waiting) shows how much the shape costs.
 */
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Bench, BenchLog, Figure } from '../harness/bench.js';
import { nodeArgs, RESULT, runPinned, serverAndLoadCores, stopChild } from '../harness/process.js';
import { startSimulator } from '../harness/sim-child.js';
import { median } from '../harness/stats.js';
import type { DiscoveryResult } from './discovery-child.js';

const here = (f: string) => fileURLToPath(new URL(f, import.meta.url));
const BASE = '127.3.0.1';
/** Front-panel ports per device (an access switch); the simulator adds the management interface. */
const INTERFACES = 24;

function startSim(core: number | undefined, devices: number, topology: 'tree' | 'ring', log: BenchLog): Promise<{ child: ChildProcess; port: number }> {
  return startSimulator(core, ['--devices', String(devices), '--interfaces', String(INTERFACES), '--base', BASE, '--topology', topology], log);
}

async function discover(core: number | undefined, simPort: number, devices: number, mode: 'monitor' | 'phases', deadlineS: number, log: BenchLog): Promise<DiscoveryResult> {
  const [cmd, a] = nodeArgs(here('discovery-child.js'), ['--sim-port', String(simPort), '--base', BASE, '--devices', String(devices), '--mode', mode, '--deadline-s', String(deadlineS)]);
  // The child ends itself at its deadline; the kill is the backstop.
  const r = await runPinned(core, cmd, a, { timeoutMs: (deadlineS + 60) * 1000, passStderr: true });
  const line = r.stdout.split('\n').find((l) => l.startsWith(RESULT));
  if (!line) throw new Error(`discovery-child ${mode} gave no result (exit ${r.code})`);
  const result = JSON.parse(line.slice(RESULT.length)) as DiscoveryResult;
  if (result.found !== devices) throw new Error(`discovery found ${result.found} of ${devices} devices (${result.unreachable} unreachable)`);
  return result;
}

const ms = (x: number) => Math.round(x);

export const discoveryBench: Bench = {
  name: 'discovery',
  title: 'a full discovery of a simulated network: start → generation saved and adopted, poll plans built',
  async run({ scale, log }) {
    const devices = scale === 'full' ? 5000 : 500;
    const reps = 3;
    const deadlineS = 300;
    const { server: core, load: simCore } = serverAndLoadCores();
    const whole: DiscoveryResult[] = [];
    const phases: DiscoveryResult[] = [];
    let ring: DiscoveryResult | null = null;
    const tree = await startSim(simCore, devices, 'tree', log);
    try {
      for (let i = 0; i < reps; i++) {
        whole.push(await discover(core, tree.port, devices, 'monitor', deadlineS, log));
        phases.push(await discover(core, tree.port, devices, 'phases', deadlineS, log));
      }
    } finally {
      await stopChild(tree.child);
    }
    const ringSim = await startSim(simCore, devices, 'ring', log);
    try {
      ring = await discover(core, ringSim.port, devices, 'monitor', deadlineS, log);
    } finally {
      await stopChild(ringSim.child);
    }
    const w = whole[0]!;
    const med = (f: (r: DiscoveryResult) => number) => median(phases.map(f));
    const setting = `${devices} devices × ${INTERFACES + 1} interfaces (binary tree, ${w.links} links, ${w.variables} variables), seed = the root, one /16 range; ` +
      `discoveryConcurrency ${w.concurrency}, pool ${w.poolThreads} thread(s) × maxInFlight ${w.poolMaxInFlight}, timeout 1000 ms × 2 tries`;
    return [
      {
        name: 'discovery: start → generation adopted, plans built (wall)', unit: 'ms', samples: whole.map((r) => r.wallMs), target: { op: '<=', value: 60_000 },
        note: `${setting}; Monitor.start on an empty store until its discovery status shows the generation completed and nothing running; CPU ${whole.map((r) => ms(r.cpuMs)).join(', ')} ms (all threads); ${w.gets} gets + ${w.walks} walks, at most ${w.maxTasksInFlight} SNMP tasks in flight; longest event-loop stall ${whole.map((r) => ms(r.eventLoopMaxMs)).join(', ')} ms`,
      },
      { name: 'discovery: probes/s (probe phase)', unit: 'probes/s', samples: whole.map((r) => r.probesPerS), note: 'devices probed (system GET, 5 table walks, one GET) per second, from the start to the last SNMP task\'s end' },
      { name: 'phases: probe walks (discoverNetwork)', unit: 'ms', samples: phases.map((r) => r.probeMs) },
      { name: 'phases: id allocation (DeviceIds.idsFor: one transaction)', unit: 'ms', samples: phases.map((r) => r.idsMs) },
      {
        name: 'phases: the same ids one commit per device (DeviceIds.idFor, as before)', unit: 'ms', samples: phases.map((r) => r.idsOneTxnMs ?? NaN),
        note: 'DeviceIds.idFor awaits one durable LMDB commit per new device; discovery runs allocate with idsFor, one meta.transaction for the whole generation',
      },
      { name: 'phases: topology (resolveTopology)', unit: 'ms', samples: phases.map((r) => r.topologyMs) },
      { name: 'phases: generation save (GenerationLog.save)', unit: 'ms', samples: phases.map((r) => r.saveMs) },
      { name: 'phases: inventory rebuild (Inventory.rebuild)', unit: 'ms', samples: phases.map((r) => r.rebuildMs) },
      {
        name: 'phases: total', unit: 'ms', samples: phases.map((r) => r.wallMs),
        note: `the steps of NetworkMonitor.discover one after the other, each timed (median probes ${ms(med((r) => r.probeMs))} + ids ${ms(med((r) => r.idsMs))} + topology ${ms(med((r) => r.topologyMs))} + save ${ms(med((r) => r.saveMs))} + rebuild ${ms(med((r) => r.rebuildMs))} ms); longest event-loop stall ${phases.map((r) => ms(r.eventLoopMaxMs)).join(', ')} ms`,
      },
      {
        name: 'ring topology: start → generation adopted (wall, 1 run)', unit: 'ms', samples: [ring.wallMs],
        note: `the same ${devices} devices on a ring: every device names two neighbours, so at most ${ring.maxTasksInFlight} SNMP tasks were ever in flight (discoveryConcurrency ${ring.concurrency}); ${ms(ring.probesPerS)} probes/s`,
      },
    ];
  },
};
