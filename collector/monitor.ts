import type { Config, NetworkConfig, SnmpVariableConfig } from '../core/config-schema.js';
import type { ReloadPlan } from '../core/config-reload.js';
import type {
  CollectorPorts, ComponentHealth, RemoteStatus, DevicePollState, DiscoveryStatus, SeedFailure, GenerationSelector, GenerationSummary, Health, LatestValues, NetworkSummary,
  NetworksPort, PollOrder, PollStatus, VariableAllocation, VariableCatalog,
} from '../core/ports/index.js';
import { AppError } from '../core/errors.js';
import type { Logger } from '../core/logger.js';
import { storeComponent } from '../core/store-health.js';
import type { Device, Generation, VariableDef, VariableInstance } from '../core/types.js';
import type { MetaStore } from '../store/meta/meta.js';
import { RingBuffer } from '../store/ring.js';
import type { SeriesStore } from '../store/series/series.js';
import type { StepSink } from './polling/series-writer.js';
import { DeviceIds } from './discovery/device-ids.js';
import { SlotState } from '../workers/index.js';
import type { GenerationInfo } from './discovery/generations.js';
import { EventHub } from './events.js';
import { Inventory } from './inventory/inventory.js';
import { VariableDefs } from './inventory/variable-defs.js';
import { OperatorVariables } from './inventory/operator-vars.js';
import { NetworkMonitor } from './network-monitor.js';
import { TaskRegistry } from './tasks.js';
import { loadProfileSet, type ProfileSet } from './discovery/profiles.js';
import { devicesPort } from './devices/devices-port.js';
import { applyChange, credentialsView, sameCredentials, SnmpOverlays, withOverlay } from './devices/snmp-overlay.js';
import type { SnmpCredentialsChange, SnmpCredentialsView } from '../core/ports/devices.js';
import type { DevicesPort, TasksPort } from '../core/ports/index.js';
import type { PoolStats, WorkerPool } from './pool.js';
import type { Resolver } from './devices/resolve-address.js';
import { ReportedDevices, type KeyTarget, type ReportedDevice } from './reported-devices.js';
import type { ReportedState } from './polling/device-health.js';

const MIN_SLOTS = 4096;

/**
 * The collector: every configured network's discovery and polling, the shared ring buffer and slot
 * state. It implements the ports of core/ports (networks, variable catalog, latest values,
 * pipeline events) through which services read it.
 */
export class Monitor implements CollectorPorts, NetworksPort {
  private readonly networksById = new Map<number, NetworkMonitor>();
  private readonly inventory: Inventory;
  private readonly defs = new VariableDefs();
  private ringBuffer: RingBuffer;
  private state: SlotState;
  readonly events: EventHub;
  readonly catalog: VariableCatalog;
  readonly latest: LatestValues;
  readonly tasks: TasksPort;
  /** The device profiles every probe chooses from (built-in, and the config's profilesDir). */
  private profiles: ProfileSet;
  /** Managed devices, blocking, incremental discovery, external tags (docs/api.md "Inventory"): collector/devices/. */
  readonly devices: DevicesPort;

  constructor(private readonly deps: {
    config: Config; pool: WorkerPool; meta: MetaStore; series: SeriesStore; nowMs: () => number; logger: Logger;
    /** DNS names of seeds and declared devices (default: the system resolver). */
    resolve?: Resolver;
    /** Where a network's grid steps go (default: `series`); `mode: collector` adds its publisher. */
    stepsFor?: (networkId: number) => StepSink;
    /**
     * Called with a network's live devices, each with its identity (as slotKeys names it), each time
     * they are planned again (`mode: collector` publishes them for the central).
     */
    onDevices?: (networkId: number, devices: readonly { readonly identity: string; readonly device: Device }[]) => void;
    /** `mode: collector` and `central`: the healthcheck's `remote` component and the figures behind it. */
    remote?: () => { readonly component: ComponentHealth; readonly status: RemoteStatus };
    /** `mode: central`: the networks are fed by collectors (adoptReported, the ingest): no discovery, no polling. */
    central?: boolean;
    /** `mode: collector`: after each poll cycle of a network, its failing devices by identity (published for the central). */
    onPollStates?: (networkId: number, cycleStartMs: number, failing: readonly ({ readonly identity: string } & ReportedState)[]) => void;
    /**
     * `mode: collector`: the site's collectors share the devices; a network polls none until
     * `setPolledDevices` names those this collector polls, and `polledBy` names each device's collector.
     */
    assignment?: { readonly polledBy: (networkId: number, deviceId: number) => string | null };
  }) {
    this.events = new EventHub(deps.logger.child('events'));
    this.profiles = loadProfileSet(deps.config.profilesDir ?? null);
    this.tasks = new TaskRegistry((netId) => this.networksById.has(netId), deps.nowMs);
    this.overlays = new SnmpOverlays(deps.meta);
    this.devices = devicesPort((netId) => this.need(netId), {
      view: (netId) => this.snmpCredentials(netId),
      set: (netId, change, user) => this.setSnmpCredentials(netId, change, user),
    });
    this.inventory = new Inventory(deps.meta, this.defs);
    this.inventory.setVariables(new OperatorVariables(deps.config.variables.snmp));
    const cap = capacityFor(this.inventory.slotCount);
    this.ringBuffer = RingBuffer.create(cap);
    this.state = SlotState.create(cap);
    for (const net of deps.config.networks) this.networksById.set(net.id, this.networkMonitor(net));
    for (const n of this.networksById.values()) n.reserve(cap);
    this.catalog = this.makeCatalog();
    if (deps.onPollStates) {
      const report = deps.onPollStates;
      this.events.onCycleDone((e) => {
        const n = this.networksById.get(e.networkId);
        if (!n) return;
        const identityOf = this.identities(e.networkId);
        const failing = n.health.states().filter((st) => st.failing).map((st) => ({
          identity: identityOf(st.deviceId), consecutiveFailures: st.consecutiveFailures, failingSinceMs: st.failingSinceMs, reason: st.reason,
          lastSuccessMs: st.lastSuccessMs, neverAnswered: st.reachability === 'neverAnswered',
        }));
        report(e.networkId, e.cycleStartMs, failing);
      });
    }
    // The ring is replaced when it grows: read through the field, never keep the object.
    this.latest = {
      observations: (slot) => this.ringBuffer.read(slot),
      last: (slot) => this.ringBuffer.last(slot),
    };
  }

  get networks(): NetworksPort { return this; }

  /**
   * What each slot of a network holds, named so that it means the same at every collector and at the
   * central (`mode: collector`, docs/scale-out.md): `<device identity>|<variable>|<component index>`,
   * the identity as discovery's device ids key it (the LLDP chassis id, else sysName@address), or
   * `id:<device id>` for a device never identified (declared, never answered).
   */
  slotKeys(netId: number): Map<number, string> {
    const identityOf = this.identities(netId);
    const out = new Map<number, string>();
    for (const v of this.catalog.instances(netId)) out.set(v.slot, `${v.deviceId === 0 ? 'network' : identityOf(v.deviceId)}|${v.name}|${v.index}`);
    return out;
  }

  /** A network's device ids → their identity, as slotKeys names them. */
  private identities(netId: number): (deviceId: number) => string {
    const known = new DeviceIds(this.deps.meta).identities(netId);
    return (id) => known.get(id) ?? `id:${id}`;
  }

  private announceDevices(netId: number, devices: readonly Device[]): void {
    const identityOf = this.identities(netId);
    this.deps.onDevices?.(netId, devices.map((device) => ({ identity: identityOf(device.id), device })));
  }

  /** Builds a network's monitor from its config file settings with the SNMP credentials added through the API over them. */
  private networkMonitor(net: NetworkConfig, previous?: NetworkMonitor): NetworkMonitor {
    const d = this.deps;
    this.fileNets.set(net.id, net);
    return new NetworkMonitor(withOverlay(net, this.overlays.get(net.id)), {
      pool: d.pool, meta: d.meta, steps: d.stepsFor?.(net.id) ?? d.series, inventory: this.inventory, nowMs: d.nowMs,
      logger: d.logger, events: this.events,
      poll: (plan) => d.pool.poll(plan, this.ringBuffer.buffer, this.state.buffer),
      onInventoryChanged: () => this.ensureCapacity(),
      ...(d.onDevices ? { onDevicesAdopted: (devices: readonly Device[]) => this.announceDevices(net.id, devices) } : {}),
      profiles: () => this.profiles,
      tasks: this.tasks,
      ...(d.resolve ? { resolve: d.resolve } : {}),
      ...(d.central ? { fed: true } : {}),
      ...(d.assignment && !d.central ? { assigned: true } : {}),
    }, previous);
  }

  // ---- `mode: central` (docs/scale-out.md) ---------------------------------------------------

  private reportedDevices: ReportedDevices | undefined;
  private get reported(): ReportedDevices { return this.reportedDevices ??= new ReportedDevices(this.deps.meta); }

  /**
   * A central's network takes a collector's inventory: the devices all its collectors report,
   * under the central's ids, become its devices (a generation) and are planned, so that their
   * variables have the central's slots before the collector's points are mapped to them.
   */
  async adoptReported(netId: number, collector: string, devices: readonly ReportedDevice[]): Promise<void> {
    const n = this.need(netId);
    const all = await this.reported.take(netId, collector, devices, (id) => n.devices.recordOf(id), this.deps.nowMs());
    await n.adoptReported(all);
  }

  /** The central's slot of each key of a collector's slot definitions (ReportedDevices.resolveKeys). */
  resolveReportedKeys(netId: number, keys: readonly string[]): KeyTarget[] {
    const n = this.need(netId);
    const live = new Set(n.devices.live().map((d) => d.id));
    return this.reported.resolveKeys(netId, keys, (deviceId, variable, index) => {
      if (deviceId !== 0 && !live.has(deviceId)) return 'unknown device';
      return this.inventory.find(netId, variable, deviceId, index)?.slot ?? 'nothing';
    });
  }

  /**
   * A collector's poll states of a central's network: its failing devices by identity (the others
   * it polls answered its cycle of `cycleStartMs`); devices the central does not know are skipped.
   */
  adoptReportedStates(netId: number, collector: string, cycleStartMs: number, failing: readonly ({ readonly identity: string } & ReportedState)[]): void {
    const n = this.need(netId);
    const ids = new DeviceIds(this.deps.meta);
    const byId = new Map<number, ReportedState>();
    for (const f of failing) {
      const id = ids.idOfKnownIdentity(netId, f.identity);
      if (id !== undefined) byId.set(id, f);
    }
    n.health.adoptReported(collector, cycleStartMs, byId);
  }

  /** A device's `reachable` slot (-1: none). */
  reachableSlot(netId: number, deviceId: number): number {
    return this.inventory.reachableSlot(netId, deviceId);
  }

  /** The central's ingest wrote a grid step of a network: the services act on it as on a polled one. */
  announceReportedStep(netId: number, gridTsMs: number, points: number): void {
    this.networksById.get(netId)?.announceStep(gridTsMs, points);
  }


  /** The devices of a network this collector polls, from its next cycle on (`mode: collector`). */
  setPolledDevices(netId: number, deviceIds: ReadonlySet<number>): void {
    this.polledDevices.set(netId, deviceIds);
    this.networksById.get(netId)?.setPolled(deviceIds);
  }
  /** Kept for a network monitor that a config reload makes again. */
  private readonly polledDevices = new Map<number, ReadonlySet<number>>();

  /**
   * A config reload's networks (collector/config-appliers.ts), after the new Config was validated,
   * planned and swapped: removed networks stop; a changed network stops and starts again from its new
   * settings (its inventory is rebuilt from its latest generation with the new SNMP settings, its
   * scheduler and grid take the new interval; slots, series and generations stay; the series writer
   * and its interpolation carry go on in the new monitor, and the scheduler keeps its grid position:
   * with the same interval no grid step is lost (a step due while it restarted runs at once), with a
   * new one polling resumes at the new grid's next time and that step is written; devices keep their
   * poll states, so a device failing before is not announced again); added networks start;
   * unchanged ones go on untouched.
   */
  async applyReload(plan: ReloadPlan): Promise<void> {
    await this.exclusive(() => this.restartNetworks(plan));
    const log = this.deps.logger;
    for (const id of plan.removed) log.info('network removed by a config reload', { network: id });
    for (const c of plan.changed) log.info('network changed by a config reload', { network: c.after.id, fields: c.fields.join(',') });
    for (const net of plan.added) log.info('network added by a config reload', { network: net.id, name: net.name });
  }

  private stopping = false;
  /** Reloads and credential changes restart networks one change at a time. */
  private serial: Promise<unknown> = Promise.resolve();
  private exclusive<T>(run: () => Promise<T>): Promise<T> {
    const next = this.serial.catch(() => undefined).then(run);
    this.serial = next;
    return next;
  }

  private async restartNetworks(plan: Pick<ReloadPlan, 'removed' | 'changed' | 'added'>): Promise<void> {
    // A removed network leaves the map at once; a changed one answers from its old monitor until its new one replaces it.
    await Promise.all([
      ...plan.removed.map(async (id) => {
        const n = this.networksById.get(id);
        this.networksById.delete(id);
        await n?.stop();
      }),
      ...plan.changed.map((c) => this.networksById.get(c.before.id)?.stop()),
    ]);
    for (const net of [...plan.changed.map((c) => c.after), ...plan.added]) {
      const before = this.networksById.get(net.id);
      const n = this.networkMonitor(net, before);
      const polled = this.polledDevices.get(net.id);
      if (polled) n.setPolled(polled);
      if (before) n.health.carryOver(before.health);
      // An operator's pause outlives a reload of the network's settings (resume ends it).
      if (before?.paused) { n.paused = true; n.devices.queue.pause(); }
      n.reserve(this.ringBuffer.capacity);
      this.networksById.set(net.id, n);
      await n.start();
    }
    for (const id of plan.removed) this.fileNets.delete(id);
  }

  // ---- SNMP credentials added through the API (collector/devices/snmp-overlay.ts) ------------

  private readonly overlays: SnmpOverlays;
  /** Each network as the config file gives it (the overlay goes over it when its monitor is built). */
  private readonly fileNets = new Map<number, NetworkConfig>();

  snmpCredentials(netId: number): SnmpCredentialsView {
    this.need(netId);
    return credentialsView(this.fileNets.get(netId)!, this.overlays.get(netId));
  }

  /**
   * Stores a network's new overlay and, when its credentials changed, restarts the network as a
   * config reload would (same grid, nothing lost), then probes its never-answered devices again.
   * Answers once the overlay is stored; the restart follows at once, after any reload or change
   * before it (a restart waits, bounded, for the network's SNMP requests in flight). Logs who and
   * how many, never a secret.
   */
  async setSnmpCredentials(netId: number, change: SnmpCredentialsChange, user: string): Promise<SnmpCredentialsView> {
    this.need(netId);
    const changed = await this.exclusive(async () => {
      const before = this.overlays.get(netId);
      const next = applyChange(before, change, user, this.deps.nowMs());
      await this.overlays.put(netId, next);
      this.deps.logger.info('SNMP credentials of a network set through the API', {
        network: netId, user, communities: next.communities.length, v3Users: next.v3Users.map((u) => u.name).join(','),
      });
      return !sameCredentials(before, next);
    });
    if (changed) void this.exclusive(() => this.replanCredentials(netId));
    return this.snmpCredentials(netId);
  }

  /** The network restarted with its overlay in force now, and its devices that never answered probed again. */
  private async replanCredentials(netId: number): Promise<void> {
    const running = this.networksById.get(netId);
    const file = this.fileNets.get(netId);
    if (!running || !file || this.stopping) return; // removed by a reload meanwhile, or the server is stopping
    try {
      await this.restartNetworks({ removed: [], added: [], changed: [{ before: running.net, after: file, fields: ['snmp.communities', 'snmp.v3Users'] }] });
      const reprobed = this.need(netId).devices.reprobeNeverAnswered('its network\'s SNMP credentials changed');
      this.deps.logger.info('network planned again with its SNMP credentials', { network: netId, reprobed });
    } catch (e) {
      this.deps.logger.error('network not planned again with its new SNMP credentials', { network: netId, error: (e as Error).message });
    }
  }

  /**
   * Applies the operator's SNMP variables of a reloaded configuration (`variables.snmp`) live: when
   * they changed, every network plans its devices again (new variables are polled from the next
   * cycle, removed ones are no longer polled: their series stay in the store). A `table` variable
   * whose column no earlier one had needs its rows: every network starts a discovery (as scheduled
   * ones do, so the API's minimum interval does not apply); its instances appear when it completes.
   */
  async setVariables(snmp: readonly SnmpVariableConfig[]): Promise<void> {
    const before = this.inventory.variables;
    if (JSON.stringify(before.snmp) === JSON.stringify(snmp)) return;
    const next = new OperatorVariables(snmp);
    this.inventory.setVariables(next);
    const known = before.allTableColumns();
    const newTables = [...next.allTableColumns()].some((c) => !known.has(c));
    for (const n of this.networksById.values()) {
      await n.replan();
      if (newTables) {
        const s = n.startDiscovery('schedule', 'config reload');
        this.deps.logger.info('discovery for the rows of new table variables', { network: n.net.id, started: s.started, message: s.message });
      }
    }
    this.deps.logger.info('operator SNMP variables applied', { variables: snmp.length, newTables });
  }

  /**
   * Throws what `catalog.configure(defs)` would throw (AppError BAD_PARAMETER), changing nothing:
   * a config reload checks its operator variables' definitions before the swap.
   */
  checkDefinitions(defs: readonly VariableDef[]): void {
    this.defs.check(defs);
  }

  /**
   * Reads the device profiles again (a config reload: `profilesDir` may name another folder, or its
   * files changed); the next probes use them. A folder that no longer reads keeps the profiles in
   * force and throws (the loader checked it just before, so this is a race with its files).
   */
  reloadProfiles(dir: string | null): void {
    this.profiles = loadProfileSet(dir);
    this.deps.logger.info('device profiles loaded', { profiles: this.profiles.profiles.length, dir: dir ?? '(built-in only)' });
  }

  async start(): Promise<void> {
    for (const n of this.networksById.values()) await n.start();
  }

  /** Stops polling and discovery and waits (bounded) for their tasks in flight, so the pool can then be destroyed. */
  async stop(): Promise<void> {
    // A credential change's restart queued now does nothing; one under way ends first.
    this.stopping = true;
    await this.serial.catch(() => undefined);
    await Promise.all([...this.networksById.values()].map((n) => n.stop()));
  }

  list(): readonly NetworkSummary[] {
    return [...this.networksById.values()].map((n) => summary(n));
  }

  get(netId: number): NetworkSummary | undefined {
    const n = this.networksById.get(netId);
    return n ? summary(n) : undefined;
  }

  discoveryStatus(netId: number): DiscoveryStatus {
    const n = this.need(netId);
    const r = n.running;
    return {
      running: r ? { number: r.number, status: 'running', startedAtMs: r.startedAtMs, completedAtMs: null, devices: r.progress.found, links: 0, probed: r.progress.probed, queued: r.progress.queued } : null,
      latest: infoOf(n.log.latestCompleted()),
      generations: n.log.count,
      failingSeeds: n.failingSeeds,
    };
  }

  startDiscovery(netId: number, user = 'api') { return this.need(netId).startDiscovery('api', user); }

  /**
   * Selection by the rules of docs/api.md "Generation selection". With no selection (the latest completed generation), the answer is that
   * generation as the inventory stands now: devices added, removed, blocked or re-tagged (external
   * tags) since it was saved are shown as they are polled — so SvcQL, matching rules, views and the
   * catalog agree — with the generation's number, times, and its links and external neighbours
   * between the devices still there. An explicit generation or timestamp answers the stored record.
   */
  generation(netId: number, sel: GenerationSelector): Generation | null {
    const n = this.need(netId);
    const g = n.log.select(sel);
    if (!g) return null;
    const latest = sel.generation === undefined && sel.timestampMs === undefined;
    const live = latest && n.devices.ready ? n.devices.live() : null;
    if (live && live !== g.devices) {
      // The same public object while neither the generation nor the live inventory changes, so that readers may cache on identity.
      const hit = this.liveGenerations.get(live);
      if (hit && hit.of === g) return hit.pub;
      const ids = new Set(live.map((d) => d.id));
      const pub: Generation = {
        ...g, devices: live.map(publicDevice),
        links: g.links.filter((l) => ids.has(l.a.deviceId) && ids.has(l.b.deviceId)),
        externalNeighbors: g.externalNeighbors?.filter((x) => ids.has(x.deviceId)),
      };
      this.liveGenerations.set(live, { of: g, pub });
      return pub;
    }
    // The same public object for the same stored generation, so that readers may cache on identity.
    let pub = this.publicGenerations.get(g);
    if (!pub) this.publicGenerations.set(g, pub = { ...g, devices: g.devices.map(publicDevice) });
    return pub;
  }
  private readonly publicGenerations = new WeakMap<Generation, Generation>();
  private readonly liveGenerations = new WeakMap<readonly Device[], { of: Generation; pub: Generation }>();

  generations(netId: number): readonly GenerationSummary[] { return this.need(netId).log.all(); }

  pollStatus(netId: number): PollStatus {
    const n = this.need(netId);
    const s = n.scheduler.stats;
    return {
      cycles: s.cycles, lastCycleStartMs: s.lastCycleStartMs, lastCycleDurationMs: s.lastCycleDurationMs,
      devicesPolled: s.devicesPolled, devicesFailed: s.devicesFailed, variables: this.inventory.count(netId),
    };
  }

  deviceStates(netId: number): readonly DevicePollState[] {
    const states = this.need(netId).health.states();
    const a = this.deps.assignment;
    return a ? states.map((s) => ({ ...s, polledBy: a.polledBy(netId, s.deviceId) })) : states;
  }

  rebalance(netId: number): PollOrder {
    return this.need(netId).rebalance();
  }

  private makeCatalog(): VariableCatalog {
    return {
      instances: (netId: number): readonly VariableInstance[] => { this.need(netId); return this.inventory.instances(netId); },
      instanceBatches: (netId: number, batch: number, names?: readonly string[]): Iterable<readonly VariableInstance[]> => {
        this.need(netId);
        return this.inventory.instanceBatches(netId, batch, names);
      },
      instanceCount: (netId: number): number => { this.need(netId); return this.inventory.instanceCount(netId); },
      find: (netId: number, name: string, deviceId: number, index: number) => this.inventory.find(netId, name, deviceId, index),
      definition: (name: string): VariableDef | undefined => this.defs.get(name),
      define: (def: VariableDef) => this.defs.define(def),
      configure: (defs: readonly VariableDef[]) => this.defs.configure(defs),
      allocate: async (a: VariableAllocation): Promise<VariableInstance> => {
        const [v] = await this.catalog.allocateMany([a]);
        if (v instanceof Error) throw v;
        return v!;
      },
      allocateMany: async (list: readonly VariableAllocation[]): Promise<(VariableInstance | Error)[]> => {
        const nets = new Map<number, Error | null>();
        for (const a of list) {
          if (nets.has(a.netId)) continue;
          try { this.need(a.netId); nets.set(a.netId, null); } catch (e) { nets.set(a.netId, e as Error); }
        }
        const ok = list.filter((a) => nets.get(a.netId) === null);
        const slots = await this.inventory.allocateMany(ok);
        this.ensureCapacity();
        let j = 0;
        return list.map((a): VariableInstance | Error => {
          const refused = nets.get(a.netId);
          if (refused) return refused;
          const s = slots[j++]!;
          if (s instanceof Error) return s;
          // The allocated instance itself: never a discovered one of the same triplet.
          return this.inventory.findAllocated(a.netId, a.name, a.deviceId, a.index)
            ?? new AppError('UNKNOWN_DEVICE', `device ${a.deviceId} is not in the current generation of network ${a.netId}`);
        });
      },
      rebuild: async (netId: number): Promise<number> => {
        await this.need(netId).rebuildInventory();
        return this.inventory.instances(netId).length;
      },
      expireAllocated: (netId: number, staleOf: (slots: readonly number[]) => Promise<ReadonlySet<number>>): Promise<number> => {
        this.need(netId);
        return this.inventory.expireAllocated(netId, staleOf);
      },
    };
  }

  /**
   * A network's poller is `failing` (unhealthy) when it has devices and no cycle started in the last
   * three intervals, `degraded` (still healthy) when devices of it fail their polls, naming the
   * first few; discovery is `failing` after a failed run. The store component is storeComponent's.
   */
  health(): Health {
    const components: Record<string, ComponentHealth> = {};
    for (const n of this.networksById.values()) {
      const s = n.scheduler.stats;
      const polledRecently = s.lastCycleStartMs !== null && this.deps.nowMs() - s.lastCycleStartMs < 3 * n.net.pollIntervalMs;
      const hasDevices = this.inventory.plans(n.net.id).length > 0;
      const last = `${s.devicesPolled} polled, ${s.devicesFailed} failed in the last cycle`;
      // A device another collector of the site polls is its business (its state here is from before it moved).
      const failing = hasDevices ? n.health.states().filter((d) => d.failing && n.polls(d.deviceId)) : [];
      let poller: ComponentHealth;
      if (this.deps.central) poller = reportedPoller(n, this.deps.nowMs(), n.health.states().filter((d) => d.failing));
      else if (!hasDevices) poller = { healthy: true, status: 'ok', detail: 'no devices discovered yet' };
      else if (!polledRecently) poller = { healthy: false, status: 'failing', detail: `no poll cycle started in the last ${3 * n.net.pollIntervalMs / 1000}s; ${last}` };
      else if (failing.length > 0) poller = { healthy: true, status: 'degraded', detail: `${last}; ${failingDevicesText(failing)}` };
      else poller = { healthy: true, status: 'ok', detail: last };
      components[`network.${n.net.id}.poller`] = poller;
      const discoveryOk = n.lastDiscoveryError === '';
      const seeds = n.failingSeeds;
      components[`network.${n.net.id}.discovery`] = {
        healthy: discoveryOk, status: !discoveryOk ? 'failing' : seeds.length > 0 ? 'degraded' : 'ok',
        detail: [
          n.running ? `generation ${n.running.number} running` : n.lastDiscoveryError || `${n.log.count} generations`,
          ...(seeds.length > 0 ? [failingSeedsText(seeds)] : []),
        ].join('; '),
      };
    }
    const store = this.deps.series.status?.();
    const sc = storeComponent(store, `${this.inventory.slotCount} series slots`);
    components.store = { ...sc, status: sc.healthy ? 'ok' : 'failing' };
    const pool = this.deps.pool.stats?.();
    if (pool) components.workers = workersComponent(pool);
    const remote = this.deps.remote?.();
    if (remote) components.remote = remote.component;
    return { healthy: Object.values(components).every((c) => c.healthy), components, ...(store ? { store } : {}), ...(remote ? { remote: remote.status } : {}) };
  }

  private need(netId: number): NetworkMonitor {
    const n = this.networksById.get(netId);
    if (!n) throw new AppError('UNKNOWN_NETWORK', `network ${netId} is not configured`);
    return n;
  }

  private ensureCapacity(): void {
    const want = capacityFor(this.inventory.slotCount);
    if (want <= this.ringBuffer.capacity) return;
    this.ringBuffer = this.ringBuffer.grow(want);
    this.state = this.state.grow(want);
    for (const n of this.networksById.values()) n.reserve(want);
    this.deps.logger.info('slot buffers grown', { slots: want });
  }
}

/** Room for the assigned slots plus ~10% (new interfaces), in steps of MIN_SLOTS: no power-of-two overshoot. */
export function capacityFor(slots: number): number {
  return Math.max(MIN_SLOTS, Math.ceil((slots * 1.1) / MIN_SLOTS) * MIN_SLOTS);
}

/** How many devices fail their polls, and the first FAILING_NAMED of them: name (address): never answered or since when: why. */
function failingDevicesText(failing: readonly DevicePollState[]): string {
  const named = failing.slice(0, FAILING_NAMED).map((d) =>
    `${d.name} (${d.address}) ${d.summary ?? `since ${new Date(d.failingSinceMs!).toISOString()}: ${d.reason}`}`);
  const more = failing.length > FAILING_NAMED ? `; and ${failing.length - FAILING_NAMED} more` : '';
  return `${failing.length} device${failing.length === 1 ? '' : 's'} failing their polls: ${named.join('; ')}${more}`;
}
/** The seeds that did not answer the latest full run, the first FAILING_NAMED of them, with why. */
function failingSeedsText(seeds: readonly SeedFailure[]): string {
  const named = seeds.slice(0, FAILING_NAMED).map((f) => `${f.address}: ${f.reasonText} (${f.reason})`);
  const more = seeds.length > FAILING_NAMED ? `; and ${seeds.length - FAILING_NAMED} more` : '';
  return `${seeds.length} seed${seeds.length === 1 ? '' : 's'} did not answer the latest run: ${named.join('; ')}${more}`;
}

/** A central's network: failing when its collectors' grid steps stopped coming for three intervals. */
function reportedPoller(n: NetworkMonitor, nowMs: number, failing: readonly DevicePollState[]): ComponentHealth {
  const devices = n.devices.live().length;
  const last = n.lastStepMs;
  const failingText = failing.length > 0 ? `; ${failingDevicesText(failing)}` : '';
  if (last === null) return { healthy: true, status: devices > 0 ? 'degraded' : 'ok', detail: `${devices} devices reported by collectors; no grid step from them yet${failingText}` };
  const detail = `${devices} devices reported by collectors; the newest grid step from them is ${Math.round((nowMs - last) / 1000)}s old${failingText}`;
  if (nowMs - last > 3 * n.net.pollIntervalMs) return { healthy: false, status: 'failing', detail };
  return { healthy: true, status: failing.length > 0 ? 'degraded' : 'ok', detail };
}

/** The worker pool: failing with no thread alive, degraded while some are missing (piscina restarts them). */
function workersComponent(p: PoolStats): ComponentHealth {
  const detail = `${p.threadsAlive} of ${p.threads} worker threads alive, ${p.queued} tasks queued, ${p.completed} completed`;
  if (p.threadsAlive === 0) return { healthy: false, status: 'failing', detail };
  if (p.threadsAlive < p.threads) return { healthy: true, status: 'degraded', detail };
  return { healthy: true, status: 'ok', detail };
}

/** Devices named in a degraded poller's detail (the status call lists more). */
const FAILING_NAMED = 5;

function summary(n: NetworkMonitor): NetworkSummary {
  const c = n.net;
  return { id: c.id, name: c.name, pollIntervalMs: c.pollIntervalMs, discoveryIntervalMs: c.discoveryIntervalMs, seeds: c.seeds, ranges: c.ranges };
}

function infoOf(i: GenerationInfo | null) {
  return i ? { number: i.number, status: i.status, startedAtMs: i.startedAtMs, completedAtMs: i.completedAtMs, devices: i.devices, links: i.links } : null;
}

/** The device without how it is polled (credentials are never shown). */
function publicDevice(d: Device): Device {
  const { poll: _poll, ...rest } = d;
  return rest as Device;
}
