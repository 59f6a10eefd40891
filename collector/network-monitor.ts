import type { NetworkConfig } from '../core/config-schema.js';
import type { Logger } from '../core/logger.js';
import type { DiscoveryStart, PollOrder, SeedFailure } from '../core/ports/networks.js';
import { isPlaceholder } from './devices/registry-entry.js';
import { isIpAddress } from '../core/host-name.js';
import { failureKind, failureWords, withAddress } from './polling/poll-reason.js';
import type { Device, Generation } from '../core/types.js';
import type { TasksPort } from '../core/ports/tasks.js';
import { NetworkDevices } from './devices/network-devices.js';
import { systemResolver, type Resolver } from './devices/resolve-address.js';
import type { MetaStore } from '../store/meta/meta.js';
import type { SeriesStore } from '../store/series/series.js';
import type { PlanHandle, PollResult } from '../workers/index.js';
import type { TaskHandle } from '../core/ports/tasks.js';
import { DeviceIds } from './discovery/device-ids.js';
import type { EventHub } from './events.js';
import { discoverNetwork, type DiscoveryProgress } from './discovery/discovery-run.js';
import { GenerationLog } from './discovery/generations.js';
import type { Inventory } from './inventory/inventory.js';
import { resolveTopology } from './discovery/links.js';
import type { ProfileSet } from './discovery/profiles.js';
import type { WorkerPool } from './pool.js';
import { DeviceHealth, type PollOutcome } from './polling/device-health.js';
import { PollScheduler, type CycleStats } from './polling/scheduler.js';
import { SeriesWriter, type StepSink } from './polling/series-writer.js';

interface NetworkDeps {
  readonly pool: WorkerPool;
  readonly meta: MetaStore;
  /** Where its grid steps go. */
  readonly steps: StepSink;
  readonly inventory: Inventory;
  readonly nowMs: () => number;
  readonly logger: Logger;
  readonly events: EventHub;
  /** Polls one device (the monitor adds the shared ring and state buffers). */
  readonly poll: (plan: PlanHandle) => Promise<PollResult>;
  /** The device profiles in force (built-in and `profilesDir`; replaced by a config reload). */
  readonly profiles: () => ProfileSet;
  /** Called after the inventory changed (the monitor grows its buffers). */
  readonly onInventoryChanged: () => void;
  /** Called with the live devices each time they are planned again (a generation, submissions, a rebuild). */
  readonly onDevicesAdopted?: (devices: readonly Device[]) => void;
  readonly tasks: TasksPort;
  /** DNS names of seeds and declared devices (default: the system resolver). */
  readonly resolve?: Resolver;
  /**
   * `mode: central`: the network's devices and points come from its collectors (adoptReported and
   * the central's ingest): it neither discovers nor polls.
   */
  readonly fed?: boolean;
  /**
   * `mode: collector` with several collectors at a site: the devices are assigned, and the network
   * polls none of them until `setPolled` names those it polls (remote/collector-assignment.ts).
   */
  readonly assigned?: boolean;
}

/** How long stop() waits for polls and probes in flight (a probe is bounded by the SNMP timeout × tries). */
const STOP_WAIT_MS = 15_000;

interface RunningDiscovery { number: number; startedAtMs: number; progress: DiscoveryProgress }

/** One monitored network: its discovery generations, its poll scheduler and its series writer. */
export class NetworkMonitor {
  readonly log: GenerationLog;
  readonly scheduler: PollScheduler<PlanHandle>;
  /** Every device's poll state (failing since, why, last success). */
  readonly health: DeviceHealth;
  private readonly writer: SeriesWriter;
  private readonly ids: DeviceIds;
  private discoveryTimer: NodeJS.Timeout | null = null;
  private readonly discoveryAbort = new AbortController();
  running: RunningDiscovery | null = null;
  lastDiscoveryError = '';
  /** The seeds that did not answer the latest full run, with why (the healthcheck and the status name them). */
  failingSeeds: readonly SeedFailure[] = [];
  /** The managed devices: registry, blocked list, submissions, external tags; what is polled. */
  readonly devices: NetworkDevices;
  /** Scheduled discovery and the submission queue are paused (DevicesPort.pause). */
  paused = false;

  /** What a config reload hands from this network's previous monitor (see `constructor`'s `previous`). */
  private readonly resume: Parameters<PollScheduler<PlanHandle>['start']>[0];

  /**
   * `previous`: the stopped monitor of the same network that this one replaces (a config reload
   * changed its settings). Its series writer goes on here (moved onto the new grid when the interval
   * changed), so each slot's interpolation carry stays and no grid step is lost to the restart; its
   * scheduler's grid position and figures carry over (PollScheduler.start's `resume`).
   */
  constructor(readonly net: NetworkConfig, private readonly deps: NetworkDeps, previous?: NetworkMonitor) {
    this.log = GenerationLog.open(deps.meta, net.id);
    this.ids = new DeviceIds(deps.meta);
    this.devices = new NetworkDevices(net, {
      meta: deps.meta, pool: deps.pool, ids: this.ids, tasks: deps.tasks, logger: deps.logger.child(`devices:${net.id}`), nowMs: deps.nowMs,
      resolve: deps.resolve ?? systemResolver,
      profiles: deps.profiles,
      variables: () => deps.inventory.variables,
      apply: () => this.adoptLive(),
      snapshot: () => this.snapshot(),
      latestDevices: () => { const l = this.log.latestCompleted(); return l ? this.log.get(l.number)?.devices ?? [] : []; },
      onProbeFailed: (id, error) => this.health.noteProbeFailure(id, error),
      ...(deps.fed ? { reportedOnly: true } : {}),
    });
    deps.inventory.setRecords(net.id, (id) => this.devices.recordOf(id));
    if (previous) {
      this.writer = previous.writer;
      this.writer.setInterval(net.pollIntervalMs);
      this.resume = { intervalMs: previous.net.pollIntervalMs, lastGridMs: previous.scheduler.lastGridMs, stats: { ...previous.scheduler.stats } };
    } else {
      this.writer = new SeriesWriter(deps.steps, net.pollIntervalMs);
      this.resume = undefined;
    }
    this.health = new DeviceHealth({ networkId: net.id, networkName: net.name, logger: deps.logger.child(`poll:${net.id}`), nowMs: deps.nowMs });
    this.scheduler = new PollScheduler({
      intervalMs: net.pollIntervalMs,
      plans: () => this.duePlans(),
      poll: async (plan) => {
        const r = await deps.poll(plan);
        this.lastPollMs.set(plan.deviceId, r.durationMs);
        return r;
      },
      accept: (r) => this.writer.accept(r),
      onPolled: (plan, outcome, gridMs) => this.polled(plan.deviceId, outcome, gridMs),
      onCycleDone: (s) => this.announceCycle(s),
      nowMs: deps.nowMs,
      logger: deps.logger.child(`poll:${net.id}`),
    });
  }

  /**
   * One device's poll outcome: its poll state, and its `reachable` value at its cycle's grid time
   * (the scheduler's `gridMs`).
   * The value is written here rather than polled: it exists precisely when the poll got no answer.
   * It goes through the series writer (the single owner of the network's appends) so that the
   * cycle's GridStepWritten, sent after every poll of the cycle ended, counts it in `points`.
   */
  private polled(deviceId: number, outcome: PollOutcome, gridMs: number): void {
    // A device that never answered answers its poll: probed now, to make its record (interfaces, identity).
    const st = this.health.state(deviceId);
    if (outcome.ok && st?.reachability === 'neverAnswered') this.devices.reprobe(deviceId);
    // A declared DNS name that never resolved is polled by name, which cannot answer: say why.
    const unresolved = !outcome.ok && st?.reachability === 'neverAnswered' && !isIpAddress(st.address);
    this.health.record(deviceId, unresolved
      ? { ok: false, error: `${st.address}: the DNS name does not resolve (not resolved by any discovery yet; polled by name: ${outcome.error})` }
      : outcome);
    const slot = this.deps.inventory.reachableSlot(this.net.id, deviceId);
    if (slot >= 0) this.writer.markReachable(slot, gridMs, outcome.ok ? 1 : 0);
  }

  /** Each device's last poll duration (ms), for `rebalance`. */
  private readonly lastPollMs = new Map<number, number>();
  /** Dispatch rank by device id from the last `rebalance` (null: the inventory's order). */
  private rank: Map<number, number> | null = null;
  /** The inventory's plans array the ordered copy was made from, and the copy. */
  private orderedFrom: readonly PlanHandle[] | null = null;
  private ordered: readonly PlanHandle[] = [];

  /** The devices this collector polls (null: all of them; see NetworkDeps.assigned). */
  private assignedIds: ReadonlySet<number> | null = null;
  /** The plans array and polled set the filtered copy was made from, and the copy. */
  private polledFrom: { plans: readonly PlanHandle[]; polled: ReadonlySet<number> } | null = null;
  private polledPlans: readonly PlanHandle[] = [];

  /** Whether this collector polls the device (always, unless the devices are assigned: NetworkDeps.assigned). */
  polls(deviceId: number): boolean {
    return !this.deps.assigned || (this.assignedIds?.has(deviceId) ?? false);
  }

  /** The devices this collector polls from the next cycle on (the others are polled by other collectors). */
  setPolled(deviceIds: ReadonlySet<number>): void {
    this.assignedIds = deviceIds;
  }

  /** The plans in dispatch order, only of the devices this collector polls when they are assigned. */
  private duePlans(): readonly PlanHandle[] {
    const plans = this.orderedPlans();
    if (!this.deps.assigned) return plans;
    const polled = this.assignedIds;
    if (polled === null) return [];
    if (this.polledFrom?.plans !== plans || this.polledFrom.polled !== polled) {
      this.polledPlans = plans.filter((p) => polled.has(p.deviceId));
      this.polledFrom = { plans, polled };
    }
    return this.polledPlans;
  }

  /** The plans in dispatch order: the inventory's, sorted by `rank` once per plans array. */
  private orderedPlans(): readonly PlanHandle[] {
    const plans = this.deps.inventory.plans(this.net.id);
    const rank = this.rank;
    if (rank === null) return plans;
    if (plans !== this.orderedFrom) {
      // devices added since the rebalance (no rank) go first: their duration is unknown
      this.ordered = [...plans].sort((a, b) => (rank.get(a.deviceId) ?? -1) - (rank.get(b.deviceId) ?? -1));
      this.orderedFrom = plans;
    }
    return this.ordered;
  }

  /** NetworksPort.rebalance: longest-first dispatch from the last poll durations. */
  rebalance(): PollOrder {
    const plans = this.deps.inventory.plans(this.net.id);
    const last = (id: number): number => this.lastPollMs.get(id) ?? Infinity;
    const order = plans.map((p) => p.deviceId).sort((a, b) => last(b) - last(a));
    const present = new Set(order);
    for (const id of this.lastPollMs.keys()) if (!present.has(id)) this.lastPollMs.delete(id); // removed devices
    this.rank = new Map(order.map((id, i) => [id, i]));
    this.orderedFrom = null;
    const measured = order.filter((id) => this.lastPollMs.has(id)).length;
    this.deps.logger.info('poll dispatch rebalanced: slowest devices first', { network: this.net.id, devices: order.length, measured });
    return {
      devices: order.length, measured,
      first: order.slice(0, 10).map((deviceId) => ({ deviceId, lastPollMs: this.lastPollMs.get(deviceId) ?? null })),
    };
  }

  private announceCycle(s: Readonly<CycleStats>): void {
    const networkId = this.net.id;
    this.deps.events.emitCycleDone({
      networkId, cycleStartMs: s.lastCycleStartMs!, durationMs: s.lastCycleDurationMs!,
      devicesPolled: s.devicesPolled, devicesFailed: s.devicesFailed, devicesSkipped: s.devicesSkipped, varbinds: s.varbinds,
    });
    this.writer.flushPending();
    const w = this.writer.takeWritten();
    if (w.points > 0) this.deps.events.emitGridStepWritten({ networkId, gridTsMs: w.gridTsMs, points: w.points });
  }

  /** Sizes the per-slot interpolation state for `capacity` slots. */
  reserve(capacity: number): void { this.writer.reserve(capacity); }

  /**
   * Loads the device registry (the latest generation's devices for a data directory of an earlier
   * version) and polls its live inventory, starts polling, and discovers now (if never done) and
   * every interval.
   */
  async start(): Promise<void> {
    // The periodic discovery counts from the last full run (incremental snapshots do not postpone it).
    const latest = this.log.latestFullCompleted();
    await this.devices.open();
    await this.adoptLive();
    if (this.deps.fed) return;
    this.scheduler.start(this.resume);
    void this.pruneGenerations();
    const sinceMs = latest?.completedAtMs ? this.deps.nowMs() - latest.completedAtMs : Infinity;
    const firstInMs = sinceMs >= this.net.discoveryIntervalMs ? 0 : this.net.discoveryIntervalMs - sinceMs;
    const loop = (delayMs: number) => {
      this.discoveryTimer = setTimeout(() => {
        if (this.paused) this.deps.logger.info('scheduled discovery skipped: discovery is paused', { network: this.net.id });
        else this.startDiscovery('schedule');
        loop(this.net.discoveryIntervalMs);
      }, delayMs);
      this.discoveryTimer.unref?.();
    };
    loop(firstInMs);
  }

  /**
   * Stops polling and discovery, then waits for their tasks in flight (bounded by STOP_WAIT_MS): a worker
   * must not be terminated while its socket is receiving.
   */
  async stop(): Promise<void> {
    this.scheduler.stop();
    if (this.discoveryTimer) clearTimeout(this.discoveryTimer);
    this.discoveryAbort.abort();
    await this.devices.stop();
    const idle = await this.scheduler.idle(STOP_WAIT_MS);
    const end = Date.now() + STOP_WAIT_MS;
    while (this.running && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    await this.pruned;
    // A rebuild of the inventory under way ends before a new monitor of this network (a reload) rebuilds it.
    await Promise.race([this.adopting, new Promise((r) => setTimeout(r, Math.max(0, end - Date.now())).unref?.())]);
    if (!idle || this.running) this.deps.logger.warn('stopping with SNMP tasks still in flight', { network: this.net.id });
  }

  /**
   * Starts a discovery generation unless one is running, or (a start asked through the API, `origin`
   * 'api') unless the network's last start was less than `discoveryMinIntervalMs` ago: then nothing
   * starts and the answer names the generation last started and when the next start will be accepted
   * (`nextStartAtMs`). Scheduled starts (`origin` 'schedule') are not limited. Never throws.
   */
  startDiscovery(origin: 'api' | 'schedule' = 'api', user: string = origin): DiscoveryStart {
    if (this.discoveryAbort.signal.aborted) return { started: false, generation: this.log.nextNumber, message: 'the collector is stopping' };
    if (this.running) return { started: false, generation: this.running.number, message: `discovery generation ${this.running.number} is already running` };
    if (this.deps.fed) return { started: false, generation: this.log.nextNumber, message: `network ${this.net.id} is discovered by its collectors (this server runs as a central)` };
    const nowMs = this.deps.nowMs();
    const last = this.log.latestFull();
    const minMs = this.net.discoveryMinIntervalMs;
    // A clock set back (now before the last start) does not hold starts back until it catches up.
    if (origin === 'api' && last && minMs > 0 && nowMs >= last.startedAtMs && nowMs - last.startedAtMs < minMs) {
      const nextStartAtMs = last.startedAtMs + minMs;
      this.deps.logger.debug('discovery start refused: too soon after the last one', { network: this.net.id, generation: last.number, nextStartAtMs });
      return {
        started: false, generation: last.number, nextStartAtMs,
        message: `discovery generation ${last.number} of network ${this.net.id} started at ${new Date(last.startedAtMs).toISOString()}; `
          + `starts are at least ${minMs / 1000}s apart (discoveryMinInterval): the next may start at ${new Date(nextStartAtMs).toISOString()} (in ${Math.ceil((nextStartAtMs - nowMs) / 1000)}s)`,
      };
    }
    const number = this.log.reserveNumber();
    this.running = { number, startedAtMs: nowMs, progress: { probed: 0, queued: 0, found: 0 } };
    const task = this.deps.tasks.begin(this.net.id, 'discovery', `discovery generation ${number}`, user);
    this.discover(this.running, task).then(() => task.complete({ generation: number }), (e) => {
      task.fail((e as Error).message);
      this.lastDiscoveryError = (e as Error).message;
      this.deps.logger.error('discovery failed', { network: this.net.id, generation: number, error: this.lastDiscoveryError });
    }).finally(() => {
      this.running = null;
      this.pruneGenerations();
    });
    return { started: true, generation: number, message: `discovery generation ${number} started` };
  }

  /**
   * Removes, in the background, the generations the network's retention policy does not keep
   * (GenerationLog.prune); failures are logged, never thrown. Resolves when this prune is done.
   */
  pruneGenerations(): Promise<void> {
    const policy = { keepLast: this.net.keepGenerations, keepForMs: this.net.keepGenerationsForMs };
    const p = this.log.prune(policy, this.deps.nowMs(), this.running?.number ?? null).then((removed) => {
      if (removed > 0) {
        this.deps.logger.info('discovery generations pruned', {
          network: this.net.id, removed, kept: this.log.count, oldestKept: this.log.all()[0]?.number ?? 0,
        });
      }
    }, (e: Error) => {
      this.deps.logger.warn('pruning discovery generations failed; they stay until the next try', { network: this.net.id, error: e.message });
    });
    this.pruned = this.pruned.then(() => p);
    return p;
  }
  /** Every prune started so far (stop() waits for them before the store may close). */
  private pruned: Promise<void> = Promise.resolve();

  /**
   * One full discovery run: probes the seeds, the declared devices, every known device's address and
   * the neighbours found (never a blocked address), merges what answered into the device registry
   * (known devices that do not answer stay, marked unreachable), and saves the live inventory as the
   * run's generation. DNS names that do not resolve are errors of the generation.
   */
  private async discover(run: RunningDiscovery, task: TaskHandle): Promise<void> {
    const logger = this.deps.logger.child(`discovery:${this.net.id}`);
    logger.info('discovery started', { generation: run.number, seeds: this.net.seeds.join(','), known: this.devices.live().length });
    task.start();
    const base: Generation = { networkId: this.net.id, number: run.number, status: 'running', startedAtMs: run.startedAtMs, completedAtMs: null, devices: [], links: [], errors: [] };
    await this.log.save(base);
    try {
      const plan = await this.devices.planRun();
      for (const e of plan.errors) task.error(e);
      const found = await discoverNetwork({
        net: this.net, pool: this.deps.pool, logger, nowMs: this.deps.nowMs, signal: this.discoveryAbort.signal,
        seeds: plan.seeds, targets: plan.targets, isBlocked: (a) => this.devices.isBlocked(a), profiles: this.deps.profiles(), variables: this.deps.inventory.variables,
        onProgress: (p) => {
          run.progress = { ...p };
          const all = p.probed + p.queued;
          task.progress(all > 0 ? (100 * p.probed) / all : 0, `${p.probed} of ${all} addresses probed, ${p.found} devices`);
        },
        onProbeFailed: (address, error) => task.error(`${address}: ${error}`),
      });
      const devices = await this.devices.mergeRun(plan, found, (items) => this.ids.idsFor(this.net.id, items));
      this.noteSeeds(plan.seeds, found.failed, logger);
      const { links, externalNeighbors } = resolveTopology(devices);
      const errors = [...plan.errors, ...found.errors].slice(0, 1000);
      const done: Generation = { ...base, status: 'completed', completedAtMs: this.deps.nowMs(), devices, links, externalNeighbors, errors, kind: 'full' };
      await this.log.save(done);
      await this.adoptLive();
      // Take the first counter readings at once rather than at the next grid tick.
      if (this.scheduler.stats.cycles === 0) void this.scheduler.cycle();
      logger.info('discovery completed', {
        generation: run.number, devices: devices.length, links: links.length, unreachable: found.errors.length,
        neverAnswered: devices.filter(isPlaceholder).length, failingSeeds: this.failingSeeds.map((f) => f.address).join(','),
        durationMs: done.completedAtMs! - run.startedAtMs,
      });
    } catch (e) {
      await this.log.save({ ...base, status: 'failed', completedAtMs: this.deps.nowMs(), errors: [(e as Error).message] });
      throw e;
    }
  }

  /**
   * The seeds of a full run that did not answer: kept for the healthcheck and the status, and each
   * logged as a warning with its reason (a seed that does not answer may leave the whole network
   * undiscovered; the run's own line only counts them).
   */
  private noteSeeds(seeds: readonly string[], failed: ReadonlyMap<string, string>, logger: NetworkDeps['logger']): void {
    const out: SeedFailure[] = [];
    for (const address of seeds) {
      const reason = failed.get(address);
      if (reason === undefined) continue;
      const reasonKind = failureKind(reason);
      out.push({ address, reason: withAddress(address, reason), reasonKind, reasonText: failureWords(reasonKind) });
      logger.warn('seed did not answer discovery', { network: this.net.id, address, reason, reasonKind, reasonText: failureWords(reasonKind) });
    }
    this.failingSeeds = out;
  }

  /**
   * A central's network: the devices its collectors report (under the central's ids) become its
   * devices, saved as a generation of kind 'full' with the links between them, and planned (their
   * variables get the central's slots). One after the other, as the collectors' inventories come.
   */
  adoptReported(devices: readonly Device[]): Promise<void> {
    const next = this.reported.then(async () => {
      const live = await this.devices.mergeReported(devices);
      const nowMs = this.deps.nowMs();
      const number = this.log.reserveNumber();
      const { links, externalNeighbors } = resolveTopology([...live]);
      await this.log.save({ networkId: this.net.id, number, status: 'completed', startedAtMs: nowMs, completedAtMs: nowMs, devices: [...live], links, externalNeighbors, errors: [], kind: 'full' });
      await this.adoptLive();
      void this.pruneGenerations();
    });
    this.reported = next.catch(() => undefined);
    return next;
  }
  private reported: Promise<unknown> = Promise.resolve();
  /** A central's network: the newest grid step its collectors' points were written at (null: none yet). */
  lastStepMs: number | null = null;

  /** Announces a grid step written by the central's ingest (the alert rules and derived variables act on it). */
  announceStep(gridTsMs: number, points: number): void {
    if (this.lastStepMs === null || gridTsMs > this.lastStepMs) this.lastStepMs = gridTsMs;
    this.deps.events.emitGridStepWritten({ networkId: this.net.id, gridTsMs, points });
  }

  /** Plans every live device again (the operator's SNMP variables changed: Monitor.setVariables). */
  replan(): Promise<void> { return this.adoptLive(); }

  /**
   * Polls the live inventory (the device registry's devices that are polled). Rebuilds run one after
   * the other (two at once could give a new variable two slots), each from the live devices when it starts.
   */
  private adoptLive(): Promise<void> {
    const next = this.adopting.then(async () => {
      const devices = this.devices.live();
      await this.deps.inventory.rebuild(this.net, { devices });
      this.health.setDevices(devices.map((d) => ({ id: d.id, name: d.name, address: d.address, neverAnswered: isPlaceholder(d) })));
      this.writer.setKinds(this.deps.inventory.kinds());
      this.deps.onInventoryChanged();
      this.deps.onDevicesAdopted?.(devices);
    });
    this.adopting = next.catch(() => undefined);
    return next;
  }
  private adopting: Promise<void> = Promise.resolve();

  /** Rebuilds the variables and poll plans from the live devices now (the make/variables action). */
  rebuildInventory(): Promise<void> {
    this.deps.logger.info('inventory rebuilt on request', { network: this.net.id });
    return this.adoptLive();
  }

  /**
   * Saves the live inventory as a generation of kind 'incremental' (after submissions, or asked by
   * new_generation); resolves with its number.
   */
  snapshot(): Promise<number> {
    const next = this.snapshots.then(async () => {
      const nowMs = this.deps.nowMs();
      const number = this.log.reserveNumber();
      const devices: Device[] = [...this.devices.live()];
      const { links, externalNeighbors } = resolveTopology(devices);
      await this.log.save({ networkId: this.net.id, number, status: 'completed', startedAtMs: nowMs, completedAtMs: nowMs, devices, links, externalNeighbors, errors: [], kind: 'incremental' });
      return number;
    });
    this.snapshots = next.catch(() => undefined);
    // Incremental generations count against the retention policy like runs (a trickle of submissions makes many).
    void next.then(() => this.pruneGenerations(), () => undefined);
    return next;
  }
  /** Snapshots one after the other (each takes the next number once the previous is listed). */
  private snapshots: Promise<unknown> = Promise.resolve();
}
