import type { Generation } from '../types.js';

/**
 * The networks port: what the collector tells about each configured network, its discovery
 * generations and its polling. Implemented by the collector (collector/monitor.ts); read by
 * services. Plain data in core types only, so that a remote collector can implement it too.
 */

export interface NetworkSummary {
  readonly id: number;
  readonly name: string;
  readonly pollIntervalMs: number;
  readonly discoveryIntervalMs: number;
  readonly seeds: readonly string[];
  readonly ranges: readonly { readonly cidr: string; readonly sweep: boolean }[];
}

export interface GenerationSummary {
  readonly number: number;
  readonly status: 'running' | 'completed' | 'failed';
  readonly startedAtMs: number;
  readonly completedAtMs: number | null;
  readonly devices: number;
  readonly links: number;
}

export interface DiscoveryStatus {
  /** The generation being built now, with progress, or null. */
  readonly running: (GenerationSummary & { readonly probed: number; readonly queued: number }) | null;
  /** The latest completed generation, or null before the first completes. */
  readonly latest: GenerationSummary | null;
  readonly generations: number;
  /** The seeds that did not answer the latest full run, with why (absent: none, or an implementation that predates it). */
  readonly failingSeeds?: readonly SeedFailure[];
}

export interface PollStatus {
  readonly cycles: number;
  readonly lastCycleStartMs: number | null;
  readonly lastCycleDurationMs: number | null;
  readonly devicesPolled: number;
  readonly devicesFailed: number;
  readonly variables: number;
}

/** docs/api.md "Generation selection": at most one field; none selects the latest completed generation. */
export interface GenerationSelector {
  readonly timestampMs?: number;
  readonly generation?: number;
}

export interface DiscoveryStart {
  readonly started: boolean;
  /** The generation started; when none started, the running one or (refused as too soon) the last started. */
  readonly generation: number;
  readonly message: string;
  /**
   * Present only when the start was refused because the network's last start is less than its
   * `discoveryMinInterval` ago: the time (ms since the epoch) from which a start is accepted.
   */
  readonly nextStartAtMs?: number;
}

/**
 * Whether a device is monitored as it should be: `neverAnswered` (listed and polled, but it has never
 * answered SNMP: no discovery record yet), `unreachable` (it answered before; its polls fail now),
 * `answering` (its latest poll, or the discovery that made its record, answered).
 */
export type Reachability = 'neverAnswered' | 'unreachable' | 'answering';

/**
 * Why a poll or a probe got no usable answer, by kind (collector/polling/poll-reason.ts): `timeout`
 * (no answer at all: the device is down, or it drops what it is sent — with SNMP v2c a wrong
 * community or an ACL looks exactly like this), `credentials` (the agent refused the v3 user or
 * the community), `noRoute`, `refused` (nothing listens on the port), `agentError` (the agent
 * answered with an error, or without the system group), `unresolved` (a DNS name that does not
 * resolve), `other`.
 */
export type FailureKind = 'timeout' | 'credentials' | 'noRoute' | 'refused' | 'agentError' | 'unresolved' | 'other';

/** A seed of a network that did not answer the latest full discovery run. */
export interface SeedFailure {
  readonly address: string;
  /** The probe's error text (e.g. `127.1.0.9:161: Request timed out`). */
  readonly reason: string;
  readonly reasonKind: FailureKind;
  /** The reason in words (what the kind means). */
  readonly reasonText: string;
}

/**
 * One device's poll state (collector/polling/device-health.ts). A device is failing from its first
 * failed poll (timeout and retries spent, or an error answer) until its next answered one; a poll
 * skipped because the previous one still runs is not a failure. Neither failing nor ever answered
 * (`lastSuccessMs` null): not polled yet since the collector started (unknown).
 */
export interface DevicePollState {
  readonly deviceId: number;
  readonly name: string;
  readonly address: string;
  readonly failing: boolean;
  /** Failed polls in a row (0 while the device answers). */
  readonly consecutiveFailures: number;
  /** The first failed poll of the current run of failures (ms since the epoch), or null. */
  readonly failingSinceMs: number | null;
  /** The latest failed poll's error text (e.g. `127.1.0.3:1161: Request timed out`), '' while the device answers. */
  readonly reason: string;
  /** The latest answered poll (ms since the epoch), or null when none since the collector started. */
  readonly lastSuccessMs: number | null;
  /**
   * Absent in implementations that predate it. A device that never answered is failing from the
   * moment it is listed (failingSinceMs: then), whether or not a poll failed yet.
   */
  readonly reachability?: Reachability;
  /** The kind of `reason`; null while the device answers (or before its first failure). */
  readonly reasonKind?: FailureKind | null;
  /** One line for people: `never answered: …`, `unreachable since <ISO time>: …`, `answering`. */
  readonly summary?: string;
  /**
   * `mode: collector`: the collector of the site that polls the device (its name), null while no
   * live collector has it; absent on a standalone server.
   */
  readonly polledBy?: string | null;
}

/**
 * `ok`: works; `degraded`: works, with something to look at (e.g. devices that do not answer their
 * polls); `failing`: does not do its job (no poll cycle lately, store writes failing).
 */
export type HealthStatus = 'ok' | 'degraded' | 'failing';

export interface ComponentHealth {
  /** False only when `status` is `failing` (a degraded component is still healthy). */
  readonly healthy: boolean;
  readonly detail: string;
  /** Absent in implementations that predate it: read as `ok` when healthy, else `failing`. */
  readonly status?: HealthStatus;
}

/**
 * The store's write state, for the healthcheck and the metrics: whether writes reach the disk, and
 * what the series store holds in memory meanwhile (store/series/lmdb-series.ts).
 */
export interface StoreStatus {
  /** False while the latest write to the store failed (file system full, I/O error). */
  readonly writable: boolean;
  /** Why writes fail ('' while writable), e.g. `no space left on the file system of ./data (0 bytes free)`. */
  readonly reason: string;
  /** When writes started failing (ms since the epoch), or null while writable. */
  readonly failingSinceMs: number | null;
  /** Write transactions that failed since start (each retry counts). */
  readonly failedWrites: number;
  /** Points appended to the series store and not yet on disk (held in memory until a flush succeeds). */
  readonly unwrittenPoints: number;
  /** The bound on `unwrittenPoints` while writes fail: past it, appended points are dropped. */
  readonly maxUnwrittenPoints: number;
  /** Points dropped since start because writes failed and the bound was reached. */
  readonly droppedPoints: number;
  /** Free bytes of the file system holding the data directory (for the server's user), or null when unknown. */
  readonly freeBytes: number | null;
}

export interface Health {
  readonly healthy: boolean;
  readonly components: Readonly<Record<string, ComponentHealth>>;
  /** The store's figures (also summed up in `components.store`), when the store reports them. */
  readonly store?: StoreStatus;
  /** What a collector (`mode: collector`) sent to its site (also summed up in `components.remote`). */
  readonly remote?: RemoteStatus;
}

/** A collector's publishing to the NATS server at its site, since start (docs/scale-out.md). */
export interface RemoteStatus {
  readonly connected: boolean;
  /** Points and batches the site's server stored. */
  readonly points: number;
  readonly batches: number;
  /** Points gathered or sealed and not yet stored; points dropped because too many waited. */
  readonly bufferedPoints: number;
  readonly droppedPoints: number;
  /** Publishes tried again; batches the server already had (a publish again after a lost answer). */
  readonly retries: number;
  readonly duplicates: number;
  /** `mode: central`: what it takes from its collectors (then `points` and `batches` count what it wrote). */
  readonly central?: CentralIngestStatus;
  /** Bytes of the batches not yet stored; how long the oldest of them has waited (ms). */
  readonly bufferedBytes?: number;
  readonly lagMs?: number;
  /** Devices this collector polls now (the site's live collectors share them). */
  readonly polledDevices?: number;
  /** The site's collectors as their heartbeats say (this one too), live or not yet aged out. */
  readonly collectors?: readonly SiteCollector[];
}

/** One collector of the site, from its newest heartbeat (docs/scale-out.md "Device assignment"). */
export interface SiteCollector {
  readonly collector: string;
  readonly live: boolean;
  /** How old its newest heartbeat is (ms). */
  readonly ageMs: number;
  /** Its healthcheck's status (`ok`, `degraded`, `failing`). */
  readonly health: string;
  readonly lagMs: number;
  readonly bufferedBytes: number;
  /** Devices it polls; per network id, the devices it has. */
  readonly polled: number;
  readonly networks: Readonly<Record<string, number>>;
}

/** What a central (`mode: central`) took from its collectors. */
export interface CentralIngestStatus {
  /** Batches waiting for an inventory that names their devices. */
  readonly held: number;
  /** Points whose slot names nothing here; points more than 60 s ahead of the central's clock; batches that did not decode. */
  readonly unmapped: number;
  readonly future: number;
  readonly malformed: number;
  /** Inventories taken (devices of a network reported by a collector). */
  readonly inventories: number;
  readonly collectors: readonly RemoteCollectorStatus[];
}

/** One collector as its central sees it. */
export interface RemoteCollectorStatus {
  readonly collector: string;
  readonly batches: number;
  readonly points: number;
  /** Batches that came again (not acknowledged in time, or the engine restarted). */
  readonly redelivered: number;
  /** Its clock minus the engine's when its last batch was stored (ms; positive: ahead). */
  readonly skewMs: number;
  /** The newest grid time written from it, and when its last batch was written (ms since the epoch). */
  readonly newestGridMs: number;
  readonly lastWrittenAtMs: number;
}

export interface NetworksPort {
  list(): readonly NetworkSummary[];
  /** The network, or undefined when it is not configured. */
  get(netId: number): NetworkSummary | undefined;
  /** Throws AppError UNKNOWN_NETWORK for a network that is not configured (as every per-network call below). */
  discoveryStatus(netId: number): DiscoveryStatus;
  /**
   * Starts a discovery run unless one is running or the network's last start is less than its
   * `discoveryMinInterval` ago (then `started` is false and `nextStartAtMs` says when); never throws
   * for a known network. `user`: who asked (the run's task names them; default `api`).
   */
  startDiscovery(netId: number, user?: string): DiscoveryStart;
  /**
   * Selection rules of docs/api.md "Generation selection". With no selection, the latest completed generation as the
   * inventory stands now (devices added, removed, blocked or re-tagged since it was saved shown as
   * polled; collector/monitor.ts); an explicit generation or timestamp answers its stored record.
   * Returns null when no discovery has completed yet (and none was
   * asked for explicitly); throws AppError UNKNOWN_GENERATION for an explicit generation or
   * timestamp that selects nothing. Devices carry no `poll` field (credentials never leave).
   */
  generation(netId: number, sel: GenerationSelector): Generation | null;
  /** Every kept generation of the network (any status), oldest first (the legacy `generations` list). */
  generations(netId: number): readonly GenerationSummary[];
  pollStatus(netId: number): PollStatus;
  /** The poll state of every device of the network's current generation, by device id. */
  deviceStates(netId: number): readonly DevicePollState[];
  /** Health of the collector's parts (pollers, discovery, store). */
  health(): Health;
  /**
   * Re-orders the network's poll dispatch longest-first: from the next cycle on, devices start in
   * the order of their last poll's duration, slowest first (devices never polled yet first of all,
   * as their time is unknown). With polls in flight bounded (`snmp.maxInFlight`), starting the long
   * ones first keeps them from being the tail of the cycle. Throws UNKNOWN_NETWORK. Optional: a
   * collector that does not order its polls lacks it (the action then answers NOT_IMPLEMENTED).
   */
  rebalance?(netId: number): PollOrder;
}

/** What `rebalance` did. */
export interface PollOrder {
  /** Devices in the new order. */
  readonly devices: number;
  /** Of them, those with a measured last poll. */
  readonly measured: number;
  /** The first ten of the new order with their last poll's duration (null: not polled yet). */
  readonly first: readonly { readonly deviceId: number; readonly lastPollMs: number | null }[];
}
