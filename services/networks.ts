import { AppError } from '../core/errors.js';
import type { DiscoveryStatus, Health, NetworkSummary, PollStatus } from '../core/ports/networks.js';
import type { Caller } from '../core/caller.js';
import type { ServiceDeps } from './deps.js';
import type { ViewTile } from './view-record.js';
import type { TilesOrder, ViewService } from './views.js';

/** The order of a status answer's views list (spec 4.1: `s`). */
export type ViewsOrder = TilesOrder;

/**
 * GET /v2/ui/net/:id/status — the spec leaves the payload open (†); this shape is the project's.
 * `views` are the tiles of the views the caller sees (services/views.ts `tiles`) in `viewsOrder`,
 * which echoes the requested order.
 */
export interface NetworkStatus {
  readonly network: NetworkSummary;
  readonly latestDiscovery: DiscoveryStatus['latest'];
  readonly ongoingDiscovery: DiscoveryStatus['running'];
  readonly generations: number;
  readonly polling: PollStatus;
  readonly views: readonly ViewTile[];
  readonly viewsOrder: ViewsOrder;
}

/** A network's figures for the internal metrics call. */
export interface NetworkMetrics {
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

/** Networks, their status and the collector's health. */
export class NetworkService {
  constructor(private readonly deps: ServiceDeps, private readonly views: ViewService) {}

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
      polling: ports.pollStatus(net.id),
      views: this.views.tiles(net.id, caller, viewsOrder),
      viewsOrder,
    };
  }

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

  health(): Health { return this.deps.collector.networks.health(); }
}
