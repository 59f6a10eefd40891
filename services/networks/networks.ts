import { AppError } from '../../core/errors.js';
import type {
  ComponentHealth, DevicePollState, DiscoveryStatus, FailureKind, Health, HealthStatus, NetworkSummary, PollStatus, Reachability, SeedFailure,
} from '../../core/ports/networks.js';
import type { Caller } from '../../core/caller.js';
import type { ServiceDeps } from '../deps.js';
import type { TilesOrder, ViewService, ViewTile } from '../views/index.js';

/** The order of a status answer's views list (the status call's `s`). */
type ViewsOrder = TilesOrder;

/** A device that fails its polls, as the status call names it. */
interface FailingDevice {
  readonly id: number;
  readonly name: string;
  readonly address: string;
  readonly failingSinceMs: number;
  readonly consecutiveFailures: number;
  readonly reason: string;
  readonly lastSuccessMs: number | null;
  /** `neverAnswered` (listed, polled, never answered SNMP) or `unreachable` (answered before). */
  readonly reachability: Reachability;
  readonly reasonKind: FailureKind | null;
  /** One line for people: `never answered: timeout: …` or `unreachable since <time>: …`. */
  readonly summary: string;
}

/** The status call's `polling`: the collector's poll figures and the devices failing now. */
interface PollingStatus extends PollStatus {
  /** Devices failing their polls now (each since its first failed poll, until it answers again). */
  readonly devicesFailing: number;
  /** The first STATUS_FAILING_LIMIT of them, by device id. */
  readonly failing: readonly FailingDevice[];
}

/** How many failing devices the status call names (`devicesFailing` counts them all). */
const STATUS_FAILING_LIMIT = 100;

/**
 * The healthcheck's verdict: the collector's Health and its summary, `status` the worst of its
 * components' (a component without one reads `ok` when healthy, else `failing`) and `reason` what
 * every component that is not `ok` says, '' when all are.
 */
interface HealthSummary extends Health {
  readonly status: HealthStatus;
  readonly reason: string;
}

const RANK: Record<HealthStatus, number> = { ok: 0, degraded: 1, failing: 2 };
const statusOf = (c: ComponentHealth): HealthStatus => c.status ?? (c.healthy ? 'ok' : 'failing');

/** `health` with its summary (see HealthSummary). */
export function summarizeHealth(health: Health): HealthSummary {
  let status: HealthStatus = 'ok';
  const reasons: string[] = [];
  for (const [name, c] of Object.entries(health.components)) {
    const st = statusOf(c);
    if (RANK[st] > RANK[status]) status = st;
    if (st !== 'ok') reasons.push(`${name} ${st}: ${c.detail}`);
  }
  return { ...health, status, reason: reasons.join('; ') };
}

/**
 * GET /v2/ui/net/:id/status — the spec leaves the payload open (†); this shape is the project's.
 * `views` are the tiles of the views the caller sees (services/views/views.ts `tiles`) in `viewsOrder`,
 * which echoes the requested order.
 */
interface NetworkStatus {
  readonly network: NetworkSummary;
  readonly latestDiscovery: DiscoveryStatus['latest'];
  readonly ongoingDiscovery: DiscoveryStatus['running'];
  readonly generations: number;
  /** The seeds that did not answer the latest full discovery run, with why. */
  readonly failingSeeds: readonly SeedFailure[];
  readonly polling: PollingStatus;
  readonly views: readonly ViewTile[];
  readonly viewsOrder: ViewsOrder;
}

/** A network's figures for the internal metrics call. */
interface NetworkMetrics {
  readonly id: number;
  readonly name: string;
  readonly poll: PollStatus;
  readonly discovery: {
    readonly generations: number;
    readonly latestGeneration: number | null;
    readonly latestCompletedAtMs: number | null;
    readonly runningGeneration: number | null;
  };
}

function failingDevice(d: DevicePollState): FailingDevice {
  return {
    id: d.deviceId, name: d.name, address: d.address, failingSinceMs: d.failingSinceMs!, consecutiveFailures: d.consecutiveFailures,
    reason: d.reason, lastSuccessMs: d.lastSuccessMs,
    reachability: d.reachability ?? 'unreachable', reasonKind: d.reasonKind ?? null, summary: d.summary ?? d.reason,
  };
}

/** Networks, their status and the collector's health. */
export class NetworkService {
  constructor(private readonly deps: ServiceDeps, private readonly views: ViewService) {}

  /** Every configured network, by id. */
  list(): readonly NetworkSummary[] { return this.deps.collector.networks.list(); }

  /** The network, or AppError UNKNOWN_NETWORK (404). */
  need(netId: number): NetworkSummary {
    const net = this.deps.collector.networks.get(netId);
    if (!net) throw new AppError('UNKNOWN_NETWORK', `unknown network ${netId}`);
    return net;
  }

  /** The status of a network (found with `need`) as `caller` sees it (its view tiles). */
  status(net: NetworkSummary, viewsOrder: ViewsOrder, caller: Caller): NetworkStatus {
    const ports = this.deps.collector.networks;
    const d = ports.discoveryStatus(net.id);
    return {
      network: {
        id: net.id, name: net.name, pollIntervalMs: net.pollIntervalMs, discoveryIntervalMs: net.discoveryIntervalMs,
        seeds: net.seeds, ranges: net.ranges,
      },
      latestDiscovery: d.latest,
      ongoingDiscovery: d.running,
      generations: d.generations,
      failingSeeds: d.failingSeeds ?? [],
      polling: this.polling(net.id),
      views: this.views.tiles(net.id, caller, viewsOrder),
      viewsOrder,
    };
  }

  /** The network's poll figures and its failing devices (bounded by STATUS_FAILING_LIMIT). */
  private polling(netId: number): PollingStatus {
    const ports = this.deps.collector.networks;
    const failing = ports.deviceStates(netId).filter((d) => d.failing);
    return {
      ...ports.pollStatus(netId),
      devicesFailing: failing.length,
      failing: failing.slice(0, STATUS_FAILING_LIMIT).map(failingDevice),
    };
  }

  /**
   * The poll state of every device of the network's current generation (found with `need`), by
   * device id; kept while the collector gives the same array (it makes a new one when a state changes).
   */
  deviceStates(netId: number): ReadonlyMap<number, DevicePollState> {
    const states = this.deps.collector.networks.deviceStates(netId);
    let byId = this.statesById.get(states);
    if (!byId) this.statesById.set(states, byId = new Map(states.map((d) => [d.deviceId, d])));
    return byId;
  }
  private readonly statesById = new WeakMap<readonly DevicePollState[], ReadonlyMap<number, DevicePollState>>();

  metrics(): NetworkMetrics[] {
    const ports = this.deps.collector.networks;
    return ports.list().map((n) => {
      const d = ports.discoveryStatus(n.id);
      return {
        id: n.id,
        name: n.name,
        poll: ports.pollStatus(n.id),
        discovery: {
          generations: d.generations,
          latestGeneration: d.latest ? d.latest.number : null,
          latestCompletedAtMs: d.latest ? d.latest.completedAtMs : null,
          runningGeneration: d.running ? d.running.number : null,
        },
      };
    });
  }

  /** The collector's health and its summary (status and reason). */
  health(): HealthSummary { return summarizeHealth(this.deps.collector.networks.health()); }
}
