import { TaskRegistry } from '../../collector/tasks.js';
import type { TasksPort } from '../../core/ports/index.js';
import { FakeDevices } from './fake-devices.js';
/**
 * An in-memory collector for router and service tests: it implements the collector's ports
 * (core/ports: networks, variable catalog, latest values, events) over networks, generations and
 * variables in arrays, series in memory, and a real RingBuffer. Generation selection follows spec
 * 4.1.1 on the selector the services pass (which carries at most one field); every selector is
 * recorded. `servicesOf` builds the real services over it.
 */
import type { Clock } from '../../core/clock.js';
import { AppError } from '../../core/errors.js';
import { silentLogger } from '../../core/logger.js';
import type {
  CollectorPorts, DevicePollState, DiscoveryStatus, GenerationSelector, Health, GenerationSummary, LatestValues, NetworkSummary, NetworksPort,
  PipelineEvents, PollStatus, VariableCatalog,
} from '../../core/ports/index.js';
import type { Device, Generation, Interface, Link, SeriesPoints, VariableDef, VariableInstance } from '../../core/types.js';
import { createServices, type ServiceSources, type Services } from '../../services/index.js';
import { RingBuffer } from '../../store/ring.js';
import { MemoryMetaStore } from '../../store/meta/memory-meta.js';
import type { MetaStore } from '../../store/meta/meta.js';
import { loadConfig } from '../../core/config-load.js';
import type { Config } from '../../core/config-schema.js';
import { lastOfPoints, rollupByReading } from '../../store/series/series-rollup.js';
import type { SeriesStore, SlotRollups } from '../../store/series/series.js';

export class MemorySeries implements SeriesStore {
  private readonly bySlot = new Map<number, { ts: number[]; vs: number[] }>();

  /** Test helper: sets a slot's points (ascending). */
  set(slot: number, ts: number[], vs: number[]): void { this.bySlot.set(slot, { ts: [...ts], vs: [...vs] }); }

  appendStep(gridTsMs: number, slots: Int32Array, values: Float64Array, count = slots.length): void {
    for (let i = 0; i < count; i++) {
      if (Number.isNaN(values[i])) continue;
      const s = this.bySlot.get(slots[i]) ?? { ts: [], vs: [] };
      const at = s.ts.indexOf(gridTsMs);
      if (at >= 0) s.vs[at] = values[i];
      else { s.ts.push(gridTsMs); s.vs.push(values[i]); }
      this.bySlot.set(slots[i], s);
    }
  }

  read(slot: number, fromMs: number, toMs: number): SeriesPoints {
    const s = this.bySlot.get(slot) ?? { ts: [], vs: [] };
    const ts: number[] = [];
    const vs: number[] = [];
    s.ts.forEach((t, i) => { if (t >= fromMs && t <= toMs) { ts.push(t); vs.push(s.vs[i]); } });
    return { tsMs: Float64Array.from(ts), values: Float64Array.from(vs) };
  }

  last(slot: number, fromMs: number, toMs: number): { tsMs: number; value: number } | null {
    return lastOfPoints(this.read(slot, fromMs, toMs));
  }

  rollup(slots: ArrayLike<number>, fromMs: number, toMs: number): SlotRollups {
    return rollupByReading((s, f, t) => this.read(s, f, t), slots, fromMs, toMs);
  }

  async flush(): Promise<void> {}
  async close(): Promise<void> {}
}

export class FakeService implements CollectorPorts, NetworksPort {
  readonly nets: NetworkSummary[] = [];
  readonly gens = new Map<number, Generation[]>();
  readonly running = new Map<number, GenerationSummary & { probed: number; queued: number }>();
  readonly vars = new Map<number, VariableInstance[]>();
  readonly defs: VariableDef[] = [];
  readonly series = new MemorySeries();
  /** The metadata store of the services built over this collector (views, accounts, filters, key-value records). */
  readonly meta: MetaStore = new MemoryMetaStore();
  /** The running configuration the services see (the built-in default unless a test replaces it). */
  config: Config = loadConfig({ env: {} });
  readonly ring = RingBuffer.create(64);
  readonly selectors: { netId: number; sel: GenerationSelector }[] = [];
  readonly startCalls: number[] = [];
  /** Devices' poll states by network (none: every device unknown). */
  readonly pollStates = new Map<number, DevicePollState[]>();
  healthy = true;
  readonly tasks: TasksPort = new TaskRegistry((netId) => this.get(netId) !== undefined, () => Date.now());
  /** Managed devices in memory (test/fakes/fake-devices.ts), its tasks in `tasks`. */
  readonly devices: FakeDevices = new FakeDevices((netId) => this.get(netId) !== undefined, this.tasks, () => NOW_MS);

  get networks(): NetworksPort { return this; }
  list(): readonly NetworkSummary[] { return this.nets; }
  get(netId: number): NetworkSummary | undefined { return this.nets.find((n) => n.id === netId); }

  discoveryStatus(netId: number): DiscoveryStatus {
    const done = this.completed(netId);
    const latest = done.length > 0 ? summary(done[done.length - 1]) : null;
    return { running: this.running.get(netId) ?? null, latest, generations: (this.gens.get(netId) ?? []).length };
  }

  startDiscovery(netId: number): { started: boolean; generation: number; message: string } {
    this.startCalls.push(netId);
    const run = this.running.get(netId);
    if (run) return { started: false, generation: run.number, message: `discovery ${run.number} is already running` };
    const next = (this.gens.get(netId) ?? []).length + 1;
    this.running.set(netId, { number: next, status: 'running', startedAtMs: 0, completedAtMs: null, devices: 0, links: 0, probed: 0, queued: 0 });
    return { started: true, generation: next, message: `discovery ${next} started` };
  }

  generation(netId: number, sel: GenerationSelector): Generation | null {
    this.selectors.push({ netId, sel });
    const done = this.completed(netId);
    if (sel.timestampMs !== undefined) {
      const before = done.filter((g) => g.completedAtMs! < sel.timestampMs!);
      if (before.length === 0) throw new AppError('UNKNOWN_GENERATION', `no discovery completed before ${sel.timestampMs}`);
      return before[before.length - 1];
    }
    if (sel.generation !== undefined) {
      const g = (this.gens.get(netId) ?? []).find((x) => x.number === sel.generation);
      if (!g) throw new AppError('UNKNOWN_GENERATION', `no generation ${sel.generation}`);
      return g;
    }
    return done.length > 0 ? done[done.length - 1] : null;
  }

  generations(netId: number): readonly GenerationSummary[] {
    if (!this.get(netId)) throw new AppError('UNKNOWN_NETWORK', `network ${netId} is not configured`);
    return (this.gens.get(netId) ?? []).map(summary);
  }

  pollStatus(_netId: number): PollStatus {
    return { cycles: 3, lastCycleStartMs: 1000, lastCycleDurationMs: 20, devicesPolled: 2, devicesFailed: 0, variables: 4 };
  }

  deviceStates(netId: number): readonly DevicePollState[] { return this.pollStates.get(netId) ?? []; }

  readonly catalog: VariableCatalog = {
    instances: (netId) => this.vars.get(netId) ?? [],
    instanceCount: (netId) => this.vars.get(netId)?.length ?? 0,
    find: (netId, name, deviceId, index) => this.catalog.instances(netId).find((v) => v.name === name && v.deviceId === deviceId && v.index === index),
    definition: (name) => this.defs.find((d) => d.name === name),
    define: (def) => { if (!this.defs.some((d) => d.name === def.name)) this.defs.push(def); },
    configure: (defs) => {
      for (const d of defs) {
        const i = this.defs.findIndex((x) => x.name === d.name);
        if (i >= 0) this.defs[i] = d; else this.defs.push(d);
      }
    },
    allocate: async (a) => {
      const known = this.catalog.find(a.netId, a.name, a.deviceId, a.index);
      if (known) return known;
      const def = this.catalog.definition(a.name);
      if (!def) throw new AppError('UNKNOWN_VARIABLE', `variable '${a.name}' has no definition`);
      const list = this.vars.get(a.netId) ?? [];
      const slot = Math.max(-1, ...[...this.vars.values()].flat().map((v) => v.slot)) + 1;
      const v = variable(slot, a.name, a.deviceId, a.index, def.unit);
      this.vars.set(a.netId, [...list, v]);
      return v;
    },
    allocateMany: async (list) => {
      const out: (VariableInstance | Error)[] = [];
      for (const a of list) out.push(await this.catalog.allocate(a).catch((e: Error) => e));
      return out;
    },
  };

  readonly latest: LatestValues = {
    observations: (slot) => this.ring.read(slot),
    last: (slot) => this.ring.last(slot),
  };

  readonly events: PipelineEvents = { onCycleDone: () => () => {}, onGridStepWritten: () => () => {} };

  health(): Health {
    return { healthy: this.healthy, components: { store: { healthy: this.healthy, detail: this.healthy ? 'ok' : 'disk full' } } };
  }

  private completed(netId: number): Generation[] {
    return (this.gens.get(netId) ?? []).filter((g) => g.status === 'completed').sort((a, b) => a.completedAtMs! - b.completedAtMs!);
  }
}

/**
 * A small scrypt cost for the accounts tests make (a check runs at the cost of the stored hash): a
 * test that checks hundreds of passwords on purpose would take a minute of CPU at the production
 * cost. What such tests check is the answers, not the cost.
 */
export const SMALL_SCRYPT_COST: ServiceSources = { scryptCost: { N: 1 << 10, r: 8, p: 1 } };

/** The real services over a fake collector, with a fixed clock. */
export function servicesOf(fake: FakeService, clock: Clock = { nowMs: () => NOW_MS }, sources: ServiceSources = {}): Services {
  return createServices({ collector: fake, series: fake.series, meta: fake.meta, config: () => fake.config, clock, logger: silentLogger }, sources);
}

function summary(g: Generation): GenerationSummary {
  return { number: g.number, status: g.status, startedAtMs: g.startedAtMs, completedAtMs: g.completedAtMs, devices: g.devices.length, links: g.links.length };
}

export function iface(index: number, name: string): Interface {
  return { index, name, descr: name, alias: '', type: 6, speedBps: 1e9, adminStatus: 1, operStatus: 1, mac: `02:00:00:00:00:0${index}`, addresses: [], tags: ['ifRole.Uplink'] };
}

export function device(id: number, name: string, ifaces: Interface[]): Device {
  return {
    id, name, address: `10.0.0.${id}`, snmpPort: 161, sysObjectID: '1.3.6.1.4.1.8072.3.2.10', sysDescr: `Linux ${name}`,
    sysContact: '', sysLocation: 'lab', sysUpTimeCs: 100, chassisId: `c${id}`, vendor: 'Net-SNMP', model: 'linux',
    serialNumber: '', softwareRev: '', tags: ['Vendor.NetSNMP'], interfaces: ifaces, components: [],
    neighbors: [{ localIfIndex: 1, localPort: 'eth1', remoteChassisId: 'cX', remoteSysName: 'peer', remotePortId: 'eth9',
      remotePortIdSubtype: 5, remotePortDescr: '', remoteManagementAddresses: [], protocol: 'lldp' }],
    discoveredAtMs: 1,
    // How to poll it, including the community string: the API must never show this.
    poll: { version: '2c', community: 'secret-community', v3User: '', hc: true, hrProcessor: true, ucdCpu: false, ucdMem: false, hrRamIndex: 0 },
  } as Device;
}

export function variable(slot: number, name: string, deviceId: number, index: number, unit: string, extra: Partial<VariableInstance> = {}): VariableInstance {
  return {
    slot, name, deviceId, index, deviceName: `dev${deviceId}`, componentName: index === 0 ? '' : `eth${index}`,
    description: '', unit, category: 'traffic', tags: [], ...extra,
  };
}

/** Now, for the fake clock of the fixture. */
export const NOW_MS = 1_700_000_000_000;
const MIN = 60_000;

/**
 * The standard fixture:
 * network 1 "lab": generations 1 (completed at 2000, device 10), 2 (completed at 4000, devices
 *   10 and 11 and a link), 3 (running); variables in slots 0–3, 2 h of 1-min points in slots 0–2.
 * network 2 "empty": nothing discovered, no variables.
 */
export function fixture(): FakeService {
  const s = new FakeService();
  s.nets.push({ id: 1, name: 'lab', pollIntervalMs: 60_000, discoveryIntervalMs: 3_600_000, seeds: ['10.0.0.10'], ranges: [{ cidr: '10.0.0.0/24', sweep: false }] });
  s.nets.push({ id: 2, name: 'empty', pollIntervalMs: 60_000, discoveryIntervalMs: 3_600_000, seeds: [], ranges: [] });
  const d10 = device(10, 'sw10', [iface(1, 'eth1'), iface(2, 'eth2')]);
  const d11 = device(11, 'sw11', [iface(1, 'eth1')]);
  const link: Link = { a: { deviceId: 10, ifIndex: 1, ifName: 'eth1' }, b: { deviceId: 11, ifIndex: 1, ifName: 'eth1' }, protocol: 'lldp' };
  const gen = (number: number, status: Generation['status'], startedAtMs: number, completedAtMs: number | null, devices: Device[], links: Link[]): Generation =>
    ({ networkId: 1, number, status, startedAtMs, completedAtMs, devices, links, errors: [] });
  s.gens.set(1, [
    gen(1, 'completed', 1000, 2000, [d10], []),
    gen(2, 'completed', 3000, 4000, [d10, d11], [link]),
    gen(3, 'running', 5000, null, [], []),
  ]);
  s.running.set(1, { number: 3, status: 'running', startedAtMs: 5000, completedAtMs: null, devices: 0, links: 0, probed: 1, queued: 4 });
  s.vars.set(1, [
    variable(0, 'ifInRate', 10, 1, 'bit/s', { description: 'Inbound rate' }),
    variable(1, 'ifOutRate', 10, 1, 'bit/s'),
    variable(2, 'cpuLoad', 10, 0, '%'),
    variable(3, 'hr.storage.used', 11, 2, 'B'),
  ]);
  // 120 one-minute points ending at NOW_MS: slot 0 rises 1 Mb/s … 120 Mb/s, slot 1 is half of it,
  // slot 2 is a CPU load of 10 … 129 %.
  const ts: number[] = [];
  for (let i = 119; i >= 0; i--) ts.push(NOW_MS - i * MIN);
  s.series.set(0, ts, ts.map((_, i) => (i + 1) * 1e6));
  s.series.set(1, ts, ts.map((_, i) => (i + 1) * 5e5));
  s.series.set(2, ts, ts.map((_, i) => 10 + i));
  return s;
}

/**
 * The fixture of the matching-rule, workbench, catalog and query tests: the standard fixture with
 * a richer inventory on network 1 (device names as discovered, categories, tags, two devices):
 *
 * | slot | triplet              | device/component | unit  | category | tags                          | points (120 × 1 min to NOW_MS) |
 * |------|----------------------|------------------|-------|----------|-------------------------------|--------------------------------|
 * | 0    | ifInRate.10.1        | sw10 eth1        | bit/s | Traffic  | ifRole.Uplink, Vendor.NetSNMP | 1e6 … 120e6 (rising)           |
 * | 1    | ifOutRate.10.1       | sw10 eth1        | bit/s | Traffic  | ifRole.Uplink, Vendor.NetSNMP | 0.5e6 … 60e6                   |
 * | 2    | cpuLoad.10.0         | sw10             | %     | System   | Role.Core, Vendor.NetSNMP     | 10 … 129; ring: 55 (newest)    |
 * | 3    | hr.storage.used.11.2 | sw11 eth2        | B     | System   | Vendor.NetSNMP                | none                           |
 * | 4    | ifInRate.10.2        | sw10 eth2        | bit/s | Traffic  | ifRole.Access, Vendor.NetSNMP | 5e6 constant                   |
 * | 5    | ifInRate.11.1        | sw11 eth1        | bit/s | Traffic  | ifRole.Uplink                 | 200e6 … 81e6 (falling)         |
 * | 6    | cpuLoad.11.0         | sw11             | %     | System   | Role.Edge                     | none                           |
 */
export function ruleFixture(): FakeService {
  const s = fixture();
  const v = (slot: number, name: string, deviceId: number, index: number, unit: string, category: string, tags: string[], description = ''): VariableInstance =>
    variable(slot, name, deviceId, index, unit, { deviceName: `sw${deviceId}`, category, tags, description });
  s.vars.set(1, [
    v(0, 'ifInRate', 10, 1, 'bit/s', 'Traffic', ['ifRole.Uplink', 'Vendor.NetSNMP'], 'Inbound rate'),
    v(1, 'ifOutRate', 10, 1, 'bit/s', 'Traffic', ['ifRole.Uplink', 'Vendor.NetSNMP'], 'Outbound rate'),
    v(2, 'cpuLoad', 10, 0, '%', 'System', ['Role.Core', 'Vendor.NetSNMP'], 'CPU load'),
    v(3, 'hr.storage.used', 11, 2, 'B', 'System', ['Vendor.NetSNMP'], 'Storage used'),
    v(4, 'ifInRate', 10, 2, 'bit/s', 'Traffic', ['ifRole.Access', 'Vendor.NetSNMP'], 'Inbound rate'),
    v(5, 'ifInRate', 11, 1, 'bit/s', 'Traffic', ['ifRole.Uplink'], 'Inbound rate'),
    v(6, 'cpuLoad', 11, 0, '%', 'System', ['Role.Edge'], 'CPU load'),
  ]);
  s.defs.push({ name: 'ifInRate', description: 'Inbound traffic rate', unit: 'bit/s', category: 'Traffic', type: 'counter', scope: 'interface' });
  const ts: number[] = [];
  for (let i = 119; i >= 0; i--) ts.push(NOW_MS - i * MIN);
  s.series.set(4, ts, ts.map(() => 5e6));
  s.series.set(5, ts, ts.map((_, i) => (200 - i) * 1e6));
  s.ring.write(2, NOW_MS - 1000, 55);
  return s;
}
