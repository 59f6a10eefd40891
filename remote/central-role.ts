/**
 * `mode: central` (docs/scale-out.md): the server neither discovers nor polls; its networks are fed
 * by collectors. A durable consumer of the hub's stream (which sources every site's stream, or the
 * one stream the collectors publish to when they share the central's NATS server) hands it the
 * collectors' inventories — their devices become the central's, under its own ids — and their
 * grid steps, written into its store under its own slots (central-ingest.ts). Each grid step written
 * is announced, so alert rules, derived variables and everything else act as they do on a polled
 * one. app.ts loads this file only in that mode.
 */
import type { Logger } from '../core/logger.js';
import type { ComponentHealth, RemoteStatus } from '../core/ports/networks.js';
import type { RemoteConfig } from '../core/config-remote.js';
import type { MetaStore } from '../store/meta/meta.js';
import type { SeriesStore } from '../store/series/series.js';
import { connectJetStream } from './nats-jetstream.js';
import { CentralIngest, type SlotTarget } from './central-ingest.js';
import type { TakenInventory } from './inventory-assembly.js';
import type { StatesMessage } from './states-codec.js';
import type { BatchTransport } from '../core/ports/transport.js';
import type { VariableCatalog } from '../core/ports/catalog.js';
import { SkewSeries } from './skew-series.js';
import { CONFIG_BUCKET, ConfigPublisher } from './config-distribution.js';
import type { DistributedConfig } from '../core/config-distributed.js';

export interface CentralRoleOptions {
  readonly remote: RemoteConfig;
  readonly meta: MetaStore;
  readonly series: Pick<SeriesStore, 'appendStep' | 'flush'>;
  /** The central's slot of each key of a collector's definitions (collector/reported-devices.ts). */
  readonly resolve: (networkId: number, keys: readonly string[]) => SlotTarget[];
  /** A collector's inventory of a network: its devices become the network's (resolves once they are planned). */
  readonly takeInventory: (inv: TakenInventory) => Promise<void>;
  /** A collector's poll states of a network (its failing devices). A network this central does not have throws UNKNOWN_NETWORK. */
  readonly takeStates: (m: StatesMessage) => void;
  /** A grid step of a network is written (announced once a newer one comes, or STEP_SETTLE_MS after its last batch). */
  readonly onStep: (networkId: number, gridTsMs: number, points: number) => void;
  /** Where the collectors' clock skew is recorded (variable collectorClockSkew, skew-series.ts). */
  readonly catalog: Pick<VariableCatalog, 'define' | 'allocate'>;
  readonly nowMs: () => number;
  readonly logger: Logger;
}

export interface CentralRole {
  /** Puts the distributed part of the configuration for the collectors (at start and after each reload; config-distribution.ts). */
  publishConfig(part: DistributedConfig): void;
  status(): RemoteStatus;
  /** The collector whose batches last wrote our slot (null: none yet): which collector polls its device. */
  sentBy(slot: number): string | null;
  /** The healthcheck's `remote` component: the connection, batches waiting, collectors whose clock is off. */
  health(): ComponentHealth;
  close(): Promise<void>;
}

/** A grid step is announced this long after the last batch that carried points of it (its other batches come within the collectors' linger). */
const STEP_SETTLE_MS = 500;
/** A collector whose clock is this far from the engine's is named in the health (points more than 60 s ahead are not written). */
const SKEW_WARN_MS = 10_000;

export async function startCentralRole(opts: CentralRoleOptions): Promise<CentralRole> {
  const r = opts.remote;
  const transport = await connectJetStream({
    servers: r.servers, name: `netmon-central-${r.durable}`, publishTimeoutMs: r.publishTimeoutMs, logger: opts.logger,
    ...(r.user !== null ? { user: r.user, pass: r.password ?? '' } : {}),
  });
  try {
    await ensureCentralStream(transport, r, opts.logger);
  } catch (e) {
    await transport.close();
    throw e;
  }
  // The configuration for the collectors: a bucket without an age limit (its one value stays).
  const configs = await transport.kv({ name: CONFIG_BUCKET, maxAgeMs: 0 }).then(
    (bucket) => new ConfigPublisher(bucket, opts.logger),
    (e: Error) => { opts.logger.error('the collectors\' configuration bucket is not made: no configuration is distributed', { bucket: CONFIG_BUCKET, error: e.message }); return null; },
  );
  const steps = new StepAnnouncer(opts.onStep);
  const skew = new SkewSeries({ catalog: opts.catalog, series: opts.series, meta: opts.meta, logger: opts.logger });
  const ingest = new CentralIngest({
    transport, meta: opts.meta, series: opts.series, nowMs: opts.nowMs, logger: opts.logger,
    consumer: { stream: r.stream, durable: r.durable, ackWaitMs: 30_000, maxAckPending: 2_000 },
    resolver: { resolve: async (networkId, keys) => opts.resolve(networkId, keys) },
    onWritten: (networkId, gridTsMs, points) => steps.written(networkId, gridTsMs, points),
    onBatchWritten: (collector, networkId, newestGridMs, skewMs) => skew.note(networkId, collector, newestGridMs, skewMs),
    onStates: (m) => {
      try {
        opts.takeStates(m);
      } catch (e) {
        if (!unknownNetwork(e)) throw e;
      }
    },
    onInventory: async (inv) => {
      try {
        await opts.takeInventory(inv);
        opts.logger.info('inventory taken from a collector', { collector: inv.collector, network: inv.networkId, devices: inv.devices.length });
      } catch (e) {
        // A network this central does not have would never be taken: acknowledged, said once per inventory.
        if (!unknownNetwork(e)) throw e;
        opts.logger.warn('a collector reports devices of a network this central does not have: skipped', { collector: inv.collector, network: inv.networkId });
      }
    },
  });
  ingest.start();
  opts.logger.info('central: consuming the collectors\' stream', { servers: r.servers.join(','), stream: r.stream, durable: r.durable, sites: r.sites.join(',') });

  const status = (): RemoteStatus => {
    const st = ingest.status();
    return {
      connected: transport.connected(), points: st.points, batches: st.batches, bufferedPoints: 0, droppedPoints: 0, retries: 0, duplicates: 0,
      central: {
        held: st.held, unmapped: st.unmapped, future: st.future, malformed: st.malformed, inventories: st.inventories,
        collectors: st.collectors.map((c) => ({ ...c, newestGridMs: Number.isFinite(c.newestGridMs) ? c.newestGridMs : 0 })),
      },
    };
  };
  return {
    status,
    sentBy: (slot) => ingest.sentByOf(slot),
    publishConfig: (part) => configs?.publish(part),
    health() {
      const st = ingest.status();
      const off = st.collectors.filter((c) => Math.abs(c.skewMs) >= SKEW_WARN_MS);
      const detail = [
        `${st.points} points in ${st.batches} batches from ${st.collectors.length} collectors; ${st.held} batches wait for an inventory`,
        ...off.map((c) => `collector ${c.collector}'s clock is ${Math.round(c.skewMs / 1000)}s ${c.skewMs > 0 ? 'ahead of' : 'behind'} the engine's`),
      ].join('; ');
      if (!transport.connected()) return { healthy: true, status: 'degraded', detail: `not connected to ${r.servers.join(', ')}: ${detail}` };
      return { healthy: true, status: off.length > 0 ? 'degraded' : 'ok', detail };
    },
    async close() {
      steps.close();
      await configs?.close();
      await ingest.stop();
      await transport.close();
    },
  };
}

/** A collector's message names a network this central does not have (AppError UNKNOWN_NETWORK): never taken, so acknowledged. */
const unknownNetwork = (e: unknown): boolean => (e as { code?: string }).code === 'UNKNOWN_NETWORK';

/**
 * The stream the central consumes: with `sites`, its own stream sourcing each site's stream
 * through the site's JetStream domain (created or brought to its sources); without, the stream the
 * collectors publish to on the same server, which they create: until it exists the ingest's
 * consumption fails and starts again (CentralIngest.consume).
 */
async function ensureCentralStream(transport: BatchTransport, r: RemoteConfig, logger: Logger): Promise<void> {
  if (r.sites.length === 0) return;
  await transport.ensureStream({
    name: r.stream, subjects: [], sources: r.sites.map((site) => ({ stream: r.siteStream, domain: site })),
    maxAgeMs: r.maxAgeMs, maxBytes: r.maxBytes, duplicateWindowMs: 120_000,
  });
  logger.info('central: the hub\'s stream sources the sites\' streams', { stream: r.stream, sites: r.sites.join(',') });
}

/**
 * Announces each network's grid steps once: a step is complete when a newer one of the network
 * comes (the collectors send steps in order), or STEP_SETTLE_MS after its last batch.
 */
class StepAnnouncer {
  private readonly open = new Map<number, { gridTsMs: number; points: number; timer: NodeJS.Timeout }>();

  constructor(private readonly announce: (networkId: number, gridTsMs: number, points: number) => void) {}

  written(networkId: number, gridTsMs: number, points: number): void {
    const o = this.open.get(networkId);
    if (o && o.gridTsMs === gridTsMs) {
      o.points += points;
      o.timer.refresh();
      return;
    }
    if (o && gridTsMs < o.gridTsMs) return; // an older step again (a batch that came again): announced already
    if (o) this.fire(networkId);
    const timer = setTimeout(() => this.fire(networkId), STEP_SETTLE_MS);
    timer.unref();
    this.open.set(networkId, { gridTsMs, points, timer });
  }

  close(): void {
    for (const id of [...this.open.keys()]) this.fire(id);
  }

  private fire(networkId: number): void {
    const o = this.open.get(networkId);
    if (!o) return;
    clearTimeout(o.timer);
    this.open.delete(networkId);
    this.announce(networkId, o.gridTsMs, o.points);
  }
}
