/**
 * One discovery of a simulated network, in a process of its own (the benchmark pins it to core 0,
 * the simulator to core 1): the real worker pool (piscina threads), the real LMDB store in a
 * temporary directory, and the collector's own discovery code.
 *
 *   node dist/bench/discovery/discovery-child.js --sim-port P --base 127.3.0.1 --devices N
 *        [--mode monitor|phases] [--concurrency C] [--threads T] [--max-in-flight M] [--deadline-s 300]
 *
 * `monitor` (what a user waits for): the collector's Monitor with one network whose seed is the
 * first simulated device and whose range holds them all; from `startDiscovery` until the network's
 * discovery status says the generation completed and nothing runs (the generation saved, the
 * inventory rebuilt from it: the poll plans the scheduler reads are there). The count of plans is
 * checked against the devices.
 *
 * `phases` (where the time goes): the same steps NetworkMonitor.discover takes, one after the
 * other with a timer around each — discoverNetwork (the probe walks), DeviceIds.idsFor (one transaction)
 * (id allocation), resolveTopology, GenerationLog.save (the generation record), Inventory.rebuild
 * (variables, slots, packed poll plans).
 *
 * Both count the SNMP tasks the pool runs (gets and walks) and the longest time the event loop
 * was held. Every wait is bounded by --deadline-s. Prints progress on stderr and one line
 * `RESULT <json>` on stdout.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeviceIds } from '../../collector/discovery/device-ids.js';
import { discoverNetwork } from '../../collector/discovery/discovery-run.js';
import { GenerationLog } from '../../collector/discovery/generations.js';
import { resolveTopology } from '../../collector/discovery/links.js';
import { Inventory } from '../../collector/inventory/inventory.js';
import { VariableDefs } from '../../collector/inventory/variable-defs.js';
import { Monitor } from '../../collector/monitor.js';
import { createPool, type WorkerPool } from '../../collector/pool.js';
import { loadConfig } from '../../core/config-load.js';
import type { Config } from '../../core/config-schema.js';
import { silentLogger } from '../../core/logger.js';
import type { Device, Generation } from '../../core/types.js';
import { openEmbeddedStore } from '../../store/open-store.js';
import { cpuSeconds } from '../harness/cpu-time.js';

interface Args {
  simPort: number; base: string; devices: number; mode: 'monitor' | 'phases';
  /** The network's discoveryConcurrency (0: the config default). */
  concurrency: number;
  threads: number;
  /** The network's snmp.maxInFlight, which sizes the pool (0: the config default). */
  maxInFlight: number;
  deadlineS: number;
}

function parseArgs(argv: readonly string[]): Args {
  const a: Args = { simPort: 0, base: '127.3.0.1', devices: 0, mode: 'monitor', concurrency: 0, threads: 1, maxInFlight: 0, deadlineS: 300 };
  for (let i = 0; i < argv.length; i += 2) {
    const k = argv[i]!, v = argv[i + 1] ?? '';
    switch (k) {
      case '--sim-port': a.simPort = Number(v); break;
      case '--base': a.base = v; break;
      case '--devices': a.devices = Number(v); break;
      case '--mode': if (v !== 'monitor' && v !== 'phases') throw new Error('--mode is monitor or phases'); a.mode = v; break;
      case '--concurrency': a.concurrency = Number(v); break;
      case '--threads': a.threads = Number(v); break;
      case '--max-in-flight': a.maxInFlight = Number(v); break;
      case '--deadline-s': a.deadlineS = Math.min(1800, Number(v)); break;
      default: throw new Error(`unknown flag ${k}`);
    }
  }
  if (!(a.simPort > 0) || !(a.devices > 0)) throw new Error('need --sim-port and --devices');
  return a;
}

const log = (s: string) => process.stderr.write(`  [discovery] ${s}\n`);

/** The config of one network over the simulator, through the loader (validated as a file's). */
function benchConfig(a: Args, dataDir: string): Config {
  const [o1, o2] = a.base.split('.');
  const extra = [
    a.concurrency > 0 ? `    discoveryConcurrency: ${a.concurrency}` : '',
  ].filter((l) => l !== '');
  const snmp = [`port: ${a.simPort}`, 'timeout: 1000ms', 'retries: 1'];
  if (a.maxInFlight > 0) snmp.push(`maxInFlight: ${a.maxInFlight}`);
  return loadConfig({
    path: 'bench.yaml',
    env: { HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir },
    text: `
server:
  workers: ${a.threads}
networks:
  - id: 1
    name: sim
    seeds: [${a.base}]
    ranges: [{ cidr: ${o1}.${o2}.0.0/16 }]
    snmp: { ${snmp.join(', ')} }
    pollInterval: 60s
    discoveryInterval: 24h
${extra.join('\n')}
`,
  });
}

/** The pool with a count of the SNMP tasks it ran and the most in flight at once. */
function countingPool(inner: WorkerPool) {
  const counts = { get: 0, walk: 0, poll: 0, maxInFlight: 0, firstTaskMs: 0, lastTaskEndMs: 0 };
  let inFlight = 0;
  const track = <T>(p: Promise<T>): Promise<T> => {
    if (counts.firstTaskMs === 0) counts.firstTaskMs = performance.now();
    inFlight++;
    if (inFlight > counts.maxInFlight) counts.maxInFlight = inFlight;
    return p.finally(() => { inFlight--; counts.lastTaskEndMs = performance.now(); });
  };
  const pool: WorkerPool = {
    threads: inner.threads,
    run: ((task: { kind: string }) => {
      if (task.kind === 'get') counts.get++; else if (task.kind === 'walk') counts.walk++; else counts.poll++;
      return track(inner.run(task as never) as Promise<unknown>);
    }) as unknown as WorkerPool['run'],
    poll: (plan, ring, state) => { counts.poll++; return inner.poll(plan, ring, state); },
    destroy: () => inner.destroy(),
  };
  return { pool, counts };
}

async function until(cond: () => boolean, deadlineMs: number, what: string): Promise<void> {
  while (!cond()) {
    if (performance.now() > deadlineMs) throw new Error(`${what} not within the deadline`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export interface DiscoveryResult {
  mode: 'monitor' | 'phases';
  devices: number; found: number; links: number; unreachable: number;
  /** Devices with a poll plan (phases: Inventory.plans; monitor: devices with a poll state, set at adoption), and their variables. */
  plans: number; variables: number;
  wallMs: number; cpuMs: number;
  /** The phases (phases mode); in monitor mode `probeMs` is from the start to the last SNMP task's end. */
  probeMs: number; idsMs: number;
  /** Phases: the same ids allocated one durable commit per device (DeviceIds.idFor; how runs did it before idsFor). */
  idsOneTxnMs?: number; topologyMs: number; saveMs: number; rebuildMs: number;
  probes: number; probesPerS: number; gets: number; walks: number; maxTasksInFlight: number;
  concurrency: number; poolThreads: number; poolMaxInFlight: number;
  eventLoopMaxMs: number;
}

async function main(): Promise<void> {
  const a = parseArgs(process.argv.slice(2));
  const dir = mkdtempSync(join(tmpdir(), 'bench-discovery-'));
  const config = benchConfig(a, dir);
  const net = config.networks[0]!;
  const deadline = performance.now() + a.deadlineS * 1000;
  const store = await openEmbeddedStore({ dataDir: dir, logger: silentLogger });
  const { pool, counts } = countingPool(createPool({ threads: config.server.workers, maxInFlight: net.snmp.maxInFlight }));
  const loop = monitorEventLoopDelay({ resolution: 10 });
  let monitor: Monitor | null = null;
  try {
    // Let the workers start (and load the task module) before the clock runs, as in a server that has been up.
    await pool.run({ kind: 'get', target: { address: '127.0.0.1', port: 9, version: '2c', community: 'x', timeoutMs: 50, retries: 0, maxRepetitions: 10 }, oids: ['1.3.6.1.2.1.1.5.0'] });
    Object.assign(counts, { get: 0, walk: 0, poll: 0, maxInFlight: 0, firstTaskMs: 0, lastTaskEndMs: 0 });
    const r: Partial<DiscoveryResult> = { mode: a.mode, devices: a.devices, concurrency: net.discoveryConcurrency, poolThreads: pool.threads, poolMaxInFlight: net.snmp.maxInFlight };
    loop.enable();
    const cpu0 = cpuSeconds(process.pid);
    const t0 = performance.now();
    if (a.mode === 'monitor') {
      const m = monitor = new Monitor({ config, pool, meta: store.meta, series: store.series, nowMs: Date.now, logger: silentLogger });
      // start() discovers at once when the network has no generation (and starts the scheduler, idle without plans).
      await m.start();
      await until(() => { const s = m.discoveryStatus(1); return s.running === null && s.latest !== null; }, deadline, 'the discovery');
      r.wallMs = performance.now() - t0;
      r.probeMs = counts.lastTaskEndMs - t0;
      const st = m.discoveryStatus(1);
      const g = m.generation(1, {})!;
      r.found = g.devices.length; r.links = g.links.length; r.unreachable = g.errors.length;
      r.variables = m.pollStatus(1).variables;
      r.plans = m.deviceStates(1).length;
      r.idsMs = r.topologyMs = r.saveMs = r.rebuildMs = 0;
      if (st.latest?.status !== 'completed') throw new Error(`the generation ended ${st.latest?.status}`);
    } else {
      const nowMs = Date.now;
      const ids = new DeviceIds(store.meta);
      const genLog = GenerationLog.open(store.meta, net.id);
      const inventory = new Inventory(store.meta, new VariableDefs());
      const base: Generation = { networkId: net.id, number: genLog.nextNumber, status: 'running', startedAtMs: nowMs(), completedAtMs: null, devices: [], links: [], errors: [] };
      await genLog.save(base);
      const found = await discoverNetwork({ net, pool, logger: silentLogger, nowMs });
      const t1 = performance.now();
      r.probeMs = t1 - t0;
      const given = await ids.idsFor(net.id, found.devices.map((d) => ({ d })));
      const devices: Device[] = found.devices.map((d, k) => ({ ...d, id: given[k]! }));
      devices.sort((x, y) => x.id - y.id);
      const t2 = performance.now();
      r.idsMs = t2 - t1;
      // The way before (one durable commit per new device), on the same devices as another network so every id is new again.
      const o = performance.now();
      for (const d of found.devices) await ids.idFor(net.id + 1, d);
      r.idsOneTxnMs = performance.now() - o;
      const { links, externalNeighbors } = resolveTopology(devices);
      const t3 = performance.now();
      r.topologyMs = t3 - t2;
      const done: Generation = { ...base, status: 'completed', completedAtMs: nowMs(), devices, links, externalNeighbors, errors: found.errors.slice(0, 1000), kind: 'full' };
      await genLog.save(done);
      const t4 = performance.now();
      r.saveMs = t4 - t3;
      await inventory.rebuild(net, done);
      const t5 = performance.now();
      r.rebuildMs = t5 - t4;
      r.wallMs = t5 - t0;
      r.found = devices.length; r.links = links.length; r.unreachable = found.errors.length;
      r.plans = inventory.plans(net.id).length;
      r.variables = inventory.count(net.id);
    }
    r.cpuMs = (cpuSeconds(process.pid) - cpu0) * 1000;
    loop.disable();
    r.eventLoopMaxMs = loop.max / 1e6;
    r.gets = counts.get; r.walks = counts.walk; r.maxTasksInFlight = counts.maxInFlight;
    // A probe is one device's read: its first GET (per credential tried), then its walks and a GET.
    r.probes = r.found! + r.unreachable!;
    r.probesPerS = r.probes / (r.probeMs! / 1000);
    log(`${a.mode}: ${r.found} devices, ${r.links} links, ${r.plans} plans in ${Math.round(r.wallMs!)} ms (probes ${Math.round(r.probeMs!)} ms, ids ${Math.round(r.idsMs!)}, topology ${Math.round(r.topologyMs!)}, save ${Math.round(r.saveMs!)}, rebuild ${Math.round(r.rebuildMs!)}); ${r.gets} gets, ${r.walks} walks, at most ${r.maxTasksInFlight} tasks in flight`);
    process.stdout.write(`RESULT ${JSON.stringify(r)}\n`);
  } finally {
    loop.disable();
    if (monitor) await monitor.stop();
    await pool.destroy();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(() => { process.exitCode = 0; }, (e) => { process.stderr.write(`${(e as Error).stack}\n`); process.exitCode = 1; });
